package main

import (
	"bytes"
	"context"
	"fmt"
	"hash/fnv"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/examples/internal/cli"
	"github.com/argsearch/argsearch/internal/docid"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/topics"
)

// smallJudgments judges, in each of two topics, the pairs of ten sentences
// with their next one, on two dimensions.
func smallJudgments(t *testing.T) *eval.Judgments {
	t.Helper()
	var rel, qual []eval.Judgment
	for _, topic := range []string{"1", "3"} {
		for i := 1; i < 10; i++ {
			id := docid.Pair(fmt.Sprintf("A%s__PREMISE__%d", topic, i), fmt.Sprintf("A%s__PREMISE__%d", topic, i+1))
			rel = append(rel, eval.Judgment{Topic: topic, DocID: id, Label: i % 3})
			qual = append(qual, eval.Judgment{Topic: topic, DocID: id, Label: (i + 1) % 3})
		}
	}
	qr, err := eval.NewQrels(rel)
	if err != nil {
		t.Fatal(err)
	}
	qq, err := eval.NewQrels(qual)
	if err != nil {
		t.Fatal(err)
	}
	j, err := eval.NewJudgments("test", []eval.Dimension{eval.Relevance, eval.Quality}, []*eval.Qrels{qr, qq})
	if err != nil {
		t.Fatal(err)
	}
	return j
}

