package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// outcome is what became of one request.
type outcome struct {
	status     int // 0: no response
	latency    time.Duration
	retryAfter time.Duration // of a 503
	fail       string        // why the request failed; "" when it did not
}

// do sends one request of cf.mode and checks its response.
func do(ctx context.Context, client *http.Client, cf config, rng *rand.Rand) outcome {
	q := cf.queries[rng.IntN(len(cf.queries))]
	k := strconv.Itoa(cf.k)
	switch cf.mode {
	case "search":
		return get(ctx, client, cf.url+"/api/v2/arguments?format=json&pageSize="+k+"&query="+url.QueryEscape(q), checkJSON("arguments", cf.k))
	case "pairs":
		return get(ctx, client, cf.url+"/api/v2/touche22/pairs?pageSize="+k+"&query="+url.QueryEscape(q), checkJSON("pairs", cf.k))
	case "page":
		return get(ctx, client, cf.url+"/?q="+url.QueryEscape(q), checkPage)
	}
	return hostile(ctx, client, cf, rng, q)
}

// get sends a GET to target and checks a 200's body with check; any other
// status but 503 is a failure.
func get(ctx context.Context, client *http.Client, target string, check func([]byte) error) outcome {
	req, err := http.NewRequestWithContext(ctx, "GET", target, nil)
	if err != nil {
		return outcome{fail: err.Error()}
	}
	o, body := send(client, req)
	switch {
	case o.fail != "":
	case o.status == http.StatusOK:
		if err := check(body); err != nil {
			o.fail = fmt.Sprintf("GET %s: %v", target, err)
		}
	case o.status != http.StatusServiceUnavailable:
		o.fail = fmt.Sprintf("GET %s: status %d: %.200s", target, o.status, body)
	}
	return o
}

