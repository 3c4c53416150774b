package argsme_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/argsme"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/stance"
)

// The documented shape of the API's responses (www.args.me/api-en.html), to
// decode strictly: a field the documentation does not name, or a value of
// another type, fails the decoding. totalSizeRelation is this package's
// extension.
type (
	docSearch struct {
		Query             docQuery      `json:"query"`
		Arguments         []docArgument `json:"arguments"`
		TotalSize         *int          `json:"totalSize"`
		TotalSizeRelation string        `json:"totalSizeRelation"`
		ResultsBefore     *int          `json:"resultsBefore"`
		RetrievalTime     *int64        `json:"retrievalTimeInMilliseconds"`
	}
	docQuery struct {
		Text       string            `json:"text"`
		Properties map[string]string `json:"properties"`
		Start      string            `json:"start"`
	}
	docArgument struct {
		ID          string          `json:"id"`
		Conclusion  *string         `json:"conclusion"`
		Premises    []docPremise    `json:"premises"`
		Context     *docContext     `json:"context"`
		Summary     *string         `json:"summary"`
		Explanation *docExplanation `json:"explanation"`
		Stance      *string         `json:"stance"`
	}
	docPremise struct {
		Text        *string `json:"text"`
		Stance      *string `json:"stance"`
		Annotations []any   `json:"annotations"`
	}
	docContext struct {
		SourceID           string `json:"sourceId"`
		PreviousArgumentID string `json:"previousArgumentInSourceId"`
		AcquisitionTime    string `json:"acquisitionTime"`
		DiscussionTitle    string `json:"discussionTitle"`
		SourceTitle        string `json:"sourceTitle"`
		SourceURL          string `json:"sourceUrl"`
		NextArgumentID     string `json:"nextArgumentInSourceId"`
		SourceDomain       string `json:"sourceDomain"`
	}
	docExplanation struct {
		Score   *float64 `json:"score"`
		Name    string   `json:"name"`
		Details []any    `json:"details"`
	}
	docPairs struct {
		Query             docQuery  `json:"query"`
		Pairs             []docPair `json:"pairs"`
		TotalSize         int       `json:"totalSize"`
		TotalSizeRelation string    `json:"totalSizeRelation"`
		ResultsBefore     int       `json:"resultsBefore"`
		RetrievalTime     int64     `json:"retrievalTimeInMilliseconds"`
		Extension         string    `json:"extension"`
	}
	docPair struct {
		ID     string      `json:"id"`
		Rank   int         `json:"rank"`
		Score  float64     `json:"score"`
		Stance *string     `json:"stance"`
		First  docSentence `json:"first"`
		Second docSentence `json:"second"`
	}
	docSentence struct {
		ID         string `json:"id"`
		ArgumentID string `json:"argumentId"`
		Text       string `json:"text"`
	}
	docError struct {
		Error     string `json:"error"`
		Parameter string `json:"parameter"`
	}
)

// get sends a GET request and returns the response and its body.
func get(t *testing.T, u string) (*http.Response, []byte) {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, body
}

// decodeStrict decodes body into v, refusing fields v does not have.
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

// labels is the stance of the args.me labels towards a query.
func labels(query string, a corpus.Argument) stance.Stance {
	if len(a.Premises) == 0 {
		return stance.Unknown
	}
	s, _ := stance.ArgsMe{}.Premise(query, a.Conclusion, a.Premises[0].Stance)
	return s
}

// sampleHandler serves the embedded 2022 sample with its texts as read.
func sampleHandler(c *sampleCorpus) *argsme.Handler {
	return &argsme.Handler{Search: c.index, Store: c.store, Argument: c.argument, Stance: labels}
}

func searchURL(srv string, params ...string) string {
	v := url.Values{}
	for i := 0; i+1 < len(params); i += 2 {
		v.Add(params[i], params[i+1])
	}
	return srv + "/api/v2/arguments?" + v.Encode()
}

