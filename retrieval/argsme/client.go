// Package argsme speaks the args.me search API (v2), the search engine over
// the args.me corpus that the Touché 2022 task suggests for baseline
// argument retrieval: a Client, behind the retrieval.Retriever interface, and
// a Handler that serves the same API over a local index of one's own corpus.
//
// A Client pages through GET /api/v2/arguments (query, page, pageSize,
// format=json) until it has k arguments, retries with exponential backoff
// on 429 and 5xx responses (respecting Retry-After), and honours context
// cancellation, also while it waits. Retrieve returns argument ids and the
// engine's scores; Search returns whole arguments as corpus.Arguments with
// their stance towards the query; GetArgument fetches one argument by id.
//
// A Handler answers those requests, and args.me's query syntax, from a
// retrieval.Retriever of arguments and a corpus.Store, so that a Client (or
// a Touché participant's script) runs against one's own corpus offline and
// reproducibly; it also serves a Touché 2022 extension, a system's sentence
// pairs for a query (see Handler).
//
// The API is documented at https://www.args.me/api-en.html. It needs no
// key.
package argsme

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/argsearch/argsearch/internal/quote"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/internal/httpretry"
)

// The defaults of a Client's fields.
const (
	defaultBaseURL  = "https://www.args.me" // the public service
	defaultPageSize = 100
)

// StatusError reports a response with a status other than 2xx: the
// endpoint, the status, how many attempts were made and the start of the
// body. Use errors.As to inspect it.
type StatusError = httpretry.StatusError

// retrieveFields are the response fields Retrieve asks for (the API's
// fields parameter), which leaves out the argument texts.
const retrieveFields = "arguments.id,arguments.explanation.score,totalSize,resultsBefore"

// A Client searches args.me. The zero value searches the public service
// with default paging and retries.
//
// A Client is safe for concurrent use if its HTTPClient is (http.Client is)
// and its fields are not changed while it is in use.
type Client struct {
	// BaseURL is the service root; "" means the public service,
	// https://www.args.me.
	BaseURL string
	// HTTPClient sends the requests; nil means http.DefaultClient. Bound
	// each call with ctx (or HTTPClient.Timeout).
	HTTPClient *http.Client
	// PageSize is the pageSize parameter, arguments per request; 0 means
	// 100. The service may cap it.
	PageSize int
	// MaxRetries is how often a request failing with 429, a 5xx status
	// or a network error is repeated; 0 means 4, a negative value none.
	MaxRetries int
	// Backoff is the first wait before a retry, doubling for each further
	// one; 0 means 500 ms. A Retry-After header lengthens a wait.
	Backoff time.Duration
	// MaxBackoff caps each wait; 0 means 30 s. If the service asks (with
	// Retry-After) for a longer wait, the call fails at once.
	MaxBackoff time.Duration
}

func (c *Client) policy() httpretry.Policy {
	return httpretry.Policy{MaxRetries: c.MaxRetries, Backoff: c.Backoff, MaxBackoff: c.MaxBackoff}
}

func (c *Client) baseURL() string {
	if c.BaseURL == "" {
		return defaultBaseURL
	}
	return strings.TrimRight(c.BaseURL, "/")
}

// Retrieve returns the ids of the k best arguments for q.Text, with the
// engine's scores (explanation.score), best first in retrieval.CompareHits
// order. It asks the service for ids and scores only. The description and
// narrative of q are not used; the query is sent as written (args.me reads
// double quotes as phrases).
func (c *Client) Retrieve(ctx context.Context, q retrieval.Query, k int) ([]retrieval.Hit, error) {
	results, err := c.search(ctx, q, k, retrieveFields)
	if err != nil {
		return nil, err
	}
	hits := make([]retrieval.Hit, len(results))
	for i, r := range results {
		hits[i] = r.hit()
	}
	return hits, nil
}

// Search returns the k best arguments for q.Text, best first (score
// descending, then id descending), deduplicated by id, fetched in pages of
// PageSize. Fewer than k come back when the service has no more.
func (c *Client) Search(ctx context.Context, q retrieval.Query, k int) ([]Result, error) {
	return c.search(ctx, q, k, "")
}

