package chatnoir_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/chatnoir"
)

// The documented shape of a ChatNoir search response
// (https://chatnoir.eu/doc/api/), to decode strictly: a field the
// documentation does not name, or a value of another type, fails the
// decoding. total_results_relation and search_method are not in the simple
// search's documentation (the service sends search_method).
type (
	docSearch struct {
		Meta    docMeta     `json:"meta"`
		Results []docResult `json:"results"`
	}
	docMeta struct {
		QueryTime     *int64   `json:"query_time"`
		TotalResults  *int     `json:"total_results"`
		TotalRelation string   `json:"total_results_relation"`
		Indices       []string `json:"indices"`
		SearchMethod  string   `json:"search_method"`
	}
	docResult struct {
		Score          *float64        `json:"score"`
		UUID           string          `json:"uuid"`
		Index          string          `json:"index"`
		TrecID         *string         `json:"trec_id"`
		TargetHostname *string         `json:"target_hostname"`
		TargetURI      *string         `json:"target_uri"`
		PageRank       *float64        `json:"page_rank"`
		SpamRank       *float64        `json:"spam_rank"`
		Title          *string         `json:"title"`
		Snippet        *string         `json:"snippet"`
		Explanation    *docExplanation `json:"explanation"`
	}
	docExplanation struct {
		Value       float64 `json:"value"`
		Description string  `json:"description"`
		Details     []any   `json:"details"`
	}
	docMinimal struct {
		Score     float64 `json:"score"`
		UUID      string  `json:"uuid"`
		TargetURI *string `json:"target_uri"`
		Snippet   string  `json:"snippet"`
	}
	docError struct {
		Code      int    `json:"code"`
		Error     string `json:"error"`
		Parameter string `json:"parameter"`
	}
)

func decodeStrict(t *testing.T, body []byte, v any) {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		t.Fatalf("decoding %.300s: %v", body, err)
	}
	if dec.More() {
		t.Fatalf("data after the response: %.300s", body)
	}
}

// do sends a request and returns the response and its body.
func do(t *testing.T, method, u, contentType, body string, header ...string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, u, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, b
}

// passageHandler serves the generated passages with the key "k", their
// titles and addresses made up from their ids.
func passageHandler(pc *passageCorpus) *chatnoir.Handler {
	return &chatnoir.Handler{
		Search: pc.index,
		Text:   pc.text,
		Title:  func(id string) string { return "Passage " + id + " on peace & tobacco" },
		URI:    func(id string) string { return "https://" + strings.ReplaceAll(id, "_", "") + ".example.org/page?x=1" },
		IDs:    pc.allIDs,
		APIKey: "k",
	}
}

func start(t *testing.T, h http.Handler) string {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL
}

var emRE = regexp.MustCompile(`<em>(.*?)</em>`)

func TestHandlerSearchDocumentedFields(t *testing.T) {
	pc := testPassages(t)
	srv := start(t, passageHandler(pc))
	query := pc.topics[0].Title // "Which is better, tobacco or peace?"
	want, err := pc.index.Retrieve(context.Background(), retrieval.Query{Text: query}, 20)
	if err != nil {
		t.Fatal(err)
	}
	for page, hits := range [][]retrieval.Hit{want[:10], want[10:20]} {
		v := url.Values{"query": {query}, "from": {fmt.Sprint(10 * page)}, "size": {"10"}, "index": {"local"}}
		resp, body := do(t, "GET", srv+"/api/v1/_search?"+v.Encode(), "", "", "Authorization", "Bearer k")
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "application/json; charset=utf-8" {
			t.Fatalf("status %d, %s: %s", resp.StatusCode, resp.Header.Get("Content-Type"), body)
		}
		var got docSearch
		decodeStrict(t, body, &got)
		m := got.Meta
		if m.QueryTime == nil || *m.QueryTime < 0 || m.TotalResults == nil || *m.TotalResults < 10*page+11 || m.TotalRelation != "gte" || !cmp.Equal(m.Indices, []string{"local"}) || m.SearchMethod != "default" {
			t.Errorf("meta %+v", m)
		}
		var gotHits []retrieval.Hit
		for _, r := range got.Results {
			if r.Score == nil || r.TrecID == nil {
				t.Fatalf("result without score or trec_id: %+v", r)
			}
			gotHits = append(gotHits, retrieval.Hit{ID: *r.TrecID, Score: *r.Score})
			checkResult(t, pc, r, query)
		}
		// The scores parse back to the index's float64s, bit for bit.
		if diff := cmp.Diff(hits, gotHits); diff != "" {
			t.Errorf("page %d (-index +served):\n%s", page+1, diff)
		}
	}
}

