package pairing

import (
	"fmt"
	"strings"

	"github.com/argsearch/argsearch/internal/quote"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/internal/docid"
	"github.com/argsearch/argsearch/nlp"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/semantic"
	"github.com/argsearch/argsearch/stance"
)

// A Candidate is a sentence retrieved for a query, with what the pair
// scorer knows about it. Candidates makes them from hits; a system then
// fills in what its models say.
type Candidate struct {
	Sentence corpus.Sentence
	// Argument is the id of the sentence's argument; "" means the one its
	// id names (docid.Argument), or, for an id that names none, the
	// sentence alone.
	Argument string
	// Retrieval is the retriever's score, on any scale: a Builder min–max
	// normalises it over the candidates of one call.
	Retrieval float64
	// Argumentativeness is a Scorer's score in [0, 1]; 0 when unknown.
	Argumentativeness float64
	// Centrality is the sentence's ArgsRank score within its argument, in
	// [0, 1]; 0 when unknown.
	Centrality float64
	// Stance is the sentence's stance towards the topic; Unknown is
	// allowed. StanceConfidence is the tagger's confidence in it, which
	// stance.Combine weighs.
	Stance           stance.Stance
	StanceConfidence float64
	// Vector is the sentence's vector from a sentence encoder (package
	// semantic), or nil. Coherence compares two candidates' vectors when
	// both have one (Coherence.SemanticWeight).
	Vector []float32
	// Similarity is the similarity of the sentence to the query, for
	// instance the cosine of their vectors; 0 when unknown.
	Similarity float64
	// Rank is the sentence's rank in the retrieved list it was selected
	// from, from 1; 0 when unknown.
	Rank int
}

// Candidates returns the sentences of hits as candidates, in order, with
// their texts and arguments from store and their scores as Retrieval. A
// hit whose sentence the store does not hold is an error.
func Candidates(store *corpus.Store, hits []retrieval.Hit) ([]Candidate, error) {
	cands := make([]Candidate, len(hits))
	for i, h := range hits {
		s, ok := store.Sentence(h.ID)
		if !ok {
			return nil, fmt.Errorf("pairing: hit %s: no such sentence: %w", quote.Q(h.ID), corpus.ErrNotInStore)
		}
		arg, _ := store.ArgumentOf(h.ID)
		cands[i] = Candidate{Sentence: s, Argument: arg, Retrieval: h.Score}
	}
	return cands, nil
}

// Coherence is how a Builder decides whether two sentences can form a pair
// and scores how well they go together (Scored.Coherence). Two sentences
// are joined unless
//
//   - their stances are opposite (Pro and Con): a pair that contradicts
//     itself is never built;
//   - their TF-IDF cosine similarity exceeds MaxSimilarity: near-paraphrases
//     repeat rather than build on each other;
//   - they come from different arguments, their similarity is below
//     MinSimilarity and they share no noun phrase.
//
// The coherence score of a joined pair, in [0, 1], is the weighted mean of
// its TF-IDF cosine similarity, its noun-phrase overlap (shared phrases over
// the phrases of the sentence with fewer), whether both have the same known
// stance (1 or 0), whether both come from the same argument (1 or 0) and,
// with a SemanticWeight, the cosine similarity of the two candidates'
// Vectors (negative counted as 0; 0 when either has none): what the 2022
// teams measured with SBERT or doc2vec.
//
// Noun phrases come from Phrases (a *pos.Model finds them by
// part-of-speech tags: runs of adjectives and nouns ending in a noun), each
// counted as its content terms and as its head noun alone; without one,
// runs of content words (no stop words) stand in for them.
//
// The TF-IDF weights are inverse document frequencies over the candidates
// of one Builder.Build call.
//
// The zero value is usable. A Coherence is safe for concurrent use when its
// Phrases is.
type Coherence struct {
	// Phrases finds the noun phrases of a text, sorted and without
	// repeats, each as its content terms joined by spaces and its head
	// alone (nlp.Phrases); *pos.Model is one. Nil means runs of content
	// words. It must be safe for concurrent use when the Coherence is used
	// concurrently.
	Phrases interface {
		NounPhrases(text string) []string
	}
	// MinSimilarity is the similarity that joins sentences of different
	// arguments without a shared noun phrase; 0 means 0.1.
	MinSimilarity float64
	// MaxSimilarity is the similarity above which a pair is redundant; 0
	// means 0.8.
	MaxSimilarity float64
	// Weights of the score; all zero means 0.4 similarity, 0.3 noun
	// phrases, 0.1 stance, 0.2 same argument.
	SimilarityWeight, NounPhraseWeight, StanceWeight, SameArgumentWeight float64
	// SemanticWeight is the weight of the Vectors' cosine similarity in the
	// score, beside the other four (or their defaults); 0 means none.
	SemanticWeight float64
}