func (c *Client) search(ctx context.Context, q retrieval.Query, k int, fields string) ([]Result, error) {
	if k <= 0 {
		return nil, fmt.Errorf("argsme: k = %d: %w", k, retrieval.ErrK)
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("argsme: search: %w", err)
	}
	if strings.TrimSpace(q.Text) == "" {
		return nil, fmt.Errorf("argsme: search: query %s has no text", quote.Q(q.ID))
	}
	size := min(c.PageSize, k)
	if c.PageSize <= 0 {
		size = min(defaultPageSize, k)
	}
	var (
		results []Result
		seen    = make(map[string]bool)
	)
	for page := 1; len(results) < k; page++ {
		resp, err := c.searchPage(ctx, q.Text, page, size, fields)
		if err != nil {
			return nil, err
		}
		added := 0
		for _, r := range resp.Results {
			if !seen[r.Argument.ID] {
				seen[r.Argument.ID] = true
				results = append(results, r)
				added++
			}
		}
		if len(resp.Results) < size || resp.TotalSize >= 0 && page*size >= resp.TotalSize {
			break // the service has no more
		}
		if added == 0 {
			break // a page of repeats: the service is not paging
		}
	}
	slices.SortStableFunc(results, func(a, b Result) int { return retrieval.CompareHits(a.hit(), b.hit()) })
	if len(results) > k {
		results = results[:k]
	}
	return results, nil
}

// searchPage fetches one page of arguments.
func (c *Client) searchPage(ctx context.Context, query string, page, size int, fields string) (*searchResponse, error) {
	v := url.Values{}
	v.Set("query", query)
	v.Set("page", strconv.Itoa(page))
	v.Set("pageSize", strconv.Itoa(size))
	v.Set("format", "json")
	if fields != "" {
		v.Set("fields", fields)
	}
	const endpoint = "/api/v2/arguments"
	body, err := c.get(ctx, endpoint+"?"+v.Encode())
	if err != nil {
		return nil, fmt.Errorf("argsme: search: %w", err)
	}
	resp, err := decodeSearchResponse(body)
	if err != nil {
		return nil, fmt.Errorf("argsme: GET %s%s (page %d, pageSize %d): %w", c.baseURL(), endpoint, page, size, err)
	}
	return resp, nil
}

func (c *Client) get(ctx context.Context, pathAndQuery string) ([]byte, error) {
	u := c.baseURL() + pathAndQuery
	return c.policy().Get(ctx, c.HTTPClient, func(ctx context.Context) (*http.Request, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		if err != nil {
			return nil, err
		}
		req.Header.Set("Accept", "application/json")
		return req, nil
	})
}

// GetArgument fetches one argument by its args.me id (GET
// /api/v2/arguments/{id}). An unknown id gives an error that says "no
// such argument" and wraps the *StatusError of the 404 response. The argument has no Sentences: the API does not split them.
func (c *Client) GetArgument(ctx context.Context, id string) (corpus.Argument, error) {
	if id == "" {
		return corpus.Argument{}, errors.New("argsme: get argument: empty id")
	}
	endpoint := "/api/v2/arguments/" + url.PathEscape(id)
	body, err := c.get(ctx, endpoint+"?format=json")
	if err != nil {
		var se *StatusError
		if errors.As(err, &se) && se.StatusCode == http.StatusNotFound {
			return corpus.Argument{}, fmt.Errorf("argsme: get argument %s: no such argument: %w", quote.Q(id), err)
		}
		return corpus.Argument{}, fmt.Errorf("argsme: get argument %s: %w", quote.Q(id), err)
	}
	a, err := decodeArgument(body)
	if err != nil {
		return corpus.Argument{}, fmt.Errorf("argsme: GET %s%s: %w", c.baseURL(), endpoint, err)
	}
	if a.ID != id {
		return corpus.Argument{}, fmt.Errorf("argsme: GET %s%s: got argument %s, want %s", c.baseURL(), endpoint, quote.Q(a.ID), quote.Q(id))
	}
	return a, nil
}
