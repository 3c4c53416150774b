package argsme

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/argsearch/argsearch/analysis"
	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/internal/docid"
	"github.com/argsearch/argsearch/internal/quote"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/internal/httpserve"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/stance"
)

// The defaults of a Handler's fields.
const (
	defaultMaxPageSize = 1000  // as the public service caps pageSize
	defaultMaxDepth    = 10000 // as Elasticsearch's max_result_window
	defaultMaxQuery    = 2048  // bytes
	defaultMaxSearches = 16
	defaultMaxPairs    = 1000 // the most pairs a Touché 2022 run gives a topic
	servedPageSize     = 10   // the pageSize of a request without one
)

// The endpoints a Handler serves.
const (
	argumentsPath = "/api/v2/arguments"
	pairsPath     = "/api/v2/touche22/pairs"
)

// pairsExtension is the extension field of a pairs response.
const pairsExtension = "Touché 2022 sentence pairs: an extension of argsearch, not part of the args.me API v2"

// A Handler serves the args.me API v2 over a local index of a corpus, so that
// code written for the public service (a Client, Touché participants'
// scripts) runs against one's own corpus and index, offline and
// reproducibly:
//
//   - GET /api/v2/arguments?query=…&page=…&pageSize=…&format=json&fields=…
//     searches. page counts from 1 (default 1); pageSize is 1 to
//     MaxPageSize (default 10), and a page may not reach beyond result
//     MaxDepth. The response is {"query": {"text", "properties", "start"},
//     "arguments": [...], "totalSize", "resultsBefore",
//     "retrievalTimeInMilliseconds"}, each argument {"id", "conclusion",
//     "premises": [{"text", "stance", "annotations"}], "context": {...},
//     "explanation": {"score", "name", "details"}, "stance"}: a premise's
//     stance is towards its argument's conclusion, the argument's stance
//     (present only with a Stance function) towards the query; scores
//     are the Search's, encoded so that they parse back to the same
//     float64.
//   - GET /api/v2/arguments/{id}?format=json&fields=… gives one argument (the
//     fields of a search's argument without explanation and stance); an
//     unknown id is 404.
//   - GET /api/v2/touche22/pairs?query=…&page=…&pageSize=…, an extension of
//     this package (not part of the args.me API, and marked so in its
//     response's "extension" field), gives the ranked sentence pairs of
//     the Pairs function: {"query", "pairs": [{"id": "first,second",
//     "rank", "score", "stance", "first": {"id", "argumentId", "text"},
//     "second": {...}}], "totalSize", "resultsBefore",
//     "retrievalTimeInMilliseconds", "extension"}, stance "PRO" or "CON"
//     (absent for none). Without Pairs it is 404.
//
// The query syntax is args.me's: "double quotes" around a phrase and + before
// a term that an argument must hold. The index ranks by the query's words;
// the Handler then keeps the arguments whose conclusion or a premise holds
// every phrase (word for word) and +term, matched after the index's text
// analysis (its Analysis method, as *lexical.Index has, or Analysis), with
// stop words kept so that phrases match word for word. It examines the
// ranking down to MaxDepth arguments. A query without syntax is given to
// Search as written.
//
// totalSize is the number of arguments found when the ranking ended within
// the depth the page needed (one more than its last result); otherwise it
// is that depth, a lower bound, and the response says so with
// "totalSizeRelation": "gte" (else "eq"), as Elasticsearch reports a total
// it did not count. A client that pages until a short page or totalSize
// (as Client does) reads every result either way.
//
// format, if given, must accept JSON ("json", "application/json", or a
// quality-values list naming one of them with a non-zero q); fields is a
// comma list of dotted field names ("arguments.id,totalSize"), only those
// being sent. Other parameters (pageLayout, aspectRanks) are ignored.
//
// Errors are JSON, {"error": "…", "parameter": "…"}: 400 for a bad
// parameter (a non-numeric or out-of-range page or pageSize, an empty or
// too long query, an unknown field, a format without JSON, a parameter
// given twice), naming it; 404 for an unknown path or id; 405 for a method
// other than GET or HEAD; 503 with Retry-After when MaxSearches searches are
// running; 500 when the index, the store or Pairs fails. A panic is answered
// with a 500, never passed to the server.
//
// A Handler is safe for concurrent use; it must not be copied after first
// use, nor its fields changed.
type Handler struct {
	// Search retrieves arguments, best first, their ids those of the
	// corpus: a lexical index of the argument unit, say, x.With(
	// lexical.Ranking{Unit: "argument", ...}). Required.
	Search retrieval.Retriever
	// Store holds the corpus: the arguments by id (conclusion, premise
	// stances, sentences) and the sentences of Pairs. Required.
	Store *corpus.Store
	// Argument, if not nil, gives the arguments the responses show, with
	// their premise texts and context as the corpus has them (a Store
	// keeps neither). nil shows Store's arguments: each premise's text is
	// made of its sentences joined by spaces (an argument of several
	// premises, which args.me does not have, gives the first all of
	// them), sentences under two words are missing, and the context is
	// empty.
	Argument func(id string) (corpus.Argument, bool)
	// Stance, if not nil, gives an argument's stance towards a query (the
	// query's words, without the syntax); Pro and Con are sent as "PRO"
	// and "CON", other stances not at all. nil sends no stance. The
	// args.me labels: s, _ := stance.ArgsMe{}.Premise(query,
	// a.Conclusion, a.Premises[0].Stance) for an argument with premises.
	Stance func(query string, a corpus.Argument) stance.Stance
	// Pairs, if not nil, serves the Touché 2022 extension: a system's k
	// best sentence pairs for a query, ids "first,second" of Store's
	// sentences (a system.System answering a topic of that title, say).
	// nil makes the extension's endpoint 404.
	Pairs func(ctx context.Context, query string, k int) ([]runfile.Result, error)
	// Analysis, if not nil, is the text analysis phrases and +terms are
	// matched with; nil means Search's own (its Analysis method), else the
	// "en" preset.
	Analysis *analysis.Analysis

	// MaxPageSize is the largest pageSize; 0 means 1000, the public
	// service's cap.
	MaxPageSize int
	// MaxDepth is the deepest result a page may reach (page × pageSize)
	// and how deep a query with phrases or +terms is looked for; 0 means
	// 10000.
	MaxDepth int
	// MaxQuery is the longest query, in bytes; 0 means 2048.
	MaxQuery int
	// MaxSearches is how many searches (and pairs requests) run at once;
	// beyond it a request is answered 503 with Retry-After at once. 0
	// means 16.
	MaxSearches int
	// MaxPairs is the deepest pair a pairs page may reach; 0 means 1000,
	// the most a Touché 2022 run gives a topic.
	MaxPairs int

	running  httpserve.Limiter
	matchers sync.Once
	matcher  *httpserve.Matcher
	matchErr error
}

