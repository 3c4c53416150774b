package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/semantic/use"
	"github.com/argsearch/argsearch/system"
	"github.com/argsearch/argsearch/topics"
)

// folds is the number of cross-validation folds.
const folds = 5

// crossValidate runs 5-fold leave-topics-out cross-validation of setting s
// on the 2022 sample and prints the table to stdout.
func crossValidate(ctx context.Context, s setting, runsDir string, workers int, stdout, stderr io.Writer) error {
	began := time.Now()
	env, tops, err := openSample(ctx)
	if err != nil {
		return err
	}
	defer env.Close()
	tcs, err := candidates(ctx, env, s, tops)
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "trainranker: candidates of %d topics in %s\n", len(tcs), time.Since(began).Round(time.Second))
	useEnc, err := use.Load()
	if err != nil {
		return err
	}
	enc := &cachedEncoder{enc: useEnc}
	full, err := trainPredictor(ctx, env, tops, enc)
	if err != nil {
		return err
	}
	learned := runfile.Run{}
	mismatched := 0
	for f := range folds {
		var train, test []topicCands
		var trainTops []topics.Topic
		for i, tc := range tcs {
			if i%folds == f {
				test = append(test, tc)
			} else {
				train, trainTops = append(train, tc), append(trainTops, tc.topic)
			}
		}
		m, err := trainPredictor(ctx, env, trainTops, enc)
		if err != nil {
			return err
		}
		w, best, err := learn(ctx, m, s, train, workers, func(cycle int, _ []float64, value float64) {
			fmt.Fprintf(stderr, "trainranker: fold %d, cycle %d: %.4f\n", f+1, cycle, value)
		})
		if err != nil {
			return err
		}
		fmt.Fprintf(stderr, "trainranker: fold %d: training %.4f: %s (%s)\n", f+1, best, describe(w), time.Since(began).Round(time.Second))
		p := s.pipeline(w)
		for _, tc := range test {
			results, err := p.Answer(ctx, env, tc.topic)
			if err != nil {
				return fmt.Errorf("topic %s: %w", tc.topic.ID, err)
			}
			lines := make([]runfile.Line, len(results))
			for i, r := range results {
				lines[i] = runfile.Line{QID: tc.qid, Stance: r.Stance, DocID: r.DocID, Rank: i + 1, Score: r.Score, Tag: "learned"}
			}
			learned[tc.qid] = lines
			// The pipeline's top 5 must be the Builder's on the cached
			// candidates, which training scored.
			cached, err := top5(ctx, s.builder(w), tc)
			if err != nil {
				return err
			}
			for i := range min(5, len(cached), len(lines)) {
				if cached[i].DocID != lines[i].DocID {
					mismatched++
					break
				}
			}
		}
	}
	if mismatched > 0 {
		fmt.Fprintf(stderr, "trainranker: warning: %d held-out topics' top 5 differ from the Builder's on the cached candidates\n", mismatched)
	}
	today, err := system.Run(ctx, env, setting{Encoder: "use", Rerank: true, Stages: "advanced"}.pipeline(start()), "advanced")
	if err != nil {
		return err
	}
	names := []string{"learned (CV)", "advanced today"}
	runs := []runfile.Run{learned, today}
	if runsDir != "" {
		files, err := filepath.Glob(filepath.Join(runsDir, "*.txt"))
		if err != nil {
			return err
		}
		slices.Sort(files)
		for _, name := range files {
			r, err := runfile.ReadFile(name)
			if err != nil {
				return err
			}
			names, runs = append(names, strings.TrimSuffix(filepath.Base(name), ".txt")), append(runs, r)
		}
	}
	qids := make([]string, len(tops))
	for i, t := range tops {
		qids[i] = t.ID
	}
	fmt.Fprintf(stdout, "5-fold CV on %s (%d topics), setting %+v; %s\n", env.Name, len(tops), s, time.Since(began).Round(time.Second))
	return writeTable(ctx, stdout, full, qids, names, runs)
}

// writeTable prints, per dimension, each run's predicted nDCG@5 with its
// 95% bootstrap interval and the paired t-test's p against the first run
// and against the best other run; then the per-topic values.
func writeTable(ctx context.Context, w io.Writer, m predictor, qids, names []string, runs []runfile.Run) error {
	perTopic := map[eval.Dimension][][]float64{}
	for _, d := range dimensions() {
		for i, r := range runs {
			e, err := m.NDCG(ctx, r, 5, d, eval.Options{})
			if err != nil {
				return fmt.Errorf("%s: %w", names[i], err)
			}
			byTopic := map[string]float64{}
			for j, t := range e.Topics {
				byTopic[t] = e.Values[j]
			}
			vs := make([]float64, len(qids))
			for j, q := range qids {
				v, ok := byTopic[q]
				if !ok {
					return fmt.Errorf("%s: topic %s not evaluated", names[i], q)
				}
				vs[j] = v
			}
			perTopic[d] = append(perTopic[d], vs)
		}
	}
	fmt.Fprintln(w, "\n| dimension | system | predicted nDCG@5 [95% CI] | p vs learned (t-test) |")
	fmt.Fprintln(w, "|---|---|---|---|")
	for _, d := range dimensions() {
		for i, vs := range perTopic[d] {
			ci, err := eval.Bootstrap{}.CI(vs)
			if err != nil {
				return err
			}
			p := "—"
			if i > 0 {
				pv, err := eval.PairedTest{}.P(perTopic[d][0], vs)
				if err != nil {
					return err
				}
				p = fmt.Sprintf("%.4f", pv)
			}
			fmt.Fprintf(w, "| %s | %s | %.4f [%.4f, %.4f] | %s |\n", d, names[i], ci.Mean, ci.Low, ci.High, p)
		}
	}
	fmt.Fprintln(w, "\nper topic (dimension, system, then one value per topic in topic order "+strings.Join(qids, " ")+"):")
	for _, d := range dimensions() {
		for i, vs := range perTopic[d] {
			var b strings.Builder
			for _, v := range vs {
				fmt.Fprintf(&b, "\t%.4f", v)
			}
			fmt.Fprintf(w, "%s\t%s%s\n", d, names[i], b.String())
		}
	}
	return nil
}
