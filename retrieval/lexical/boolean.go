package lexical

import "strings"

// booleanAnd separates the groups of a Boolean query (Ranking.Boolean).
const booleanAnd = " AND "

// BooleanQuery joins groups of words into the text of a Boolean query: a
// document must contain a term of every group. The groups are joined by
// " AND " (which Ranking.Boolean splits at); empty groups are left out.
// The Porthos system of Touché 2022 made such queries of a topic's noun
// chunks (pos.Tagger.NounPhrases gives them).
func BooleanQuery(groups []string) string {
	var kept []string
	for _, g := range groups {
		if g = strings.TrimSpace(g); g != "" {
			kept = append(kept, g)
		}
	}
	return strings.Join(kept, booleanAnd)
}
