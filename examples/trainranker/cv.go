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
	"github.com/argsearch/argsearch/pairing"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/semantic/use"
	"github.com/argsearch/argsearch/system"
	"github.com/argsearch/argsearch/topics"
)

// folds is the number of cross-validation folds.
const folds = 5

// crossValidate runs 5-fold leave-topics-out cross-validation of setting s
// on the 2022 sample and prints the table to stdout; with heldOut not "",
// it also writes the held-out run of the 2022 topics there.
func crossValidate(ctx context.Context, s setting, runsDir, heldOut string, workers int, stdout, stderr io.Writer) error {
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
	// The 2021 sample's topics are always answered held out, so that
	// every setting has a 2021 figure; with s.With2021 they also train.
	env21, tops21, q21, err := openArgumentTopics(ctx)
	if err != nil {
		return err
	}
	defer env21.Close()
	tcs21, err := candidates(ctx, env21, s, tops21)
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "trainranker: candidates of %d + %d topics in %s\n", len(tcs), len(tcs21), time.Since(began).Round(time.Second))
	useEnc, err := use.Load()
	if err != nil {
		return err
	}
	enc := &cachedEncoder{enc: useEnc}
	full, err := trainPredictor(ctx, env, tops, enc)
	if err != nil {
		return err
	}
	cv := &cvRun{s: s, env: env, env21: env21, tcs: tcs, tcs21: tcs21, q21: q21, enc: enc, workers: workers, stderr: stderr, began: began,
		learned: runfile.Run{}, learned21: runfile.Run{}}
	for f := range folds {
		if err := cv.fold(ctx, f); err != nil {
			return err
		}
	}
	if cv.mismatched > 0 {
		fmt.Fprintf(stderr, "trainranker: warning: %d held-out topics' top 5 differ from the Builder's on the cached candidates\n", cv.mismatched)
	}
	if cv.mismatched21 > 0 {
		fmt.Fprintf(stderr, "trainranker: warning: %d held-out 2021 topics' figure differs on the Builder's first %d pairs of the cached candidates\n", cv.mismatched21, argumentDepth)
	}
	if heldOut != "" {
		out := runfile.Run{}
		for q, lines := range cv.learned {
			out[q] = slices.Clone(lines)
			for i := range out[q] {
				out[q][i].Tag = "learned-cv"
			}
		}
		if err := runfile.WriteFile(heldOut, out, runfile.Touche2022()); err != nil {
			return err
		}
	}
	today, err := system.Run(ctx, env, setting{Encoder: "use", Rerank: true, Stages: "advanced"}.pipeline(start()), "advanced")
	if err != nil {
		return err
	}
	names, runs, err := withRuns(runsDir, []string{"learned (CV)", "advanced today"}, []runfile.Run{cv.learned, today})
	if err != nil {
		return err
	}
	today21, err := system.Run(ctx, env21, setting{Encoder: "use", Rerank: true, Stages: "advanced"}.pipeline(start()), "advanced")
	if err != nil {
		return err
	}
	qids := make([]string, len(tops))
	for i, t := range tops {
		qids[i] = t.ID
	}
	fmt.Fprintf(stdout, "5-fold CV on %s (%d topics) and %s (%d topics), setting %+v; %s\n", env.Name, len(tops), env21.Name, len(tops21), s, time.Since(began).Round(time.Second))
	if err := writeTable(ctx, stdout, full, qids, names, runs); err != nil {
		return err
	}
	return writeArgumentTable(stdout, q21, tops21, []string{"learned (CV)", "advanced today"}, []runfile.Run{cv.learned21, today21})
}

