package bleveindex_test

import (
	"context"
	"errors"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/corpus/sample"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/bleveindex"
	"github.com/argsearch/argsearch/retrieval/retrievaltest"
)

// sampleArgs returns the arguments of the embedded args.me sample.
func sampleArgs(t testing.TB) []corpus.Argument {
	t.Helper()
	var out []corpus.Argument
	for a, err := range corpus.NewCSVReader(sample.Touche2021().ProcessedCSV()).All() {
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, a)
	}
	return out
}

// seq yields args, then err if it is not nil.
func seq(args []corpus.Argument, err error) func(func(corpus.Argument, error) bool) {
	return func(yield func(corpus.Argument, error) bool) {
		for _, a := range args {
			if !yield(a, nil) {
				return
			}
		}
		if err != nil {
			yield(corpus.Argument{}, err)
		}
	}
}

func build(t testing.TB, path string, args []corpus.Argument, c bleveindex.Config) *bleveindex.Index {
	t.Helper()
	x, err := bleveindex.Build(context.Background(), path, seq(args, nil), c)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { x.Close() })
	return x
}

// titles are Touché 2021 topics (51, 68, 57, 52) whose judged pools the
// sample was drawn from.
var titles = []retrieval.Query{
	{ID: "51", Text: "Do we need sex education in schools?"},
	{ID: "68", Text: "Should celibacy be abolished?"},
	{ID: "57", Text: "Are gender or racial quotas effective?"},
	{ID: "52", Text: "Should stem cell research be expanded?"},
}

func TestConformanceSample(t *testing.T) {
	args := sampleArgs(t)
	for _, unit := range []string{"sentence", "argument"} {
		t.Run(string(unit), func(t *testing.T) {
			x := build(t, "", args, bleveindex.Config{Unit: unit, Plain: true})
			for _, err := range retrievaltest.Check(context.Background(), x, titles...) {
				t.Error(err)
			}
			// The same index in query-string syntax.
			qs := bleveindex.New(x.Bleve(), bleveindex.Config{})
			for _, err := range retrievaltest.Check(context.Background(), qs,
				retrieval.Query{ID: "qs1", Text: `+"sex education" school*`},
				retrieval.Query{ID: "qs2", Text: `celibacy priests -marriage`}) {
				t.Error(err)
			}
		})
	}
	t.Run("argument fields", func(t *testing.T) {
		x := build(t, "", args, bleveindex.Config{Unit: "argument"})
		fields := []string{"conclusion", "premise"}
		for _, err := range retrievaltest.Check(context.Background(), bleveindex.New(x.Bleve(), bleveindex.Config{Plain: true, Fields: fields}), titles...) {
			t.Error(err)
		}
		for _, err := range retrievaltest.Check(context.Background(), bleveindex.New(x.Bleve(), bleveindex.Config{Fields: fields}),
			retrieval.Query{ID: "qs3", Text: `+quotas title:gender`}) {
			t.Error(err)
		}
	})
}

// tiny is a hand-made corpus. With bleve's "en" analyzer and tf-idf, the
// word "dogs" (stem dog) occurs once in three sentences of three terms and
// twice in a sentence of five terms ("and" and "are" are stop words).
var tiny = []corpus.Argument{
	{ID: "A1", Sentences: []corpus.Sentence{
		{ID: "A1__PREMISE__1", Text: "Dogs bark loudly."},
		{ID: "A1__PREMISE__2", Text: "Cats purr."},
	}},
	{ID: "A2", Sentences: []corpus.Sentence{
		{ID: "A2__PREMISE__1", Text: "Dogs run quickly."},
		{ID: "A2__PREMISE__2", Text: "Birds sing."},
	}},
	{ID: "A3", Sentences: []corpus.Sentence{
		{ID: "A3__PREMISE__1", Text: "Dogs swim daily."},
		{ID: "A3__CONC__1", Text: "Dogs and cats are pets; dogs are loyal."},
	}},
}

