package system

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/lexical"
	"github.com/argsearch/argsearch/semantic"
)

// Retrieval is the retrieval step of a Pipeline: Stages, fused by CombSUM
// of their min–max normalised scores (retrieval.Fusion), Depth sentences
// (or pairs) deep, over the index of Analysis; with NounChunks, a Boolean
// query of the title's noun chunks first.
type Retrieval struct {
	// Analysis is the analysis of the index the stages search; nil means
	// the Env's own index (Input.Index). An index of another analysis is
	// built on first use, of the units the stages search alone (both for
	// an analysis that learns from the corpus: a frequency stop list,
	// Krovetz conflation), without term vectors when no stage needs
	// feedback; with a cache, an index of both units that an earlier
	// version cached is opened instead (lexical.Cache.Open).
	Analysis *lexical.Analysis
	// SampleStopFrequent, if positive, replaces Analysis.StopFrequent on a
	// corpus of fewer than 10,000 arguments (a sample of args.me, whose
	// most frequent terms are its own topics' words).
	SampleStopFrequent int
	// Stages are the retrieval stages; several are fused. Nil means one:
	// BM25 over sentences.
	Stages []Stage
	// Depth is the number of sentences (or pairs) retrieved, after
	// fusion; 0 means 1000.
	Depth int
	// NounChunks first asks a Boolean query of the title's noun chunks of
	// the first stage (a term of every chunk, by the shipped part-of-speech
	// tagger; lexical.Ranking.Boolean), then fills the list from the plain
	// query, its hits ranked below.
	NounChunks bool
}

// A Stage is one retrieval stage of a Pipeline.
type Stage struct {
	// Search is what the stage searches and how it scores.
	Search lexical.Ranking
	// Depth is the number of hits the stage gives the fusion; 0 means the
	// Retrieval's Depth.
	Depth int
	// Weight is the stage's weight in the fusion; when every stage's is 0,
	// the stages weigh the same.
	Weight float64
	// Arguments, for a stage over the argument unit, is the number of
	// arguments retrieved; their sentences inherit their argument's score
	// (retrieval.Parts). 0 means 100.
	Arguments int
	// Within, for a stage over the argument unit, searches the sentences
	// (Unit "sentence") or the pairs (Unit "pair") of its Arguments
	// arguments in an index of those arguments alone, with this Search,
	// instead of giving them their argument's score: double indexing
	// (lexical.DoubleIndex).
	Within *lexical.Ranking
	// Dense, if not nil, ranks the Env's sentences by the cosine
	// similarity of their vectors by this encoder to the title's, instead
	// of Search: exact dense retrieval (retrieval/dense) over an index of
	// every sentence, built on first use and kept for the Env's life.
	// semantic.USE means the shipped Universal Sentence Encoder lite,
	// semantic.GloVe the shipped GloVe vectors averaged.
	Dense semantic.Encoder
}

// The defaults of a Retrieval's fields.
const (
	defaultDepth     = 1000 // Retrieval.Depth
	defaultArguments = 100  // Stage.Arguments
)

// sampleArguments is the size below which a corpus is a sample of args.me
// (which has 365,408 arguments), for SampleStopFrequent.
const sampleArguments = 10000

// stages returns the retrieval's stages: one BM25 sentence stage for none.
func (r Retrieval) stages() []Stage {
	if len(r.Stages) == 0 {
		return []Stage{{}}
	}
	return r.Stages
}

// retrievesPairs reports whether the stage retrieves pairs: the pair unit,
// or the pairs of its arguments (Within).
func (s Stage) retrievesPairs() bool {
	return s.Dense == nil && (s.Search.Unit == "pair" || s.Within != nil && s.Within.Unit == "pair")
}

// retrievesPairs reports whether the retrieval's stages retrieve pairs,
// which a Pipeline then takes as they are.
func (r Retrieval) retrievesPairs() bool {
	return len(r.Stages) > 0 && slices.ContainsFunc(r.Stages, Stage.retrievesPairs)
}

