package main

import (
	"bufio"
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
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/argsearch/argsearch/examples/internal/cli"
	"github.com/argsearch/argsearch/topics"
)

// loadResult is what the clients of underLoad saw.
type loadResult struct {
	answered      int         // responses read whole
	afterStop     int         // of them, to requests sent after the stop began
	statuses      map[int]int // of the answered
	refused       int         // requests sent after the stop began that got no response
	failures      []string    // requests that failed otherwise
	failuresCount int
}

// underLoad runs clients goroutines that send requests to the server at
// base (searches of the API, some with large responses, search pages,
// arguments, pairs, the style sheet) as fast as they are answered, on
// keep-alive connections, calls stop once warm responses have
// come back, and goes on until every client has had a request refused
// after the stop. It checks every response: a status of 200 or 503, read
// to its end, whole (JSON that decodes, a page that ends with </html>).
// A request that gets no response is a failure before the stop began and
// a refusal after.
func underLoad(t *testing.T, base string, clients, warm int, stop func()) loadResult {
	t.Helper()
	titles := topicTitles(t)
	tr := &http.Transport{MaxIdleConnsPerHost: clients}
	defer tr.CloseIdleConnections()
	c := &http.Client{Transport: tr, Timeout: time.Minute}
	var (
		mu       sync.Mutex
		res      = loadResult{statuses: map[int]int{}}
		stopping atomic.Bool
		answered atomic.Int64
		warmed   = make(chan struct{})
		warmOnce sync.Once
	)
	fail := func(msg string) {
		mu.Lock()
		defer mu.Unlock()
		res.failuresCount++
		if len(res.failures) < 10 {
			res.failures = append(res.failures, msg)
		}
	}
	var wg sync.WaitGroup
	for i := range clients {
		wg.Go(func() {
			for n := 0; ; n++ {
				q := url.QueryEscape(titles[(i*7+n)%len(titles)])
				path := []string{
					"api/v2/arguments?format=json&pageSize=10&query=" + q,
					"?q=" + q,
					"api/v2/arguments/Sc065954f-A39b0539e",
					"api/v2/touche22/pairs?pageSize=5&query=" + q,
					"static/style.css",
					"api/v2/arguments?pageSize=300&query=the", // a large response, which a cut would show
				}[(i+n)%6]
				after := stopping.Load()
				resp, err := c.Get(base + path)
				if err != nil {
					if after {
						mu.Lock()
						res.refused++
						mu.Unlock()
						return
					}
					if stopping.Load() {
						// Sent as the stop began: refused, or
						// answered on a connection then closed.
						mu.Lock()
						res.refused++
						mu.Unlock()
						return
					}
					fail(fmt.Sprintf("GET /%.80s before the stop: %v", path, err))
					return
				}
				body, err := io.ReadAll(resp.Body)
				resp.Body.Close()
				if err != nil {
					fail(fmt.Sprintf("GET /%.80s: status %d, the body cut off after %d bytes: %v", path, resp.StatusCode, len(body), err))
					continue
				}
				if err := whole(resp, body); err != nil {
					fail(fmt.Sprintf("GET /%.80s: status %d: %v", path, resp.StatusCode, err))
				}
				mu.Lock()
				res.answered++
				res.statuses[resp.StatusCode]++
				if stopping.Load() {
					res.afterStop++
				}
				mu.Unlock()
				if answered.Add(1) == int64(warm) {
					warmOnce.Do(func() { close(warmed) })
				}
			}
		})
	}
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		<-warmed
		stopping.Store(true)
		stop()
	}()
	wg.Wait()
	warmOnce.Do(func() { close(warmed) })
	<-stopped
	return res
}

// whole checks a response: 200 or 503 (with Retry-After), its body
// complete and well formed.
func whole(resp *http.Response, body []byte) error {
	switch resp.StatusCode {
	case http.StatusOK:
	case http.StatusServiceUnavailable:
		if resp.Header.Get("Retry-After") == "" {
			return errors.New("a 503 without Retry-After")
		}
	default:
		return fmt.Errorf("status %d: %.200s", resp.StatusCode, body)
	}
	if cl := resp.ContentLength; cl >= 0 && int64(len(body)) != cl {
		return fmt.Errorf("%d bytes of %d", len(body), cl)
	}
	switch ct := resp.Header.Get("Content-Type"); {
	case strings.HasPrefix(ct, "application/json"):
		var v map[string]any
		if err := json.Unmarshal(body, &v); err != nil {
			return fmt.Errorf("the JSON body (%d bytes): %v", len(body), err)
		}
	case strings.HasPrefix(ct, "text/html") && resp.StatusCode == http.StatusOK:
		if !bytes.HasSuffix(bytes.TrimSpace(body), []byte("</html>")) {
			return fmt.Errorf("a page of %d bytes without its end", len(body))
		}
	}
	return nil
}

