package system

import (
	"fmt"
	"strings"

	"github.com/argsearch/argsearch/filter"
	"github.com/argsearch/argsearch/pairing"
	"github.com/argsearch/argsearch/retrieval/lexical"
	"github.com/argsearch/argsearch/retrieval/rewrite"
	"github.com/argsearch/argsearch/semantic"
	"github.com/argsearch/argsearch/stance"
)

// A Recipe is one of the published Touché 2022 systems (Task 1, as the
// overview paper describes them) written as a configuration of library
// parts: a Pipeline, or Swordsman. Where a system used a neural model the
// library does not have (BERT, SBERT, the IBM Debater API), the recipe uses
// the closest part the library has, and Doc names both.
type Recipe struct {
	Name    string // a short name: "porthos"
	Summary string // one line: the team, its 2022 relevance, the steps
	Doc     string // what the original did, and what stands in for what
	System  System // a Pipeline or a Swordsman
}

// Recipes returns the recipes of all eleven teams of Task 1, in the order
// of their published relevance (Table 2 of the overview): porthos,
// daario-naharis, bruce-banner, dartagnan, gamora, hit-girl, pearl, gorgon,
// general-grevious, swordsman and korg. Each call returns new values,
// which the caller may change.
func Recipes() []Recipe {
	return []Recipe{
		porthosRecipe(),
		daarioNaharisRecipe(),
		bruceBannerRecipe(),
		dartagnanRecipe(),
		gamoraRecipe(),
		hitGirlRecipe(),
		pearlRecipe(),
		gorgonRecipe(),
		generalGreviousRecipe(),
		swordsmanRecipe(),
		korgRecipe(),
	}
}

// porthosRecipe is the recipe of porthos.
func porthosRecipe() Recipe {
	return Recipe{
		Name:    "porthos",
		Summary: "Porthos (2022 rel 0.742): Dirichlet LM (μ 116) over sentences with a Boolean noun-chunk query; duplicate, verb and argumentativeness filters; quality re-ranking; next-sentence pairs",
		Doc: "Porthos retrieved sentences with DirichletLM (μ = 116, the mean sentence length) and a Boolean query of the topic's noun chunks, " +
			"after removing duplicates, sentences without a verb and non-argumentative sentences (a BERT classifier); it re-ranked by argument " +
			"quality (a BERT regressor) and paired sentences by BERT's next-sentence prediction. Here: Lucene's Dirichlet LM over the default " +
			"index (stemmed, lower-cased, stop words removed), noun chunks from prose's tagger (pos.Model.NounPhrases), the shipped " +
			"argumentativeness model as both filter and quality score, and a sentence's next sentence in its argument as its coherent partner. " +
			"Porthos's other runs paired sentences by SBERT similarity; the library's stand-in is a Builder whose Coherence weighs the " +
			"sentences' Universal Sentence Encoder lite vectors (pairing.Coherence.SemanticWeight of a pairing.Builder).",
		System: Pipeline{
			Retrieve: Retrieval{
				Stages:     []Stage{{Search: lexical.Ranking{Unit: "sentence", Scoring: lexical.Scoring{Model: "lucene-dirichlet", Mu: 116}}}},
				Depth:      1000,
				NounChunks: true,
			},
			Filters: []filter.Filter{&filter.Dedup{}, filter.Argumentative{Threshold: 0.5}, filter.Verb{}},
			Pool:    1000,
			Rerank:  []pairing.Reranker{pairing.Mix{Argumentativeness: true}},
			Pair:    pairing.Next{},
		},
	}
}

