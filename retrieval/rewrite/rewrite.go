// Package rewrite holds query rewriters: steps that turn a retrieval.Query
// into another before it is searched. Reduce keeps the words of a title's
// RAKE keywords, Synonyms adds WordNet synonyms and Expand adds GloVe
// neighbours. A system.Pipeline applies its rewriters in the order it lists
// them (Pipeline.Rewrite), each to the query the one before gave.
//
// A rewriter is a value; its data (WordNet, the GloVe vectors) is loaded
// by the caller, or by the environment a system runs it in (Env), and
// shared, read-only. Rewriters are safe for concurrent use.
package rewrite

import (
	"fmt"
	"slices"
	"strings"

	"github.com/argsearch/argsearch/internal/stopwords"
	"github.com/argsearch/argsearch/nlp"
	"github.com/argsearch/argsearch/nlp/wordnet"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/semantic/glove"
)

// A Rewriter rewrites a query; the same query gives the same rewrite.
type Rewriter interface {
	Rewrite(q retrieval.Query) retrieval.Query
}

// Env is what a rewriter may take from the environment a system runs it in
// (system.Env gives it to the rewriters of a system.Pipeline). A rewriter
// that needs it has a method
//
//	Bind(env Env) (Rewriter, error)
//
// which returns the rewriter ready to rewrite, what it lacks filled in from
// env; a system calls it before the rewriter's first query, and uses a
// rewriter without it as it is. Synonyms and Expand take the shipped
// WordNet and GloVe vectors from env when theirs are nil.
type Env interface {
	// WordNet is the shipped WordNet (wordnet.Load).
	WordNet() (*wordnet.WordNet, error)
	// Vectors are the shipped GloVe vectors (glove.Load).
	Vectors() (*glove.Vectors, error)
}

// The number of words a rewriter keeps or adds when its N is 0 (or
// negative): the values Touché 2022's team Gamora used.
const (
	defaultReduce   = 6 // Reduce.N
	defaultSynonyms = 1 // Synonyms.N
	defaultExpand   = 1 // Expand.N
)

// n returns n, or def for n <= 0.
func n(n, def int) int {
	if n <= 0 {
		return def
	}
	return n
}

// Reduce keeps at most N words of the query: the words of its RAKE
// keywords (nlp.Keywords, Snowball's stop words), best keyword first, each
// once; N 0 (or negative) means 6. A query without keywords is left as it
// is.
type Reduce struct {
	N int
}

// Rewrite implements Rewriter.
func (r Reduce) Rewrite(q retrieval.Query) retrieval.Query {
	most := n(r.N, defaultReduce)
	var words []string
	for _, k := range nlp.Keywords(q.Text, nil) {
		for _, w := range strings.Fields(k) {
			if len(words) < most && !slices.Contains(words, w) {
				words = append(words, w)
			}
		}
	}
	if len(words) > 0 {
		q.Text = strings.Join(words, " ")
	}
	return q
}

// synonymSenses is the number of a word's senses, most frequent first,
// whose lemmas Synonyms draws from.
const synonymSenses = 2

// Synonyms makes the query its words (nlp.Words) followed by up to N
// WordNet synonyms of each of its content words (not Snowball stop
// words), lower-cased, from the lemmas of their two most frequent senses,
// each once; N 0 (or negative) means 1. It counts synonyms per word, not
// senses.
type Synonyms struct {
	// WordNet is the WordNet the synonyms come from; nil means the
	// environment's (Bind: the shipped one). Rewrite with a nil WordNet is
	// a programming error and panics.
	WordNet *wordnet.WordNet
	N       int
}

// Bind returns the rewriter with env's WordNet when its own is nil (see
// Env).
func (s Synonyms) Bind(env Env) (Rewriter, error) {
	if s.WordNet == nil {
		w, err := env.WordNet()
		if err != nil {
			return nil, fmt.Errorf("rewrite: Synonyms: %w", err)
		}
		s.WordNet = w
	}
	return s, nil
}

// Rewrite implements Rewriter.
func (s Synonyms) Rewrite(q retrieval.Query) retrieval.Query {
	if s.WordNet == nil {
		panic("rewrite: Synonyms with a nil WordNet")
	}
	most := n(s.N, defaultSynonyms)
	words := nlp.Words(nil, q.Text)
	out := slices.Clone(words)
	seen := map[string]bool{}
	for _, word := range words {
		seen[word] = true
	}
	for _, word := range words {
		if stopwords.Snowball(word) {
			continue
		}
		added := 0
		for _, syn := range s.WordNet.Synonyms(word, synonymSenses) {
			if added == most {
				break
			}
			if w := strings.ToLower(syn); !seen[w] {
				seen[w] = true
				out = append(out, w)
				added++
			}
		}
	}
	q.Text = strings.Join(out, " ")
	return q
}

// expandMin is the least cosine similarity of a word Expand adds.
const expandMin = 0.6

// Expand makes the query its content words followed by, for each, its N
// nearest GloVe words of cosine similarity at least 0.6
// (glove.Vectors.Expand): query expansion by word vectors; N 0 (or
// negative) means 1. A query of no known word is left as it is.
type Expand struct {
	// Vectors are the GloVe vectors; nil means the environment's (Bind:
	// the shipped ones). Rewrite with nil Vectors is a programming error
	// and panics.
	Vectors *glove.Vectors
	N       int
}

// Bind returns the rewriter with env's GloVe vectors when its own are nil
// (see Env).
func (e Expand) Bind(env Env) (Rewriter, error) {
	if e.Vectors == nil {
		v, err := env.Vectors()
		if err != nil {
			return nil, fmt.Errorf("rewrite: Expand: %w", err)
		}
		e.Vectors = v
	}
	return e, nil
}

// Rewrite implements Rewriter.
func (e Expand) Rewrite(q retrieval.Query) retrieval.Query {
	if e.Vectors == nil {
		panic("rewrite: Expand with nil Vectors")
	}
	if words := e.Vectors.Expand(q.Text, n(e.N, defaultExpand), expandMin); len(words) > 0 {
		q.Text = strings.Join(words, " ")
	}
	return q
}
