// Command advanced is the best-known Touché 2022 recipe assembled from the
// library: two-stage retrieval, sentence filters, coherence-aware pairing
// with diversity, stance tagging and quality-aware ranking. Every component
// can be switched off by a flag, so each ablation is one command.
//
//	advanced [-i inputDir] [-o outputDir] [-k 1000] [-cache DIR|off] [-workers N] [-quiet]
//	         [-no-prf] [-no-fusion] [-no-length] [-no-noise] [-no-dedup] [-no-verb] [-no-arg]
//	         [-no-coherence] [-no-diversity] [-no-stance] [-no-quality] [-centrality] [-np-tags]
//	advanced -recipe NAME [-i inputDir] [-o outputDir] [-k 1000] [-cache DIR|off] [-workers N] [-quiet]
//	advanced -recipe list
//
// With -recipe it runs one of the best Touché 2022 systems instead, written
// as a configuration of library parts (recipes.go, side by side; recipe.go
// runs them): porthos, daario-naharis, bruce-banner, pearl and swordsman.
// -recipe list prints them, one line each; -recipe NAME prints the
// recipe's configuration to stderr before the run. Where the original used
// a neural model, the recipe names it and uses the library's closest part.
//
// With -i it reads the corpus and topics.xml from inputDir (TIRA's
// convention); without it, the embedded args.me sample with the ten 2021
// topics it was drawn for, and then also prints the run's nDCG@5 against
// the 2021 judgments. It writes outputDir/run.txt (without -o, ./run.txt).
// The index is cached under the user's cache directory.
//
// The steps, per topic (pipeline.go):
//
//  1. Retrieval. The argument stage retrieves 100 arguments with Dirichlet
//     LM as Lucene computes it (μ 2000; -model dirichlet for the textbook
//     formula, which scores the same way on args.me but cannot skip
//     documents and is several times slower with feedback), the conclusion
//     weighted twice the premises and the discussion title (-conclusion),
//     and RM3 pseudo-relevance feedback (-no-prf); their sentences inherit
//     the argument's score. The sentence stage retrieves 1000 sentences with
//     BM25. The two stages run at the same time, and their lists are fused
//     (CombSUM of min–max normalised scores, 0.7 for the argument stage,
//     -fusion-weight); -no-fusion keeps the argument stage alone.
//  2. Filters, in the fused order, cheapest first: a length window of 5 to
//     60 words (-no-length), debate noise (-no-noise), exact and normalised
//     duplicates (-no-dedup), the shipped argumentativeness model at 0.5
//     (-no-arg) and a verb by part-of-speech tags (-no-verb). The first
//     -pool (100) sentences kept are the candidates.
//  3. Stance (-no-stance): a sentence's stance is its argument's args.me
//     label mapped onto the topic (stance.ArgsMe) where the conclusion
//     reveals it, else the shipped stance model's. A pair's stance is
//     their common one; a pair left without PRO or CON takes the side the
//     model's probabilities favour over its two sentences.
//  4. Pairing (pairing.Builder): candidates are joined into pairs that
//     Coherence accepts (never opposite stances; similar, or sharing a
//     noun phrase: runs of content words, or with -np-tags noun phrases
//     from part-of-speech tags), and scored by retrieval (0.45),
//     argumentativeness (0.2) and coherence (0.25). Argumentativeness is
//     the quality proxy: Touché's assessors rated argumentative,
//     well-formed sentences as better quality, and the model that scores
//     it is the one the filter uses (-no-quality drops its weight).
//     -no-coherence drops the coherence weight and lets any two sentences
//     of compatible stance pair up; -centrality adds ArgsRank centrality
//     (0.1). The top five places share no argument, MMR-style
//     (-no-diversity).
//  5. Completion. Coherence rejects most pairs of sentences from different
//     arguments, so the candidates alone rarely give k pairs: the rest are
//     consecutive sentences (pairing.Adjacent) of the candidates'
//     arguments, then of the other retrieved arguments, in retrieval order,
//     ranked below every built pair.
//
// The run follows the Touché 2022 rules (100 to 1000 PRO or CON pairs per
// topic); with -no-stance the stances are "Q0", and for the sample there is
// no minimum of pairs.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/examples/internal/cli"
	"github.com/argsearch/argsearch/examples/internal/system"
	"github.com/argsearch/argsearch/retrieval/lexical"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/stance"
)

