package lexical

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/lexical/internal/index"
)

// FuzzOpen feeds damaged unit files to Open: it must return an error or an
// index that answers queries, never panic; a query fails only with a
// corrupt-index error, and again when repeated. A file that differs from a
// sound one in at most 4 consecutive bytes (a burst of at most 32 bits,
// which CRC-32C always detects) must be found corrupt, by Open or by the
// check of everything that queries read.
func FuzzOpen(f *testing.F) {
	dir := f.TempDir()
	x, err := Build(context.Background(), dir, seq(sampleArgs(f, 3)), Config{Units: []string{"sentence"}})
	if err != nil {
		f.Fatal(err)
	}
	x.Close()
	good, err := os.ReadFile(filepath.Join(dir, "sentence.lex"))
	if err != nil {
		f.Fatal(err)
	}
	meta, err := os.ReadFile(filepath.Join(dir, index.MetaFile))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add(good[:len(good)/2])
	for _, at := range []int{len(index.Magic) + 20, len(good) / 2, len(good) - 100} {
		b := bytes.Clone(good)
		b[at] ^= 0x04
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		d := t.TempDir()
		if err := os.WriteFile(filepath.Join(d, index.MetaFile), meta, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, "sentence.lex"), b, 0o644); err != nil {
			t.Fatal(err)
		}
		burst := false // b is good with a burst of at most 32 bits changed
		if len(b) == len(good) {
			first, last := -1, -1
			for i := range b {
				if b[i] != good[i] {
					if first < 0 {
						first = i
					}
					last = i
				}
			}
			burst = first >= 0 && last-first < 4
		}
		x, err := Open(d, Config{})
		if err != nil {
			if !errors.Is(err, errCorrupt) {
				t.Fatalf("Open: got %v, want errCorrupt", err)
			}
			return
		}
		defer x.Close()
		for _, m := range []string{"bm25", "dirichlet"} {
			y, err := x.With(Ranking{Scoring: Scoring{Model: m}, PRF: PRF{Method: prfRM3}})
			if err != nil {
				t.Fatal(err)
			}
			q := retrieval.Query{Text: "abortion should be legal"}
			_, err = y.Retrieve(context.Background(), q, 5)
			if err != nil && !errors.Is(err, errCorrupt) {
				t.Fatalf("Retrieve: got %v, want nil or errCorrupt", err)
			}
			if _, again := y.Retrieve(context.Background(), q, 5); fmt.Sprint(again) != fmt.Sprint(err) {
				t.Fatalf("Retrieve again: got %v, want %v", again, err)
			}
		}
		if err := x.d.Check(context.Background()); burst && !errors.Is(err, errCorrupt) {
			t.Fatalf("a burst of at most 32 bits changed: Open and check found nothing (check: %v)", err)
		}
	})
}

// FuzzOpenUnchecked is FuzzOpen without the checksums: it opens a file with
// a byte changed without comparing its checksums (openIndex), so that the
// structural checks at Open and the first-read checks of postings and term
// vectors are exercised.
func FuzzOpenUnchecked(f *testing.F) {
	dir := f.TempDir()
	x, err := Build(context.Background(), dir, seq(sampleArgs(f, 3)), Config{Units: []string{"sentence"}})
	if err != nil {
		f.Fatal(err)
	}
	x.Close()
	good, _ := os.ReadFile(filepath.Join(dir, "sentence.lex"))
	meta, _ := os.ReadFile(filepath.Join(dir, index.MetaFile))
	f.Add(good, 0, byte(0))
	f.Fuzz(func(t *testing.T, file []byte, pos int, v byte) {
		if len(file) > 0 {
			if pos < 0 {
				pos = -pos
			}
			file[pos%len(file)] ^= v
		}
		d := t.TempDir()
		os.WriteFile(filepath.Join(d, index.MetaFile), meta, 0o644)
		os.WriteFile(filepath.Join(d, "sentence.lex"), file, 0o644)
		x, err := openIndex(d, Config{Ranking: Ranking{PRF: PRF{Method: prfRM3}}}, false)
		if err != nil {
			return
		}
		defer x.Close()
		for _, m := range []string{"bm25", "lucene-dirichlet"} {
			y, _ := x.With(Ranking{Scoring: Scoring{Model: m}, PRF: PRF{Method: prfBo1}})
			y.Retrieve(context.Background(), retrieval.Query{Text: "abortion should be legal death penalty"}, 5)
		}
		x.d.Check(context.Background())
	})
}
