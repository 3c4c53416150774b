package chatnoir_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/chatnoir"
	"github.com/argsearch/argsearch/retrieval/retrievaltest"
)

const key = "test-key"

var uniforms = retrieval.Query{ID: "1", Text: "school uniforms"}

func client(srv string) *chatnoir.Client {
	return &chatnoir.Client{BaseURL: srv, APIKey: key, Backoff: time.Millisecond}
}

func ptr(f float64) *float64 { return &f }

func TestSearchDecodesTheDocumentedFields(t *testing.T) {
	raw, err := os.ReadFile("testdata/search_response.json")
	if err != nil {
		t.Fatal(err)
	}
	f := &fakeChatNoir{key: key, raw: string(raw)}
	srv := f.start(t)
	got, err := client(srv.URL).Search(context.Background(), uniforms, 3)
	if err != nil {
		t.Fatal(err)
	}
	// The fixture's second and third results tie; they come back by ID
	// descending ("c…" > "I…"), not in the service's order.
	want := []chatnoir.Result{
		{
			ID: "clueweb22-en0044-06-02359", TrecID: "clueweb22-en0044-06-02359", UUID: "UvPR6h5AWnCcnGoQSTQZTw",
			Index: "cw22", Score: 1937.0731,
			Title:     "Should <em>school</em> <em>uniforms</em> be mandatory? Pros &amp; Cons",
			Snippet:   "Supporters say <em>school</em> <em>uniforms</em> reduce bullying; critics say they don&#x27;t.",
			TargetURI: "https://example.org/debate/school-uniforms", TargetHostname: "example.org",
			PageRank: ptr(1.2e-9), SpamRank: ptr(87), CrawlDate: "2022-08-28T06:21:41",
			WARCID:      "d80b9e3a-204e-44a2-9758-6906df5906e2",
			CacheURI:    "https://chatnoir-webcontent.web.webis.de?index=cw22&uuid=UvPR6h5AWnCcnGoQSTQZTw",
			ContentType: "text/html", Lang: "en",
		},
		{
			ID: "clueweb22-en0012-31-11845", TrecID: "clueweb22-en0012-31-11845", UUID: "MzOlTIayX9ub7c13GLPr_g",
			Index: "cw22", Score: 1450.2303,
			Title:     "Are school <em>uniforms</em> worth it?",
			Snippet:   "I wore a <em>uniform</em> for twelve years and …",
			TargetURI: "https://forum.example.net/t/uniforms", TargetHostname: "forum.example.net",
			PageRank: ptr(4.7e-10), SpamRank: ptr(62), CrawlDate: "2022-06-19T22:45:09",
			WARCID:      "a4b2c0de-1111-4c2e-8d7f-5e6a7b8c9d00",
			CacheURI:    "https://chatnoir-webcontent.web.webis.de?index=cw22&uuid=MzOlTIayX9ub7c13GLPr_g",
			ContentType: "text/html", Lang: "en",
		},
		{
			// trec_id is null: the UUID stands in.
			ID: "IGkZcCgcXO6PmRw89ztvFg", UUID: "IGkZcCgcXO6PmRw89ztvFg",
			Index: "cw22", Score: 1450.2303,
			Title:     "Opinion: <em>Uniforms</em> help students focus",
			Snippet:   "&lt;p&gt; is not a tag here: <em>uniforms</em> level the field.",
			TargetURI: "https://news.example.com/opinion/uniforms", TargetHostname: "news.example.com",
			CrawlDate: "2022-07-03T11:02:17",
			WARCID:    "0f5a3c1e-8f7d-4f0e-9a51-2b9f1d0c7e44",
			CacheURI:  "https://chatnoir-webcontent.web.webis.de?index=cw22&uuid=IGkZcCgcXO6PmRw89ztvFg",
			Lang:      "en",
		},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("results (-want +got):\n%s", diff)
	}
	req := f.request(0)
	if got, want := req.Header.Get("Authorization"), "Bearer "+key; got != want {
		t.Errorf("Authorization header: got %q, want %q", got, want)
	}
	q := req.URL.Query()
	if got, want := q.Get("index"), "cw22"; got != want {
		t.Errorf("default index: got %q, want %q", got, want)
	}
	if q.Has("apikey") {
		t.Error("the API key was sent in the URL")
	}
	if got := q.Get("query"); got != uniforms.Text {
		t.Errorf("query: got %q, want %q", got, uniforms.Text)
	}
}