func TestHandlerSearchDocumentedFields(t *testing.T) {
	c := testCorpus(t)
	srv := serve(t, sampleHandler(c))
	const query = "Should the minimum wage be increased?"
	want, err := c.index.Retrieve(context.Background(), retrieval.Query{Text: query}, 20)
	if err != nil {
		t.Fatal(err)
	}
	for page, hits := range [][]retrieval.Hit{want[:10], want[10:20]} {
		resp, body := get(t, searchURL(srv.URL, "query", query, "page", []string{"1", "2"}[page], "pageSize", "10", "format", "json"))
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "application/json; charset=utf-8" {
			t.Fatalf("page %d: status %d, Content-Type %q: %s", page+1, resp.StatusCode, resp.Header.Get("Content-Type"), body)
		}
		var got docSearch
		decodeStrict(t, body, &got)
		if got.Query.Text != query || got.Query.Properties["pageSize"] != "10" {
			t.Errorf("query: got %+v", got.Query)
		}
		if _, err := time.Parse(time.RFC3339, got.Query.Start); err != nil {
			t.Errorf("query.start: %v", err)
		}
		if got.ResultsBefore == nil || *got.ResultsBefore != 10*page {
			t.Errorf("page %d: resultsBefore %v, want %d", page+1, got.ResultsBefore, 10*page)
		}
		if got.TotalSize == nil || *got.TotalSize < 10*(page+1)+1 || got.TotalSizeRelation != "gte" {
			t.Errorf("page %d: totalSize %v (%s), want a lower bound past the page", page+1, got.TotalSize, got.TotalSizeRelation)
		}
		if got.RetrievalTime == nil || *got.RetrievalTime < 0 {
			t.Errorf("retrievalTimeInMilliseconds %v", got.RetrievalTime)
		}
		var gotHits []retrieval.Hit
		for _, a := range got.Arguments {
			if a.Explanation == nil || a.Explanation.Score == nil {
				t.Fatalf("argument %s without explanation.score", a.ID)
			}
			gotHits = append(gotHits, retrieval.Hit{ID: a.ID, Score: *a.Explanation.Score})
			checkArgument(t, c, a, query)
		}
		// The scores parse back to the index's float64s, bit for bit.
		if diff := cmp.Diff(hits, gotHits); diff != "" {
			t.Errorf("page %d: hits (-index +served):\n%s", page+1, diff)
		}
	}
}

// checkArgument checks a served argument against the corpus: its texts and
// context as read, each premise's stance towards the conclusion, and the
// argument's stance towards the query by the args.me labels.
func checkArgument(t *testing.T, c *sampleCorpus, a docArgument, query string) {
	t.Helper()
	orig, ok := c.args[a.ID]
	if !ok {
		t.Fatalf("argument %s is not in the corpus", a.ID)
	}
	if a.Conclusion == nil || *a.Conclusion != orig.Conclusion || len(a.Premises) != len(orig.Premises) {
		t.Fatalf("argument %s: conclusion %v, %d premises; want %q, %d", a.ID, a.Conclusion, len(a.Premises), orig.Conclusion, len(orig.Premises))
	}
	for i, p := range a.Premises {
		if p.Text == nil || *p.Text != orig.Premises[i].Text || p.Stance == nil || *p.Stance != orig.Premises[i].Stance.String() || p.Annotations == nil {
			t.Errorf("argument %s: premise %d: got %+v, want stance %s towards the conclusion", a.ID, i+1, p, orig.Premises[i].Stance)
		}
	}
	oc := orig.Context
	if a.Context == nil || *a.Context != (docContext{oc.SourceID, oc.PreviousArgumentID, oc.AcquisitionTime, oc.DiscussionTitle, oc.SourceTitle, oc.SourceURL, oc.NextArgumentID, oc.SourceDomain}) {
		t.Errorf("argument %s: context %+v, want %+v", a.ID, a.Context, oc)
	}
	want := labels(query, orig)
	switch {
	case want == stance.Unknown && a.Stance != nil:
		t.Errorf("argument %s: stance %q, want none", a.ID, *a.Stance)
	case want != stance.Unknown && (a.Stance == nil || *a.Stance != want.String()):
		t.Errorf("argument %s: stance %v, want %s towards the query", a.ID, a.Stance, want)
	}
}

