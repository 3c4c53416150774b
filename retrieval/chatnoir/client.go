// Package chatnoir speaks the API of ChatNoir, the Elasticsearch-based
// search service over the ClueWeb crawls that Touché 2023 used for
// web-document argument retrieval: a Client, behind the retrieval.Retriever
// interface, and a Handler that serves the same API over a local index of
// one's own documents (the Task 2 passages, say).
//
// A Client pages through /api/v1/_search (or /api/v1/_phrases) with from
// and size until it has k results, retries with exponential backoff on 429
// and 5xx responses (respecting Retry-After), and honours context
// cancellation, also while it waits. Retrieve returns hits keyed by TREC id;
// Search returns the full results (title, snippet, URI, ranks); FullText
// fetches a document's plain text from the cache.
//
// A Handler answers those requests (and /cache) from a retrieval.Retriever
// of documents and their texts, with an API key check where one is set, so
// that a Client runs against one's own corpus offline and reproducibly.
//
// The API is documented at https://chatnoir.eu/doc/api/. Searching needs an
// API key, sent as an "Authorization: Bearer" header; fetching full text
// does not.
package chatnoir

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

	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/internal/httpretry"
)

// The defaults of a Client's fields.
const (
	defaultBaseURL  = "https://chatnoir.eu" // the public service
	defaultIndex    = "cw22"                // ClueWeb22 category B, by its API name
	defaultPageSize = 100
)

// ErrAuth is wrapped by the error for a 401 or 403 response: the service
// rejected the API key (or blocked the caller). Such requests are not
// retried. The error of a search by a Client without an APIKey, returned
// before any request is sent, wraps it too.
var ErrAuth = errors.New("chatnoir: API key rejected")

// errNoAPIKey is the error of a search by a Client without an APIKey.
var errNoAPIKey error = noAPIKey{}

type noAPIKey struct{}

func (noAPIKey) Error() string {
	return "chatnoir: no API key (set Client.APIKey; keys are issued at https://chatnoir.eu/apikey/)"
}

func (noAPIKey) Unwrap() error { return ErrAuth }

// StatusError reports a response with a status other than 2xx: the
// endpoint, the status, how many attempts were made and the start of the
// body. Use errors.As to inspect it.
type StatusError = httpretry.StatusError

