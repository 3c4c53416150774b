package comparative

import (
	"strings"

	"github.com/argsearch/argsearch/internal/stopwords"
	"github.com/argsearch/argsearch/nlp"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/topics"
)

// comparisonWords are the words of a comparative question that ask for the
// comparison rather than name what is compared.
var comparisonWords = map[string]bool{
	"better": true, "best": true, "worse": true, "vs": true, "versus": true, "compare": true,
	"comparison": true, "difference": true, "differences": true, "advantages": true,
	"disadvantages": true, "pros": true, "cons": true, "prefer": true, "choose": true,
	"which": true, "what": true, "should": true, "buy": true, "get": true, "use": true,
}

// queryVariants returns the query variants of a Task 2 topic that the 2022
// teams searched with, each a retrieval.Query with the topic's ID,
// description and narrative, in this order:
//
//  0. the title as it is (every team; the baseline);
//  1. the title without stop words (Snowball's list, which NLTK's, used by
//     Captain Levi and Asuna, follows closely);
//  2. the two objects alone;
//  3. the objects and the aspects: the title's content words that are
//     neither stop words nor words that ask for a comparison ("better",
//     "which", "vs"), as Olivier Armstrong queried with objects, aspects and
//     predicates.
//
// A variant that would be empty (a title of stop words only) is the title.
func queryVariants(t topics.Topic) []retrieval.Query {
	base := retrieval.TopicQuery(t)
	words := nlp.Words(nil, t.Title)
	var noStop, aspects []string
	objectWords := map[string]bool{}
	for _, o := range t.Objects {
		for _, w := range nlp.Words(nil, o) {
			objectWords[w] = true
		}
	}
	for _, w := range words {
		if stopwords.Snowball(w) {
			continue
		}
		noStop = append(noStop, w)
		if !objectWords[w] && !comparisonWords[w] {
			aspects = append(aspects, w)
		}
	}
	variant := func(text string) retrieval.Query {
		q := base
		if strings.TrimSpace(text) != "" {
			q.Text = text
		}
		return q
	}
	objects := strings.Join(t.Objects, " ")
	return []retrieval.Query{
		base,
		variant(strings.Join(noStop, " ")),
		variant(objects),
		variant(strings.TrimSpace(objects + " " + strings.Join(aspects, " "))),
	}
}
