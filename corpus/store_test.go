package corpus

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"iter"
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/argsearch/argsearch/corpus/sample"
	"github.com/argsearch/argsearch/internal/corpustest"
	"github.com/argsearch/argsearch/stance"
	"github.com/google/go-cmp/cmp"
)

// seqOf streams args without error.
func seqOf(args []Argument) iter.Seq2[Argument, error] {
	return func(yield func(Argument, error) bool) {
		for _, a := range args {
			if !yield(a, nil) {
				return
			}
		}
	}
}

// readArguments reads every argument of a processed CSV.
func readArguments(t testing.TB, csv []byte) []Argument {
	t.Helper()
	var args []Argument
	for a, err := range NewCSVReader(bytes.NewReader(csv)).All() {
		if err != nil {
			t.Fatal(err)
		}
		args = append(args, a)
	}
	return args
}

func sampleArguments(t testing.TB) []Argument {
	t.Helper()
	var buf bytes.Buffer
	if _, err := buf.ReadFrom(sample.Touche2021().ProcessedCSV()); err != nil {
		t.Fatal(err)
	}
	return readArguments(t, buf.Bytes())
}

func generatedArguments(t testing.TB, n int) []Argument {
	t.Helper()
	var buf bytes.Buffer
	if _, err := corpustest.Write(context.Background(), &buf, corpustest.Config{Arguments: n, Seed: 5, Vocabulary: 20000}); err != nil {
		t.Fatal(err)
	}
	return readArguments(t, buf.Bytes())
}