func TestHandlerSearchWithoutArgumentShowsTheStore(t *testing.T) {
	c := testCorpus(t)
	srv := serve(t, &argsme.Handler{Search: c.index, Store: c.store})
	_, body := get(t, searchURL(srv.URL, "query", "school uniforms", "pageSize", "5"))
	var got docSearch
	decodeStrict(t, body, &got)
	if len(got.Arguments) != 5 {
		t.Fatalf("got %d arguments, want 5", len(got.Arguments))
	}
	for _, a := range got.Arguments {
		if a.Stance != nil {
			t.Errorf("argument %s: stance %q without a Stance function", a.ID, *a.Stance)
		}
		var texts []string
		for _, id := range c.store.SentenceIDs(a.ID) {
			if s, _ := c.store.Sentence(id); !strings.Contains(id, "__CONC__") {
				texts = append(texts, s.Text)
			}
		}
		if want := strings.Join(texts, " "); len(a.Premises) != 1 || *a.Premises[0].Text != want {
			t.Errorf("argument %s: premises %+v, want one of the text %q", a.ID, a.Premises, want)
		}
	}
}

func TestHandlerFields(t *testing.T) {
	c := testCorpus(t)
	srv := serve(t, sampleHandler(c))
	for _, tt := range []struct{ fields, want string }{
		{"totalSize", `{"totalSize":3}`}, // a lower bound: one past the page
		{"arguments.id", `{"arguments":[{"id":"ID0"},{"id":"ID1"}]}`},
		{" arguments.explanation.score ,resultsBefore,,", `{"arguments":[{"explanation":{"score":S0}},{"explanation":{"score":S1}}],"resultsBefore":0}`},
		{"arguments.premises.stance,arguments.premises,arguments.stance", ""},
	} {
		_, body := get(t, searchURL(srv.URL, "query", "nuclear energy", "pageSize", "2", "fields", tt.fields))
		hits, _ := c.index.Retrieve(context.Background(), retrieval.Query{Text: "nuclear energy"}, 2)
		want := tt.want
		for i, h := range hits {
			s, _ := json.Marshal(h.Score)
			want = strings.ReplaceAll(want, "ID"+string(rune('0'+i)), h.ID)
			want = strings.ReplaceAll(want, "S"+string(rune('0'+i)), string(s))
		}
		if want == "" {
			var got struct {
				Arguments []map[string]json.RawMessage `json:"arguments"`
			}
			decodeStrict(t, body, &got)
			for _, a := range got.Arguments {
				if len(a) != 2 || a["premises"] == nil || !strings.Contains(string(a["premises"]), `"text"`) {
					t.Errorf("fields %q: got %s, want whole premises and the stance", tt.fields, body)
				}
			}
			continue
		}
		if got := strings.TrimSpace(string(body)); got != want {
			t.Errorf("fields %q: got %s, want %s", tt.fields, got, want)
		}
	}
}