func topicTitles(t *testing.T) []string {
	t.Helper()
	ts, err := topics.Task1(2022)
	if err != nil {
		t.Fatal(err)
	}
	var titles []string
	for _, tp := range ts {
		titles = append(titles, tp.Title)
	}
	return titles
}

// check reports the failures of a load, and checks that requests in
// flight when the stop began were answered.
func (res loadResult) check(t *testing.T) {
	t.Helper()
	for _, f := range res.failures {
		t.Error(f)
	}
	if res.failuresCount > len(res.failures) {
		t.Errorf("and %d more failures", res.failuresCount-len(res.failures))
	}
	t.Logf("answered %d (%v), %d of them after the stop began; %d refused after the stop", res.answered, res.statuses, res.afterStop, res.refused)
	if res.statuses[http.StatusOK] == 0 {
		t.Error("no request was answered 200")
	}
	if res.afterStop == 0 {
		t.Error("no request in flight when the stop began was answered")
	}
}

// TestStopUnderLoad stops the command (as SIGTERM does, by its context)
// while 300 clients send it requests, and checks that every request was
// answered whole or refused cleanly, that it exits 0, and that it left
// nothing behind.
func TestStopUnderLoad(t *testing.T) {
	r := start(t)
	before := snapshot(t, r.cache)
	var code int
	res := underLoad(t, r.url, 300, 600, func() { code = r.stop() })
	res.check(t)
	if code != cli.ExitOK {
		t.Errorf("exit %d, want 0; stderr:\n%s", code, r.stderr)
	}
	r.checkLeftNothing(t, before)
}

// TestStopAnswersInFlight stops a server while a request is in its
// handler: new connections are refused at once, the request is answered
// whole, and serve returns nil.
func TestStopAnswersInFlight(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	entered, release := make(chan struct{}), make(chan struct{})
	body := strings.Repeat("argument ", 200_000)
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(entered)
		<-release
		io.WriteString(w, body)
	})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stdout, stderr syncBuffer
	done := make(chan error, 1)
	go func() { done <- serve(ctx, h, ln, time.Minute, &stdout, &stderr, nil) }()
	type reply struct {
		body  string
		close bool
		err   error
	}
	got := make(chan reply, 1)
	go func() {
		resp, err := http.Get("http://" + ln.Addr().String() + "/")
		if err != nil {
			got <- reply{err: err}
			return
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		got <- reply{string(b), resp.Close, err}
	}()
	<-entered
	cancel()
	for { // the listener closes once the stop begins
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			break
		}
		c.Close()
		time.Sleep(time.Millisecond)
	}
	close(release)
	rep := <-got
	if rep.err != nil || rep.body != body {
		t.Errorf("the request in flight: %d bytes of %d, error %v", len(rep.body), len(body), rep.err)
	}
	if !rep.close {
		t.Error("the response to the request in flight does not close its connection")
	}
	if err := <-done; err != nil {
		t.Errorf("serve: %v", err)
	}
	if got, want := stdout.String(), "http://"+ln.Addr().String()+"/\n"; got != want {
		t.Errorf("stdout %q, want %q", got, want)
	}
}

// TestStopCancelsLateRequests stops a server whose request in flight
// outlasts the grace period: the request's context is cancelled, and
// serve returns.
func TestStopCancelsLateRequests(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	entered, cancelled := make(chan struct{}), make(chan struct{})
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(entered)
		<-r.Context().Done()
		close(cancelled)
	})
	ctx, cancel := context.WithCancel(context.Background())
	var stderr syncBuffer
	done := make(chan error, 1)
	go func() { done <- serve(ctx, h, ln, time.Millisecond, io.Discard, &stderr, nil) }()
	go func() {
		if resp, err := http.Get("http://" + ln.Addr().String() + "/"); err == nil {
			resp.Body.Close()
		}
	}()
	<-entered
	cancel()
	<-cancelled
	if err := <-done; err != nil {
		t.Errorf("serve: %v", err)
	}
	if !strings.Contains(stderr.String(), "were cancelled") {
		t.Errorf("stderr %q does not say the late requests were cancelled", stderr.String())
	}
}