func TestTinyHandChecked(t *testing.T) {
	// bleve's tf-idf of a one-word query: √f · (1/√dl) · idf, with
	// idf = 1 + ln(N/(df+1)); N = 6 sentences.
	idfDog := 1 + math.Log(6.0/5)
	idfCat := 1 + math.Log(6.0/3)
	dog1 := idfDog / math.Sqrt(3)                   // the three ties
	dogConc := math.Sqrt(2) * idfDog / math.Sqrt(5) // "dog cat pet dog loyal"
	tests := []struct {
		text string
		k    int
		want []retrieval.Hit
	}{
		{"dogs", 10, []retrieval.Hit{
			{ID: "A3__CONC__1", Score: dogConc},
			{ID: "A3__PREMISE__1", Score: dog1},
			{ID: "A2__PREMISE__1", Score: dog1},
			{ID: "A1__PREMISE__1", Score: dog1},
		}},
		// The cut at k falls among ties: the highest ids are kept.
		{"dogs", 2, []retrieval.Hit{{ID: "A3__CONC__1", Score: dogConc}, {ID: "A3__PREMISE__1", Score: dog1}}},
		{"dogs", 3, []retrieval.Hit{{ID: "A3__CONC__1", Score: dogConc}, {ID: "A3__PREMISE__1", Score: dog1}, {ID: "A2__PREMISE__1", Score: dog1}}},
		{"Cats!", 10, []retrieval.Hit{{ID: "A1__PREMISE__2", Score: idfCat / math.Sqrt(2)}, {ID: "A3__CONC__1", Score: idfCat / math.Sqrt(5)}}},
		{"the", 10, []retrieval.Hit{}}, // a stop word matches nothing
		{"unicorns", 10, []retrieval.Hit{}},
	}
	// Documents are indexed in id order, in another order, and one per
	// segment: ties must still come out by id descending.
	orders := map[string][]corpus.Argument{
		"in order": tiny,
		"shuffled": {tiny[2], tiny[0], tiny[1]},
	}
	for name, args := range orders {
		for _, batch := range []int{0, 1} {
			x := build(t, "", args, bleveindex.Config{BatchSize: batch, Plain: true})
			for _, tt := range tests {
				got, err := x.Retrieve(context.Background(), retrieval.Query{ID: "t", Text: tt.text}, tt.k)
				if err != nil {
					t.Fatalf("%s, batch %d, %q: %v", name, batch, tt.text, err)
				}
				if diff := cmp.Diff(tt.want, got, cmpopts.EquateApprox(0, 1e-6), cmpopts.EquateEmpty()); diff != "" {
					t.Errorf("%s, batch %d, %q k=%d: got … want (-want +got):\n%s", name, batch, tt.text, tt.k, diff)
				}
			}
		}
	}
}

// ids returns the ids of hits, sorted.
func ids(hits []retrieval.Hit) []string {
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = h.ID
	}
	slices.Sort(out)
	return out
}

func TestTinyQueryString(t *testing.T) {
	x := build(t, "", tiny, bleveindex.Config{})
	tests := []struct {
		text string
		want []string
	}{
		{"+dogs -cats", []string{"A1__PREMISE__1", "A2__PREMISE__1", "A3__PREMISE__1"}},
		{`"dogs are loyal"`, []string{"A3__CONC__1"}},
		{`"loyal dogs"`, nil},
		{"text:purr", []string{"A1__PREMISE__2"}},
		{"bird*", []string{"A2__PREMISE__2"}},
		{"sing bark", []string{"A1__PREMISE__1", "A2__PREMISE__2"}},
		// The trap: "?" makes a wildcard, which is not analysed, so
		// "Birds?" looks for a term of six characters, Birds plus one,
		// and the stemmed index has none.
		{"Birds?", nil},
		{"+the +birds", []string{"A2__PREMISE__2"}}, // a dropped stop word does not block a must
	}
	for _, tt := range tests {
		got, err := x.Retrieve(context.Background(), retrieval.Query{ID: "t", Text: tt.text}, 10)
		if err != nil {
			t.Fatalf("%q: %v", tt.text, err)
		}
		if diff := cmp.Diff(tt.want, ids(got), cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("%q: got … want (-want +got):\n%s", tt.text, diff)
		}
	}
}

