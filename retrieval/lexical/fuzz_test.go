package lexical

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/argsearch/argsearch/retrieval"
)

// FuzzOpen feeds damaged unit files to Open: it must return an error or an
// index that answers queries, never panic.
func FuzzOpen(f *testing.F) {
	dir := f.TempDir()
	x, err := Build(context.Background(), dir, seq(sampleArgs(f, 3)), Config{Units: []Unit{"sentence"}})
	if err != nil {
		f.Fatal(err)
	}
	x.Close()
	good, err := os.ReadFile(filepath.Join(dir, "sentence.lex"))
	if err != nil {
		f.Fatal(err)
	}
	meta, err := os.ReadFile(filepath.Join(dir, metaFile))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add(good[:len(good)/2])
	f.Fuzz(func(t *testing.T, b []byte) {
		d := t.TempDir()
		if err := os.WriteFile(filepath.Join(d, metaFile), meta, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(d, "sentence.lex"), b, 0o644); err != nil {
			t.Fatal(err)
		}
		x, err := Open(d, Config{})
		if err != nil {
			return
		}
		defer x.Close()
		for _, m := range []Model{"bm25", "dirichlet"} {
			y, err := x.With(Ranking{Scoring: Scoring{Model: m}})
			if err != nil {
				t.Fatal(err)
			}
			y.Retrieve(context.Background(), retrieval.Query{Text: "abortion should be legal"}, 5)
		}
	})
}

// FuzzOpenUnchecked is FuzzOpen without the checksums: it opens a file with
// a byte changed without comparing its checksums (openIndex), so that the
// structural checks at Open and the first-read checks of postings and term
// vectors are exercised.
func FuzzOpenUnchecked(f *testing.F) {
	dir := f.TempDir()
	x, err := Build(context.Background(), dir, seq(sampleArgs(f, 3)), Config{Units: []Unit{"sentence"}})
	if err != nil {
		f.Fatal(err)
	}
	x.Close()
	good, _ := os.ReadFile(filepath.Join(dir, "sentence.lex"))
	meta, _ := os.ReadFile(filepath.Join(dir, metaFile))
	f.Add(good, 0, byte(0))
	f.Fuzz(func(t *testing.T, file []byte, pos int, v byte) {
		if len(file) > 0 {
			if pos < 0 {
				pos = -pos
			}
			file[pos%len(file)] ^= v
		}
		d := t.TempDir()
		os.WriteFile(filepath.Join(d, metaFile), meta, 0o644)
		os.WriteFile(filepath.Join(d, "sentence.lex"), file, 0o644)
		x, err := openIndex(d, Config{Ranking: Ranking{PRF: PRF{Method: prfRM3}}}, false)
		if err != nil {
			return
		}
		defer x.Close()
		for _, m := range []Model{"bm25", "lucene-dirichlet"} {
			y, _ := x.With(Ranking{Scoring: Scoring{Model: m}, PRF: PRF{Method: prfBo1}})
			y.Retrieve(context.Background(), retrieval.Query{Text: "abortion should be legal death penalty"}, 5)
		}
		x.check(context.Background())
	})
}