// ServeHTTP implements http.Handler.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	httpserve.Serve(w, r, h.serve, writeError)
}

func (h *Handler) serve(w *httpserve.Writer, r *http.Request) {
	var (
		body any
		err  *httpserve.Error
	)
	switch path := r.URL.Path; {
	case path == argumentsPath:
		body, err = h.searchArguments(w, r)
	case path == pairsPath && h.Pairs != nil:
		body, err = h.searchPairs(w, r)
	case strings.HasPrefix(path, argumentsPath+"/") && len(path) > len(argumentsPath)+1:
		body, err = h.getArgument(w, r, path[len(argumentsPath)+1:])
	default:
		err = &httpserve.Error{Status: http.StatusNotFound, Msg: fmt.Sprintf("no endpoint %s (the API has %s, %s/{id}%s)", quote.Q(path), argumentsPath, argumentsPath, h.pairsNote())}
	}
	if err != nil {
		writeError(w, err)
		return
	}
	httpserve.WriteJSON(w, http.StatusOK, body, false)
}

func (h *Handler) pairsNote() string {
	if h.Pairs == nil {
		return ""
	}
	return " and " + pairsPath
}

// writeError answers with e as {"error": "…", "parameter": "…"}.
func writeError(w http.ResponseWriter, e *httpserve.Error) {
	o := object{{"error", e.Msg}}
	if e.Param != "" {
		o = append(o, member{"parameter", e.Param})
	}
	httpserve.WriteJSON(w, e.Status, o, false)
}

// internal is the 500 Error of a failure of the server's own parts.
func internal(format string, args ...any) *httpserve.Error {
	return &httpserve.Error{Status: http.StatusInternalServerError, Msg: fmt.Sprintf(format, args...)}
}

// checkSetup reports a Handler missing what every search needs.
func (h *Handler) checkSetup() *httpserve.Error {
	switch {
	case h.Search == nil:
		return internal("server misconfigured: argsme.Handler without Search")
	case h.Store == nil:
		return internal("server misconfigured: argsme.Handler without Store")
	}
	return nil
}

