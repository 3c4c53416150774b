package use

import (
	"strings"

	"golang.org/x/text/unicode/norm"
)

// maxTokens is the number of tokens the model reads of a text; the rest
// are dropped, as the TF.js graph's ClipToMaxLength drops them.
const maxTokens = 128

// unknown is the id of the unknown piece: a character no piece covers.
const unknown = 0

// reserved is the number of ids before the pieces the tokenizer may
// choose (the unknown piece, <s>, </s> and three unused ones).
const reserved = 6

// A tokenizer splits text into the model's SentencePiece pieces: the
// Viterbi segmentation by the pieces' scores, as the TF.js tokenizer of
// USE-lite computes it, on the text's NFKC normalisation with spaces
// replaced by U+2581 and one U+2581 in front. It serves this model alone:
// its pieces are the model's vocabulary (package analysis's doc lists the
// module's tokenizers and what each is for).
type tokenizer struct {
	lengths []int // each piece's length in code points
	root    *trieNode
}

type trieNode struct {
	children map[rune]*trieNode
	piece    int // the piece ending here; -1 for none
	score    float64
}

func newTokenizer(pieces []string, scores []float64) *tokenizer {
	t := &tokenizer{lengths: make([]int, len(pieces)), root: &trieNode{piece: -1}}
	for i, p := range pieces {
		t.lengths[i] = len([]rune(p))
		if i < reserved {
			continue
		}
		n := t.root
		for _, r := range p {
			c := n.children[r]
			if c == nil {
				if n.children == nil {
					n.children = map[rune]*trieNode{}
				}
				c = &trieNode{piece: -1}
				n.children[r] = c
			}
			n = c
		}
		n.piece, n.score = i, scores[i]
	}
	return t
}

// match is a piece that can start at some position.
type match struct {
	length, piece int
	score         float64
}

// encode returns the piece ids of text, at most maxTokens of them.
func (t *tokenizer) encode(text string) []int32 {
	s := norm.NFKC.String(text)
	if s == "" {
		return nil
	}
	syms := []rune("\u2581" + strings.ReplaceAll(s, " ", "\u2581"))
	n := len(syms)
	// ends[e] are the pieces that end at e, by start ascending, then by
	// length ascending: the order in which the TF.js lattice visits them.
	type edge struct {
		start int
		match
	}
	ends := make([][]edge, n+1)
	for i := range n {
		found := false
		node := t.root.children[syms[i]]
		for j := i; node != nil; j++ {
			if node.piece >= 0 {
				ends[j+1] = append(ends[j+1], edge{i, match{j + 1 - i, node.piece, node.score}})
				found = true
			}
			if j+1 == n {
				break
			}
			node = node.children[syms[j+1]]
		}
		if !found {
			ends[i+1] = append(ends[i+1], edge{i, match{1, unknown, 0}})
		}
	}
	best := make([]float64, n+1)
	words := make([]int, n+1)
	for e := 0; e <= n; e++ {
		for _, c := range ends[e] {
			// As TF.js: a best of exactly 0 counts as none yet, and a
			// later candidate of an equal score wins.
			score := c.score + best[e-c.length]
			if best[e] == 0 || score >= best[e] {
				best[e], words[e] = score, c.piece
			}
		}
	}
	var rev []int32
	for i := n; i > 0; i -= t.lengths[words[i]] {
		rev = append(rev, int32(words[i]))
	}
	// Consecutive unknown pieces become one.
	ids := make([]int32, 0, len(rev))
	for i := len(rev) - 1; i >= 0; i-- {
		if rev[i] == unknown && len(ids) > 0 && ids[len(ids)-1] == unknown {
			continue
		}
		ids = append(ids, rev[i])
	}
	return ids[:min(len(ids), maxTokens)]
}
