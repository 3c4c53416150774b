package report_test

import (
	"bytes"
	"context"
	"errors"
	"flag"
	stdhtml "html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/experiment"
	"github.com/argsearch/argsearch/experiment/report"
	"github.com/argsearch/argsearch/internal/slowtest"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/stance"
	"github.com/argsearch/argsearch/system"
	"github.com/argsearch/argsearch/topics"
	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/html"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// Hostile texts: markup that must show as text, and bytes that are not
// UTF-8.
const (
	scriptText = `<script>alert("pwned")</script> & more`
	svgText    = `</svg></figure><img src=x onerror=alert(1)> "quoted" 'single'`
	badUTF8    = "caf\xe9 \xff\xfe bytes"
)

// small returns an experiment on a corpus of five hand-made arguments,
// some of whose texts are hostile, two topics, judgments of pairs on three
// dimensions (one pair spam) and three systems: two runs given and a
// system.Func, whose names are hostile too.
func small(t testing.TB) (experiment.Experiment, *experiment.Table) {
	t.Helper()
	ctx := context.Background()
	arg := func(id, conclusion string, sentences ...string) corpus.Argument {
		a := corpus.Argument{ID: id, Conclusion: conclusion}
		for i, s := range sentences {
			a.Premises = append(a.Premises, corpus.Premise{Text: s})
			a.Sentences = append(a.Sentences, corpus.Sentence{ID: id + "__PREMISE__" + string(rune('1'+i)), Text: s})
		}
		a.Sentences = append(a.Sentences, corpus.Sentence{ID: id + "__CONC__1", Text: conclusion})
		return a
	}
	args := []corpus.Argument{
		arg("A1", "Tenure protects "+scriptText, "Teachers need tenure.", scriptText),
		arg("A2", "Conclusion "+svgText, svgText, "Another sentence of A2."),
		arg("A3", "A conclusion with "+badUTF8, badUTF8, "Plain sentence of A3."),
		arg("A4", "Energy is renewable.", "Solar power is cheap.", "Wind power is cheap too."),
		arg("A5", "Spam conclusion.", "Buy now!", "Click here."),
	}
	store, err := corpus.BuildStore(ctx, func(yield func(corpus.Argument, error) bool) {
		for _, a := range args {
			if !yield(a, nil) {
				return
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	env := &system.Env{
		Topics: []topics.Topic{
			{ID: "1", Title: "Should teachers get tenure? " + scriptText, Description: "About tenure. " + svgText, Narrative: "Narrative " + badUTF8},
			{ID: "2", Title: "Is renewable energy good?", Description: "About energy.", Narrative: "Relevant arguments say why."},
		},
		Store: store,
		Name:  "a hostile corpus",
		K:     1000,
	}
	// Relevance, quality and coherence of each pair. The last two of
	// topic 1 hold the sentences of its first, so that the coherence
	// estimate (eval.FitEstimate) has a pair to fit on.
	judged := []struct {
		topic, id string
		labels    [3]int
	}{
		{"1", "A1__PREMISE__1,A1__PREMISE__2", [3]int{2, 2, 1}},
		{"1", "A2__PREMISE__1,A2__PREMISE__2", [3]int{1, 0, 0}},
		{"1", "A3__PREMISE__1,A1__CONC__1", [3]int{0, 1, 2}},
		{"1", "A1__PREMISE__1,A3__PREMISE__2", [3]int{1, 1, 1}},
		{"1", "A1__PREMISE__2,A3__PREMISE__2", [3]int{2, 1, 0}},
		{"2", "A4__PREMISE__1,A4__PREMISE__2", [3]int{2, 1, 2}},
		{"2", "A5__PREMISE__1,A5__PREMISE__2", [3]int{-2, -2, -2}},
	}
	dims := []eval.Dimension{eval.Relevance, eval.Quality, eval.Coherence}
	qrels := make([]*eval.Qrels, 3)
	for d := range dims {
		var js []eval.Judgment
		for _, j := range judged {
			js = append(js, eval.Judgment{Topic: j.topic, DocID: j.id, Label: j.labels[d]})
		}
		if qrels[d], err = eval.NewQrels(js); err != nil {
			t.Fatal(err)
		}
	}
	judgments, err := eval.NewJudgments("hand", dims, qrels)
	if err != nil {
		t.Fatal(err)
	}
	newRun := func(tag string, byTopic map[string][]string) runfile.Run {
		rs := map[string][]runfile.Result{}
		for topic, ids := range byTopic {
			for i, id := range ids {
				rs[topic] = append(rs[topic], runfile.Result{DocID: id, Score: float64(len(ids) - i), Stance: []stance.Stance{stance.Pro, stance.Con}[i%2]})
			}
		}
		run, err := runfile.NewRun(tag, runfile.Rules{}, rs)
		if err != nil {
			t.Fatal(err)
		}
		return run
	}
	first := newRun("first", map[string][]string{
		"1": {"A1__PREMISE__1,A1__PREMISE__2", "A2__PREMISE__1,A2__PREMISE__2", "A1__PREMISE__2,A1__CONC__1", "A3__PREMISE__1,A3__PREMISE__2"},
		"2": {"A4__PREMISE__1,A4__PREMISE__2", "A5__PREMISE__1,A5__PREMISE__2"},
	})
	second := newRun("second", map[string][]string{
		"1": {"A3__PREMISE__1,A1__CONC__1", "A1__PREMISE__1,A1__PREMISE__2", "A9__PREMISE__1,A9__PREMISE__2"},
		"2": {"A5__PREMISE__1,A5__PREMISE__2", "A4__PREMISE__2,A4__CONC__1"},
	})
	third := system.Func(func(ctx context.Context, env *system.Env, t topics.Topic) ([]runfile.Result, error) {
		if t.ID == "1" {
			return []runfile.Result{{DocID: "A2__PREMISE__1,A2__PREMISE__2", Score: 1}}, nil
		}
		return []runfile.Result{{DocID: "A4__PREMISE__1,A4__PREMISE__2", Score: 2}, {DocID: "A4__CONC__1,A4__PREMISE__1", Score: 1}}, nil
	})
	x := experiment.Experiment{
		Env:       env,
		Judgments: judgments,
		Systems: []experiment.System{
			{Name: "first", Run: first},
			{Name: "<b>second</b>", Run: second},
			{Name: "func \xff", System: third},
		},
		K: 2,
	}
	table, err := x.Run(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return x, table
}

// render writes the small experiment's report.
func render(t testing.TB, o report.Options) []byte {
	t.Helper()
	x, table := small(t)
	var b bytes.Buffer
	if err := report.Write(&b, x, table, o); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// buildDependent blanks what depends on the build (the library's and Go's
// versions), so that golden files hold the rest.
var buildDependent = regexp.MustCompile(`(<span id="version">)[^<]*(</span>)|(<th scope="row">Go</th><td>)[^<]*(</td>)`)

// TestGolden compares the small experiment's report with testdata's;
// -update rewrites it.
func TestGolden(t *testing.T) {
	got := buildDependent.ReplaceAll(render(t, report.Options{Command: []string{"experiment", "-html", "my report.html"}}), []byte("$1$3BUILD$2$4"))
	path := filepath.Join("testdata", "small.html")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it)", err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("report differs from %s (-want +got; go test -update rewrites it):\n%s", path, diff)
	}
}

// TestDeterministic: the same experiment, run twice, gives the same bytes.
func TestDeterministic(t *testing.T) {
	a, b := render(t, report.Options{}), render(t, report.Options{})
	if !bytes.Equal(a, b) {
		t.Error("two reports of the same experiment differ")
	}
}

// parse parses a report, failing the test on an error.
func parse(t *testing.T, b []byte) *html.Node {
	t.Helper()
	doc, err := html.Parse(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// all returns the elements under n that match, in document order.
func all(n *html.Node, match func(*html.Node) bool) []*html.Node {
	var out []*html.Node
	for d := range n.Descendants() {
		if d.Type == html.ElementNode && match(d) {
			out = append(out, d)
		}
	}
	return out
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

func hasClass(n *html.Node, class string) bool {
	return slices.Contains(strings.Fields(attr(n, "class")), class)
}

func tag(name string) func(*html.Node) bool {
	return func(n *html.Node) bool { return n.Data == name }
}

func classed(name, class string) func(*html.Node) bool {
	return func(n *html.Node) bool { return n.Data == name && hasClass(n, class) }
}

// text returns the text under n.
func text(n *html.Node) string {
	var b strings.Builder
	for d := range n.Descendants() {
		if d.Type == html.TextNode {
			b.WriteString(d.Data)
		}
	}
	return b.String()
}

// textsOf returns the text under each node.
func textsOf(ns []*html.Node) []string {
	out := make([]string, len(ns))
	for i, n := range ns {
		out[i] = text(n)
	}
	return out
}

// TestStructure parses the small experiment's report and checks its
// summary table, its plots and their text alternatives, its pair cards and
// their labels and links, and its reproducibility section.
func TestStructure(t *testing.T) {
	b := render(t, report.Options{Command: []string{"experiment", "-html", "my report.html"}})
	doc := parse(t, b)
	byID := map[string]*html.Node{}
	for _, n := range all(doc, func(n *html.Node) bool { return attr(n, "id") != "" }) {
		if byID[attr(n, "id")] != nil {
			t.Errorf("id %s used twice", attr(n, "id"))
		}
		byID[attr(n, "id")] = n
	}
	t.Run("summary", func(t *testing.T) { checkSummary(t, doc) })
	t.Run("plots", func(t *testing.T) { checkPlots(t, doc) })
	t.Run("cards", func(t *testing.T) { checkCards(t, doc, byID) })
	t.Run("reproducibility", func(t *testing.T) { checkReproducibility(t, byID) })
}

// checkSummary checks the report's summary: a row per system and
// dimension, in the table's order.
func checkSummary(t *testing.T, doc *html.Node) {
	summary := all(doc, classed("table", "summary"))
	if len(summary) != 2 {
		t.Fatalf("%d summary tables, want 2 (text, wide)", len(summary))
	}
	var rows []string
	for _, th := range all(summary[0], func(n *html.Node) bool { return n.Data == "th" && attr(n, "scope") == "row" }) {
		rows = append(rows, text(th))
	}
	systems := []string{"first", "<b>second</b>", "func \uFFFD"}
	want := slices.Concat(systems, systems, systems)
	if diff := cmp.Diff(want, rows); diff != "" {
		t.Errorf("summary rows (-want +got):\n%s", diff)
	}
	if dims := all(summary[0], classed("th", "dim")); len(dims) != 3 || text(dims[2]) != "hand coherence" {
		t.Errorf("summary: %d dimension headers, want 3 ending with hand coherence", len(dims))
	}
}

// checkPlots checks the report's plots: per topic, a difference for each
// system but the baseline, means for each dimension; each an image with a
// title and a description it is labelled by, and a table of its numbers.
func checkPlots(t *testing.T, doc *html.Node) {
	var plots []string
	for _, fig := range all(doc, classed("figure", "plot")) {
		plots = append(plots, attr(fig, "id"))
		svgs := all(fig, func(n *html.Node) bool { return n.Data == "svg" && attr(n, "role") == "img" })
		if len(svgs) != 1 {
			t.Errorf("plot %s: %d images, want 1", attr(fig, "id"), len(svgs))
			continue
		}
		for _, id := range strings.Fields(attr(svgs[0], "aria-labelledby")) {
			labels := all(svgs[0], func(n *html.Node) bool { return attr(n, "id") == id })
			if len(labels) != 1 || strings.TrimSpace(text(labels[0])) == "" || (labels[0].Data != "title" && labels[0].Data != "desc") {
				t.Errorf("plot %s: aria-labelledby %s names no title or desc with text", attr(fig, "id"), id)
			}
		}
		if len(all(fig, tag("table"))) != 1 {
			t.Errorf("plot %s: no table of its numbers", attr(fig, "id"))
		}
	}
	if diff := cmp.Diff([]string{"plot-topics", "plot-diff-s1", "plot-diff-s2", "plot-means-1", "plot-means-2", "plot-means-3"}, plots); diff != "" {
		t.Errorf("plots (-want +got):\n%s", diff)
	}
	topicPlot := all(doc, func(n *html.Node) bool { return attr(n, "id") == "plot-topics" })[0]
	markers := all(topicPlot, func(n *html.Node) bool { return n.Data == "path" && attr(n, "transform") != "" })
	if len(markers) != 3+2*3 { // the legend's 3, then 3 systems on 2 topics
		t.Errorf("per-topic plot: %d markers, want 9", len(markers))
	}
}

// checkCards checks the report's pair cards (byID holds its elements by
// id): each system's top 10 (all of its pairs here) of each topic, with
// texts, labels and links.
func checkCards(t *testing.T, doc *html.Node, byID map[string]*html.Node) {
	cards := all(doc, classed("article", "card"))
	if len(cards) != (4+3+1)+(2+2+2) {
		t.Fatalf("%d pair cards, want 14", len(cards))
	}
	card := func(id string) *html.Node {
		t.Helper()
		if byID[id] == nil {
			t.Fatalf("no card %s", id)
		}
		return byID[id]
	}
	badges := func(n *html.Node) []string {
		var out []string
		for _, b := range all(n, classed("span", "badge")) {
			out = append(out, text(b))
		}
		return out
	}
	first := card("topic-1-s0-r1")
	if got := badges(first); !cmp.Equal(got, []string{"shared", "relevance 2", "quality 2", "coherence 1"}) {
		t.Errorf("topic 1, first #1: badges %q, want shared and its three labels", got)
	}
	if li := textsOf(all(first, tag("li"))); !cmp.Equal(li, []string{"Teachers need tenure.", scriptText}) {
		t.Errorf("topic 1, first #1: sentences %q, want the two of A1, the second as text", li)
	}
	if got := badges(card("topic-1-s0-r4")); !cmp.Equal(got, []string{"unjudged"}) {
		t.Errorf("topic 1, first #4: badges %q, want unjudged", got)
	}
	if got := badges(card("topic-2-s0-r2")); !cmp.Equal(got, []string{"shared", "relevance spam", "quality spam", "coherence spam"}) {
		t.Errorf("topic 2, first #2: badges %q, want it spam", got)
	}
	if li := textsOf(all(card("topic-1-s1-r3"), tag("li"))); len(li) != 2 || li[0] != "A9__PREMISE__1: no text" {
		t.Errorf("topic 1, second #3: sentences %q, want A9's marked as missing", li)
	}
	// Shared pairs link to each other.
	links := all(first, tag("a"))
	if len(links) != 1 || attr(links[0], "href") != "#topic-1-s1-r2" || text(links[0]) != "<b>second</b> #2" {
		t.Errorf("topic 1, first #1: links %v, want one to <b>second</b> #2", links)
	}
	for _, a := range all(doc, tag("a")) {
		href := attr(a, "href")
		if !strings.HasPrefix(href, "#") || byID[href[1:]] == nil {
			t.Errorf("link %q goes nowhere in the page", href)
		}
	}
	// The conclusions of both arguments of a pair of two.
	var conclusions []string
	for _, p := range all(card("topic-1-s1-r1"), classed("p", "conclusion")) {
		conclusions = append(conclusions, text(p))
	}
	if diff := cmp.Diff([]string{"ConclusionA conclusion with caf\uFFFD \uFFFD bytes", "ConclusionTenure protects " + scriptText}, conclusions); diff != "" {
		t.Errorf("topic 1, second #1: conclusions (-want +got):\n%s", diff)
	}
}

// checkReproducibility checks the topic's texts and the reproducibility
// section (byID holds the report's elements by id).
func checkReproducibility(t *testing.T, byID map[string]*html.Node) {
	if h := byID["topic-1-h"]; h == nil || text(h) != "1: Should teachers get tenure? "+scriptText {
		t.Errorf("topic 1's heading: %v", h)
	}
	if c := byID["command"]; c == nil || text(c) != "experiment -html 'my report.html'" {
		t.Errorf("command line: %v", c)
	}
	var configs []string
	for _, pre := range all(byID["reproducibility"], tag("pre")) {
		configs = append(configs, text(pre))
	}
	if diff := cmp.Diff([]string{"a run given: tag first, 2 topics, 6 lines", "a run given: tag second, 2 topics, 5 lines",
		"system.Func (a function: its code is its configuration)"}, configs); diff != "" {
		t.Errorf("configurations (-want +got):\n%s", diff)
	}
}

// TestHostile checks that hostile corpus, topic and system texts show as
// text and run nothing: no script element, no event handler, no element
// the texts name, valid UTF-8 throughout, and the texts intact in the
// parsed document.
func TestHostile(t *testing.T) {
	b := render(t, report.Options{})
	if !utf8.Valid(b) {
		t.Error("the report is not valid UTF-8")
	}
	doc := parse(t, b)
	for n := range doc.Descendants() {
		if n.Type != html.ElementNode {
			continue
		}
		if n.Data == "script" || n.Data == "img" || n.Data == "b" {
			t.Errorf("a <%s> element: hostile text became markup", n.Data)
		}
		for _, a := range n.Attr {
			if strings.HasPrefix(a.Key, "on") || a.Key == "src" {
				t.Errorf("<%s %s=%q>: hostile text became an attribute", n.Data, a.Key, a.Val)
			}
		}
	}
	// The texts, whole, as text.
	var texts []string
	for n := range doc.Descendants() {
		if n.Type == html.TextNode {
			texts = append(texts, n.Data)
		}
	}
	for _, want := range []string{scriptText, svgText, "caf\uFFFD \uFFFD bytes", "func \uFFFD"} {
		if !slices.ContainsFunc(texts, func(s string) bool { return strings.Contains(s, want) }) {
			t.Errorf("text %q is not in the document as text", want)
		}
	}
	// The plots are still whole: every figure holds its svg and its table.
	for _, fig := range all(doc, classed("figure", "plot")) {
		if len(all(fig, tag("svg"))) != 1 || len(all(fig, tag("details"))) != 1 {
			t.Errorf("plot %s was broken open", attr(fig, "id"))
		}
	}
}

// TestOptions checks the options: the dimension and measure the plots
// draw, the number of pairs shown, and the errors.
func TestOptions(t *testing.T) {
	doc := parse(t, render(t, report.Options{Dimension: eval.Coherence, Measure: "plain", Top: 1}))
	caption := all(doc, tag("figcaption"))[0]
	if got := text(caption); got != "plain nDCG@2 per topic, hand coherence" {
		t.Errorf("first plot's caption %q", got)
	}
	if cards := all(doc, classed("article", "card")); len(cards) != 3+3 {
		t.Errorf("%d cards with Top 1, want 6", len(cards))
	}
	x, table := small(t)
	for _, tc := range []struct {
		o     report.Options
		table *experiment.Table
		want  string
	}{
		{report.Options{Dimension: "stance"}, table, `no dimension "stance"`},
		{report.Options{Measure: "ndcg"}, table, `measure "ndcg"`},
		{report.Options{Top: -1}, table, "-1 pairs"},
		{report.Options{}, nil, "empty table"},
		{report.Options{}, &experiment.Table{}, "empty table"},
	} {
		err := report.Write(&bytes.Buffer{}, x, tc.table, tc.o)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "report: ") {
			t.Errorf("%+v: error %v, want one naming %s", tc.o, err, tc.want)
		}
	}
}

// TestWithoutEnv: runs given and judgments, no Env: the pairs show their
// ids, and the report says why.
func TestWithoutEnv(t *testing.T) {
	x, table := small(t)
	x.Env = nil
	var b bytes.Buffer
	if err := report.Write(&b, x, table, report.Options{}); err != nil {
		t.Fatal(err)
	}
	doc := parse(t, b.Bytes())
	if notes := all(doc, classed("p", "note")); len(notes) != 1 {
		t.Error("no note that the texts are missing")
	}
	missing := all(doc, classed("span", "missing"))
	if len(missing) != 2*14 {
		t.Errorf("%d sentences without text, want all 28", len(missing))
	}
}

// errWriter fails every write.
type errWriter struct{}

func (errWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// TestWriteError: a failing writer's error is returned.
func TestWriteError(t *testing.T) {
	x, table := small(t)
	if err := report.Write(errWriter{}, x, table, report.Options{}); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("error %v, want the writer's", err)
	}
	if err := report.Write(nil, x, table, report.Options{}); err == nil || !strings.Contains(err.Error(), "nil io.Writer") {
		t.Errorf("a nil writer: error %v, want one naming it", err)
	}
}

// TestBrowser runs testdata/browser-check.sh: the 2022 sample's report in
// headless Chromium, with no console error and no network request. Only
// with ARGSEARCH_SLOW=1, as CI runs it: the experiment behind the report
// runs every system.
func TestBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the browser check runs the 2022 sample experiment (about 25 s)")
	}
	slowtest.Skip(t, "the browser check runs the experiment command over every system on the 2022 sample, then Chromium")
	chromium := os.Getenv("CHROMIUM")
	if chromium == "" {
		chromium = "chromium"
	}
	if _, err := exec.LookPath(chromium); err != nil {
		t.Skipf("chromium is not installed (%v): apt-get install chromium to run the browser check", err)
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skipf("no go command to run the experiment: %v", err)
	}
	out := t.TempDir()
	cmd := exec.Command("sh", filepath.Join("testdata", "browser-check.sh"), out)
	cmd.Env = append(os.Environ(), "CHROMIUM="+chromium)
	b, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("browser-check.sh: %v\n%s", err, b)
	}
	for _, name := range []string{"summary", "plot", "diff", "pairs"} {
		if fi, err := os.Stat(filepath.Join(out, name+".png")); err != nil || fi.Size() == 0 {
			t.Errorf("screenshot %s: %v", name, err)
		}
	}
	t.Logf("%s", b)
}

// TestOwnColumns: a table with own judgments shows their columns,
// labelled "official + N own"; one without does not.
func TestOwnColumns(t *testing.T) {
	x, _ := small(t)
	if strings.Contains(stdhtml.UnescapeString(string(render(t, report.Options{}))), "official + ") {
		t.Error("a table without own judgments shows own columns")
	}
	var js []eval.Judgment
	for _, id := range []string{"A1__PREMISE__2,A1__CONC__1", "A3__PREMISE__1,A3__PREMISE__2"} {
		js = append(js, eval.Judgment{Topic: "1", DocID: id, Label: 1})
	}
	q, err := eval.NewQrels(js)
	if err != nil {
		t.Fatal(err)
	}
	own, err := eval.NewJudgments("mine", []eval.Dimension{eval.Relevance}, []*eval.Qrels{q})
	if err != nil {
		t.Fatal(err)
	}
	x.Own = []*eval.Judgments{own}
	table, err := x.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := report.Write(&b, x, table, report.Options{}); err != nil {
		t.Fatal(err)
	}
	if page := stdhtml.UnescapeString(b.String()); !strings.Contains(page, ">nDCG@2 official + 2 own</th>") || !strings.Contains(page, ">judged@2 official + 2 own</th>") {
		t.Errorf("no column labelled official + 2 own:\n%s", b.String())
	}
}

// TestSummaryMatchesTable renders the HTML report and the text table of
// the same experiment, and finds the same systems, judgments, headline
// figures and p-values in both, in the same order, and the same caption.
func TestSummaryMatchesTable(t *testing.T) {
	x, _ := small(t)
	x.Systems[1].TrainedOn = map[string][]string{"hand": {"1"}} // an in-sample row and p-values
	table, err := x.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var page, table0 bytes.Buffer
	if err := report.Write(&page, x, table, report.Options{}); err != nil {
		t.Fatal(err)
	}
	if err := table.Write(&table0, "text"); err != nil {
		t.Fatal(err)
	}
	// The text table: its columns start where their headers do.
	caption, body, _ := strings.Cut(table0.String(), "\n\n")
	lines := strings.Split(strings.TrimRight(body, "\n"), "\n")
	header := lines[0]
	headline := "estimated judged-only nDCG@2"
	if table.Headline != "estimated" {
		t.Fatalf("headline %q, want estimated", table.Headline)
	}
	var textRows [][4]string
	starts := []int{0, strings.Index(header, "judgments"), strings.Index(header, headline), strings.Index(header, "CI95"), strings.Index(header, "  p  ") + 2, strings.Index(header, "judged@2")}
	for _, line := range lines[1 : 1+len(table.Rows)] {
		runes := []rune(line) // tabwriter aligns runes; the header is ASCII
		cell := func(i int) string { return strings.TrimSpace(string(runes[starts[i]:starts[i+1]])) }
		textRows = append(textRows, [4]string{cell(0), cell(1), cell(2), cell(4)})
	}
	// The HTML summary: the same columns, under the same headers; then the
	// wide table, whose headline and p columns hold the same cells.
	doc := parse(t, page.Bytes())
	tables := all(doc, classed("table", "summary"))
	if len(tables) != 2 {
		t.Fatalf("%d summary tables, want 2", len(tables))
	}
	for i, summary := range tables {
		var headers []string
		for _, th := range all(summary, func(n *html.Node) bool { return n.Data == "th" && attr(n, "scope") == "col" }) {
			headers = append(headers, text(th))
		}
		col := func(name string) int {
			c := slices.Index(headers, name)
			if c < 0 {
				t.Fatalf("summary table %d has no column %q: %q", i+1, name, headers)
			}
			return c
		}
		hc, pc := col(headline), col([]string{"p", "p (t-test, Bonferroni) estimated"}[i])
		if want := []int{2, 3}[i]; hc != want {
			t.Errorf("summary table %d: the headline is column %d, want %d: %q", i+1, hc, want, headers)
		}
		var rows [][4]string
		for _, tr := range all(summary, tag("tr")) {
			cells := all(tr, func(n *html.Node) bool { return n.Data == "td" || (n.Data == "th" && attr(n, "scope") == "row") })
			if len(cells) != len(headers) {
				continue
			}
			rows = append(rows, [4]string{text(cells[0]), text(cells[1]), text(cells[hc]), text(cells[pc])})
		}
		if diff := cmp.Diff(textRows, rows); diff != "" {
			t.Errorf("summary table %d: system, judgments, headline and p (-text +html):\n%s\ntext:\n%s", i+1, diff, table0.String())
		}
		if !slices.ContainsFunc(rows, func(r [4]string) bool { return strings.HasSuffix(r[3], "†") }) {
			t.Errorf("summary table %d: no p-value is marked in-sample: %q", i+1, rows)
		}
	}
	var captions []string
	for _, p := range all(doc, tag("p")) {
		captions = append(captions, strings.Join(strings.Fields(text(p)), " "))
	}
	if want := strings.Join(strings.Fields(caption), " "); !slices.Contains(captions, want) {
		t.Errorf("the report lacks the table's caption %q", want)
	}
}
