// Package pairing turns retrieved sentences into the sentence pairs that
// Touché 2022 ranks: it builds pairs within and across arguments, and
// scores and diversifies them. The sentences it gets have already been
// filtered (package filter) and tagged (package stance).
//
// # Pairs within one argument
//
// ArgsRank computes the centrality of an argument's sentences as the
// official Swordsman baseline did (PageRank over TF-IDF similarities with a
// discourse-marker teleport vector), whose pair is its two most central
// sentences (system.Swordsman). Complete adds pairs of consecutive
// sentences.
//
// # Steps of a system
//
// A system.Pipeline's candidate steps are pairing's: Rerankers re-order the
// candidates (Mix mixes their retrieval score with argumentativeness,
// stance confidence, similarity to the query or structure), and a Pairer
// pairs them (Builder, Next, Similar, or one's own). What a step lacks (the
// corpus, the shipped models and encoders) it takes from the environment
// the system runs it in (Env, through its Bind method).
//
// # Pairs across arguments, scores and diversity
//
// A Builder takes the candidate sentences of one query (with retrieval
// score, argumentativeness, centrality and stance), joins pairs that
// Coherence accepts (similar or sharing a noun phrase, never of opposite
// stance), scores each as a weighted mean of its evidence (Weights), and
// diversifies the top places MMR-style so that, by default, the top five
// pairs share no argument. Noun phrases come from Coherence.Phrases (a *pos.Model)
// or, without one, from runs of content words.
//
// Pair ids are "first,second" in reading order: within an argument the
// corpus order (premises by number, then the conclusion); across arguments
// the sentence with the better single score first.
//
// # Concurrency
//
// Everything is synchronous. ArgsRank is safe for concurrent use, and so
// are Coherence and Builder when their Coherence.Phrases is.
package pairing