func TestHandlerGetArgument(t *testing.T) {
	c := testCorpus(t)
	srv := serve(t, sampleHandler(c))
	for _, id := range []string{c.order[0], c.order[len(c.order)-1]} {
		resp, body := get(t, srv.URL+"/api/v2/arguments/"+url.PathEscape(id)+"?format=json")
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("status %d: %s", resp.StatusCode, body)
		}
		var a docArgument
		decodeStrict(t, body, &a)
		if a.Explanation != nil || a.Stance != nil || a.Summary != nil {
			t.Errorf("argument %s: search fields in %s", id, body)
		}
		checkArgument(t, c, a, "")
	}
	_, body := get(t, srv.URL+"/api/v2/arguments/"+c.order[0]+"?fields=conclusion,premises.stance")
	if want := `{"conclusion":` + mustJSON(c.args[c.order[0]].Conclusion) + `,"premises":[{"stance":"` + c.args[c.order[0]].Premises[0].Stance.String() + `"}]}`; strings.TrimSpace(string(body)) != want {
		t.Errorf("fields: got %s, want %s", body, want)
	}
	for _, id := range []string{"Snope-Anope", "%00", "a%2Fb", c.order[0] + "x"} {
		resp, body := get(t, srv.URL+"/api/v2/arguments/"+id)
		var e docError
		decodeStrict(t, body, &e)
		if resp.StatusCode != http.StatusNotFound || e.Parameter != "id" || !strings.Contains(e.Error, "no argument") {
			t.Errorf("id %s: status %d, %+v; want 404 naming the id", id, resp.StatusCode, e)
		}
	}
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func TestHandlerPhrasesAndRequiredTerms(t *testing.T) {
	c := testCorpus(t)
	srv := serve(t, sampleHandler(c))
	ctx := context.Background()
	for _, tt := range []struct {
		query, bag string
		holds      []*regexp.Regexp // every result holds each in a field
		must       *regexp.Regexp   // every argument holding it in a field is a result
	}{
		{`"minimum wage" raise`, "minimum wage raise", []*regexp.Regexp{regexp.MustCompile(`(?i)\bminimum\W+wages?\b`)}, regexp.MustCompile(`(?i)\bminimum wage\b`)},
		{`school +uniforms`, "school uniforms", []*regexp.Regexp{regexp.MustCompile(`(?i)\buniform\w*`)}, regexp.MustCompile(`(?i)\buniforms\b`)},
		{`+"animal testing" +cruel`, "animal testing cruel", []*regexp.Regexp{regexp.MustCompile(`(?i)\banimal\W+test\w*`), regexp.MustCompile(`(?i)\bcruel`)}, nil},
		{`"zzqx unheard"`, "zzqx unheard", nil, nil},
	} {
		all, err := c.index.Retrieve(ctx, retrieval.Query{Text: tt.bag}, 1000)
		if err != nil {
			t.Fatal(err)
		}
		_, body := get(t, searchURL(srv.URL, "query", tt.query, "pageSize", "1000"))
		var got docSearch
		decodeStrict(t, body, &got)
		served := map[string]bool{}
		var hits []retrieval.Hit
		for _, a := range got.Arguments {
			served[a.ID] = true
			hits = append(hits, retrieval.Hit{ID: a.ID, Score: *a.Explanation.Score})
			fields := append([]string{c.args[a.ID].Conclusion}, premiseTextsOf(c.args[a.ID])...)
			for _, re := range tt.holds {
				if !slices.ContainsFunc(fields, re.MatchString) {
					t.Errorf("%s: argument %s does not hold %s", tt.query, a.ID, re)
				}
			}
		}
		// The results are the bag-of-words ranking, filtered.
		var filtered []retrieval.Hit
		for _, h := range all {
			if served[h.ID] {
				filtered = append(filtered, h)
			}
		}
		if diff := cmp.Diff(filtered, hits); diff != "" {
			t.Errorf("%s: results are not the ranking filtered (-ranking +served):\n%s", tt.query, diff)
		}
		if tt.must != nil {
			for _, id := range c.order {
				a := c.args[id]
				if slices.ContainsFunc(append([]string{a.Conclusion}, premiseTextsOf(a)...), tt.must.MatchString) && !served[id] {
					t.Errorf("%s: argument %s holds %s but is not served", tt.query, id, tt.must)
				}
			}
			if len(got.Arguments) == 0 {
				t.Errorf("%s: no results", tt.query)
			}
		}
		if *got.TotalSize != len(got.Arguments) || got.TotalSizeRelation != "eq" {
			t.Errorf("%s: totalSize %d (%s), want %d (eq)", tt.query, *got.TotalSize, got.TotalSizeRelation, len(got.Arguments))
		}
	}
}

