package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"

	"github.com/argsearch/argsearch/examples/internal/cli"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/chatnoir"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/stance"
	"github.com/argsearch/argsearch/topics"
)

// maxK is the most documents per topic a Touché 2023 run may hold.
const maxK = 1000

// config configures the system; defaultConfig gives the command's defaults.
type config struct {
	K             int     // documents per topic, 1 to maxK
	Description   bool    // append the topic's description to the query
	FullText      bool    // tag the cached full text instead of title and snippet
	Workers       int     // full-text requests at once
	MinArgument   float64 // argumentativeness a sentence needs to argue (a document without one is NO)
	MinConfidence float64 // stance confidence a sentence's PRO or CON needs to count
	Tag           string  // the run tag
}

// searcher is what the system needs of a ChatNoir client.
type searcher interface {
	Search(ctx context.Context, q retrieval.Query, k int) ([]chatnoir.Result, error)
	FullText(ctx context.Context, uuid, index string) (string, error)
}

// scorer scores the argumentativeness of a text in [0, 1], as
// classify.ArgumentModel does.
type scorer interface {
	Score(text string) float64
}

// A system searches ChatNoir for each topic and tags the documents. It is
// safe for concurrent use if its parts are (the shipped models,
// chatnoir.Client and cli.Progress are), though concurrent Runs would
// count their topics on the same Progress.
type system struct {
	Config   config
	Search   searcher
	Argument scorer
	Stance   stance.Tagger
	Progress *cli.Progress // counts the topics done; nil draws nothing
}

// summary counts what a run holds.
type summary struct {
	Topics, Documents int
	Stances           [stance.No + 1]int // documents per stance
	Missing           []string           // full-text documents tagged by title and snippet instead
	Empty             int                // topics without documents
}

// String returns e.g. "50 topics, 5000 documents (PRO 900, CON 700, NEU
// 1400, NO 2000)", leaving out the topics when there is only one.
func (s summary) String() string {
	out := fmt.Sprintf("%d documents (PRO %d, CON %d, NEU %d, NO %d)", s.Documents,
		s.Stances[stance.Pro], s.Stances[stance.Con], s.Stances[stance.Neutral], s.Stances[stance.No])
	if s.Topics != 1 {
		out = fmt.Sprintf("%d topics, %s", s.Topics, out)
	}
	if len(s.Missing) > 0 {
		out += fmt.Sprintf(", %d without full text", len(s.Missing))
	}
	if s.Empty > 0 && s.Topics != 1 {
		out += fmt.Sprintf(", %d topics without documents", s.Empty)
	}
	return out
}

// add adds the counts of t to s.
func (s *summary) add(t summary) {
	s.Topics += t.Topics
	s.Documents += t.Documents
	for i := range s.Stances {
		s.Stances[i] += t.Stances[i]
	}
	s.Missing = append(s.Missing, t.Missing...)
	s.Empty += t.Empty
}

// resultWriter takes the results of one topic, as runfile.Writer does.
type resultWriter interface {
	Write(qid string, rs []runfile.Result) error
}

// Run ranks and tags the documents of every topic, in the order given,
// and writes each topic's results to w. A topic for which ChatNoir finds
// nothing has no line in the run; it is counted in the summary. Progress
// is updated after each topic and ended when Run returns.
func (s *system) Run(ctx context.Context, ts []topics.Topic, w resultWriter) (summary, error) {
	var total summary
	defer func() { s.Progress.Done(int64(total.Topics)) }()
	for _, t := range ts {
		rs, sum, err := s.Topic(ctx, t)
		if err != nil {
			return total, err
		}
		qid := t.ID
		if err := w.Write(qid, rs); err != nil {
			return total, fmt.Errorf("topic %s: %w", qid, err)
		}
		total.add(sum)
		s.Progress.Update(int64(total.Topics))
	}
	return total, nil
}

