package corpustest

import (
	"math/rand/v2"
	"strings"
)

// Query templates: N is a noun, A an adjective, V a verb (base forms of real
// words), W a mid-frequency vocabulary word, real or pseudo.
var queryTemplates = []string{
	"Should N be V?", "Is N A?", "Should the government V N?", "Are N more A than N?",
	"Is it A to V N?", "Should N be A in N?", "Does N V N?", "Can N be V by N?",
	"Should we V the N of W?", "Is W A for N?", "Should N V W?", "Is the N of W A?",
	"Are W N A?", "Should N be banned?", "Do N V W N?",
}

// NumQueries is the number of queries Queries returns.
const NumQueries = 50

// Queries returns NumQueries topic-like questions ("Should teachers get
// tenure?") for retrieval benchmarks on a corpus generated with c: Touché
// style titles of 3 to 9 words built from the corpus vocabulary, most of
// them mid-frequency real words with inflections, so that stemming and
// stop lists matter. They depend on c.Seed and c.Vocabulary only, not on
// the corpus size.
func Queries(c Config) []string {
	c = c.withDefaults()
	if c.Vocabulary < 1000 {
		c.Vocabulary = 1000
	}
	seed := uint64(c.Seed)
	v := newVocab(rand.New(rand.NewPCG(seed, streamVocab)), c.Vocabulary)
	rng := rand.New(rand.NewPCG(seed, streamQueries))
	// Mid-frequency words: frequent enough to match many sentences, rare
	// enough to discriminate.
	var mid []string
	for _, w := range v.words[len(functionWords)+200 : min(len(v.words), 30000)] {
		if strings.ToLower(w) == w {
			mid = append(mid, w)
		}
	}
	out := make([]string, 0, NumQueries)
	seen := map[string]bool{}
	for len(out) < NumQueries {
		t := pick(rng, queryTemplates)
		ws := strings.Fields(t)
		for i, w := range ws {
			end := ""
			if strings.HasSuffix(w, "?") {
				w, end = strings.TrimSuffix(w, "?"), "?"
			}
			switch w {
			case "N":
				w = v.nouns[rng.IntN(len(v.nouns))]
				if rng.IntN(2) == 0 {
					w = plural(w)
				}
			case "A":
				w = pick(rng, v.adjectives)
			case "V":
				w = pick(rng, v.verbs)
				if i > 0 && (ws[i-1] == "be") {
					w = verbForms(w)[1]
				}
			case "W":
				w = pick(rng, mid)
			}
			ws[i] = w + end
		}
		q := strings.Join(ws, " ")
		if !seen[q] {
			seen[q] = true
			out = append(out, q)
		}
	}
	return out
}