// check refuses settings out of range and stages that contradict each
// other, naming the field.
func (r Retrieval) check() error {
	for _, f := range []struct {
		name string
		v    int
	}{{"Depth", r.Depth}, {"SampleStopFrequent", r.SampleStopFrequent}} {
		if f.v < 0 {
			return fmt.Errorf("system: Pipeline.Retrieve.%s %d: cannot be negative (0 means the default)", f.name, f.v)
		}
	}
	pairStages := 0
	for i, s := range r.stages() {
		unit := s.Search.Unit
		switch {
		case s.Depth < 0:
			return fmt.Errorf("system: Pipeline.Retrieve.Stages[%d].Depth %d: cannot be negative (0 means the Retrieval's)", i, s.Depth)
		case s.Arguments < 0:
			return fmt.Errorf("system: Pipeline.Retrieve.Stages[%d].Arguments %d: cannot be negative (0 means %d)", i, s.Arguments, defaultArguments)
		case math.IsNaN(s.Weight) || math.IsInf(s.Weight, 0):
			return fmt.Errorf("system: Pipeline.Retrieve.Stages[%d].Weight %v: not a number", i, s.Weight)
		case s.Dense != nil && s.Within != nil:
			return fmt.Errorf("system: Pipeline.Retrieve.Stages[%d]: Dense and Within exclude each other", i)
		case s.Dense != nil && i == 0 && r.NounChunks:
			return fmt.Errorf("system: Pipeline.Retrieve.NounChunks asks a Boolean query of the first stage, which is Dense")
		case s.Within != nil && unit != "argument":
			return fmt.Errorf("system: Pipeline.Retrieve.Stages[%d].Within searches within retrieved arguments, but the stage's unit is %.100q", i, string(cmp.Or(unit, "sentence")))
		}
		if s.retrievesPairs() {
			pairStages++
		}
	}
	if pairStages > 0 && pairStages < len(r.stages()) {
		return fmt.Errorf("system: %d of %d stages retrieve pairs: either every stage retrieves pairs (taken as they are) or none", pairStages, len(r.stages()))
	}
	return nil
}

// checkSearches asks the index each stage searches whether it can run the
// stage's search (lexical.Index.With), so that a bad Search is an error
// naming its stage before the first topic.
func (r Retrieval) checkSearches(ctx context.Context, env *Env) error {
	var index *lexical.Index
	for i, s := range r.stages() {
		if s.Dense != nil {
			continue
		}
		if index == nil {
			var err error
			if index, err = env.Index(ctx, r.indexConfig(env)); err != nil {
				return err
			}
		}
		if _, err := index.With(s.Search); err != nil {
			return fmt.Errorf("system: Pipeline.Retrieve.Stages[%d].Search: %w", i, err)
		}
	}
	return nil
}

// indexConfig is the index the stages search on env: the Env's own, or
// one of Analysis (with SampleStopFrequent on a sample) holding only the
// units the stages search, without term vectors unless a stage needs
// feedback.
func (r Retrieval) indexConfig(env *Env) lexical.Config {
	if r.Analysis == nil {
		return env.in.Index
	}
	an := *r.Analysis
	if r.SampleStopFrequent > 0 && env.Store.NumArguments() < sampleArguments {
		an.StopFrequent = r.SampleStopFrequent
	}
	feedback := slices.ContainsFunc(r.Stages, func(s Stage) bool { return s.Search.PRF.Method != "" })
	return lexical.Config{Analysis: &an, Units: r.units(an), NoTermVectors: !feedback}
}

// units returns the units of an index of analysis an that the stages
// search: the sentence unit for sentences and pairs, the argument unit for
// arguments and a pair's title (Ranking.PairTitle); nil (both) when an
// learns from the whole index (a frequency stop list, Krovetz conflation
// with the index's vocabulary), whose terms then depend on every unit it
// holds. An index of one unit takes about half the time and disk of both.
func (r Retrieval) units(an lexical.Analysis) []string {
	if an.Stop == "frequent" || an.Stop == "frequent-fields" || an.Stem == "krovetz" {
		return nil
	}
	var sentence, argument bool
	for _, s := range r.stages() {
		switch {
		case s.Dense != nil:
		case s.Search.Unit == "argument":
			argument = true
		case s.Search.Unit == "pair":
			sentence, argument = true, argument || s.Search.PairTitle
		default: // "sentence", and "" of an index that holds sentences
			sentence = true
		}
	}
	switch {
	case sentence && argument, !sentence && !argument:
		return nil
	case sentence:
		return []string{"sentence"}
	}
	return []string{"argument"}
}

// retriever is a Retrieval made ready on an Env: its stages fused, and the
// Boolean first stage and the tagger for NounChunks.
type retriever struct {
	Retrieval
	retrieve retrieval.Retriever // the stages, fused
	boolean  retrieval.Retriever // the first stage, Boolean (NounChunks)
	chunks   interface{ NounPhrases(string) []string }
}

