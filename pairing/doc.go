// Package pairing turns retrieved sentences into the sentence pairs that
// Touché 2022 ranks: it filters sentences, builds pairs within and across
// arguments, and scores and diversifies them.
//
// # Filters
//
// A Filter keeps or rejects one sentence and names its Reason, so a caller
// can count what was dropped (Select with Counts). Chain composes filters;
// the first rejection wins. The filters are Length (word bounds), Noise (a
// debate-noise blocklist: greetings, "I accept", "my opponent", "thank
// you", "vote Pro", round headers, URL- or reference-only sentences),
// Dedup (exact and normalised duplicates, remembering which sentence each
// duplicate folds into), VerbFilter (a verb must be present, by
// part-of-speech tags) and Argumentative (a Scorer's argumentativeness
// above a threshold; Scorer is the one-method interface any model
// implements). A sensible order is
//
//	pairing.Chain(pairing.Length{Min: 5, Max: 60}, pairing.Noise{}, &dedup,
//		pairing.VerbFilter{Tagger: tagger}, pairing.Argumentative{Scorer: model, Threshold: 0.5})
//
// # Part-of-speech tags
//
// POSTagger tags with the averaged perceptron model of
// github.com/jdkato/prose/v2, loaded once and shared, and predicts in a
// fixed order so that tags never vary between runs (prose's own prediction
// breaks ties by map order). Load it with NewPOSTagger; it is safe for
// concurrent use.
//
// # Pairs within one argument
//
// ArgsRank computes the centrality of an argument's sentences as the
// official Swordsman baseline did (PageRank over TF-IDF similarities with a
// discourse-marker teleport vector); TopTwo makes the baseline's pair from
// it. ConclusionPremise joins the conclusion with the best premise, and
// Adjacent yields consecutive sentences.
//
// # Pairs across arguments, scores and diversity
//
// A Builder takes the candidate sentences of one query (with retrieval
// score, argumentativeness, centrality and stance), joins pairs that
// Coherence accepts (similar or sharing a noun phrase, never of opposite
// stance), scores each as a weighted mean of its evidence (Weights), and
// diversifies the top places MMR-style so that, by default, the top five
// pairs share no argument.
//
// Pair ids are "first,second" in reading order: within an argument the
// corpus order (premises by number, then the conclusion); across arguments
// the sentence with the better single score first.
//
// # Concurrency
//
// Everything is synchronous. Length, Noise, VerbFilter, Argumentative (with
// a safe Scorer), POSTagger, ArgsRank, Coherence and Builder are safe for
// concurrent use; Dedup and an IDF that is being filled are not.
package pairing
