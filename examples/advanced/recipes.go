package main

import (
	"fmt"
	"strings"

	"github.com/argsearch/argsearch/pairing"
	"github.com/argsearch/argsearch/retrieval/lexical"
)

// A recipe is one of the best Touché 2022 systems (Task 1, as the
// overview paper describes them) written as a configuration of library
// parts. run.go (runRecipe) executes any recipe; the recipes differ only
// in the values below, so they read side by side.
//
// Where a system used a neural model the library does not have (BERT,
// SBERT, the IBM Debater API), the recipe uses the closest part the
// library has, and its Doc names both.
type recipe struct {
	Name    string
	Summary string // the line -recipe list prints
	Doc     string // what the original did, and what stands in for what

	// Analysis is the analysis of the index the recipe searches; nil is
	// the default index (lexical.AnalyzerEnglish).
	Analysis *lexical.Analysis
	// SampleStopFrequent replaces Analysis.StopFrequent on a sample of
	// args.me (a corpus of fewer than sampleArguments arguments), whose most
	// frequent terms are its topics' own words.
	SampleStopFrequent int

	// Stages are the retrieval stages, each Depth deep; several are fused
	// (CombSUM of min–max normalised scores, equal weights).
	Stages []lexical.Search
	Depth  int
	// NounChunks first asks a Boolean query of the title's noun chunks
	// (a term of every chunk, lexical.Search.Boolean), then fills the
	// list from the plain query.
	NounChunks bool

	// Filters, in this order; Argumentative is the threshold of the
	// shipped argumentativeness model (0: off).
	Length, Noise, Dedup, Verb bool
	Argumentative              float64
	// Pool is how many sentences that pass the filters are kept.
	Pool int

	// Rerank orders the kept sentences by the mean of their min–max
	// normalised retrieval score and the signals named here.
	Rerank rerank

	// Pairs says how sentences become pairs.
	Pairs pairs
	// Builder pairs the candidates when Pairs is PairsBuilder.
	Builder pairing.Builder
	// SameStance gives every candidate PRO or CON (the stance model's
	// side where args.me does not reveal one) before pairing, so that a
	// Builder, which never pairs opposite stances, pairs only sentences of
	// the same stance.
	SameStance bool
}

// rerank names the signals a recipe re-ranks its kept sentences by.
type rerank struct {
	// Quality is argument quality; the library's proxy is the shipped
	// argumentativeness model (Touché's assessors rated argumentative,
	// well-formed sentences as better quality).
	Quality bool
	// Evidence is the shipped argumentativeness model too: it was trained
	// on IBM's evidence sentences and UKP's arguments.
	Evidence bool
	// Stance is the stance model's confidence in the sentence's side.
	Stance bool
}

// pairs is how a recipe makes pairs.
type pairs string

const (
	// PairsNext pairs each kept sentence with the next sentence of its
	// argument (the one before, for the last), in the kept order.
	PairsNext pairs = "next sentence"
	// PairsBuilder pairs the kept sentences with a pairing.Builder.
	PairsBuilder pairs = "builder"
	// PairsRetrieved takes the retrieved pairs as they are (the pair unit).
	PairsRetrieved pairs = "retrieved pairs"
	// PairsArgsRank is Swordsman's: the two most central sentences of each
	// retrieved argument (system.Swordsman).
	PairsArgsRank pairs = "argsrank top two"
)

