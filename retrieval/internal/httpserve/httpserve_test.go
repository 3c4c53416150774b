package httpserve

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/argsearch/argsearch/analysis"
	"github.com/argsearch/argsearch/retrieval"
)

func TestParseQueryNamesTheParameter(t *testing.T) {
	for _, tt := range []struct{ raw, param string }{
		{"query=a%zz", "query"},
		{"a%zzb=1", "a%zzb"},
		{"page=1&pageSize=%", "pageSize"},
	} {
		_, err := ParseQuery(tt.raw)
		if err == nil || err.Param != tt.param || err.Status != http.StatusBadRequest {
			t.Errorf("%q: got %+v, want a 400 naming %q", tt.raw, err, tt.param)
		}
	}
	p, err := ParseQuery("a=1&&b&a=2&c=%20x+y")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(Params{"a": {"1", "2"}, "b": {""}, "c": {" x y"}}, p); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestParams(t *testing.T) {
	p := Params{"q": {"x"}, "query": {"y"}, "n": {" 7 "}, "bad": {"\xff"}, "twice": {"1", "2"}, "f": {""}, "g": {"Off"}, "h": {"maybe"}}
	if _, _, err := p.Get("query", "q"); err == nil || err.Param != "q" {
		t.Errorf("two aliases: %v", err)
	}
	if _, _, err := p.Get("twice"); err == nil || err.Param != "twice" {
		t.Errorf("twice: %v", err)
	}
	if _, _, err := p.Get("bad"); err == nil || err.Param != "bad" {
		t.Errorf("invalid UTF-8: %v", err)
	}
	if n, err := p.Int("n", 0, 1, 10); n != 7 || err != nil {
		t.Errorf("Int: %d, %v", n, err)
	}
	if n, err := p.Int("absent", 3, 1, 10); n != 3 || err != nil {
		t.Errorf("Int default: %d, %v", n, err)
	}
	if _, err := p.Int("n", 0, 8, 10); err == nil || err.Param != "n" {
		t.Errorf("Int out of range: %v", err)
	}
	for name, want := range map[string]bool{"f": true, "g": false, "absent": false} {
		if got, err := p.Bool(name); got != want || err != nil {
			t.Errorf("Bool(%s): %v, %v", name, got, err)
		}
	}
	if _, err := p.Bool("h"); err == nil || err.Param != "h" {
		t.Errorf("Bool(maybe): %v", err)
	}
	for _, tt := range []struct {
		p     Params
		param string
	}{{Params{}, "query"}, {Params{"query": {" "}}, "query"}, {Params{"query": {"abcdef"}}, "query"}, {Params{"q": {"abcdef"}}, "query"}} {
		if _, err := tt.p.Query(5, "query", "q"); err == nil || err.Param != tt.param {
			t.Errorf("Query(%v): %v", tt.p, err)
		}
	}
}

func TestLimiter(t *testing.T) {
	var l Limiter
	for i, want := range []bool{true, true, false} {
		if got := l.Acquire(2); got != want {
			t.Fatalf("search %d of at most 2: Acquire %v", i+1, got)
		}
	}
	l.Release()
	if !l.Acquire(2) {
		t.Error("a released slot is not free")
	}
}

func TestServeRecovers(t *testing.T) {
	fail := func(w http.ResponseWriter, e *Error) {
		WriteJSON(w, e.Status, map[string]string{"error": e.Msg}, false)
	}
	rec := httptest.NewRecorder()
	Serve(rec, httptest.NewRequest("GET", "/", nil), func(w *Writer, r *http.Request) { panic("boom") }, fail)
	if rec.Code != 500 || !strings.Contains(rec.Body.String(), "internal error") {
		t.Errorf("%d %s", rec.Code, rec.Body)
	}
	// Once the response has begun, the panic goes on as ErrAbortHandler.
	defer func() {
		if p := recover(); p != http.ErrAbortHandler {
			t.Errorf("recovered %v, want http.ErrAbortHandler", p)
		}
	}()
	Serve(httptest.NewRecorder(), httptest.NewRequest("GET", "/", nil), func(w *Writer, r *http.Request) {
		w.Write([]byte("half"))
		panic("boom")
	}, fail)
}

func TestWriteJSON(t *testing.T) {
	rec := httptest.NewRecorder()
	WriteJSON(rec, 503, map[string]any{"a": "<&>"}, false)
	if rec.Code != 503 || rec.Header().Get("Retry-After") != RetryAfter || rec.Body.String() != "{\"a\":\"<&>\"}\n" {
		t.Errorf("%d %v %q", rec.Code, rec.Header(), rec.Body)
	}
	rec = httptest.NewRecorder()
	WriteJSON(rec, 200, map[string]float64{"nan": nan()}, false)
	if rec.Code != 500 {
		t.Errorf("NaN: %d %s", rec.Code, rec.Body)
	}
}

func nan() float64 { var z float64; return z / z }

func TestHasPhrase(t *testing.T) {
	terms := strings.Fields("the death penalty should be abolished now")
	for _, tt := range []struct {
		phrase string
		slop   int
		want   bool
	}{
		{"death penalty", 0, true},
		{"penalty death", 2, false},
		{"death should", 0, false},
		{"death should", 1, true},
		{"the abolished", 3, false},
		{"the abolished", 4, true},
		{"the penalty be now", 3, true},
		{"the penalty be now", 2, false},
		{"now", 0, true},
		{"", 0, true},
		{"now then", 2, false},
	} {
		if got := HasPhrase(terms, strings.Fields(tt.phrase), tt.slop); got != tt.want {
			t.Errorf("%q slop %d: %v, want %v", tt.phrase, tt.slop, got, tt.want)
		}
	}
}

func TestMatcher(t *testing.T) {
	en, _ := analysis.Preset("en")
	m, err := NewMatcher(en, true)
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Terms(nil, "The Death Penalties!"); !cmp.Equal(got, []string{"the", "death", "penalti"}) {
		t.Errorf("stop words kept: %q", got)
	}
	m2, _ := NewMatcher(en, false)
	if got := m2.Terms(nil, "The Death Penalties!"); !cmp.Equal(got, []string{"death", "penalti"}) {
		t.Errorf("stop words dropped: %q", got)
	}
	shingles := en
	shingles.Shingles = 2
	m3, err := NewMatcher(shingles, true)
	if err != nil {
		t.Fatal(err)
	}
	if got := m3.Terms(nil, "death penalty"); !cmp.Equal(got, []string{"death", "penalti"}) {
		t.Errorf("shingles: %q", got)
	}
	if a := AnalysisOf(retrieval.RetrieverFunc(nil), nil); a != en {
		t.Errorf("default analysis %+v", a)
	}
	plain, _ := analysis.Preset("plain")
	if a := AnalysisOf(withAnalysis{plain}, nil); a != plain {
		t.Errorf("the retriever's analysis: %+v", a)
	}
	if a := AnalysisOf(withAnalysis{plain}, &en); a != en {
		t.Errorf("the given analysis: %+v", a)
	}
}

type withAnalysis struct{ a analysis.Analysis }

func (w withAnalysis) Retrieve(context.Context, retrieval.Query, int) ([]retrieval.Hit, error) {
	return nil, nil
}
func (w withAnalysis) Analysis() analysis.Analysis { return w.a }

func TestFilter(t *testing.T) {
	var asked []int
	all := make([]retrieval.Hit, 1000)
	for i := range all {
		all[i] = retrieval.Hit{ID: string(rune('a'+i%26)) + strings.Repeat("x", i/26), Score: float64(1000 - i)}
	}
	r := retrieval.RetrieverFunc(func(ctx context.Context, q retrieval.Query, k int) ([]retrieval.Hit, error) {
		asked = append(asked, k)
		return all[:min(k, len(all))], nil
	})
	even := func(id string) (bool, error) { return (id[0]-'a')%2 == 0, nil }
	for _, tt := range []struct {
		need, depth int
		asked       []int
		n           int
		exact       bool
	}{
		{10, 10000, []int{100}, 50, false},
		{60, 10000, []int{240}, 120, false},
		{300, 10000, []int{1200}, 500, true},
		{300, 400, []int{400}, 200, false},
		{300, 700, []int{700}, 350, false},
		{100, 10000, []int{400}, 200, false},
	} {
		asked = nil
		hits, exact, err := Filter(context.Background(), r, retrieval.Query{}, tt.need, tt.depth, even)
		if err != nil || !cmp.Equal(asked, tt.asked) || len(hits) != tt.n || exact != tt.exact {
			t.Errorf("need %d depth %d: asked %v, %d hits, exact %v, %v; want %v, %d, %v", tt.need, tt.depth, asked, len(hits), exact, err, tt.asked, tt.n, tt.exact)
		}
	}
	// Deepening: few accepted, so the depth doubles.
	asked = nil
	rare := func(id string) (bool, error) { return id[0] == 'a', nil }
	hits, _, _ := Filter(context.Background(), r, retrieval.Query{}, 20, 10000, rare)
	if !cmp.Equal(asked, []int{100, 200, 400, 800}) || len(hits) != 31 || !slices.IsSortedFunc(hits, retrieval.CompareHits) {
		t.Errorf("rare: asked %v, %d hits", asked, len(hits))
	}
	boom := errors.New("boom")
	if _, _, err := Filter(context.Background(), r, retrieval.Query{}, 5, 100, func(string) (bool, error) { return false, boom }); !errors.Is(err, boom) {
		t.Errorf("keep's error: %v", err)
	}
}

// FuzzParseQuery checks ParseQuery against url.ParseQuery: where that
// decodes every pair, both give the same values; and no input panics.
func FuzzParseQuery(f *testing.F) {
	for _, s := range []string{"", "a=1&b=2", "a=%zz", "=x", "a&&b=", "q=%E2%80%9C+x", "a=1;b=2", "%=%"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		p, err := ParseQuery(raw)
		want, werr := url.ParseQuery(raw)
		if werr == nil && err != nil {
			t.Fatalf("%q: %v, but url.ParseQuery reads it", raw, err)
		}
		if err != nil {
			return
		}
		if werr == nil && !cmp.Equal(map[string][]string(p), map[string][]string(want), cmp.Comparer(func(a, b []string) bool { return slices.Equal(a, b) })) {
			t.Errorf("%q: got %v, url.ParseQuery %v", raw, p, want)
		}
	})
}