// checkResult checks a served result against its passage: a UUID of
// version 5 in unpadded base64url, the index, null ranks, the made-up
// address and its host, and a title and snippet that are the escaped
// passage text with <em> around words of the query.
func checkResult(t *testing.T, pc *passageCorpus, r docResult, query string) {
	t.Helper()
	id := *r.TrecID
	u, err := base64.RawURLEncoding.DecodeString(r.UUID)
	if err != nil || len(u) != 16 || u[6]>>4 != 5 || u[8]>>6 != 2 {
		t.Errorf("%s: uuid %q is not a version 5 UUID in base64url", id, r.UUID)
	}
	wantURI := "https://" + strings.ReplaceAll(id, "_", "") + ".example.org/page?x=1"
	if r.Index != "local" || r.PageRank != nil || r.SpamRank != nil || r.TargetURI == nil || *r.TargetURI != wantURI ||
		r.TargetHostname == nil || *r.TargetHostname != strings.ReplaceAll(id, "_", "")+".example.org" || r.Explanation != nil {
		t.Errorf("%s: %+v", id, r)
	}
	if r.Title == nil || chatnoir.StripHighlights(*r.Title) != "Passage "+id+" on peace & tobacco" || !strings.Contains(*r.Title, "<em>peace</em> &amp; <em>tobacco</em>") {
		t.Errorf("%s: title %v", id, r.Title)
	}
	text, _ := pc.text(id)
	snippet := chatnoir.StripHighlights(*r.Snippet)
	if collapsed := strings.Join(strings.Fields(text), " "); !strings.Contains(collapsed, snippet) || snippet == "" {
		t.Errorf("%s: snippet %q is not a passage of the text %q", id, snippet, collapsed)
	}
	if strings.ContainsAny(strings.ReplaceAll(strings.ReplaceAll(*r.Snippet, "<em>", ""), "</em>", ""), "<>") {
		t.Errorf("%s: snippet %q is not escaped", id, *r.Snippet)
	}
	ems := emRE.FindAllStringSubmatch(*r.Snippet, -1)
	if len(ems) == 0 {
		t.Errorf("%s: snippet %q highlights nothing", id, *r.Snippet)
	}
	// A highlighted word shares its stem with a query word: at least its
	// first four letters ("peacefulness" for "peace").
	for _, em := range ems {
		w := strings.ToLower(html.UnescapeString(em[1]))
		if len(w) < 4 || !strings.Contains(strings.ToLower(query), w[:4]) {
			t.Errorf("%s: highlighted %q is not a query word", id, em[1])
		}
	}
}