// recipes returns the recipes, in the order of the 2022 table.
func recipes() []recipe {
	return []recipe{
		{
			Name:    "porthos",
			Summary: "Porthos (2022 rel 0.742): Dirichlet LM (μ 116) over sentences with a Boolean noun-chunk query; duplicate, verb and argumentativeness filters; quality re-ranking; next-sentence pairs",
			Doc: "Porthos retrieved sentences with DirichletLM (μ = 116, the mean sentence length) and a Boolean query of the topic's noun chunks, " +
				"after removing duplicates, sentences without a verb and non-argumentative sentences (a BERT classifier); it re-ranked by argument " +
				"quality (a BERT regressor) and paired sentences by BERT's next-sentence prediction. Here: Lucene's Dirichlet LM over the default " +
				"index (stemmed, lower-cased, stop words removed), noun chunks from prose's tagger (pos.Tagger.NounPhrases), the shipped " +
				"argumentativeness model as both filter and quality score, and a sentence's next sentence in its argument as its coherent partner.",
			Stages:        []lexical.Search{{Unit: lexical.UnitSentence, Scoring: lexical.Scoring{Model: lexical.ModelLuceneDirichlet, Mu: 116}}},
			Depth:         1000,
			NounChunks:    true,
			Dedup:         true,
			Verb:          true,
			Argumentative: 0.5,
			Pool:          1000,
			Rerank:        rerank{Quality: true},
			Pairs:         PairsNext,
		},
		{
			Name:    "daario-naharis",
			Summary: "Daario Naharis (2022 rel 0.683): TF-IDF with the ICoefficient over Krovetz-stemmed sentences, stop lists of the 100 most frequent terms of texts and contexts; evidence and stance re-ranking; same-stance pairs",
			Doc: "Daario Naharis searched with Lucene's TF-IDF and an ICoefficient weight (lexical.ModelTFIDFIC), Krovetz stemming and two stop " +
				"lists, the 100 most frequent terms of the argument texts and of their contexts (lexical.StopFrequentFields); it re-ranked by " +
				"evidence and stance (the IBM Debater API) and paired sentences of the same stance. Here: Lucene's KStemFilter, the shipped " +
				"argumentativeness model for evidence, the shipped stance model's confidence for stance, and a Builder that pairs any two " +
				"sentences of the same side. On a sample such as the embedded one (643 arguments drawn for ten topics) the 100 most " +
				"frequent terms include every topic's own words, which would empty the queries, so on a corpus of fewer than 10,000 " +
				"arguments the lists have 5 terms each: the same share (0.03%) of the sample's 17,395 distinct words as 100 is of the " +
				"355,091 terms of a full-scale corpus.",
			Analysis:           &lexical.Analysis{Possessive: true, Stop: lexical.StopFrequentFields, StopFrequent: 100, Stem: lexical.StemKStem},
			SampleStopFrequent: 5,
			Stages:             []lexical.Search{{Unit: lexical.UnitSentence, Scoring: lexical.Scoring{Model: lexical.ModelTFIDFIC}}},
			Depth:              1000,
			Pool:               100,
			Rerank:             rerank{Evidence: true, Stance: true},
			Pairs:              PairsBuilder,
			Builder: pairing.Builder{
				Weights:   pairing.Weights{Retrieval: 1},
				Coherence: pairing.Coherence{MinSimilarity: -1, MaxSimilarity: 2}, // any two sentences of one side
			},
			SameStance: true,
		},
		{
			Name:    "bruce-banner",
			Summary: "Bruce Banner (2022 rel 0.651): BM25 (k1 1.2, b 0.68) over every pair of an argument's sentences as one document; no re-ranking",
			Doc: "Bruce Banner indexed every pair of sentences within an argument as one document (a second variant appended the debate's " +
				"topic) and ranked them with BM25 (k1 = 1.2, b = 0.68) for the title, or title, description and narrative, without re-ranking. " +
				"Here: lexical.UnitPair, which scores the pairs exactly as an index of them would without building one (at full scale it " +
				"would hold 121.9 million documents), with the title as the query; lexical.Search.PairTitle and QueryWeights are the variants.",
			Stages: []lexical.Search{{Unit: lexical.UnitPair, Scoring: lexical.Scoring{Model: lexical.ModelBM25, K1: 1.2, B: 0.68}}},
			Depth:  1000,
			Pairs:  PairsRetrieved,
		},
		{
			Name:    "pearl",
			Summary: "Pearl (2022 rel 0.481): Dirichlet LM and DPH with Bo1 expansion over sentences, fused; debate-phrase block list and argument-quality filter; coherent pairs",
			Doc: "Pearl retrieved sentences in two stages with DirichletLM and DPH (Terrier), expanded queries with Bo1, filtered by argument " +
				"quality and by a block list of debate phrases (\"my opponent claims\", \"I accept this debate\"). Here: the two models fused " +
				"(lexical.ModelLuceneDirichlet, and lexical.ModelDPH with lexical.PRFBo1), filter.Noise for the block list, the shipped " +
				"argumentativeness model for quality, and a Builder weighing retrieval, argumentativeness and coherence as advanced does.",
			Stages: []lexical.Search{
				{Unit: lexical.UnitSentence, Scoring: lexical.Scoring{Model: lexical.ModelLuceneDirichlet}},
				{Unit: lexical.UnitSentence, Scoring: lexical.Scoring{Model: lexical.ModelDPH}, PRF: lexical.PRF{Method: lexical.PRFBo1}},
			},
			Depth:         1000,
			Length:        true,
			Noise:         true,
			Argumentative: 0.5,
			Pool:          100,
			Pairs:         PairsBuilder,
			Builder:       pairing.Builder{Weights: pairing.Weights{Retrieval: 0.45, Argumentativeness: 0.2, Coherence: 0.25}},
		},
		{
			Name:    "swordsman",
			Summary: "Swordsman (2022 baseline, rel 0.356): Dirichlet LM over arguments, each argument's two most central sentences by ArgsRank",
			Doc: "Swordsman, the official baseline, retrieved arguments with DirichletLM and gave each its two most central sentences by " +
				"ArgsRank (PageRank over Universal Sentence Encoder similarities). Here: system.Swordsman, as the swordsman command runs it, " +
				"with TF-IDF similarities in ArgsRank.",
			Stages: []lexical.Search{{Unit: lexical.UnitArgument, Scoring: lexical.Scoring{Model: lexical.ModelDirichlet}}},
			Pairs:  PairsArgsRank,
		},
	}
}