func TestArgumentFields(t *testing.T) {
	args := []corpus.Argument{
		{ID: "a", Conclusion: "Zoos should close", Premises: []corpus.Premise{{Text: "Animals suffer."}, {Text: "Cages are small."}},
			Context: corpus.Context{DiscussionTitle: "Should zoos exist?"}},
		{ID: "b", Conclusion: "Zoos protect species", Premises: []corpus.Premise{{Text: "Breeding programmes work."}},
			Context: corpus.Context{DiscussionTitle: "Animal welfare"}},
		{ID: "c", Conclusion: "Circuses are cruel", Premises: []corpus.Premise{{Text: "Zoos are no better."}},
			Context: corpus.Context{DiscussionTitle: "Circus animals"}},
	}
	x := build(t, "", args, bleveindex.Config{Unit: "argument"})
	tests := []struct {
		c    bleveindex.Config
		text string
		want []string
	}{
		{bleveindex.Config{Plain: true}, "zoo", []string{"a", "b", "c"}}, // _all
		{bleveindex.Config{Plain: true, Fields: []string{"title"}}, "zoo", []string{"a"}},
		{bleveindex.Config{Plain: true, Fields: []string{"premise"}}, "zoo cages", []string{"a", "c"}},
		{bleveindex.Config{Plain: true, Fields: []string{"conclusion", "title"}}, "animals", []string{"b", "c"}},
		{bleveindex.Config{Fields: []string{"conclusion", "title"}}, "+zoos -title:animal", []string{"a"}},
		{bleveindex.Config{Fields: []string{"conclusion", "title"}}, "+the +zoos +close", []string{"a"}},
		{bleveindex.Config{Fields: []string{"premise"}}, "breeding premise:cages conclusion:cruel", []string{"a", "b", "c"}},
	}
	for _, tt := range tests {
		got, err := bleveindex.New(x.Bleve(), tt.c).Retrieve(context.Background(), retrieval.Query{ID: "t", Text: tt.text}, 10)
		if err != nil {
			t.Fatalf("%+v %q: %v", tt.c, tt.text, err)
		}
		if diff := cmp.Diff(tt.want, ids(got), cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("%+v %q: got … want (-want +got):\n%s", tt.c, tt.text, diff)
		}
	}
}

// TestDeterministic builds the sample twice on disk and once in memory and
// compares the rankings.
func TestDeterministic(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the sample four times")
	}
	args := sampleArgs(t)
	dir := t.TempDir()
	for _, scoring := range []string{"", "bm25"} {
		c := bleveindex.Config{Scoring: scoring, Plain: true}
		a := build(t, filepath.Join(dir, scoring+"a"), args, c)
		b := build(t, filepath.Join(dir, scoring+"b"), args, c)
		// bm25's avgdl counts the terms of each segment's dictionary: a
		// build on disk leaves one segment, persisted before Build returns.
		for _, x := range []*bleveindex.Index{a, b} {
			if n := rootSegments(t, x); n != 1 {
				t.Errorf("scoring %q: a build on disk left %d segments, want 1", scoring, n)
			}
		}
		var mem *bleveindex.Index
		if scoring == "" {
			mem = build(t, "", args, c) // tf-idf does not depend on segments
		}
		for _, q := range titles {
			ha, err := a.Retrieve(context.Background(), q, 1000)
			if err != nil {
				t.Fatal(err)
			}
			hb, err := b.Retrieve(context.Background(), q, 1000)
			if err != nil {
				t.Fatal(err)
			}
			if len(ha) == 0 {
				t.Errorf("%q: no hits", q.Text)
			}
			if diff := cmp.Diff(ha, hb); diff != "" {
				t.Errorf("scoring %q, %q: two builds differ (-first +second):\n%s", scoring, q.Text, diff)
			}
			if mem == nil {
				continue
			}
			hm, err := mem.Retrieve(context.Background(), q, 1000)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(ha, hm, cmpopts.EquateApprox(0, 1e-12)); diff != "" {
				t.Errorf("%q: disk and memory differ (-disk +memory):\n%s", q.Text, diff)
			}
		}
	}
}

