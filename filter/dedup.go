package filter

import (
	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/internal/dup"
)

// Dedup is a stateful filter that keeps the first sentence of every text and
// rejects later ones with the same text ("duplicate") or the same text after
// normalization ("near-duplicate").
//
// It compares texts twice, exactly and normalised, as the inspect
// command counts duplicate sentences (one shared core, internal/dup):
// texts equal after NFKC, case folding and
// collapsing every run of whitespace, punctuation and symbols. "GUNS
// kill people!" is a near-duplicate of "Guns kill people."; "Guns don't
// kill" and "Guns dont kill", and texts that differ in accents, are not. A
// text that normalises to "" (only punctuation or symbols) is compared
// exactly. Texts are compared by their keys, never by hash alone, so two
// different texts are never merged.
//
// The zero value is ready to use. A Dedup is not safe for concurrent use
// and is not pure: its answers depend on the order sentences are checked in,
// so check them in a fixed order (the corpus order, or the ranking order)
// for reproducible results; Select does.
type Dedup struct {
	exact, normalized *dup.Filter
	of                map[string]string // id of a rejected sentence → id of the kept one
}

// Check implements Filter. A sentence whose ID was kept before is kept
// again (checking a sentence twice does not make it its own duplicate).
func (d *Dedup) Check(s corpus.Sentence) (bool, Reason) {
	if d.exact == nil {
		d.exact = dup.New(dup.Exact)
		d.normalized = dup.New(dup.Normalized)
		d.of = map[string]string{}
	}
	if rep, ok := d.exact.Add(s.ID, s.Text); ok {
		return d.reject(rep, s.ID, duplicate)
	}
	// A new text: the exact filter now remembers it under s.ID.
	if rep, ok := d.normalized.Add(s.ID, s.Text); ok {
		return d.reject(rep, s.ID, nearDuplicate)
	}
	return true, noReason
}

// reject records that id duplicates the sentence rep stands for.
func (d *Dedup) reject(rep, id string, why Reason) (bool, Reason) {
	if orig, ok := d.of[rep]; ok {
		// rep is a near-duplicate whose exact text came back.
		rep = orig
	}
	if rep == id {
		return true, noReason
	}
	if _, seen := d.of[id]; !seen {
		d.of[id] = rep
	}
	return false, why
}

// Bind returns a new Dedup, which remembers nothing yet (see Env): a system
// gives every topic its own, so that a sentence is compared with the
// topic's sentences alone.
func (*Dedup) Bind(Env) (Filter, error) { return &Dedup{}, nil }
