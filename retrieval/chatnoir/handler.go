package chatnoir

import (
	"cmp"
	"context"
	"crypto/sha1"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io"
	"iter"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/argsearch/argsearch/analysis"
	"github.com/argsearch/argsearch/internal/quote"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/internal/httpserve"
)

// The defaults of a Handler's fields.
const (
	defaultServedIndex = "local"
	defaultMaxSize     = 100
	defaultMaxDepth    = 10000 // Elasticsearch's max_result_window
	defaultMaxQuery    = 2048  // bytes
	defaultMaxSearches = 16
	servedSize         = 10      // the size of a request without one, as ChatNoir's
	maxBody            = 1 << 20 // bytes of a POST body
	snippetWords       = 50      // the words of a snippet
)

// The endpoints a Handler serves.
const (
	searchPath  = "/api/v1/_search"
	phrasesPath = "/api/v1/_phrases"
	cachePath   = "/cache"
)

// A Handler serves ChatNoir's search API over a local index of documents
// (the Task 2 passages, or one's own web documents), as Client calls it, so
// that code written for ChatNoir runs against one's own corpus, offline
// and reproducibly:
//
//   - GET or POST /api/v1/_search: parameters in the query string and, for
//     POST, in a JSON object body (or a form), the body's taking precedence:
//     query (or q; required, at most MaxQuery bytes), index (or i; a comma
//     list or, in JSON, a list; each must be Index), from (default 0), size
//     (1 to MaxSize, default 10; from + size at most MaxDepth), explain,
//     minimal and pretty (flags), search_method ("default" only) and the
//     API key. The response is {"meta": {"query_time", "total_results",
//     "total_results_relation", "indices", "search_method"}, "results":
//     [{"score", "uuid", "index", "trec_id", "target_hostname",
//     "target_uri", "page_rank", "spam_rank", "title", "snippet",
//     "explanation"}]}: trec_id is the document's id, uuid a name-based
//     UUID of it (version 5, URL namespace, "<index>:<id>", in unpadded
//     base64url as ChatNoir writes UUIDs), page_rank and spam_rank null,
//     title (of Title) and snippet (the passage of 50 words of
//     the text that holds most query terms) HTML-escaped with <em> around
//     the words that match a query term, explanation null unless explain
//     is set ({"value", "description", "details"}). minimal keeps score,
//     uuid, target_uri and snippet. Scores are the Search's, encoded so
//     that they parse back to the same float64.
//   - /api/v1/_phrases, with the same parameters and slop (0, 1 or 2,
//     default 0): the documents whose text holds the query as a phrase,
//     its terms in order with at most slop other words between them in
//     all, matched after the index's text analysis with stop words kept
//     (the ranking is Search's, examined down to MaxDepth documents).
//   - GET /cache?uuid=…&index=…&raw&plain: a document's text as HTML,
//     its paragraphs (blank-line separated) in <p> elements; with plain,
//     that fragment alone, else a whole page with the title. uuid is a
//     result's uuid (resolved through IDs), its id (ChatNoir's cache
//     takes a TREC id in its place too), or the UUID in hex. No key is
//     needed.
//
// total_results is the number of documents found when the ranking ended
// within the depth the page needed (one more than its last result);
// otherwise it is that depth, a lower bound, and total_results_relation
// says "gte" (else "eq"), as Elasticsearch reports a total it did not
// count. A client that pages until a short page or total_results (as Client
// does) reads every result either way.
//
// With an APIKey, a search must carry it, as "Authorization: Bearer KEY"
// (or "Token KEY") or the apikey parameter, as ChatNoir takes it; a
// missing or wrong key is 401 (ChatNoir's 403, for a blocked address, is
// never sent). Errors are JSON, {"code": status, "error": "…",
// "parameter": "…"}: 400 for a bad parameter, naming it; 404 for an
// unknown path or document; 405 for another method; 413 for a body over
// 1 MiB; 503 with Retry-After when MaxSearches searches are running; 500
// when the index fails. A panic is answered with a 500, never passed to
// the server.
//
// A Handler is safe for concurrent use; it must not be copied after first
// use, nor its fields changed.
type Handler struct {
	// Search retrieves documents by id, best first: a lexical index of the
	// passages as sentences (see comparative.ReadPassages), say. Required.
	Search retrieval.Retriever
	// Text returns a document's text (for snippets, phrase search and the
	// cache). Required.
	Text func(id string) (string, bool)
	// Title, if not nil, returns a document's title; nil sends an empty
	// title.
	Title func(id string) string
	// URI, if not nil, returns a document's web address (target_uri, and
	// target_hostname from it); nil, or "", sends null.
	URI func(id string) string
	// IDs, if not nil, lists every document's id, so that /cache finds
	// a document by the uuid of a result (a map from UUIDs to ids, made
	// on the first such request). Without it, /cache takes ids only.
	IDs iter.Seq[string]
	// Index is the name the documents are served under (the index
	// parameter, a result's index); "" means "local".
	Index string
	// APIKey, if not empty, is the key every search must carry.
	APIKey string
	// Analysis, if not nil, is the text analysis of highlights and phrase
	// search; nil means Search's own (its Analysis method), else the "en"
	// preset.
	Analysis *analysis.Analysis

	// MaxSize is the largest size; 0 means 100.
	MaxSize int
	// MaxDepth is the deepest result a page may reach (from + size) and
	// how deep a phrase is looked for; 0 means 10000.
	MaxDepth int
	// MaxQuery is the longest query, in bytes; 0 means 2048.
	MaxQuery int
	// MaxSearches is how many searches run at once; beyond it a request is
	// answered 503 with Retry-After at once. 0 means 16.
	MaxSearches int

	running   httpserve.Limiter
	analyzers sync.Once
	words     *httpserve.Matcher // highlights: the index's terms
	phrases   *httpserve.Matcher // phrase search: stop words kept
	setupErr  error
	uuids     sync.Once
	byUUID    map[[16]byte]string
}

