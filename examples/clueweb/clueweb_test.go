package main

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/argsearch/argsearch/examples/internal/cli"
	"github.com/argsearch/argsearch/retrieval/chatnoir"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/stance"
	"github.com/argsearch/argsearch/topics"
	"github.com/google/go-cmp/cmp"
)

// env returns a getenv that knows only the given API key ("" for none).
func env(key string) func(string) string {
	return func(name string) string {
		if name == apiKeyEnv {
			return key
		}
		return ""
	}
}

// runOK runs the command with args and the test key in the environment,
// fails the test unless it succeeds, and returns the run file and the
// command's stdout and stderr.
func runOK(t *testing.T, args ...string) (runFile []byte, stdout, stderr string) {
	t.Helper()
	dir := t.TempDir()
	var out, errb bytes.Buffer
	if code := run(context.Background(), append(args, "-o", dir), env(testKey), &out, &errb); code != cli.ExitOK {
		t.Fatalf("exit status %d, want 0; stderr:\n%s", code, errb.String())
	}
	b, err := os.ReadFile(filepath.Join(dir, "run.txt"))
	if err != nil {
		t.Fatal(err)
	}
	return b, out.String(), errb.String()
}

// readRun parses a run and checks it against the Touché 2023 rules with
// the given topics required.
func readRun(t *testing.T, b []byte, qids ...string) []runfile.Line {
	t.Helper()
	var lines []runfile.Line
	for l, err := range runfile.NewReader(bytes.NewReader(b)).All() {
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, l)
	}
	rules := runfile.Touche2023()
	rules.Topics = qids
	if err := runfile.Validate(lines, rules); err != nil {
		t.Errorf("the run is not a valid Touché 2023 run: %v\n%s", err, b)
	}
	return lines
}

// stances returns docid → stance of a run's lines.
func stances(lines []runfile.Line) map[string]stance.Stance {
	m := make(map[string]stance.Stance)
	for _, l := range lines {
		m[l.DocID] = l.Stance
	}
	return m
}

func TestEndToEnd(t *testing.T) {
	rc, srv := newRecordedChatNoir(t)
	args := []string{"-i", filepath.Join("testdata", "input"), "-base", srv.URL}
	first, stdout, stderr := runOK(t, args...)
	second, _, _ := runOK(t, args...)
	if !bytes.Equal(first, second) {
		t.Errorf("two runs differ:\n%s\n%s", first, second)
	}
	lines := readRun(t, first, "1", "2", "3")
	if len(lines) != 14 {
		t.Errorf("got %d lines, want the 14 recorded documents:\n%s", len(lines), first)
	}

	// Hand-made documents whose stance is plain (see testdata/search).
	want := map[string]stance.Stance{
		"clueweb22-en2311-05-07224": stance.Con, // "Why teacher tenure must end"
		"clueweb22-en3170-97-18935": stance.No,  // a table of state laws
		"hSPnRe4h4pI2gBPkAKdJdP":    stance.No,  // a job board; trec_id null, so the UUID
		"clueweb22-en2778-85-19789": stance.Con, // "Vaping is not safe"
		"clueweb22-en1266-44-15131": stance.Pro, // "Is vaping safer than smoking? Yes."
		"clueweb22-en0415-65-04416": stance.No,  // a vape shop
		"clueweb22-en4425-75-19456": stance.Con, // insider trading "must remain illegal"
		"AMA7o6LM-rHnNuSwIYzBVR":    stance.No,  // an SEC press release
	}
	got := stances(lines)
	for id, w := range want {
		if got[id] != w {
			t.Errorf("document %s: got %v, want %v", id, got[id], w)
		}
	}

	// Topic 2's tied scores come back shop first; trec_eval's order (and
	// the run's) is docid descending.
	var topic2 []string
	for _, l := range lines {
		if l.QID == "2" {
			topic2 = append(topic2, l.DocID)
		}
	}
	if diff := cmp.Diff([]string{"clueweb22-en2778-85-19789", "clueweb22-en1266-44-15131", "clueweb22-en0415-65-04416",
		"clueweb22-en2477-95-04525", "clueweb22-en4385-56-14415"}, topic2); diff != "" {
		t.Errorf("topic 2 order (-want +got):\n%s", diff)
	}

	if !strings.HasPrefix(stdout, "clueweb: 3 topics, 14 documents (PRO ") || strings.Count(stdout, "\n") != 1 {
		t.Errorf("got summary %q, want one line starting with the counts", stdout)
	}
	// Off a terminal, progress is plain lines without carriage returns:
	// here only the final one, as the run takes under ten seconds.
	if want := "topics [####################] 100%  3/3  "; !strings.HasPrefix(stderr, want) ||
		strings.Count(stderr, "\n") != 1 || strings.Contains(stderr, "\r") {
		t.Errorf("got progress %q, want one line starting %q", stderr, want)
	}
	searches, caches := rc.requests()
	if searches != 6 || caches != 0 {
		t.Errorf("got %d searches and %d cache requests, want 6 (3 topics, 2 runs) and 0", searches, caches)
	}
	for _, q := range rc.searches {
		if !strings.Contains(q, "index=cw22") || !strings.Contains(q, "size=100") {
			t.Errorf("search %q: want index=cw22 and size=100 (the default k)", q)
		}
	}
	if _, _, quiet := runOK(t, append(args, "-quiet")...); quiet != "" {
		t.Errorf("-quiet: got stderr %q, want none", quiet)
	}
}

