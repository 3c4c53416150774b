package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/argsearch/argsearch/corpus/sample"
	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/eval/own"
	"github.com/argsearch/argsearch/runfile"
)

// baselineRun is the top 5 of each topic of examples/baseline's run on the
// embedded 2022 sample (go run ./examples/baseline -cache off), of which
// the official judgments judge about a third.
const baselineRun = "testdata/baseline-top5.run"

// loaded caches the sample's store between tests: load reads the corpus
// each time otherwise.
var loadMu sync.Mutex

func newApp(t *testing.T, out, annotator string, runs ...string) *app {
	t.Helper()
	loadMu.Lock()
	defer loadMu.Unlock()
	var stderr bytes.Buffer
	a, err := load(context.Background(), runs, "", out, 5, &stderr)
	if err != nil {
		t.Fatal(err)
	}
	a.annotator = annotator
	a.now = func() time.Time { return time.Date(2026, 11, 27, 1, 0, 0, 0, time.UTC) }
	t.Cleanup(func() { a.file.close(); a.env.Close() })
	return a
}

// headerLine is the first line of an own-judgments file, without its
// newline.
var headerLine = strings.TrimSuffix(string(header()), "\n")

// servedAddr is the address the tests' handlers serve (served).
const servedAddr = "127.0.0.1:8080"

var served = servedHosts(servedAddr, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080})

// newRequest returns a request to the handlers, for the address served.
func newRequest(method, target string, body io.Reader) *http.Request {
	r := httptest.NewRequest(method, target, body)
	r.Host = servedAddr
	return r
}

