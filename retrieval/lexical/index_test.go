package lexical

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/argsearch/argsearch/analysis"
	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/internal/slowtest"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/lexical/internal/index"
	"github.com/argsearch/argsearch/retrieval/retrievaltest"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/topics"
)

func buildIndex(t *testing.T, dir string, args []corpus.Argument, c Config) *Index {
	t.Helper()
	x, err := Build(context.Background(), dir, seq(args), c)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

func TestConformance(t *testing.T) {
	x := buildIndex(t, "", sampleArgs(t, 100), Config{})
	qs := []retrieval.Query{{ID: "1", Text: "Should abortion be legal?"}, {ID: "2", Text: "the of and"}, {ID: "3", Text: ""}}
	for _, s := range []Ranking{
		{},
		{Unit: "argument", Scoring: Scoring{Model: "dirichlet"}},
		{Unit: "argument", Scoring: Scoring{Model: "lucene-dirichlet"}, PRF: PRF{Method: prfRM3}},
		{Scoring: Scoring{Model: "tfidf"}, PRF: PRF{Method: prfBo1}},
	} {
		y, err := x.With(s)
		if err != nil {
			t.Fatal(err)
		}
		for _, err := range retrievaltest.Check(context.Background(), y, qs...) {
			t.Error(err)
		}
	}
}

func TestBadInput(t *testing.T) {
	ctx := context.Background()
	x := buildIndex(t, "", sampleArgs(t, 30), Config{})
	for _, q := range []retrieval.Query{{ID: "empty"}, {ID: "stop", Text: "the and of it is"}, {ID: "punct", Text: "?!,."}, {ID: "unknown", Text: "zzqxv"}} {
		hits, err := x.Retrieve(ctx, q, 10)
		if err != nil || len(hits) != 0 {
			t.Errorf("%s query: got %v, %v; want no hits and no error", q.ID, hits, err)
		}
	}
	if _, err := x.Retrieve(ctx, retrieval.Query{Text: "abortion"}, 0); !errors.Is(err, retrieval.ErrK) {
		t.Errorf("k=0: got %v, want ErrK", err)
	}
	if _, err := x.Retrieve(ctx, retrieval.Query{Text: "abortion"}, -1); !errors.Is(err, retrieval.ErrK) {
		t.Errorf("k=-1: got %v, want ErrK", err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := x.Retrieve(cctx, retrieval.Query{Text: "abortion"}, 10); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled retrieve: got %v, want context.Canceled", err)
	}
	if _, err := Build(cctx, t.TempDir(), seq(sampleArgs(t, 30)), Config{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled build: got %v, want context.Canceled", err)
	}
	for _, s := range []Ranking{{Unit: "paragraph"}, {Scoring: Scoring{Model: "bm26"}}, {PRF: PRF{Method: "rm4"}}, {Scoring: Scoring{B: 2}}} {
		if _, err := x.With(s); !errors.Is(err, errConfig) {
			t.Errorf("With(%+v): got %v, want errConfig", s, err)
		}
	}
	if _, err := Build(ctx, "", seq(nil), Config{Analyzer: "klingon"}); !errors.Is(err, errConfig) {
		t.Errorf("unknown analyzer: got %v, want errConfig", err)
	}
	readErr := errors.New("disk on fire")
	bad := func(yield func(corpus.Argument, error) bool) {
		if yield(sampleArgs(t, 1)[0], nil) {
			yield(corpus.Argument{}, readErr)
		}
	}
	if _, err := Build(ctx, "", bad, Config{}); !errors.Is(err, readErr) {
		t.Errorf("reader error: got %v, want it wrapped", err)
	}
	if err := x.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := x.Retrieve(ctx, retrieval.Query{Text: "abortion"}, 10); !errors.Is(err, errClosed) {
		t.Errorf("closed: got %v, want errClosed", err)
	}
}

func TestOpenErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := Open(dir, Config{}); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("empty dir: got %v, want fs.ErrNotExist", err)
	}
	if _, err := Open(filepath.Join(dir, "missing"), Config{}); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing dir: got %v, want fs.ErrNotExist", err)
	}
	args := sampleArgs(t, 20)
	buildIndex(t, dir, args, Config{Analyzer: "lucene"}).Close()
	if _, err := Build(context.Background(), dir, seq(args), Config{}); !errors.Is(err, errExists) {
		t.Errorf("build over an index: got %v, want errExists", err)
	}
	if _, err := Open(dir, Config{Analyzer: "en"}); !errors.Is(err, errConfig) {
		t.Errorf("other analyzer: got %v, want errConfig", err)
	}
	if x, err := Open(dir, Config{Analyzer: "lucene"}); err != nil {
		t.Errorf("same analyzer: %v", err)
	} else {
		x.Close()
	}

	// Damage the sentence file in several ways.
	path := filepath.Join(dir, "sentence.lex")
	orig, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	flipped := bytes.Clone(orig)
	flipped[len(flipped)-1] ^= 0x40 // in the last section's checksum, which Open checks
	for name, b := range map[string][]byte{
		"truncated": orig[:len(orig)/3],
		"flipped":   flipped,
		"empty":     {},
		"garbage":   []byte("not an index at all, really"),
	} {
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Open(dir, Config{}); !errors.Is(err, errCorrupt) {
			t.Errorf("%s file: got %v, want errCorrupt", name, err)
		}
	}
	os.Remove(path)
	if _, err := Open(dir, Config{}); !errors.Is(err, errCorrupt) {
		t.Errorf("missing unit file: got %v, want errCorrupt", err)
	}
	if err := os.WriteFile(filepath.Join(dir, index.MetaFile), []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(dir, Config{}); !errors.Is(err, errCorrupt) {
		t.Errorf("bad metadata: got %v, want errCorrupt", err)
	}
}

// runOf retrieves the 2021 topics and returns the run file's bytes.
func runOf(t *testing.T, x *Index, k int) []byte {
	t.Helper()
	ts, err := topics.Task1(2021)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	w := runfile.NewWriter(&buf, "test")
	for _, tp := range ts {
		hits, err := x.Retrieve(context.Background(), retrieval.Query{ID: tp.ID, Text: tp.Title}, k)
		if err != nil {
			t.Fatal(err)
		}
		rs := make([]runfile.Result, len(hits))
		for i, h := range hits {
			rs[i] = runfile.Result{DocID: h.ID, Score: h.Score}
		}
		if err := w.Write(tp.ID, rs); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestUnitsAndFrequentStopwords(t *testing.T) {
	args := sampleArgs(t, 100)
	x := buildIndex(t, "", args, Config{Units: []string{"argument"}, Analysis: &analysis.Analysis{Fold: true, Stop: "frequent", StopFrequent: 5, Stem: "porter2"}})
	if got := x.Docs("sentence"); got != 0 {
		t.Errorf("sentences indexed: %d, want 0", got)
	}
	if got := x.Docs("argument"); got != 100 {
		t.Errorf("arguments indexed: %d, want 100", got)
	}
	if _, err := x.With(Ranking{Unit: "sentence"}); !errors.Is(err, errConfig) {
		t.Errorf("searching an unbuilt unit: got %v, want errConfig", err)
	}
	sw := x.d.Meta.Stopwords
	if len(sw) != 5 {
		t.Fatalf("got stop words %v, want 5", sw)
	}
	// The stop words are the most frequent terms: "the" must be one.
	found := false
	for _, w := range sw {
		found = found || w == "the"
	}
	if !found {
		t.Errorf("stop words %v lack \"the\"", sw)
	}
	// Documents lengths exclude them: compare with the reference lengths.
	a, _ := x.Analysis().Normalized()
	z, _ := analysis.NewAnalyzer(a)
	stop := map[string]bool{}
	for _, w := range sw {
		stop[w] = true
	}
	ud := x.d.Unit("argument")
	for i, arg := range args {
		n := 0
		for _, term := range z.AppendTerms(nil, arg.Conclusion) {
			if !stop[term] {
				n++
			}
		}
		if got := ud.Fields[0].Length(uint64(i)); got != uint32(n) {
			t.Fatalf("argument %s: conclusion length %d, want %d", arg.ID, got, n)
		}
	}
	hits, err := x.With(Ranking{Unit: "argument"})
	if err != nil {
		t.Fatal(err)
	}
	if h, _ := hits.Retrieve(context.Background(), retrieval.Query{Text: "the"}, 5); len(h) != 0 {
		t.Errorf("query of a frequent stop word: got %d hits, want 0", len(h))
	}
}

func TestProgress(t *testing.T) {
	var last Progress
	n := 0
	x := buildIndex(t, "", sampleArgs(t, 50), Config{Progress: func(p Progress) { last = p; n++ }, ExpectedArguments: 50})
	if n == 0 || !last.Done || last.Arguments != 50 || last.Documents != x.Docs("sentence")+50 {
		t.Errorf("last progress %+v after %d reports; want Done with 50 arguments and %d documents", last, n, x.Docs("sentence")+50)
	}
}

// TestFrequentFieldStopwords checks Stop "frequent-fields" against counts made
// here: the n most frequent terms of the conclusions and premises, and of
// the discussion titles.
func TestFrequentFieldStopwords(t *testing.T) {
	args := sampleArgs(t, 100)
	an := analysis.Analysis{Possessive: true, Stop: "frequent-fields", StopFrequent: 4, Stem: "kstem"}
	x := buildIndex(t, "", args, Config{Analysis: &an})
	z, err := analysis.NewAnalyzer(analysis.Analysis{Possessive: true, Stem: "kstem"})
	if err != nil {
		t.Fatal(err)
	}
	top := func(texts func(corpus.Argument) []string) []string {
		count := map[string]int{}
		for _, a := range args {
			for _, text := range texts(a) {
				for _, term := range z.AppendTerms(nil, text) {
					count[term]++
				}
			}
		}
		terms := slices.Collect(maps.Keys(count))
		slices.SortFunc(terms, func(a, b string) int {
			if count[a] != count[b] {
				return count[b] - count[a]
			}
			return strings.Compare(a, b)
		})
		return terms[:4]
	}
	texts := top(func(a corpus.Argument) []string {
		out := []string{a.Conclusion}
		for _, p := range a.Premises {
			out = append(out, p.Text)
		}
		return out
	})
	contexts := top(func(a corpus.Argument) []string { return []string{a.Context.DiscussionTitle} })
	want := slices.Compact(slices.Sorted(slices.Values(append(slices.Clone(texts), contexts...))))
	if got := x.d.Meta.Stopwords; !slices.Equal(got, want) {
		t.Errorf("stop words %v, want %v (texts %v, contexts %v)", got, want, texts, contexts)
	}
	if slices.Equal(texts, contexts) {
		t.Errorf("texts and contexts have the same frequent terms %v: the test cannot tell the lists apart", texts)
	}
	if _, err := Build(context.Background(), "", seq(args), Config{Analysis: &an, Units: []string{"sentence"}}); !errors.Is(err, errConfig) {
		t.Errorf("frequent-fields without the argument unit: got %v, want errConfig", err)
	}
}

// TestCheckParallel checks that Check, which splits the terms between
// cores, checks every term, and finds a malformed list in the last part.
func TestCheckParallel(t *testing.T) {
	x := buildIndex(t, "", sampleArgs(t, 300), Config{})
	if err := x.d.Check(context.Background()); err != nil {
		t.Fatal(err)
	}
	split := 0
	for _, ud := range x.d.Units {
		for _, f := range ud.Fields {
			for id := range f.Checked {
				if f.Checked[id].Load() != index.Sound {
					t.Fatalf("%s/%s: term %q not checked", ud.Name, f.Name, f.Term(id))
				}
			}
			if len(f.Post) >= 1<<16 {
				split++
			}
		}
	}
	if split == 0 {
		t.Error("no field large enough to be split")
	}
	y := buildIndex(t, "", sampleArgs(t, 300), Config{})
	f := y.d.Unit("sentence").Fields[0]
	last := len(f.DF) - 1
	f.Post[f.PostOff[last]] = 33 // a gap width no block has
	if err := y.d.Check(context.Background()); !errors.Is(err, errCorrupt) || !strings.Contains(err.Error(), string(f.Term(last))) {
		t.Errorf("Check: got %v, want errCorrupt naming %q", err, f.Term(last))
	}
}

// TestCorruptPostingsLazy: a malformed posting list (behind a matching
// checksum) is found by the first query that reads it and by Check, as an
// error wrapping errCorrupt; queries that do not read it still work.
func TestCorruptPostingsLazy(t *testing.T) {
	x := buildIndex(t, "", sampleArgs(t, 100), Config{Analyzer: "lucene", Units: []string{"sentence"}})
	f := x.d.Unit("sentence").Fields[0]
	id := f.Lookup("quota")
	if id < 0 {
		t.Fatal("no term quota in the sample")
	}
	for i := f.PostOff[id]; i < f.PostOff[id+1]; i++ {
		f.Post[i] = 0x80 // bit widths over 32
	}
	ctx := context.Background()
	if _, err := x.Retrieve(ctx, retrieval.Query{Text: "racial quotas"}, 10); !errors.Is(err, errCorrupt) || !strings.Contains(err.Error(), "quota") {
		t.Errorf("query of the term: got %v, want errCorrupt naming it", err)
	}
	if hits, err := x.Retrieve(ctx, retrieval.Query{Text: "affirmative action"}, 10); err != nil || len(hits) == 0 {
		t.Errorf("query of other terms: %d hits, %v", len(hits), err)
	}
	if err := x.d.Check(ctx); !errors.Is(err, errCorrupt) {
		t.Errorf("Check: got %v, want errCorrupt", err)
	}
}

// TestIDs checks every document's id, over restarts of the front coding,
// against the ids the arguments gave, on ids that share much, little and
// nothing with their predecessors, and one longer than the decoder's
// buffer.
func TestIDs(t *testing.T) {
	args := sampleArgs(t, 200)
	args[3].ID = strings.Repeat("x", 300)
	args[4].ID = strings.Repeat("x", 299) + "y"
	args[5].ID = "a"
	var want []string
	for _, a := range args {
		for _, s := range a.Sentences {
			want = append(want, s.ID)
		}
	}
	x := buildIndex(t, "", args, Config{Units: []string{"sentence", "argument"}})
	for _, ud := range x.d.Units {
		var ids []string
		if ud.Name == "argument" {
			for _, a := range args {
				ids = append(ids, a.ID)
			}
		} else {
			ids = want
		}
		if ud.Docs() != len(ids) {
			t.Fatalf("%s: %d documents, want %d", ud.Name, ud.Docs(), len(ids))
		}
		for d, id := range ids {
			if got := ud.ID(uint32(d)); got != id {
				t.Fatalf("%s: document %d: id %q, want %q", ud.Name, d, got, id)
			}
		}
	}
}

// TestCloseDuringQueries closes an index while goroutines query it: every
// query returns hits or errClosed, none crashes, and Close waits for the
// queries it overtakes.
func TestCloseDuringQueries(t *testing.T) {
	args := sampleArgs(t, 200)
	for round := range 20 {
		if round >= 4 && !slowtest.Enabled() {
			break // rounds 4 to 19 (later closes) only with ARGSEARCH_SLOW=1
		}
		x, err := Build(context.Background(), t.TempDir(), seq(args), Config{})
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		errs := make(chan error, 64)
		for w := range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range 50 {
					_, err := x.Retrieve(context.Background(), retrieval.Query{ID: "1", Text: []string{"abortion", "school uniforms", "nuclear energy"}[(w+i)%3]}, 100)
					if err != nil {
						errs <- err
						return
					}
				}
			}()
		}
		time.Sleep(time.Duration(round) * 200 * time.Microsecond)
		if err := x.Close(); err != nil {
			t.Fatal(err)
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if !errors.Is(err, errClosed) {
				t.Fatalf("round %d: a query got %v, want hits or errClosed", round, err)
			}
		}
		if _, err := x.Retrieve(context.Background(), retrieval.Query{ID: "1", Text: "abortion"}, 10); !errors.Is(err, errClosed) {
			t.Fatalf("after Close: got %v, want errClosed", err)
		}
		if n := x.Docs("pair"); n != 0 {
			t.Fatalf("Docs(pair) after Close: %d, want 0", n)
		}
	}
}

// TestOpenBadRankingUnmaps checks that an Open refused for its ranking
// releases the index's mapping (it leaked until the process ended).
func TestOpenBadRankingUnmaps(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc/self/maps")
	}
	dir := t.TempDir()
	if err := buildIndex(t, dir, sampleArgs(t, 30), Config{}).Close(); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if _, err := Open(dir, Config{Ranking: Ranking{Scoring: Scoring{Model: "nope"}}}); err == nil {
			t.Fatal("Open with an unknown model: no error")
		}
	}
	maps, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(string(maps)) {
		if strings.Contains(line, dir) {
			t.Errorf("the index is still mapped after a refused Open: %s", strings.TrimSpace(line))
		}
	}
}
