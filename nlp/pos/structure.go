package pos

// Structure returns the structural similarity of two texts, the re-ranking
// signal of the Touché 2022 team Hit Girl ("structural distance": fuzzy
// matching of query and sentence by their part-of-speech tags): one minus
// the edit distance between their tag sequences (insertions, deletions
// and substitutions of one tag, each costing 1), divided by the longer
// sequence's length. 1 means the same sequence of tags, 0 nothing in
// common; two texts without tokens are the same (1). Punctuation tokens
// count as tags, as the tagger gives them.
func (t *Model) Structure(a, b string) float64 {
	return tagSimilarity(t.tags(a), t.tags(b))
}

// tags returns the tags of the tokens of text.
func (t *Model) tags(text string) []string {
	toks := t.Tag(text)
	out := make([]string, len(toks))
	for i, tok := range toks {
		out[i] = tok.Tag
	}
	return out
}

// tagSimilarity is 1 − Levenshtein(a, b)/max(len(a), len(b)), over tags.
func tagSimilarity(a, b []string) float64 {
	n := max(len(a), len(b))
	if n == 0 {
		return 1
	}
	// One row of the edit-distance table at a time.
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			sub := prev[j-1]
			if a[i-1] != b[j-1] {
				sub++
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, sub)
		}
		prev, cur = cur, prev
	}
	return 1 - float64(prev[len(b)])/float64(n)
}