// A Client searches ChatNoir. The zero value searches ClueWeb22 category B
// on the public service with default paging and retries, once APIKey is
// set.
//
// A Client is safe for concurrent use if its HTTPClient is (http.Client is)
// and its fields are not changed while it is in use.
type Client struct {
	// BaseURL is the service root; "" means the public service,
	// https://chatnoir.eu.
	BaseURL string
	// APIKey authenticates searches; it is required (without it, a
	// search fails with an error wrapping ErrAuth).
	APIKey string
	// Index lists the indices to search; nil means {"cw22"}, the Touché
	// 2023 corpus.
	// Requests use the API's short names: "cw09", "cw12" and "cw22"
	// (ClueWeb22 category B), which results also carry in Result.Index.
	// The Python client chatnoir-api and ir_datasets call these
	// "clueweb09", "clueweb12" and "clueweb22/b" and translate them to
	// the short names; so does Client. Other names are sent as given.
	Index []string
	// SearchMethod selects the ranking: "" for the service default,
	// "default" (ChatNoir's BM25F ranking) or "bm25" (plain BM25).
	SearchMethod string
	// PhraseSearch switches to phrase search (/api/v1/_phrases): documents
	// containing the query as a phrase, with up to Slop (0, 1 or 2)
	// other words between its terms.
	PhraseSearch bool
	Slop         int
	// HTTPClient sends the requests; nil means http.DefaultClient. Bound
	// each call with ctx (or HTTPClient.Timeout).
	HTTPClient *http.Client
	// PageSize is the size of each page requested; 0 means
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

func (c *Client) pageSize() int {
	if c.PageSize <= 0 {
		return defaultPageSize
	}
	return c.PageSize
}

// wireIndex maps the long index names of the Python client and
// ir_datasets onto the API's short names.
func wireIndex(name string) string {
	switch name {
	case "clueweb09":
		return "cw09"
	case "clueweb12":
		return "cw12"
	case "clueweb22/b", "clueweb22-b":
		return "cw22"
	}
	return name
}

func (c *Client) indices() string {
	if len(c.Index) == 0 {
		return defaultIndex
	}
	names := make([]string, len(c.Index))
	for i, n := range c.Index {
		names[i] = wireIndex(n)
	}
	return strings.Join(names, ",")
}

// Retrieve returns the k best documents for q.Text as hits: the ID is the
// result's TREC id (e.g. "clueweb22-en0044-06-02359"), or its ChatNoir
// UUID when the index has no TREC id for it (trec_id is null), and the
// score is ChatNoir's. The description and narrative of q are not used.
//
// Hits are deduplicated (the first page to return an ID wins) and sorted
// with retrieval.CompareHits; equal scores cut at k are decided by the
// service's order.
func (c *Client) Retrieve(ctx context.Context, q retrieval.Query, k int) ([]retrieval.Hit, error) {
	results, err := c.Search(ctx, q, k)
	if err != nil {
		return nil, err
	}
	hits := make([]retrieval.Hit, len(results))
	for i, r := range results {
		hits[i] = r.hit()
	}
	return hits, nil
}

// Search returns the k best results for q.Text, best first (score
// descending, then ID descending), deduplicated by ID, fetched in pages of
// PageSize. Fewer than k come back when the service has no more.
func (c *Client) Search(ctx context.Context, q retrieval.Query, k int) ([]Result, error) {
	if k <= 0 {
		return nil, fmt.Errorf("chatnoir: k = %d: %w", k, retrieval.ErrK)
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("chatnoir: search: %w", err)
	}
	if c.APIKey == "" {
		return nil, errNoAPIKey
	}
	if strings.TrimSpace(q.Text) == "" {
		return nil, fmt.Errorf("chatnoir: search: query %s has no text", quote.Q(q.ID))
	}
	if c.PhraseSearch && (c.Slop < 0 || c.Slop > 2) {
		return nil, fmt.Errorf("chatnoir: phrase search: slop %d, want 0, 1 or 2", c.Slop)
	}
	endpoint := "/api/v1/_search"
	if c.PhraseSearch {
		endpoint = "/api/v1/_phrases"
	}
	var (
		results []Result
		seen    = make(map[string]bool)
		from    = 0
	)
	for len(results) < k {
		size := min(c.pageSize(), k-len(results))
		page, err := c.searchPage(ctx, endpoint, q.Text, from, size)
		if err != nil {
			return nil, err
		}
		added := 0
		for _, r := range page.Results {
			if !seen[r.ID] {
				seen[r.ID] = true
				results = append(results, r)
				added++
			}
		}
		from += len(page.Results)
		if len(page.Results) < size || page.TotalResults >= 0 && from >= page.TotalResults {
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

// searchPage fetches one page of results.
func (c *Client) searchPage(ctx context.Context, endpoint, query string, from, size int) (*searchResponse, error) {
	v := url.Values{}
	v.Set("query", query)
	v.Set("index", c.indices())
	v.Set("from", strconv.Itoa(from))
	v.Set("size", strconv.Itoa(size))
	if c.SearchMethod != "" {
		v.Set("search_method", c.SearchMethod)
	}
	if c.PhraseSearch {
		v.Set("slop", strconv.Itoa(c.Slop))
	}
	u := c.baseURL() + endpoint + "?" + v.Encode()
	body, err := c.policy().Get(ctx, c.HTTPClient, func(ctx context.Context) (*http.Request, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		if err != nil {
			return nil, err
		}
		req.Header.Set("Accept", "application/json")
		req.Header.Set("Authorization", "Bearer "+c.APIKey)
		return req, nil
	})
	if err != nil {
		return nil, wrapError("search", err)
	}
	page, err := decodeSearchResponse(body)
	if err != nil {
		return nil, fmt.Errorf("chatnoir: GET %s%s (from %d, size %d): %w", c.baseURL(), endpoint, from, size, err)
	}
	return page, nil
}

// wrapError prefixes err and marks credential failures with ErrAuth.
func wrapError(what string, err error) error {
	var se *StatusError
	if errors.As(err, &se) && (se.StatusCode == http.StatusUnauthorized || se.StatusCode == http.StatusForbidden) {
		return fmt.Errorf("%w: %s: %w", ErrAuth, what, err)
	}
	return fmt.Errorf("chatnoir: %s: %w", what, err)
}

// FullText returns the plain-text rendering of a document from ChatNoir's
// cache (GET /cache?uuid=…&index=…&raw&plain): the main content with a
// basic HTML subset for structure. uuid and index are a Result's UUID and
// Index. No API key is needed or sent.
func (c *Client) FullText(ctx context.Context, uuid, index string) (string, error) {
	if uuid == "" {
		return "", errors.New("chatnoir: full text: empty uuid")
	}
	if index == "" {
		index = defaultIndex
	}
	v := url.Values{}
	v.Set("uuid", uuid)
	v.Set("index", wireIndex(index))
	u := c.baseURL() + "/cache?" + v.Encode() + "&raw&plain"
	body, err := c.policy().Get(ctx, c.HTTPClient, func(ctx context.Context) (*http.Request, error) {
		return http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	})
	if err != nil {
		return "", wrapError(fmt.Sprintf("full text of %s in %s", uuid, index), err)
	}
	return string(body), nil
}