// Topic returns the tagged documents of one topic, in ChatNoir's ranking
// (its scores), and their counts.
func (s *system) Topic(ctx context.Context, t topics.Topic) ([]runfile.Result, summary, error) {
	qid := t.ID
	q := retrieval.Query{ID: qid, Text: t.Title}
	if s.Config.Description && t.Description != "" {
		q.Text += " " + t.Description
	}
	docs, err := s.Search.Search(ctx, q, s.Config.K)
	if err != nil {
		return nil, summary{}, fmt.Errorf("topic %s: %w", qid, err)
	}
	bodies := make([]string, len(docs))
	for i, d := range docs {
		bodies[i] = strings.TrimSpace(chatnoir.StripHighlights(d.Snippet))
	}
	sum := summary{Topics: 1, Documents: len(docs)}
	if len(docs) == 0 {
		sum.Empty = 1
	}
	if s.Config.FullText {
		if sum.Missing, err = s.fullTexts(ctx, docs, bodies); err != nil {
			return nil, summary{}, fmt.Errorf("topic %s: %w", qid, err)
		}
	}
	rs := make([]runfile.Result, len(docs))
	for i, d := range docs {
		st, err := s.label(ctx, t.Title, strings.TrimSpace(chatnoir.StripHighlights(d.Title)), bodies[i])
		if err != nil {
			return nil, summary{}, fmt.Errorf("topic %s: document %s: %w", qid, d.ID, err)
		}
		rs[i] = runfile.Result{DocID: d.ID, Score: d.Score, Stance: st}
		sum.Stances[st]++
	}
	return rs, sum, nil
}

// label returns the Touché 2023 stance towards topic of a document with
// the given title and body (plain text): stance.Document over its
// sentences (the title's among them), each argumentative sentence (scoring
// at least Config.MinArgument) tagged on its own. A document without an
// argumentative sentence is NO, one that argues both sides NEU; a sentence's
// PRO or CON counts when the tagger's confidence is at least
// Config.MinConfidence.
func (s *system) label(ctx context.Context, topic, title, body string) (stance.Stance, error) {
	var sents []string
	for _, text := range []string{title, body} {
		for sent := range sentences(text) {
			sents = append(sents, sent)
		}
	}
	doc := stance.Document{
		Tagger:        s.Stance,
		Argumentative: s.Argument.Score,
		MinArgument:   s.Config.MinArgument,
		MinConfidence: s.Config.MinConfidence,
	}
	st, _, err := doc.Tag(ctx, topic, sents)
	return st, err
}

// fullTexts replaces bodies[i] by the full text of docs[i],
// fetching at most Config.Workers pages at once. A page the cache does not
// have (404 or 410) keeps its snippet, and its document's id is returned;
// any other failure is returned as the error.
func (s *system) fullTexts(ctx context.Context, docs []chatnoir.Result, bodies []string) (missing []string, err error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		wg     sync.WaitGroup
		sem    = make(chan struct{}, s.Config.Workers)
		pages  = make([]string, len(docs))
		errs   = make([]error, len(docs))
		missed = make([]bool, len(docs))
	)
	for i, d := range docs {
		select {
		case sem <- struct{}{}:
		case <-ctx.Done():
		}
		if ctx.Err() != nil {
			break
		}
		wg.Go(func() {
			defer func() { <-sem }()
			page, err := s.Search.FullText(ctx, d.UUID, d.Index)
			var se *chatnoir.StatusError
			switch {
			case err == nil:
				pages[i] = page
			case errors.As(err, &se) && (se.StatusCode == http.StatusNotFound || se.StatusCode == http.StatusGone):
				missed[i] = true
			default:
				errs[i] = fmt.Errorf("document %s: %w", d.ID, err)
				cancel()
			}
		})
	}
	wg.Wait()
	if err := firstError(errs); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	for i, d := range docs {
		if missed[i] {
			missing = append(missing, d.ID)
			continue
		}
		bodies[i] = plainText(pages[i])
	}
	return missing, nil
}

// firstError returns the first error of errs that is not a cancellation
// caused by another one, or else the first error.
func firstError(errs []error) error {
	var first error
	for _, err := range errs {
		if err == nil {
			continue
		}
		if !errors.Is(err, context.Canceled) {
			return err
		}
		if first == nil {
			first = err
		}
	}
	return first
}