// FuzzHasPhrase checks HasPhrase against a brute force over positions.
func FuzzHasPhrase(f *testing.F) {
	f.Add("a b c a b", "a b", 0)
	f.Add("a x b y c", "a b c", 2)
	f.Add("", "", 1)
	f.Fuzz(func(t *testing.T, text, phrase string, slop int) {
		slop = min(max(slop, 0), 3)
		terms, ph := strings.Fields(text), strings.Fields(phrase)
		if len(terms) > 12 || len(ph) > 5 {
			return
		}
		if got, want := HasPhrase(terms, ph, slop), brute(terms, ph, slop, -1); got != want {
			t.Errorf("%q in %q slop %d: %v, want %v", ph, terms, slop, got, want)
		}
	})
}

// brute reports whether phrase occurs in terms after position last, each
// term after the previous with slop other terms in all between them.
func brute(terms, phrase []string, slop, last int) bool {
	if len(phrase) == 0 {
		return true
	}
	for i := last + 1; i < len(terms); i++ {
		gap := i - last - 1
		if last >= 0 && gap > slop {
			break
		}
		if terms[i] == phrase[0] {
			rest := slop
			if last >= 0 {
				rest -= gap
			}
			if brute(terms, phrase[1:], rest, i) {
				return true
			}
		}
	}
	return false
}