func premiseTextsOf(a corpus.Argument) []string {
	var out []string
	for _, p := range a.Premises {
		out = append(out, p.Text)
	}
	return out
}

// pairsOf returns three pairs of sentences of the sample's first arguments,
// as a system would rank them: scores 3, 2 and 2, the ties in any order.
func pairsOf(c *sampleCorpus) []runfile.Result {
	var out []runfile.Result
	for _, id := range c.order {
		ids := c.store.SentenceIDs(id)
		if len(ids) < 2 {
			continue
		}
		out = append(out, runfile.Result{DocID: ids[0] + "," + ids[1], Score: float64(3 - min(len(out), 1)), Stance: []stance.Stance{stance.Pro, stance.Unknown, stance.Con}[len(out)]})
		if len(out) == 3 {
			break
		}
	}
	return out
}

func TestHandlerPairs(t *testing.T) {
	c := testCorpus(t)
	pairs := pairsOf(c)
	var asked []int
	h := sampleHandler(c)
	h.Pairs = func(ctx context.Context, query string, k int) ([]runfile.Result, error) {
		asked = append(asked, k)
		if query != "Should teachers get tenure?" {
			return nil, errors.New("unexpected query " + query)
		}
		return pairs[:min(k, len(pairs))], nil
	}
	srv := serve(t, h)
	// The ranking: by score, ties by id descending.
	ranked := slices.Clone(pairs)
	if ranked[1].DocID < ranked[2].DocID {
		ranked[1], ranked[2] = ranked[2], ranked[1]
	}
	for _, tt := range []struct {
		page, size string
		want       []runfile.Result
		before, k  int
		relation   string
	}{
		{"1", "10", ranked, 0, 11, "eq"},
		{"1", "2", ranked[:2], 0, 3, "gte"}, // three asked, three given: maybe more
		{"2", "1", ranked[1:2], 1, 3, "gte"},
		{"1", "1", ranked[:1], 0, 2, "gte"},
		{"3", "5", nil, 10, 16, "eq"},
	} {
		asked = nil
		resp, body := get(t, srv.URL+"/api/v2/touche22/pairs?"+url.Values{"query": {"Should teachers get tenure?"}, "page": {tt.page}, "pageSize": {tt.size}}.Encode())
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("status %d: %s", resp.StatusCode, body)
		}
		var got docPairs
		decodeStrict(t, body, &got)
		if !strings.Contains(got.Extension, "not part of the args.me API") || got.ResultsBefore != tt.before || got.TotalSizeRelation != tt.relation {
			t.Errorf("page %s of %s: extension %q, resultsBefore %d, relation %s", tt.page, tt.size, got.Extension, got.ResultsBefore, got.TotalSizeRelation)
		}
		if len(asked) != 1 || asked[0] != tt.k {
			t.Errorf("page %s of %s: Pairs asked for %v, want %d", tt.page, tt.size, asked, tt.k)
		}
		if len(got.Pairs) != len(tt.want) {
			t.Fatalf("page %s of %s: got %d pairs, want %d: %s", tt.page, tt.size, len(got.Pairs), len(tt.want), body)
		}
		for i, p := range got.Pairs {
			w := tt.want[i]
			first, second, _ := strings.Cut(w.DocID, ",")
			fs, _ := c.store.Sentence(first)
			ss, _ := c.store.Sentence(second)
			arg, _ := c.store.ArgumentOf(first)
			wantStance := (*string)(nil)
			if w.Stance != stance.Unknown {
				s := w.Stance.String()
				wantStance = &s
			}
			want := docPair{ID: w.DocID, Rank: tt.before + i + 1, Score: w.Score, Stance: wantStance, First: docSentence{first, arg, fs.Text}, Second: docSentence{second, arg, ss.Text}}
			if diff := cmp.Diff(want, p); diff != "" {
				t.Errorf("page %s of %s: pair %d (-want +got):\n%s", tt.page, tt.size, i+1, diff)
			}
		}
	}
	// A system's failure, and a pair of sentences not in the corpus, are
	// the server's errors.
	h2 := sampleHandler(c)
	h2.Pairs = func(context.Context, string, int) ([]runfile.Result, error) { return nil, errors.New("model missing") }
	h3 := sampleHandler(c)
	h3.Pairs = func(context.Context, string, int) ([]runfile.Result, error) {
		return []runfile.Result{{DocID: "Sx-Ax__PREMISE__1,Sx-Ax__PREMISE__2", Score: 1}}, nil
	}
	for _, h := range []*argsme.Handler{h2, h3} {
		resp, body := get(t, serve(t, h).URL+"/api/v2/touche22/pairs?query=tenure")
		var e docError
		decodeStrict(t, body, &e)
		if resp.StatusCode != http.StatusInternalServerError || e.Error == "" {
			t.Errorf("got %d %s, want 500", resp.StatusCode, body)
		}
	}
	// Without Pairs there is no such endpoint.
	resp, _ := get(t, serve(t, sampleHandler(c)).URL+"/api/v2/touche22/pairs?query=tenure")
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("without Pairs: status %d, want 404", resp.StatusCode)
	}
}