// ServeHTTP implements http.Handler.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	httpserve.Serve(w, r, h.serve, writeError)
}

func (h *Handler) serve(w *httpserve.Writer, r *http.Request) {
	var err *httpserve.Error
	switch r.URL.Path {
	case searchPath:
		err = h.search(w, r, false)
	case phrasesPath:
		err = h.search(w, r, true)
	case cachePath:
		err = h.cache(w, r)
	default:
		err = &httpserve.Error{Status: http.StatusNotFound, Msg: fmt.Sprintf("no endpoint %s (the API has %s, %s and %s)", quote.Q(r.URL.Path), searchPath, phrasesPath, cachePath)}
	}
	if err != nil {
		writeError(w, err)
	}
}

// serveError is the JSON of an error response.
type serveError struct {
	Code      int    `json:"code"`
	Error     string `json:"error"`
	Parameter string `json:"parameter,omitempty"`
}

func writeError(w http.ResponseWriter, e *httpserve.Error) {
	if e.Status == http.StatusUnauthorized {
		w.Header().Set("WWW-Authenticate", `Bearer realm="chatnoir"`)
	}
	httpserve.WriteJSON(w, e.Status, serveError{Code: e.Status, Error: e.Msg, Parameter: e.Param}, false)
}

func internal(format string, args ...any) *httpserve.Error {
	return &httpserve.Error{Status: http.StatusInternalServerError, Msg: fmt.Sprintf(format, args...)}
}

func (h *Handler) index() string { return cmp.Or(h.Index, defaultServedIndex) }

// setup makes the analyzers, once.
func (h *Handler) setup() *httpserve.Error {
	switch {
	case h.Search == nil:
		return internal("server misconfigured: chatnoir.Handler without Search")
	case h.Text == nil:
		return internal("server misconfigured: chatnoir.Handler without Text")
	}
	h.analyzers.Do(func() {
		a := httpserve.AnalysisOf(h.Search, h.Analysis)
		h.words, h.setupErr = httpserve.NewMatcher(a, false)
		if h.setupErr == nil {
			h.phrases, h.setupErr = httpserve.NewMatcher(a, true)
		}
	})
	if h.setupErr != nil {
		return internal("server misconfigured: %v", h.setupErr)
	}
	return nil
}

