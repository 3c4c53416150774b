package chatnoir_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"

	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/chatnoir"
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
	// real, if set, answers from a chatnoir.Handler over the ranking (after
	// the failures) instead of the fake's own encoding.
	real bool

	mu       sync.Mutex
	requests []*http.Request
	handler  *chatnoir.Handler
}

// backends name the two services the client tests run against: the fake's
// own encoding of the documented format, and the real Handler.
var backends = []string{"recorded", "handler"}

// newFake returns a fake accepting key and serving ranking from the named
// backend.
func newFake(backend, key string, ranking []map[string]any) *fakeChatNoir {
	return &fakeChatNoir{key: key, ranking: ranking, real: backend == "handler"}
}

// realHandler returns a chatnoir.Handler serving the ranking under the index
// name "cw22", with the fake's key: its Search returns the ranking's ids
// (the TREC id, else the UUID) and scores.
func (f *fakeChatNoir) realHandler() *chatnoir.Handler {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.handler != nil {
		return f.handler
	}
	var hits []retrieval.Hit
	uris := map[string]string{}
	for _, m := range f.ranking {
		id, _ := m["trec_id"].(string)
		if id == "" {
			id = m["uuid"].(string)
		}
		hits = append(hits, retrieval.Hit{ID: id, Score: m["score"].(float64)})
		uris[id], _ = m["target_uri"].(string)
	}
	f.handler = &chatnoir.Handler{
		Search: retrieval.RetrieverFunc(func(ctx context.Context, q retrieval.Query, k int) ([]retrieval.Hit, error) {
			return hits[:min(k, len(hits))], nil
		}),
		Text: func(id string) (string, bool) {
			_, ok := uris[id]
			return "The text of document " + id + ".", ok
		},
		URI:    func(id string) string { return uris[id] },
		Index:  "cw22",
		APIKey: f.key,
	}
	return f.handler
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
	if f.real {
		f.realHandler().ServeHTTP(w, r)
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