// daarioNaharisRecipe is the recipe of daario-naharis.
func daarioNaharisRecipe() Recipe {
	return Recipe{
		Name:    "daario-naharis",
		Summary: "Daario Naharis (2022 rel 0.683): TF-IDF with the ICoefficient over Krovetz-stemmed sentences, stop lists of the 100 most frequent terms of texts and contexts; evidence and stance re-ranking; same-stance pairs",
		Doc: "Daario Naharis searched with Lucene's TF-IDF and an ICoefficient weight (lexical model tfidf-ic), Krovetz stemming and two stop " +
			"lists, the 100 most frequent terms of the argument texts and of their contexts (Analysis.Stop frequent-fields); it re-ranked by " +
			"evidence and stance (the IBM Debater API) and paired sentences of the same stance. Here: Lucene's KStemFilter, the shipped " +
			"argumentativeness model for evidence, the shipped stance model's confidence for stance, and a Builder that pairs any two " +
			"sentences of the same side. On a sample such as the embedded ones (about 700 arguments drawn for a few topics) the 100 most " +
			"frequent terms include every topic's own words, which would empty the queries, so on a corpus of fewer than 10,000 " +
			"arguments the lists have 5 terms each: the same share (0.03%) of the 2021 sample's 17,395 distinct words as 100 is of the " +
			"355,091 terms of a full-scale corpus.",
		System: Pipeline{
			Retrieve: Retrieval{
				Analysis:           &lexical.Analysis{Possessive: true, Stop: "frequent-fields", StopFrequent: 100, Stem: "kstem"},
				SampleStopFrequent: 5,
				Stages:             []Stage{{Search: lexical.Ranking{Unit: "sentence", Scoring: lexical.Scoring{Model: "tfidf-ic"}}}},
				Depth:              1000,
			},
			Pool:   100,
			Rerank: []pairing.Reranker{pairing.Mix{Argumentativeness: true, Stance: true}},
			Pair: pairing.Builder{
				Weights:   pairing.Weights{Retrieval: 1},
				Coherence: pairing.Coherence{MinSimilarity: -1, MaxSimilarity: 2}, // any two sentences of one side
			},
			Stance: stance.Rule{Force: true},
		},
	}
}

// bruceBannerRecipe is the recipe of bruce-banner.
func bruceBannerRecipe() Recipe {
	return Recipe{
		Name:    "bruce-banner",
		Summary: "Bruce Banner (2022 rel 0.651): BM25 (k1 1.2, b 0.68) over every pair of an argument's sentences as one document; no re-ranking",
		Doc: "Bruce Banner indexed every pair of sentences within an argument as one document (a second variant appended the debate's " +
			"topic) and ranked them with BM25 (k1 = 1.2, b = 0.68) for the title, or title, description and narrative, without re-ranking. " +
			"Here: lexical unit pair, which scores the pairs exactly as an index of them would without building one (at full scale it " +
			"would hold 121.9 million documents), with the title as the query; lexical.Ranking.PairTitle and QueryWeights are the variants.",
		System: Pipeline{
			Retrieve: Retrieval{
				Stages: []Stage{{Search: lexical.Ranking{Unit: "pair", Scoring: lexical.Scoring{Model: "bm25", K1: 1.2, B: 0.68}}}},
				Depth:  1000,
			},
		},
	}
}

// dartagnanRecipe is the recipe of dartagnan.
func dartagnanRecipe() Recipe {
	return Recipe{
		Name:    "dartagnan",
		Summary: "D'Artagnan (2022 rel 0.642): Dirichlet LM (μ 2000) over sentences, Krovetz, the Glasgow stop list and word shingles of up to 3 terms; next-sentence pairs",
		Doc: "D'Artagnan searched with Lucene's BM25 or Dirichlet LM (μ 2000), compared Porter and Krovetz stemming, the SMART and Glasgow " +
			"stop lists, character and word shingles, and WordNet and word2vec query expansion; Dirichlet LM, Krovetz and the Glasgow list " +
			"did best on the 2021 judgments, and its best 2022 run (kstem-stop-shingle3) added shingles of three words. Here: Lucene's " +
			"Dirichlet LM over sentences, an index with possessives removed, the Glasgow list (Analysis.Stop glasgow), Lucene's KStem and " +
			"word shingles of two and three terms beside single terms (analysis.Analysis.Shingles: Lucene's ShingleFilter without its " +
			"filler tokens); each sentence paired with the next one of its argument, as the overview does not say how D'Artagnan paired " +
			"sentences. Shingles multiply the index's terms: on args.me at full scale (5.69 million sentences) they make 118 million " +
			"distinct terms in each unit, 94% of them occurring once. The build holds a few million terms at a time and merges " +
			"segments on disk, so it runs in about 3 GB of memory, but the index takes 19 GB (9.1 GB of sentences, 10.0 of arguments), the build " +
			"needs about 30 GB of disk at its peak and 26 minutes on two cores; set Analysis.Shingles to 0 for an index of the " +
			"usual size (on the 2022 sample, 0.527 judged-only relevance against 0.498 with shingles).",
		System: Pipeline{
			Retrieve: Retrieval{
				Analysis: &lexical.Analysis{Possessive: true, Stop: "glasgow", Stem: "kstem", Shingles: 3},
				Stages:   []Stage{{Search: lexical.Ranking{Unit: "sentence", Scoring: lexical.Scoring{Model: "lucene-dirichlet", Mu: 2000}}}},
				Depth:    1000,
			},
			Pool: 100,
			Pair: pairing.Next{},
		},
	}
}

