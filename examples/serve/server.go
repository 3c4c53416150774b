package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// The server's limits. Every phase of a request has a timeout: the
// headers must arrive within readHeaderTimeout and the whole request within
// readTimeout; a request's work is cancelled after requestTimeout, and its
// response must be written within writeTimeout; an idle keep-alive
// connection is closed after idleTimeout.
const (
	readHeaderTimeout = 5 * time.Second
	readTimeout       = 10 * time.Second
	requestTimeout    = 30 * time.Second
	writeTimeout      = requestTimeout + 5*time.Second
	idleTimeout       = 60 * time.Second
	maxHeaderBytes    = 16 << 10 // the request line and the headers
	maxBody           = 64 << 10 // a request's body (the API's POSTs)
	// shutdownGrace bounds how long a stop waits for the requests in
	// flight; those still running then are cancelled and their
	// connections closed.
	shutdownGrace = 10 * time.Second
)

// newServer returns the HTTP server of h with the limits above, whose
// requests' contexts derive from base, and whose own messages (a
// malformed request, say) go to stderr, at most maxLogLines of them.
func newServer(h http.Handler, base context.Context, stderr io.Writer) *http.Server {
	return &http.Server{
		Handler:           bounded(h),
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       idleTimeout,
		MaxHeaderBytes:    maxHeaderBytes,
		BaseContext:       func(net.Listener) context.Context { return base },
		ErrorLog:          log.New(&cappedLog{w: stderr, left: maxLogLines}, "serve: ", 0),
	}
}

// bounded caps the body of every request at maxBody bytes and cancels its
// work after requestTimeout.
func bounded(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Body = http.MaxBytesReader(w, r.Body, maxBody)
		ctx, cancel := context.WithTimeout(r.Context(), requestTimeout)
		defer cancel()
		h.ServeHTTP(w, r.WithContext(ctx))
	})
}

// maxLogLines bounds the net/http server's messages on stderr: a client
// sending malformed requests must not fill the log.
const maxLogLines = 20

// cappedLog writes the first lines it is given to w, then one line saying
// that the rest are dropped.
type cappedLog struct {
	mu   sync.Mutex
	w    io.Writer
	left int
}

func (c *cappedLog) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case c.left > 0:
		c.w.Write(p)
	case c.left == 0:
		fmt.Fprintf(c.w, "serve: the server's further messages are dropped (%d shown)\n", maxLogLines)
	}
	c.left--
	return len(p), nil
}

// serve serves h on ln until ctx ends, then stops gracefully, for at most
// grace:
//
//   - it stops accepting connections (new ones are refused), closes the
//     idle ones, and from then on closes each connection after its
//     response;
//   - it answers every request the accepted connections send, the
//     requests in flight and those that arrive on a connection accepted
//     before the stop (where http.Server.Shutdown alone would close such
//     a connection without an answer);
//   - after grace, the requests still running are cancelled and their
//     connections closed.
//
// It prints the URL on stdout once it serves, and sends it to ready, if
// not nil.
func serve(ctx context.Context, h http.Handler, ln net.Listener, grace time.Duration, stdout, stderr io.Writer, ready chan<- string) error {
	base, cancelBase := context.WithCancel(context.Background())
	defer cancelBase()
	srv := newServer(h, base, stderr)
	var fresh freshConns
	lingering := &lingerListener{Listener: ln}
	srv.ConnState = func(c net.Conn, s http.ConnState) {
		fresh.track(c, s)
		if lc, ok := c.(*lingerConn); ok && s == http.StateIdle {
			lc.wrote.Store(false)
		}
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(lingering) }()
	url := "http://" + ln.Addr().String() + "/"
	fmt.Fprintln(stdout, url)
	if ready != nil {
		ready <- url
	}
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	fmt.Fprintf(stderr, "serve: stopping: answering the requests in flight (at most %v)\n", grace)
	shut, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	srv.SetKeepAlivesEnabled(false) // closes the idle connections, and each after its response
	ln.Close()
	if err := <-done; !errors.Is(err, net.ErrClosed) {
		return err // Serve failed as the stop began
	}
	// Serve has returned: every connection it accepted is tracked. Wait
	// until each has sent its first request (or been closed: the headers'
	// timeout closes a silent one), which the server then answers.
	fresh.wait(shut)
	err := srv.Shutdown(shut)
	if errors.Is(err, context.DeadlineExceeded) {
		cancelBase()
		lingering.off.Store(true)
		err = srv.Close()
		fmt.Fprintf(stderr, "serve: the requests still in flight after %v were cancelled\n", grace)
	}
	return err
}

