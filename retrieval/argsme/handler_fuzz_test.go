package argsme_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/argsearch/argsearch/runfile"
)

// FuzzHandler sends hostile requests (any path and query string) to a
// Handler over the 2022 sample: every answer is 200, 400 or 404, in JSON,
// never a server error.
func FuzzHandler(f *testing.F) {
	for _, s := range [][2]string{
		{"/api/v2/arguments", "query=%2B%22minimum+wage%22+raise&pageSize=3&fields=arguments.id,totalSize"},
		{"/api/v2/arguments", "query=tenure&page=2&pageSize=1000&format=json;q=0.5"},
		{"/api/v2/arguments/S107900c0-A5e5081b5", "fields=premises.text"},
		{"/api/v2/touche22/pairs", "query=x&pageSize=2&page=2"},
		{"/api/v2/arguments", "query=%22&page=&pageSize=%2B"},
		{"/api/v2/arguments", "query=++%22%22+%2B&fields=arguments..id"},
	} {
		f.Add(s[0], s[1])
	}
	c := testCorpus(f)
	h := sampleHandler(c)
	h.Pairs = func(ctx context.Context, query string, k int) ([]runfile.Result, error) {
		return pairsOf(c)[:min(k, 3)], nil
	}
	f.Fuzz(func(t *testing.T, path, rawQuery string) {
		r := (&http.Request{Method: http.MethodGet, URL: &url.URL{Path: path, RawQuery: rawQuery}, Header: http.Header{}}).WithContext(context.Background())
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		switch w.Code {
		case 200, 400, 404:
		default:
			t.Fatalf("%s?%s: status %d: %s", path, rawQuery, w.Code, w.Body)
		}
		if !json.Valid(w.Body.Bytes()) || w.Header().Get("Content-Type") != "application/json; charset=utf-8" {
			t.Fatalf("%s?%s: not JSON: %q", path, rawQuery, w.Body)
		}
	})
}
