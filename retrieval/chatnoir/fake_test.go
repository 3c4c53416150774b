package chatnoir_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"
)

// fakeChatNoir speaks the documented ChatNoir API over a fixed ranking.
type fakeChatNoir struct {
	key     string           // the API key it accepts
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

// docs generates a ranking of n documents with strictly decreasing
// scores; every fifth has no TREC id.
func docs(n int) []map[string]any {
	out := make([]map[string]any, n)
	for i := range out {
		var trec any = fmt.Sprintf("clueweb22-en%04d-%02d-%05d", i, i%100, 7*i)
		if i%5 == 4 {
			trec = nil
		}
		out[i] = map[string]any{
			"index":           "cw22",
			"uuid":            fmt.Sprintf("UUID%018d", i),
			"trec_id":         trec,
			"score":           2000 - 7.25*float64(i),
			"target_uri":      fmt.Sprintf("https://site%d.example/page", i),
			"target_hostname": fmt.Sprintf("site%d.example", i),
			"page_rank":       nil,
			"spam_rank":       float64(50 + i%50),
			"title":           fmt.Sprintf("Title <em>%d</em>", i),
			"snippet":         "a <em>match</em> &amp; more",
		}
	}
	return out
}

func (f *fakeChatNoir) start(t *testing.T) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	return srv
}

// searches returns the recorded search requests' from and size.
func (f *fakeChatNoir) pages() [][2]string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out [][2]string
	for _, r := range f.requests {
		q := r.URL.Query()
		out = append(out, [2]string{q.Get("from"), q.Get("size")})
	}
	return out
}

func (f *fakeChatNoir) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.requests)
}

func (f *fakeChatNoir) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	n := len(f.requests)
	f.requests = append(f.requests, r)
	f.mu.Unlock()

	if r.URL.Path == "/cache" {
		q := r.URL.Query()
		if !q.Has("raw") || !q.Has("plain") || q.Get("uuid") == "" || q.Get("index") == "" {
			http.Error(w, "bad cache request", http.StatusBadRequest)
			return
		}
		fmt.Fprintf(w, "<p>Plain text of %s from %s.</p>", q.Get("uuid"), q.Get("index"))
		return
	}
	if r.URL.Path != "/api/v1/_search" && r.URL.Path != "/api/v1/_phrases" {
		http.NotFound(w, r)
		return
	}
	if n < len(f.failures) || f.always && len(f.failures) > 0 {
		code := f.failures[min(n, len(f.failures)-1)]
		if f.retryAfter != "" {
			w.Header().Set("Retry-After", f.retryAfter)
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(code)
		fmt.Fprintf(w, `{"error": {"code": %d, "message": "simulated failure %d"}}`, code, n+1)
		return
	}
	if r.Header.Get("Authorization") != "Bearer "+f.key {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusUnauthorized)
		fmt.Fprint(w, `{"error": {"code": 401, "message": "Invalid API key"}}`)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	if f.raw != "" {
		fmt.Fprint(w, f.raw)
		return
	}
	q := r.URL.Query()
	from, err1 := strconv.Atoi(q.Get("from"))
	size, err2 := strconv.Atoi(q.Get("size"))
	if err1 != nil || err2 != nil || from < 0 || size <= 0 || q.Get("query") == "" {
		http.Error(w, `{"error": "bad request"}`, http.StatusBadRequest)
		return
	}
	lo, hi := min(from, len(f.ranking)), min(from+size, len(f.ranking))
	json.NewEncoder(w).Encode(map[string]any{
		"meta": map[string]any{
			"indices":       []string{q.Get("index")},
			"query_time":    12,
			"total_results": len(f.ranking),
		},
		"results": f.ranking[lo:hi],
	})
}

func (f *fakeChatNoir) request(i int) *http.Request {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.requests[i]
}
