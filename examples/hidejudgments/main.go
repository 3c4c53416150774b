// Command hidejudgments measures which Touché 2022 figure can be trusted
// when judgments are missing: it hides the judgments of a random part of
// the judged sentences, recomputes every figure of every system, and says
// how far each figure's order of the systems, its significance tests and
// its response to the candidate pool hold.
//
//	hidejudgments [-reps 10] [-fractions 0.1,0.25,0.5] [-seed 1] [-encoder use|glove] [-runs DIR] [-workers N] [-quiet]
//
// It runs, once each, the shipped systems and recipes (system.Baseline,
// system.Swordsman, system.Advanced, system.Recipes) and advanced with a
// Pool of 20, 50 and 200 candidates (advanced's own is 100) on the
// embedded 2022 sample (sample.Touche2022), and scores them with the
// official 2022 judgments of its 25 topics (eval.Official) in four ways:
// plain nDCG@5, judged-only nDCG@5, the estimate (eval.Estimate, as
// package experiment uses it) and nDCG@5 over predicted labels (package
// eval/unjudged, its sentence vectors from -encoder: use, the Universal
// Sentence Encoder lite, by default, or glove, averaged GloVe word
// vectors). Then, -reps times (10 by default)
// for each of -fractions (comma-separated shares, each between 0 and 1
// exclusive; 0.1,0.25,0.5 by default), it hides every judged pair that
// touches a random share of each topic's judged sentences and scores the
// same runs again, the estimate and the predictor learning from what is
// left. -seed seeds the draws of hidden sentences (1 by default).
//
// It prints markdown tables: per figure and dimension, Kendall's τ between
// the systems' order under all and under the reduced judgments (mean and
// standard deviation over repetitions), and the spread of advanced's
// figure over the four pools against its topic noise; the same τ within
// the systems of little (judged@5 below 0.1) and of much judged top 5; how
// often a paired
// t-test between two systems (p < 0.05) says under reduced judgments what
// it says under all, by the judged share of the two systems' top 5; and the
// Pearson correlation of predicted and true labels of the hidden pairs
// both of whose sentences were hidden, against the topic's mean label.
//
// The runs are made once and kept in memory; with -runs they are read from
// DIR/NAME.txt where there, and written there otherwise. -workers topics
// are answered at once (1 by default; the runs are the same for any
// value). Progress goes to stderr unless -quiet.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/eval/unjudged"
	"github.com/argsearch/argsearch/examples/internal/cli"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/semantic"
	"github.com/argsearch/argsearch/semantic/glove"
	"github.com/argsearch/argsearch/semantic/use"
	"github.com/argsearch/argsearch/system"
	"github.com/argsearch/argsearch/topics"
)

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
}

// pools are the candidate pools advanced is run with besides its own.
var pools = []int{20, 50, 200}

