package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/argsearch/argsearch/classify"
	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/internal/docid"
	"github.com/argsearch/argsearch/retrieval/lexical"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/stance"
	"github.com/argsearch/argsearch/system"
	"github.com/argsearch/argsearch/topics"
)

// argumentSearch is how arguments are searched, by the API and the page:
// Swordsman's, Dirichlet LM (μ 2000) over the argument unit of the Env's
// index (conclusion, premises and discussion title).
var argumentSearch = lexical.Ranking{Unit: "argument", Scoring: lexical.Scoring{Model: "dirichlet"}}

// maxPairs is the most pairs the flagship gives a query (the Env's K):
// the page shows the first few, the API's pairs endpoint caps k at it.
const maxPairs = 100

// engine is what the server answers from: the corpus, its argument search,
// the stance of an argument towards a query and the flagship's pairs. It is
// safe for concurrent use.
type engine struct {
	env      *system.Env
	store    *corpus.Store
	args     *lexical.Index // argumentSearch over the Env's index
	model    stance.Model   // the shipped stance model
	flagship system.System  // system.Advanced()
}

// newEngine opens the argument index of env (building it first when the
// cache lacks it) and the shipped stance model, and answers one query with
// the flagship so that everything it loads (its models, the part-of-speech
// tagger) is loaded before the first request: nothing is built or written
// while serving.
func newEngine(ctx context.Context, env *system.Env) (*engine, error) {
	x, err := env.Index(ctx, lexical.Config{Ranking: argumentSearch})
	if err != nil {
		return nil, err
	}
	m, err := classify.ShippedStanceModel()
	if err != nil {
		return nil, err
	}
	e := &engine{env: env, store: env.Store, args: x, model: m, flagship: system.Advanced()}
	if _, err := e.pairs(ctx, "Should the warm-up query load the models?", 1); err != nil {
		return nil, fmt.Errorf("the flagship's first query: %w", err)
	}
	return e, nil
}

// argument returns the argument with the given id, with the text of its
// premise: the store keeps premises without text, their sentences hold it.
func (e *engine) argument(id string) (corpus.Argument, bool) {
	a, ok := e.store.Argument(id)
	if !ok {
		return a, false
	}
	if len(a.Premises) > 0 {
		var text []string
		for _, s := range a.Sentences {
			if k, err := kindOf(s.ID); err == nil && k == docid.Premise {
				text = append(text, s.Text)
			}
		}
		// The store splits every premise into sentences under one
		// numbering: the first premise gets the text, the others (rare
		// in args.me) keep their stance only.
		a.Premises[0].Text = strings.Join(text, " ")
	}
	return a, true
}

// kindOf returns whether a sentence id is a premise's or the conclusion's.
func kindOf(sentenceID string) (docid.Kind, error) {
	s, err := docid.ParseSentence(sentenceID)
	return s.Kind, err
}

// stanceOf returns the stance of a towards query, as the page's columns
// and the API's "stance" give it: the argument's args.me label mapped onto
// the query (corpus.Store.Stance: its premises' stance towards its
// conclusion, flipped when the conclusion states the opposite of the
// query) where the labels reveal one; else the side the shipped stance
// model gives its conclusion towards the query (stance.Side), flipped when
// its premises attack the conclusion (args.me's CON), so that every
// argument is PRO or CON. The model reads the conclusion alone, a claim of
// a sentence as it was trained on, not the premises, whose length would
// make it the costliest step of a search.
func (e *engine) stanceOf(query string, a corpus.Argument) stance.Stance {
	if ids := e.store.SentenceIDs(a.ID); len(ids) > 0 {
		if s, _ := e.store.Stance(query, ids[0]); s == stance.Pro || s == stance.Con {
			return s
		}
	}
	claim := a.Conclusion
	if strings.TrimSpace(claim) == "" && len(a.Premises) > 0 {
		claim = a.Premises[0].Text // no conclusion: the premise is the claim
	}
	side := stance.Side(e.model, query, stance.Unknown, claim)
	if len(a.Premises) > 0 && a.Premises[0].Stance == stance.Con && claim == a.Conclusion {
		if side == stance.Pro {
			return stance.Con
		}
		return stance.Pro
	}
	return side
}

// pairs returns the flagship's k best sentence pairs for query, answered
// as a topic whose title is the query.
func (e *engine) pairs(ctx context.Context, query string, k int) ([]runfile.Result, error) {
	if strings.TrimSpace(query) == "" {
		return nil, errors.New("serve: an empty query has no pairs")
	}
	rs, err := e.flagship.Answer(ctx, e.env, topics.Topic{ID: "1", Title: query})
	if err != nil {
		return nil, err
	}
	return rs[:min(k, len(rs))], nil
}