func TestHandlerBadRequests(t *testing.T) {
	c := testCorpus(t)
	h := sampleHandler(c)
	h.MaxQuery, h.MaxPageSize, h.MaxDepth = 50, 100, 500
	h.Pairs = func(ctx context.Context, query string, k int) ([]runfile.Result, error) { return pairsOf(c), nil }
	srv := serve(t, h)
	for _, tt := range []struct {
		path, query string
		status      int
		param       string
	}{
		{"/api/v2/arguments", "query=tenure&page=abc", 400, "page"},
		{"/api/v2/arguments", "query=tenure&page=0", 400, "page"},
		{"/api/v2/arguments", "query=tenure&page=-1", 400, "page"},
		{"/api/v2/arguments", "query=tenure&page=1e3", 400, "page"},
		{"/api/v2/arguments", "query=tenure&page=99999999999999999999", 400, "page"},
		{"/api/v2/arguments", "query=tenure&page=6&pageSize=100", 400, "page"},
		{"/api/v2/arguments", "query=tenure&pageSize=0", 400, "pageSize"},
		{"/api/v2/arguments", "query=tenure&pageSize=101", 400, "pageSize"},
		{"/api/v2/arguments", "query=tenure&pageSize=", 400, "pageSize"},
		{"/api/v2/arguments", "page=1", 400, "query"},
		{"/api/v2/arguments", "query=", 400, "query"},
		{"/api/v2/arguments", "query=%20%09", 400, "query"},
		{"/api/v2/arguments", "query=" + strings.Repeat("a", 51), 400, "query"},
		{"/api/v2/arguments", "query=a&query=b", 400, "query"},
		{"/api/v2/arguments", "query=%ff", 400, "query"},
		{"/api/v2/arguments", "query=tenure%zz", 400, "query"},
		{"/api/v2/arguments", "query=tenure&fields=arguments.nope", 400, "fields"},
		{"/api/v2/arguments", "query=tenure&fields=nope", 400, "fields"},
		{"/api/v2/arguments", "query=tenure&fields=totalSize.x", 400, "fields"},
		{"/api/v2/arguments", "query=tenure&fields=,", 400, "fields"},
		{"/api/v2/arguments", "query=tenure&format=xml", 400, "format"},
		{"/api/v2/arguments", "query=tenure&format=json;q=0", 400, "format"},
		{"/api/v2/arguments", "query=tenure&format=html,xml", 400, "format"},
		{"/api/v2/arguments", "query=tenure&format=xml;q=0.5,json;q=0.4", 200, ""},
		{"/api/v2/arguments", "query=tenure&format=application/json&pageLayout=x&aspectRanks=y", 200, ""},
		{"/api/v2/arguments/" + c.order[0], "fields=arguments.id", 400, "fields"},
		{"/api/v2/arguments/" + c.order[0], "format=xml", 400, "format"},
		{"/api/v2/touche22/pairs", "query=tenure&pageSize=0", 400, "pageSize"},
		{"/api/v2/touche22/pairs", "query=tenure&fields=pairs.first.nope", 400, "fields"},
		{"/api/v2/touche22/pairs", "", 400, "query"},
		{"/api/v2/", "", 404, ""},
		{"/api/v2/arguments/", "", 404, ""},
		{"/", "", 404, ""},
	} {
		resp, body := get(t, srv.URL+tt.path+"?"+tt.query)
		if resp.StatusCode != tt.status {
			t.Errorf("%s?%s: status %d, want %d: %s", tt.path, tt.query, resp.StatusCode, tt.status, body)
			continue
		}
		if tt.status == 200 {
			continue
		}
		var e docError
		decodeStrict(t, body, &e)
		if e.Parameter != tt.param || e.Error == "" {
			t.Errorf("%s?%s: got %+v, want an error naming %q", tt.path, tt.query, e, tt.param)
		}
	}
	for _, method := range []string{http.MethodPost, http.MethodPut, http.MethodDelete, http.MethodPatch} {
		req, _ := http.NewRequest(method, srv.URL+"/api/v2/arguments?query=tenure", strings.NewReader("{}"))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		var e docError
		decodeStrict(t, body, &e)
		if resp.StatusCode != http.StatusMethodNotAllowed || resp.Header.Get("Allow") != "GET, HEAD" || e.Error == "" {
			t.Errorf("%s: status %d, Allow %q, %s; want 405 allowing GET, HEAD", method, resp.StatusCode, resp.Header.Get("Allow"), body)
		}
	}
	resp, err := http.Head(searchURL(srv.URL, "query", "tenure"))
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Errorf("HEAD: %v, %v", resp, err)
	}
}

