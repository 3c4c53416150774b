package lexical

import (
	"context"
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"

	"github.com/argsearch/argsearch/internal/crc32c"
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

// FuzzOpenUnchecked is FuzzOpen without the checksum: it parses the
// sections of any input whose checksum is made to match, so that the
// structural checks and the query-time bounds checks are exercised.
func FuzzOpenUnchecked(f *testing.F) {
	dir := f.TempDir()
	x, err := Build(context.Background(), dir, seq(sampleArgs(f, 3)), Config{Units: []Unit{"sentence"}})
	if err != nil {
		f.Fatal(err)
	}
	x.Close()
	good, _ := os.ReadFile(filepath.Join(dir, "sentence.lex"))
	meta, _ := os.ReadFile(filepath.Join(dir, metaFile))
	f.Add(good[:len(good)-4], 0, byte(0))
	f.Fuzz(func(t *testing.T, body []byte, pos int, v byte) {
		if len(body) > 0 {
			if pos < 0 {
				pos = -pos
			}
			body[pos%len(body)] ^= v
		}
		d := t.TempDir()
		os.WriteFile(filepath.Join(d, metaFile), meta, 0o644)
		file := append(append([]byte(nil), body...), 0, 0, 0, 0)
		putCRC(file)
		os.WriteFile(filepath.Join(d, "sentence.lex"), file, 0o644)
		x, err := Open(d, Config{Ranking: Ranking{PRF: PRF{Method: prfRM3}}})
		if err != nil {
			return
		}
		defer x.Close()
		for _, m := range []Model{"bm25", "lucene-dirichlet"} {
			y, _ := x.With(Ranking{Scoring: Scoring{Model: m}, PRF: PRF{Method: prfBo1}})
			y.Retrieve(context.Background(), retrieval.Query{Text: "abortion should be legal death penalty"}, 5)
		}
	})
}

// putCRC sets the last four bytes of file to the checksum of the rest.
func putCRC(file []byte) {
	if len(file) < 4 {
		return
	}
	binary.LittleEndian.PutUint32(file[len(file)-4:], crc32c.Checksum(file[:len(file)-4]))
}
