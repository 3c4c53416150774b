// Package rewrite holds query rewriters: steps that turn a retrieval.Query
// into another before it is searched. Reduce keeps the words of a title's
// RAKE keywords, Synonyms adds WordNet synonyms and Expand adds GloVe
// neighbours; a system applies them in that order.
//
// A rewriter is a value; its data (WordNet, the GloVe vectors) is loaded
// by the caller and shared, read-only. Rewriters are safe for concurrent
// use.
package rewrite

import (
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

// Reduce keeps at most N words of the query: the words of its RAKE
// keywords (nlp.Keywords, Snowball's stop words), best keyword first, each
// once. A query without keywords, or N <= 0, is left as it is.
type Reduce struct {
	N int
}

// Rewrite implements Rewriter.
func (r Reduce) Rewrite(q retrieval.Query) retrieval.Query {
	if r.N <= 0 {
		return q
	}
	var words []string
	for _, k := range nlp.Keywords(q.Text, nil) {
		for _, w := range strings.Fields(k) {
			if len(words) < r.N && !slices.Contains(words, w) {
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
// each once. It counts synonyms per word, not senses. N <= 0 leaves the
// query as it is.
type Synonyms struct {
	WordNet *wordnet.WordNet
	N       int
}

// Rewrite implements Rewriter.
func (s Synonyms) Rewrite(q retrieval.Query) retrieval.Query {
	if s.N <= 0 || s.WordNet == nil {
		return q
	}
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
			if added == s.N {
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

// ExpandMin is the least cosine similarity of a word Expand adds.
const ExpandMin = 0.6

// Expand makes the query its content words followed by, for each, its N
// nearest GloVe words of cosine similarity at least ExpandMin
// (glove.Vectors.Expand): query expansion by word vectors. A query of no
// known word, or N <= 0, is left as it is.
type Expand struct {
	Vectors *glove.Vectors
	N       int
}

// Rewrite implements Rewriter.
func (e Expand) Rewrite(q retrieval.Query) retrieval.Query {
	if e.N <= 0 || e.Vectors == nil {
		return q
	}
	if words := e.Vectors.Expand(q.Text, e.N, ExpandMin); len(words) > 0 {
		q.Text = strings.Join(words, " ")
	}
	return q
}