// aliases are the other names of parameters.
var aliases = map[string]string{"q": "query", "i": "index"}

// params returns the parameters of a search request: the query string's,
// and for POST the body's (a JSON object, or a form), which take
// precedence (over a parameter's aliases too).
func params(w http.ResponseWriter, r *http.Request) (httpserve.Params, *httpserve.Error) {
	p, err := httpserve.ParseQuery(r.URL.RawQuery)
	if err != nil || r.Method != http.MethodPost {
		return p, err
	}
	raw, rerr := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if rerr != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(rerr, &tooLarge) {
			return nil, &httpserve.Error{Status: http.StatusRequestEntityTooLarge, Msg: fmt.Sprintf("request body over %d bytes", maxBody)}
		}
		return nil, httpserve.BadParam("", "reading the request body: %v", rerr)
	}
	var body httpserve.Params
	if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt == "application/x-www-form-urlencoded" {
		if body, err = httpserve.ParseQuery(string(raw)); err != nil {
			return nil, err
		}
	} else if strings.TrimSpace(string(raw)) != "" {
		if body, err = jsonParams(raw); err != nil {
			return nil, err
		}
	}
	for name, vs := range body {
		delete(p, name)
		for alias, canonical := range aliases {
			if name == alias || name == canonical {
				delete(p, alias)
				delete(p, canonical)
			}
		}
		p[name] = vs
	}
	return p, nil
}

// jsonParams reads a JSON object of parameters: strings, numbers and
// booleans as their text, lists (of indices) joined by commas, null as
// absent.
func jsonParams(raw []byte) (httpserve.Params, *httpserve.Error) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil {
		return nil, httpserve.BadParam("", "the request body is not a JSON object of parameters: %v", err)
	}
	p := httpserve.Params{}
	for name, v := range obj {
		var x any
		dec := json.NewDecoder(strings.NewReader(string(v)))
		dec.UseNumber()
		if err := dec.Decode(&x); err != nil {
			return nil, httpserve.BadParam(name, "parameter %s: %v", quote.Q(name), err)
		}
		switch x := x.(type) {
		case nil:
		case string:
			p[name] = []string{x}
		case json.Number:
			p[name] = []string{x.String()}
		case bool:
			p[name] = []string{strconv.FormatBool(x)}
		case []any:
			items := make([]string, len(x))
			for i, item := range x {
				s, ok := item.(string)
				if !ok {
					return nil, httpserve.BadParam(name, "parameter %s: a list of strings, not %s", quote.Q(name), v)
				}
				items[i] = s
			}
			p[name] = []string{strings.Join(items, ",")}
		default:
			return nil, httpserve.BadParam(name, "parameter %s: a string, number, boolean or list, not an object", quote.Q(name))
		}
	}
	return p, nil
}

// authorize checks the API key of a search.
func (h *Handler) authorize(r *http.Request, p httpserve.Params) *httpserve.Error {
	if h.APIKey == "" {
		return nil
	}
	key := ""
	if scheme, token, ok := strings.Cut(strings.TrimSpace(r.Header.Get("Authorization")), " "); ok && (strings.EqualFold(scheme, "bearer") || strings.EqualFold(scheme, "token")) {
		key = strings.TrimSpace(token)
	} else if v, ok, err := p.Get("apikey"); err != nil {
		return err
	} else if ok {
		key = v
	}
	switch {
	case key == "":
		return &httpserve.Error{Status: http.StatusUnauthorized, Msg: "No API key supplied."}
	case subtle.ConstantTimeCompare([]byte(key), []byte(h.APIKey)) != 1:
		return &httpserve.Error{Status: http.StatusUnauthorized, Msg: "Invalid API key."}
	}
	return nil
}