// gamoraRecipe is the recipe of gamora.
func gamoraRecipe() Recipe {
	return Recipe{
		Name:    "gamora",
		Summary: "Gamora (2022 rel 0.616): BM25 over arguments, then their sentences indexed alone (double indexing); the query reduced to its main words, WordNet and GloVe expansion; Krovetz; length filter and deduplication; next-sentence pairs",
		Doc: "Gamora indexed args.me with deduplication and the debate's topic and stance beside each argument, retrieved arguments with BM25 " +
			"(k1 1.2, b 0.75) and Lucene, and searched a second index of only the retrieved arguments' sentences (double indexing). Its best " +
			"run reduced the query by hand to its 2 to 6 main words, boosted and decorated it, expanded it with GloVe neighbours and WordNet " +
			"synonyms, removed possessives, stemmed with Krovetz and filtered sentences by length. Here: an argument stage (BM25, 100 " +
			"arguments, conclusion, premises and discussion title) whose arguments' sentences are indexed alone and searched with BM25 " +
			"(lexical.DoubleIndex); the query reduced to at most 6 words by RAKE keywords (nlp.Keywords) in place of the manual reduction, one " +
			"WordNet synonym (nlp/wordnet) and one GloVe neighbour (semantic/glove) of each word, without the boosts; Lucene's KStem with " +
			"possessives removed; the length filter (5–60 words) and duplicate removal (filter.Dedup) on sentences rather than at indexing; " +
			"and each sentence paired with the next one of its argument, as the overview does not say how Gamora paired sentences.",
		System: Pipeline{
			Rewrite: []rewrite.Rewriter{rewrite.Reduce{N: 6}, rewrite.Synonyms{N: 1}, rewrite.Expand{N: 1}},
			Retrieve: Retrieval{
				Analysis: &lexical.Analysis{Possessive: true, Stem: "kstem"},
				Stages: []Stage{{
					Search:    lexical.Ranking{Unit: "argument"},
					Arguments: 100,
					Within:    &lexical.Ranking{Unit: "sentence"},
				}},
				Depth: 1000,
			},
			Filters: []filter.Filter{filter.Length{Min: 5, Max: 60}, &filter.Dedup{}},
			Pool:    100,
			Pair:    pairing.Next{},
		},
	}
}

// hitGirlRecipe is the recipe of hit-girl.
func hitGirlRecipe() Recipe {
	return Recipe{
		Name:    "hit-girl",
		Summary: "Hit Girl (2022 rel 0.588): semantic search by averaged word vectors over sentences; re-ranked by structural similarity (part-of-speech tags) to the query; next-sentence pairs",
		Doc: "Hit Girl embedded documents with spaCy's vectors, searched them by vector similarity in Elasticsearch and re-ranked by maximal " +
			"marginal relevance, word mover's distance or, in the best run, \"structural distance\": fuzzy matching of the query's and a " +
			"sentence's part-of-speech tags. Here: exact dense retrieval (retrieval/dense) over the sentences with averaged GloVe vectors " +
			"(spaCy's document vectors are averages of GloVe-like word vectors), 1000 sentences; the first 100 re-ranked by the mean of " +
			"their similarity and their structural similarity to the title (pos.Model.Structure: one minus the edit distance of the tag " +
			"sequences, over the longer's length); and each sentence paired with the next one of its argument, as the overview does not " +
			"say how Hit Girl paired sentences.",
		System: Pipeline{
			Retrieve: Retrieval{Stages: []Stage{{Dense: semantic.GloVe}}, Depth: 1000},
			Pool:     100,
			Rerank:   []pairing.Reranker{pairing.Mix{Structure: true}},
			Pair:     pairing.Next{},
		},
	}
}