// sampleArguments is the size below which a corpus is a sample of args.me
// (which has 365,408 arguments) for SampleStopFrequent.
const sampleArguments = 10000

// findRecipe returns the recipe called name.
func findRecipe(name string) (recipe, error) {
	var names []string
	for _, r := range recipes() {
		if r.Name == name {
			return r, nil
		}
		names = append(names, r.Name)
	}
	return recipe{}, fmt.Errorf("-recipe: unknown recipe %q (want list, %s)", name, strings.Join(names, ", "))
}

// String describes the recipe's configuration, one step a line, as
// -recipe NAME prints it and the pinned-configuration test compares it.
func (r recipe) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "recipe %s\n", r.Name)
	analysis := "the default index (" + lexical.AnalyzerEnglish + ")"
	if r.Analysis != nil {
		analysis = r.Analysis.String()
	}
	fmt.Fprintf(&b, "  analysis: %s\n", analysis)
	for i, s := range r.Stages {
		fmt.Fprintf(&b, "  stage %d: %s\n", i+1, s)
	}
	if r.Depth > 0 {
		fmt.Fprintf(&b, "  depth: %d\n", r.Depth)
	}
	if r.NounChunks {
		b.WriteString("  query: Boolean, a term of every noun chunk of the title, then the plain title\n")
	}
	var filters []string
	for _, f := range []struct {
		on   bool
		name string
	}{{r.Length, "length 5-60 words"}, {r.Noise, "debate noise"}, {r.Dedup, "duplicates"}, {r.Verb, "verb"}} {
		if f.on {
			filters = append(filters, f.name)
		}
	}
	if r.Argumentative > 0 {
		filters = append(filters, fmt.Sprintf("argumentativeness ≥ %g", r.Argumentative))
	}
	if len(filters) > 0 {
		fmt.Fprintf(&b, "  filters: %s\n", strings.Join(filters, ", "))
	}
	if r.Pool > 0 {
		fmt.Fprintf(&b, "  pool: the first %d sentences kept\n", r.Pool)
	}
	var signals []string
	for _, s := range []struct {
		on   bool
		name string
	}{{r.Rerank.Quality, "quality"}, {r.Rerank.Evidence, "evidence"}, {r.Rerank.Stance, "stance confidence"}} {
		if s.on {
			signals = append(signals, s.name)
		}
	}
	if len(signals) > 0 {
		fmt.Fprintf(&b, "  rerank: retrieval with %s\n", strings.Join(signals, ", "))
	}
	fmt.Fprintf(&b, "  pairs: %s", r.Pairs)
	if r.Pairs == PairsBuilder {
		w, coh := r.Builder.Weights, r.Builder.Coherence
		fmt.Fprintf(&b, " (weights retrieval %g, argumentativeness %g, centrality %g, coherence %g; ",
			w.Retrieval, w.Argumentativeness, w.Centrality, w.Coherence)
		if coh.MinSimilarity == 0 && coh.MaxSimilarity == 0 {
			b.WriteString("pairing.Coherence's defaults)")
		} else {
			fmt.Fprintf(&b, "joined at similarity %g to %g)", coh.MinSimilarity, coh.MaxSimilarity)
		}
	}
	if r.SameStance {
		b.WriteString(", same stance only")
	}
	b.WriteString("\n")
	return b.String()
}
