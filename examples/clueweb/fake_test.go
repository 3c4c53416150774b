package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/argsearch/argsearch/topics"
)

// testKey is the API key the recorded server accepts.
const testKey = "test-key-not-real"

// recordedChatNoir serves the ChatNoir responses recorded in testdata:
// searches from testdata/search/N.json (N the topic whose title the query
// starts with), paged by from and size, and pages from testdata/cache.
type recordedChatNoir struct {
	titles map[string]string // topic title → id
	delay  time.Duration     // how long each cache response is held, to let requests overlap
	// cacheStatus, if set, is the status of every cache response.
	cacheStatus int

	mu          sync.Mutex
	searches    []string // the query strings of the search requests
	caches      int
	inFlight    int
	maxInFlight int // the most cache requests served at once
}

// newRecordedChatNoir starts the server for the topics of
// testdata/input/topics.xml, closed when the test ends.
func newRecordedChatNoir(tb testing.TB) (*recordedChatNoir, *httptest.Server) {
	tb.Helper()
	rc, err := loadRecordedChatNoir()
	if err != nil {
		tb.Fatal(err)
	}
	srv := httptest.NewServer(rc)
	tb.Cleanup(srv.Close)
	return rc, srv
}

// loadRecordedChatNoir returns the server's handler.
func loadRecordedChatNoir() (*recordedChatNoir, error) {
	f, err := os.Open(filepath.Join("testdata", "input", "topics.xml"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	ts, err := topics.Parse(f)
	if err != nil {
		return nil, err
	}
	rc := &recordedChatNoir{titles: make(map[string]string)}
	for _, t := range ts {
		rc.titles[t.Title] = t.ID
	}
	return rc, nil
}

// requests returns the number of search and cache requests received.
func (rc *recordedChatNoir) requests() (searches, caches int) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return len(rc.searches), rc.caches
}

func (rc *recordedChatNoir) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.URL.Path {
	case "/api/v1/_search":
		rc.mu.Lock()
		rc.searches = append(rc.searches, r.URL.RawQuery)
		rc.mu.Unlock()
		rc.search(w, r)
	case "/cache":
		rc.mu.Lock()
		rc.caches++
		rc.inFlight++
		rc.maxInFlight = max(rc.maxInFlight, rc.inFlight)
		rc.mu.Unlock()
		defer func() {
			rc.mu.Lock()
			rc.inFlight--
			rc.mu.Unlock()
		}()
		time.Sleep(rc.delay)
		rc.cache(w, r)
	default:
		http.NotFound(w, r)
	}
}

func (rc *recordedChatNoir) search(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	if r.Header.Get("Authorization") != "Bearer "+testKey {
		w.WriteHeader(http.StatusUnauthorized)
		fmt.Fprint(w, `{"error": {"code": 401, "message": "Invalid API key"}}`)
		return
	}
	q := r.URL.Query()
	from, err1 := strconv.Atoi(q.Get("from"))
	size, err2 := strconv.Atoi(q.Get("size"))
	if err1 != nil || err2 != nil || from < 0 || size < 1 || q.Get("index") == "" {
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprint(w, `{"error": {"code": 400, "message": "bad request"}}`)
		return
	}
	number := ""
	for title, id := range rc.titles {
		if q.Get("query") == title || strings.HasPrefix(q.Get("query"), title+" ") {
			number = id
		}
	}
	var resp struct {
		Meta    map[string]any    `json:"meta"`
		Results []json.RawMessage `json:"results"`
	}
	if number != "" {
		b, err := os.ReadFile(filepath.Join("testdata", "search", number+".json"))
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		if err := json.Unmarshal(b, &resp); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
	} else {
		resp.Meta = map[string]any{"indices": []string{"cw22"}, "query_time": 3, "total_results": 0}
		resp.Results = []json.RawMessage{}
	}
	lo, hi := min(from, len(resp.Results)), min(from+size, len(resp.Results))
	resp.Results = resp.Results[lo:hi]
	json.NewEncoder(w).Encode(resp)
}

func (rc *recordedChatNoir) cache(w http.ResponseWriter, r *http.Request) {
	if rc.cacheStatus != 0 {
		http.Error(w, "simulated failure", rc.cacheStatus)
		return
	}
	q := r.URL.Query()
	uuid := q.Get("uuid")
	if !q.Has("raw") || !q.Has("plain") || q.Get("index") == "" || uuid == "" || strings.ContainsAny(uuid, `/\.`) {
		http.Error(w, "bad cache request", http.StatusBadRequest)
		return
	}
	b, err := os.ReadFile(filepath.Join("testdata", "cache", uuid+".html"))
	if err != nil {
		http.Error(w, "document not found", http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write(b)
}
