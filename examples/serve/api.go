package main

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/url"

	"github.com/argsearch/argsearch/retrieval/argsme"
)

// defaultLimit is -limit's default, argsme.Handler's own: searches
// answered at once.
const defaultLimit = 16

// apiConfig is what the command line says of the APIs.
type apiConfig struct {
	limit            int
	passages, apikey string
}

// api holds the handlers of the APIs.
type api struct {
	argsme   *argsme.Handler
	passages *passages // nil without -passages
}

// newAPI makes the API handlers over e.
func newAPI(ctx context.Context, e *engine, c apiConfig) (*api, error) {
	a := &api{argsme: &argsme.Handler{
		Search:      e.args,
		Store:       e.store,
		Stance:      e.stanceOf,
		Pairs:       e.pairs,
		MaxSearches: c.limit,
		MaxPairs:    maxPairs,
	}}
	if c.passages != "" {
		p, err := openPassages(ctx, c.passages, c.apikey, c.limit)
		if err != nil {
			return nil, err
		}
		a.passages = p
	}
	return a, nil
}

// close releases the passages' index.
func (a *api) close() error {
	if a.passages == nil {
		return nil
	}
	return a.passages.index.Close()
}

// describe says what the APIs serve, for the start-up line.
func (a *api) describe() string {
	if a.passages == nil {
		return "; ChatNoir's search is off (no -passages)"
	}
	key := "no key"
	if a.passages.handler.APIKey != "" {
		key = "the -apikey"
	}
	return fmt.Sprintf("; ChatNoir's search over %d passages (index %q, %s)", a.passages.count, passagesIndex, key)
}

// handler routes the APIs and the pages.
func handler(e *engine, a *api, name string) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/api/v2/", a.argsme)
	if a.passages != nil {
		mux.Handle("/api/v1/", a.passages.handler)
		mux.Handle("/cache", a.passages.handler)
	}
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		msg := "serve: no such API path: the args.me API is under /api/v2/"
		if r.URL.Path == "/api/v1/_search" {
			msg = "serve: ChatNoir's search is off: start the server with -passages FILE"
		}
		writeJSONError(w, http.StatusNotFound, msg)
	})
	mux.Handle("/", pageHandler(e, a.argsme, name))
	return mux
}

// call asks h, in process, for path with the parameters params, as a
// client of the API would, and returns the response's status, its
// Retry-After and its body.
func call(ctx context.Context, h http.Handler, path string, params url.Values) (int, string, []byte) {
	r, err := http.NewRequestWithContext(ctx, http.MethodGet, path+"?"+params.Encode(), nil)
	if err != nil {
		return http.StatusInternalServerError, "", []byte(err.Error())
	}
	w := &recorder{header: http.Header{}, status: http.StatusOK}
	h.ServeHTTP(w, r)
	return w.status, w.header.Get("Retry-After"), w.body.Bytes()
}

// recorder is the http.ResponseWriter of an in-process call.
type recorder struct {
	header http.Header
	status int
	wrote  bool
	body   bytes.Buffer
}

func (w *recorder) Header() http.Header { return w.header }

func (w *recorder) WriteHeader(status int) {
	if !w.wrote {
		w.status, w.wrote = status, true
	}
}

func (w *recorder) Write(p []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	return w.body.Write(p)
}