// do serves one request and returns the response.
func do(t *testing.T, h http.Handler, method, target string, form url.Values) *http.Response {
	t.Helper()
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	r := newRequest(method, target, body)
	if form != nil {
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w.Result()
}

func bodyOf(t *testing.T, r *http.Response) string {
	t.Helper()
	b, err := io.ReadAll(r.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func labelsForm(rel, q, c int) url.Values {
	return url.Values{"relevance": {fmt.Sprint(rel)}, "quality": {fmt.Sprint(q)}, "coherence": {fmt.Sprint(c)}}
}

func readOwn(t *testing.T, path string) *own.Annotations {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	a, err := own.Read(f, path)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func lineCount(t *testing.T, path string) int {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return bytes.Count(b, []byte{'\n'})
}

func TestHandlers(t *testing.T) {
	out := filepath.Join(t.TempDir(), "own.tsv")
	a := newApp(t, out, "", baselineRun)
	h := a.handler(served)
	if len(a.tasks) < 10 {
		t.Fatalf("%d pairs to judge, want the baseline's unjudged top 5 (dozens)", len(a.tasks))
	}
	if r := do(t, h, "GET", "/", nil); r.StatusCode != http.StatusSeeOther || r.Header.Get("Location") != "/pair/1" {
		t.Fatalf("GET /: got %d to %q, want 303 to /pair/1", r.StatusCode, r.Header.Get("Location"))
	}
	first := a.tasks[0]
	page := bodyOf(t, do(t, h, "GET", "/pair/1", nil))
	s1, _ := a.store.Sentence(first.first)
	for _, want := range []string{a.topics[first.topic].Title, a.topics[first.topic].Narrative, s1.Text, "Conclusion of its argument"} {
		if !strings.Contains(page, escaped(want)) {
			t.Errorf("the page lacks %.60q", want)
		}
	}
	for _, want := range []string{`name="annotator"`, `value="-2"`, `id="next"`, `id="prev"`, `src="/static/keys.js"`} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	if strings.Contains(page, `class="context"`) {
		t.Error("neighbouring sentences shown without being asked for")
	}
	if page := bodyOf(t, do(t, h, "GET", "/pair/1?neighbours=1", nil)); !strings.Contains(page, `class="context"`) {
		t.Error("no neighbouring sentences when asked for")
	}

	// No annotator, a label off the scale: refused, nothing written.
	form := labelsForm(2, 1, 0)
	if r := do(t, h, "POST", "/pair/1", form); r.StatusCode != http.StatusBadRequest || !strings.Contains(bodyOf(t, r), "annotator") {
		t.Errorf("no annotator: got %d, want 400 asking for one", r.StatusCode)
	}
	form.Set("annotator", "Ada\tLovelace")
	bad := labelsForm(3, 1, 0)
	bad.Set("annotator", "Ada")
	if r := do(t, h, "POST", "/pair/1", bad); r.StatusCode != http.StatusBadRequest || !strings.Contains(bodyOf(t, r), "relevance") {
		t.Errorf("relevance 3: got %d, want 400 naming relevance", r.StatusCode)
	}
	if n := lineCount(t, out); n != 1 {
		t.Fatalf("refused judgments wrote: %d lines, want the header only", n)
	}

	// A judgment is on disk when the response comes, and the next pair follows.
	r := do(t, h, "POST", "/pair/1", form)
	if r.StatusCode != http.StatusSeeOther || r.Header.Get("Location") != "/pair/2" {
		t.Fatalf("POST: got %d to %q, want 303 to /pair/2", r.StatusCode, r.Header.Get("Location"))
	}
	mine := readOwn(t, out).Judgments()
	if l, ok := mine.Qrels(eval.Relevance).Label(first.topic, first.pair); !ok || l != 2 {
		t.Errorf("relevance on disk: got %d (judged %v), want 2", l, ok)
	}
	if got := readOwn(t, out).Annotators(); len(got) != 1 || got[0] != "Ada\tLovelace" {
		t.Errorf("annotators: got %q", got)
	}
	// The same labels again write nothing; others write a correction.
	do(t, h, "POST", "/pair/1", form)
	if n := lineCount(t, out); n != 2 {
		t.Errorf("the same judgment twice: %d lines, want 2", n)
	}
	form.Set("relevance", "-2")
	do(t, h, "POST", "/pair/1", form)
	if l, _ := readOwn(t, out).Judgments().Qrels(eval.Relevance).Label(first.topic, first.pair); l != -2 {
		t.Errorf("after the correction: relevance %d, want -2", l)
	}
	// The judged pair's page shows its labels; the name comes back from the cookie.
	req := newRequest("GET", "/pair/1", nil)
	req.AddCookie(&http.Cookie{Name: "annotator", Value: url.QueryEscape("Ada\tLovelace")})
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	if page := w.Body.String(); !strings.Contains(page, `value="-2" checked`) || !strings.Contains(page, `value="Ada`) {
		t.Error("a judged pair's page does not show its labels and annotator")
	}

	// A restart resumes at the first unjudged pair.
	a.file.close()
	b := newApp(t, out, "Bob", baselineRun)
	if r := do(t, b.handler(served), "GET", "/", nil); r.Header.Get("Location") != "/pair/2" {
		t.Errorf("after a restart: GET / goes to %q, want /pair/2", r.Header.Get("Location"))
	}
	if r := do(t, b.handler(served), "GET", "/overview", nil); !strings.Contains(bodyOf(t, r), fmt.Sprintf(`<b id="judged">1</b> of %d`, len(b.tasks))) {
		t.Error("the overview does not count the judged pair")
	}
}

// escaped escapes s as html/template writes text.
func escaped(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '\'':
			b.WriteString("&#39;")
		case '"':
			b.WriteString("&#34;")
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func TestHostileRequests(t *testing.T) {
	out := filepath.Join(t.TempDir(), "own.tsv")
	a := newApp(t, out, "Ada", baselineRun)
	h := a.handler(served)
	huge := strings.Repeat("9", 10<<20)
	for _, target := range []string{"/pair/0", "/pair/-1", "/pair/x", fmt.Sprintf("/pair/%d", len(a.tasks)+1), "/pair/" + huge} {
		r := do(t, h, "GET", target, nil)
		body := bodyOf(t, r)
		if r.StatusCode != http.StatusNotFound || len(body) > 500 {
			t.Errorf("GET %.20s…: got %d with %d bytes, want a short 404", target, r.StatusCode, len(body))
		}
	}
	form := labelsForm(1, 1, 1)
	form.Set("annotator", strings.Repeat("a", 10<<20))
	if r := do(t, h, "POST", "/pair/1", form); r.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("a 10 MB form: got %d, want 413", r.StatusCode)
	}
	if r := do(t, h, "POST", "/pair/"+huge, labelsForm(1, 1, 1)); r.StatusCode != http.StatusNotFound {
		t.Errorf("POST to a 10 MB pair number: got %d, want 404", r.StatusCode)
	}
	if n := lineCount(t, out); n != 1 {
		t.Errorf("hostile requests wrote: %d lines, want the header only", n)
	}
}

func TestHostileInput(t *testing.T) {
	dir := t.TempDir()
	// A run with a 10 MB pair id, a pair of sentences not in the corpus and
	// an id that is no pair, beside one pair of the sample.
	huge := strings.Repeat("S", 10<<20) + "__PREMISE__1,x__CONC__1"
	run := filepath.Join(dir, "hostile.run")
	lines := []string{
		"1 Q0 " + huge + " 1 9 t",
		"1 Q0 Snot-there__PREMISE__1,Snot-there__CONC__1 2 8 t",
		"1 Q0 not-a-pair 3 7 t",
		"1 Q0 S1a76ed9f-Ae7cff11e__PREMISE__37,S1a76ed9f-Ae7cff11e__CONC__1 4 6 t",
	}
	if err := os.WriteFile(run, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	a := newApp(t, filepath.Join(dir, "own.tsv"), "Ada", run)
	if len(a.tasks) != 1 || len(a.missing) != 3 {
		t.Fatalf("got %d pairs to judge and %d missing, want 1 and 3", len(a.tasks), len(a.missing))
	}
	for _, m := range a.missing {
		if len(m) > 400 {
			t.Errorf("a missing pair's note of %d bytes", len(m))
		}
	}
	if page := bodyOf(t, do(t, a.handler(served), "GET", "/overview", nil)); !strings.Contains(page, "10485783 bytes") || len(page) > 10000 {
		t.Errorf("the overview does not list the huge id, cut (%d bytes)", len(page))
	}

	// A judgments file that is not one is refused and left as it is.
	for name, text := range map[string]string{
		"qrels":    "1 0 a,b 2\n",
		"conflict": headerLine + "\n1\ta,b\t1\t1\t1\tA\t2026-11-27T01:00:00Z\tjudged\n1\ta,b\t2\t1\t1\tA\t2026-11-27T01:00:00Z\tjudged\n",
		"binary":   "\x00\x01\x02\xff",
	} {
		path := filepath.Join(dir, name+".tsv")
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		_, _, err := openJudgments(path)
		if err == nil || !strings.Contains(err.Error(), path+" line") {
			t.Errorf("%s: got %v, want an error naming the file and line", name, err)
		}
		if b, _ := os.ReadFile(path); string(b) != text {
			t.Errorf("%s: the refused file was changed", name)
		}
	}
}

func TestRepairCutLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "own.tsv")
	whole := headerLine + "\n1\ta,b\t1\t1\t1\tA\t2026-11-27T01:00:00Z\tjudged\n"
	if err := os.WriteFile(path, []byte(whole+"1\tc,d\t2\t1"), 0o644); err != nil {
		t.Fatal(err)
	}
	jf, repaired, err := openJudgments(path)
	if err != nil {
		t.Fatal(err)
	}
	jf.close()
	if b, _ := os.ReadFile(path); string(b) != whole || repaired != 9 {
		t.Errorf("got %q (%d bytes dropped), want the whole lines (9 bytes dropped)", b, repaired)
	}
	// A cut header is written anew.
	if err := os.WriteFile(path, []byte(headerLine[:10]), 0o644); err != nil {
		t.Fatal(err)
	}
	jf, _, err = openJudgments(path)
	if err != nil {
		t.Fatal(err)
	}
	jf.close()
	readOwn(t, path)
}

// TestJudgeEveryGap judges every unjudged top-5 pair of the baseline's run
// through the handlers, and checks with package eval that official and own
// judgments together judge the whole top 5, so that nDCG@5 is exact: the
// same with and without unjudged pairs dropped.
func TestJudgeEveryGap(t *testing.T) {
	out := filepath.Join(t.TempDir(), "own.tsv")
	a := newApp(t, out, "Ada", baselineRun)
	h := a.handler(served)
	for i := range a.tasks {
		r := do(t, h, "POST", fmt.Sprintf("/pair/%d", i+1), labelsForm(i%3, (i+1)%3, (i+2)%3))
		if r.StatusCode != http.StatusSeeOther {
			t.Fatalf("pair %d: %d %s", i+1, r.StatusCode, bodyOf(t, r))
		}
	}
	if r := do(t, h, "GET", "/", nil); r.Header.Get("Location") != "/overview" {
		t.Errorf("with every pair judged, GET / goes to %q, want /overview", r.Header.Get("Location"))
	}
	run, err := runfile.ReadFile(baselineRun)
	if err != nil {
		t.Fatal(err)
	}
	official, err := eval.Official(2022)
	if err != nil {
		t.Fatal(err)
	}
	mine := readOwn(t, out).Judgments()
	for _, d := range official.Dimensions() {
		judgedBefore, _, err := eval.Judged(official.Qrels(d), run, 5, eval.Options{})
		if err != nil {
			t.Fatal(err)
		}
		both := union(t, official.Qrels(d), mine.Qrels(d))
		judged, _, err := eval.Judged(both, run, 5, eval.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if judged != 1 {
			t.Errorf("%s: judged@5 %.4f with own judgments (official only %.4f), want 1", d, judged, judgedBefore)
		}
		ndcg := func(judgedOnly bool) float64 {
			e, err := eval.Evaluate(both, run, eval.Options{Measures: []eval.Measure{{Name: "ndcg_cut", Cutoffs: []int{5}}}, JudgedOnly: judgedOnly})
			if err != nil {
				t.Fatal(err)
			}
			m, err := e.Mean("nDCG@5")
			if err != nil {
				t.Fatal(err)
			}
			return m
		}
		// Spam (-2) is dropped by judged-only, so compare only where no
		// top-5 pair is spam: this test's labels give none.
		if plain, judgedOnly := ndcg(false), ndcg(true); plain != judgedOnly {
			t.Errorf("%s: nDCG@5 %.6f, judged-only %.6f: not exact", d, plain, judgedOnly)
		} else {
			t.Logf("%s: judged@5 %.2f -> %.2f, nDCG@5 %.4f", d, judgedBefore, judged, plain)
		}
	}
}

// union returns the judgments of a and b together; b must not judge what a
// judges.
func union(t *testing.T, a, b *eval.Qrels) *eval.Qrels {
	t.Helper()
	var js []eval.Judgment
	for j := range a.All() {
		js = append(js, j)
	}
	for j := range b.All() {
		js = append(js, j)
	}
	q, err := eval.NewQrels(js)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

func TestCommandLine(t *testing.T) {
	for _, c := range []struct {
		args   []string
		status int
		out    string // on stdout for 0, stderr otherwise
	}{
		{[]string{"-h"}, 0, "usage: judge"},
		{[]string{"-o", "x"}, 2, "missing arguments"},
		{[]string{baselineRun}, 2, "-o"},
		{[]string{"-k", "0", "-o", "x", baselineRun}, 2, "-k 0"},
		{[]string{"-year", "2021", "-o", "x", baselineRun}, 2, "-year"},
		{[]string{"-nope", baselineRun}, 2, "-nope"},
		{[]string{"-o", filepath.Join(t.TempDir(), "o"), "testdata/none.run"}, 1, "none.run"},
	} {
		var stdout, stderr bytes.Buffer
		status := run(context.Background(), c.args, &stdout, &stderr, nil)
		got := stderr.String()
		if c.status == 0 {
			got = stdout.String()
		}
		if status != c.status || !strings.Contains(got, c.out) {
			t.Errorf("judge %q: exit %d, %q; want %d with %q", c.args, status, got, c.status, c.out)
		}
	}
}

// TestServe runs the command as a user would: it prints the URL, serves
// until interrupted, and the judgment is in the file.
func TestServe(t *testing.T) {
	out := filepath.Join(t.TempDir(), "own.tsv")
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan string, 1)
	status := make(chan int, 1)
	var stderr bytes.Buffer
	go func() {
		loadMu.Lock()
		defer loadMu.Unlock()
		status <- run(ctx, []string{"-annotator", "Ada", "-o", out, baselineRun}, io.Discard, &stderr, ready)
	}()
	var base string
	select {
	case base = <-ready:
	case s := <-status:
		t.Fatalf("exit %d: %s", s, stderr.String())
	}
	if !strings.HasPrefix(base, "http://127.0.0.1:") {
		t.Errorf("serving on %s, want loopback", base)
	}
	// A page of evil.example, a name pointed at 127.0.0.1 (DNS
	// rebinding): its Origin matches its Host, neither the address served.
	port := strings.TrimSuffix(base[strings.LastIndexByte(base, ':')+1:], "/")
	for _, method := range []string{"GET", "POST"} {
		req, err := http.NewRequest(method, base+"pair/1", strings.NewReader(labelsForm(2, 2, 2).Encode()))
		if err != nil {
			t.Fatal(err)
		}
		req.Host = "evil.example:" + port
		req.Header.Set("Origin", "http://evil.example:"+port)
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusForbidden {
			t.Errorf("%s with Host evil.example:%s: got %d, want 403", method, port, resp.StatusCode)
		}
	}
	// The address served, by its IP and as localhost.
	for i, host := range []string{"", "localhost:" + port} {
		req, err := http.NewRequest("POST", base+"pair/"+fmt.Sprint(i+1), strings.NewReader(labelsForm(1, 2, 1).Encode()))
		if err != nil {
			t.Fatal(err)
		}
		if host != "" {
			req.Host = host
			req.Header.Set("Origin", "http://"+host)
		}
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK { // the redirect to the next pair, followed
			t.Errorf("POST to %s with Host %q: got %d, want it judged", base, host, resp.StatusCode)
		}
	}
	cancel()
	if s := <-status; s != 0 {
		t.Fatalf("exit %d: %s", s, stderr.String())
	}
	if !strings.Contains(stderr.String(), "open "+base) {
		t.Errorf("stderr %q does not give the URL", stderr.String())
	}
	if n := readOwn(t, out).Judgments().Qrels(eval.Quality).Len(); n != 2 {
		t.Errorf("%d judgments in the file, want 2 (none from evil.example)", n)
	}
}

// TestForeignHostRefused: a request whose Host is not the address served
// is refused (403) and writes nothing, even with an Origin that matches
// it (DNS rebinding); the names of the address served are accepted.
func TestForeignHostRefused(t *testing.T) {
	out := filepath.Join(t.TempDir(), "own.tsv")
	a := newApp(t, out, "Ada", baselineRun)
	for _, c := range []struct {
		given   string // -addr
		bound   *net.TCPAddr
		yes, no []string
	}{
		{"127.0.0.1:0", &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080},
			[]string{"127.0.0.1:8080", "localhost:8080", "LocalHost:8080"},
			[]string{"evil.example:8080", "127.0.0.1:8081", "[::1]:8080", "127.0.0.2:8080", "localhost", "127.0.0.1", "", "localhost.:8080"}},
		{"localhost:0", &net.TCPAddr{IP: net.IPv6loopback, Port: 8080},
			[]string{"[::1]:8080", "localhost:8080"},
			[]string{"127.0.0.1:8080", "evil.example:8080"}},
		{":8080", &net.TCPAddr{IP: net.IPv6unspecified, Port: 8080},
			[]string{"192.168.1.5:8080", "[fe80::1]:8080", "localhost:8080"},
			[]string{"evil.example:8080", "192.168.1.5:80"}},
		{"judge.lan:80", &net.TCPAddr{IP: net.IPv4(192, 0, 2, 7), Port: 80},
			[]string{"judge.lan", "Judge.LAN:80", "192.0.2.7"},
			[]string{"evil.example", "localhost", "192.0.2.8"}},
	} {
		h := a.handler(servedHosts(c.given, c.bound))
		for _, host := range c.no {
			for _, method := range []string{"GET", "POST"} {
				r := httptest.NewRequest(method, "/pair/1", strings.NewReader(labelsForm(1, 1, 1).Encode()))
				r.Host = host
				r.Header.Set("Origin", "http://"+host)
				r.Header.Set("Sec-Fetch-Site", "same-origin")
				r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				w := httptest.NewRecorder()
				h.ServeHTTP(w, r)
				if w.Code != http.StatusForbidden || !strings.Contains(w.Body.String(), "not the address served") {
					t.Errorf("-addr %s on %s: %s with Host %q: got %d %q, want 403", c.given, c.bound, method, host, w.Code, w.Body.String())
				}
			}
		}
		for _, host := range c.yes {
			r := httptest.NewRequest("GET", "/pair/1", nil)
			r.Host = host
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			if w.Code != http.StatusOK {
				t.Errorf("-addr %s on %s: GET with Host %q: got %d, want 200", c.given, c.bound, host, w.Code)
			}
		}
	}
	if n := lineCount(t, out); n != 1 {
		t.Errorf("refused requests wrote: %d lines, want the header only", n)
	}
}

func TestCrossOriginRefused(t *testing.T) {
	out := filepath.Join(t.TempDir(), "own.tsv")
	a := newApp(t, out, "Ada", baselineRun)
	r := newRequest("POST", "/pair/1", strings.NewReader(labelsForm(1, 1, 1).Encode()))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	r.Header.Set("Sec-Fetch-Site", "cross-site")
	r.Header.Set("Origin", "http://evil.example")
	w := httptest.NewRecorder()
	a.handler(served).ServeHTTP(w, r)
	if w.Code != http.StatusForbidden || lineCount(t, out) != 1 {
		t.Errorf("a cross-site POST: got %d and %d lines, want 403 and the header only", w.Code, lineCount(t, out))
	}
}

// TestTIRAInput reads the corpus of a TIRA input directory (-i).
func TestTIRAInput(t *testing.T) {
	topicsXML := "../../../shared/data/touche/topics-task1-2022.xml"
	xml, err := os.ReadFile(topicsXML)
	if err != nil {
		t.Skipf("no %s: %v", topicsXML, err)
	}
	dir := t.TempDir()
	csv, err := io.ReadAll(sample.Touche2022().ProcessedCSV())
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{"args_processed.csv": csv, "topics.xml": xml} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	loadMu.Lock()
	a, err := load(context.Background(), []string{baselineRun}, dir, filepath.Join(dir, "own.tsv"), 5, io.Discard)
	loadMu.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	defer a.env.Close()
	defer a.file.close()
	if len(a.tasks) != 82 || len(a.missing) != 0 {
		t.Errorf("from -i: %d pairs to judge, %d missing; want 82 and 0, as from the embedded sample", len(a.tasks), len(a.missing))
	}
}

func TestOneServerPerFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "own.tsv")
	jf, _, err := openJudgments(path)
	if err != nil {
		t.Fatal(err)
	}
	defer jf.close()
	if _, _, err := openJudgments(path); err == nil || !strings.Contains(err.Error(), "another judge server") {
		t.Errorf("a second server on one file: got %v, want refused", err)
	}
}

// TestNothingLeftBehind: a command that fails leaves no judgments file
// where there was none: a bad -addr fails before the file is made, and a
// file made for no judgment goes when the command fails later.
func TestNothingLeftBehind(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "own.tsv")
	for _, addr := range []string{"999.1.1.1:99999", "127.0.0.1:-1", "256.0.0.1:0"} {
		var stderr bytes.Buffer
		loadMu.Lock()
		status := run(context.Background(), []string{"-addr", addr, "-o", out, baselineRun}, io.Discard, &stderr, nil)
		loadMu.Unlock()
		if status != 1 || !strings.Contains(stderr.String(), "judge: -addr "+addr+": ") {
			t.Errorf("-addr %s: exit %d, %q; want 1 naming -addr", addr, status, stderr.String())
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("-addr %s: the judgments file is left: %v", addr, err)
			os.Remove(out)
		}
	}

	// abandon removes a file openJudgments made, and only while it holds
	// no judgment.
	jf, _, err := openJudgments(out)
	if err != nil {
		t.Fatal(err)
	}
	if err := jf.abandon(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a file made for nothing is left: %v", err)
	}
	jf, _, err = openJudgments(out)
	if err != nil {
		t.Fatal(err)
	}
	if err := jf.record(own.Annotation{Topic: "1", Pair: "a,b", Annotator: "Ada", Time: time.Now()}); err != nil {
		t.Fatal(err)
	}
	jf.abandon()
	jf, _, err = openJudgments(out) // a file that was there is kept, though nothing is added
	if err != nil {
		t.Fatal(err)
	}
	jf.abandon()
	if n := readOwn(t, out).Judgments().Qrels(eval.Relevance).Len(); n != 1 {
		t.Errorf("a file with a judgment: %d judgments after abandon, want 1", n)
	}
	// A file that is not one is refused and kept.
	bad := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(bad, []byte("my notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := openJudgments(bad); err == nil {
		t.Error("a file of notes was taken for judgments")
	}
	if b, err := os.ReadFile(bad); err != nil || string(b) != "my notes\n" {
		t.Errorf("the refused file: %q, %v", b, err)
	}
}

// TestGzippedRun: a gzipped run is read as the plain one (runfile reads
// it); a truncated one is an error that says gzip, and leaves no file.
func TestGzippedRun(t *testing.T) {
	dir := t.TempDir()
	plain, err := os.ReadFile(baselineRun)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write(plain)
	zw.Close()
	zipped, cut := filepath.Join(dir, "run.txt.gz"), filepath.Join(dir, "cut.txt.gz")
	if err := os.WriteFile(zipped, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cut, b.Bytes()[:b.Len()/2], 0o644); err != nil {
		t.Fatal(err)
	}
	if a := newApp(t, filepath.Join(dir, "own.tsv"), "Ada", zipped); len(a.tasks) != 82 {
		t.Errorf("from the gzipped run: %d pairs to judge, want 82 as from the plain one", len(a.tasks))
	}
	out := filepath.Join(dir, "cut.tsv")
	var stderr bytes.Buffer
	if code := run(context.Background(), []string{"-o", out, cut}, io.Discard, &stderr, nil); code != 1 || !strings.Contains(stderr.String(), "cut.txt.gz: gzip: ") {
		t.Errorf("a truncated gzipped run: exit %d, %q; want 1 naming the file and gzip", code, stderr.String())
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a failed command left %s: %v", out, err)
	}
}