// config is what a simulation needs besides the runs.
type config struct {
	reps      int
	fractions []float64
	seed      uint64
	progress  func(format string, args ...any)
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	c := cli.New("hidejudgments", `hidejudgments [-reps 10] [-fractions 0.1,0.25,0.5] [-encoder use|glove] [-runs DIR] [flags]`,
		`Hidejudgments measures which Touché 2022 figure can be trusted when judgments are missing. It runs the shipped systems and recipes, and advanced with several candidate pools, on the embedded 2022 sample, and scores them with the official judgments in four ways: plain, judged-only, estimated and predicted nDCG@5. Then, -reps times for each of -fractions, it hides the judgments of a random share of each topic's judged sentences and scores the runs again. It prints markdown tables of how far each figure's order of the systems, its paired t-tests and its response to the pool hold. With -runs the runs are read from DIR/NAME.txt where there and written there otherwise.`,
		stdout, stderr)
	reps := c.Int("reps", 10, 1, 1000, "repetitions for each fraction")
	fractionList := c.Flags.String("fractions", "0.1,0.25,0.5", "comma-separated `shares` of each topic's judged sentences to hide, each in (0, 1)")
	seed := c.Int("seed", 1, 0, 1<<30, "`seed` of the draws of hidden sentences")
	encoder := c.OneOf("encoder", []string{"use", "glove"}, "sentence vectors of the predictor: USE lite or averaged GloVe")
	runsDir := c.Flags.String("runs", "", "`directory` the runs are read from (NAME.txt) where there, and written to otherwise")
	workers := c.Int("workers", 1, 1, 256, "topics answered at once (the runs are the same for any value)")
	quiet := c.Flags.Bool("quiet", false, "no progress on stderr")
	var fractions []float64
	c.Check(func() error {
		for _, f := range strings.Split(*fractionList, ",") {
			x, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
			if err != nil || !(x > 0 && x < 1) {
				return cli.Usagef("-fractions: %q is not a share in (0, 1)", f)
			}
			fractions = append(fractions, x)
		}
		return nil
	})
	return c.Run(args, func([]string) error {
		cfg := config{reps: *reps, fractions: fractions, seed: uint64(*seed), progress: func(string, ...any) {}}
		if !*quiet {
			start := time.Now()
			cfg.progress = func(format string, args ...any) {
				fmt.Fprintf(stderr, "hidejudgments: %5.0fs  %s\n", time.Since(start).Seconds(), fmt.Sprintf(format, args...))
			}
		}
		env, err := system.Open(ctx, system.Input{Workers: *workers})
		if err != nil {
			return err
		}
		defer env.Close()
		official, err := eval.Official(2022)
		if err != nil {
			return err
		}
		var ids []string
		for _, t := range env.Topics {
			ids = append(ids, t.ID)
		}
		j := official.Subset(ids)
		names, runs, err := makeRuns(ctx, env, *runsDir, cfg.progress)
		if err != nil {
			return err
		}
		var enc semantic.Encoder
		switch *encoder {
		case "glove":
			if enc, err = glove.Load(); err != nil {
				return err
			}
		default:
			if enc, err = use.Load(); err != nil {
				return err
			}
		}
		s := &simulation{config: cfg, judgments: j, store: env.Store, topics: env.Topics, encoder: &memo{enc: enc, vectors: map[string][]float32{}},
			names: names, runs: runs}
		res, err := s.run(ctx)
		if err != nil {
			return err
		}
		return res.write(stdout, s)
	})
}

// systems returns the systems the simulation compares, by name, in the
// order of its tables.
func systems() ([]string, map[string]system.System) {
	names := []string{"baseline", "swordsman", "advanced"}
	byName := map[string]system.System{"baseline": system.Baseline{}, "swordsman": system.Swordsman{}, "advanced": system.Advanced()}
	for _, r := range system.Recipes() {
		if _, ok := byName[r.Name]; ok {
			continue // the swordsman recipe is the swordsman system
		}
		names, byName[r.Name] = append(names, r.Name), r.System
	}
	for _, pool := range pools {
		p := system.Advanced()
		p.Pool = pool
		name := fmt.Sprintf("advanced-pool%d", pool)
		names, byName[name] = append(names, name), p
	}
	return names, byName
}

// makeRuns runs every system once, or reads its run from dir.
func makeRuns(ctx context.Context, env *system.Env, dir string, progress func(string, ...any)) ([]string, []runfile.Run, error) {
	names, byName := systems()
	runs := make([]runfile.Run, len(names))
	for i, name := range names {
		path := filepath.Join(dir, name+".txt")
		if dir != "" {
			r, err := runfile.ReadFile(path)
			if err == nil {
				runs[i] = r
				continue
			}
			if !errors.Is(err, os.ErrNotExist) {
				return nil, nil, err
			}
		}
		progress("running %s", name)
		r, err := system.Run(ctx, env, byName[name], name)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", name, err)
		}
		if dir != "" {
			rules := runfile.Touche2022()
			rules.MinResults, rules.Stances = 0, nil // a copy of what ran: baseline and swordsman write Q0
			if err := runfile.WriteFile(path, r, rules); err != nil {
				return nil, nil, err
			}
		}
		runs[i] = r
	}
	return names, runs, nil
}

// memo remembers an encoder's vectors, so that the predictor of every
// repetition encodes each sentence once.
type memo struct {
	enc     semantic.Encoder
	mu      sync.Mutex
	vectors map[string][]float32
}

