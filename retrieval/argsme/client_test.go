package argsme_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/argsme"
	"github.com/argsearch/argsearch/retrieval/retrievaltest"
	"github.com/argsearch/argsearch/stance"
)

var sexEd = retrieval.Query{ID: "51", Text: "Do we need sex education in schools?"}

func client(srv string) *argsme.Client {
	return &argsme.Client{BaseURL: srv, Backoff: time.Millisecond}
}

// premiseTexts reads the premise texts of the fixture's arguments with a
// generic decoder, independently of the client's.
func premiseTexts(t *testing.T, file string) map[string][]string {
	t.Helper()
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Arguments []map[string]any
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for _, a := range doc.Arguments {
		for _, p := range a["premises"].([]any) {
			id := a["id"].(string)
			out[id] = append(out[id], p.(map[string]any)["text"].(string))
		}
	}
	return out
}

func TestSearchDecodesTheDocumentedFields(t *testing.T) {
	raw, err := os.ReadFile("testdata/search_response.json")
	if err != nil {
		t.Fatal(err)
	}
	f := &fakeArgsMe{raw: string(raw)}
	srv := f.start(t)
	got, err := client(srv.URL).Search(context.Background(), sexEd, 10)
	if err != nil {
		t.Fatal(err)
	}
	texts := premiseTexts(t, "testdata/search_response.json")
	ctx := func(source, title string) corpus.Context {
		return corpus.Context{SourceID: source, DiscussionTitle: title, SourceDomain: "debate.org", AcquisitionTime: "2019-04-18T12:00:00Z"}
	}
	// The second and third tie; they come back by id descending ("Se…" >
	// "S4…"), not in the service's order.
	want := []argsme.Result{
		{
			Argument: corpus.Argument{
				ID: "Sd32774d-Acd43931a", Conclusion: "Sex education should be taught in schools.",
				Premises: []corpus.Premise{{Text: texts["Sd32774d-Acd43931a"][0], Stance: stance.Pro}},
				Context:  ctx("Sd32774d", "Sex education should be taught in schools."),
			},
			Score: 2174.61, Stance: stance.Pro, Summary: "Sex education should be taught in schools.",
		},
		{
			Argument: corpus.Argument{
				ID: "See96be74-Ace8b4021", Conclusion: "Sex Ed.",
				Premises: []corpus.Premise{{Text: texts["See96be74-Ace8b4021"][0], Stance: stance.Pro}},
				Context:  ctx("See96be74", "Sex Ed."),
			},
			Score: 1893.2, Stance: stance.Pro,
		},
		{
			Argument: corpus.Argument{
				ID: "S4417e87a-A7b5b28c4", Conclusion: "Sex education not be made compulsory in school.",
				Premises: []corpus.Premise{{Text: texts["S4417e87a-A7b5b28c4"][0], Stance: stance.Pro}},
				Context:  ctx("S4417e87a", "Sex education not be made compulsory in school."),
			},
			Score: 1893.2, Stance: stance.Con,
		},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("results (-want +got):\n%s", diff)
	}
	q := f.query(0)
	for name, want := range map[string]string{"query": sexEd.Text, "format": "json", "page": "1", "pageSize": "10"} {
		if got := q.Get(name); got != want {
			t.Errorf("%s: got %q, want %q", name, got, want)
		}
	}
	if q.Has("fields") {
		t.Errorf("Search asked for fields %q, want everything", q.Get("fields"))
	}
}

func TestRetrieveAsksForIDsAndScoresOnly(t *testing.T) {
	for _, backend := range backends {
		t.Run(backend, func(t *testing.T) {
			f := newFake(backend, arguments(4))
			srv := f.start(t)
			hits, err := client(srv.URL).Retrieve(context.Background(), sexEd, 3)
			if err != nil {
				t.Fatal(err)
			}
			want := []retrieval.Hit{
				{ID: "S000003e8-A00000000", Score: 500},
				{ID: "S000003e9-A00000007", Score: 496.5},
				{ID: "S000003ea-A0000000e", Score: 493},
			}
			if diff := cmp.Diff(want, hits); diff != "" {
				t.Errorf("hits (-want +got):\n%s", diff)
			}
			fields := strings.Split(f.query(0).Get("fields"), ",")
			for _, need := range []string{"arguments.id", "arguments.explanation.score", "totalSize"} {
				if !strings.Contains(","+strings.Join(fields, ",")+",", ","+need+",") {
					t.Errorf("fields %v lack %q", fields, need)
				}
			}
		})
	}
}