// request is a search request's parameters, checked.
type request struct {
	query                    string
	from, size, slop         int
	explain, minimal, pretty bool
}

func (h *Handler) request(p httpserve.Params, phrases bool) (request, *httpserve.Error) {
	var (
		rq  request
		err *httpserve.Error
	)
	if rq.query, err = p.Query(cmp.Or(h.MaxQuery, defaultMaxQuery), "query", "q"); err != nil {
		return rq, err
	}
	indices, ok, err := p.Get("index", "i")
	if err != nil {
		return rq, err
	}
	if ok {
		for name := range strings.SplitSeq(indices, ",") {
			if name = strings.TrimSpace(name); name != h.index() && name != "" {
				return rq, httpserve.BadParam("index", "index %s: this server serves %s only", quote.Q(name), quote.Q(h.index()))
			}
		}
	}
	if m, ok, err := p.Get("search_method"); err != nil {
		return rq, err
	} else if ok && m != "default" {
		return rq, httpserve.BadParam("search_method", "search_method %s: this server has one ranking, \"default\"", quote.Q(m))
	}
	depth := cmp.Or(h.MaxDepth, defaultMaxDepth)
	if rq.size, err = p.Int("size", servedSize, 1, min(cmp.Or(h.MaxSize, defaultMaxSize), depth)); err != nil {
		return rq, err
	}
	if rq.from, err = p.Int("from", 0, 0, depth-rq.size); err != nil {
		return rq, err
	}
	if phrases {
		if rq.slop, err = p.Int("slop", 0, 0, 2); err != nil {
			return rq, err
		}
	}
	for _, f := range []struct {
		name string
		v    *bool
	}{{"explain", &rq.explain}, {"minimal", &rq.minimal}, {"pretty", &rq.pretty}} {
		if *f.v, err = p.Bool(f.name); err != nil {
			return rq, err
		}
	}
	return rq, nil
}

// The JSON of a search response.
type (
	serveSearch struct {
		Meta    serveMeta `json:"meta"`
		Results []any     `json:"results"`
	}
	serveMeta struct {
		QueryTime     int64    `json:"query_time"`
		TotalResults  int      `json:"total_results"`
		TotalRelation string   `json:"total_results_relation"`
		Indices       []string `json:"indices"`
		SearchMethod  string   `json:"search_method"`
	}
	serveHit struct {
		Score          float64           `json:"score"`
		UUID           string            `json:"uuid"`
		Index          string            `json:"index"`
		TrecID         string            `json:"trec_id"`
		TargetHostname *string           `json:"target_hostname"`
		TargetURI      *string           `json:"target_uri"`
		PageRank       *float64          `json:"page_rank"`
		SpamRank       *float64          `json:"spam_rank"`
		Title          string            `json:"title"`
		Snippet        string            `json:"snippet"`
		Explanation    *serveExplanation `json:"explanation"`
	}
	serveMinimal struct {
		Score     float64 `json:"score"`
		UUID      string  `json:"uuid"`
		TargetURI *string `json:"target_uri"`
		Snippet   string  `json:"snippet"`
	}
	serveExplanation struct {
		Value       float64 `json:"value"`
		Description string  `json:"description"`
		Details     []any   `json:"details"`
	}
)

// search answers /api/v1/_search, or _phrases.
func (h *Handler) search(w http.ResponseWriter, r *http.Request, phrases bool) *httpserve.Error {
	if err := httpserve.Methods(w, r, http.MethodGet, http.MethodPost); err != nil {
		return err
	}
	p, err := params(w, r)
	if err != nil {
		return err
	}
	if err := h.authorize(r, p); err != nil {
		return err
	}
	rq, err := h.request(p, phrases)
	if err != nil {
		return err
	}
	if err := h.setup(); err != nil {
		return err
	}
	resp, err := h.results(r.Context(), rq, phrases)
	if err != nil {
		return err
	}
	httpserve.WriteJSON(w, http.StatusOK, resp, rq.pretty)
	return nil
}

