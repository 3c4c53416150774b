package main

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/argsearch/argsearch/stance"
)

//go:embed assets
var assets embed.FS

// pages are the HTML templates, parsed once.
var pages = template.Must(template.New("").ParseFS(assets, "assets/*.html"))

// The page's limits.
const (
	perPage   = 20  // arguments a results page lists (both columns)
	pagePairs = 5   // the flagship's pairs a results page shows
	snippet   = 280 // bytes of a result's premise shown
)

// securityHeaders are sent with every page: the page loads only its own
// style sheet, script and icon, sends forms only to itself, and may not be
// framed.
var securityHeaders = map[string]string{
	"Content-Security-Policy": "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
	"X-Content-Type-Options":  "nosniff",
	"Referrer-Policy":         "no-referrer",
}

// pageHandler serves the search page, an argument's page and their
// assets. The search page is a client of the API: it asks api, in
// process, for its results and pairs, so that it shows what the API
// answers (query syntax, stances, limits and errors included).
func pageHandler(e *engine, api http.Handler, name string) http.Handler {
	mux := http.NewServeMux()
	static, _ := fs.Sub(assets, "assets")
	files := http.FileServerFS(static)
	mux.Handle("GET /static/", http.StripPrefix("/static/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, ".html") || r.URL.Path == "" || strings.HasSuffix(r.URL.Path, "/") {
			http.NotFound(w, r) // the templates are not assets, and no listings
			return
		}
		setHeaders(w)
		w.Header().Set("Cache-Control", "no-cache")
		files.ServeHTTP(w, r)
	})))
	mux.HandleFunc("GET /favicon.ico", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/static/icon.svg", http.StatusMovedPermanently)
	})
	p := &page{e: e, api: api, corpus: name}
	mux.HandleFunc("GET /{$}", p.results)
	mux.HandleFunc("GET /argument/{id}", p.argument)
	return mux
}

// page renders the search page and the argument pages.
type page struct {
	e      *engine
	api    http.Handler // the args.me API
	corpus string       // the Env's name, in the footer
}

type resultsView struct {
	Corpus     string
	Query      string
	Page       int
	Pro, Con   []resultView
	Total      int    // results on this page
	First      int    // the rank of the page's first result
	Last       int    // and of its last
	Found      string // how many the query found: "42", "at least 10000"
	Prev, Next string
	Pairs      []pairView
	PairsError string
	Error      string
}

type resultView struct {
	Rank       int
	ID         string
	Conclusion string
	Snippet    string
	Score      string
	Href       string
}

type pairView struct {
	Stance        string
	First, Second sentenceView
}

type sentenceView struct {
	Text, Href string
}

// The parts of the API's responses the page shows.
type (
	apiSearch struct {
		Arguments []struct {
			ID         string `json:"id"`
			Conclusion string `json:"conclusion"`
			Premises   []struct {
				Text string `json:"text"`
			} `json:"premises"`
			Explanation struct {
				Score float64 `json:"score"`
			} `json:"explanation"`
			Stance string `json:"stance"`
		} `json:"arguments"`
		TotalSize         int    `json:"totalSize"`
		TotalSizeRelation string `json:"totalSizeRelation"`
	}
	apiPairs struct {
		Pairs []struct {
			Stance string      `json:"stance"`
			First  apiSentence `json:"first"`
			Second apiSentence `json:"second"`
		} `json:"pairs"`
	}
	apiSentence struct {
		ID         string `json:"id"`
		ArgumentID string `json:"argumentId"`
		Text       string `json:"text"`
	}
	apiError struct {
		Error     string `json:"error"`
		Parameter string `json:"parameter"`
	}
)

// results serves the search page: the box and, for a query, a page of its
// arguments in a pro and a con column and the flagship's pairs.
func (p *page) results(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	v := resultsView{Corpus: p.corpus, Query: q.Get("q"), Page: 1}
	if strings.TrimSpace(v.Query) == "" && q.Get("page") == "" {
		render(w, http.StatusOK, "results.html", v)
		return
	}
	params := url.Values{"query": {v.Query}, "pageSize": {strconv.Itoa(perPage)}, "format": {"json"}}
	if pg := q.Get("page"); pg != "" {
		params.Set("page", pg)
	}
	status, retry, body := call(r.Context(), p.api, "/api/v2/arguments", params)
	if status != http.StatusOK {
		p.failed(w, &v, status, retry, body)
		return
	}
	var found apiSearch
	if err := json.Unmarshal(body, &found); err != nil {
		p.failed(w, &v, http.StatusInternalServerError, "", []byte(err.Error()))
		return
	}
	v.Page, _ = strconv.Atoi(params.Get("page"))
	v.Page = max(v.Page, 1)
	back := "?q=" + url.QueryEscape(v.Query)
	if v.Page > 1 {
		back += "&page=" + strconv.Itoa(v.Page)
		v.Prev = "/?q=" + url.QueryEscape(v.Query)
		if v.Page > 2 {
			v.Prev += "&page=" + strconv.Itoa(v.Page-1)
		}
	}
	if found.TotalSize > v.Page*perPage {
		v.Next = "/?q=" + url.QueryEscape(v.Query) + "&page=" + strconv.Itoa(v.Page+1)
	}
	v.Found = strconv.Itoa(found.TotalSize)
	if found.TotalSizeRelation == "gte" {
		v.Found = "at least " + v.Found
	}
	for i, a := range found.Arguments {
		rv := resultView{Rank: (v.Page-1)*perPage + i + 1, ID: a.ID, Conclusion: a.Conclusion,
			Score: strconv.FormatFloat(a.Explanation.Score, 'f', 3, 64), Href: "/argument/" + url.PathEscape(a.ID) + back}
		if len(a.Premises) > 0 {
			rv.Snippet = truncate(a.Premises[0].Text, snippet)
		}
		if a.Stance == "CON" {
			v.Con = append(v.Con, rv)
		} else {
			v.Pro = append(v.Pro, rv)
		}
		v.Total++
	}
	v.First, v.Last = (v.Page-1)*perPage+1, (v.Page-1)*perPage+v.Total
	if v.Page == 1 {
		p.pairs(r.Context(), &v, back)
	}
	render(w, http.StatusOK, "results.html", v)
}