// Encode implements semantic.Encoder.
func (m *memo) Encode(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	var missing []string
	var at []int
	m.mu.Lock()
	for i, t := range texts {
		if v, ok := m.vectors[t]; ok {
			out[i] = v
		} else {
			missing, at = append(missing, t), append(at, i)
		}
	}
	m.mu.Unlock()
	if len(missing) == 0 {
		return out, nil
	}
	vs, err := m.enc.Encode(ctx, missing)
	if err != nil {
		return nil, err
	}
	m.mu.Lock()
	for k, v := range vs {
		m.vectors[missing[k]], out[at[k]] = v, v
	}
	m.mu.Unlock()
	return out, nil
}

// The figures compared.
const (
	plain = iota
	judgedOnly
	estimated
	predicted
	numFigures
)

var figureNames = [numFigures]string{"plain nDCG@5", "judged-only nDCG@5", "estimated (eval.Estimate)", "predicted (eval/unjudged)"}

// scores are every system's figures on one dimension under one set of
// judgments.
type scores struct {
	mean     [numFigures][]float64            // by system
	perTopic [numFigures][]map[string]float64 // by system: topic → value
	judged   []float64                        // by system: judged@5
}

// simulation holds what is fixed across repetitions.
type simulation struct {
	config
	judgments *eval.Judgments
	store     *corpus.Store
	topics    []topics.Topic
	encoder   semantic.Encoder
	names     []string
	runs      []runfile.Run
}

// score computes every figure of every run on every dimension of j.
func (s *simulation) score(ctx context.Context, j *eval.Judgments) (map[eval.Dimension]*scores, *unjudged.Model, error) {
	model, err := unjudged.Train(ctx, j, s.store, s.topics, s.encoder)
	if err != nil {
		return nil, nil, err
	}
	ndcg, err := eval.ParseMeasure("nDCG@5")
	if err != nil {
		return nil, nil, err
	}
	out := map[eval.Dimension]*scores{}
	for _, d := range j.Dimensions() {
		q := j.Qrels(d)
		est := eval.NewEstimate(q)
		if d == eval.Coherence { // as package experiment does
			fitted, err := eval.FitEstimate(j, d)
			switch {
			case err == nil:
				est = fitted
			case !errors.Is(err, eval.ErrTooFewTopics):
				return nil, nil, err
			}
		}
		sc := &scores{}
		for _, r := range s.runs {
			for _, f := range []int{plain, judgedOnly} {
				e, err := eval.Evaluate(q, r, eval.Options{Measures: []eval.Measure{ndcg}, JudgedOnly: f == judgedOnly})
				if err != nil && !errors.Is(err, eval.ErrNothingJudged) {
					return nil, nil, err
				}
				values, err := e.PerTopic("nDCG@5")
				if err != nil {
					return nil, nil, err
				}
				topics := map[string]float64{}
				for i, ts := range e.Topics {
					topics[ts.Topic] = values[i]
				}
				sc.add(f, topics)
			}
			e, err := est.NDCG(r, 5, eval.Options{})
			if err != nil {
				return nil, nil, err
			}
			sc.add(estimated, perTopic(e))
			p, err := model.NDCG(ctx, r, 5, d, eval.Options{})
			if err != nil {
				return nil, nil, err
			}
			sc.add(predicted, perTopic(p))
			share, _, err := eval.Judged(q, r, 5, eval.Options{})
			if err != nil {
				return nil, nil, err
			}
			sc.judged = append(sc.judged, share)
		}
		out[d] = sc
	}
	return out, model, nil
}

// perTopic returns the per-topic values of an EstimatedNDCG by topic.
func perTopic(e *eval.EstimatedNDCG) map[string]float64 {
	m := map[string]float64{}
	for i, t := range e.Topics {
		m[t] = e.Values[i]
	}
	return m
}

// add appends a system's per-topic values of figure f, and their mean.
func (sc *scores) add(f int, topics map[string]float64) {
	var v []float64
	for _, x := range topics {
		v = append(v, x)
	}
	slices.Sort(v) // a fixed order of summation
	sc.mean[f] = append(sc.mean[f], meanOf(v))
	sc.perTopic[f] = append(sc.perTopic[f], topics)
}

