package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"github.com/argsearch/argsearch/examples/internal/baselines"
	"github.com/argsearch/argsearch/examples/internal/cli"
	"github.com/argsearch/argsearch/filter"
	"github.com/argsearch/argsearch/nlp/pos"
	"github.com/argsearch/argsearch/pairing"
	"github.com/argsearch/argsearch/retrieval/lexical"
	"github.com/argsearch/argsearch/retrieval/rewrite"
	"github.com/argsearch/argsearch/semantic"
	"github.com/argsearch/argsearch/stance"
	"github.com/argsearch/argsearch/system"
)

func main() {
	// An interrupt cancels the work, so that the cache's writers remove
	// their temporary files before the command exits.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := runAs(ctx, filepath.Base(os.Args[0]), os.Args[1:], os.Stdout, os.Stderr)
	if ctx.Err() != nil {
		code = 130
	}
	stop()
	os.Exit(code)
}

// runAs runs the command the binary was called as: baseline or swordsman
// when name (its file's name, without directories) is theirs, else
// advanced. One binary then serves the three systems under three names, as
// the TIRA image's /bin/baseline and /bin/swordsman, links to
// /bin/advanced (Containerfile), use it: the image holds one copy of what
// the three link, not three.
func runAs(ctx context.Context, name string, args []string, stdout, stderr io.Writer) int {
	switch name {
	case "baseline":
		return baselines.Baseline(ctx, args, stdout, stderr)
	case "swordsman":
		return baselines.Swordsman(ctx, args, stdout, stderr)
	}
	return run(ctx, args, stdout, stderr)
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	c := cli.New("advanced", `advanced [-i DIR] [-o DIR] [-sample 2022|2021] [-k 1000] [-no-STEP ...] [flags]
advanced -recipe NAME|list [-i DIR] [-o DIR] [-sample 2022|2021] [-k 1000] [flags]
advanced -fuse NAME,NAME[,...] [-fuse-method rrf|combsum] [-fuse-weights W,...] [flags]`,
		`Advanced runs the library's strongest Touché 2022 system (system.Advanced): two retrieval stages fused, sentence filters, coherence-aware pairing with diversity, the pairs scored by weights learned on the 2022 sample's judgments, and stance. Each -no-STEP flag switches one step off, so each ablation is one command. -recipe runs a published Touché 2022 system instead ("-recipe list" prints them); -fuse fuses the rankings of several systems.

It reads the corpus and topics.xml from -i DIR (TIRA's convention) and writes run.txt to the -o directory; without -i it runs on an args.me sample embedded in the module (-sample) and scores the run against its official judgments. The index is cached (-cache). Progress goes to stderr (-quiet silences it).`, stdout, stderr)
	var f cli.SystemFlags
	f.Register(c, "advanced")
	fuse := defineFusion(c)
	shared := map[string]bool{"k": true, "recipe": true}
	c.Flags.VisitAll(func(fl *flag.Flag) { shared[fl.Name] = true })
	p, k := define(c)
	name := c.Flags.String("recipe", "", "run the published Touché 2022 system `NAME` instead (list: print their names)")
	c.Check(func() error { return fuse.check(c, *name, shared) })
	return c.Run(args, func([]string) error {
		if fuse.names != nil {
			f.K = *k
			name, s := fuse.system(*p)
			if !visited(c, "tag") { // a fusion's run is tagged with its systems' names, unless -tag says otherwise
				f.Tag = "argsearch-" + name
			}
			if !f.Quiet {
				fmt.Fprintf(stderr, "fusion %s\n", fuse)
			}
			return cli.Answer(ctx, name, f, s, stdout, stderr)
		}
		if *name == "" {
			f.K = *k
			return cli.Answer(ctx, "advanced", f, *p, stdout, stderr)
		}
		if *name == "list" {
			for _, r := range system.Recipes() {
				fmt.Fprintf(stdout, "%-15s %s\n", r.Name, r.Summary)
			}
			return nil
		}
		r, err := cli.Recipe(*name)
		if err != nil {
			return err
		}
		var pipeline []string
		tagged := false
		c.Flags.Visit(func(fl *flag.Flag) {
			tagged = tagged || fl.Name == "tag"
			if !shared[fl.Name] {
				pipeline = append(pipeline, "-"+fl.Name)
			}
		})
		if len(pipeline) > 0 {
			return cli.Usagef("-recipe %s: %s configure advanced's own pipeline, not a recipe", r.Name, strings.Join(pipeline, ", "))
		}
		if !tagged { // a recipe's run is tagged with its name, unless -tag says otherwise
			f.Tag = "argsearch-" + r.Name
		}
		if !f.Quiet {
			fmt.Fprintf(stderr, "recipe %s\n%s", r.Name, indent(fmt.Sprint(r.System)))
		}
		f.K = *k
		return cli.Answer(ctx, r.Name, f, r.System, stdout, stderr)
	})
}

