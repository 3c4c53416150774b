package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var (
	referenceCases = flag.Int("treceval.cases", 300, "random cases TestAgainstTrecEval compares with the real trec_eval")
	referenceSeed  = flag.Uint64("treceval.seed", 1, "seed of TestAgainstTrecEval's random cases")
)

// trecEvalBinary returns the path of a trec_eval built from its source
// (https://github.com/usnistgov/trec_eval, "make"): $TREC_EVAL, or
// trec_eval on $PATH; "" if there is none.
func trecEvalBinary() string {
	if p := os.Getenv("TREC_EVAL"); p != "" {
		return p
	}
	p, err := exec.LookPath("trec_eval")
	if err != nil {
		return ""
	}
	return p
}

// TestAgainstTrecEval compares evaluate's trec_eval mode with the real
// trec_eval on random qrels, runs and options (-treceval.cases of them,
// from -treceval.seed): ties, duplicate documents, judged topics the run
// misses, topics nothing of which is judged, comment lines, text after the
// sixth field, -q, -c, -J, -M, -l, -Z and random measure parameters. The
// outputs must be equal byte for byte, and where trec_eval fails, evaluate
// must fail too (unless trec_eval crashes). It skips when no trec_eval binary is found ($TREC_EVAL or
// $PATH).
func TestAgainstTrecEval(t *testing.T) {
	bin := trecEvalBinary()
	if bin == "" {
		t.Skip("no trec_eval: set TREC_EVAL to a binary built from https://github.com/usnistgov/trec_eval")
	}
	dir := t.TempDir()
	agreed, failedBoth, crashed := 0, 0, 0
	for i := range *referenceCases {
		rng := rand.New(rand.NewPCG(*referenceSeed, uint64(i)))
		c := newReferenceCase(rng)
		qrels, runFile, zfile := filepath.Join(dir, "qrels"), filepath.Join(dir, "run"), filepath.Join(dir, "z")
		for name, text := range map[string]string{qrels: c.qrels, runFile: c.run, zfile: c.zscores} {
			if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		args := slices.Clone(c.args)
		if c.zscores != "" {
			args = append(args, "-Z", zfile)
		}
		args = append(args, qrels, runFile)
		want, refErr := exec.Command(bin, args...).Output()
		var got, stderr bytes.Buffer
		code := run(args, &got, &stderr)
		var exitErr *exec.ExitError
		switch {
		case refErr != nil && !errors.As(refErr, &exitErr):
			t.Fatalf("case %d: running %s: %v", i, bin, refErr)
		case refErr != nil && !exitErr.Exited():
			// trec_eval 10.0 crashes on some requests, such as dcg with
			// gains and ideal_dcg together (it frees their shared
			// parameters twice), before its output is flushed.
			crashed++
			continue
		case refErr != nil && code != 0:
			failedBoth++
			continue
		case refErr != nil:
			t.Errorf("case %d: trec_eval %s failed (%v), evaluate did not:\n%s", i, strings.Join(c.args, " "), refErr, c)
		case code != 0 && strings.Contains(stderr.String(), "judged twice"):
			// evaluate rejects a qrels file that judges a document twice
			// for a topic; trec_eval only when a measure looks at it.
			failedBoth++
			continue
		case code != 0:
			t.Errorf("case %d: evaluate %s failed (exit %d: %s), trec_eval did not:\n%s", i, strings.Join(c.args, " "), code, stderr.String(), c)
		case got.String() != string(want):
			t.Errorf("case %d: evaluate %s: output differs from trec_eval's (-trec_eval +evaluate):\n%s\n%s", i, strings.Join(c.args, " "),
				cmp.Diff(strings.Split(string(want), "\n"), strings.Split(got.String(), "\n")), c)
		default:
			agreed++
			continue
		}
		if t.Failed() {
			break
		}
	}
	t.Logf("%d cases: %d equal outputs, %d failed in both, %d crashed trec_eval", *referenceCases, agreed, failedBoth, crashed)
}

// referenceCase is one random comparison with trec_eval.
type referenceCase struct {
	qrels, run, zscores string
	args                []string
}

func (c referenceCase) String() string {
	return fmt.Sprintf("args %q\n--- qrels\n%s--- run\n%s--- zscores\n%s", c.args, c.qrels, c.run, c.zscores)
}

// newReferenceCase makes a random case of inputs that trec_eval reads
// with defined behaviour: every topic judges a document with a label of
// at least 0 (and, with -l, one of at least the level less 1: trec_eval
// reads past its counts otherwise), comment lines never follow each
// other nor end the qrels, and without -c the run answers every judged
// topic (trec_eval 10.0 then exits, where evaluate, as trec_eval 9, skips
// the topic).
func newReferenceCase(rng *rand.Rand) referenceCase {
	var c referenceCase
	complete := rng.IntN(2) == 0
	level := 1
	if rng.IntN(4) == 0 {
		level = 1 + rng.IntN(3)
	}
	if complete {
		c.args = append(c.args, "-c")
	}
	if level != 1 {
		c.args = append(c.args, "-l"+strconv.Itoa(level))
	}
	if rng.IntN(2) == 0 {
		c.args = append(c.args, "-q")
	}
	if rng.IntN(4) == 0 {
		c.args = append(c.args, "-J")
	}
	if rng.IntN(4) == 0 {
		c.args = append(c.args, "-M", strconv.Itoa(1+rng.IntN(15)))
	}
	c.args = append(c.args, randomMeasures(rng)...)

	docs := make([]string, 5+rng.IntN(40))
	for i := range docs {
		docs[i] = fmt.Sprintf("%c%d", "abAB#"[rng.IntN(5)], i*37%101) // distinct
		if i > 0 && docs[i][0] == '#' {
			docs[i] = "d" + docs[i]
		}
	}
	numTopics := 1 + rng.IntN(6)
	dupQrels, dupRun := rng.IntN(20) == 0, rng.IntN(20) == 0
	var q, r strings.Builder
	lastComment := true // no comment first: keeps the rule simple
	for topic := range numTopics {
		qid := strconv.Itoa(topic * 7 % 11)
		judged := rng.Perm(len(docs))[:1+rng.IntN(len(docs)-1)]
		for j, d := range judged {
			label := rng.IntN(6) - 2
			if j == 0 {
				label = max(0, level-1) + rng.IntN(2)
			}
			if !lastComment && rng.IntN(15) == 0 {
				q.WriteString("# a comment\n")
				lastComment = true
			} else {
				lastComment = false
			}
			fmt.Fprintf(&q, "%s 0 %s %d\n", qid, docs[d], label)
			if dupQrels && j == 1 { // judged twice
				fmt.Fprintf(&q, "%s 0 %s %d\n", qid, docs[d], label)
			}
		}
		if complete && rng.IntN(3) == 0 {
			continue // a judged topic the run misses
		}
		n := rng.IntN(len(docs))
		if n == 0 && !complete {
			n = 1
		}
		for k, d := range rng.Perm(len(docs))[:n] {
			score := strconv.Itoa(rng.IntN(5)) // ties
			if rng.IntN(3) == 0 {
				score = strconv.FormatFloat(rng.NormFloat64(), 'g', 4, 64)
			}
			if rng.IntN(10) == 0 {
				fmt.Fprintf(&r, "  # comment %d\n", k)
			}
			doc := docs[d]
			if dupRun && k == n-1 && k > 0 { // listed twice
				doc = docs[rng.Perm(len(docs))[0]]
			}
			fmt.Fprintf(&r, "%s\tQ0 %s %d %s tag%d", qid, doc, k, score, rng.IntN(2))
			if rng.IntN(8) == 0 {
				r.WriteString(" more text")
			}
			r.WriteString("\n")
		}
	}
	if rng.IntN(5) == 0 { // a topic of the run that is not judged
		fmt.Fprintf(&r, "99 Q0 %s 1 1.5 tag0\n", docs[0])
	}
	c.qrels = q.String()
	if strings.HasSuffix(c.qrels, "# a comment\n") || c.qrels == "" {
		c.qrels += "0 0 zz 1\n"
	}
	c.run = r.String()
	if c.run == "" {
		c.run = "0 Q0 zz 1 1 tag0\n"
	}
	if rng.IntN(8) == 0 {
		var z strings.Builder
		for qid := range 11 {
			for _, m := range []string{"map", "P_5", "num_ret", "ndcg_cut_10", "bpref", "gm_map", "infAP"} {
				if rng.IntN(3) > 0 {
					fmt.Fprintf(&z, "%d %s %.4f %.4f\n", qid, m, rng.Float64(), float64(rng.IntN(3))*rng.Float64())
				}
			}
		}
		c.zscores = z.String()
	}
	return c
}

// randomMeasures returns -m flags: none (trec_eval's default set),
// all_trec, or measures with random parameters.
func randomMeasures(rng *rand.Rand) []string {
	switch rng.IntN(4) {
	case 0:
		return nil
	case 1:
		return []string{"-m", "all_trec"}
	}
	cut := func() string {
		var ks []string
		for _, k := range rng.Perm(30)[:1+rng.IntN(4)] {
			ks = append(ks, strconv.Itoa(k+1))
		}
		return strings.Join(ks, ",")
	}
	frac := func() string {
		var fs []string
		for _, f := range rng.Perm(21)[:1+rng.IntN(4)] {
			fs = append(fs, strconv.FormatFloat(float64(f)/10, 'f', -1, 64))
		}
		return strings.Join(fs, ",")
	}
	gains := func() string {
		var gs []string
		for _, l := range rng.Perm(5)[:1+rng.IntN(3)] {
			gs = append(gs, fmt.Sprintf("%d=%g", l-1, float64(rng.IntN(20))/2-2))
		}
		return strings.Join(gs, ",")
	}
	all := []string{
		"map", "gm_map", "Rprec", "bpref", "recip_rank", "infAP", "gm_bpref", "binG", "yaap",
		"num_q", "num_ret", "num_rel", "num_rel_ret", "num_nonrel_judged_ret", "runid",
		"set_P", "set_recall", "set_relative_P", "set_map", "official", "set",
		"P." + cut(), "recall." + cut(), "ndcg_cut." + cut(), "map_cut." + cut(), "relative_P." + cut(),
		"success." + cut(), "unj." + cut(), "relstring." + strconv.Itoa(rng.IntN(25)),
		"iprec_at_recall." + frac(), "Rprec_mult." + frac(), "11pt_avg." + frac(),
		fmt.Sprintf("utility.%d,%d,%d,0", rng.IntN(5)-2, rng.IntN(5)-2, rng.IntN(5)-2),
		"set_F." + strconv.FormatFloat(rng.Float64()*3, 'f', 2, 64),
		"ndcg", "ndcg." + gains(), "ndcg_rel." + gains(), "Rndcg." + gains(), "G." + gains(),
		"rbp_resid", "rbp_resid.p=0." + strconv.Itoa(1+rng.IntN(9)),
		"dcg." + gains(), "ideal_dcg",
	}
	var args []string
	for _, i := range rng.Perm(len(all))[:1+rng.IntN(8)] {
		args = append(args, "-m", all[i])
	}
	return args
}