// results searches, within the limit of searches running at once (a
// search's slot is free before its response is sent).
func (h *Handler) results(ctx context.Context, rq request, phrases bool) (*serveSearch, *httpserve.Error) {
	start := time.Now()
	if max := cmp.Or(h.MaxSearches, defaultMaxSearches); !h.running.Acquire(max) {
		return nil, httpserve.Busy(max)
	}
	defer h.running.Release()

	hits, exact, err := h.find(ctx, rq, phrases)
	if err != nil {
		return nil, err
	}
	var highlight map[string]bool
	h.words.With(func(terms func([]string, string) []string) {
		highlight = map[string]bool{}
		for _, t := range terms(nil, rq.query) {
			highlight[t] = true
		}
	})
	resp := serveSearch{
		Meta:    serveMeta{TotalResults: len(hits), TotalRelation: "gte", Indices: []string{h.index()}, SearchMethod: "default"},
		Results: []any{},
	}
	if exact {
		resp.Meta.TotalRelation = "eq"
	}
	for _, hit := range hits[min(rq.from, len(hits)):min(rq.from+rq.size, len(hits))] {
		text, ok := h.Text(hit.ID)
		if !ok {
			return nil, internal("the index returned document %s, which has no text", quote.Q(hit.ID))
		}
		var uri, host *string
		if h.URI != nil {
			if u := h.URI(hit.ID); u != "" {
				uri = &u
				if pu, err := url.Parse(u); err == nil && pu.Hostname() != "" {
					hn := pu.Hostname()
					host = &hn
				}
			}
		}
		snippet := h.snippet(text, highlight)
		id := h.uuid(hit.ID)
		if rq.minimal {
			resp.Results = append(resp.Results, serveMinimal{Score: hit.Score, UUID: id, TargetURI: uri, Snippet: snippet})
			continue
		}
		res := serveHit{Score: hit.Score, UUID: id, Index: h.index(), TrecID: hit.ID, TargetHostname: host, TargetURI: uri, Snippet: snippet}
		if h.Title != nil {
			res.Title = h.highlightAll(h.Title(hit.ID), highlight)
		}
		if rq.explain {
			res.Explanation = &serveExplanation{Value: hit.Score, Description: fmt.Sprintf("score of %T", h.Search), Details: []any{}}
		}
		resp.Results = append(resp.Results, res)
	}
	resp.Meta.QueryTime = time.Since(start).Milliseconds()
	return &resp, nil
}

// find returns the hits of a request down to one past its page: Search's
// ranking, or for phrase search the documents of it that hold the phrase.
func (h *Handler) find(ctx context.Context, rq request, phrases bool) ([]retrieval.Hit, bool, *httpserve.Error) {
	need := rq.from + rq.size + 1
	q := retrieval.Query{Text: rq.query}
	if !phrases {
		hits, err := h.Search.Retrieve(ctx, q, need)
		if err != nil {
			return nil, false, searchFailed(err)
		}
		return hits, len(hits) < need, nil
	}
	phrase := h.phrases.Terms(nil, rq.query)
	hits, exact, err := httpserve.Filter(ctx, h.Search, q, need, cmp.Or(h.MaxDepth, defaultMaxDepth), func(id string) (bool, error) {
		text, ok := h.Text(id)
		if !ok {
			return false, fmt.Errorf("the index returned document %s, which has no text", quote.Q(id))
		}
		return httpserve.HasPhrase(h.phrases.Terms(nil, text), phrase, rq.slop), nil
	})
	if err != nil {
		return nil, false, searchFailed(err)
	}
	return hits, exact, nil
}

func searchFailed(err error) *httpserve.Error {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return &httpserve.Error{Status: http.StatusServiceUnavailable, Msg: "search cancelled: " + err.Error()}
	}
	return internal("search failed: %v", err)
}