// withRuns returns names and runs with the runs of dir's *.txt files added,
// named by their files, in the order of their names; an empty dir adds
// none.
func withRuns(dir string, names []string, runs []runfile.Run) ([]string, []runfile.Run, error) {
	if dir == "" {
		return names, runs, nil
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil {
		return nil, nil, err
	}
	slices.Sort(files)
	for _, name := range files {
		r, err := runfile.ReadFile(name)
		if err != nil {
			return nil, nil, err
		}
		names, runs = append(names, strings.TrimSuffix(filepath.Base(name), ".txt")), append(runs, r)
	}
	return names, runs, nil
}

// A cvRun is a cross-validation in progress: the candidates of both
// samples, and the held-out runs the folds make.
type cvRun struct {
	s                        setting
	env, env21               *system.Env
	tcs, tcs21               []topicCands
	q21                      *eval.Qrels
	enc                      *cachedEncoder
	workers                  int
	stderr                   io.Writer
	began                    time.Time
	learned, learned21       runfile.Run
	mismatched, mismatched21 int // held-out topics whose cached figures differ from the run's
}

// fold trains the predictor and the weights on every topic but fold f's,
// and answers fold f's topics of both samples with them.
func (cv *cvRun) fold(ctx context.Context, f int) error {
	var train, test []topicCands
	var trainTops []topics.Topic
	for i, tc := range cv.tcs {
		if i%folds == f {
			test = append(test, tc)
		} else {
			train, trainTops = append(train, tc), append(trainTops, tc.topic)
		}
	}
	var args *argumentTopics
	var test21 []topicCands
	if cv.s.With2021 {
		args = &argumentTopics{qrels: cv.q21}
	}
	for i, tc := range cv.tcs21 {
		if i%folds == f {
			test21 = append(test21, tc)
		} else if args != nil {
			args.tcs = append(args.tcs, tc)
		}
	}
	m, err := trainPredictor(ctx, cv.env, trainTops, cv.enc)
	if err != nil {
		return err
	}
	w, best, err := learn(ctx, m, cv.s, train, args, cv.workers, func(cycle int, _ []float64, value float64) {
		fmt.Fprintf(cv.stderr, "trainranker: fold %d, cycle %d: %.4f\n", f+1, cycle, value)
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(cv.stderr, "trainranker: fold %d: training %.4f: %s (%s)\n", f+1, best, describe(w), time.Since(cv.began).Round(time.Second))
	if err := cv.heldOut(ctx, w, test); err != nil {
		return err
	}
	return cv.heldOut21(ctx, w, test21)
}

// heldOut answers the held-out 2022 topics test with weights w, and checks
// that each one's top 5 is the Builder's on its cached candidates, which
// training scored.
func (cv *cvRun) heldOut(ctx context.Context, w pairing.Weights, test []topicCands) error {
	p := cv.s.pipeline(w)
	for _, tc := range test {
		lines, err := answer(ctx, p, cv.env, tc)
		if err != nil {
			return fmt.Errorf("topic %s: %w", tc.topic.ID, err)
		}
		cv.learned[tc.qid] = lines
		cached, err := top5(ctx, cv.s.builder(w), tc)
		if err != nil {
			return err
		}
		for i := range min(5, len(cached), len(lines)) {
			if cached[i].DocID != lines[i].DocID {
				cv.mismatched++
				break
			}
		}
	}
	return nil
}

// heldOut21 answers the held-out 2021 topics test with weights w, and
// checks that each one's figure on its first argumentDepth pairs, which
// training scored on the cached candidates, is the real run's.
func (cv *cvRun) heldOut21(ctx context.Context, w pairing.Weights, test []topicCands) error {
	p := cv.s.pipeline(w)
	for _, tc := range test {
		lines, err := answer(ctx, p, cv.env21, tc)
		if err != nil {
			return fmt.Errorf("2021 topic %s: %w", tc.topic.ID, err)
		}
		cv.learned21[tc.qid] = lines
		cached, err := topK(ctx, cv.s.builder(w), tc, argumentDepth)
		if err != nil {
			return err
		}
		onRun, _, err := argumentNDCG(cv.q21, runfile.Run{tc.qid: lines})
		if err != nil {
			return err
		}
		short, _, err := argumentNDCG(cv.q21, runfile.Run{tc.qid: cached})
		if err != nil {
			return err
		}
		if onRun[tc.qid] != short[tc.qid] {
			cv.mismatched21++
		}
	}
	return nil
}

// answer returns the lines p answers tc's topic with on env, tagged
// "learned".
func answer(ctx context.Context, p system.Pipeline, env *system.Env, tc topicCands) ([]runfile.Line, error) {
	results, err := p.Answer(ctx, env, tc.topic)
	if err != nil {
		return nil, err
	}
	lines := make([]runfile.Line, len(results))
	for i, r := range results {
		lines[i] = runfile.Line{QID: tc.qid, Stance: r.Stance, DocID: r.DocID, Rank: i + 1, Score: r.Score, Tag: "learned"}
	}
	return lines, nil
}

// writeArgumentTable prints each run's judged-only nDCG@5 on the 2021
// topics (argumentNDCG: pairs mapped to their first sentence's argument)
// with its 95% bootstrap interval and the paired t-test's p against the
// first run; then the per-topic values.
func writeArgumentTable(w io.Writer, q *eval.Qrels, tops []topics.Topic, names []string, runs []runfile.Run) error {
	var perTopic [][]float64
	for i, r := range runs {
		byTopic, _, err := argumentNDCG(q, r)
		if err != nil {
			return fmt.Errorf("%s: %w", names[i], err)
		}
		vs := make([]float64, len(tops))
		for j, t := range tops {
			v, ok := byTopic[t.ID]
			if !ok {
				return fmt.Errorf("%s: 2021 topic %s not evaluated", names[i], t.ID)
			}
			vs[j] = v
		}
		perTopic = append(perTopic, vs)
	}
	fmt.Fprintln(w, "\n| 2021 sample | judged-only nDCG@5, pairs first [95% CI] | p vs learned (t-test) |")
	fmt.Fprintln(w, "|---|---|---|")
	for i, vs := range perTopic {
		ci, err := eval.Bootstrap{}.CI(vs)
		if err != nil {
			return err
		}
		p := "—"
		if i > 0 {
			pv, err := eval.PairedTest{}.P(perTopic[0], vs)
			if err != nil {
				return err
			}
			p = fmt.Sprintf("%.4f", pv)
		}
		fmt.Fprintf(w, "| %s | %.4f [%.4f, %.4f] | %s |\n", names[i], ci.Mean, ci.Low, ci.High, p)
	}
	ids := make([]string, len(tops))
	for i, t := range tops {
		ids[i] = t.ID
	}
	fmt.Fprintln(w, "\n2021 per topic (system, then one value per topic in topic order "+strings.Join(ids, " ")+"):")
	for i, vs := range perTopic {
		var b strings.Builder
		for _, v := range vs {
			fmt.Fprintf(&b, "\t%.4f", v)
		}
		fmt.Fprintf(w, "relevance-2021\t%s%s\n", names[i], b.String())
	}
	return nil
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
