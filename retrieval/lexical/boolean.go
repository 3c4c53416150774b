package lexical

import "strings"

// booleanAnd separates the groups of a Boolean query (Ranking.Boolean).
const booleanAnd = " AND "

// booleanQuery joins groups of words into the text of a Boolean query
// (Ranking.Boolean), leaving out empty groups.
func booleanQuery(groups []string) string {
	var kept []string
	for _, g := range groups {
		if g = strings.TrimSpace(g); g != "" {
			kept = append(kept, g)
		}
	}
	return strings.Join(kept, booleanAnd)
}