// acceptListener tells accepted of each connection it accepts.
type acceptListener struct {
	net.Listener
	accepted chan net.Conn
}

func (l acceptListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err == nil {
		l.accepted <- c
	}
	return c, err
}

// TestStopAnswersAcceptedConnections stops a server after it accepted a
// connection but before the request on it arrived: the request is
// answered, with Connection: close (http.Server.Shutdown alone would close
// the connection unanswered), while new connections are refused.
func TestStopAnswersAcceptedConnections(t *testing.T) {
	inner, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln := acceptListener{inner, make(chan net.Conn, 1)}
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "answered") })
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stderr syncBuffer
	done := make(chan error, 1)
	go func() { done <- serve(ctx, h, ln, time.Minute, io.Discard, &stderr, nil) }()
	conn, err := net.Dial("tcp", inner.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	<-ln.accepted
	cancel()
	for { // the listener closes once the stop begins
		c, err := net.Dial("tcp", inner.Addr().String())
		if err != nil {
			break
		}
		c.Close()
		time.Sleep(time.Millisecond)
	}
	fmt.Fprintf(conn, "GET / HTTP/1.1\r\nHost: %s\r\n\r\n", inner.Addr())
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("the request on a connection accepted before the stop: %v", err)
	}
	body, err := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK || string(body) != "answered" || err != nil || !resp.Close {
		t.Errorf("the request on a connection accepted before the stop: %d %q (%v), Connection: close %v; want 200 \"answered\" and close", resp.StatusCode, body, err, resp.Close)
	}
	if err := <-done; err != nil {
		t.Errorf("serve: %v", err)
	}
}

// TestLingeringClose sends requests that the server answers before it has
// read them (a request line it cannot parse, on a new or a kept-alive
// connection, and a body over the cap) while the client still sends a
// large body: each answer must arrive whole, not cut by the TCP reset of a
// connection closed with unread data.
func TestLingeringClose(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	h := bounded(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, err := io.Copy(io.Discard, r.Body); err != nil {
			http.Error(w, "too large", http.StatusRequestEntityTooLarge)
			return
		}
		io.WriteString(w, "read")
	}))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- serve(ctx, h, ln, time.Minute, io.Discard, io.Discard, nil) }()
	defer func() {
		cancel()
		<-done
	}()
	body := strings.Repeat("x", 4<<20)
	for i := range 30 {
		target, want := "/bad target", "400 Bad Request" // a space: net/http cannot parse the request line
		if i%3 == 1 {
			target, want = "/", "too large\n"
		}
		conn, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		r := bufio.NewReader(conn)
		if i%3 == 2 { // on a kept-alive connection
			fmt.Fprintf(conn, "GET / HTTP/1.1\r\nHost: %s\r\n\r\n", ln.Addr())
			resp, err := http.ReadResponse(r, nil)
			if err != nil {
				t.Fatal(err)
			}
			io.Copy(io.Discard, resp.Body)
		}
		go func() {
			// The head and the body in one write: the server reads the
			// head with some of the body behind it unread.
			io.WriteString(conn, fmt.Sprintf("POST %s HTTP/1.1\r\nHost: %s\r\nContent-Length: %d\r\n\r\n", target, ln.Addr(), len(body))+body)
		}()
		resp, err := http.ReadResponse(r, nil)
		if err != nil {
			t.Errorf("POST %q (%d): %v", target, i, err)
			conn.Close()
			continue
		}
		got, err := io.ReadAll(resp.Body)
		if err != nil || string(got) != want {
			t.Errorf("POST %q (%d): %d %q, %v; want the whole %q", target, i, resp.StatusCode, got, err, want)
		}
		conn.Close()
	}
}

// TestStopBeforeServing stops the command before it serves (as a signal
// during a first build does): it exits 0, prints no URL, and leaves no
// cache directory behind.
func TestStopBeforeServing(t *testing.T) {
	cache := filepath.Join(t.TempDir(), "new", "cache")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var stdout, stderr syncBuffer
	code := run(ctx, []string{"-addr", "127.0.0.1:0", "-cache", cache, "-quiet"}, &stdout, &stderr, nil)
	if code != cli.ExitOK || stdout.String() != "" || !strings.Contains(stderr.String(), "serve: stopped before serving") {
		t.Errorf("exit %d, stdout %q, stderr %q; want 0, nothing, and the stop", code, stdout.String(), stderr.String())
	}
	if _, err := os.Stat(filepath.Dir(cache)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the cache's parent after a stop before serving: %v, want it absent", err)
	}
}
