package main

import (
	"bytes"
	"context"
	"fmt"
	"go/format"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/examples/internal/cli"
	"github.com/argsearch/argsearch/internal/outpath"
	"github.com/argsearch/argsearch/pairing"
	"github.com/argsearch/argsearch/semantic/use"
	"github.com/argsearch/argsearch/system"
	"github.com/argsearch/argsearch/topics"
)

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
}

// shipped is the setting of the shipped weights: the default flags.
func shipped() setting {
	return setting{Encoder: "glove", Rerank: true, Features: []string{"retrieval", "argumentativeness", "coherence", "similarity", "length"},
		Stages: "advanced", Grid: "coarse", Weigh: "year"}
}

// about is what -h says the command does.
const about = `Trainranker learns the pair-scoring weights of the advanced system (pairing.Weights) by coordinate ascent, maximising the mean predicted nDCG@5 (eval/unjudged) over relevance, quality and coherence on the embedded 2022 sample; with -with2021, averaged with the judged-only nDCG@5 on the embedded 2021 sample. Without -cv it trains on all 25 topics and writes the weights as a Go file (-out); run from the repository root with the default flags it reproduces system/ranker_weights.go byte for byte. With -cv it cross-validates instead (5 folds of topics) and prints the held-out figures beside today's advanced and the runs of -runs DIR, with paired t-tests; it writes nothing but, with -run FILE, the held-out run.`

// run runs the command with args (without the program name) and returns
// the exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	c := cli.New("trainranker", "trainranker [-out FILE] [-encoder glove|use|none] [-features NAME,...] [-with2021] [flags]\ntrainranker -cv [-runs DIR] [-run FILE] [flags]", about, stdout, stderr)
	def := shipped()
	out := c.Flags.String("out", filepath.Join("system", "ranker_weights.go"), "the Go `file` to write the weights to")
	cv := c.Flags.Bool("cv", false, "cross-validate (5 folds of topics) instead of training on all topics; writes nothing")
	runs := c.Flags.String("runs", "", "with -cv: a `directory` of other systems' runs on the 2022 sample (NAME.txt) to compare with")
	heldOut := c.Flags.String("run", "", "with -cv: also write the held-out run of the 2022 sample's topics to `file`")
	encoder := c.OneOf("encoder", []string{"glove", "use", "none"}, "the sentence vectors of the similarity feature")
	rerank := c.Flags.Bool("rerank", def.Rerank, "re-rank the candidates by similarity to the title before pairing")
	features := c.Flags.String("features", strings.Join(def.Features, ","), "comma-separated `names` of the weights learned; the others keep their value")
	stages := c.OneOf("stages", []string{"advanced", "advanced+pearl"}, "the retrieval stages: advanced's, or with the pearl recipe's two")
	grid := c.OneOf("grid", []string{"coarse", "fine", "positive"}, "the values tried for each weight")
	with2021 := c.Flags.Bool("with2021", def.With2021, "add the embedded 2021 sample's 10 topics to the objective (see -weigh)")
	weigh := c.OneOf("weigh", []string{"year", "topic"}, "with -with2021: how the years' figures combine")
	workers := c.Int("workers", 1, 1, 64, "topics paired at once while training (the weights do not depend on it)")
	c.Check(func() error {
		if *out == "" {
			return cli.Usagef("-out \"\", want a file")
		}
		if *runs != "" && !*cv {
			return cli.Usagef("-runs needs -cv")
		}
		if *heldOut != "" && !*cv {
			return cli.Usagef("-run needs -cv")
		}
		for _, f := range strings.Split(*features, ",") {
			if !slices.Contains(featureNames(), f) {
				return cli.Usagef("-features: unknown feature %q, want some of %s", f, strings.Join(featureNames(), ","))
			}
		}
		return nil
	})
	return c.Run(args, func([]string) error {
		s := setting{Encoder: *encoder, Rerank: *rerank, Features: strings.Split(*features, ","), Stages: *stages, Grid: *grid, With2021: *with2021, Weigh: *weigh}
		if s.Encoder == "none" {
			s.Features = slices.DeleteFunc(s.Features, func(f string) bool { return f == "similarity" })
		}
		if *cv {
			if *heldOut != "" {
				if err := outpath.File("-run", *heldOut); err != nil {
					return err
				}
			}
			return crossValidate(ctx, s, *runs, *heldOut, *workers, stdout, stderr)
		}
		if err := outpath.File("-out", *out); err != nil {
			return err
		}
		return trainAll(ctx, s, *out, *workers, stdout, stderr)
	})
}

