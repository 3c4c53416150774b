package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/argsearch/argsearch/examples/internal/cli"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/chatnoir"
	"github.com/google/go-cmp/cmp"
)

// syncBuffer is a bytes.Buffer safe for the server's writes while a test
// reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// running is the command, run by a test until stop.
type running struct {
	url            string
	host           string // HOST:PORT of url
	cache, tmp     string // its -cache and its TMPDIR
	stdout, stderr *syncBuffer
	cancel         context.CancelFunc
	code           chan int
	once           sync.Once
	exit           int
}

// start runs the command on the embedded 2022 sample, on a free loopback
// port, with an empty cache directory and TMPDIR of its own (so that a
// test can check that it leaves nothing in either), and returns once it
// serves. The test stops it at the end if it has not.
func start(t *testing.T, extra ...string) *running {
	t.Helper()
	r := &running{cache: t.TempDir(), tmp: t.TempDir(), stdout: new(syncBuffer), stderr: new(syncBuffer), code: make(chan int, 1)}
	t.Setenv("TMPDIR", r.tmp)
	ctx, cancel := context.WithCancel(context.Background())
	r.cancel = cancel
	ready := make(chan string, 1)
	args := append([]string{"-addr", "127.0.0.1:0", "-cache", r.cache, "-quiet"}, extra...)
	go func() { r.code <- run(ctx, args, r.stdout, r.stderr, ready) }()
	select {
	case r.url = <-ready:
	case code := <-r.code:
		cancel()
		t.Fatalf("serve %q exited %d before serving; stderr:\n%s", args, code, r.stderr)
	}
	u, err := url.Parse(r.url)
	if err != nil {
		t.Fatal(err)
	}
	r.host = u.Host
	t.Cleanup(func() { r.stop() })
	return r
}

// stop stops the command, as SIGTERM does, and returns its exit status.
func (r *running) stop() int {
	r.once.Do(func() {
		r.cancel()
		r.exit = <-r.code
	})
	return r.exit
}

// snapshot lists the files under dir with their sizes, modes and
// modification times.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		files[rel] = fmt.Sprintf("%v %d %v", fi.Mode(), fi.Size(), fi.ModTime().UnixNano())
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// checkLeftNothing checks that serving changed nothing in the cache (whose
// files at the start are before) and left nothing in TMPDIR: no lock files,
// no temporary files.
func (r *running) checkLeftNothing(t *testing.T, before map[string]string) {
	t.Helper()
	if diff := cmp.Diff(before, snapshot(t, r.cache)); diff != "" {
		t.Errorf("the cache changed while serving (-before +after):\n%s", diff)
	}
	for name := range before {
		if strings.HasSuffix(name, ".lock") || strings.Contains(name, ".building-") {
			t.Errorf("the cache holds %s, a lock or a build's leftover", name)
		}
	}
	if left := snapshot(t, r.tmp); len(left) != 1 {
		t.Errorf("files left in TMPDIR: %v", left)
	}
}

// get sends a GET to the server with the Host header host ("" for the
// address served) and returns the response with its whole body.
func get(t *testing.T, c *http.Client, rawURL, host string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest("GET", rawURL, nil)
	if err != nil {
		t.Fatal(err)
	}
	if host != "" {
		req.Host = host
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("GET %s: the body: %v", rawURL, err)
	}
	return resp, body
}