// define defines the pipeline's flags on c; the returned Pipeline (from
// system.Advanced) and k hold their values once c has parsed its
// arguments. Without flags the Pipeline is system.Advanced()'s.
func define(c *cli.Command) (*system.Pipeline, *int) {
	p := system.Advanced()
	pp := &p
	builder := p.Pair.(pairing.Builder) // Advanced's pair step
	k := c.Int("k", 1000, 1, 1000, "pairs per topic")
	stages := slices.Clone(p.Retrieve.Stages)
	arg, sent := &stages[0], &stages[1]
	c.Flags.Func("model", fmt.Sprintf("argument stage `model` (lucene-dirichlet, dirichlet, bm25; default %s)", arg.Search.Scoring.Model), func(v string) error {
		switch v {
		case "lucene-dirichlet", "dirichlet", "bm25":
			arg.Search.Scoring.Model = v
			return nil
		}
		return fmt.Errorf("want lucene-dirichlet, dirichlet or bm25")
	})
	c.FloatVar(&arg.Search.Scoring.Mu, "mu", 2000, 1, 1e9, "Dirichlet μ of the argument stage")
	c.FloatVar(&arg.Search.Fields.Conclusion, "conclusion", 2, 0, 100, "`weight` of the conclusion field in the argument stage (premises and title weigh 1)")
	c.FloatVar(&arg.Weight, "fusion-weight", 0.7, 0, 1, "`weight` of the argument stage in the fusion; the sentence stage gets the rest")
	c.IntVar(&arg.Arguments, "arguments", 100, 1, 100000, "arguments the argument stage retrieves (their sentences are candidates)")
	c.IntVar(&sent.Depth, "sentences", 1000, 1, 1000000, "sentences the sentence stage retrieves")
	c.IntVar(&p.Retrieve.Depth, "depth", 3000, 1, 1000000, "fused sentences filtered, at most")
	threshold := c.Float("threshold", 0.5, 0, 1, "argumentativeness probability a sentence needs to pass the -arg filter")
	c.IntVar(&p.Pool, "pool", 100, 1, 100000, "candidates (sentences that pass the filters) paired")
	npTags := c.Flags.Bool("np-tags", false, "find the noun phrases coherence compares by part-of-speech tags (slower)")
	centrality := c.Flags.Bool("centrality", false, "weigh ArgsRank centrality (0.1) into the pair score")
	encoder := c.OneOf("encoder", []string{"glove", "use"}, "sentence vectors: averaged GloVe word vectors, or USE lite (much slower)")
	c.Flags.Float64Var(&builder.Coherence.SemanticWeight, "semantic-coherence", 0, "`weight` of the sentences' vector similarity (-encoder) in pair coherence")
	pairer := c.OneOf("pairer", []string{"builder", "next", "similar"}, "the pairing step; builder weighs coherence and diversity")
	var rewriters []rewrite.Rewriter
	c.Flags.Func("rewrite", "rewrite the query before retrieval: a comma-separated `list` of reduce, synonyms, expand", func(v string) (err error) {
		rewriters, err = parseRewriters(v)
		return err
	})
	steps := map[string]*bool{}
	for _, s := range []struct{ name, what string }{
		{"prf", "RM3 pseudo-relevance feedback in the argument stage"},
		{"fusion", "the sentence stage: the argument stage alone gives the candidates"},
		{"length", "the length filter (5 to 60 words)"},
		{"noise", "the debate-noise filter"},
		{"dedup", "the exact and normalised duplicate filter"},
		{"verb", "the filter that wants a verb (part-of-speech tags)"},
		{"arg", "the argumentativeness filter (-threshold)"},
		{"coherence", "coherence: any two sentences of compatible stance pair up, and its weight is 0"},
		{"diversity", "diversity: the top five pairs may share an argument"},
		{"stance", "stance tagging: every pair's stance is Q0"},
		{"quality", "the argumentativeness weight in the pair score"},
		{"similarity", "the similarity to the title (sentence vectors): re-ranking and pair-score weight"},
	} {
		on := true
		steps[s.name] = &on
		c.Flags.Var(off{&on}, "no-"+s.name, "switch off "+s.what)
	}
	c.Check(func() error {
		// The flags that switch a step off, and those that change a
		// value it depends on, become the Pipeline's steps.
		if !*steps["prf"] {
			arg.Search.PRF = lexical.PRF{}
		}
		sent.Weight = 1 - arg.Weight
		p.Retrieve.Stages = stages
		if !*steps["fusion"] {
			p.Retrieve.Stages = stages[:1]
		}
		p.Filters = filters(steps, *threshold)
		enc := semantic.GloVe
		if *encoder == "use" {
			enc = semantic.USE
		}
		p.Rerank = nil
		if *steps["similarity"] {
			p.Rerank = []pairing.Reranker{pairing.Mix{Similarity: true, Encoder: enc}}
		}
		if !*steps["stance"] {
			p.Stance = stance.Rule{Off: true}
		}
		p.Rewrite = rewriters
		b, err := pairStep(builder, steps, enc, *centrality, *npTags, p.Pool)
		if err != nil {
			return err
		}
		switch *pairer {
		case "builder":
			p.Pair = b
		case "next":
			p.Pair = pairing.Next{}
		case "similar":
			p.Pair = pairing.Similar{Encoder: enc}
		}
		return checkPairer(c, *pairer)
	})
	return pp, k
}