// openSample opens the embedded 2022 sample and returns it with its topics
// by number.
func openSample(ctx context.Context) (*system.Env, []topics.Topic, error) {
	env, err := system.Open(ctx, system.Input{})
	if err != nil {
		return nil, nil, err
	}
	return env, byNumber(env.Topics), nil
}

// openArgumentTopics opens the embedded 2021 sample and returns it with
// its topics by number and the official 2021 relevance judgments.
func openArgumentTopics(ctx context.Context) (*system.Env, []topics.Topic, *eval.Qrels, error) {
	env, err := system.Open(ctx, system.Input{Sample: 2021})
	if err != nil {
		return nil, nil, nil, err
	}
	j, err := eval.Official(2021)
	if err != nil {
		env.Close()
		return nil, nil, nil, err
	}
	return env, byNumber(env.Topics), j.Qrels(eval.Relevance), nil
}

// byNumber returns tops sorted by topic number.
func byNumber(tops []topics.Topic) []topics.Topic {
	tops = slices.Clone(tops)
	slices.SortStableFunc(tops, func(a, b topics.Topic) int {
		x, _ := strconv.Atoi(a.ID)
		y, _ := strconv.Atoi(b.ID)
		return x - y
	})
	return tops
}

// trainAll trains the weights of s on every topic of the 2022 sample and
// writes them to out.
func trainAll(ctx context.Context, s setting, out string, workers int, stdout, stderr io.Writer) error {
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
	var args *argumentTopics
	if s.With2021 {
		env21, tops21, q21, err := openArgumentTopics(ctx)
		if err != nil {
			return err
		}
		defer env21.Close()
		tcs21, err := candidates(ctx, env21, s, tops21)
		if err != nil {
			return err
		}
		args = &argumentTopics{tcs: tcs21, qrels: q21, tops: tops21}
	}
	fmt.Fprintf(stderr, "trainranker: candidates of %d topics in %s\n", len(tcs), time.Since(began).Round(time.Second))
	enc, err := use.Load()
	if err != nil {
		return err
	}
	m, err := trainPredictor(ctx, env, tops, &cachedEncoder{enc: enc})
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "trainranker: predictor trained at %s\n", time.Since(began).Round(time.Second))
	w, best, err := learn(ctx, m, s, tcs, args, workers, func(cycle int, v []float64, value float64) {
		fmt.Fprintf(stderr, "trainranker: cycle %d: %.4f %v\n", cycle, value, v)
	})
	if err != nil {
		return err
	}
	training := map[string][]string{env.Judgments.Name: topicIDs(tops)}
	if s.With2021 {
		training["2021"] = topicIDs(args.tops)
	}
	src, err := weightsFile(s, w, training)
	if err != nil {
		return err
	}
	if err := os.WriteFile(out, src, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: %s\nmean predicted nDCG@5 on the training topics %.4f; %s\n", out, describe(w), best, time.Since(began).Round(time.Second))
	return nil
}

// describe lists the non-zero weights of w.
func describe(w pairing.Weights) string {
	var parts []string
	v := toVector(w)
	for i, name := range featureNames() {
		if v[i] != 0 {
			parts = append(parts, name+" "+strconv.FormatFloat(v[i], 'g', -1, 64))
		}
	}
	return strings.Join(parts, ", ")
}