func newClient(t *testing.T) *http.Client {
	tr := &http.Transport{MaxIdleConnsPerHost: 64}
	t.Cleanup(tr.CloseIdleConnections)
	return &http.Client{Transport: tr, Timeout: time.Minute, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// TestServe runs the command on the embedded 2022 sample and checks what
// it prints and serves: its URL on stdout, the API, the pages and their
// headers, the refusal of a foreign Host, and a clean stop that leaves the
// cache as it was.
func TestServe(t *testing.T) {
	r := start(t)
	before := snapshot(t, r.cache)
	if got, want := r.stdout.String(), r.url+"\n"; got != want {
		t.Errorf("stdout %q, want the URL %q", got, want)
	}
	if !strings.HasPrefix(r.url, "http://127.0.0.1:") {
		t.Errorf("URL %s, want loopback", r.url)
	}
	c := newClient(t)
	for _, tc := range []struct {
		path, host  string
		status      int
		contentType string
		has         []string // in the body
	}{
		{path: "api/v2/arguments?query=Should+teachers+get+tenure%3F&pageSize=3&format=json", status: 200, contentType: "application/json",
			has: []string{`"arguments":[{"id":"`, `"stance":"`, `"totalSize":`, `"resultsBefore":0`, `"retrievalTimeInMilliseconds":`}},
		{path: "api/v2/arguments/Sc065954f-A39b0539e", status: 200, contentType: "application/json", has: []string{`"conclusion":"There should not be a teacher tenure."`}},
		{path: "api/v2/arguments/nope", status: 404, contentType: "application/json", has: []string{`"parameter":"id"`}},
		{path: "api/v2/arguments?query=tenure&pageSize=-1", status: 400, contentType: "application/json", has: []string{`"parameter":"pageSize"`}},
		{path: "api/v2/arguments?query=tenure&page=x", status: 400, contentType: "application/json", has: []string{`"parameter":"page"`}},
		{path: "api/v2/touche22/pairs?query=tenure&pageSize=2", status: 200, contentType: "application/json", has: []string{`"pairs":[{"id":"`, `"extension":`}},
		{path: "api/v1/_search?query=tenure", status: 404, contentType: "application/json", has: []string{"-passages"}},
		{path: "api/v3/nothing", status: 404, contentType: "application/json"},
		{path: "", status: 200, contentType: "text/html", has: []string{`<label for="q">`, `id="keys"`}},
		{path: "?q=Should+teachers+get+tenure%3F", status: 200, contentType: "text/html",
			has: []string{`class="column pro"`, `class="column con"`, `class="result"`, `id="pairs-h"`, `class="pair"`}},
		{path: "?q=tenure&page=0", status: 400, contentType: "text/html", has: []string{"The page:"}},
		{path: "?q=" + strings.Repeat("x", 3000), status: 400, contentType: "text/html", has: []string{"The query:"}},
		{path: "argument/Sc065954f-A39b0539e?q=tenure", status: 200, contentType: "text/html",
			has: []string{"<h1>There should not be a teacher tenure.</h1>", `id="back" href="/?q=tenure#a-Sc065954f-A39b0539e"`, "towards the conclusion"}},
		{path: "argument/nope", status: 404, contentType: "text/html"},
		{path: "static/style.css", status: 200, contentType: "text/css"},
		{path: "static/keys.js", status: 200, contentType: "text/javascript"},
		{path: "static/results.html", status: 404},
		{path: "", host: "evil.example:" + strings.Split(r.host, ":")[1], status: 403, contentType: "text/plain"},
		{path: "api/v2/arguments?query=tenure", host: "evil.example", status: 403, contentType: "application/json", has: []string{"not the address served"}},
		{path: "?q=tenure", host: "localhost:" + strings.Split(r.host, ":")[1], status: 200, contentType: "text/html"},
	} {
		resp, body := get(t, c, r.url+tc.path, tc.host)
		if resp.StatusCode != tc.status || !strings.HasPrefix(resp.Header.Get("Content-Type"), tc.contentType) {
			t.Errorf("GET /%s (Host %q): %d %s, want %d %s; body %.300s", tc.path, tc.host, resp.StatusCode, resp.Header.Get("Content-Type"), tc.status, tc.contentType, body)
			continue
		}
		for _, want := range tc.has {
			if !bytes.Contains(body, []byte(want)) {
				t.Errorf("GET /%s: no %q in the body %.500s", tc.path, want, body)
			}
		}
		if strings.HasPrefix(tc.contentType, "text/html") && !strings.Contains(resp.Header.Get("Content-Security-Policy"), "default-src 'none'") {
			t.Errorf("GET /%s: Content-Security-Policy %q", tc.path, resp.Header.Get("Content-Security-Policy"))
		}
	}
	// The page's pro and con columns hold the stances the API gives.
	_, body := get(t, c, r.url+"api/v2/arguments?query=Should+teachers+get+tenure%3F&pageSize=20&fields=arguments.id,arguments.stance", "")
	var found struct {
		Arguments []struct{ ID, Stance string }
	}
	if err := json.Unmarshal(body, &found); err != nil || len(found.Arguments) == 0 {
		t.Fatalf("%v: %s", err, body)
	}
	_, pageBody := get(t, c, r.url+"?q=Should+teachers+get+tenure%3F", "")
	page := string(pageBody)
	con := page[strings.Index(page, `class="column con"`):]
	for _, a := range found.Arguments {
		if inCon := strings.Contains(con, `id="a-`+a.ID+`"`); inCon != (a.Stance == "CON") || !strings.Contains(page, `id="a-`+a.ID+`"`) {
			t.Errorf("argument %s, %s in the API: in the page's con column %v", a.ID, a.Stance, inCon)
		}
	}
	// A request line and headers over the cap, and a body over it.
	resp, _ := get(t, c, r.url+"api/v2/arguments?query="+strings.Repeat("a+", maxHeaderBytes), "")
	if resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("a request line of %d bytes: %d, want 431", 2*maxHeaderBytes, resp.StatusCode)
	}

	if code := r.stop(); code != cli.ExitOK {
		t.Errorf("exit %d after the stop, want 0; stderr:\n%s", code, r.stderr)
	}
	if !strings.HasSuffix(r.stderr.String(), "serve: stopped\n") {
		t.Errorf("stderr does not end with the stop:\n%s", r.stderr)
	}
	r.checkLeftNothing(t, before)
	if _, err := net.Dial("tcp", r.host); err == nil {
		t.Errorf("%s still accepts connections after the stop", r.host)
	}
}

// TestAddr checks that a non-loopback -addr is refused as a bad command
// line unless -public is given, before anything is read or listened on.
func TestAddr(t *testing.T) {
	for _, tc := range []struct {
		addr   string
		public bool
		err    string // "" wants none
	}{
		{addr: "127.0.0.1:8080"},
		{addr: "127.0.0.2:0"},
		{addr: "[::1]:8080"},
		{addr: "localhost:0"},
		{addr: ":8080", err: "-addr :8080 is every address of this machine"},
		{addr: "0.0.0.0:8080", err: "-addr 0.0.0.0:8080 is not a loopback address"},
		{addr: "[::]:8080", err: "not a loopback address"},
		{addr: "192.0.2.7:80", err: "give -public too"},
		{addr: "example.org:80", err: "not a loopback address"},
		{addr: "0.0.0.0:8080", public: true},
		{addr: "8080", err: "want HOST:PORT"},
		{addr: "8080", public: true, err: "want HOST:PORT"},
	} {
		err := checkAddr(tc.addr, tc.public)
		if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("checkAddr(%q, %v): %v, want %q", tc.addr, tc.public, err, tc.err)
		}
	}
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"-addr", "0.0.0.0:0", "-cache", "off"}, &stdout, &stderr, nil)
	if code != cli.ExitUsage || stdout.Len() > 0 || !strings.Contains(stderr.String(), "-addr 0.0.0.0:0 is not a loopback address: other machines could search; give -public too") {
		t.Errorf("-addr 0.0.0.0:0: exit %d, stdout %q, stderr %q; want %d and the refusal", code, &stdout, &stderr, cli.ExitUsage)
	}
}