// A lingerListener's connections close lingering, as Apache's and nginx's
// do: a connection that closes after a response (one sent before the
// request was read whole: to a malformed request, or one whose body is
// over the cap) first sends its end (a TCP FIN) and reads what the client
// still sends, for at most lingerTime and lingerBytes, before it closes. A
// connection closed with unread data sends a TCP reset, which can destroy
// the response on its way to the client (net/http closes at once after a
// request line it cannot parse).
type lingerListener struct {
	net.Listener
	off atomic.Bool // no lingering: the server is closing by force
}

// The bounds of a lingering close.
const (
	lingerTime  = 2 * time.Second
	lingerBytes = 1 << 20
)

func (l *lingerListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if tc, ok := c.(*net.TCPConn); ok && err == nil {
		return &lingerConn{TCPConn: tc, off: &l.off}, nil
	}
	return c, err
}

// A lingerConn is a connection that closes lingering when the server has
// written to it since it was last idle: a response, which the connection
// closes after. An idle one, which the server may close from another
// goroutine (at a stop), closes at once: it owes no answer. (The
// connection's state does not tell: net/http answers a malformed request
// on a kept-alive connection without making it active.)
type lingerConn struct {
	*net.TCPConn
	wrote atomic.Bool
	off   *atomic.Bool
}

func (c *lingerConn) Write(p []byte) (int, error) {
	c.wrote.Store(true)
	return c.TCPConn.Write(p)
}

func (c *lingerConn) ReadFrom(r io.Reader) (int64, error) {
	c.wrote.Store(true)
	return c.TCPConn.ReadFrom(r)
}

func (c *lingerConn) Close() error {
	if c.wrote.Load() && !c.off.Load() {
		c.TCPConn.CloseWrite()
		c.TCPConn.SetReadDeadline(time.Now().Add(lingerTime))
		io.Copy(io.Discard, io.LimitReader(c.TCPConn, lingerBytes))
	}
	return c.TCPConn.Close()
}

// freshConns are the connections accepted whose first request the server
// has not read yet.
type freshConns struct {
	mu    sync.Mutex
	conns map[net.Conn]bool
}

// track is the server's ConnState hook.
func (f *freshConns) track(c net.Conn, s http.ConnState) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if s == http.StateNew {
		if f.conns == nil {
			f.conns = map[net.Conn]bool{}
		}
		f.conns[c] = true
	} else {
		delete(f.conns, c)
	}
}

func (f *freshConns) len() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.conns)
}

// wait returns when no connection is fresh, or when ctx ends.
func (f *freshConns) wait(ctx context.Context) {
	for f.len() > 0 {
		select {
		case <-ctx.Done():
			return
		case <-time.After(5 * time.Millisecond):
		}
	}
}

// writeJSONError answers with status and a JSON object whose "error" says
// what went wrong.
func writeJSONError(w http.ResponseWriter, status int, msg string) {
	b, _ := json.Marshal(map[string]any{"error": msg, "status": status})
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)+1))
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	w.Write(append(b, '\n'))
}

// isAPI reports whether a request is for the APIs, which answer errors in
// JSON.
func isAPI(r *http.Request) bool { return strings.HasPrefix(r.URL.Path, "/api/") }
