package system

import (
	"github.com/argsearch/argsearch/filter"
	"github.com/argsearch/argsearch/pairing"
	"github.com/argsearch/argsearch/retrieval/lexical"
	"github.com/argsearch/argsearch/semantic"
)

// Advanced returns the library's strongest Touché 2022 Pipeline:
//
//   - retrieval: an argument stage (Lucene's Dirichlet LM, μ 2000, the
//     conclusion weighted twice the premises and the discussion title, RM3
//     feedback; the sentences of its 100 arguments inherit their scores),
//     fused at 0.7 with a sentence stage (BM25, 1000 sentences), 3000
//     sentences deep;
//   - filters: length (5 to 60 words), debate noise, duplicates,
//     argumentativeness at least 0.5, a verb;
//   - 100 candidates, re-ranked by the mean of their retrieval score and
//     their similarity to the topic's title by averaged GloVe word vectors
//     (pairing.Mix);
//   - pairs by a pairing.Builder whose weights were learned from the
//     embedded 2022 sample's official judgments by examples/trainranker
//     (coordinate ascent on the predicted nDCG@5 of eval/unjudged, over the
//     retrieval score, argumentativeness, coherence, similarity to the
//     title and length; the weights, the command that retrains them and
//     their training data are in ranker_weights.go), the top five places
//     sharing no argument;
//   - stance by stance.Rule with the shipped stance model.
//
// Change its steps for a variant. Its figures on the 2022 sample's topics
// are in-sample (Pipeline.TrainedOn). The advanced of before the learned
// weights is this with the Universal Sentence Encoder lite as the encoder
// (semantic.USE, in the Mix and the Builder) and Builder weights retrieval
// 0.45, argumentativeness 0.2 and coherence 0.25.
func Advanced() Pipeline {
	argumentWeight := 0.7 // a variable: 1 − 0.7 is then computed in float64, as the advanced command always has
	return Pipeline{
		Retrieve: Retrieval{
			Stages: []Stage{
				{
					Search: lexical.Ranking{
						Unit:    "argument",
						Scoring: lexical.Scoring{Model: "lucene-dirichlet", Mu: 2000},
						Fields:  lexical.FieldWeights{Conclusion: 2, Premise: 1, Title: 1},
						PRF:     lexical.PRF{Method: "rm3"},
					},
					Arguments: 100,
					Weight:    argumentWeight,
				},
				// The sentence stage weighs the rest of 1.
				{Search: lexical.Ranking{Unit: "sentence"}, Depth: 1000, Weight: 1 - argumentWeight},
			},
			Depth: 3000,
		},
		Filters: []filter.Filter{
			filter.Length{Min: 5, Max: 60},
			filter.Noise{},
			&filter.Dedup{},
			filter.Argumentative{Threshold: 0.5},
			filter.Verb{}, // last: tagging is the slowest check
		},
		Pool:   100,
		Rerank: []pairing.Reranker{pairing.Mix{Similarity: true, Encoder: semantic.GloVe}},
		Pair:   advancedPair(),
	}
}

// advancedPair is Advanced's pair step: a Builder of the learned weights,
// comparing the GloVe vectors its Mix made.
func advancedPair() pairing.Builder {
	return pairing.Builder{Weights: rankerWeights(), Encoder: semantic.GloVe}
}