func TestPagination(t *testing.T) {
	for _, backend := range backends {
		t.Run(backend, func(t *testing.T) {
			f := newFake(backend, arguments(40))
			srv := f.start(t)
			c := client(srv.URL)
			c.PageSize = 10
			hits, err := c.Retrieve(context.Background(), sexEd, 25)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff([][2]string{{"1", "10"}, {"2", "10"}, {"3", "10"}}, f.pages()); diff != "" {
				t.Errorf("requested pages (page, pageSize) (-want +got):\n%s", diff)
			}
			if len(hits) != 25 {
				t.Fatalf("got %d hits, want 25", len(hits))
			}
			if got, want := hits[24].Score, 500-3.5*24; got != want {
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
				{7, [][2]string{{"1", "5"}, {"2", "5"}}},  // a short page ends it
				{10, [][2]string{{"1", "5"}, {"2", "5"}}}, // totalSize ends it
				{0, [][2]string{{"1", "5"}}},
			} {
				f := newFake(backend, arguments(tt.n))
				srv := f.start(t)
				c := client(srv.URL)
				c.PageSize = 5
				hits, err := c.Retrieve(context.Background(), sexEd, 1000)
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
			ranking := arguments(30)
			ranking = append(ranking[:10:10], append([]map[string]any{ranking[9]}, ranking[10:]...)...)
			f := newFake(backend, ranking)
			srv := f.start(t)
			c := client(srv.URL)
			c.PageSize = 10
			hits, err := c.Retrieve(context.Background(), sexEd, 15)
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
		})
	}
}

func TestRetryOn429ThenSuccess(t *testing.T) {
	for _, backend := range backends {
		t.Run(backend, func(t *testing.T) {
			f := newFake(backend, arguments(3))
			f.failures, f.retryAfter = []int{429, 500}, "0"
			srv := f.start(t)
			hits, err := client(srv.URL).Retrieve(context.Background(), sexEd, 10)
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
	f := &fakeArgsMe{ranking: arguments(3), failures: []int{502}, always: true}
	srv := f.start(t)
	c := client(srv.URL)
	c.MaxRetries = 3
	_, err := c.Retrieve(context.Background(), sexEd, 10)
	var se *argsme.StatusError
	if !errors.As(err, &se) {
		t.Fatalf("got error %v, want an *argsme.StatusError", err)
	}
	if se.StatusCode != 502 || se.Attempts != 4 || f.count() != 4 {
		t.Errorf("got status %d after %d attempts (%d requests), want 502 after 4", se.StatusCode, se.Attempts, f.count())
	}
	msg := err.Error()
	for _, part := range []string{"argsme: search: GET " + srv.URL + "/api/v2/arguments", "502 Bad Gateway", "after 4 attempts", "simulated failure 4"} {
		if !strings.Contains(msg, part) {
			t.Errorf("error %q does not contain %q", msg, part)
		}
	}
}

func TestClientErrorsAreNotRetried(t *testing.T) {
	for _, code := range []int{400, 401, 403} {
		f := &fakeArgsMe{ranking: arguments(3), failures: []int{code}, always: true}
		srv := f.start(t)
		_, err := client(srv.URL).Retrieve(context.Background(), sexEd, 10)
		var se *argsme.StatusError
		if !errors.As(err, &se) || se.StatusCode != code {
			t.Errorf("status %d: got error %v", code, err)
		}
		if f.count() != 1 {
			t.Errorf("status %d: got %d requests, want 1", code, f.count())
		}
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
	f := &fakeArgsMe{ranking: arguments(3), failures: []int{429}, always: true}
	srv := f.start(t)
	closed := make(chan struct{}, 1)
	c := client(srv.URL)
	c.HTTPClient = &http.Client{Transport: closeNotifier{http.DefaultTransport, closed}}
	c.Backoff, c.MaxBackoff = time.Hour, time.Hour // only cancellation ends the wait
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		<-closed
		cancel()
	}()
	_, err := c.Search(ctx, sexEd, 10)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("got error %v, want one wrapping context.Canceled", err)
	}
	if f.count() != 1 {
		t.Errorf("got %d requests, want 1", f.count())
	}
}

func TestMalformedResponses(t *testing.T) {
	for _, tt := range []struct{ body, want string }{
		{`{"arguments": [`, "unexpected end of JSON input"},
		{`<html><body>args.me</body></html>`, "invalid character"},
		{`{"totalSize": 3}`, `no "arguments" list`},
		{`{"arguments": [{"id": "S1-A1"}]}`, "result 1 (S1-A1) has no explanation.score"},
		{`{"arguments": [{"explanation": {"score": 1}}]}`, "result 1: argument without an id"},
		{`{"arguments": [{"id": "S1-A1", "explanation": {"score": 1}, "stance": "MAYBE"}]}`, `stance "MAYBE"`},
		{`{"arguments": [{"id": "S1-A1", "explanation": {"score": 1}, "premises": [{"text": "x", "stance": "pro"}]}]}`, `premise 1: stance "pro"`},
	} {
		f := &fakeArgsMe{raw: tt.body}
		srv := f.start(t)
		_, err := client(srv.URL).Search(context.Background(), sexEd, 10)
		if err == nil {
			t.Errorf("body %s: got no error", tt.body)
			continue
		}
		for _, part := range []string{"argsme: GET " + srv.URL + "/api/v2/arguments", tt.want} {
			if !strings.Contains(err.Error(), part) {
				t.Errorf("body %s: error %q does not contain %q", tt.body, err, part)
			}
		}
	}
}

func TestNoArgumentsListWithZeroTotal(t *testing.T) {
	f := &fakeArgsMe{raw: `{"query": {"text": "zzz"}, "totalSize": 0}`}
	srv := f.start(t)
	hits, err := client(srv.URL).Retrieve(context.Background(), sexEd, 10)
	if err != nil || len(hits) != 0 {
		t.Errorf("got %v, %v; want no hits and no error", hits, err)
	}
}

func TestEmptyQuery(t *testing.T) {
	f := &fakeArgsMe{ranking: arguments(3)}
	srv := f.start(t)
	if _, err := client(srv.URL).Retrieve(context.Background(), retrieval.Query{ID: "9", Text: " "}, 10); err == nil {
		t.Error("got no error")
	}
	if f.count() != 0 {
		t.Errorf("got %d requests, want none", f.count())
	}
}

func TestGetArgument(t *testing.T) {
	for _, backend := range backends {
		t.Run(backend, func(t *testing.T) {
			f := newFake(backend, arguments(3))
			srv := f.start(t)
			a, err := client(srv.URL).GetArgument(context.Background(), "S000003e9-A00000007")
			if err != nil {
				t.Fatal(err)
			}
			want := corpus.Argument{
				ID: "S000003e9-A00000007", Conclusion: "Conclusion 1",
				Premises: []corpus.Premise{{Text: "Premise of argument 1.", Stance: stance.Pro}},
				Context:  corpus.Context{SourceID: "S000003e9", DiscussionTitle: "Topic"},
			}
			if diff := cmp.Diff(want, a); diff != "" {
				t.Errorf("argument (-want +got):\n%s", diff)
			}
			_, err = client(srv.URL).GetArgument(context.Background(), "Snope-Anope")
			var se *argsme.StatusError
			if !errors.As(err, &se) || se.StatusCode != http.StatusNotFound || !strings.Contains(err.Error(), "no such argument") || !strings.Contains(err.Error(), `no argument with id \"Snope-Anope\"`) {
				t.Errorf("unknown id: got error %v, want a 404 StatusError saying so, with the service's message", err)
			}
			if _, err := client(srv.URL).GetArgument(context.Background(), ""); err == nil {
				t.Error("empty id: got no error")
			}
		})
	}
}

func TestGetArgumentFixture(t *testing.T) {
	raw, err := os.ReadFile("testdata/argument.json")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptestServer(t, string(raw))
	a, err := client(srv).GetArgument(context.Background(), "Sd32774d-Acd43931a")
	if err != nil {
		t.Fatal(err)
	}
	if a.Conclusion != "Sex education should be taught in schools." || len(a.Premises) != 1 || a.Premises[0].Stance != stance.Pro || a.Context.SourceDomain != "debate.org" {
		t.Errorf("got %+v", a)
	}
	if _, err := client(srv).GetArgument(context.Background(), "Sother-Aother"); err == nil || !strings.Contains(err.Error(), `got argument "Sd32774d-Acd43931a"`) {
		t.Errorf("mismatched id: got error %v", err)
	}
}

func TestConformance(t *testing.T) {
	for _, backend := range backends {
		t.Run(backend, func(t *testing.T) {
			f := newFake(backend, arguments(45))
			srv := f.start(t)
			c := client(srv.URL)
			c.PageSize = 7
			for _, err := range retrievaltest.Check(context.Background(), c, sexEd, retrieval.Query{ID: "52", Text: "Should the death penalty be abolished?"}) {
				t.Error(err)
			}
		})
	}
}

func TestAServiceThatIgnoresPagingEnds(t *testing.T) {
	// Every request gets the same full page and no total.
	f := &fakeArgsMe{raw: `{"arguments": [{"id": "a", "explanation": {"score": 3}}, {"id": "b", "explanation": {"score": 2}}]}`}
	srv := f.start(t)
	c := client(srv.URL)
	c.PageSize = 2
	hits, err := c.Retrieve(context.Background(), sexEd, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) != 2 || f.count() != 2 {
		t.Errorf("got %d hits after %d requests, want 2 after 2", len(hits), f.count())
	}
}

// BenchmarkRetrieve1000 retrieves 1000 hits in pages of 100 from a local
// fake service: the client's own cost per query (plus the fake's encoding),
// without network latency.
func BenchmarkRetrieve1000(b *testing.B) {
	f := &fakeArgsMe{ranking: arguments(1000)}
	srv := httptest.NewServer(f)
	defer srv.Close()
	c := &argsme.Client{BaseURL: srv.URL, HTTPClient: srv.Client()}
	for b.Loop() {
		hits, err := c.Retrieve(context.Background(), sexEd, 1000)
		if err != nil || len(hits) != 1000 {
			b.Fatal(len(hits), err)
		}
	}
}
