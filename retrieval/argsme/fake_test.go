package argsme_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
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

	mu       sync.Mutex
	requests []*http.Request
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
		fmt.Fprintf(w, `{"error": "no argument with id %s"}`, id)
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