// blocking is a Search that waits in every call until released, telling
// entered when it starts waiting.
type blocking struct {
	entered chan struct{}
	release chan struct{}
	hits    []retrieval.Hit
}

func (b *blocking) Retrieve(ctx context.Context, q retrieval.Query, k int) ([]retrieval.Hit, error) {
	b.entered <- struct{}{}
	<-b.release
	return b.hits[:min(k, len(b.hits))], nil
}

func TestHandlerBusy(t *testing.T) {
	c := testCorpus(t)
	b := &blocking{entered: make(chan struct{}, 4), release: make(chan struct{}), hits: []retrieval.Hit{{ID: c.order[0], Score: 1}}}
	h := sampleHandler(c)
	h.Search, h.MaxSearches = b, 1
	h.Pairs = func(ctx context.Context, query string, k int) ([]runfile.Result, error) { return pairsOf(c), nil }
	srv := serve(t, h)
	first := make(chan int)
	go func() {
		resp, err := http.Get(searchURL(srv.URL, "query", "tenure"))
		if err != nil {
			first <- 0
			return
		}
		resp.Body.Close()
		first <- resp.StatusCode
	}()
	<-b.entered // the first search runs, and holds the one slot
	for _, u := range []string{searchURL(srv.URL, "query", "tenure"), srv.URL + "/api/v2/touche22/pairs?query=tenure"} {
		resp, body := get(t, u)
		var e docError
		decodeStrict(t, body, &e)
		if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") != "1" || !strings.Contains(e.Error, "busy") {
			t.Errorf("%s: status %d, Retry-After %q, %s; want 503 with Retry-After 1", u, resp.StatusCode, resp.Header.Get("Retry-After"), body)
		}
	}
	// Getting an argument by id is not a search.
	if resp, body := get(t, srv.URL+"/api/v2/arguments/"+c.order[0]); resp.StatusCode != http.StatusOK {
		t.Errorf("get by id while busy: %d %s", resp.StatusCode, body)
	}
	close(b.release)
	if code := <-first; code != http.StatusOK {
		t.Errorf("first search: status %d", code)
	}
	if resp, body := get(t, searchURL(srv.URL, "query", "tenure")); resp.StatusCode != http.StatusOK {
		t.Errorf("after the first: %d %s", resp.StatusCode, body)
	}
}