func TestHandlerRequestForms(t *testing.T) {
	pc := testPassages(t)
	srv := start(t, passageHandler(pc))
	query := pc.topics[1].Title
	get := func(method, path, contentType, body string, header ...string) []byte {
		t.Helper()
		resp, b := do(t, method, srv+path, contentType, body, header...)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("%s %s %s: status %d: %s", method, path, body, resp.StatusCode, b)
		}
		return b
	}
	q := url.QueryEscape(query)
	// The same search, asked in the ways ChatNoir takes.
	ref := get("GET", "/api/v1/_search?apikey=k&size=5&query="+q, "", "")
	for _, tt := range []struct{ method, path, contentType, body string }{
		{"GET", "/api/v1/_search?q=" + q + "&i=local&size=5", "", ""},
		{"POST", "/api/v1/_search", "text/plain", `{"apikey": "k", "query": ` + mustJSON(query) + `, "index": ["local"], "size": 5, "from": 0}`},
		{"POST", "/api/v1/_search?size=99&query=overridden", "application/json", `{"q": ` + mustJSON(query) + `, "size": 5, "explain": false, "pretty": null}`},
		{"POST", "/api/v1/_search", "application/x-www-form-urlencoded", "apikey=k&query=" + q + "&size=5"},
	} {
		got := get(tt.method, tt.path, tt.contentType, tt.body, "Authorization", "Token k")
		var a, b docSearch
		decodeStrict(t, ref, &a)
		decodeStrict(t, got, &b)
		a.Meta.QueryTime, b.Meta.QueryTime = nil, nil
		if diff := cmp.Diff(a, b); diff != "" {
			t.Errorf("%s %s %s (-GET +this):\n%s", tt.method, tt.path, tt.body, diff)
		}
	}
	// pretty indents; explain explains; minimal keeps four fields.
	if b := get("GET", "/api/v1/_search?apikey=k&size=1&pretty&query="+q, "", ""); !bytes.Contains(b, []byte("\n  \"meta\"")) {
		t.Errorf("pretty: %s", b)
	}
	var explained docSearch
	decodeStrict(t, get("GET", "/api/v1/_search?apikey=k&size=2&explain=true&query="+q, "", ""), &explained)
	for _, r := range explained.Results {
		if r.Explanation == nil || r.Explanation.Value != *r.Score || r.Explanation.Details == nil {
			t.Errorf("explain: %+v", r.Explanation)
		}
	}
	var minimal struct {
		Meta    docMeta      `json:"meta"`
		Results []docMinimal `json:"results"`
	}
	decodeStrict(t, get("GET", "/api/v1/_search?apikey=k&size=2&minimal&query="+q, "", ""), &minimal)
	if len(minimal.Results) != 2 || minimal.Results[0].UUID == "" {
		t.Errorf("minimal: %+v", minimal)
	}
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func TestHandlerPhrases(t *testing.T) {
	pc := testPassages(t)
	srv := start(t, passageHandler(pc))
	ctx := context.Background()
	// A phrase of the corpus: the first three words of a passage.
	words := strings.Fields(pc.texts[pc.ids[7]])[:3]
	phrase := strings.Join(words, " ")
	for slop := range 3 {
		v := url.Values{"query": {phrase}, "slop": {fmt.Sprint(slop)}, "size": {"100"}, "apikey": {"k"}}
		resp, body := do(t, "GET", srv+"/api/v1/_phrases?"+v.Encode(), "", "")
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("status %d: %s", resp.StatusCode, body)
		}
		var got docSearch
		decodeStrict(t, body, &got)
		all, err := pc.index.Retrieve(ctx, retrieval.Query{Text: phrase}, 3000)
		if err != nil {
			t.Fatal(err)
		}
		// The results are the ranking of the words, filtered to the
		// passages that hold them in order, within slop words.
		re := regexp.MustCompile(`(?i)\b` + strings.Join(quoteAll(words), `\W+(?:\w+\W+){0,`+fmt.Sprint(slop)+`}`) + `\b`)
		exact := regexp.MustCompile(`(?i)\b` + strings.Join(quoteAll(words), `\W+`) + `\b`)
		served := map[string]bool{}
		for _, r := range got.Results {
			served[*r.TrecID] = true
			if !re.MatchString(pc.texts[*r.TrecID]) {
				t.Errorf("slop %d: %s does not hold %q", slop, *r.TrecID, phrase)
			}
		}
		var filtered []string
		for _, h := range all {
			if served[h.ID] {
				filtered = append(filtered, h.ID)
			}
			if exact.MatchString(pc.texts[h.ID]) && !served[h.ID] {
				t.Errorf("slop %d: %s holds %q but is not served", slop, h.ID, phrase)
			}
		}
		var order []string
		for _, r := range got.Results {
			order = append(order, *r.TrecID)
		}
		if diff := cmp.Diff(filtered, order); diff != "" || len(order) == 0 {
			t.Errorf("slop %d: not the ranking filtered (-ranking +served):\n%s", slop, diff)
		}
		if *got.Meta.TotalResults != len(order) || got.Meta.TotalRelation != "eq" {
			t.Errorf("slop %d: total %d (%s), want %d (eq)", slop, *got.Meta.TotalResults, got.Meta.TotalRelation, len(order))
		}
	}
	// The Client's phrase search reaches the endpoint.
	c := &chatnoir.Client{BaseURL: srv, APIKey: "k", Index: []string{"local"}, PhraseSearch: true, Slop: 1}
	hits, err := c.Retrieve(ctx, retrieval.Query{ID: "1", Text: phrase}, 10)
	if err != nil || len(hits) == 0 {
		t.Errorf("client: %v, %v", hits, err)
	}
}