// pearlRecipe is the recipe of pearl.
func pearlRecipe() Recipe {
	return Recipe{
		Name:    "pearl",
		Summary: "Pearl (2022 rel 0.481): Dirichlet LM and DPH with Bo1 expansion over sentences, fused; debate-phrase block list and argument-quality filter; coherent pairs",
		Doc: "Pearl retrieved sentences in two stages with DirichletLM and DPH (Terrier), expanded queries with Bo1, filtered by argument " +
			"quality and by a block list of debate phrases (\"my opponent claims\", \"I accept this debate\"). Here: the two models fused " +
			"(lexical models lucene-dirichlet, and dph with PRF bo1), filter.Noise for the block list, the shipped " +
			"argumentativeness model for quality, and a Builder weighing retrieval, argumentativeness and coherence as Advanced does.",
		System: Pipeline{
			Retrieve: Retrieval{
				Stages: []Stage{
					{Search: lexical.Ranking{Unit: "sentence", Scoring: lexical.Scoring{Model: "lucene-dirichlet"}}},
					{Search: lexical.Ranking{Unit: "sentence", Scoring: lexical.Scoring{Model: "dph"}, PRF: lexical.PRF{Method: "bo1"}}},
				},
				Depth: 1000,
			},
			Filters: []filter.Filter{filter.Length{Min: 5, Max: 60}, filter.Noise{}, filter.Argumentative{Threshold: 0.5}},
			Pool:    100,
			Pair:    pairing.Builder{Weights: pairing.Weights{Retrieval: 0.45, Argumentativeness: 0.2, Coherence: 0.25}},
		},
	}
}

// gorgonRecipe is the recipe of gorgon.
func gorgonRecipe() Recipe {
	return Recipe{
		Name:    "gorgon",
		Summary: "Gorgon (2022 rel 0.408): BM25 over every pair of an argument's sentences as one document, lower-cased, possessives removed; no stemming or stop words",
		Doc: "Gorgon indexed every pair of two sentences within a document with Lucene and compared four analyzers (Krovetz, possessives, " +
			"the 99webtools and EBSCO stop lists) and BM25 with Dirichlet LM; its best run lower-cased, removed possessives and ranked with " +
			"BM25 (k1 1.2, b 0.75). Here: lexical unit pair, which scores the pairs as an index of them would, over an index lower-cased " +
			"with possessives removed and nothing else.",
		System: Pipeline{
			Retrieve: Retrieval{
				Analysis: &lexical.Analysis{Possessive: true},
				Stages:   []Stage{{Search: lexical.Ranking{Unit: "pair"}}},
				Depth:    1000,
			},
		},
	}
}