func TestRetrieveNullTrecIDFallsBackToUUID(t *testing.T) {
	for _, backend := range backends {
		t.Run(backend, func(t *testing.T) {
			f := newFake(backend, key, docs(6))
			srv := f.start(t)
			hits, err := client(srv.URL).Retrieve(context.Background(), uniforms, 6)
			if err != nil {
				t.Fatal(err)
			}
			want := []retrieval.Hit{
				{ID: "clueweb22-en0000-00-00000", Score: 2000},
				{ID: "clueweb22-en0001-01-00007", Score: 1992.75},
				{ID: "clueweb22-en0002-02-00014", Score: 1985.5},
				{ID: "clueweb22-en0003-03-00021", Score: 1978.25},
				{ID: "UUID000000000000000004", Score: 1971},
				{ID: "clueweb22-en0005-05-00035", Score: 1963.75},
			}
			if diff := cmp.Diff(want, hits); diff != "" {
				t.Errorf("hits (-want +got):\n%s", diff)
			}
		})
	}
}

func TestPagination(t *testing.T) {
	for _, backend := range backends {
		t.Run(backend, func(t *testing.T) {
			f := newFake(backend, key, docs(40))
			srv := f.start(t)
			c := client(srv.URL)
			c.PageSize = 10
			hits, err := c.Retrieve(context.Background(), uniforms, 25)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff([][2]string{{"0", "10"}, {"10", "10"}, {"20", "5"}}, f.pages()); diff != "" {
				t.Errorf("requested pages (from, size) (-want +got):\n%s", diff)
			}
			if len(hits) != 25 {
				t.Fatalf("got %d hits, want 25", len(hits))
			}
			if got, want := hits[24].Score, 2000-7.25*24; got != want {
				t.Errorf("last hit score: got %v, want %v", got, want)
			}
		})
	}
}

func TestKLargerThanTheResults(t *testing.T) {
	for _, backend := range backends {
		t.Run(backend, func(t *testing.T) {
			for _, tt := range []struct {
				n     int
				pages [][2]string
			}{
				{7, [][2]string{{"0", "5"}, {"5", "5"}}},  // a short page ends it
				{10, [][2]string{{"0", "5"}, {"5", "5"}}}, // total_results ends it
				{0, [][2]string{{"0", "5"}}},
			} {
				f := newFake(backend, key, docs(tt.n))
				srv := f.start(t)
				c := client(srv.URL)
				c.PageSize = 5
				hits, err := c.Retrieve(context.Background(), uniforms, 1000)
				if err != nil {
					t.Fatal(err)
				}
				if len(hits) != tt.n {
					t.Errorf("%d results: got %d hits", tt.n, len(hits))
				}
				if diff := cmp.Diff(tt.pages, f.pages()); diff != "" {
					t.Errorf("%d results: requested pages (-want +got):\n%s", tt.n, diff)
				}
			}
		})
	}
}