// urlNamespace is the UUID namespace of URLs (RFC 9562), as ChatNoir's
// clients make document UUIDs in.
var urlNamespace = [16]byte{0x6b, 0xa7, 0xb8, 0x11, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8}

// uuidOf returns the name-based (version 5) UUID of "<index>:<id>".
func uuidOf(index, id string) [16]byte {
	s := sha1.New()
	s.Write(urlNamespace[:])
	s.Write([]byte(index + ":" + id))
	var u [16]byte
	copy(u[:], s.Sum(nil))
	u[6] = u[6]&0x0f | 0x50
	u[8] = u[8]&0x3f | 0x80
	return u
}

// uuid returns a document's UUID as results carry it.
func (h *Handler) uuid(id string) string {
	u := uuidOf(h.index(), id)
	return base64.RawURLEncoding.EncodeToString(u[:])
}

// document returns the id of the document a cache request names: by the
// UUID of a result (in base64url or hex), or by its id.
func (h *Handler) document(name string) (string, bool) {
	var u [16]byte
	isUUID := false
	if b, err := base64.RawURLEncoding.DecodeString(name); err == nil && len(name) == 22 && len(b) == 16 {
		copy(u[:], b)
		isUUID = true
	} else if len(name) == 36 && strings.Count(name, "-") == 4 {
		if b, err := hex.DecodeString(strings.ReplaceAll(name, "-", "")); err == nil && len(b) == 16 {
			copy(u[:], b)
			isUUID = true
		}
	}
	if isUUID && h.IDs != nil {
		h.uuids.Do(func() {
			h.byUUID = map[[16]byte]string{}
			for id := range h.IDs {
				h.byUUID[uuidOf(h.index(), id)] = id
			}
		})
		if id, ok := h.byUUID[u]; ok {
			return id, true
		}
	}
	if _, ok := h.Text(name); ok {
		return name, true
	}
	return "", false
}

// cache answers GET /cache.
func (h *Handler) cache(w http.ResponseWriter, r *http.Request) *httpserve.Error {
	if err := httpserve.Methods(w, r, http.MethodGet); err != nil {
		return err
	}
	p, err := httpserve.ParseQuery(r.URL.RawQuery)
	if err != nil {
		return err
	}
	name, ok, err := p.Get("uuid")
	switch {
	case err != nil:
		return err
	case !ok || name == "":
		return httpserve.BadParam("uuid", "parameter uuid is required")
	}
	if index, ok, err := p.Get("index"); err != nil {
		return err
	} else if ok && index != h.index() {
		return httpserve.BadParam("index", "index %s: this server serves %s only", quote.Q(index), quote.Q(h.index()))
	}
	plain, err := p.Bool("plain")
	if err != nil {
		return err
	}
	if _, err := p.Bool("raw"); err != nil {
		return err
	}
	if h.Text == nil {
		return internal("server misconfigured: chatnoir.Handler without Text")
	}
	id, ok := h.document(name)
	if !ok {
		return &httpserve.Error{Status: http.StatusNotFound, Param: "uuid", Msg: "no document " + quote.Q(name)}
	}
	text, _ := h.Text(id)
	var b strings.Builder
	if !plain {
		title := id
		if h.Title != nil {
			title = cmp.Or(h.Title(id), id)
		}
		fmt.Fprintf(&b, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>%s</title></head><body>\n", html.EscapeString(title))
	}
	for para := range strings.SplitSeq(strings.ReplaceAll(text, "\r\n", "\n"), "\n\n") {
		if para = strings.Join(strings.Fields(para), " "); para != "" {
			fmt.Fprintf(&b, "<p>%s</p>\n", html.EscapeString(para))
		}
	}
	if !plain {
		b.WriteString("</body></html>\n")
	}
	hd := w.Header()
	hd.Set("Content-Type", "text/html; charset=utf-8")
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Content-Security-Policy", "default-src 'none'")
	hd.Set("Content-Length", strconv.Itoa(b.Len()))
	w.WriteHeader(http.StatusOK)
	io.WriteString(w, b.String())
	return nil
}
