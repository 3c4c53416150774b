// Command trainranker learns the pair-scoring weights of system.Advanced,
// reproducibly: the same data and flags give a byte-identical weights file.
//
// Run it from the repository root:
//
//	go run ./examples/trainranker [-out system/ranker_weights.go] [-encoder glove|use|none] [-rerank=false]
//	        [-features NAME,...] [-stages advanced|advanced+pearl] [-grid coarse|fine|positive] [-with2021 [-weigh year|topic]] [-workers N]
//	go run ./examples/trainranker -cv [-runs DIR] [-run FILE] [flags]
//
// The ranker is pairing.Builder's pair score, a weighted mean of the pair's
// features (pairing.Weights): its sentences' retrieval score,
// argumentativeness, centrality, similarity to the topic's title, stance
// confidence, length, position in their argument and rank in the retrieved
// list, and the pair's coherence, whether its sentences share an argument
// and whether they are consecutive. The weights are learned by coordinate
// ascent (Metzler and Croft, 2007; internal/coordascent) from today's
// advanced weights, maximising the mean over relevance, quality and
// coherence of the predicted nDCG@5 (eval/unjudged: the official judgments,
// and labels predicted from them for the pairs they leave unjudged) on the
// embedded 2022 sample: the 25 odd-numbered Touché 2022 topics and their
// official judgments (Touché 2022, CC BY 4.0). With -with2021 the objective
// is the mean of that figure and of the judged-only nDCG@5 on the embedded
// 2021 sample (its 10 topics and the official Touché 2021 relevance
// judgments of arguments, CC BY 4.0; the run's pairs mapped to their first
// sentence's argument, eval.FirstSentence, as evaluate -year 2021 -pairs
// first scores), each year weighing a half (-weigh year) or each topic
// alike (-weigh topic). Each topic's candidates,
// with every feature, are computed once by the advanced pipeline (-encoder
// and -rerank choose its encoder and re-ranking); only the Builder runs for
// each weight vector.
//
// Without -cv it trains on all 25 topics and writes the weights as a Go
// file of package system (-out), the file Advanced reads: run with the
// default flags, it reproduces the shipped system/ranker_weights.go byte for
// byte. With -cv it runs 5-fold leave-topics-out cross-validation instead
// (each year's topics by number, topic i in fold i mod 5): per fold, the predictor is
// trained on the four training folds' judgments only and the weights on
// their topics, and the advanced pipeline with those weights answers the
// held-out topics. The held-out runs, put together, are scored with the
// predictor trained on all judgments (as the experiment command scores),
// and compared per dimension with today's advanced and with every run in
// -runs DIR (NAME.txt, as experiment -o writes them) by the paired t-test
// (uncorrected), with 95% bootstrap intervals. The 2021 sample's topics
// are answered held out in their folds as well (with -with2021 the
// training folds' 2021 topics also train), and their judged-only nDCG@5
// is printed beside today's advanced. Nothing is written but, with -run
// FILE, the held-out run of the 2022 topics, tagged "learned-cv": a run
// that no topic's own judgments trained, for evaluate, or for a
// system.Fusion whose member is a system.Func answering each topic from
// the run (as system's ExampleFusion answers from lists).
//
// A bad command line exits 2, a failure 1.
package main

import (
	"bytes"
	"context"
	"fmt"
	"go/format"
	"io"
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
const about = `Trainranker learns the pair-scoring weights of the advanced system (pairing.Weights: the pair's retrieval score, argumentativeness, centrality, coherence, similarity to the title, stance confidence, length, position, rank, same argument and adjacency) by coordinate ascent, maximising the mean predicted nDCG@5 (eval/unjudged) over relevance, quality and coherence on the embedded 2022 sample (25 topics, official Touché 2022 judgments, CC BY 4.0); with -with2021, averaged with the judged-only nDCG@5 on the embedded 2021 sample (10 topics, official Touché 2021 relevance judgments of arguments, pairs mapped to their first sentence's argument). Without -cv it trains on all 25 topics and writes the weights as a Go file (-out); run from the repository root with the default flags it reproduces system/ranker_weights.go byte for byte. With -cv it cross-validates instead (5 folds of topics, the predictor and the weights trained on the training folds only) and prints each dimension's held-out figure beside today's advanced and the runs of -runs DIR, and the held-out 2021 figure beside today's, with paired t-tests; nothing is written but, with -run FILE, the held-out run of the 2022 topics (tagged learned-cv), for evaluate or a fusion.`

// run runs the command with args (without the program name) and returns
// the exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	c := cli.New("trainranker", "trainranker [-out FILE] [-encoder glove|use|none] [-rerank=false] [-features NAME,...] [-stages advanced|advanced+pearl] [-grid coarse|fine|positive] [-with2021 [-weigh year|topic]] [-workers N]\ntrainranker -cv [-runs DIR] [-run FILE] [flags]", about, stdout, stderr)
	def := shipped()
	out := c.Flags.String("out", filepath.Join("system", "ranker_weights.go"), "the Go `file` to write the weights to")
	cv := c.Flags.Bool("cv", false, "cross-validate (5 folds of topics) instead of training on all topics; writes nothing")
	runs := c.Flags.String("runs", "", "with -cv: a `directory` of other systems' runs on the 2022 sample (NAME.txt) to compare with")
	heldOut := c.Flags.String("run", "", "with -cv: also write the held-out run of the 2022 sample's topics (each topic answered with its fold's weights) to `file`, for evaluate or a fusion")
	encoder := c.OneOf("encoder", []string{"glove", "use", "none"}, "the sentence vectors of the similarity feature: glove (averaged GloVe), use (Universal Sentence Encoder lite) or none")
	rerank := c.Flags.Bool("rerank", def.Rerank, "re-rank the candidates by similarity to the title before pairing (Rerank.Similarity)")
	features := c.Flags.String("features", strings.Join(def.Features, ","), "comma-separated `names` of the weights learned; the others keep today's advanced value")
	stages := c.OneOf("stages", []string{"advanced", "advanced+pearl"}, "the retrieval stages: advanced (today's) or advanced+pearl (with the pearl recipe's two, fused half and half)")
	grid := c.OneOf("grid", []string{"coarse", "fine", "positive"}, "the values tried for each weight: coarse (-0.5, -0.25, 0, 0.25, 0.5, 1), fine (13 signed values from 0.02 to 1) or positive (0, 0.25, 0.5, 1: no feature may count against a pair)")
	with2021 := c.Flags.Bool("with2021", def.With2021, "add the embedded 2021 sample's 10 topics to the objective, scored by their official relevance judgments (judged-only nDCG@5 of the pairs mapped to their first sentence's argument), the two years weighing a half each")
	weigh := c.OneOf("weigh", []string{"year", "topic"}, "with -with2021: how the years' figures combine: year (a half each) or topic (each topic alike, 25 against 10)")
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
		args = &argumentTopics{tcs: tcs21, qrels: q21}
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
	src, err := weightsFile(s, w)
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

// weightsFile returns the Go source of the weights file: w as the function
// rankerWeights of package system, with what it was trained on.
func weightsFile(s setting, w pairing.Weights) ([]byte, error) {
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
	return format.Source(b.Bytes())
}