// rootSegments returns the number of segments of x's scorch index.
func rootSegments(t *testing.T, x *bleveindex.Index) uint64 {
	t.Helper()
	ai, err := x.Bleve().Advanced()
	if err != nil {
		t.Fatal(err)
	}
	s, ok := ai.(*scorch.Scorch)
	if !ok {
		t.Fatalf("index type %T, not scorch", ai)
	}
	n, _ := s.StatsMap()["TotFileSegmentsAtRoot"].(uint64)
	return n
}

func TestOpen(t *testing.T) {
	args := sampleArgs(t)[:50]
	dir := filepath.Join(t.TempDir(), "sub", "idx")
	x := build(t, dir, args, bleveindex.Config{Plain: true})
	want, err := x.Retrieve(context.Background(), titles[0], 100)
	if err != nil {
		t.Fatal(err)
	}
	if len(want) == 0 {
		t.Fatal("no hits")
	}
	// A second reader of the same directory, read-only too.
	y, err := bleveindex.Open(dir, bleveindex.Config{Plain: true})
	if err != nil {
		t.Fatal(err)
	}
	defer y.Close()
	got, err := y.Retrieve(context.Background(), titles[0], 100)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("reopened index: got … want (-want +got):\n%s", diff)
	}
	// No temporary directory is left beside the index.
	entries, err := os.ReadDir(filepath.Dir(dir))
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 {
		t.Errorf("got %d entries beside the index, want 1: %v", len(entries), entries)
	}
}

func TestNewLeavesIndexOpen(t *testing.T) {
	x := build(t, "", tiny, bleveindex.Config{})
	y := bleveindex.New(x.Bleve(), bleveindex.Config{})
	if err := y.Close(); err != nil {
		t.Fatal(err)
	}
	q := retrieval.Query{ID: "t", Text: "dogs"}
	if _, err := y.Retrieve(context.Background(), q, 10); !errors.Is(err, bleveindex.ErrClosed) {
		t.Errorf("Retrieve after Close: got %v, want ErrClosed", err)
	}
	if hits, err := x.Retrieve(context.Background(), q, 10); err != nil || len(hits) != 4 {
		t.Errorf("the wrapped index after Close of New's: got %d hits, %v; want 4 hits", len(hits), err)
	}
	if err := x.Close(); err != nil {
		t.Fatal(err)
	}
	if err := x.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	if _, err := x.Retrieve(context.Background(), q, 10); !errors.Is(err, bleveindex.ErrClosed) {
		t.Errorf("Retrieve after Close: got %v, want ErrClosed", err)
	}
}