func TestHandlerPanicIsA500(t *testing.T) {
	c := testCorpus(t)
	h := sampleHandler(c)
	h.Search = retrieval.RetrieverFunc(func(context.Context, retrieval.Query, int) ([]retrieval.Hit, error) {
		panic("index on fire")
	})
	srv := serve(t, h)
	for range 2 {
		resp, body := get(t, searchURL(srv.URL, "query", "tenure"))
		var e docError
		decodeStrict(t, body, &e)
		if resp.StatusCode != http.StatusInternalServerError || e.Error != "internal error" {
			t.Errorf("status %d, %s; want 500 internal error", resp.StatusCode, body)
		}
	}
	// A slot freed by the panic: the limit is not worn down.
	h.MaxSearches = 1
	if resp, _ := get(t, searchURL(srv.URL, "query", "tenure")); resp.StatusCode != http.StatusInternalServerError {
		t.Errorf("after panics: status %d, want 500 (not 503)", resp.StatusCode)
	}
}

func TestHandlerMisconfigured(t *testing.T) {
	c := testCorpus(t)
	for _, h := range []*argsme.Handler{{Store: c.store}, {Search: c.index}} {
		resp, body := get(t, serve(t, h).URL+"/api/v2/arguments?query=tenure")
		if resp.StatusCode != http.StatusInternalServerError || !strings.Contains(string(body), "misconfigured") {
			t.Errorf("%+v: %d %s", h, resp.StatusCode, body)
		}
	}
	// An index hit the corpus does not hold.
	h := sampleHandler(c)
	h.Search = retrieval.RetrieverFunc(func(context.Context, retrieval.Query, int) ([]retrieval.Hit, error) {
		return []retrieval.Hit{{ID: "Snot-Athere", Score: 1}}, nil
	})
	for _, q := range []string{"tenure", "+tenure"} {
		resp, body := get(t, serve(t, h).URL+"/api/v2/arguments?"+url.Values{"query": {q}}.Encode())
		if resp.StatusCode != http.StatusInternalServerError || !strings.Contains(string(body), "Snot-Athere") {
			t.Errorf("%s: %d %s", q, resp.StatusCode, body)
		}
	}
}

func TestHandlerConcurrentSearches(t *testing.T) {
	c := testCorpus(t)
	h := sampleHandler(c)
	h.MaxSearches = 1000 // all at once: this tests the sharing, not the limit
	srv := serve(t, h)
	queries := []string{`"minimum wage"`, `+uniforms school`, `nuclear energy`, `+"animal testing" cruel`}
	want := make([]string, len(queries))
	for i, q := range queries {
		_, body := get(t, searchURL(srv.URL, "query", q, "fields", "arguments.id,arguments.stance,totalSize"))
		want[i] = string(body)
	}
	errs := make(chan string, 8*len(queries))
	var wg sync.WaitGroup
	for range 8 {
		for i, q := range queries {
			wg.Go(func() {
				resp, err := http.Get(searchURL(srv.URL, "query", q, "fields", "arguments.id,arguments.stance,totalSize"))
				if err != nil {
					errs <- err.Error()
					return
				}
				defer resp.Body.Close()
				body, _ := io.ReadAll(resp.Body)
				if string(body) != want[i] {
					errs <- fmt.Sprintf("%s: %s, want %s", q, body, want[i])
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