func TestDuplicatesAcrossPagesAreDropped(t *testing.T) {
	for _, backend := range backends {
		t.Run(backend, func(t *testing.T) {
			ranking := docs(30)
			// The service's ranking shifted between pages: result 9 shows up
			// again as result 10.
			ranking = append(ranking[:10:10], append([]map[string]any{ranking[9]}, ranking[10:]...)...)
			f := newFake(backend, key, ranking)
			srv := f.start(t)
			c := client(srv.URL)
			c.PageSize = 10
			hits, err := c.Retrieve(context.Background(), uniforms, 15)
			if err != nil {
				t.Fatal(err)
			}
			if len(hits) != 15 {
				t.Fatalf("got %d hits, want 15", len(hits))
			}
			seen := map[string]bool{}
			for _, h := range hits {
				if seen[h.ID] {
					t.Errorf("hit %q twice", h.ID)
				}
				seen[h.ID] = true
			}
			if diff := cmp.Diff([][2]string{{"0", "10"}, {"10", "5"}, {"15", "1"}}, f.pages()); diff != "" {
				t.Errorf("requested pages (-want +got):\n%s", diff)
			}
		})
	}
}

func TestRetryOn429ThenSuccess(t *testing.T) {
	for _, backend := range backends {
		t.Run(backend, func(t *testing.T) {
			f := newFake(backend, key, docs(3))
			f.failures, f.retryAfter = []int{429, 502}, "0"
			srv := f.start(t)
			hits, err := client(srv.URL).Retrieve(context.Background(), uniforms, 10)
			if err != nil {
				t.Fatal(err)
			}
			if len(hits) != 3 || f.count() != 3 {
				t.Errorf("got %d hits after %d requests, want 3 after 3", len(hits), f.count())
			}
		})
	}
}

func TestGiveUpAfterMaxRetries(t *testing.T) {
	f := &fakeChatNoir{key: key, ranking: docs(3), failures: []int{503}, always: true}
	srv := f.start(t)
	c := client(srv.URL)
	c.MaxRetries = 2
	_, err := c.Retrieve(context.Background(), uniforms, 10)
	var se *chatnoir.StatusError
	if !errors.As(err, &se) {
		t.Fatalf("got error %v, want a *chatnoir.StatusError", err)
	}
	if se.StatusCode != 503 || se.Attempts != 3 || f.count() != 3 {
		t.Errorf("got status %d after %d attempts (%d requests), want 503 after 3", se.StatusCode, se.Attempts, f.count())
	}
	msg := err.Error()
	for _, part := range []string{"chatnoir: search: GET " + srv.URL + "/api/v1/_search", "503 Service Unavailable", "after 3 attempts", "simulated failure 3"} {
		if !strings.Contains(msg, part) {
			t.Errorf("error %q does not contain %q", msg, part)
		}
	}
}

func TestAuthErrorsAreNotRetried(t *testing.T) {
	for _, code := range []int{401, 403} {
		f := &fakeChatNoir{key: key, ranking: docs(3), failures: []int{code}, always: true}
		srv := f.start(t)
		_, err := client(srv.URL).Retrieve(context.Background(), uniforms, 10)
		if !errors.Is(err, chatnoir.ErrAuth) {
			t.Errorf("status %d: got error %v, want one wrapping ErrAuth", code, err)
		}
		if f.count() != 1 {
			t.Errorf("status %d: got %d requests, want 1", code, f.count())
		}
	}
	// A wrong key, as the service checks it.
	for _, backend := range backends {
		f := newFake(backend, key, docs(3))
		srv := f.start(t)
		c := client(srv.URL)
		c.APIKey = "wrong"
		_, err := c.Retrieve(context.Background(), uniforms, 10)
		if !errors.Is(err, chatnoir.ErrAuth) || !strings.Contains(err.Error(), "Invalid API key") {
			t.Errorf("%s: wrong key: got error %v, want ErrAuth with the service's message", backend, err)
		}
		if strings.Contains(err.Error(), "wrong") {
			t.Errorf("%s: error %q shows the API key", backend, err)
		}
		if f.count() != 1 {
			t.Errorf("%s: got %d requests, want 1", backend, f.count())
		}
	}
}

func TestNoAPIKeySendsNothing(t *testing.T) {
	f := &fakeChatNoir{key: key, ranking: docs(3)}
	srv := f.start(t)
	c := &chatnoir.Client{BaseURL: srv.URL}
	_, err := c.Retrieve(context.Background(), uniforms, 10)
	if !errors.Is(err, chatnoir.ErrAuth) || !strings.Contains(err.Error(), "no API key") {
		t.Errorf("got error %v, want ErrAuth saying there is no API key", err)
	}
	if f.count() != 0 {
		t.Errorf("got %d requests, want none", f.count())
	}
}