func quoteAll(words []string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = regexp.QuoteMeta(strings.Trim(w, ".,;:!?\"'()"))
	}
	return out
}

func TestHandlerAPIKey(t *testing.T) {
	pc := testPassages(t)
	srv := start(t, passageHandler(pc))
	for _, tt := range []struct {
		name, path, body string
		header           []string
		status           int
		msg              string
	}{
		{"no key", "/api/v1/_search?query=peace", "", nil, 401, "No API key supplied."},
		{"wrong key", "/api/v1/_search?query=peace&apikey=x", "", nil, 401, "Invalid API key."},
		{"wrong bearer", "/api/v1/_search?query=peace", "", []string{"Authorization", "Bearer kk"}, 401, "Invalid API key."},
		{"empty bearer", "/api/v1/_search?query=peace&apikey=k", "", []string{"Authorization", "Bearer "}, 200, ""},
		{"bearer", "/api/v1/_search?query=peace", "", []string{"Authorization", "bearer k"}, 200, ""},
		{"bearer over a wrong parameter", "/api/v1/_search?query=peace&apikey=x", "", []string{"Authorization", "Bearer k"}, 200, ""},
		{"key in the body", "/api/v1/_phrases", `{"apikey": "k", "query": "peace"}`, nil, 200, ""},
		{"key twice", "/api/v1/_search?query=peace&apikey=k&apikey=k", "", nil, 400, ""},
	} {
		method := "GET"
		if tt.body != "" {
			method = "POST"
		}
		resp, body := do(t, method, srv+tt.path, "", tt.body, tt.header...)
		if resp.StatusCode != tt.status {
			t.Errorf("%s: status %d, want %d: %s", tt.name, resp.StatusCode, tt.status, body)
			continue
		}
		if tt.status == 401 {
			var e docError
			decodeStrict(t, body, &e)
			if e.Code != 401 || e.Error != tt.msg || resp.Header.Get("WWW-Authenticate") == "" {
				t.Errorf("%s: %+v", tt.name, e)
			}
		}
	}
	// Without a key configured, anything goes; the cache needs no key.
	open := passageHandler(pc)
	open.APIKey = ""
	if resp, body := do(t, "GET", start(t, open)+"/api/v1/_search?query=peace", "", ""); resp.StatusCode != 200 {
		t.Errorf("no key configured: %d %s", resp.StatusCode, body)
	}
	if resp, body := do(t, "GET", srv+"/cache?uuid="+pc.ids[0], "", ""); resp.StatusCode != 200 {
		t.Errorf("cache: %d %s", resp.StatusCode, body)
	}
	// The Client maps a rejected key to ErrAuth.
	_, err := (&chatnoir.Client{BaseURL: srv, APIKey: "wrong", Index: []string{"local"}}).Retrieve(context.Background(), uniforms, 10)
	if !errors.Is(err, chatnoir.ErrAuth) || strings.Contains(err.Error(), "wrong") {
		t.Errorf("client with a wrong key: %v", err)
	}
}