func buildStore(t testing.TB, args []Argument) *Store {
	t.Helper()
	s, err := BuildStore(context.Background(), seqOf(args))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// checkStore checks every lookup of s against the arguments it was built
// from.
func checkStore(t *testing.T, s *Store, args []Argument) {
	t.Helper()
	if s.NumArguments() != len(args) {
		t.Fatalf("NumArguments: got %d, want %d", s.NumArguments(), len(args))
	}
	var sents []Sentence
	var stored []Argument
	for _, a := range args {
		// What a store keeps of an argument.
		want := Argument{ID: a.ID, Conclusion: a.Conclusion, Premises: []Premise{}, Sentences: slices.Clone(a.Sentences)}
		for _, p := range a.Premises {
			want.Premises = append(want.Premises, Premise{Stance: p.Stance})
		}
		if want.Sentences == nil {
			want.Sentences = []Sentence{}
		}
		sents = append(sents, a.Sentences...)
		stored = append(stored, want)
		got, ok := s.Argument(a.ID)
		if !ok {
			t.Fatalf("Argument(%q) not found", a.ID)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("Argument(%q) (-want +got):\n%s", a.ID, diff)
		}
		var ids []string
		for _, x := range a.Sentences {
			if id, ok := s.ArgumentOf(x.ID); !ok || id != a.ID {
				t.Fatalf("ArgumentOf(%q): got %q, %v, want %q", x.ID, id, ok, a.ID)
			}
			ids = append(ids, x.ID)
		}
		if got := s.SentenceIDs(a.ID); !slices.Equal(got, ids) || got == nil {
			t.Fatalf("SentenceIDs(%q): got %q, want %q", a.ID, got, ids)
		}
	}
	if s.NumSentences() != len(sents) {
		t.Fatalf("NumSentences: got %d, want %d", s.NumSentences(), len(sents))
	}
	for _, want := range sents {
		got, ok := s.Sentence(want.ID)
		if !ok || got != want {
			t.Fatalf("Sentence(%q): got %+v, %v, want %+v", want.ID, got, ok, want)
		}
	}
	if got := slices.Collect(s.Sentences()); !slices.Equal(got, sents) {
		t.Fatalf("Sentences(): got %d sentences, want %d (or different ones)", len(got), len(sents))
	}
	if diff := cmp.Diff(stored, slices.Collect(s.Arguments())); diff != "" {
		t.Fatalf("Arguments() (-want +got):\n%s", diff)
	}
	if _, ok := s.Sentence("nope__PREMISE__1"); ok {
		t.Fatal("Sentence of an unknown id: got ok")
	}
	if _, ok := s.ArgumentOf("nope__PREMISE__1"); ok {
		t.Fatal("ArgumentOf an unknown id: got ok")
	}
	if ids := s.SentenceIDs("nope"); ids != nil {
		t.Fatalf("SentenceIDs of an unknown argument: got %q, want nil", ids)
	}
}

func TestStoreSample(t *testing.T) {
	args := sampleArguments(t)
	if len(args) != 643 {
		t.Fatalf("sample: got %d arguments, want 643", len(args))
	}
	checkStore(t, buildStore(t, args), args)
}

func TestStoreGenerated(t *testing.T) {
	args := generatedArguments(t, 1500)
	checkStore(t, buildStore(t, args), args)
}

// idArgs is a corpus with every kind of sentence id a store keeps: the
// regular scheme, gaps, the conclusion first, ids of no scheme or under
// another argument, and argument ids that look like sentence ids.
func idArgs() []Argument {
	p := func(s stance.Stance) []Premise { return []Premise{{Text: "x", Stance: s}} }
	return []Argument{
		{ID: "A", Conclusion: "Regular one", Premises: p(stance.Pro), Sentences: []Sentence{
			{"A__PREMISE__1", "First sentence."}, {"A__PREMISE__2", "Second one."}, {"A__CONC__1", "Regular one"}}},
		{ID: "empty", Conclusion: ""},
		{ID: "B", Conclusion: "no conclusion sentence", Premises: []Premise{{"p", stance.Con}, {"q", stance.Pro}}, Sentences: []Sentence{
			{"B__PREMISE__1", "Only premises."}, {"B__PREMISE__2", ""}}},
		{ID: "gaps", Sentences: []Sentence{{"gaps__PREMISE__2", "Two."}, {"gaps__PREMISE__5", "Five."}}},
		{ID: "conc-first", Sentences: []Sentence{{"conc-first__CONC__1", "C."}, {"conc-first__PREMISE__1", "P."}}},
		{ID: "odd", Sentences: []Sentence{{"odd-1", "no scheme"}, {"A__PREMISE__3", "under another argument"}, {"odd__PREMISE__1", "in scheme"}}},
		{ID: "only-conc", Sentences: []Sentence{{"only-conc__CONC__1", "Just the conclusion."}}},
		{ID: "A__PREMISE__1x", Sentences: []Sentence{{"A__PREMISE__1x__PREMISE__1", "An argument id that looks like a sentence id."}}},
		{ID: "trailing-empty"},
	}
}

// TestStoreIDs covers sentence ids outside the regular scheme.
func TestStoreIDs(t *testing.T) {
	args := idArgs()
	s := buildStore(t, args)
	checkStore(t, s, args)
	for _, id := range []string{"", "A", "A__PREMISE__0", "A__PREMISE__3x", "A__PREMISE__4", "A__CONC__2", "B__CONC__1",
		"gaps__PREMISE__1", "odd__PREMISE__2", "nope__PREMISE__1", "odd-2", "A__premise__1"} {
		if got, ok := s.Sentence(id); ok {
			t.Errorf("Sentence(%q): got %+v, want none", id, got)
		}
	}
	for _, id := range []string{"", "a", "Z", "B__PREMISE__1"} {
		if got, ok := s.Argument(id); ok {
			t.Errorf("Argument(%q): got %+v, want none", id, got)
		}
	}
}

func TestStoreEmpty(t *testing.T) {
	s := buildStore(t, nil)
	if s.NumArguments() != 0 || s.NumSentences() != 0 {
		t.Fatalf("got %d arguments and %d sentences, want none", s.NumArguments(), s.NumSentences())
	}
	if _, ok := s.Sentence("A__PREMISE__1"); ok {
		t.Error("found a sentence in an empty store")
	}
}

func TestStoreErrors(t *testing.T) {
	sent := func(ids ...string) []Sentence {
		var s []Sentence
		for _, id := range ids {
			s = append(s, Sentence{ID: id, Text: "t " + id})
		}
		return s
	}
	for _, c := range []struct {
		name string
		args []Argument
		dup  bool
		want string
	}{
		{"no id", []Argument{{ID: "A"}, {ID: ""}}, false, "argument 2 has no id"},
		{"repeated argument", []Argument{{ID: "B"}, {ID: "A"}, {ID: "B"}}, true, `argument "B"`},
		{"repeated sentence", []Argument{{ID: "A", Sentences: sent("x", "y", "x")}}, true, `sentence "x"`},
		{"repeated foreign sentence", []Argument{{ID: "A", Sentences: sent("x")}, {ID: "B", Sentences: sent("x")}}, true, `sentence "x"`},
		{"foreign sentence of another argument", []Argument{
			{ID: "A", Sentences: sent("A__PREMISE__1")}, {ID: "B", Sentences: sent("A__PREMISE__1")}}, true, `sentence "A__PREMISE__1"`},
	} {
		_, err := BuildStore(context.Background(), seqOf(c.args))
		if err == nil || !strings.HasPrefix(err.Error(), "corpus: ") || strings.Count(err.Error(), "corpus: ") != 1 || !strings.Contains(err.Error(), c.want) || errors.Is(err, errDuplicateID) != c.dup {
			t.Errorf("%s: got error %v, want one naming %s (duplicate %v)", c.name, err, c.want, c.dup)
		}
	}

	streamErr := errors.New("bad record")
	bad := func(yield func(Argument, error) bool) {
		if yield(Argument{ID: "A"}, nil) {
			yield(Argument{}, streamErr)
		}
	}
	if _, err := BuildStore(context.Background(), bad); err != streamErr {
		t.Errorf("stream error: got %v, want %v", err, streamErr)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := BuildStore(ctx, seqOf([]Argument{{ID: "A"}})); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled: got %v, want context.Canceled", err)
	}
	// A nil ctx is an error naming it, before the arguments are read.
	read := false
	args := func(yield func(Argument, error) bool) { read = true; yield(Argument{ID: "A"}, nil) }
	var nilCtx context.Context
	func() {
		defer func() {
			if r := recover(); r != nil {
				t.Errorf("nil ctx: BuildStore panics: %v", r)
			}
		}()
		want := "corpus: BuildStore: ctx is a nil context.Context (pass context.Background() if there is no other)"
		if _, err := BuildStore(nilCtx, args); err == nil || err.Error() != want || read {
			t.Errorf("nil ctx: got %v (arguments read: %v), want %q before reading", err, read, want)
		}
	}()
}

// heapInUse returns the live heap after a full collection.
func heapInUse() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// BenchmarkBuildStore builds a store of a generated 20,000-argument corpus
// (about 310,000 sentences) already read into memory; it reports the
// store's live heap per million sentences.
func BenchmarkBuildStore(b *testing.B) {
	args := generatedArguments(b, 20000)
	before := heapInUse()
	s := buildStore(b, args)
	n := s.NumSentences()
	bytesPerSentence := float64(heapInUse()-before) / float64(n)
	runtime.KeepAlive(s)
	s = nil
	for b.Loop() {
		buildStore(b, args)
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "sentences/s")
	// Bytes per sentence are megabytes per million sentences.
	b.ReportMetric(bytesPerSentence, "MB/Msentences")
}

// BenchmarkStoreFile builds a store from the processed CSV named by
// $ARGSEARCH_BENCH_CSV (for example a full-scale corpustest corpus), and
// reports the store's live heap per million sentences and in total. It is
// skipped when the variable is unset. Run it with -benchtime=1x.
func BenchmarkStoreFile(b *testing.B) {
	path := os.Getenv("ARGSEARCH_BENCH_CSV")
	if path == "" {
		b.Skip("set ARGSEARCH_BENCH_CSV to a processed CSV file to run this benchmark")
	}
	var s *Store
	var heap uint64
	var build time.Duration
	for b.Loop() {
		s = nil
		before := heapInUse()
		r, err := Open(path)
		if err != nil {
			b.Fatal(err)
		}
		start := time.Now()
		s, err = BuildStore(context.Background(), r.All())
		build = time.Since(start)
		if err != nil {
			b.Fatal(err)
		}
		r.Close()
		heap = heapInUse() - before
	}
	n := float64(s.NumSentences())
	var text int
	for x := range s.Sentences() {
		text += len(x.Text)
	}
	b.ReportMetric(n, "sentences")
	b.ReportMetric(float64(text)/1e6, "textMB")
	b.ReportMetric(float64(heap)/1e6, "heapMB")
	b.ReportMetric(float64(heap)/n, "MB/Msentences")
	b.ReportMetric(build.Seconds(), "build-s")
	fmt.Fprintf(os.Stderr, "store of %s: %d arguments, %d sentences, %.1f MB of sentence text, %.1f MB live heap (%.1f MB per million sentences), read+build %v\n",
		path, s.NumArguments(), s.NumSentences(), float64(text)/1e6, float64(heap)/1e6, float64(heap)/n, build)
	runtime.KeepAlive(s)
}

// BenchmarkStoreSentence looks up sentences by id.
func BenchmarkStoreSentence(b *testing.B) {
	args := generatedArguments(b, 5000)
	s := buildStore(b, args)
	var ids []string
	for a := range slices.Values(args) {
		for _, x := range a.Sentences {
			ids = append(ids, x.ID)
		}
	}
	i := 0
	for b.Loop() {
		if _, ok := s.Sentence(ids[i%len(ids)]); !ok {
			b.Fatal("not found")
		}
		i++
	}
}

// Build a store of the embedded sample and look up a sentence and an
// argument by id. (In package corpus_test, the names are corpus.BuildStore
// and so on.)
func ExampleBuildStore() {
	r := NewCSVReader(sample.Touche2021().ProcessedCSV())
	s, err := BuildStore(context.Background(), r.All())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.NumArguments(), "arguments,", s.NumSentences(), "sentences")
	sent, _ := s.Sentence("S9f3db814-A362a121f__PREMISE__2")
	argID, _ := s.ArgumentOf(sent.ID)
	fmt.Printf("%s: %.60s…\n", argID, sent.Text)
	arg, _ := s.Argument(argID)
	fmt.Println(arg.Conclusion, arg.Premises[0].Stance, len(arg.Sentences), arg.Sentences[len(arg.Sentences)-1].ID)
	// Output:
	// 643 arguments, 17590 sentences
	// S9f3db814-A362a121f: Throughout history America has technically been a democracy,…
	// Affirmative Action should be based on Socio-Economic Status and not race or religion PRO 41 S9f3db814-A362a121f__CONC__1
}