// TestHide checks that hiding removes exactly the pairs that touch a
// hidden sentence, hides the share asked of each topic's sentences, and
// draws the same sentences for the same seed and repetition.
func TestHide(t *testing.T) {
	j := smallJudgments(t)
	reduced, hidden, err := hide(j, 0.3, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, topic := range []string{"1", "3"} {
		if got := len(hidden[topic]); got != 3 { // 30% of 10 sentences
			t.Errorf("topic %s: %d sentences hidden, want 3", topic, got)
		}
	}
	for _, d := range j.Dimensions() {
		kept := 0
		for jd := range j.Qrels(d).All() {
			a, b, _ := docid.ParsePair(jd.DocID)
			touches := hidden[jd.Topic][a] || hidden[jd.Topic][b]
			label, ok := reduced.Qrels(d).Label(jd.Topic, jd.DocID)
			if ok == touches {
				t.Errorf("%s %s: kept %v, but it touches a hidden sentence: %v", d, jd.DocID, ok, touches)
			}
			if ok {
				kept++
				if label != jd.Label {
					t.Errorf("%s %s: label %d, want %d", d, jd.DocID, label, jd.Label)
				}
			}
		}
		if kept != reduced.Qrels(d).Len() {
			t.Errorf("%s: %d judgments left, %d of them the original's", d, reduced.Qrels(d).Len(), kept)
		}
	}
	_, again, err := hide(j, 0.3, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, other, err := hide(j, 0.3, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(again) != fmt.Sprint(hidden) {
		t.Errorf("the same seed hid %v, then %v", hidden, again)
	}
	if fmt.Sprint(other) == fmt.Sprint(hidden) {
		t.Errorf("repetitions 0 and 1 hid the same sentences: %v", hidden)
	}
}

// TestKendall checks τ-b on orders whose value is known.
func TestKendall(t *testing.T) {
	for _, tc := range []struct {
		a, b []float64
		want float64
	}{
		{[]float64{1, 2, 3, 4}, []float64{10, 20, 30, 40}, 1},
		{[]float64{1, 2, 3, 4}, []float64{4, 3, 2, 1}, -1},
		{[]float64{1, 2, 3, 4}, []float64{1, 3, 2, 4}, 4.0 / 6},
		// One tie in b: (5 - 0) / sqrt(6 * 5).
		{[]float64{1, 2, 3, 4}, []float64{1, 1, 3, 4}, 5 / math.Sqrt(30)},
	} {
		if got := kendall(tc.a, tc.b); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("kendall(%v, %v) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
	if got := kendall([]float64{1, 1}, []float64{1, 1}); !math.IsNaN(got) {
		t.Errorf("kendall of two constant scorings = %v, want NaN", got)
	}
}

// TestVerdict checks the three outcomes of a paired test.
func TestVerdict(t *testing.T) {
	a := []float64{0.5, 0.6, 0.7, 0.8, 0.9, 0.55, 0.65}
	b := []float64{0.1, 0.2, 0.1, 0.3, 0.2, 0.15, 0.25}
	if v := verdict(a, b); v != 1 {
		t.Errorf("verdict(better, worse) = %d, want 1", v)
	}
	if v := verdict(b, a); v != -1 {
		t.Errorf("verdict(worse, better) = %d, want -1", v)
	}
	c := []float64{0.5, 0.7, 0.6, 0.8, 0.9, 0.65, 0.55}
	if v := verdict(a, c); v != 0 {
		t.Errorf("verdict of two equal systems = %d, want 0", v)
	}
}

// TestBins checks that judged shares fall in the bin of their lower bound.
func TestBins(t *testing.T) {
	for _, tc := range []struct {
		x    float64
		want int
	}{{0, 0}, {0.04, 0}, {0.05, 1}, {0.1, 2}, {0.3, 5}, {0.49, 6}, {0.5, 7}, {1, 7}} {
		if got := binOf(tc.x); got != tc.want {
			t.Errorf("binOf(%v) = %d, want %d", tc.x, got, tc.want)
		}
	}
}

// TestCommandLine checks the usage errors, which name the flag, and -h.
func TestCommandLine(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-fractions", "0.25,1"}, "-fractions"},
		{[]string{"-fractions", "x"}, "-fractions"},
		{[]string{"-reps", "0"}, "-reps"},
		{[]string{"-encoder", "bert"}, "-encoder"},
		{[]string{"stray"}, "stray"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(context.Background(), tc.args, &stdout, &stderr); code != cli.ExitUsage {
			t.Errorf("%v: exit %d, want %d", tc.args, code, cli.ExitUsage)
		}
		if !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("%v: stderr %q does not name %s", tc.args, stderr.String(), tc.want)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"-h"}, &stdout, &stderr); code != cli.ExitOK || !strings.Contains(stdout.String(), "-fractions") {
		t.Errorf("-h: exit %d, stdout %q", code, stdout.String())
	}
}

// words is a toy encoder: each word adds a fixed pseudo-random direction.
type words struct{}

func (words) Encode(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, t := range texts {
		v := make([]float32, 16)
		for _, w := range strings.Fields(strings.ToLower(t)) {
			h := fnv.New64a()
			h.Write([]byte(w))
			x := h.Sum64()
			for k := range v {
				v[k] += float32(int(x>>k&1)*2 - 1)
			}
		}
		out[i] = v
	}
	return out, nil
}

// TestSimulation runs the whole simulation on a small case: two topics of
// 24 sentences, half on the topic and judged relevant, three runs that
// rank them differently. Under all judgments every figure orders the runs
// as it does; hiding lowers no run's judged share below what is left, and
// the predictor is scored on hidden pairs.
func TestSimulation(t *testing.T) {
	ctx := context.Background()
	var args []corpus.Argument
	var rel []eval.Judgment
	var tops []topics.Topic
	for _, topic := range []string{"1", "3"} {
		tops = append(tops, topics.Topic{ID: topic, Title: "Is nuclear energy good?"})
		for kind := range 2 {
			a := corpus.Argument{ID: fmt.Sprintf("T%s-K%d", topic, kind), Conclusion: "x"}
			for i := range 12 {
				text := fmt.Sprintf("nuclear energy is clean and cheap %d", i)
				if kind == 1 {
					text = fmt.Sprintf("thank you for this debate round %d", i)
				}
				a.Sentences = append(a.Sentences, corpus.Sentence{ID: fmt.Sprintf("%s__PREMISE__%d", a.ID, i+1), Text: text})
			}
			args = append(args, a)
			for i := 0; i+1 < 12; i += 2 {
				rel = append(rel, eval.Judgment{Topic: topic, DocID: docid.Pair(a.Sentences[i].ID, a.Sentences[i+1].ID), Label: 2 * (1 - kind)})
			}
		}
	}
	store, err := corpus.BuildStore(ctx, func(yield func(corpus.Argument, error) bool) {
		for _, a := range args {
			if !yield(a, nil) {
				return
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	q, err := eval.NewQrels(rel)
	if err != nil {
		t.Fatal(err)
	}
	j, err := eval.NewJudgments("small", []eval.Dimension{eval.Relevance}, []*eval.Qrels{q})
	if err != nil {
		t.Fatal(err)
	}
	// Run "good" ranks the judged on-topic pairs first, "bad" the judged
	// off-topic ones, "mixed" alternates; each lists its pairs 1…10.
	runs := map[string][]int{"good": {0}, "mixed": {0, 1}, "bad": {1}}
	var names []string
	var rs []runfile.Run
	for _, name := range []string{"good", "mixed", "bad"} {
		run := runfile.Run{}
		for _, topic := range []string{"1", "3"} {
			var lines []runfile.Line
			for r := range 6 {
				kind := runs[name][r%len(runs[name])]
				id := fmt.Sprintf("T%s-K%d__PREMISE__%%d", topic, kind)
				pair := docid.Pair(fmt.Sprintf(id, 2*(r/len(runs[name]))+1), fmt.Sprintf(id, 2*(r/len(runs[name]))+2))
				lines = append(lines, runfile.Line{QID: topic, DocID: pair, Rank: r + 1, Score: float64(10 - r), Tag: name})
			}
			run[topic] = lines
		}
		names, rs = append(names, name), append(rs, run)
	}
	s := &simulation{config: config{reps: 2, fractions: []float64{0.25}, seed: 3, progress: func(string, ...any) {}},
		judgments: j, store: store, topics: tops, encoder: words{}, names: names, runs: rs}
	res, err := s.run(ctx)
	if err != nil {
		t.Fatal(err)
	}
	full := res.full[eval.Relevance]
	for f := range numFigures {
		m := full.mean[f]
		if !(m[0] > m[1] && m[1] > m[2]) && f != judgedOnly {
			t.Errorf("%s under all judgments: %v, want good > mixed > bad", figureNames[f], m)
		}
	}
	if got := full.mean[plain][0]; math.Abs(got-1) > 1e-12 {
		t.Errorf("plain nDCG@5 of the run of judged relevant pairs = %v, want 1", got)
	}
	for _, rep := range res.reduced[0] {
		for i := range names {
			if rep[eval.Relevance].judged[i] > full.judged[i] {
				t.Errorf("%s: judged@5 %v after hiding, %v before", names[i], rep[eval.Relevance].judged[i], full.judged[i])
			}
		}
	}
	if len(res.pairs[0]) != 2 {
		t.Errorf("%d repetitions scored the predictor, want 2", len(res.pairs[0]))
	}
	var out strings.Builder
	if err := res.write(&out, s); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"### Stability of the systems' order", "| relevance | predicted (eval/unjudged) |", "### Agreement of significance"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, out.String())
		}
	}
	// The same simulation again gives the same report, byte for byte.
	again, err := s.run(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var out2 strings.Builder
	if err := again.write(&out2, s); err != nil {
		t.Fatal(err)
	}
	if out2.String() != out.String() {
		t.Errorf("a second simulation reports otherwise:\n%s\nthen\n%s", out.String(), out2.String())
	}
}

// TestRunsDir checks that -runs reads every system's run from DIR/NAME.txt
// when there, without running anything (the Env is nil here), and that a
// file that is not a run is an error.
func TestRunsDir(t *testing.T) {
	dir := t.TempDir()
	names, _ := systems()
	for i, name := range names {
		line := fmt.Sprintf("1 PRO a__PREMISE__1,a__PREMISE__%d 1 1.0 %s\n", i+2, name)
		if err := os.WriteFile(filepath.Join(dir, name+".txt"), []byte(line), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, runs, err := makeRuns(context.Background(), nil, dir, func(string, ...any) { t.Error("a system was run") })
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 16 || len(runs) != 16 {
		t.Fatalf("%d names and %d runs, want 16", len(got), len(runs))
	}
	for i, r := range runs {
		if want := fmt.Sprintf("a__PREMISE__1,a__PREMISE__%d", i+2); len(r["1"]) != 1 || r["1"][0].DocID != want {
			t.Errorf("%s: %v, want the one line of %s.txt", got[i], r, got[i])
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "korg.txt"), []byte("not a run\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := makeRuns(context.Background(), nil, dir, func(string, ...any) {}); err == nil {
		t.Error("korg.txt is not a run: no error")
	}
}