func TestHandlerBadRequests(t *testing.T) {
	pc := testPassages(t)
	h := passageHandler(pc)
	h.MaxQuery, h.MaxSize, h.MaxDepth = 50, 20, 100
	srv := start(t, h)
	for _, tt := range []struct {
		method, path, body string
		status             int
		param              string
	}{
		{"GET", "/api/v1/_search?query=peace&size=0", "", 400, "size"},
		{"GET", "/api/v1/_search?query=peace&size=21", "", 400, "size"},
		{"GET", "/api/v1/_search?query=peace&size=ten", "", 400, "size"},
		{"GET", "/api/v1/_search?query=peace&from=-1", "", 400, "from"},
		{"GET", "/api/v1/_search?query=peace&from=1.5", "", 400, "from"},
		{"GET", "/api/v1/_search?query=peace&from=91&size=10", "", 400, "from"},
		{"GET", "/api/v1/_search?query=peace&from=90&size=10", "", 200, ""},
		{"GET", "/api/v1/_search?size=1", "", 400, "query"},
		{"GET", "/api/v1/_search?query=", "", 400, "query"},
		{"GET", "/api/v1/_search?query=" + strings.Repeat("x", 51), "", 400, "query"},
		{"GET", "/api/v1/_search?query=a&q=b", "", 400, "q"},
		{"GET", "/api/v1/_search?query=%ff%fe", "", 400, "query"},
		{"GET", "/api/v1/_search?query=peace&index=cw22", "", 400, "index"},
		{"GET", "/api/v1/_search?query=peace&index=local,cw12", "", 400, "index"},
		{"GET", "/api/v1/_search?query=peace&search_method=bm25", "", 400, "search_method"},
		{"GET", "/api/v1/_search?query=peace&explain=maybe", "", 400, "explain"},
		{"GET", "/api/v1/_search?query=peace%", "", 400, "query"},
		{"GET", "/api/v1/_phrases?query=peace&slop=3", "", 400, "slop"},
		{"GET", "/api/v1/_phrases?query=peace&slop=-1", "", 400, "slop"},
		{"POST", "/api/v1/_search", `[1, 2]`, 400, ""},
		{"POST", "/api/v1/_search", `{"query": {"a": 1}}`, 400, "query"},
		{"POST", "/api/v1/_search", `{"query": "peace", "index": ["local", 3]}`, 400, "index"},
		{"POST", "/api/v1/_search", `{"query": "peace", "size": 1e400}`, 400, "size"},
		{"POST", "/api/v1/_search", `{"query": "peace"} trailing`, 400, ""},
		{"POST", "/api/v1/_search", `{"query": "peace", "size": 1.5}`, 400, "size"},
		{"GET", "/cache", "", 400, "uuid"},
		{"GET", "/cache?uuid=nope", "", 404, "uuid"},
		{"GET", "/cache?uuid=" + pc.ids[0] + "&index=cw12", "", 400, "index"},
		{"GET", "/cache?uuid=" + pc.ids[0] + "&plain=sure", "", 400, "plain"},
		{"GET", "/api/v1/", "", 404, ""},
		{"GET", "/api/v1/_searchx", "", 404, ""},
		{"PUT", "/api/v1/_search?query=peace", "", 405, ""},
		{"DELETE", "/api/v1/_phrases?query=peace", "", 405, ""},
		{"POST", "/cache?uuid=x", "", 405, ""},
		{"POST", "/api/v1/_search", `{"query": "` + strings.Repeat("x", 2<<20) + `"}`, 413, ""},
	} {
		resp, body := do(t, tt.method, srv+tt.path, "application/json", tt.body, "Authorization", "Bearer k")
		if resp.StatusCode != tt.status {
			t.Errorf("%s %s %.40s: status %d, want %d: %.300s", tt.method, tt.path, tt.body, resp.StatusCode, tt.status, body)
			continue
		}
		if tt.status == 200 {
			continue
		}
		var e docError
		decodeStrict(t, body, &e)
		if e.Code != tt.status || e.Parameter != tt.param || e.Error == "" {
			t.Errorf("%s %s %.40s: got %+v, want an error naming %q", tt.method, tt.path, tt.body, e, tt.param)
		}
		if tt.status == 405 && resp.Header.Get("Allow") == "" {
			t.Errorf("%s %s: 405 without Allow", tt.method, tt.path)
		}
	}
}

