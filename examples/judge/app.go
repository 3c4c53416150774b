package main

import (
	"cmp"
	"embed"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/eval/own"
	"github.com/argsearch/argsearch/internal/docid"
	"github.com/argsearch/argsearch/internal/quote"
	"github.com/argsearch/argsearch/internal/topicorder"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/system"
	"github.com/argsearch/argsearch/topics"
)

//go:embed assets
var assets embed.FS

// pages are the HTML templates, parsed once.
var pages = template.Must(template.New("").ParseFS(assets, "assets/*.html"))

// task is one pair to judge.
type task struct {
	item
	first, second string // sentence ids
}

// app is the judging server: the pairs to judge, in order, the corpus
// they come from, and the file judgments go to.
type app struct {
	topics    map[string]topics.Topic
	store     *corpus.Store
	env       *system.Env // holds store
	tasks     []task
	file      *judgmentsFile
	annotator string // fixed by -annotator; empty: the form asks
	// missing are the unjudged pairs that cannot be shown: their
	// sentences are not in the corpus (or the id is not a pair).
	missing []string
	now     func() time.Time
}

// unjudged returns, topic by topic, the pairs in the top k of the runs
// that the official judgments do not judge: rank 1 of every run, then rank
// 2, and so on, each pair once. A pair whose sentences are not in store is
// left out and listed in missing (quoted, with the reason).
func unjudged(runs []runfile.Run, official *eval.Qrels, store *corpus.Store, k int) (tasks []task, missing []string) {
	var qids []string
	for _, run := range runs {
		for q := range run {
			if !slices.Contains(qids, q) {
				qids = append(qids, q)
			}
		}
	}
	topicorder.Sort(qids)
	seen := make(map[item]bool)
	for _, q := range qids {
		tops := make([][]runfile.Line, len(runs))
		for i, run := range runs {
			tops[i] = top(run[q], k)
		}
		for r := range k {
			for _, t := range tops {
				if r >= len(t) {
					continue
				}
				it := item{q, t[r].DocID}
				if seen[it] {
					continue
				}
				seen[it] = true
				if _, judged := official.Label(it.topic, it.pair); judged {
					continue
				}
				first, second, err := docid.ParsePair(it.pair)
				if err != nil {
					missing = append(missing, fmt.Sprintf("topic %s, %s: not a sentence pair", quote.Q(q), quote.Q(it.pair)))
					continue
				}
				if _, ok := store.Sentence(first); !ok {
					missing = append(missing, fmt.Sprintf("topic %s, %s: sentence %s is not in the corpus", quote.Q(q), quote.Q(it.pair), quote.Q(first)))
					continue
				}
				if _, ok := store.Sentence(second); !ok {
					missing = append(missing, fmt.Sprintf("topic %s, %s: sentence %s is not in the corpus", quote.Q(q), quote.Q(it.pair), quote.Q(second)))
					continue
				}
				tasks = append(tasks, task{it, first, second})
			}
		}
	}
	return tasks, missing
}

// top returns the first k of a topic's lines in trec_eval's order (score
// descending, then document id descending), each document once.
func top(lines []runfile.Line, k int) []runfile.Line {
	ls := slices.Clone(lines)
	slices.SortStableFunc(ls, func(a, b runfile.Line) int {
		return cmp.Or(cmp.Compare(b.Score, a.Score), strings.Compare(b.DocID, a.DocID))
	})
	ls = slices.CompactFunc(ls, func(a, b runfile.Line) bool { return a.DocID == b.DocID })
	return ls[:min(k, len(ls))]
}

// handler returns the server's routes, for requests whose Host is one of
// served.
func (a *app) handler(served hosts) http.Handler {
	mux := http.NewServeMux()
	static, _ := fs.Sub(assets, "assets")
	mux.Handle("GET /static/", http.StripPrefix("/static/", http.FileServerFS(static)))
	mux.HandleFunc("GET /{$}", a.start)
	mux.HandleFunc("GET /overview", a.overview)
	mux.HandleFunc("GET /pair/{n}", a.page)
	mux.HandleFunc("POST /pair/{n}", a.judge)
	// A page of another site must not judge through the visitor's
	// browser: cross-origin POSTs are refused, and so is every request
	// for another Host (a name of the attacker's pointed at this machine
	// makes the page's origin the same).
	return served.check(http.NewCrossOriginProtection().Handler(mux))
}

// next returns the first unjudged task from from on, wrapping around, or
// -1 when every task is judged.
func (a *app) next(from int) int {
	for i := range a.tasks {
		n := (from + i) % len(a.tasks)
		if _, ok := a.file.get(a.tasks[n].item); !ok {
			return n
		}
	}
	return -1
}

