package chatnoir_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// FuzzHandler sends hostile requests (any method, path, query string and
// body) to a Handler over the generated passages: every answer is a 2xx or
// 4xx, in JSON but for the cache's pages, never a server error.
func FuzzHandler(f *testing.F) {
	for _, s := range [][4]string{
		{"GET", "/api/v1/_search", "apikey=k&query=peace+tobacco&size=3&explain", ""},
		{"POST", "/api/v1/_phrases", "", `{"apikey": "k", "q": "peace", "slop": 2, "index": ["local"]}`},
		{"POST", "/api/v1/_search", "query=x", `{"apikey": "k", "size": "7", "minimal": ""}`},
		{"GET", "/cache", "uuid=clueweb12-0000wb-00-00001___1&raw&plain", ""},
		{"GET", "/api/v1/_search", "apikey=k&query=%22&from=9990&size=10", ""},
		{"DELETE", "/cache", "uuid=x", "x"},
	} {
		f.Add(s[0], s[1], s[2], s[3])
	}
	pc := testPassages(f)
	h := passageHandler(pc)
	f.Fuzz(func(t *testing.T, method, path, rawQuery, body string) {
		if method == "" || strings.ContainsAny(method, " \t\r\n") {
			return
		}
		r := (&http.Request{Method: method, URL: &url.URL{Path: path, RawQuery: rawQuery}, Header: http.Header{}, Body: io.NopCloser(strings.NewReader(body))}).WithContext(context.Background())
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code >= 500 || w.Code < 200 {
			t.Fatalf("%s %s?%s %q: status %d: %s", method, path, rawQuery, body, w.Code, w.Body)
		}
		if path == "/cache" && w.Code == 200 {
			return
		}
		if !json.Valid(w.Body.Bytes()) {
			t.Fatalf("%s %s?%s: not JSON: %q", method, path, rawQuery, w.Body)
		}
	})
}
