// Package httpserve holds what the servers of the remote engines' protocols
// (argsme.Handler, chatnoir.Handler) share: request parameters read strictly
// (a malformed, repeated or out-of-range parameter is an *Error naming it),
// a limit on concurrent searches, recovery from a panic into a 500
// response, and term matching for the query syntax that a bag-of-words
// index does not know (required terms, phrases), with the index's own text
// analysis.
package httpserve

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"unicode/utf8"

	"github.com/argsearch/argsearch/internal/quote"
)

// An Error is a request the server refuses: the status to answer with, the
// parameter at fault ("" when none is) and a message for the client.
type Error struct {
	Status int
	Param  string
	Msg    string
}

func (e *Error) Error() string { return e.Msg }

// BadParam returns a 400 Error naming param.
func BadParam(param, format string, args ...any) *Error {
	return &Error{Status: http.StatusBadRequest, Param: param, Msg: fmt.Sprintf(format, args...)}
}

// Params are the parameters of a request, each name with its values.
type Params map[string][]string

// ParseQuery reads a raw query string as url.ParseQuery does, but fails
// with an Error naming the parameter whose name or value is not validly
// escaped, where url.ParseQuery would drop it and go on.
func ParseQuery(raw string) (Params, *Error) {
	p := Params{}
	for raw != "" {
		var part string
		part, raw, _ = strings.Cut(raw, "&")
		if part == "" {
			continue
		}
		k, v, _ := strings.Cut(part, "=")
		key, err := url.QueryUnescape(k)
		if err != nil {
			return nil, BadParam(k, "parameter name %s is not validly escaped", quote.Q(k))
		}
		value, err := url.QueryUnescape(v)
		if err != nil {
			return nil, BadParam(key, "parameter %s: value is not validly escaped", quote.Q(key))
		}
		p[key] = append(p[key], value)
	}
	return p, nil
}

// Get returns the one value of the first of names that is given, and
// whether one is. A parameter given twice, or under two of its names, is an
// Error naming it, as is a value that is not valid UTF-8.
func (p Params) Get(names ...string) (string, bool, *Error) {
	var (
		found bool
		value string
	)
	for _, name := range names {
		vs, ok := p[name]
		if !ok {
			continue
		}
		if found || len(vs) > 1 {
			return "", false, BadParam(name, "parameter %s is given more than once", quote.Q(name))
		}
		if !utf8.ValidString(vs[0]) {
			return "", false, BadParam(name, "parameter %s is not valid UTF-8", quote.Q(name))
		}
		found, value = true, vs[0]
	}
	return value, found, nil
}

// Int returns the integer value of the parameter name, def when it is not
// given; a value that is not a decimal integer in [lo, hi] is an Error
// naming it.
func (p Params) Int(name string, def, lo, hi int) (int, *Error) {
	v, ok, err := p.Get(name)
	if err != nil || !ok {
		return def, err
	}
	n, perr := strconv.Atoi(strings.TrimSpace(v))
	if perr != nil || n < lo || n > hi {
		return 0, BadParam(name, "%s %s: want an integer from %d to %d", name, quote.Q(v), lo, hi)
	}
	return n, nil
}

// Bool returns the value of a flag parameter: absent is false; present
// without a value, or as true, 1, yes or on, is true; false, 0, no or off
// is false (in any case). Anything else is an Error naming it.
func (p Params) Bool(name string) (bool, *Error) {
	v, ok, err := p.Get(name)
	if err != nil || !ok {
		return false, err
	}
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "", "true", "1", "yes", "on":
		return true, nil
	case "false", "0", "no", "off":
		return false, nil
	}
	return false, BadParam(name, "%s %s: want true or false", name, quote.Q(v))
}

// Query returns the query text of the parameter name (or its aliases): it
// must be given, hold more than white space and be at most max bytes.
func (p Params) Query(max int, names ...string) (string, *Error) {
	q, ok, err := p.Get(names...)
	if err != nil {
		return "", err
	}
	switch {
	case !ok:
		return "", BadParam(names[0], "parameter %s is required", names[0])
	case strings.TrimSpace(q) == "":
		return "", BadParam(names[0], "%s is empty", names[0])
	case len(q) > max:
		return "", BadParam(names[0], "%s of %d bytes: at most %d", names[0], len(q), max)
	}
	return q, nil
}