// start sends the annotator to the first unjudged pair: where a restarted
// server resumes.
func (a *app) start(w http.ResponseWriter, r *http.Request) {
	if len(a.tasks) == 0 {
		http.Redirect(w, r, "/overview", http.StatusSeeOther)
		return
	}
	n := a.next(0)
	if n < 0 {
		http.Redirect(w, r, "/overview", http.StatusSeeOther)
		return
	}
	http.Redirect(w, r, "/pair/"+strconv.Itoa(n+1), http.StatusSeeOther)
}

// task returns the task of the path's {n} (from 1), or writes 404.
func (a *app) task(w http.ResponseWriter, r *http.Request) (int, bool) {
	n, err := strconv.Atoi(r.PathValue("n"))
	if err != nil || n < 1 || n > len(a.tasks) {
		http.Error(w, fmt.Sprintf("no pair %s: pairs are numbered 1 to %d", quote.Q(r.PathValue("n")), len(a.tasks)), http.StatusNotFound)
		return 0, false
	}
	return n - 1, true
}

// sentenceView is one sentence of the pair as the page shows it.
type sentenceView struct {
	Which                string // "first" or "second"
	ID, Text, Conclusion string
	Before, After        []string // neighbouring sentences, when asked for
}

type pageView struct {
	N, Total, Judged  int
	Topic             topics.Topic
	Pair              string
	First, Second     sentenceView
	Labels            labels
	Done              bool // the pair is judged
	Neighbours        bool
	Annotator         string
	AskAnnotator      bool
	Prev, Next        int
	Error             string
	Scales            []scale
	PairsOfTopic, Pos int
}

// scale is one judged dimension and its labels.
type scale struct {
	Name, Key string
	Dim       int
	Labels    []labelView
}

type labelView struct {
	Value      int
	Key, Title string
}

// scales are the Touché 2022 judging scales (relevance -2 for spam).
var scales = []scale{
	{"Relevance", "relevance", 0, []labelView{{-2, "s", "spam: not an argument"}, {0, "0", "not relevant"}, {1, "1", "relevant"}, {2, "2", "highly relevant"}}},
	{"Quality", "quality", 1, []labelView{{0, "0", "low, or not argumentative"}, {1, "1", "average"}, {2, "2", "high: rhetorically well written"}}},
	{"Coherence", "coherence", 2, []labelView{{0, "0", "unrelated or contradicting"}, {1, "1", "average"}, {2, "2", "high: the second builds on the first"}}},
}

func (a *app) view(n int, neighbours bool) pageView {
	t := a.tasks[n]
	v := pageView{
		N: n + 1, Total: len(a.tasks), Judged: a.judgedTasks(),
		Topic: a.topicOf(t.topic), Pair: t.pair,
		First: a.sentence("first", t.first, neighbours), Second: a.sentence("second", t.second, neighbours),
		Neighbours: neighbours, Annotator: a.annotator, AskAnnotator: a.annotator == "",
		Prev: (n+len(a.tasks)-1)%len(a.tasks) + 1, Next: (n+1)%len(a.tasks) + 1,
		Scales: scales,
	}
	v.Labels, v.Done = a.file.get(t.item)
	for i, u := range a.tasks {
		if u.topic == t.topic {
			v.PairsOfTopic++
			if i <= n {
				v.Pos++
			}
		}
	}
	return v
}

func (a *app) topicOf(id string) topics.Topic {
	if t, ok := a.topics[id]; ok {
		return t
	}
	return topics.Topic{ID: id, Title: "(topic " + id + " is not among the topics)"}
}

// judgedTasks counts the tasks the file judges.
func (a *app) judgedTasks() int {
	n := 0
	for _, t := range a.tasks {
		if _, ok := a.file.get(t.item); ok {
			n++
		}
	}
	return n
}

// sentence returns what the page shows of a sentence: its text, its
// argument's conclusion and, with neighbours, the sentences before and
// after it in the argument.
func (a *app) sentence(which, id string, neighbours bool) sentenceView {
	s, _ := a.store.Sentence(id)
	v := sentenceView{Which: which, ID: id, Text: s.Text}
	arg, ok := a.store.ArgumentOf(id)
	if !ok {
		return v
	}
	if argument, ok := a.store.Argument(arg); ok {
		v.Conclusion = argument.Conclusion
	}
	if neighbours {
		ids := a.store.SentenceIDs(arg)
		i := slices.Index(ids, id)
		text := func(id string) string { s, _ := a.store.Sentence(id); return s.Text }
		for _, b := range ids[max(0, i-2):max(0, i)] {
			v.Before = append(v.Before, text(b))
		}
		if i >= 0 {
			for _, b := range ids[i+1 : min(len(ids), i+3)] {
				v.After = append(v.After, text(b))
			}
		}
	}
	return v
}

