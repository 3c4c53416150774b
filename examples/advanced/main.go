// Command advanced is the best-known Touché 2022 recipe assembled from the
// library: two-stage retrieval, sentence filters, coherence-aware pairing
// with diversity, stance tagging and quality-aware ranking. Every component
// can be switched off by a flag, so each ablation is one command.
//
//	advanced [-i inputDir] [-o outputDir] [-k 1000] [-cache DIR|off] [-workers N] [-q]
//	         [-no-prf] [-no-fusion] [-no-length] [-no-noise] [-no-dedup] [-no-verb] [-no-arg]
//	         [-no-coherence] [-no-diversity] [-no-stance] [-no-quality] [-centrality] [-np-tags]
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
	fs := flag.NewFlagSet("advanced", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var f system.Flags
	f.Register(fs)
	c, err := parse(fs, args)
	if err != nil {
		return 2
	}
	if err := advanced(ctx, f, c, stdout, stderr); err != nil {
		fmt.Fprintln(stderr, "advanced:", err)
		return 1
	}
	return 0
}

// parse defines the pipeline's flags on fs and parses args.
func parse(fs *flag.FlagSet, args []string) (config, error) {
	c := config{}
	fs.IntVar(&c.K, "k", 1000, "pairs per topic")
	fs.StringVar(&c.Model, "model", string(lexical.ModelLuceneDirichlet), "argument stage model: lucene-dirichlet, dirichlet or bm25")
	fs.Float64Var(&c.Mu, "mu", 2000, "Dirichlet μ of the argument stage")
	fs.Float64Var(&c.Conclusion, "conclusion", 2, "weight of the conclusion field (premises and title weigh 1)")
	fs.Float64Var(&c.FusionWeight, "fusion-weight", 0.7, "weight of the argument stage in the fusion (the sentence stage gets the rest)")
	fs.IntVar(&c.Arguments, "arguments", 100, "arguments retrieved (their sentences are candidates)")
	fs.IntVar(&c.Sentences, "sentences", 1000, "sentences retrieved by the sentence stage")
	fs.IntVar(&c.Depth, "depth", 3000, "fused sentences filtered, at most")
	fs.Float64Var(&c.Threshold, "threshold", 0.5, "argumentativeness a sentence needs")
	fs.IntVar(&c.Pool, "pool", 100, "candidates paired")
	fs.BoolVar(&c.Centrality, "centrality", false, "weigh ArgsRank centrality into the pair score")
	fs.BoolVar(&c.NounPhrases, "np-tags", false, "find noun phrases for coherence by part-of-speech tags (slower)")
	off := map[string]*bool{}
	for _, name := range []string{"prf", "fusion", "length", "noise", "dedup", "verb", "arg", "coherence", "diversity", "stance", "quality"} {
		off[name] = fs.Bool("no-"+name, false, "switch off "+name)
	}
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	c.PRF, c.Fusion, c.Length, c.Noise = !*off["prf"], !*off["fusion"], !*off["length"], !*off["noise"]
	c.Dedup, c.Verb, c.Arg, c.Coherence = !*off["dedup"], !*off["verb"], !*off["arg"], !*off["coherence"]
	c.Diversity, c.Stance, c.Quality = !*off["diversity"], !*off["stance"], !*off["quality"]
	return c, nil
}

func advanced(ctx context.Context, f system.Flags, c config, stdout, stderr io.Writer) error {
	env, err := system.Open(ctx, f, lexical.Config{}, stderr)
	if err != nil {
		return err
	}
	defer env.Close()
	p, err := newPipeline(env, c)
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