func TestNoAPIKey(t *testing.T) {
	for _, args := range [][]string{nil, {"-apikey", ""}, {"-fulltext", "-k", "5"}} {
		rc, srv := newRecordedChatNoir(t)
		dir := t.TempDir()
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), append(args, "-base", srv.URL, "-o", dir), env(""), &stdout, &stderr)
		if code != cli.ExitUsage {
			t.Errorf("%q: got exit status %d, want %d", args, code, cli.ExitUsage)
		}
		if got, want := stderr.String(), "clueweb: "+errNoAPIKey+"\nrun 'clueweb -h' for usage\n"; got != want {
			t.Errorf("%q: got stderr %q, want %q", args, got, want)
		}
		if !strings.Contains(errNoAPIKey, "-apikey") || !strings.Contains(errNoAPIKey, apiKeyEnv) {
			t.Errorf("message %q does not say how to give a key", errNoAPIKey)
		}
		if searches, caches := rc.requests(); searches+caches != 0 {
			t.Errorf("%q: the server got %d requests, want none", args, searches+caches)
		}
		if _, err := os.Stat(filepath.Join(dir, "run.txt")); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%q: run.txt: got %v, want no file", args, err)
		}
	}
}

func TestAPIKeyFlag(t *testing.T) {
	_, srv := newRecordedChatNoir(t)
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"-apikey", testKey, "-i", "testdata/input", "-o", dir, "-base", srv.URL},
		env(""), &stdout, &stderr)
	if code != cli.ExitOK {
		t.Fatalf("got exit status %d, want 0: %s", code, stderr.String())
	}
}

func TestRejectedAPIKey(t *testing.T) {
	_, srv := newRecordedChatNoir(t)
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"-i", "testdata/input", "-o", dir, "-base", srv.URL},
		env("wrong-key"), &stdout, &stderr)
	if code != cli.ExitError {
		t.Errorf("got exit status %d, want %d", code, cli.ExitError)
	}
	if !strings.Contains(stderr.String(), "API key rejected") || !strings.Contains(stderr.String(), "topic 1") {
		t.Errorf("got stderr %q, want the rejected key and the topic", stderr.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "run.txt")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("run.txt: got %v, want no file after a failed run", err)
	}
}

func TestBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-k", "0"}, {"-k", "1001"}, {"-workers", "0"}, {"-minarg", "1.5"}, {"-minconf", "-0.1"},
		{"-minconf", "NaN"}, {"-tag", "two words"}, {"-tag", ""}, {"-timeout", "0s"}, {"-base", "chatnoir.eu"},
		{"extra"}, {"-nosuchflag"},
	} {
		rc, srv := newRecordedChatNoir(t)
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), append([]string{"-base", srv.URL, "-o", t.TempDir()}, args...), env(testKey), &stdout, &stderr)
		if code != cli.ExitUsage {
			t.Errorf("%q: got exit status %d, want %d", args, code, cli.ExitUsage)
		}
		if stderr.Len() == 0 {
			t.Errorf("%q: no message on stderr", args)
		}
		if searches, _ := rc.requests(); searches != 0 {
			t.Errorf("%q: got %d searches, want none", args, searches)
		}
	}
}