// sentenceFeatures is what Coherence needs of one sentence, computed once.
type sentenceFeatures struct {
	argID   string
	vec     termVector
	phrases []string // sorted, distinct
}

func (c Coherence) features(cand Candidate, idf *idfTable, in interner) sentenceFeatures {
	s := cand.Sentence
	arg := cand.Argument
	if arg == "" {
		var err error
		if arg, err = docid.Argument(s.ID); err != nil {
			arg = s.ID // not a corpus id: its own argument
		}
	}
	var phrases []string
	if c.Phrases != nil {
		phrases = c.Phrases.NounPhrases(s.Text)
	} else {
		phrases = nlp.Phrases(s.Text)
	}
	return sentenceFeatures{argID: arg, vec: idf.vector(s.Text, in), phrases: phrases}
}

// opposed reports whether a and b are opposite stances: PRO and CON, or
// FIRST and SECOND.
func opposed(a, b stance.Stance) bool {
	switch {
	case a == stance.Pro:
		return b == stance.Con
	case a == stance.Con:
		return b == stance.Pro
	case a == stance.First:
		return b == stance.Second
	case a == stance.Second:
		return b == stance.First
	}
	return false
}

// score returns the coherence of a then b, whose features are fa and fb,
// and whether they may be joined at all.
func (c Coherence) score(a, b Candidate, fa, fb sentenceFeatures) (float64, bool) {
	if opposed(a.Stance, b.Stance) {
		return 0, false
	}
	minSim, maxSim := c.MinSimilarity, c.MaxSimilarity
	if minSim == 0 {
		minSim = 0.1
	}
	if maxSim == 0 {
		maxSim = 0.8
	}
	sim := cosine(fa.vec, fb.vec)
	if sim > maxSim {
		return 0, false
	}
	shared := countShared(fa.phrases, fb.phrases)
	same := fa.argID == fb.argID
	if !same && sim < minSim && shared == 0 {
		return 0, false
	}
	var overlap float64
	if n := min(len(fa.phrases), len(fb.phrases)); n > 0 {
		overlap = float64(shared) / float64(n)
	}
	var sameStance, sameArg float64
	if a.Stance == b.Stance && a.Stance != stance.Unknown {
		sameStance = 1
	}
	if same {
		sameArg = 1
	}
	ws, wn, wst, wa := c.SimilarityWeight, c.NounPhraseWeight, c.StanceWeight, c.SameArgumentWeight
	if ws == 0 && wn == 0 && wst == 0 && wa == 0 {
		ws, wn, wst, wa = 0.4, 0.3, 0.1, 0.2
	}
	var sem float64
	wsem := max(0, c.SemanticWeight)
	if wsem > 0 && a.Vector != nil && b.Vector != nil {
		sem = max(0, semantic.Cosine(a.Vector, b.Vector))
	}
	total := ws + wn + wst + wa + wsem
	if total <= 0 {
		return 0, true
	}
	return (ws*sim + wn*overlap + wst*sameStance + wa*sameArg + wsem*sem) / total, true
}

// countShared counts the strings in both sorted, distinct slices.
func countShared(a, b []string) int {
	n := 0
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch c := strings.Compare(a[i], b[j]); {
		case c < 0:
			i++
		case c > 0:
			j++
		default:
			n++
			i++
			j++
		}
	}
	return n
}