// failed renders the search page with the API's error.
func (p *page) failed(w http.ResponseWriter, v *resultsView, status int, retry string, body []byte) {
	var e apiError
	if json.Unmarshal(body, &e) != nil || e.Error == "" {
		e.Error = string(body)
	}
	switch e.Parameter {
	case "query":
		e.Error = "The query: " + e.Error
	case "page":
		e.Error = "The page: " + e.Error
	}
	v.Error = e.Error
	if retry != "" {
		w.Header().Set("Retry-After", retry)
	}
	if !utf8.ValidString(v.Query) || len(v.Query) > maxQueryShown {
		v.Query = truncate(strings.ToValidUTF8(v.Query, "\uFFFD"), maxQueryShown)
	}
	render(w, status, "results.html", v)
}

// maxQueryShown bounds the query a page echoes back in its box.
const maxQueryShown = 4096

// pairs adds the flagship's first pairs for v.Query to v.
func (p *page) pairs(ctx context.Context, v *resultsView, back string) {
	status, _, body := call(ctx, p.api, "/api/v2/touche22/pairs", url.Values{"query": {v.Query}, "pageSize": {strconv.Itoa(pagePairs)}})
	if status != http.StatusOK {
		var e apiError
		json.Unmarshal(body, &e)
		v.PairsError = fmt.Sprintf("%d %s: %s", status, http.StatusText(status), e.Error)
		return
	}
	var ps apiPairs
	if err := json.Unmarshal(body, &ps); err != nil {
		v.PairsError = err.Error()
		return
	}
	link := func(s apiSentence) sentenceView {
		return sentenceView{Text: s.Text, Href: "/argument/" + url.PathEscape(s.ArgumentID) + back + "#" + url.PathEscape(s.ID)}
	}
	for _, pr := range ps.Pairs {
		v.Pairs = append(v.Pairs, pairView{Stance: pr.Stance, First: link(pr.First), Second: link(pr.Second)})
	}
}

type argumentView struct {
	Corpus     string
	Query      string
	Back       string // the results page it was opened from
	ID         string
	Conclusion string
	Stance     string // towards the query; "" without one
	Premises   []premiseView
	Sentences  []sentenceRow
}

type premiseView struct {
	Stance string // towards the conclusion
	Text   string
}

type sentenceRow struct {
	ID, Text string
}

// argument serves an argument's page: its conclusion, its premises with
// their stance towards the conclusion, its sentences and, when opened from
// a query's results, its stance towards the query.
func (p *page) argument(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	a, ok := p.e.argument(id)
	if !ok {
		w.Header().Set("Cache-Control", "no-store")
		render(w, http.StatusNotFound, "notfound.html", struct{ Corpus, ID string }{p.corpus, truncate(id, 200)})
		return
	}
	q := r.URL.Query()
	v := argumentView{Corpus: p.corpus, ID: a.ID, Conclusion: a.Conclusion, Back: "/"}
	if query := q.Get("q"); strings.TrimSpace(query) != "" && len(query) <= maxQueryShown && utf8.ValidString(query) {
		v.Query = query
		v.Stance = p.e.stanceOf(query, a).String()
		v.Back = "/?q=" + url.QueryEscape(query)
		if n, err := strconv.Atoi(q.Get("page")); err == nil && n > 1 {
			v.Back += "&page=" + strconv.Itoa(n)
		}
	}
	for _, pr := range a.Premises {
		pv := premiseView{Text: pr.Text}
		if pr.Stance != stance.Unknown {
			pv.Stance = pr.Stance.String()
		}
		v.Premises = append(v.Premises, pv)
	}
	for _, s := range a.Sentences {
		v.Sentences = append(v.Sentences, sentenceRow{ID: s.ID, Text: s.Text})
	}
	render(w, http.StatusOK, "argument.html", v)
}

// render executes a template into a buffer first, so that a failure is a
// whole error page and never half a page.
func render(w http.ResponseWriter, status int, name string, data any) {
	var b bytes.Buffer
	if err := pages.ExecuteTemplate(&b, name, data); err != nil {
		http.Error(w, "serve: "+err.Error(), http.StatusInternalServerError)
		return
	}
	setHeaders(w)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Length", strconv.Itoa(b.Len()))
	w.WriteHeader(status)
	w.Write(b.Bytes())
}

func setHeaders(w http.ResponseWriter) {
	for k, v := range securityHeaders {
		w.Header().Set(k, v)
	}
}

// truncate cuts s to at most n bytes, at a rune boundary, marking the cut
// with an ellipsis.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := n
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return strings.TrimRight(s[:i], " ") + "…"
}
