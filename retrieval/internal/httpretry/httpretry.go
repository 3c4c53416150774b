// Package httpretry sends HTTP GET requests with retries and exponential
// backoff, for the remote retrievers (retrieval/chatnoir, retrieval/argsme).
//
// A request is retried when the response is 429 Too Many Requests or a 5xx
// server error, or when the transport fails with a network error. Waits
// double from Policy.Backoff up to Policy.MaxBackoff, are never shorter than
// a Retry-After header asks, and end early when the context is cancelled.
// Every other non-2xx status fails at once with a *StatusError.
package httpretry

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Defaults for the zero Policy.
const (
	DefaultMaxRetries   = 4
	DefaultBackoff      = 500 * time.Millisecond
	DefaultMaxBackoff   = 30 * time.Second
	DefaultMaxBodyBytes = 64 << 20
)

// excerptLen is how many bytes of an error response body a StatusError
// keeps.
const excerptLen = 300

// A Policy says how often and how patiently to retry. The zero Policy is
// ready to use: 4 retries, waits of 0.5 s, 1 s, 2 s, 4 s (at most 30 s),
// bodies up to 64 MiB.
type Policy struct {
	// MaxRetries is how many times a failed request is repeated: a
	// request is sent at most 1+MaxRetries times. 0 means
	// DefaultMaxRetries; a negative value disables retries.
	MaxRetries int
	// Backoff is the wait before the first retry; each further retry
	// waits twice as long as the one before. 0 means DefaultBackoff.
	Backoff time.Duration
	// MaxBackoff caps each wait. A server that asks (with Retry-After)
	// for a longer wait than MaxBackoff is not retried: the request fails
	// at once. 0 means DefaultMaxBackoff.
	MaxBackoff time.Duration
	// MaxBodyBytes is the largest response body read; a longer body is an
	// error, never silently truncated. 0 means DefaultMaxBodyBytes.
	MaxBodyBytes int64
	// Sleep waits for d or until ctx is done, returning ctx.Err() in the
	// latter case. nil means a timer; tests replace it.
	Sleep func(ctx context.Context, d time.Duration) error
}

func (p Policy) maxRetries() int {
	switch {
	case p.MaxRetries < 0:
		return 0
	case p.MaxRetries == 0:
		return DefaultMaxRetries
	}
	return p.MaxRetries
}

func (p Policy) backoff(retry int) time.Duration {
	b, limit := p.Backoff, p.maxBackoff()
	if b <= 0 {
		b = DefaultBackoff
	}
	for range retry {
		if b >= limit/2 {
			return limit
		}
		b *= 2
	}
	return min(b, limit)
}

func (p Policy) maxBackoff() time.Duration {
	if p.MaxBackoff <= 0 {
		return DefaultMaxBackoff
	}
	return p.MaxBackoff
}

func (p Policy) maxBody() int64 {
	if p.MaxBodyBytes <= 0 {
		return DefaultMaxBodyBytes
	}
	return p.MaxBodyBytes
}