func TestHandlerCache(t *testing.T) {
	pc := testPassages(t)
	h := passageHandler(pc)
	srv := start(t, h)
	id := pc.ids[3]
	// The uuid of a search result.
	var got docSearch
	_, body := do(t, "GET", srv+"/api/v1/_search?apikey=k&size=1&query="+url.QueryEscape(strings.Join(strings.Fields(pc.texts[id])[:12], " ")), "", "")
	decodeStrict(t, body, &got)
	if len(got.Results) == 0 || *got.Results[0].TrecID != id {
		t.Fatalf("the passage's own words do not find it first: %s", body)
	}
	u, _ := base64.RawURLEncoding.DecodeString(got.Results[0].UUID)
	hexUUID := fmt.Sprintf("%x-%x-%x-%x-%x", u[0:4], u[4:6], u[6:8], u[8:10], u[10:16])
	var want strings.Builder
	for _, p := range strings.Split(pc.texts[id], "\n\n") {
		if p = strings.Join(strings.Fields(p), " "); p != "" {
			fmt.Fprintf(&want, "<p>%s</p>\n", html.EscapeString(p))
		}
	}
	for _, name := range []string{got.Results[0].UUID, id, hexUUID} {
		resp, body := do(t, "GET", srv+"/cache?"+url.Values{"uuid": {name}, "index": {"local"}}.Encode()+"&raw&plain", "", "")
		if resp.StatusCode != 200 || string(body) != want.String() || resp.Header.Get("Content-Type") != "text/html; charset=utf-8" {
			t.Errorf("uuid %s: %d %q, want %q", name, resp.StatusCode, body, want.String())
		}
		_, page := do(t, "GET", srv+"/cache?"+url.Values{"uuid": {name}}.Encode(), "", "")
		if !bytes.HasPrefix(page, []byte("<!DOCTYPE html>")) || !bytes.Contains(page, []byte(want.String())) || !bytes.Contains(page, []byte("<title>Passage "+id+" on peace &amp; tobacco</title>")) {
			t.Errorf("uuid %s: page %q", name, page)
		}
	}
	// The Client's FullText of a result.
	c := &chatnoir.Client{BaseURL: srv, APIKey: "k", Index: []string{"local"}}
	results, err := c.Search(context.Background(), retrieval.Query{ID: "1", Text: "peace"}, 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range results {
		text, err := c.FullText(context.Background(), r.UUID, r.Index)
		if err != nil || !strings.Contains(text, html.EscapeString(strings.Join(strings.Fields(pc.texts[r.ID]), " ")[:40])) {
			t.Errorf("FullText of %s: %.100q, %v", r.ID, text, err)
		}
	}
	// Without IDs a uuid cannot be resolved, an id can.
	h2 := passageHandler(pc)
	h2.IDs = nil
	srv2 := start(t, h2)
	if resp, _ := do(t, "GET", srv2+"/cache?uuid="+got.Results[0].UUID, "", ""); resp.StatusCode != 404 {
		t.Errorf("uuid without IDs: %d, want 404", resp.StatusCode)
	}
	if resp, _ := do(t, "GET", srv2+"/cache?uuid="+url.QueryEscape(id), "", ""); resp.StatusCode != 200 {
		t.Errorf("id without IDs: %d, want 200", resp.StatusCode)
	}
}

// blocking is a Search that waits in every call until released, telling
// entered when it starts waiting.
type blocking struct {
	entered chan struct{}
	release chan struct{}
	r       retrieval.Retriever
}

func (b *blocking) Retrieve(ctx context.Context, q retrieval.Query, k int) ([]retrieval.Hit, error) {
	b.entered <- struct{}{}
	<-b.release
	return b.r.Retrieve(ctx, q, k)
}

func TestHandlerBusy(t *testing.T) {
	pc := testPassages(t)
	b := &blocking{entered: make(chan struct{}, 4), release: make(chan struct{}), r: pc.index}
	h := passageHandler(pc)
	h.Search, h.MaxSearches = b, 1
	srv := start(t, h)
	first := make(chan int)
	go func() {
		resp, err := http.Get(srv + "/api/v1/_search?apikey=k&query=peace")
		if err != nil {
			first <- 0
			return
		}
		resp.Body.Close()
		first <- resp.StatusCode
	}()
	<-b.entered
	for _, path := range []string{"/api/v1/_search?apikey=k&query=peace", "/api/v1/_phrases?apikey=k&query=peace"} {
		resp, body := do(t, "GET", srv+path, "", "")
		var e docError
		decodeStrict(t, body, &e)
		if resp.StatusCode != 503 || resp.Header.Get("Retry-After") != "1" || e.Code != 503 {
			t.Errorf("%s: %d, Retry-After %q, %s", path, resp.StatusCode, resp.Header.Get("Retry-After"), body)
		}
	}
	close(b.release)
	if code := <-first; code != 200 {
		t.Errorf("first: %d", code)
	}
	if resp, body := do(t, "GET", srv+"/api/v1/_search?apikey=k&query=peace", "", ""); resp.StatusCode != 200 {
		t.Errorf("after: %d %s", resp.StatusCode, body)
	}
}

func TestHandlerPanicIsA500(t *testing.T) {
	pc := testPassages(t)
	h := passageHandler(pc)
	h.Text = func(string) (string, bool) { panic("disk on fire") }
	h.MaxSearches = 1
	srv := start(t, h)
	for range 2 {
		resp, body := do(t, "GET", srv+"/api/v1/_search?apikey=k&query=peace", "", "")
		var e docError
		decodeStrict(t, body, &e)
		if resp.StatusCode != 500 || e.Error != "internal error" {
			t.Errorf("%d %s; want 500 internal error", resp.StatusCode, body)
		}
	}
	for _, h := range []*chatnoir.Handler{{Text: pc.text}, {Search: pc.index}} {
		resp, body := do(t, "GET", start(t, h)+"/api/v1/_search?query=peace", "", "")
		if resp.StatusCode != 500 || !strings.Contains(string(body), "misconfigured") {
			t.Errorf("%d %s", resp.StatusCode, body)
		}
	}
}

func TestHandlerConcurrentSearches(t *testing.T) {
	pc := testPassages(t)
	h := passageHandler(pc)
	h.MaxSearches = 1000 // all at once: this tests the sharing, not the limit
	srv := start(t, h)
	var paths []string
	for _, tp := range pc.topics[:6] {
		paths = append(paths, "/api/v1/_search?apikey=k&size=20&query="+url.QueryEscape(tp.Title), "/api/v1/_phrases?apikey=k&slop=2&query="+url.QueryEscape(tp.Title))
	}
	want := make([]string, len(paths))
	for i, p := range paths {
		_, body := do(t, "GET", srv+p, "", "")
		want[i] = strings.Split(string(body), `"indices"`)[1] // all but query_time
	}
	errs := make(chan string, 4*len(paths))
	var wg sync.WaitGroup
	for range 4 {
		for i, p := range paths {
			wg.Go(func() {
				resp, err := http.Get(srv + p)
				if err != nil {
					errs <- err.Error()
					return
				}
				defer resp.Body.Close()
				body, _ := io.ReadAll(resp.Body)
				if parts := strings.Split(string(body), `"indices"`); len(parts) != 2 || parts[1] != want[i] {
					errs <- fmt.Sprintf("%s: %.200s", p, body)
				}
			})
		}
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