// closeNotifier signals when a response body is closed, that is, once the
// client is done with a response.
type closeNotifier struct {
	rt     http.RoundTripper
	closed chan struct{}
}

func (c closeNotifier) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := c.rt.RoundTrip(r)
	if err == nil {
		resp.Body = notifyingBody{resp.Body, c.closed}
	}
	return resp, err
}

type notifyingBody struct {
	io.ReadCloser
	closed chan struct{}
}

func (b notifyingBody) Close() error {
	err := b.ReadCloser.Close()
	select {
	case b.closed <- struct{}{}:
	default:
	}
	return err
}

func TestCancelDuringBackoff(t *testing.T) {
	f := &fakeChatNoir{key: key, ranking: docs(3), failures: []int{503}, always: true}
	srv := f.start(t)
	closed := make(chan struct{}, 1)
	c := client(srv.URL)
	c.HTTPClient = &http.Client{Transport: closeNotifier{http.DefaultTransport, closed}}
	c.Backoff, c.MaxBackoff = time.Hour, time.Hour // only cancellation ends the wait
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		<-closed // the first response is handled; the client now waits
		cancel()
	}()
	_, err := c.Retrieve(ctx, uniforms, 10)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("got error %v, want one wrapping context.Canceled", err)
	}
	if f.count() != 1 {
		t.Errorf("got %d requests, want 1", f.count())
	}
}

func TestMalformedResponses(t *testing.T) {
	for _, tt := range []struct{ body, want string }{
		{`{"results": [`, "unexpected end of JSON input"},
		{`<html>Bad gateway</html>`, "invalid character"},
		{`{"meta": {"total_results": 3}}`, `no "results" list`},
		{`{"results": [{"uuid": "U1"}]}`, "result 1 (U1) has no score"},
		{`{"results": [{"score": 1, "trec_id": null}]}`, "result 1 has neither trec_id nor uuid"},
		{`{"results": [{"score": "high", "uuid": "U1"}]}`, "cannot unmarshal string"},
	} {
		f := &fakeChatNoir{key: key, raw: tt.body}
		srv := f.start(t)
		_, err := client(srv.URL).Retrieve(context.Background(), uniforms, 10)
		if err == nil {
			t.Errorf("body %s: got no error", tt.body)
			continue
		}
		for _, part := range []string{"chatnoir: GET " + srv.URL + "/api/v1/_search", tt.want} {
			if !strings.Contains(err.Error(), part) {
				t.Errorf("body %s: error %q does not contain %q", tt.body, err, part)
			}
		}
	}
}

func TestOptionsReachTheRequest(t *testing.T) {
	f := &fakeChatNoir{key: key, ranking: docs(3)}
	srv := f.start(t)
	c := client(srv.URL + "/") // a trailing slash is fine
	c.Index = []string{"clueweb22/b", "cw12", "msmarco-passage"}
	c.SearchMethod = "bm25"
	c.PhraseSearch, c.Slop = true, 1
	if _, err := c.Retrieve(context.Background(), uniforms, 2); err != nil {
		t.Fatal(err)
	}
	req := f.request(0)
	if req.URL.Path != "/api/v1/_phrases" {
		t.Errorf("path: got %q, want /api/v1/_phrases", req.URL.Path)
	}
	q := req.URL.Query()
	for name, want := range map[string]string{"index": "cw22,cw12,msmarco-passage", "search_method": "bm25", "slop": "1", "from": "0", "size": "2"} {
		if got := q.Get(name); got != want {
			t.Errorf("%s: got %q, want %q", name, got, want)
		}
	}
	c.Slop = 3
	if _, err := c.Retrieve(context.Background(), uniforms, 2); err == nil || !strings.Contains(err.Error(), "slop 3") {
		t.Errorf("slop 3: got error %v, want one naming the slop", err)
	}
	if _, err := c.Retrieve(context.Background(), retrieval.Query{ID: "7", Text: "  "}, 2); err == nil {
		t.Error("empty query: got no error")
	}
	if f.count() != 1 {
		t.Errorf("got %d requests, want 1 (bad input must not be sent)", f.count())
	}
}