func TestMissingTopics(t *testing.T) {
	_, srv := newRecordedChatNoir(t)
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"-i", t.TempDir(), "-o", t.TempDir(), "-base", srv.URL}, env(testKey), &stdout, &stderr)
	if code != cli.ExitError || !strings.Contains(stderr.String(), "topics.xml") {
		t.Errorf("got exit status %d, stderr %q; want 1 and a message naming topics.xml", code, stderr.String())
	}
}

// TestEmbeddedTopics runs without -i: the 50 official 2023 topics, of
// which the recorded server knows three; the others get no documents.
func TestEmbeddedTopics(t *testing.T) {
	_, srv := newRecordedChatNoir(t)
	b, stdout, _ := runOK(t, "-base", srv.URL, "-k", "2")
	lines := readRun(t, b)
	qids := make(map[string]int)
	for _, l := range lines {
		qids[l.QID]++
	}
	if diff := cmp.Diff(map[string]int{"1": 2, "2": 2, "3": 2}, qids); diff != "" {
		t.Errorf("lines per topic (-want +got):\n%s", diff)
	}
	if !strings.HasPrefix(stdout, "clueweb: 50 topics, 6 documents") || !strings.Contains(stdout, ", 47 topics without documents, ") {
		t.Errorf("got summary %q, want 50 topics, 6 documents and 47 topics without documents", stdout)
	}
}

// TestMinConfidence: with -minconf 1 no sentence's side counts, so every
// document becomes NO.
func TestMinConfidence(t *testing.T) {
	_, srv := newRecordedChatNoir(t)
	args := []string{"-i", filepath.Join("testdata", "input"), "-base", srv.URL}
	plain, _, _ := runOK(t, args...)
	unsure, _, _ := runOK(t, append(args, "-minconf", "1")...)
	before, after := stances(readRun(t, plain, "1", "2", "3")), stances(readRun(t, unsure, "1", "2", "3"))
	sided := 0
	for id, s := range before {
		if s != stance.No {
			sided++
		}
		if after[id] != stance.No {
			t.Errorf("document %s: got %v with -minconf 1, want NO (was %v)", id, after[id], s)
		}
	}
	if sided == 0 {
		t.Error("no document takes a stance in the fixtures")
	}
}

func TestDescription(t *testing.T) {
	rc, srv := newRecordedChatNoir(t)
	runOK(t, "-i", filepath.Join("testdata", "input"), "-base", srv.URL, "-description", "-index", "cw22,cw12")
	for _, q := range rc.searches {
		if !strings.Contains(q, "index=cw22%2Ccw12") || !strings.Contains(q, "+user+") {
			t.Errorf("search %q: want both indices and the description's words in the query", q)
		}
	}
}

func TestFullText(t *testing.T) {
	rc, srv := newRecordedChatNoir(t)
	rc.delay = 5 * time.Millisecond // so that requests overlap (nothing is timed)
	in := t.TempDir()
	topic1 := "<topics><topic><number>1</number><title>Should teachers get tenure?</title></topic></topics>"
	if err := os.WriteFile(filepath.Join(in, "topics.xml"), []byte(topic1), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"-i", in, "-base", srv.URL, "-fulltext", "-workers", "2"}
	first, stdout, stderr := runOK(t, args...)
	second, _, quiet := runOK(t, append(args, "-quiet")...)
	if !bytes.Equal(first, second) {
		t.Errorf("two runs differ:\n%s\n%s", first, second)
	}
	got := stances(readRun(t, first, "1"))
	want := map[string]stance.Stance{
		"clueweb22-en1304-92-14385": stance.Pro, // the full ProCon page argues for tenure; its snippet is NO
		"clueweb22-en3170-97-18935": stance.No,  // a table of state laws
		"hSPnRe4h4pI2gBPkAKdJdP":    stance.No,  // a job board
	}
	for id, w := range want {
		if got[id] != w {
			t.Errorf("document %s: got %v, want %v", id, got[id], w)
		}
	}
	if !strings.Contains(stdout, ", 1 without full text") {
		t.Errorf("got summary %q, want the one page missing from the cache counted", stdout)
	}
	for _, e := range []string{stderr, quiet} {
		if !strings.Contains(e, "clueweb: document clueweb22-en2852-64-13549: no full text") {
			t.Errorf("got stderr %q, want a warning about the missing page (with and without -quiet)", e)
		}
	}
	if strings.Contains(quiet, "topics") {
		t.Errorf("-quiet: got stderr %q, want the warning only", quiet)
	}
	_, caches := rc.requests()
	if caches != 10 {
		t.Errorf("got %d cache requests, want 10 (5 documents, 2 runs)", caches)
	}
	if rc.maxInFlight < 1 || rc.maxInFlight > 2 {
		t.Errorf("got %d cache requests at once, want 1 or 2 (-workers 2)", rc.maxInFlight)
	}
}

