package argsme_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/argsme"
	"github.com/argsearch/argsearch/stance"
)

// fakeArgsMe speaks the documented args.me API v2 over a fixed ranking.
type fakeArgsMe struct {
	ranking []map[string]any // the full result list, best first
	// failures are statuses served, one per request, before the service
	// answers normally; the last one repeats if always is set.
	failures   []int
	always     bool
	retryAfter string
	raw        string // if set, served verbatim for every search
	// real, if set, answers from an argsme.Handler over the ranking (after
	// the failures) instead of the fake's own encoding.
	real bool

	mu       sync.Mutex
	requests []*http.Request
	handler  *argsme.Handler
}

// backends name the two services the client tests run against: the fake's
// own encoding of the documented format, and the real Handler.
var backends = []string{"recorded", "handler"}

// newFake returns a fake serving ranking from the named backend.
func newFake(backend string, ranking []map[string]any) *fakeArgsMe {
	return &fakeArgsMe{ranking: ranking, real: backend == "handler"}
}

// realHandler returns an argsme.Handler serving the ranking: its Search
// returns the ranking's ids and scores, its store and arguments are the
// ranking's, and its stance towards any query is the ranking's.
func (f *fakeArgsMe) realHandler() *argsme.Handler {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.handler != nil {
		return f.handler
	}
	var (
		hits     []retrieval.Hit
		args     []corpus.Argument
		byID     = map[string]corpus.Argument{}
		stances  = map[string]stance.Stance{}
		str      = func(v any) string { s, _ := v.(string); return s }
		parseSt  = func(v any) stance.Stance { s, _ := stance.Parse(str(v)); return s }
		explains = func(a map[string]any) float64 { return a["explanation"].(map[string]any)["score"].(float64) }
	)
	for _, m := range f.ranking {
		a := corpus.Argument{ID: str(m["id"]), Conclusion: str(m["conclusion"])}
		for _, p := range m["premises"].([]map[string]any) {
			a.Premises = append(a.Premises, corpus.Premise{Text: str(p["text"]), Stance: parseSt(p["stance"])})
		}
		c := m["context"].(map[string]any)
		a.Context = corpus.Context{SourceID: str(c["sourceId"]), DiscussionTitle: str(c["discussionTitle"])}
		hits = append(hits, retrieval.Hit{ID: a.ID, Score: explains(m)})
		if _, dup := byID[a.ID]; !dup {
			args = append(args, a)
		}
		byID[a.ID] = a
		stances[a.ID] = parseSt(m["stance"])
	}
	store, err := corpus.BuildStore(context.Background(), func(yield func(corpus.Argument, error) bool) {
		for _, a := range args {
			if !yield(a, nil) {
				return
			}
		}
	})
	if err != nil {
		panic(err)
	}
	f.handler = &argsme.Handler{
		Search: retrieval.RetrieverFunc(func(ctx context.Context, q retrieval.Query, k int) ([]retrieval.Hit, error) {
			return hits[:min(k, len(hits))], nil
		}),
		Store:    store,
		Argument: func(id string) (corpus.Argument, bool) { a, ok := byID[id]; return a, ok },
		Stance:   func(_ string, a corpus.Argument) stance.Stance { return stances[a.ID] },
	}
	return f.handler
}

// arguments generates a ranking of n arguments with strictly decreasing
// scores, alternating stances.
func arguments(n int) []map[string]any {
	out := make([]map[string]any, n)
	for i := range out {
		st := "PRO"
		if i%2 == 1 {
			st = "CON"
		}
		out[i] = map[string]any{
			"id":         fmt.Sprintf("S%08x-A%08x", 1000+i, 7*i),
			"conclusion": fmt.Sprintf("Conclusion %d", i),
			"premises": []map[string]any{
				{"text": fmt.Sprintf("Premise of argument %d.", i), "stance": "PRO", "annotations": []any{}},
			},
			"context":     map[string]any{"sourceId": fmt.Sprintf("S%08x", 1000+i), "discussionTitle": "Topic"},
			"explanation": map[string]any{"score": 500 - 3.5*float64(i), "name": "relevance", "details": []any{}},
			"stance":      st,
		}
	}
	return out
}

func (f *fakeArgsMe) start(t *testing.T) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	return srv
}

// pages returns the recorded requests' page and pageSize.
func (f *fakeArgsMe) pages() [][2]string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out [][2]string
	for _, r := range f.requests {
		q := r.URL.Query()
		out = append(out, [2]string{q.Get("page"), q.Get("pageSize")})
	}
	return out
}

func (f *fakeArgsMe) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.requests)
}

func (f *fakeArgsMe) query(i int) url.Values {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.requests[i].URL.Query()
}

func (f *fakeArgsMe) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	n := len(f.requests)
	f.requests = append(f.requests, r)
	f.mu.Unlock()

	if n < len(f.failures) || f.always && len(f.failures) > 0 {
		code := f.failures[min(n, len(f.failures)-1)]
		if f.retryAfter != "" {
			w.Header().Set("Retry-After", f.retryAfter)
		}
		w.WriteHeader(code)
		fmt.Fprintf(w, "<html><body>simulated failure %d</body></html>", n+1)
		return
	}
	if f.real {
		f.realHandler().ServeHTTP(w, r)
		return
	}
	q := r.URL.Query()
	if q.Get("format") != "json" {
		http.Error(w, "<html>only HTML without format=json</html>", http.StatusNotAcceptable)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	if id, ok := strings.CutPrefix(r.URL.Path, "/api/v2/arguments/"); ok {
		for _, a := range f.ranking {
			if a["id"] == id {
				b := map[string]any{}
				for k, v := range a {
					if k != "explanation" && k != "stance" {
						b[k] = v
					}
				}
				json.NewEncoder(w).Encode(b)
				return
			}
		}
		w.WriteHeader(http.StatusNotFound)
		json.NewEncoder(w).Encode(map[string]string{"error": fmt.Sprintf("no argument with id %q", id)})
		return
	}
	if r.URL.Path != "/api/v2/arguments" {
		http.NotFound(w, r)
		return
	}
	if f.raw != "" {
		fmt.Fprint(w, f.raw)
		return
	}
	page, err1 := strconv.Atoi(q.Get("page"))
	size, err2 := strconv.Atoi(q.Get("pageSize"))
	if err1 != nil || err2 != nil || page < 1 || size < 1 || q.Get("query") == "" {
		http.Error(w, `{"error": "bad request"}`, http.StatusBadRequest)
		return
	}
	before := (page - 1) * size
	lo, hi := min(before, len(f.ranking)), min(before+size, len(f.ranking))
	json.NewEncoder(w).Encode(map[string]any{
		"query":                       map[string]any{"text": q.Get("query"), "properties": map[string]any{}, "start": "2022-03-01T10:15:00Z"},
		"arguments":                   f.ranking[lo:hi],
		"totalSize":                   len(f.ranking),
		"resultsBefore":               before,
		"retrievalTimeInMilliseconds": 5,
	})
}

// httptestServer serves body as JSON for every request and returns its URL.
func httptestServer(t *testing.T, body string) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, body)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}