// config is the pipeline's configuration; its fields are the flags.
type config struct {
	K int

	// Retrieval.
	Model                        string
	Mu, Conclusion, FusionWeight float64
	Arguments, Sentences, Depth  int
	PRF, Fusion                  bool

	// Filters.
	Length, Noise, Dedup, Verb, Arg bool
	Threshold                       float64
	Pool                            int

	// Pairing and ranking.
	Coherence, Diversity, Stance, Quality, Centrality, NounPhrases bool
}

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	c := cli.New("advanced", `advanced [-i DIR] [-o DIR] [-k 1000] [-cache DIR|off] [-workers N] [-quiet] [-no-STEP ...] [flags]
advanced -recipe NAME|list [-i DIR] [-o DIR] [-k 1000] [-cache DIR|off] [-workers N] [-quiet]`,
		`Advanced is the best-known Touché 2022 recipe assembled from the library: an argument stage (Dirichlet LM with RM3 feedback) and a sentence stage (BM25) fused; length, noise, duplicate, argumentativeness and verb filters; coherence-aware pairing with diversity; stance from the args.me labels or the shipped model; quality-aware ranking. Each -no-STEP flag switches one step off, so each ablation is one command; "go doc github.com/argsearch/argsearch/examples/advanced" describes every step. -recipe runs a published Touché 2022 system (porthos, daario-naharis, bruce-banner, pearl, swordsman) as a configuration of library parts instead; "-recipe list" prints them.

`+system.About, stdout, stderr)
	var f system.Flags
	f.Register(c)
	shared := map[string]bool{"k": true, "recipe": true}
	c.Flags.VisitAll(func(fl *flag.Flag) { shared[fl.Name] = true })
	cfg := define(c)
	name := c.Flags.String("recipe", "", "run a published Touché 2022 system instead (`NAME`: porthos, daario-naharis, bruce-banner, pearl, swordsman; list: print them); only the input, output, -k and run flags apply")
	return c.Run(args, func([]string) error {
		if *name == "" {
			return advanced(ctx, f, *cfg, stdout, stderr)
		}
		if *name == "list" {
			for _, r := range recipes() {
				fmt.Fprintf(stdout, "%-15s %s\n", r.Name, r.Summary)
			}
			return nil
		}
		r, err := findRecipe(*name)
		if err != nil {
			return cli.Usagef("%v", err)
		}
		var pipeline []string
		c.Flags.Visit(func(fl *flag.Flag) {
			if !shared[fl.Name] {
				pipeline = append(pipeline, "-"+fl.Name)
			}
		})
		if len(pipeline) > 0 {
			return cli.Usagef("-recipe %s: %s configure advanced's own pipeline, not a recipe", r.Name, strings.Join(pipeline, ", "))
		}
		return cookRecipe(ctx, f, r, cfg.K, stdout, stderr)
	})
}

// cookRecipe runs a recipe over every topic.
func cookRecipe(ctx context.Context, f system.Flags, r recipe, k int, stdout, stderr io.Writer) error {
	models := startModels(r.Verb || r.NounChunks)
	env, err := system.OpenFor(ctx, f, func(store *corpus.Store) lexical.Config {
		r = r.forCorpus(store)
		return r.indexConfig()
	}, stderr)
	if err != nil {
		return err
	}
	defer env.Close()
	if !f.Quiet {
		fmt.Fprint(stderr, r)
	}
	c, err := newCook(env, r, k, models)
	if err != nil {
		return err
	}
	rules := runfile.Touche2022()
	if r.Pairs == PairsArgsRank { // as the swordsman command: "Q0" where args.me is silent
		rules.Stances = append(rules.Stances, stance.Unknown)
	}
	_, err = env.Run(ctx, system.Job{Name: r.Name, Rules: rules, Topic: c.answer}, stdout)
	return err
}