// TestServerLimits checks that the server has a timeout on every phase of
// a request and caps the headers, so that a client cannot hold a
// connection or memory for ever.
func TestServerLimits(t *testing.T) {
	srv := newServer(http.NotFoundHandler(), context.Background(), io.Discard)
	for name, d := range map[string]time.Duration{"ReadHeaderTimeout": srv.ReadHeaderTimeout, "ReadTimeout": srv.ReadTimeout, "WriteTimeout": srv.WriteTimeout, "IdleTimeout": srv.IdleTimeout} {
		if d <= 0 {
			t.Errorf("%s %v, want a timeout", name, d)
		}
	}
	if srv.WriteTimeout <= requestTimeout {
		t.Errorf("WriteTimeout %v, want more than the work's %v, so that a cancelled search is answered", srv.WriteTimeout, requestTimeout)
	}
	if srv.MaxHeaderBytes <= 0 || srv.MaxHeaderBytes > 1<<20 {
		t.Errorf("MaxHeaderBytes %d", srv.MaxHeaderBytes)
	}
	// A body over the cap cannot be read whole.
	var read int64
	var readErr error
	h := bounded(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		read, readErr = io.Copy(io.Discard, r.Body)
		if _, ok := r.Context().Deadline(); !ok {
			t.Error("a request's context has no deadline")
		}
	}))
	req, _ := http.NewRequest("POST", "/", strings.NewReader(strings.Repeat("x", 2*maxBody)))
	h.ServeHTTP(&recorder{header: http.Header{}}, req)
	if readErr == nil || read > maxBody {
		t.Errorf("a body of %d bytes: read %d, error %v; want at most %d and an error", 2*maxBody, read, readErr, maxBody)
	}
}