// send sends req and reads the whole response; a body shorter than its
// Content-Length, or cut off, is a failure.
func send(client *http.Client, req *http.Request) (outcome, []byte) {
	start := time.Now()
	resp, err := client.Do(req)
	if err != nil {
		return outcome{fail: fmt.Sprintf("%s %s: %v", req.Method, target(req), err)}, nil
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	o := outcome{status: resp.StatusCode, latency: time.Since(start)}
	if err != nil {
		o.fail = fmt.Sprintf("%s %s: status %d, body cut off after %d bytes: %v", req.Method, target(req), resp.StatusCode, len(body), err)
	}
	if resp.StatusCode == http.StatusServiceUnavailable {
		o.retryAfter = time.Second
		if s, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil && s >= 0 {
			o.retryAfter = time.Duration(s) * time.Second
		} else if o.fail == "" {
			o.fail = fmt.Sprintf("%s %s: a 503 without a Retry-After in seconds (%q)", req.Method, target(req), resp.Header.Get("Retry-After"))
		}
	}
	return o, body
}

func target(req *http.Request) string {
	t := req.URL.RequestURI()
	if len(t) > 120 {
		t = t[:120] + fmt.Sprintf("…(%d bytes)", len(t))
	}
	return t
}

// checkJSON checks that a body is a JSON object whose key holds a list of
// at most k items.
func checkJSON(key string, k int) func([]byte) error {
	return func(body []byte) error {
		var v map[string]json.RawMessage
		if err := json.Unmarshal(body, &v); err != nil {
			return fmt.Errorf("the body (%d bytes) is not a JSON object: %v", len(body), err)
		}
		var list []json.RawMessage
		if err := json.Unmarshal(v[key], &list); err != nil {
			return fmt.Errorf("%q is not a list: %v", key, err)
		}
		if len(list) > k {
			return fmt.Errorf("%d %s, asked for %d", len(list), key, k)
		}
		return nil
	}
}

// checkPage checks that a body is a whole HTML page.
func checkPage(body []byte) error {
	if !bytes.HasSuffix(bytes.TrimSpace(body), []byte("</html>")) {
		return fmt.Errorf("the page (%d bytes) does not end with </html>", len(body))
	}
	return nil
}

// hostile sends one random hostile request, through the HTTP client or
// written raw on a connection; its response must not be a 5xx other than
// 503.
func hostile(ctx context.Context, client *http.Client, cf config, rng *rand.Rand, q string) outcome {
	if rng.IntN(8) == 0 {
		req, allowed := rawRequest(rng, hostOf(cf.url), q)
		return raw(ctx, cf.url, req, allowed)
	}
	method, path, query, body, host := hostileRequest(rng, q)
	req, err := http.NewRequestWithContext(ctx, method, cf.url+"/", body)
	if err != nil {
		return outcome{fail: err.Error()}
	}
	req.URL.Opaque = path // sent as it is: odd escapes included
	req.URL.RawQuery = query
	if host != "" {
		req.Host = host
	}
	o, _ := send(client, req)
	if o.fail != "" && body != nil && o.status == 0 {
		// The server may answer an oversized body and close before the
		// client has written it all: a refusal, not a failure.
		o.fail = ""
	}
	if o.status >= 500 && o.status != http.StatusServiceUnavailable {
		o.fail = fmt.Sprintf("%s %s: status %d", method, target(req), o.status)
	}
	return o
}

func hostOf(u string) string {
	p, err := url.Parse(u)
	if err != nil {
		return ""
	}
	return p.Host
}

// pick returns one of xs.
func pick[T any](rng *rand.Rand, xs ...T) T { return xs[rng.IntN(len(xs))] }

// junk returns n random bytes, percent-encoded: any byte, valid UTF-8 or
// not, NUL and controls included.
func junk(rng *rand.Rand, n int) string {
	var b strings.Builder
	for range n {
		fmt.Fprintf(&b, "%%%02X", rng.IntN(256))
	}
	return b.String()
}

// hostileQuery returns a query parameter's raw value.
func hostileQuery(rng *rand.Rand, q string) string {
	switch rng.IntN(16) {
	case 0:
		return ""
	case 1:
		return junk(rng, rng.IntN(300))
	case 2:
		return strings.Repeat("a", 1000+rng.IntN(14000)) // over the query cap, under the header cap
	case 3:
		return strings.Repeat("x+", 20000+rng.IntN(50000)) // over the header cap: 431
	case 4:
		return pick(rng, "%zz", "%", "%%%", "%u1234", "%C0%AF", "%ED%A0%80", "%F4%90%80%80", "%00", "a%00b", "%FF%FE", "%E2%80%AE%E2%80%8B")
	case 5:
		return url.QueryEscape(pick(rng, `"`, `"""`, `"unclosed phrase`, `+`, `+++`, `++a`, `-`, `*`, `?`, `\`, `OR AND NOT`, "\t\n\r", `{"json":1}`, `<script>alert(1)</script>`, `'; DROP TABLE arguments; --`))
	case 6:
		return url.QueryEscape(strings.Repeat("+"+q+" ", 1+rng.IntN(40)))
	case 7:
		return url.QueryEscape(strings.Repeat(`"`+q+`" `, 1+rng.IntN(20)))
	case 8:
		return url.QueryEscape(pick(rng, "Soll man Atomkraft verbieten?", "死刑は廃止すべきか", "هل يجب", "🙂🙃 emoji 🚀", "ǅ ß ﬁ Å Ω", "\u200b\u200b\u200b"))
	case 9:
		words := make([]string, 100+rng.IntN(900))
		for i := range words {
			words[i] = pick(rng, "the", "a", "of", "should", "ban", "we", "guns", "tax", "abortion", "school")
		}
		return url.QueryEscape(strings.Join(words, " "))
	}
	return url.QueryEscape(q)
}

// hostileNumber returns a page, pageSize or k value.
func hostileNumber(rng *rand.Rand) string {
	return pick(rng, "-1", "0", "1", "10", "100", "101", "1000", "1000000", "-99999999999999999999", "99999999999999999999",
		"9223372036854775807", "-9223372036854775808", "1e3", "0x10", "abc", "", "%00", "+5", " 5", "5.5", "NaN", "Infinity", junk(rng, 4))
}

// hostileRequest returns the method, raw path, raw query, body and Host
// ("" for the right one) of a random hostile request the HTTP client can
// send.
func hostileRequest(rng *rand.Rand, q string) (method, path, query string, body io.Reader, host string) {
	method = "GET"
	if rng.IntN(10) == 0 {
		method = pick(rng, "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "HEAD", "PROPFIND", "BREW")
		if method != "HEAD" && method != "TRACE" && rng.IntN(2) == 0 {
			body = bytes.NewReader(bytes.Repeat([]byte("x"), pick(rng, 10, 70<<10, 300<<10)))
		}
	}
	if rng.IntN(30) == 0 {
		host = pick(rng, "evil.example", "evil.example:8080", "127.0.0.1:1", "[::1]:80", "localhost.evil.example", "256.1.1.1")
	}
	params := func(names ...string) string {
		var ps []string
		for _, n := range names {
			if rng.IntN(4) == 0 {
				continue // left out
			}
			var v string
			switch n {
			case "query", "q":
				v = hostileQuery(rng, q)
			case "page", "pageSize", "k":
				v = hostileNumber(rng)
			case "format":
				v = pick(rng, "json", "xml", "html", "JSON", "", "json;q=1", "yaml", junk(rng, 3))
			case "fields":
				v = pick(rng, "arguments.id", "arguments.conclusion,arguments.premises", "nope", "", ",,,", strings.Repeat("arguments.id,", 500), junk(rng, 10))
			default:
				v = junk(rng, 5)
			}
			ps = append(ps, n+"="+v)
		}
		if rng.IntN(5) == 0 {
			ps = append(ps, pick(rng, "unknown=1", "query=a&query=b", "pageSize=1&pageSize=1000", "a;b=c", "&&&", "=", "==x", "%=1", junk(rng, 8)+"="+junk(rng, 8)))
		}
		rng.Shuffle(len(ps), func(i, j int) { ps[i], ps[j] = ps[j], ps[i] })
		return strings.Join(ps, "&")
	}
	switch rng.IntN(12) {
	case 0, 1, 2, 3:
		return method, "/api/v2/arguments", params("query", "page", "pageSize", "format", "fields"), body, host
	case 4:
		id := pick(rng, "S1-A1", "..", "%2E%2E", "%2F", "a%2Fb", "%00", strings.Repeat("S", 5000), junk(rng, 20), "S96f2396e-Aaf079b43", "")
		return method, "/api/v2/arguments/" + id, params("format", "fields"), body, host
	case 5:
		return method, "/api/v2/touche22/pairs", params("query", "k", "format"), body, host
	case 6:
		return method, "/", params("q", "page"), body, host
	case 7:
		return method, "/argument/" + pick(rng, junk(rng, 10), "x", "%2E%2E%2Fmain.go", strings.Repeat("z", 3000)), params("q", "page"), body, host
	case 8:
		return method, "/api/v1/_search", params("apikey", "query", "from", "size", "index"), body, host
	case 9:
		return method, pick(rng, "/static/style.css", "/static/", "/static/results.html", "/static/../main.go", "/static/%2e%2e/main.go", "/favicon.ico"), "", body, host
	}
	return method, pick(rng, "/../../etc/passwd", "//", "/api", "/api/", "/api/v2", "/api/v2/", "/api/v3/arguments", "/api/v2/arguments/",
		"/api/v2/arguments/a/b/c", "/"+junk(rng, 30), "/"+strings.Repeat("a/", 2000), "/%", "/%zz", "/index.html", "/.git/config"), params("query"), body, host
}

// rawRequest returns the bytes of a request no HTTP client would send,
// and the status other than 503 of 500 or more its answer may have (0 for
// none): 505 for an HTTP version the server does not speak, as RFC 9110
// (section 15.6.6) has it.
func rawRequest(rng *rand.Rand, host, q string) ([]byte, int) {
	h := "Host: " + host + "\r\n"
	switch rng.IntN(14) {
	case 0:
		return []byte("GET /api/v2/arguments?query=a b HTTP/1.1\r\n" + h + "\r\n"), 0 // a space in the target
	case 1:
		return []byte("GET /api/v2/arguments?query=\x01\x7f HTTP/1.1\r\n" + h + "\r\n"), 0
	case 2:
		return []byte("GET / HTTP/9.9\r\n" + h + "\r\n"), http.StatusHTTPVersionNotSupported
	case 3:
		return []byte("GET / HTTP/1.1\r\n\r\n"), 0 // no Host
	case 4:
		return []byte("GET / HTTP/1.1\r\n" + h + h + "\r\n"), 0 // two Hosts
	case 5:
		return []byte("GET / HTTP/1.1\r\n" + h + "no colon here\r\n\r\n"), 0
	case 6:
		return []byte("GET / HTTP/1.1\r\n" + h + "X-Big: " + strings.Repeat("b", 20000) + "\r\n\r\n"), 0
	case 7:
		return []byte("G@T / HTTP/1.1\r\n" + h + "\r\n"), 0
	case 8:
		return []byte("GET /?q=" + url.QueryEscape(q) + " HTTP/1.0\r\n" + h + "\r\n"), 0
	case 9:
		return []byte("GET /api/v2/arguments?query=" + url.QueryEscape(q) + " HTTP/1.1\r\n" + h), 0 // cut off before the blank line
	case 10:
		return []byte("POST /api/v2/arguments HTTP/1.1\r\n" + h + "Content-Length: 100\r\n\r\nshort"), 0 // cut off in the body
	case 11:
		return []byte("POST /api/v1/_search HTTP/1.1\r\n" + h + "Transfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n0\r\n\r\n"), 0
	case 12:
		return []byte("POST /api/v1/_search HTTP/1.1\r\n" + h + "Transfer-Encoding: chunked\r\n\r\nzz\r\nnot chunked\r\n"), 0
	}
	return []byte(junk(rng, 40) + "\r\n\r\n"), 0
}

// raw writes req on a new connection to the server, closes the writing
// side, and reads the response, whose status must be below 500, or 503,
// or allowed. A connection closed without a response is
// a refusal, not a failure: the server may close a malformed or cut-off
// request without answering.
func raw(ctx context.Context, base string, req []byte, allowed int) outcome {
	start := time.Now()
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", hostOf(base))
	if err != nil {
		return outcome{fail: "dial: " + err.Error()}
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(30 * time.Second))
	if _, err := conn.Write(req); err != nil {
		return outcome{latency: time.Since(start)}
	}
	if tc, ok := conn.(*net.TCPConn); ok {
		tc.CloseWrite()
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		return outcome{latency: time.Since(start)} // closed without an answer
	}
	defer resp.Body.Close()
	io.Copy(io.Discard, resp.Body)
	o := outcome{status: resp.StatusCode, latency: time.Since(start)}
	if o.status >= 500 && o.status != http.StatusServiceUnavailable && o.status != allowed {
		o.fail = fmt.Sprintf("raw %.60q: status %d", req, o.status)
	}
	if o.status == http.StatusServiceUnavailable {
		o.retryAfter = time.Second
	}
	return o
}
