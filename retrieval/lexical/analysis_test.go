package lexical

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/argsearch/argsearch/analysis"
	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/retrieval"
)

// TestShingleBuild checks the term vector and length of a document with
// shingles: "death penalty death penalty" with Shingles 2 has the terms
// death, death penalty, penalty, penalty death, death, death penalty,
// penalty: 7 terms (shingles count), "death penalty" twice.
func TestShingleBuild(t *testing.T) {
	a := corpus.Argument{ID: "A", Conclusion: "death penalty death penalty", Sentences: []corpus.Sentence{
		{ID: "A__CONC__1", Text: "death penalty death penalty"},
	}}
	for _, dir := range []string{"", t.TempDir()} {
		c := Config{Analysis: &analysis.Analysis{Shingles: 2}}
		x, err := Build(context.Background(), dir, seq([]corpus.Argument{a}), c)
		if err != nil {
			t.Fatal(err)
		}
		if dir != "" {
			x.Close()
			if _, err := Open(dir, Config{Analysis: &analysis.Analysis{}}); !errors.Is(err, errConfig) {
				t.Errorf("Open without shingles: got %v, want errConfig", err)
			}
			if x, err = Open(dir, c); err != nil {
				t.Fatal(err)
			}
		}
		for _, u := range []string{"sentence", "argument"} {
			vec := map[string]float64{}
			dl, err := x.d.Unit(u).TermVector(0, vec)
			if err != nil {
				t.Fatal(err)
			}
			want := map[string]float64{"death": 2, "penalty": 2, "death penalty": 2, "penalty death": 1}
			if diff := cmp.Diff(want, vec); diff != "" || dl != 7 {
				t.Errorf("%s: got length %g, want 7; terms (+) unlike (-):\n%s", u, dl, diff)
			}
		}
		x.Close()
	}
}

// TestShingleRanking shows a shingle query preferring the document with
// the phrase: without shingles, "death penalty is wrong" and "penalty
// death is wrong" have the same terms and lengths, so they tie (and the
// tie goes to the larger id, B); with shingles, A also matches the query's
// shingle "death penalty".
func TestShingleRanking(t *testing.T) {
	var args []corpus.Argument
	for _, s := range [][2]string{{"A", "death penalty is wrong"}, {"B", "penalty death is wrong"}, {"C", "cats purr loudly today"}} {
		args = append(args, corpus.Argument{ID: s[0], Conclusion: s[1], Sentences: []corpus.Sentence{{ID: s[0] + "__CONC__1", Text: s[1]}}})
	}
	q := retrieval.Query{Text: "the death penalty"}
	for _, c := range []struct {
		shingles int
		want     []string
		tie      bool
	}{
		{0, []string{"B__CONC__1", "A__CONC__1"}, true},
		{3, []string{"A__CONC__1", "B__CONC__1"}, false},
	} {
		an := analysis.Analysis{Stop: "lucene", Stem: "kstem", Shingles: c.shingles}
		x, err := Build(context.Background(), "", seq(args), Config{Analysis: &an, Units: []string{"sentence"}})
		if err != nil {
			t.Fatal(err)
		}
		hits, err := x.Retrieve(context.Background(), q, 10)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, h := range hits {
			ids = append(ids, h.ID)
		}
		if diff := cmp.Diff(c.want, ids); diff != "" {
			t.Errorf("shingles %d: got ranking (+), want (-):\n%s", c.shingles, diff)
		} else if tie := hits[0].Score == hits[1].Score; tie != c.tie {
			t.Errorf("shingles %d: scores %g and %g, want a tie: %v", c.shingles, hits[0].Score, hits[1].Score, c.tie)
		}
		x.Close()
	}
}

// TestShingleSegments checks that a build with shingles to a directory,
// whose terms pass the bound it holds in memory, writes segments and
// gives the index a build without the bound gives, byte for byte.
func TestShingleSegments(t *testing.T) {
	var args []corpus.Argument
	for i := range 50 {
		id := fmt.Sprintf("A%d", i)
		text := fmt.Sprintf("word%d other%d third%d fourth%d", i, i*7, i*13, i*17)
		args = append(args, corpus.Argument{ID: id, Conclusion: text, Sentences: []corpus.Sentence{{ID: id + "__CONC__1", Text: text}}})
	}
	an := analysis.Analysis{Shingles: 3}
	whole, segs := filepath.Join(t.TempDir(), "whole"), filepath.Join(t.TempDir(), "segments")
	if _, err := Build(context.Background(), whole, seq(args), Config{Analysis: &an}); err != nil {
		t.Fatal(err)
	}
	var runs int
	if _, err := Build(context.Background(), segs, seq(args), Config{Analysis: &an, maxShingleTerms: 100, Progress: func(p Progress) { runs = p.Runs }}); err != nil {
		t.Fatal(err)
	}
	if runs == 0 {
		t.Fatal("no segment written")
	}
	for _, name := range []string{"index.json", "sentence.lex", "argument.lex"} {
		a, errA := os.ReadFile(filepath.Join(whole, name))
		b, errB := os.ReadFile(filepath.Join(segs, name))
		if errA != nil || errB != nil || !bytes.Equal(a, b) {
			t.Errorf("%s differs between a build with segments and one without (%v, %v)", name, errA, errB)
		}
	}
}