func TestConcurrent(t *testing.T) {
	x := build(t, "", sampleArgs(t)[:200], bleveindex.Config{Plain: true})
	want := make([][]retrieval.Hit, len(titles))
	for i, q := range titles {
		var err error
		if want[i], err = x.Retrieve(context.Background(), q, 50); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	got := make([][][]retrieval.Hit, 8)
	for g := range got {
		got[g] = make([][]retrieval.Hit, len(titles))
		wg.Go(func() {
			for i, q := range titles {
				got[g][i], _ = x.Retrieve(context.Background(), q, 50)
			}
		})
	}
	wg.Wait()
	for g := range got {
		if diff := cmp.Diff(want, got[g]); diff != "" {
			t.Errorf("goroutine %d: got … want (-want +got):\n%s", g, diff)
		}
	}
}

func TestBadInput(t *testing.T) {
	ctx := context.Background()
	x := build(t, "", tiny, bleveindex.Config{})
	prefixed := func(err error) {
		t.Helper()
		if err == nil || !strings.HasPrefix(err.Error(), "bleveindex: ") {
			t.Errorf("error %v: want one prefixed \"bleveindex: \"", err)
		}
	}

	for _, text := range []string{`"unterminated`, `title:`, `+`, `dogs~x`} {
		_, err := x.Retrieve(ctx, retrieval.Query{ID: "7", Text: text}, 10)
		if err == nil || !strings.Contains(err.Error(), ": malformed query: ") {
			t.Errorf("malformed query %q: got %v, want an error saying so", text, err)
		}
		prefixed(err)
	}
	for _, k := range []int{0, -1} {
		if _, err := x.Retrieve(ctx, retrieval.Query{Text: "dogs"}, k); !errors.Is(err, retrieval.ErrK) {
			t.Errorf("k=%d: got %v, want ErrK", k, err)
		}
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	_, err := x.Retrieve(cctx, retrieval.Query{Text: "dogs"}, 10)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: got %v, want context.Canceled", err)
	}
	prefixed(err)

	// Open: a missing path, a directory without an index.
	dir := t.TempDir()
	_, err = bleveindex.Open(filepath.Join(dir, "missing"), bleveindex.Config{})
	if !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), "no index") {
		t.Errorf("Open of a missing path: got %v, want fs.ErrNotExist, saying there is no index", err)
	}
	prefixed(err)
	if _, err := bleveindex.Open(dir, bleveindex.Config{}); !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), "no index") {
		t.Errorf("Open of an empty directory: got %v, want fs.ErrNotExist, saying there is no index", err)
	}

	// Build: into an index, into a directory that is not empty.
	idx := filepath.Join(dir, "idx")
	build(t, idx, tiny, bleveindex.Config{})
	_, err = bleveindex.Build(ctx, idx, seq(tiny, nil), bleveindex.Config{})
	if !errors.Is(err, bleveindex.ErrExists) {
		t.Errorf("Build into an index: got %v, want ErrExists", err)
	}
	prefixed(err)
	full := filepath.Join(dir, "full")
	if err := os.MkdirAll(full, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(full, "notes.txt"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := bleveindex.Build(ctx, full, seq(tiny, nil), bleveindex.Config{}); err == nil {
		t.Error("Build into a directory that is not empty: no error")
	}

	// Build: an empty directory is fine.
	empty := filepath.Join(dir, "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	build(t, empty, tiny, bleveindex.Config{})

	// Build: args that fail, a cancelled context; nothing is left behind.
	boom := errors.New("boom")
	for _, path := range []string{"", filepath.Join(dir, "failed")} {
		_, err := bleveindex.Build(ctx, path, seq(tiny, boom), bleveindex.Config{BatchSize: 2})
		if !errors.Is(err, boom) {
			t.Errorf("Build(%q) of failing args: got %v, want boom", path, err)
		}
		_, err = bleveindex.Build(cctx, path, seq(tiny, nil), bleveindex.Config{})
		if !errors.Is(err, context.Canceled) {
			t.Errorf("Build(%q) with a cancelled context: got %v, want context.Canceled", path, err)
		}
		prefixed(err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if diff := cmp.Diff([]string{"empty", "full", "idx"}, names); diff != "" {
		t.Errorf("directory after failed builds: got … want (-want +got):\n%s", diff)
	}

	// Build: bad configurations.
	for _, c := range []bleveindex.Config{
		{Unit: "paragraph"},
		{Analyzer: "no-such-analyzer"},
		{Scoring: "bm42"},
		{BatchSize: -1},
	} {
		_, err := bleveindex.Build(ctx, "", seq(tiny, nil), c)
		if err == nil {
			t.Errorf("Build with %+v: no error", c)
		}
		prefixed(err)
	}
}

func TestEmptyCorpus(t *testing.T) {
	for _, path := range []string{"", filepath.Join(t.TempDir(), "idx")} {
		x := build(t, path, nil, bleveindex.Config{})
		hits, err := x.Retrieve(context.Background(), retrieval.Query{ID: "t", Text: "dogs"}, 10)
		if err != nil || len(hits) != 0 {
			t.Errorf("Build(%q) of nothing: got %v, %v; want no hits", path, hits, err)
		}
	}
}
