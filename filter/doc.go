// Package filter decides which retrieved sentences are worth pairing: it
// holds the sentence filters of the pipeline and applies them.
//
// A Filter keeps or rejects one sentence and names its Reason, so a caller
// can count what was dropped (SelectHits counts by reason). Chain composes
// filters; the first rejection wins. The filters are
//
//   - Length: word bounds;
//   - Noise: a debate-noise blocklist (greetings, "I accept", "my
//     opponent", "thank you", "vote Pro", round headers, URL- or
//     reference-only sentences), as Touché 2022 team Pearl used;
//   - Dedup: exact and normalised duplicates, as the inspect command
//     counts them;
//   - Verb: a verb must be present, by part-of-speech tags (a *pos.Model);
//   - Argumentative: a Scorer's argumentativeness above a threshold (the
//     shipped classify.ArgumentModel, or any model).
//
// A sensible order is
//
//	filter.Chain(filter.Length{Min: 5, Max: 60}, filter.Noise{}, &filter.Dedup{},
//		filter.Argumentative{Scorer: model, Threshold: 0.5}, filter.Verb{POS: tagger})
//
// In a system.Pipeline the filters are a list (Pipeline.Filters), and what
// a filter lacks comes from the environment the system runs in (Env): the
// same filters are
//
//	[]filter.Filter{filter.Length{}, filter.Noise{}, &filter.Dedup{}, filter.Argumentative{}, filter.Verb{}}
//
// SelectHits applies a filter to a ranked list of hits and stops at a
// number of kept sentences. It gives exactly what checking the sentences
// one by one would, but checks them with the pure filters (the ones whose
// answer depends on the sentence alone) on every core, and with the
// stateful ones (a Dedup) in order.
//
// # Concurrency
//
// Length, Noise, Verb (with a safe tagger) and Argumentative (with a safe
// Scorer) are safe for concurrent use; a Dedup is not.
package filter
