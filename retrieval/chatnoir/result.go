package chatnoir

import (
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"strings"

	"github.com/argsearch/argsearch/internal/quote"

	"github.com/argsearch/argsearch/retrieval"
)

// A Result is one search result, as the API returns it. Fields the API
// leaves null or omits (for some indices, or with minimal results) are
// empty strings or nil.
type Result struct {
	// ID identifies the result in run files: TrecID, or UUID when the
	// document has no TREC id.
	ID     string
	TrecID string // e.g. "clueweb22-en0044-06-02359"; "" when the API gives null
	UUID   string // ChatNoir's document id, for FullText
	Index  string // the index the document came from, e.g. "cw22"
	Score  float64
	// Title and Snippet carry <em>…</em> around query terms and HTML
	// character references; StripHighlights turns them into plain text.
	Title   string
	Snippet string
	// TargetURI is the document's web address; TargetHostname its host.
	TargetURI      string
	TargetHostname string
	// PageRank and SpamRank are nil when the index has none for the
	// document. In the ClueWeb spam rankings a low SpamRank means likely
	// spam.
	PageRank *float64
	SpamRank *float64
	// CrawlDate is as the API writes it, e.g. "2022-08-28T06:21:41".
	CrawlDate   string
	WARCID      string // the WARC record id
	CacheURI    string // the document in ChatNoir's web cache
	ContentType string
	Lang        string // detected language, e.g. "en"
}

// hit returns r as a retrieval hit: its ID and score.
func (r Result) hit() retrieval.Hit { return retrieval.Hit{ID: r.ID, Score: r.Score} }

// StripHighlights turns a highlighted title or snippet into plain text: it
// removes the <em> and </em> tags ChatNoir puts around matching terms, then
// decodes HTML character references ("&#x27;" becomes "'", "&lt;" "<").
func StripHighlights(s string) string {
	s = strings.ReplaceAll(s, "<em>", "")
	s = strings.ReplaceAll(s, "</em>", "")
	return html.UnescapeString(s)
}

// searchResponse is one decoded page of /api/v1/_search or _phrases.
type searchResponse struct {
	TotalResults int // -1 when the response does not say
	Results      []Result
}

// The JSON shapes of the API.
type (
	wireResponse struct {
		Meta    *wireMeta     `json:"meta"`
		Results *[]wireResult `json:"results"`
	}
	wireMeta struct {
		TotalResults *int64 `json:"total_results"`
	}
	wireResult struct {
		Score          *float64 `json:"score"`
		UUID           *string  `json:"uuid"`
		Index          *string  `json:"index"`
		TrecID         *string  `json:"trec_id"`
		WARCID         *string  `json:"warc_id"`
		TargetURI      *string  `json:"target_uri"`
		TargetHostname *string  `json:"target_hostname"`
		CacheURI       *string  `json:"cache_uri"`
		CrawlDate      *string  `json:"crawl_date"`
		PageRank       *float64 `json:"page_rank"`
		SpamRank       *float64 `json:"spam_rank"`
		Title          *string  `json:"title"`
		Snippet        *string  `json:"snippet"`
		ContentType    *string  `json:"content_type"`
		Lang           *string  `json:"lang"`
	}
)

func str(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// decodeSearchResponse decodes and checks one page: it must be a JSON
// object with a "results" list whose entries each have a score and a
// trec_id or uuid.
func decodeSearchResponse(body []byte) (*searchResponse, error) {
	var w wireResponse
	if err := json.Unmarshal(body, &w); err != nil {
		return nil, fmt.Errorf("decoding response: %w", err)
	}
	if w.Results == nil {
		return nil, errors.New(`decoding response: no "results" list`)
	}
	out := &searchResponse{TotalResults: -1, Results: make([]Result, 0, len(*w.Results))}
	if w.Meta != nil && w.Meta.TotalResults != nil {
		out.TotalResults = int(max(min(*w.Meta.TotalResults, 1<<31-1), 0))
	}
	for i, wr := range *w.Results {
		r := Result{
			TrecID:         str(wr.TrecID),
			UUID:           str(wr.UUID),
			Index:          str(wr.Index),
			Title:          str(wr.Title),
			Snippet:        str(wr.Snippet),
			TargetURI:      str(wr.TargetURI),
			TargetHostname: str(wr.TargetHostname),
			PageRank:       wr.PageRank,
			SpamRank:       wr.SpamRank,
			CrawlDate:      str(wr.CrawlDate),
			WARCID:         str(wr.WARCID),
			CacheURI:       str(wr.CacheURI),
			ContentType:    str(wr.ContentType),
			Lang:           str(wr.Lang),
		}
		r.ID = r.TrecID
		if r.ID == "" {
			r.ID = r.UUID
		}
		if r.ID == "" {
			return nil, fmt.Errorf("decoding response: result %d has neither trec_id nor uuid", i+1)
		}
		if strings.ContainsAny(r.ID, " \t\r\n") {
			return nil, fmt.Errorf("decoding response: result %d: id %s contains white space", i+1, quote.Q(r.ID))
		}
		if wr.Score == nil {
			return nil, fmt.Errorf("decoding response: result %d (%s) has no score", i+1, r.ID)
		}
		r.Score = *wr.Score
		out.Results = append(out.Results, r)
	}
	return out, nil
}