// extraFlags returns the command line's flags for s.With2021 and s.Weigh,
// with a leading space, or "".
func extraFlags(s setting) string {
	switch {
	case !s.With2021:
		return ""
	case s.Weigh == "topic":
		return " -with2021 -weigh topic"
	}
	return " -with2021"
}

// topicIDs returns the ids of tops, in their order.
func topicIDs(tops []topics.Topic) []string {
	ids := make([]string, len(tops))
	for i, t := range tops {
		ids[i] = t.ID
	}
	return ids
}

// weightsFile returns the Go source of the weights file: w as the function
// rankerWeights of package system, with what it was trained on, and the
// judged topics it was trained on as the function rankerTraining
// (system.Pipeline.TrainedOn).
func weightsFile(s setting, w pairing.Weights, training map[string][]string) ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, `// Code generated by examples/trainranker; DO NOT EDIT.

package system

import "github.com/argsearch/argsearch/pairing"

// rankerWeights are Advanced's Builder weights, learned by
//
//	go run ./examples/trainranker -encoder %s -rerank=%t -features %s -stages %s -grid %s%s
//
`, s.Encoder, s.Rerank, strings.Join(s.Features, ","), s.Stages, s.Grid, extraFlags(s))
	if s.With2021 {
		b.WriteString(`// (coordinate ascent, maximising the mean of two halves: the mean
// predicted nDCG@5 over relevance, quality and coherence, eval/unjudged,
// on the embedded 2022 sample, and the judged-only nDCG@5 of the pairs
// mapped to their first sentence's argument on the embedded 2021 sample).
// Trained on the candidates of the 25 topics of the 2022 sample and the 10
// of the 2021 sample (args.me, CC BY 4.0), the official Touché 2022 Task 1
// relevance, quality and coherence judgments of the former and the
// official Touché 2021 Task 1 relevance judgments of the latter (Touché /
// Webis, https://touche.webis.de; Bondarenko et al., "Overview of Touché
// 2022: Argument Retrieval", CLEF 2022, and "Overview of Touché 2021:
// Argument Retrieval", CLEF 2021), licensed under the Creative Commons
// Attribution 4.0 International license (CC BY 4.0).
`)
	} else {
		b.WriteString(`// (coordinate ascent, maximising the mean predicted nDCG@5 over relevance,
// quality and coherence, eval/unjudged) on the embedded 2022 sample: the
// candidates of its 25 topics (args.me, CC BY 4.0) and the official
// Touché 2022 Task 1 relevance, quality and coherence judgments of those
// topics (Touché / Webis, https://touche.webis.de; Bondarenko et al.,
// "Overview of Touché 2022: Argument Retrieval", CLEF 2022), licensed under
// the Creative Commons Attribution 4.0 International license (CC BY 4.0).
`)
	}
	b.WriteString(`func rankerWeights() pairing.Weights {
	return pairing.Weights{
`)
	v := toVector(w)
	goNames := []string{"Retrieval", "Argumentativeness", "Centrality", "Coherence", "Similarity", "Stance",
		"Length", "Conclusion", "Lead", "Rank", "SameArgument", "Adjacent"}
	for i, name := range goNames {
		if v[i] != 0 {
			fmt.Fprintf(&b, "\t\t%s: %s,\n", name, strconv.FormatFloat(v[i], 'g', -1, 64))
		}
	}
	b.WriteString("\t}\n}\n")
	b.WriteString(`
// rankerTraining names the judged topics rankerWeights were learned from:
// Advanced's figures on them are in-sample (Pipeline.TrainedOn).
func rankerTraining() map[string][]string {
	return map[string][]string{
`)
	for _, name := range slices.Sorted(maps.Keys(training)) {
		quoted := make([]string, len(training[name]))
		for i, id := range training[name] {
			quoted[i] = strconv.Quote(id)
		}
		fmt.Fprintf(&b, "\t\t%s: {%s},\n", strconv.Quote(name), strings.Join(quoted, ", "))
	}
	b.WriteString("\t}\n}\n")
	return format.Source(b.Bytes())
}