// define defines the pipeline's flags on c; the returned configuration
// holds their values once c has parsed its arguments.
func define(c *cli.Command) *config {
	cfg := &config{}
	c.IntVar(&cfg.K, "k", 1000, 1, 1000, "pairs per topic")
	c.OneOfVar(&cfg.Model, "model", []string{string(lexical.ModelLuceneDirichlet), string(lexical.ModelDirichlet), string(lexical.ModelBM25)}, "argument stage `model`")
	c.FloatVar(&cfg.Mu, "mu", 2000, 1, 1e9, "Dirichlet μ of the argument stage")
	c.FloatVar(&cfg.Conclusion, "conclusion", 2, 0, 100, "`weight` of the conclusion field in the argument stage (premises and title weigh 1)")
	c.FloatVar(&cfg.FusionWeight, "fusion-weight", 0.7, 0, 1, "`weight` of the argument stage in the fusion; the sentence stage gets the rest")
	c.IntVar(&cfg.Arguments, "arguments", 100, 1, 100000, "arguments the argument stage retrieves (their sentences are candidates)")
	c.IntVar(&cfg.Sentences, "sentences", 1000, 1, 1000000, "sentences the sentence stage retrieves")
	c.IntVar(&cfg.Depth, "depth", 3000, 1, 1000000, "fused sentences filtered, at most")
	c.FloatVar(&cfg.Threshold, "threshold", 0.5, 0, 1, "argumentativeness probability a sentence needs to pass the -arg filter")
	c.IntVar(&cfg.Pool, "pool", 100, 1, 100000, "candidates (sentences that pass the filters) paired")
	c.Flags.BoolVar(&cfg.Centrality, "centrality", false, "weigh ArgsRank centrality (0.1) into the pair score")
	c.Flags.BoolVar(&cfg.NounPhrases, "np-tags", false, "find the noun phrases coherence compares by part-of-speech tags (slower)")
	for _, s := range []struct {
		on   *bool
		name string
		what string
	}{
		{&cfg.PRF, "prf", "RM3 pseudo-relevance feedback in the argument stage"},
		{&cfg.Fusion, "fusion", "the sentence stage: the argument stage alone gives the candidates"},
		{&cfg.Length, "length", "the length filter (5 to 60 words)"},
		{&cfg.Noise, "noise", "the debate-noise filter"},
		{&cfg.Dedup, "dedup", "the exact and normalised duplicate filter"},
		{&cfg.Verb, "verb", "the filter that wants a verb (part-of-speech tags)"},
		{&cfg.Arg, "arg", "the argumentativeness filter (-threshold)"},
		{&cfg.Coherence, "coherence", "coherence: any two sentences of compatible stance pair up, and its weight is 0"},
		{&cfg.Diversity, "diversity", "diversity: the top five pairs may share an argument"},
		{&cfg.Stance, "stance", "stance tagging: every pair's stance is Q0"},
		{&cfg.Quality, "quality", "the argumentativeness weight in the pair score"},
	} {
		*s.on = true
		c.Flags.Var(off{s.on}, "no-"+s.name, "switch off "+s.what)
	}
	return cfg
}

// off is a boolean flag that, when given, turns a step off.
type off struct{ on *bool }

func (o off) String() string {
	if o.on == nil || *o.on {
		return "false"
	}
	return "true"
}

func (o off) Set(s string) error {
	v, err := strconv.ParseBool(s)
	if err != nil {
		return err
	}
	*o.on = !v
	return nil
}

func (off) IsBoolFlag() bool { return true }

func advanced(ctx context.Context, f system.Flags, c config, stdout, stderr io.Writer) error {
	models := startModels(c.Verb || c.NounPhrases)
	env, err := system.Open(ctx, f, lexical.Config{}, stderr)
	if err != nil {
		return err
	}
	defer env.Close()
	p, err := newPipeline(env, c, models)
	if err != nil {
		return err
	}
	rules := runfile.Touche2022()
	if !c.Stance {
		rules.Stances = []stance.Stance{stance.Unknown}
	}
	_, err = env.Run(ctx, system.Job{Name: "advanced", Rules: rules, Topic: p.answer}, stdout)
	return err
}