// filters returns the filters the -no-STEP flags leave on, in Advanced's
// order, the argumentativeness filter at threshold.
func filters(steps map[string]*bool, threshold float64) []filter.Filter {
	var fs []filter.Filter
	for _, f := range []struct {
		step   string
		filter filter.Filter
	}{
		{"length", filter.Length{Min: 5, Max: 60}},
		{"noise", filter.Noise{}},
		{"dedup", &filter.Dedup{}},
		{"arg", filter.Argumentative{Threshold: threshold}},
		{"verb", filter.Verb{}},
	} {
		if *steps[f.step] {
			fs = append(fs, f.filter)
		}
	}
	return fs
}

// pairStep returns Advanced's Builder b as the flags change it: the steps
// they switch off, the encoder enc, centrality, noun phrases by
// part-of-speech tags (the shipped tagger, loaded here) and a pool other
// than Advanced's 100.
func pairStep(b pairing.Builder, steps map[string]*bool, enc semantic.Encoder, centrality, npTags bool, pool int) (pairing.Builder, error) {
	if !*steps["coherence"] {
		b.Weights.Coherence = 0
		b.Coherence = pairing.Coherence{MinSimilarity: -1, MaxSimilarity: 2}
	}
	if !*steps["diversity"] {
		b.Diversity, b.Redundancy = -1, -1
	}
	if !*steps["quality"] {
		b.Weights.Argumentativeness = 0
	}
	if !*steps["similarity"] {
		b.Weights.Similarity = 0 // the learned weights' similarity feature too
	}
	if centrality {
		b.Weights.Centrality = 0.1
	}
	b.Encoder = enc
	if npTags {
		t, err := pos.Load()
		if err != nil {
			return b, err
		}
		b.Coherence.Phrases = t
	}
	if pool != 100 {
		b.Pool = pool // the candidates paired are the pool's
	}
	return b, nil
}

// parseRewriters reads -rewrite's comma-separated list of query rewriters.
func parseRewriters(v string) ([]rewrite.Rewriter, error) {
	var rewriters []rewrite.Rewriter
	for _, name := range strings.Split(v, ",") {
		switch name {
		case "reduce":
			rewriters = append(rewriters, rewrite.Reduce{})
		case "synonyms":
			rewriters = append(rewriters, rewrite.Synonyms{})
		case "expand":
			rewriters = append(rewriters, rewrite.Expand{})
		default:
			return nil, fmt.Errorf("unknown rewriter %q: want reduce, synonyms or expand, separated by commas", name)
		}
	}
	return rewriters, nil
}

// checkPairer refuses the flags that change the pair builder beside a
// -pairer that does not use it.
func checkPairer(c *cli.Command, pairer string) error {
	if pairer == "builder" {
		return nil
	}
	var builder []string
	c.Flags.Visit(func(fl *flag.Flag) {
		switch fl.Name {
		case "no-coherence", "no-diversity", "no-quality", "centrality", "semantic-coherence", "np-tags":
			builder = append(builder, "-"+fl.Name)
		}
	})
	if len(builder) > 0 {
		return cli.Usagef("-pairer %s: %s change the builder, which -pairer %s does not use", pairer, strings.Join(builder, ", "), pairer)
	}
	return nil
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

// indent indents every line of s by two spaces.
func indent(s string) string {
	lines := strings.SplitAfter(s, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = "  " + l
		}
	}
	return strings.Join(lines, "")
}