// common reads the parameters every endpoint takes: the method must be GET
// (or HEAD), the query string well formed, format JSON, fields names of s.
func common(w http.ResponseWriter, r *http.Request, s schema) (httpserve.Params, selection, *httpserve.Error) {
	if err := httpserve.Methods(w, r, http.MethodGet); err != nil {
		return nil, nil, err
	}
	p, err := httpserve.ParseQuery(r.URL.RawQuery)
	if err != nil {
		return nil, nil, err
	}
	format, ok, err := p.Get("format")
	if err != nil {
		return nil, nil, err
	}
	if ok && !acceptsJSON(format) {
		return nil, nil, httpserve.BadParam("format", "format %s: this server answers in JSON only (format=json)", quote.Q(format))
	}
	fields, ok, err := p.Get("fields")
	if err != nil || !ok {
		return p, nil, err
	}
	sel, err := parseFields(fields, s)
	return p, sel, err
}

// acceptsJSON reports whether a format parameter, a quality-values list
// ("json;q=1.0,xml;q=0.5"), accepts JSON.
func acceptsJSON(format string) bool {
	for item := range strings.SplitSeq(format, ",") {
		name, params, _ := strings.Cut(item, ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name != "json" && name != "application/json" {
			continue
		}
		q := 1.0
		for param := range strings.SplitSeq(params, ";") {
			k, v, _ := strings.Cut(param, "=")
			if strings.TrimSpace(k) == "q" {
				f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
				if err != nil {
					return false
				}
				q = f
			}
		}
		if q > 0 {
			return true
		}
	}
	return false
}

// paging reads query, page and pageSize and returns the query, the results
// before the page and its size; the page may not reach beyond depth.
func (h *Handler) paging(p httpserve.Params, depth int) (string, int, int, *httpserve.Error) {
	q, err := p.Query(cmp.Or(h.MaxQuery, defaultMaxQuery), "query")
	if err != nil {
		return "", 0, 0, err
	}
	maxSize := cmp.Or(h.MaxPageSize, defaultMaxPageSize)
	size, err := p.Int("pageSize", servedPageSize, 1, maxSize)
	if err != nil {
		return "", 0, 0, err
	}
	page, err := p.Int("page", 1, 1, 1<<31-1)
	if err != nil {
		return "", 0, 0, err
	}
	if size > depth {
		return "", 0, 0, httpserve.BadParam("pageSize", "pageSize %d reaches beyond result %d, the deepest this server serves", size, depth)
	}
	if page-1 > (depth-size)/size {
		return "", 0, 0, httpserve.BadParam("page", "page %d of %d reaches beyond result %d, the deepest this server serves", page, size, depth)
	}
	return q, (page - 1) * size, size, nil
}

// properties are a response's echo of the request's parameters.
func properties(p httpserve.Params, names ...string) object {
	o := object{}
	for _, name := range names {
		if v, ok, _ := p.Get(name); ok {
			o = append(o, member{name, v})
		}
	}
	return o
}

// searchArguments answers GET /api/v2/arguments.
func (h *Handler) searchArguments(w http.ResponseWriter, r *http.Request) (any, *httpserve.Error) {
	p, sel, err := common(w, r, searchSchema)
	if err != nil {
		return nil, err
	}
	if err := h.checkSetup(); err != nil {
		return nil, err
	}
	depth := cmp.Or(h.MaxDepth, defaultMaxDepth)
	text, before, size, err := h.paging(p, depth)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	if max := cmp.Or(h.MaxSearches, defaultMaxSearches); !h.running.Acquire(max) {
		return nil, httpserve.Busy(max)
	}
	defer h.running.Release()

	q := parseQuery(text)
	found, err := h.search(r.Context(), q, before+size+1, depth)
	if err != nil {
		return nil, err
	}
	args := make([]object, 0, size)
	for i := before; i < min(before+size, len(found.hits)); i++ {
		hit := found.hits[i]
		a, ok := found.arguments[hit.ID]
		if !ok {
			if a, ok = h.argument(hit.ID); !ok {
				return nil, internal("%v", errNotInCorpus(hit.ID))
			}
		}
		o := argumentObject(a)
		o = append(o, member{"explanation", object{{"score", hit.Score}, {"name", "relevance"}, {"details", []any{}}}})
		if h.Stance != nil && sel.has("arguments", "stance") {
			switch s := h.Stance(q.words, a); s {
			case stance.Pro, stance.Con:
				o = append(o, member{"stance", s.String()})
			}
		}
		args = append(args, o)
	}
	resp := object{
		{"query", object{{"text", text}, {"properties", properties(p, "page", "pageSize", "format", "fields")}, {"start", start.UTC().Format(time.RFC3339)}}},
		{"arguments", args},
		{"totalSize", found.total},
		{"totalSizeRelation", relation(found.exact)},
		{"resultsBefore", before},
		{"retrievalTimeInMilliseconds", time.Since(start).Milliseconds()},
	}
	return sel.apply(resp), nil
}

func relation(exact bool) string {
	if exact {
		return "eq"
	}
	return "gte"
}

// found is what a search found: the hits (filtered by the query's syntax),
// their total (exact or a lower bound) and the arguments the filter read.
type found struct {
	hits      []retrieval.Hit
	total     int
	exact     bool
	arguments map[string]corpus.Argument
}

// search returns the hits of q down to need (or all there are): the
// Search's ranking, and, for a query with phrases or +terms, the arguments
// of it that hold them, looked for down to depth.
func (h *Handler) search(ctx context.Context, q parsedQuery, need, depth int) (found, *httpserve.Error) {
	rq := retrieval.Query{Text: q.search}
	if len(q.required) == 0 {
		hits, err := h.Search.Retrieve(ctx, rq, need)
		if err != nil {
			return found{}, searchFailed(err)
		}
		return found{hits: hits, total: len(hits), exact: len(hits) < need}, nil
	}
	m, err := h.match()
	if err != nil {
		return found{}, err
	}
	var phrases [][]string
	for _, t := range q.required {
		if terms := m.Terms(nil, t); len(terms) > 0 {
			phrases = append(phrases, terms)
		}
	}
	f := found{arguments: map[string]corpus.Argument{}}
	hits, exact, ferr := httpserve.Filter(ctx, h.Search, rq, need, depth, func(id string) (bool, error) {
		a, known := h.argument(id)
		if !known {
			return false, errNotInCorpus(id)
		}
		if !holdsAll(m, a, phrases) {
			return false, nil
		}
		f.arguments[id] = a
		return true, nil
	})
	if ferr != nil {
		return found{}, searchFailed(ferr)
	}
	f.hits, f.total, f.exact = hits, len(hits), exact
	return f, nil
}

// errNotInCorpus is the error of a hit whose argument the corpus lacks.
func errNotInCorpus(id string) error {
	return fmt.Errorf("the index returned argument %s, which the corpus does not hold", quote.Q(id))
}

func searchFailed(err error) *httpserve.Error {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return &httpserve.Error{Status: http.StatusServiceUnavailable, Msg: "search cancelled: " + err.Error()}
	}
	return internal("search failed: %v", err)
}