// generalGreviousRecipe is the recipe of general-grevious.
func generalGreviousRecipe() Recipe {
	return Recipe{
		Name:    "general-grevious",
		Summary: "General Grevious (2022 rel 0.403): BM25 over arguments (conclusion, premises, discussion title), then BM25 over every pair of their sentences indexed alone; WordNet synonyms; tokens of 3 to 20 characters; no stemming or stop words",
		Doc: "General Grevious lower-cased, removed possessives and kept tokens of 3 to 20 characters, compared stemmers and stop lists, " +
			"and searched with BM25 (k1 1.2, b 0.75) or Dirichlet LM over weighted fields (argument, conclusion, debate and argument " +
			"titles), with the query expanded by RAKE keywords and Datamuse synonyms; it searched documents, then every sentence pair " +
			"within the retrieved documents; some runs boosted by VADER sentiment or re-ranked by Flesch–Kincaid readability. Its best " +
			"run was the expansion with BM25, without re-ranking, stemming or stop words. Here: an argument stage (BM25 over the " +
			"conclusion, premises and discussion title, weighted alike), whose 100 arguments' sentence pairs are indexed alone and " +
			"searched with BM25 (lexical.DoubleIndex, unit pair); the index lower-cased with possessives removed and tokens of 3 to 20 " +
			"characters (analysis.Analysis.MinLength, MaxLength); one WordNet synonym of each content word of the title (nlp/wordnet) in " +
			"place of Datamuse's (the title's content words are its RAKE keywords).",
		System: Pipeline{
			Rewrite: []rewrite.Rewriter{rewrite.Synonyms{N: 1}},
			Retrieve: Retrieval{
				Analysis: &lexical.Analysis{Possessive: true, MinLength: 3, MaxLength: 20},
				Stages: []Stage{{
					Search:    lexical.Ranking{Unit: "argument"},
					Arguments: 100,
					Within:    &lexical.Ranking{Unit: "pair"},
				}},
				Depth: 1000,
			},
		},
	}
}

// swordsmanRecipe is the recipe of swordsman.
func swordsmanRecipe() Recipe {
	return Recipe{
		Name:    "swordsman",
		Summary: "Swordsman (2022 baseline, rel 0.356): Dirichlet LM over arguments, each argument's two most central sentences by ArgsRank",
		Doc: "Swordsman, the official baseline, retrieved arguments with DirichletLM and gave each its two most central sentences by " +
			"ArgsRank (PageRank over Universal Sentence Encoder similarities). Here: Swordsman, as the swordsman command runs it, " +
			"with TF-IDF similarities in ArgsRank.",
		System: Swordsman{},
	}
}

// korgRecipe is the recipe of korg.
func korgRecipe() Recipe {
	return Recipe{
		Name:    "korg",
		Summary: "Korg (2022 rel 0.252): Dirichlet LM (μ 2000) over sentences, folded, stop words removed, Krovetz; each sentence paired with the most similar one of its argument by averaged word vectors",
		Doc: "Korg searched sentences with Elasticsearch's Dirichlet LM (μ 2000) after lower-casing, ASCII folding, a hand-made stop list " +
			"and Krovetz stemming, and paired each retrieved sentence with the most similar sentence of its document by doc2vec vectors " +
			"trained on args.me (other runs: SBERT, or GPT-2 generating the next sentence). Here: Lucene's Dirichlet LM over sentences, " +
			"Unicode folding (a superset of ASCII folding), Snowball's English stop list in place of the hand-made one, Lucene's KStem; " +
			"the first 100 sentences each paired with the sentence of its argument whose averaged GloVe vector is the most similar " +
			"(pairing.Similar, Encoder semantic.GloVe), averaged word vectors standing in for doc2vec's shallow document vectors. With semantic.USE the Universal " +
			"Sentence Encoder lite compares them instead: on the 2022 sample 0.588 judged-only relevance against 0.560, but at full " +
			"scale it encodes every sentence of each candidate's argument, 25.4 s a topic against 0.14 s.",
		System: Pipeline{
			Retrieve: Retrieval{
				Analysis: &lexical.Analysis{Fold: true, Stop: "english", Stem: "kstem"},
				Stages:   []Stage{{Search: lexical.Ranking{Unit: "sentence", Scoring: lexical.Scoring{Model: "lucene-dirichlet", Mu: 2000}}}},
				Depth:    1000,
			},
			Pool: 100,
			Pair: pairing.Similar{Encoder: semantic.GloVe},
		},
	}
}

// FindRecipe returns the recipe called name (Recipe.Name), a new value
// the caller may change; an unknown name is an error listing the recipes.
func FindRecipe(name string) (Recipe, error) {
	rs := Recipes()
	names := make([]string, len(rs))
	for i, r := range rs {
		if r.Name == name {
			return r, nil
		}
		names[i] = r.Name
	}
	return Recipe{}, fmt.Errorf("system: no recipe %.100q (the recipes: %s)", name, strings.Join(names, ", "))
}