// TestStoreIDLookup looks up ids that share long prefixes, ids that are
// prefixes of others, and absent ids like them, in a built store and one
// read back from its file.
func TestStoreIDLookup(t *testing.T) {
	ids := []string{"12345678-b", "1234567", "12345678", "12345678-a", "12345678\x00", "2", "12345679"}
	var args []Argument
	for _, id := range ids {
		args = append(args, Argument{ID: id, Conclusion: "c " + id, Premises: []Premise{{Text: "p " + id}}})
	}
	s, err := BuildStore(context.Background(), func(yield func(Argument, error) bool) {
		for _, a := range args {
			if !yield(a, nil) {
				return
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := s.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	read, err := readStore(&buf)
	if err != nil {
		t.Fatal(err)
	}
	for name, st := range map[string]*Store{"built": s, "read": read} {
		for _, id := range ids {
			if a, ok := st.Argument(id); !ok || a.ID != id || a.Conclusion != "c "+id {
				t.Errorf("%s: %q: got %q, %v", name, id, a.ID, ok)
			}
		}
		for _, id := range []string{"12345678-c", "123456789", "12345678-", "1234567\x00", "1", "3", ""} {
			if a, ok := st.Argument(id); ok {
				t.Errorf("%s: absent %q found as %q", name, id, a.ID)
			}
		}
	}
}

// TestStoreStanceNeighbours checks that Store.Stance reads only the premise
// stances of the sentence's own argument, first, middle or last in the
// store, and that an unknown or empty sentence id is Unknown.
func TestStoreStanceNeighbours(t *testing.T) {
	const topic = "Should we ban guns?"
	args := []Argument{
		{ID: "a", Conclusion: "Ban guns", Premises: []Premise{{Text: "x", Stance: stance.Pro}}},
		{ID: "b", Conclusion: "Ban guns", Premises: []Premise{{Text: "x", Stance: stance.Con}, {Text: "y", Stance: stance.Con}}},
		{ID: "c", Conclusion: "Ban guns", Premises: []Premise{{Text: "x", Stance: stance.Pro}, {Text: "y", Stance: stance.Con}}},
		{ID: "d", Conclusion: "Ban guns"},
		{ID: "e", Conclusion: "Ban guns", Premises: []Premise{{Text: "x", Stance: stance.Con}}},
	}
	for i := range args {
		args[i].Sentences = []Sentence{{ID: args[i].ID + "__PREMISE__1", Text: "x"}}
	}
	store, err := BuildStore(context.Background(), seqOf(args))
	if err != nil {
		t.Fatal(err)
	}
	for id, want := range map[string]stance.Stance{
		"a__PREMISE__1": stance.Pro,
		"b__PREMISE__1": stance.Con,
		"c__PREMISE__1": stance.Unknown, // its premises disagree
		"d__PREMISE__1": stance.Unknown, // no premises
		"e__PREMISE__1": stance.Con,
		"z__PREMISE__1": stance.Unknown, // no such sentence
		"":              stance.Unknown,
	} {
		if got, _ := store.Stance(topic, id); got != want {
			t.Errorf("Stance(%q) = %v, want %v", id, got, want)
		}
	}
}