// A Limiter counts the searches running and refuses those beyond a limit.
// Its zero value is ready; it is safe for concurrent use.
type Limiter struct{ n atomic.Int64 }

// Acquire reports whether a search may start with at most max running; if
// it may, Release must be called when it ends.
func (l *Limiter) Acquire(max int) bool {
	if l.n.Add(1) > int64(max) {
		l.n.Add(-1)
		return false
	}
	return true
}

// Release ends a search Acquire let start.
func (l *Limiter) Release() { l.n.Add(-1) }

// RetryAfter is the wait, in seconds, that a refused search is told to
// leave before it tries again (the Retry-After header of a 503).
const RetryAfter = "1"

// Busy is the Error of a search refused by a Limiter: 503, with a
// Retry-After header set by the writer of the response (see Writer).
func Busy(max int) *Error {
	return &Error{Status: http.StatusServiceUnavailable, Msg: fmt.Sprintf("busy: %d searches are running, the most this server runs at once; retry after %s s", max, RetryAfter)}
}

// A Writer records whether a response has begun, so that a handler that
// panics can still answer with a 500 when nothing was sent.
type Writer struct {
	http.ResponseWriter
	Wrote bool
}

// WriteHeader implements http.ResponseWriter.
func (w *Writer) WriteHeader(code int) {
	w.Wrote = true
	w.ResponseWriter.WriteHeader(code)
}

// Write implements http.ResponseWriter.
func (w *Writer) Write(b []byte) (int, error) {
	w.Wrote = true
	return w.ResponseWriter.Write(b)
}

// Unwrap returns the ResponseWriter w wraps (for http.ResponseController).
func (w *Writer) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// Serve calls serve with a Writer over w and answers a panic of serve with
// a 500 response written by fail (when the response has not begun; else
// the connection is dropped). http.ErrAbortHandler is passed on, as
// net/http expects.
func Serve(w http.ResponseWriter, r *http.Request, serve func(w *Writer, r *http.Request), fail func(w http.ResponseWriter, e *Error)) {
	sw := &Writer{ResponseWriter: w}
	defer func() {
		p := recover()
		if p == nil {
			return
		}
		if p == http.ErrAbortHandler || sw.Wrote {
			panic(http.ErrAbortHandler)
		}
		fail(sw, &Error{Status: http.StatusInternalServerError, Msg: "internal error"})
	}()
	serve(sw, r)
}

// WriteJSON writes v as the JSON body of a response with the given status
// (indented when pretty). Errors and their 503s carry the headers that go
// with them: Allow for a 405 (allow), Retry-After for a 503. A value that
// cannot be encoded (a NaN score, say) gives a 500 instead.
func WriteJSON(w http.ResponseWriter, status int, v any, pretty bool) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if pretty {
		enc.SetIndent("", "  ")
	}
	if err := enc.Encode(v); err != nil {
		status = http.StatusInternalServerError
		buf.Reset()
		fmt.Fprintf(&buf, "{\"error\": %q}\n", "internal error: the response could not be encoded: "+err.Error())
	}
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Length", strconv.Itoa(buf.Len()))
	if status == http.StatusServiceUnavailable {
		h.Set("Retry-After", RetryAfter)
	}
	w.WriteHeader(status)
	w.Write(buf.Bytes())
}

// Methods checks r's method against those allowed (HEAD is allowed with
// GET): another is a 405 Error, and the Allow header is set on w.
func Methods(w http.ResponseWriter, r *http.Request, allowed ...string) *Error {
	for _, m := range allowed {
		if r.Method == m || r.Method == http.MethodHead && m == http.MethodGet {
			return nil
		}
	}
	list := strings.Join(allowed, ", ")
	if strings.Contains(list, http.MethodGet) {
		list += ", " + http.MethodHead
	}
	w.Header().Set("Allow", list)
	return &Error{Status: http.StatusMethodNotAllowed, Msg: fmt.Sprintf("method %s not allowed (allowed: %s)", quote.Q(r.Method), list)}
}