// ready assembles the retrieval's stages on env.
func (r Retrieval) ready(ctx context.Context, env *Env) (*retriever, error) {
	out := &retriever{Retrieval: r}
	if r.NounChunks {
		t, err := env.shipped.POS()
		if err != nil {
			return nil, err
		}
		out.chunks = t
	}
	var index *lexical.Index // opened for the first stage that searches it
	var (
		rs      []retrieval.Retriever
		depths  []int
		weights []float64
	)
	for i, s := range r.stages() {
		sr, err := r.stage(ctx, env, &index, i, s)
		if err != nil {
			return nil, err
		}
		if i == 0 && r.NounChunks {
			bs := s.Search
			bs.Boolean = true
			if out.boolean, err = index.With(bs); err != nil {
				return nil, fmt.Errorf("system: stage %d, Boolean: %w", i+1, err)
			}
		}
		rs, depths, weights = append(rs, sr), append(depths, s.Depth), append(weights, s.Weight)
	}
	out.retrieve = rs[0]
	if len(rs) > 1 {
		f := retrieval.Fusion{Retrievers: rs, Method: "combsum", Depths: depths}
		if slices.ContainsFunc(weights, func(w float64) bool { return w != 0 }) {
			f.Weights = weights
		}
		out.retrieve = f
	}
	return out, nil
}

// stage returns the retriever of stage i, s, on env; *index is the
// lexical index, opened by the first stage that searches it.
func (r Retrieval) stage(ctx context.Context, env *Env, index **lexical.Index, i int, s Stage) (retrieval.Retriever, error) {
	if s.Dense != nil {
		enc, err := env.encoder(s.Dense)
		if err != nil {
			return nil, err
		}
		x, err := env.dense.Index(ctx, enc)
		if err != nil {
			return nil, fmt.Errorf("system: stage %d: a dense index of the sentences: %w", i+1, err)
		}
		return x, nil
	}
	if *index == nil {
		var err error
		if *index, err = env.Index(ctx, r.indexConfig(env)); err != nil {
			return nil, err
		}
	}
	x, err := (*index).With(s.Search)
	if err != nil {
		return nil, fmt.Errorf("system: stage %d: %w", i+1, err)
	}
	switch {
	case x.Ranking().Unit == "argument" && s.Within != nil:
		return lexical.DoubleIndex{Arguments: x, N: cmp.Or(s.Arguments, defaultArguments), Store: env.Store, Analysis: x.Analysis(), Ranking: *s.Within}, nil
	case x.Ranking().Unit == "argument":
		return retrieval.Parts(x, cmp.Or(s.Arguments, defaultArguments), env.Store.SentenceIDs), nil
	}
	return x, nil
}

// hits retrieves the retrieval's depth of sentences (or pairs) for pq, the
// rewritten query: with NounChunks, the Boolean query of the noun chunks
// of q's title first, then the plain query's other hits, ranked below them.
func (r *retriever) hits(ctx context.Context, q, pq retrieval.Query) ([]retrieval.Hit, error) {
	depth := cmp.Or(r.Depth, defaultDepth)
	if !r.NounChunks {
		return r.retrieve.Retrieve(ctx, pq, depth)
	}
	var hits []retrieval.Hit
	if chunks := r.chunks.NounPhrases(q.Text); len(chunks) > 0 {
		bq := q
		// Ranking.Boolean's groups, joined by " AND ", none empty.
		bq.Text = strings.Join(slices.DeleteFunc(chunks, func(g string) bool { return strings.TrimSpace(g) == "" }), " AND ")
		var err error
		if hits, err = r.boolean.Retrieve(ctx, bq, depth); err != nil {
			return nil, err
		}
	}
	if len(hits) == depth {
		return hits, nil
	}
	plain, err := r.retrieve.Retrieve(ctx, pq, depth)
	if err != nil || len(hits) == 0 || len(plain) == 0 {
		return append(hits, plain...), err
	}
	seen := make(map[string]bool, len(hits))
	for _, h := range hits {
		seen[h.ID] = true
	}
	// Plain hits keep their score differences, shifted below the last
	// Boolean hit.
	shift := hits[len(hits)-1].Score - plain[0].Score - 1
	for _, h := range plain {
		if !seen[h.ID] && len(hits) < depth {
			hits = append(hits, retrieval.Hit{ID: h.ID, Score: h.Score + shift})
		}
	}
	return hits, nil
}
