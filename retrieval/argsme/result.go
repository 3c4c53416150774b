package argsme

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/argsearch/argsearch/internal/quote"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/stance"
)

// A Result is one argument the search engine returned.
type Result struct {
	// Argument holds the id, conclusion, premises (with their stance
	// towards the conclusion) and context, as far as the response gave
	// them. Retrieve asks for ids and scores only, so its results have
	// no texts; Search's have them all. Sentences are never set.
	Argument corpus.Argument
	// Score is the engine's relevance score (explanation.score).
	Score float64
	// Stance is the argument's stance towards the query (not towards its
	// conclusion): stance.Pro or stance.Con, or stance.Unknown when the
	// response does not say.
	Stance stance.Stance
	// Summary is the engine's summary of the argument, if any.
	Summary string
}

// hit returns r as a retrieval hit: the argument id and the score.
func (r Result) hit() retrieval.Hit { return retrieval.Hit{ID: r.Argument.ID, Score: r.Score} }

// searchResponse is one decoded page of GET /api/v2/arguments.
type searchResponse struct {
	TotalSize int // -1 when the response does not say
	Results   []Result
}

// The JSON shapes of the API.
type (
	wireSearch struct {
		Arguments *[]wireArgument `json:"arguments"`
		TotalSize *int64          `json:"totalSize"`
	}
	wireArgument struct {
		ID          *string          `json:"id"`
		Conclusion  *string          `json:"conclusion"`
		Premises    []wirePremise    `json:"premises"`
		Context     *wireContext     `json:"context"`
		Summary     *string          `json:"summary"`
		Explanation *wireExplanation `json:"explanation"`
		Stance      *string          `json:"stance"`
	}
	wirePremise struct {
		Text   *string `json:"text"`
		Stance *string `json:"stance"`
	}
	wireContext struct {
		SourceID           *string `json:"sourceId"`
		DiscussionTitle    *string `json:"discussionTitle"`
		SourceTitle        *string `json:"sourceTitle"`
		SourceURL          *string `json:"sourceUrl"`
		SourceDomain       *string `json:"sourceDomain"`
		PreviousArgumentID *string `json:"previousArgumentInSourceId"`
		NextArgumentID     *string `json:"nextArgumentInSourceId"`
		AcquisitionTime    *string `json:"acquisitionTime"`
	}
	wireExplanation struct {
		Score *float64 `json:"score"`
	}
)

func str(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// parseStance reads a stance label: "PRO", "CON", or absent/"" for
// Unknown. Anything else is an error.
func parseStance(p *string) (stance.Stance, error) {
	if p == nil || *p == "" {
		return stance.Unknown, nil
	}
	switch *p {
	case "PRO":
		return stance.Pro, nil
	case "CON":
		return stance.Con, nil
	}
	return stance.Unknown, fmt.Errorf("stance %s, want PRO or CON", quote.Q(*p))
}

// argument converts a decoded argument; the id is required.
func (w *wireArgument) argument() (corpus.Argument, error) {
	a := corpus.Argument{ID: str(w.ID), Conclusion: str(w.Conclusion)}
	if a.ID == "" {
		return a, errors.New("argument without an id")
	}
	if strings.ContainsAny(a.ID, " \t\r\n") {
		return a, fmt.Errorf("argument id %s contains white space", quote.Q(a.ID))
	}
	for i, p := range w.Premises {
		s, err := parseStance(p.Stance)
		if err != nil {
			return a, fmt.Errorf("argument %s: premise %d: %w", a.ID, i+1, err)
		}
		a.Premises = append(a.Premises, corpus.Premise{Text: str(p.Text), Stance: s})
	}
	if c := w.Context; c != nil {
		a.Context = corpus.Context{
			SourceID:           str(c.SourceID),
			DiscussionTitle:    str(c.DiscussionTitle),
			SourceTitle:        str(c.SourceTitle),
			SourceURL:          str(c.SourceURL),
			SourceDomain:       str(c.SourceDomain),
			PreviousArgumentID: str(c.PreviousArgumentID),
			NextArgumentID:     str(c.NextArgumentID),
			AcquisitionTime:    str(c.AcquisitionTime),
		}
	}
	return a, nil
}

// decodeSearchResponse decodes and checks one page: a JSON object whose
// "arguments" entries each have an id and an explanation.score. A missing
// "arguments" list is accepted only when totalSize says there is nothing.
func decodeSearchResponse(body []byte) (*searchResponse, error) {
	var w wireSearch
	if err := json.Unmarshal(body, &w); err != nil {
		return nil, fmt.Errorf("decoding response: %w", err)
	}
	out := &searchResponse{TotalSize: -1}
	if w.TotalSize != nil {
		out.TotalSize = int(max(min(*w.TotalSize, 1<<31-1), 0))
	}
	if w.Arguments == nil {
		if out.TotalSize == 0 {
			return out, nil
		}
		return nil, errors.New(`decoding response: no "arguments" list`)
	}
	out.Results = make([]Result, 0, len(*w.Arguments))
	for i, wa := range *w.Arguments {
		a, err := wa.argument()
		if err != nil {
			return nil, fmt.Errorf("decoding response: result %d: %w", i+1, err)
		}
		if wa.Explanation == nil || wa.Explanation.Score == nil {
			return nil, fmt.Errorf("decoding response: result %d (%s) has no explanation.score", i+1, a.ID)
		}
		s, err := parseStance(wa.Stance)
		if err != nil {
			return nil, fmt.Errorf("decoding response: result %d (%s): %w", i+1, a.ID, err)
		}
		out.Results = append(out.Results, Result{Argument: a, Score: *wa.Explanation.Score, Stance: s, Summary: str(wa.Summary)})
	}
	return out, nil
}

// decodeArgument decodes the response of GET /api/v2/arguments/{id}.
func decodeArgument(body []byte) (corpus.Argument, error) {
	var w wireArgument
	if err := json.Unmarshal(body, &w); err != nil {
		return corpus.Argument{}, fmt.Errorf("decoding response: %w", err)
	}
	a, err := w.argument()
	if err != nil {
		return corpus.Argument{}, fmt.Errorf("decoding response: %w", err)
	}
	return a, nil
}