// match returns the Matcher of phrases and +terms.
func (h *Handler) match() (*httpserve.Matcher, *httpserve.Error) {
	h.matchers.Do(func() {
		h.matcher, h.matchErr = httpserve.NewMatcher(httpserve.AnalysisOf(h.Search, h.Analysis), true)
	})
	if h.matchErr != nil {
		return nil, internal("server misconfigured: %v", h.matchErr)
	}
	return h.matcher, nil
}

// holdsAll reports whether a's conclusion or one of its premises holds each
// phrase.
func holdsAll(m *httpserve.Matcher, a corpus.Argument, phrases [][]string) bool {
	fields := [][]string{m.Terms(nil, a.Conclusion)}
	for _, p := range a.Premises {
		fields = append(fields, m.Terms(nil, p.Text))
	}
	for _, phrase := range phrases {
		if !slices.ContainsFunc(fields, func(terms []string) bool { return httpserve.HasPhrase(terms, phrase, 0) }) {
			return false
		}
	}
	return true
}

// argument returns the argument with the given id as a response shows it.
func (h *Handler) argument(id string) (corpus.Argument, bool) {
	if h.Argument != nil {
		return h.Argument(id)
	}
	a, ok := h.Store.Argument(id)
	if !ok || len(a.Premises) == 0 {
		return a, ok
	}
	var texts []string
	for _, s := range a.Sentences {
		if sid, err := docid.ParseSentence(s.ID); err != nil || sid.Kind != docid.Conclusion {
			texts = append(texts, s.Text)
		}
	}
	a.Premises[0].Text = strings.Join(texts, " ")
	a.Sentences = nil
	return a, true
}

