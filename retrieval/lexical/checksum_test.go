package lexical

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/lexical/internal/index"
)

// A fileSection is where a section's bytes are in a unit file.
type fileSection struct {
	start, end int
	large      bool // checked when read (ids, postings, blocks, term vectors and their offsets), not by Open
}

// unitSections walks the sections of a unit file (see internal/index), and
// returns where their bytes are; it splits the postings' 8 bytes of
// padding, which Open checks, from the postings.
func unitSections(t *testing.T, b []byte) (all []fileSection, post, fwd []fileSection) {
	t.Helper()
	off := len(index.Magic)
	for k := -5; off < len(b); k++ { // k: the section's index among its field's
		off += (8 - off%8) % 8
		n := int(binary.LittleEndian.Uint64(b[off:]))
		start, end := off+8, off+8+n
		switch {
		case k >= 0 && k%16 == 7:
			post = append(post, fileSection{start, end - 8, true})
			all = append(all, post[len(post)-1], fileSection{end - 8, end, false})
		case k >= 0 && k%16 == 12:
			fwd = append(fwd, fileSection{start, end, true})
			all = append(all, fwd[len(fwd)-1])
		case k >= 0 && k%16 == 13 && n > 0:
			// The term vector offsets: Open checks the first and last.
			all = append(all, fileSection{start, start + 8, false}, fileSection{start + 8, end - 8, true}, fileSection{end - 8, end, false})
		default:
			all = append(all, fileSection{start, end, k == -5 || k >= 0 && k%16 == 9})
		}
		off = end + 4
	}
	if off != len(b) || len(post) == 0 || len(fwd) != len(post) {
		t.Fatalf("unit file of %d bytes: sections end at %d, %d of them", len(b), off, len(all))
	}
	return all, post, fwd
}

// TestCorruptByte changes every byte of the unit files in turn: a change
// in a small section, a byte count, a checksum or padding makes Open fail;
// a change in the postings or term vectors passes Open and fails the
// check of everything (the first-read path of queries), both with errors
// wrapping errCorrupt and naming the file.
func TestCorruptByte(t *testing.T) {
	dir := t.TempDir()
	if err := buildIndex(t, dir, sampleArgs(t, 3), Config{}).Close(); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, unit := range []string{"sentence", "argument"} {
		path := filepath.Join(dir, unit+".lex")
		orig, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		large := make([]bool, len(orig))
		nLarge := 0
		all, _, _ := unitSections(t, orig)
		for _, s := range all {
			for i := s.start; i < s.end && s.large; i++ {
				large[i] = true
				nLarge++
			}
		}
		if nLarge == 0 || nLarge == len(orig) {
			t.Fatalf("%s: %d of %d bytes in large sections", unit, nLarge, len(orig))
		}
		// Every byte near the start or end of a section (its byte count,
		// checksum, padding), and every 37th byte in between: Open is too
		// slow for all of them.
		near := make([]bool, len(orig))
		for _, s := range all {
			for _, at := range []int{s.start, s.end} {
				for i := max(at-16, 0); i < min(at+16, len(orig)); i++ {
					near[i] = true
				}
			}
		}
		b := bytes.Clone(orig)
		for i := range b {
			if !near[i] && i%37 != 0 {
				continue
			}
			b[i] ^= 0x10
			if err := os.WriteFile(path, b, 0o644); err != nil {
				t.Fatal(err)
			}
			b[i] = orig[i]
			x, err := Open(dir, Config{})
			if !large[i] {
				if !errors.Is(err, errCorrupt) || !strings.Contains(err.Error(), path) {
					t.Fatalf("%s: byte %d changed (a small section): Open gave %v, want errCorrupt naming the file", unit, i, err)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%s: byte %d changed (a large section): Open gave %v, want it to open", unit, i, err)
			}
			err = x.d.Check(ctx)
			x.Close()
			if !errors.Is(err, errCorrupt) || !strings.Contains(err.Error(), path) {
				t.Fatalf("%s: byte %d changed (a large section): check gave %v, want errCorrupt naming the file", unit, i, err)
			}
		}
		if err := os.WriteFile(path, orig, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestCorruptLazyQuery: a changed byte in a term's postings, the term
// vectors or the document ids makes the queries that read them fail (every
// time), naming the file (and field and term); other queries still work.
func TestCorruptLazyQuery(t *testing.T) {
	dir := t.TempDir()
	buildIndex(t, dir, sampleArgs(t, 30), Config{Units: []string{"sentence"}})
	path := filepath.Join(dir, "sentence.lex")
	orig, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	x, err := Open(dir, Config{})
	if err != nil {
		t.Fatal(err)
	}
	terms := x.d.s.Terms(&x.p, retrieval.Query{Text: "abortion"})
	f := x.d.Unit("sentence").Fields[0]
	if len(terms) != 1 || f.Lookup(terms[0].Text) < 0 {
		t.Fatalf("query terms %v: want one term of the index", terms)
	}
	term := terms[0].Text
	id := f.Lookup(term)
	at := f.PostOff[id] + (f.PostOff[id+1]-f.PostOff[id])/2
	// A byte of the term vectors of the chunk of the best document, which
	// is among the feedback documents.
	best, err := x.d.s.Run(context.Background(), x.d.Unit("sentence"), &x.p, terms, 1, nil)
	if err != nil || len(best) != 1 {
		t.Fatalf("best document: %v, %v", best, err)
	}
	lo := best[0].Doc / index.FwdChunk * index.FwdChunk
	hi := min(int(lo)+index.FwdChunk, f.Docs())
	vec := (f.FwdOff[lo] + f.FwdOff[hi]) / 2
	// A byte of the ids of the chunk of the best document.
	ids := x.d.Unit("sentence").IDRestart[best[0].Doc/index.IDChunk*index.IDChunk/index.IDEvery] + 3
	x.Close()
	all, post, fwd := unitSections(t, orig)
	idSection := all[0]
	ctx := context.Background()
	for _, c := range []struct {
		name      string
		pos       int
		ranking   Ranking
		bad, good string // queries that read the damage, and that do not
		want      string // in the error
	}{
		{"postings", post[0].start + int(at), Ranking{}, "abortion", "death penalty", "field text: bad posting list of term " + `"` + term + `"`},
		{"term vectors", fwd[0].start + int(vec), Ranking{PRF: PRF{Method: prfRM3}}, "abortion", "", "field text: term vectors of documents"},
		{"ids", idSection.start + int(ids), Ranking{}, "abortion", "", "the ids of documents"},
	} {
		b := bytes.Clone(orig)
		b[c.pos] ^= 0x01
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		x, err := Open(dir, Config{Ranking: c.ranking})
		if err != nil {
			t.Fatalf("%s changed: Open gave %v, want it to open", c.name, err)
		}
		for range 2 {
			_, err := x.Retrieve(ctx, retrieval.Query{Text: c.bad}, 10)
			if !errors.Is(err, errCorrupt) || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s changed: query %q gave %v, want errCorrupt naming the file and %s", c.name, c.bad, err, c.want)
			}
		}
		if c.good != "" {
			if hits, err := x.Retrieve(ctx, retrieval.Query{Text: c.good}, 10); err != nil || len(hits) == 0 {
				t.Errorf("%s changed: query %q: %d hits, %v; want hits", c.name, c.good, len(hits), err)
			}
		}
		x.Close()
	}
}