func (a *app) page(w http.ResponseWriter, r *http.Request) {
	n, ok := a.task(w, r)
	if !ok {
		return
	}
	v := a.view(n, r.URL.Query().Get("neighbours") == "1")
	v.Annotator = a.annotatorOf(r)
	a.render(w, http.StatusOK, "pair.html", v)
}

// annotatorOf returns the fixed annotator or the one the last judgment of
// this browser named.
func (a *app) annotatorOf(r *http.Request) string {
	if a.annotator != "" {
		return a.annotator
	}
	if c, err := r.Cookie("annotator"); err == nil {
		if name, err := url.QueryUnescape(c.Value); err == nil {
			return name
		}
	}
	return ""
}

func (a *app) render(w http.ResponseWriter, status int, name string, data any) {
	var b strings.Builder
	if err := pages.ExecuteTemplate(&b, name, data); err != nil {
		http.Error(w, "judge: "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", "default-src 'self'")
	w.WriteHeader(status)
	fmt.Fprint(w, b.String())
}

// maxForm bounds a judgment's form: three labels and a name.
const maxForm = 64 << 10

// judge records a judgment and goes on to the next unjudged pair.
func (a *app) judge(w http.ResponseWriter, r *http.Request) {
	n, ok := a.task(w, r)
	if !ok {
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxForm)
	if err := r.ParseForm(); err != nil {
		http.Error(w, "judge: the form: "+err.Error(), http.StatusRequestEntityTooLarge)
		return
	}
	t := a.tasks[n]
	ann := own.Annotation{Topic: t.topic, Pair: t.pair, Annotator: a.annotator, Time: a.now()}
	if ann.Annotator == "" {
		ann.Annotator = strings.TrimSpace(r.PostFormValue("annotator"))
	}
	var problems []string
	for i, p := range []*int{&ann.Relevance, &ann.Quality, &ann.Coherence} {
		s := scales[i]
		v, err := strconv.Atoi(r.PostFormValue(s.Key))
		if err != nil || !slices.ContainsFunc(s.Labels, func(l labelView) bool { return l.Value == v }) {
			problems = append(problems, "choose a label for "+strings.ToLower(s.Name))
			continue
		}
		*p = v
	}
	if ann.Annotator == "" {
		problems = append(problems, "give the annotator's name")
	}
	if len(problems) > 0 {
		v := a.view(n, false)
		v.Annotator = ann.Annotator
		v.Error = strings.Join(problems, "; ")
		a.render(w, http.StatusBadRequest, "pair.html", v)
		return
	}
	if err := a.file.record(ann); err != nil {
		v := a.view(n, false)
		v.Error = err.Error()
		a.render(w, http.StatusInternalServerError, "pair.html", v)
		return
	}
	if a.annotator == "" { // the form asks each time, prefilled from the cookie
		http.SetCookie(w, &http.Cookie{Name: "annotator", Value: url.QueryEscape(ann.Annotator), Path: "/", SameSite: http.SameSiteStrictMode})
	}
	next := a.next(n + 1)
	if next < 0 {
		http.Redirect(w, r, "/overview", http.StatusSeeOther)
		return
	}
	http.Redirect(w, r, "/pair/"+strconv.Itoa(next+1), http.StatusSeeOther)
}

type overviewView struct {
	Total, Judged int
	File          string
	Topics        []topicProgress
	Missing       []string // the first maxMissing
	MoreMissing   int      // how many more
}

// maxMissing is the most pairs the overview lists that cannot be shown.
const maxMissing = 100

type topicProgress struct {
	Topic         topics.Topic
	First         int // the topic's first pair, from 1
	Pairs, Judged int
}

func (a *app) overview(w http.ResponseWriter, r *http.Request) {
	v := overviewView{Total: len(a.tasks), Judged: a.judgedTasks(), File: a.file.name, Missing: a.missing[:min(len(a.missing), maxMissing)]}
	v.MoreMissing = len(a.missing) - len(v.Missing)
	for i, t := range a.tasks {
		if len(v.Topics) == 0 || v.Topics[len(v.Topics)-1].Topic.ID != t.topic {
			v.Topics = append(v.Topics, topicProgress{Topic: a.topicOf(t.topic), First: i + 1})
		}
		p := &v.Topics[len(v.Topics)-1]
		p.Pairs++
		if _, ok := a.file.get(t.item); ok {
			p.Judged++
		}
	}
	a.render(w, http.StatusOK, "overview.html", v)
}