// argumentObject returns the fields of a as the API sends them.
func argumentObject(a corpus.Argument) object {
	premises := make([]object, len(a.Premises))
	for i, p := range a.Premises {
		var st any
		if p.Stance != stance.Unknown {
			st = p.Stance.String()
		}
		premises[i] = object{{"text", p.Text}, {"stance", st}, {"annotations", []any{}}}
	}
	c := a.Context
	return object{
		{"id", a.ID},
		{"conclusion", a.Conclusion},
		{"premises", premises},
		{"context", object{
			{"sourceId", c.SourceID},
			{"previousArgumentInSourceId", c.PreviousArgumentID},
			{"acquisitionTime", c.AcquisitionTime},
			{"discussionTitle", c.DiscussionTitle},
			{"sourceTitle", c.SourceTitle},
			{"sourceUrl", c.SourceURL},
			{"nextArgumentInSourceId", c.NextArgumentID},
			{"sourceDomain", c.SourceDomain},
		}},
	}
}

// getArgument answers GET /api/v2/arguments/{id}.
func (h *Handler) getArgument(w http.ResponseWriter, r *http.Request, id string) (any, *httpserve.Error) {
	_, sel, err := common(w, r, argumentSchema)
	if err != nil {
		return nil, err
	}
	if h.Store == nil && h.Argument == nil {
		return nil, internal("server misconfigured: argsme.Handler without Store")
	}
	a, ok := h.argument(id)
	if !ok {
		return nil, &httpserve.Error{Status: http.StatusNotFound, Param: "id", Msg: "no argument with id " + quote.Q(id)}
	}
	return sel.apply(argumentObject(a)), nil
}

// searchPairs answers GET /api/v2/touche22/pairs.
func (h *Handler) searchPairs(w http.ResponseWriter, r *http.Request) (any, *httpserve.Error) {
	p, sel, err := common(w, r, pairsSchema)
	if err != nil {
		return nil, err
	}
	if h.Store == nil {
		return nil, internal("server misconfigured: argsme.Handler without Store")
	}
	depth := cmp.Or(h.MaxPairs, defaultMaxPairs)
	text, before, size, err := h.paging(p, depth)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	if max := cmp.Or(h.MaxSearches, defaultMaxSearches); !h.running.Acquire(max) {
		return nil, httpserve.Busy(max)
	}
	defer h.running.Release()

	need := min(before+size+1, depth)
	results, perr := h.Pairs(r.Context(), text, need)
	if perr != nil {
		return nil, searchFailed(perr)
	}
	results = slices.Clone(results)
	slices.SortStableFunc(results, func(a, b runfile.Result) int {
		return retrieval.CompareHits(retrieval.Hit{ID: a.DocID, Score: a.Score}, retrieval.Hit{ID: b.DocID, Score: b.Score})
	})
	pairs := make([]object, 0, size)
	for i := before; i < min(before+size, len(results)); i++ {
		res := results[i]
		first, second, err := docid.ParsePair(res.DocID)
		if err != nil {
			return nil, internal("pair %d: %v", i+1, err)
		}
		o := object{{"id", res.DocID}, {"rank", i + 1}, {"score", res.Score}}
		if res.Stance == stance.Pro || res.Stance == stance.Con {
			o = append(o, member{"stance", res.Stance.String()})
		}
		for _, s := range []struct{ name, id string }{{"first", first}, {"second", second}} {
			sent, ok := h.Store.Sentence(s.id)
			if !ok {
				return nil, internal("pair %s: sentence %s is not in the corpus", quote.Q(res.DocID), quote.Q(s.id))
			}
			arg, _ := h.Store.ArgumentOf(s.id)
			o = append(o, member{s.name, object{{"id", sent.ID}, {"argumentId", arg}, {"text", sent.Text}}})
		}
		pairs = append(pairs, o)
	}
	exact := len(results) < need
	resp := object{
		{"query", object{{"text", text}, {"properties", properties(p, "page", "pageSize", "format", "fields")}, {"start", start.UTC().Format(time.RFC3339)}}},
		{"pairs", pairs},
		{"totalSize", len(results)},
		{"totalSizeRelation", relation(exact)},
		{"resultsBefore", before},
		{"retrievalTimeInMilliseconds", time.Since(start).Milliseconds()},
		{"extension", pairsExtension},
	}
	return sel.apply(resp), nil
}