// TestFullTextFailure: a cache failure other than a missing page fails
// the run, and no run file is written.
func TestFullTextFailure(t *testing.T) {
	rc, srv := newRecordedChatNoir(t)
	rc.cacheStatus = http.StatusServiceUnavailable
	sys, err := newSystem(defaultConfig(), &chatnoir.Client{BaseURL: srv.URL, APIKey: testKey, MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	sys.Config.FullText = true
	ts, err := topics.Task1(2023)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "run.txt")
	_, err = sys.WriteRun(context.Background(), path, ts[:3])
	var se *chatnoir.StatusError
	if !errors.As(err, &se) || se.StatusCode != http.StatusServiceUnavailable || !strings.Contains(err.Error(), "topic 1: document ") {
		t.Errorf("got %v, want the 503 of a document of topic 1", err)
	}
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("run.txt: got %v, want no file after a failed run", err)
	}
}

func TestPlainText(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"plain", "plain"},
		{"<p>One <em>two</em>.</p><p>Three &amp; four</p>", "One two.\nThree & four"},
		{"<h1>Title</h1>\n\n<ul><li>a</li><li>b</li></ul>", "Title\na\nb"},
		{"e-<em>cig</em>arettes", "e-cigarettes"},
		{"1 < 2 and 3 > 2", "1 < 2 and 3 > 2"},
		{"x <b", "x <b"},
		{"<BR/>up<Br >down<!-- note -->", "up\ndown"},
		{"a &lt;p&gt; b", "a <p> b"},
	}
	for _, tt := range tests {
		if got := plainText(tt.in); got != tt.want {
			t.Errorf("plainText(%q): got %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestSentences(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"One. Two! Three? four.", []string{"One.", "Two!", "Three? four."}},
		{`He said "Stop." Then 3 left.`, []string{`He said "Stop."`, "Then 3 left."}},
		{"Line one\nLine two. More", []string{"Line one", "Line two.", "More"}},
		{"Costs 2.5 dollars. Done", []string{"Costs 2.5 dollars.", "Done"}},
		{"  \n\n  ", nil},
	}
	for _, tt := range tests {
		got := slices.Collect(sentences(tt.in))
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("sentences(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
}

// FuzzPlainText checks that plainText never panics, leaves no empty or
// padded line, and that sentences split its output without losing or
// adding a non-space character.
func FuzzPlainText(f *testing.F) {
	for _, s := range []string{"<p>A. B</p>", "x <b", "<<>>", "a &amp; b. C? d!", "<!-- -->", "\n\n<br>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, page string) {
		text := plainText(page)
		for line := range strings.Lines(text) {
			line = strings.TrimSuffix(line, "\n")
			if line == "" || strings.TrimSpace(line) != line {
				t.Fatalf("plainText(%q) = %q: empty or padded line %q", page, text, line)
			}
		}
		dropSpace := func(s string) string { return strings.Join(strings.Fields(s), "") }
		var joined strings.Builder
		for s := range sentences(text) {
			if s == "" {
				t.Fatalf("sentences(%q): an empty sentence", text)
			}
			joined.WriteString(s)
		}
		if got, want := dropSpace(joined.String()), dropSpace(text); got != want {
			t.Fatalf("sentences(%q) joined: got %q, want %q", text, got, want)
		}
	})
}