// TestPassages serves ChatNoir's search over a passage file (-passages)
// with a key (-apikey), and searches it with the library's ChatNoir
// client: the key is checked, the passages found, their full text served,
// and a body over the cap refused.
func TestPassages(t *testing.T) {
	r := start(t, "-passages", "testdata/passages.jsonl", "-apikey", "secret")
	if !strings.Contains(r.stderr.String(), `ChatNoir's search over 6 passages (index "passages", the -apikey)`) {
		t.Errorf("stderr does not describe the passages:\n%s", r.stderr)
	}
	ctx := context.Background()
	c := &chatnoir.Client{BaseURL: strings.TrimSuffix(r.url, "/"), APIKey: "secret", Index: []string{"passages"}}
	results, err := c.Search(ctx, retrieval.Query{ID: "1", Text: "Which is better, a laptop or a desktop?"}, 10)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, res := range results {
		ids = append(ids, res.ID)
	}
	if len(ids) < 2 || !slices.Contains(ids[:2], "clueweb12-0001wb-01-00001___1") || !slices.Contains(ids[:2], "clueweb12-0001wb-01-00001___2") {
		t.Errorf("the laptop query found %q, want the two laptop passages first", ids)
	}
	if len(results) > 0 {
		text, err := c.FullText(ctx, results[0].UUID, results[0].Index)
		if err != nil || !strings.Contains(text, "laptop") {
			t.Errorf("the full text of %s: %q, %v", results[0].ID, text, err)
		}
	}
	wrong := &chatnoir.Client{BaseURL: c.BaseURL, APIKey: "guess", Index: c.Index}
	if _, err := wrong.Search(ctx, retrieval.Query{ID: "1", Text: "laptop"}, 10); !errors.Is(err, chatnoir.ErrAuth) {
		t.Errorf("a wrong key: %v, want an error wrapping ErrAuth", err)
	}
	body := `{"apikey": "secret", "query": "` + strings.Repeat("laptop ", maxBody/4) + `"}`
	resp, err := http.Post(r.url+"api/v1/_search", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("a body of %d bytes: %d, want 413", len(body), resp.StatusCode)
	}
	if code := r.stop(); code != cli.ExitOK {
		t.Errorf("exit %d; stderr:\n%s", code, r.stderr)
	}
}