func TestFullText(t *testing.T) {
	f := &fakeChatNoir{key: key}
	srv := f.start(t)
	text, err := client(srv.URL).FullText(context.Background(), "UvPR6h5AWnCcnGoQSTQZTw", "clueweb22/b")
	if err != nil {
		t.Fatal(err)
	}
	if want := "<p>Plain text of UvPR6h5AWnCcnGoQSTQZTw from cw22.</p>"; text != want {
		t.Errorf("got %q, want %q", text, want)
	}
	req := f.request(0)
	if req.Header.Get("Authorization") != "" {
		t.Error("the API key was sent to the cache")
	}
	if _, err := client(srv.URL).FullText(context.Background(), "", "cw22"); err == nil {
		t.Error("empty uuid: got no error")
	}
}

func TestFullTextErrors(t *testing.T) {
	srv := (&fakeChatNoir{key: key}).start(t)
	c := client(srv.URL)
	c.BaseURL = srv.URL + "/missing"
	_, err := c.FullText(context.Background(), "U1", "cw22")
	var se *chatnoir.StatusError
	if !errors.As(err, &se) || se.StatusCode != 404 || !strings.HasPrefix(err.Error(), "chatnoir: full text of U1 in cw22: GET") {
		t.Errorf("got error %v, want a 404 StatusError naming the document", err)
	}
}

func TestConformance(t *testing.T) {
	for _, backend := range backends {
		t.Run(backend, func(t *testing.T) {
			f := newFake(backend, key, docs(45))
			srv := f.start(t)
			c := client(srv.URL)
			c.PageSize = 7
			for _, err := range retrievaltest.Check(context.Background(), c, uniforms, retrieval.Query{ID: "2", Text: "nuclear energy"}) {
				t.Error(err)
			}
		})
	}
}

func TestStripHighlights(t *testing.T) {
	for in, want := range map[string]string{
		"Should <em>school</em> <em>uniforms</em> be mandatory? Pros &amp; Cons": "Should school uniforms be mandatory? Pros & Cons",
		"they don&#x27;t":                "they don't",
		"&lt;em&gt; is text, <em>x</em>": "<em> is text, x",
		"":                               "",
	} {
		if got := chatnoir.StripHighlights(in); got != want {
			t.Errorf("StripHighlights(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestAServiceThatIgnoresPagingEnds(t *testing.T) {
	// Every request gets the same full page and no total.
	f := &fakeChatNoir{key: key, raw: `{"results": [{"score": 3, "uuid": "a"}, {"score": 2, "uuid": "b"}]}`}
	srv := f.start(t)
	c := client(srv.URL)
	c.PageSize = 2
	hits, err := c.Retrieve(context.Background(), uniforms, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) != 2 || f.count() != 2 {
		t.Errorf("got %d hits after %d requests, want 2 after 2", len(hits), f.count())
	}
}

// BenchmarkRetrieve1000 retrieves 1000 hits in pages of 100 from a local
// fake service: the client's own cost per query, without network latency.
func BenchmarkRetrieve1000(b *testing.B) {
	f := &fakeChatNoir{key: key, ranking: docs(1000)}
	srv := httptest.NewServer(f)
	defer srv.Close()
	c := &chatnoir.Client{BaseURL: srv.URL, APIKey: key, HTTPClient: srv.Client()}
	for b.Loop() {
		hits, err := c.Retrieve(context.Background(), uniforms, 1000)
		if err != nil || len(hits) != 1000 {
			b.Fatal(len(hits), err)
		}
	}
}