func (p Policy) sleep(ctx context.Context, d time.Duration) error {
	if p.Sleep != nil {
		return p.Sleep(ctx, d)
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// A StatusError reports a response with a status other than 2xx.
type StatusError struct {
	Method     string        // "GET"
	Endpoint   string        // the URL without its query string
	StatusCode int           // e.g. 429
	Status     string        // e.g. "429 Too Many Requests"
	Body       string        // the start of the response body, for the message
	Attempts   int           // how many times the request was sent
	RetryAfter time.Duration // the wait the server asked for, if it sent Retry-After
}

// Error names the request, the status, the number of attempts and the start
// of the body.
func (e *StatusError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s: %s", e.Method, e.Endpoint, e.Status)
	if e.Attempts > 1 {
		fmt.Fprintf(&b, " (gave up after %d attempts)", e.Attempts)
	}
	if e.RetryAfter > 0 && Retryable(e.StatusCode) {
		fmt.Fprintf(&b, " (server asked to retry after %v)", e.RetryAfter)
	}
	if e.Body != "" {
		fmt.Fprintf(&b, ": %s", e.Body)
	}
	return b.String()
}

// Retryable reports whether a response status is worth retrying: 429 and
// every 5xx.
func Retryable(code int) bool {
	return code == http.StatusTooManyRequests || code >= 500 && code <= 599
}

// Endpoint returns u's URL without query or fragment, for error messages:
// queries can be long, and must not leak credentials.
func Endpoint(req *http.Request) string {
	u := *req.URL
	u.RawQuery, u.Fragment, u.RawFragment, u.User = "", "", "", nil
	return u.String()
}

// Get sends the request newRequest builds (once per attempt, so bodies and
// headers are fresh) through client, retrying as p says, and returns the
// body of the first 2xx response. A nil client means http.DefaultClient.
//
// Errors: a cancelled ctx gives an error wrapping ctx.Err(); a non-2xx
// final status a *StatusError; a transport failure wraps the client's error.
func (p Policy) Get(ctx context.Context, client *http.Client, newRequest func(context.Context) (*http.Request, error)) ([]byte, error) {
	if client == nil {
		client = http.DefaultClient
	}
	retries := p.maxRetries()
	for attempt := 1; ; attempt++ {
		req, err := newRequest(ctx)
		if err != nil {
			return nil, err
		}
		where := req.Method + " " + Endpoint(req)
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("%s: %w", where, err)
		}
		body, wait, err := p.once(client, req, attempt)
		if err == nil {
			return body, nil
		}
		if ctx.Err() != nil {
			return nil, fmt.Errorf("%s: %w", where, ctx.Err())
		}
		if wait < 0 || attempt > retries {
			return nil, err
		}
		backoff := p.backoff(attempt - 1)
		if wait > p.maxBackoff() {
			return nil, err // the server asks for more patience than allowed
		}
		if serr := p.sleep(ctx, max(backoff, wait)); serr != nil {
			return nil, fmt.Errorf("%w; cancelled while waiting to retry: %w", err, serr)
		}
	}
}

// once sends req. On failure it returns the error and either a wait
// (>= 0: retryable, at least that long, from Retry-After) or -1 (final).
func (p Policy) once(client *http.Client, req *http.Request, attempt int) ([]byte, time.Duration, error) {
	where := req.Method + " " + Endpoint(req)
	resp, err := client.Do(req)
	if err != nil {
		err = fmt.Errorf("%s: %w", where, unwrapURLError(err))
		if transient(err) {
			return nil, 0, err
		}
		return nil, -1, err
	}
	defer resp.Body.Close()
	limit := p.maxBody()
	body, err := io.ReadAll(io.LimitReader(resp.Body, limit+1))
	if err != nil {
		err = fmt.Errorf("%s: reading response: %w", where, err)
		if transient(err) && resp.StatusCode/100 == 2 {
			return nil, 0, err
		}
		if resp.StatusCode/100 == 2 {
			return nil, -1, err
		}
		// An error status with a broken body: report the status.
	}
	if int64(len(body)) > limit {
		if resp.StatusCode/100 == 2 {
			return nil, -1, fmt.Errorf("%s: response body longer than %d bytes", where, limit)
		}
		body = body[:limit]
	}
	if resp.StatusCode/100 == 2 {
		return body, 0, nil
	}
	se := &StatusError{
		Method:     req.Method,
		Endpoint:   Endpoint(req),
		StatusCode: resp.StatusCode,
		Status:     resp.Status,
		Body:       Excerpt(body),
		Attempts:   attempt,
	}
	if se.Status == "" {
		se.Status = strconv.Itoa(resp.StatusCode)
	}
	if !Retryable(resp.StatusCode) {
		return nil, -1, se
	}
	wait, ok := RetryAfter(resp.Header.Get("Retry-After"), time.Now())
	if ok {
		se.RetryAfter = wait
	}
	return nil, wait, se
}

// unwrapURLError drops the *url.Error wrapper, whose message repeats the
// full URL (and with it the query string).
func unwrapURLError(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) && ue.Err != nil {
		return ue.Err
	}
	return err
}

// transient reports whether a transport error is worth retrying: network
// errors (refused or reset connections, timeouts) and truncated responses.
func transient(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF)
}

// RetryAfter parses a Retry-After header value, either delay seconds or an
// HTTP date, relative to now. It returns false for an absent or malformed
// value; a date in the past gives 0.
func RetryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if secs, err := strconv.ParseInt(v, 10, 64); err == nil {
		if secs < 0 {
			return 0, false
		}
		if secs > int64(365*24*time.Hour/time.Second) {
			secs = int64(365 * 24 * time.Hour / time.Second)
		}
		return time.Duration(secs) * time.Second, true
	}
	t, err := http.ParseTime(v)
	if err != nil {
		return 0, false
	}
	return max(t.Sub(now), 0), true
}

// Excerpt returns the start of a response body for an error message: at
// most 300 bytes of valid UTF-8, whitespace runs collapsed to one space,
// with "…" when cut.
func Excerpt(body []byte) string {
	s := strings.Join(strings.Fields(strings.ToValidUTF8(string(body), "\uFFFD")), " ")
	if len(s) <= excerptLen {
		return s
	}
	cut := excerptLen
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}