// paired returns the values of two systems on the topics both have, in
// byte order of the topics.
func paired(a, b map[string]float64) (x, y []float64) {
	var ids []string
	for t := range a {
		if _, ok := b[t]; ok {
			ids = append(ids, t)
		}
	}
	slices.Sort(ids)
	for _, t := range ids {
		x, y = append(x, a[t]), append(y, b[t])
	}
	return x, y
}

// result is what a simulation found.
type result struct {
	dims []eval.Dimension
	full map[eval.Dimension]*scores
	// reduced holds, per fraction, each repetition's scores.
	reduced [][]map[eval.Dimension]*scores
	// model and mean hold, per fraction and dimension, the Pearson
	// correlation with the true labels of each repetition's predicted
	// labels and topic means over the hidden pairs both of whose
	// sentences were hidden; pairs counts those pairs.
	model, mean [][maxDims][]float64
	pairs       [][]int
}

// maxDims is the number of dimensions of the 2022 judgments.
const maxDims = 3

// run scores the runs under all judgments, then under reduced ones.
func (s *simulation) run(ctx context.Context) (*result, error) {
	res := &result{dims: s.judgments.Dimensions()}
	s.progress("scoring %d runs with all judgments", len(s.runs))
	full, _, err := s.score(ctx, s.judgments)
	if err != nil {
		return nil, err
	}
	res.full = full
	for fi, f := range s.fractions {
		res.reduced = append(res.reduced, nil)
		res.model, res.mean, res.pairs = append(res.model, [maxDims][]float64{}), append(res.mean, [maxDims][]float64{}), append(res.pairs, nil)
		for rep := range s.reps {
			s.progress("hiding %.0f%% of the judged sentences, repetition %d of %d", 100*f, rep+1, s.reps)
			reduced, hidden, err := hide(s.judgments, f, s.seed, uint64(rep))
			if err != nil {
				return nil, err
			}
			sc, model, err := s.score(ctx, reduced)
			if err != nil {
				return nil, err
			}
			res.reduced[fi] = append(res.reduced[fi], sc)
			n, err := s.correlate(ctx, res, fi, reduced, hidden, model)
			if err != nil {
				return nil, err
			}
			res.pairs[fi] = append(res.pairs[fi], n)
		}
	}
	return res, nil
}

// correlate adds the Pearson correlations of the predicted labels and of
// the topics' mean labels with the true labels, over the hidden pairs both
// of whose sentences were hidden and can be predicted, and returns their
// number.
func (s *simulation) correlate(ctx context.Context, res *result, fi int, reduced *eval.Judgments, hidden map[string]map[string]bool, model *unjudged.Model) (int, error) {
	n := 0
	for d, dim := range res.dims {
		q, kept := s.judgments.Qrels(dim), reduced.Qrels(dim)
		topicMean := map[string]float64{}
		count := map[string]int{}
		for jd := range kept.All() {
			if jd.Label >= 0 {
				topicMean[jd.Topic] += float64(jd.Label)
				count[jd.Topic]++
			}
		}
		var truth, pred, means []float64
		for jd := range q.All() {
			a, b, err := pairOf(jd.DocID)
			if err != nil {
				return 0, err
			}
			if !hidden[jd.Topic][a] || !hidden[jd.Topic][b] || jd.Label < 0 || count[jd.Topic] == 0 {
				continue
			}
			l, ok, err := model.Label(ctx, jd.Topic, jd.DocID, dim)
			if err != nil {
				return 0, err
			}
			if _, judged := kept.Label(jd.Topic, jd.DocID); !ok || judged {
				continue // not predicted
			}
			truth, pred = append(truth, float64(jd.Label)), append(pred, l)
			means = append(means, topicMean[jd.Topic]/float64(count[jd.Topic]))
		}
		res.model[fi][d] = append(res.model[fi][d], pearson(pred, truth))
		res.mean[fi][d] = append(res.mean[fi][d], pearson(means, truth))
		n = len(truth)
	}
	return n, nil
}
