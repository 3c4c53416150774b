package lexical

import (
	"testing"

	"github.com/argsearch/argsearch/analysis"
)

func TestDescribe(t *testing.T) {
	for _, tc := range []struct {
		got, want string
	}{
		{analysis.Analysis{}.String(), "lower case, no stop words, no stemming"},
		{mustPreset(t, "en").String(), "fold, possessive 's, stop words english, stem porter2"},
		{mustPreset(t, "lucene").String(), "lower case, possessive 's, stop words lucene, stem porter"},
		{mustPreset(t, "krovetz").String(), "lower case, possessive 's, stop words lucene, stem kstem (Lucene's KStemFilter)"},
		{analysis.Analysis{Fold: true, Possessive: true, Stop: "english", Stem: "krovetz"}.String(), "fold, possessive 's, stop words english, stem krovetz (vocabulary of terms with collection frequency 2 or more)"},
		{analysis.Analysis{Stop: "frequent", StopFrequent: 100}.String(), "lower case, stop words: the 100 most frequent terms, no stemming"},
		{analysis.Analysis{Stop: "glasgow", MinLength: 3, MaxLength: 20}.String(), "lower case, tokens of 3 to 20 characters, stop words glasgow, no stemming"},
		{analysis.Analysis{MinLength: 3}.String(), "lower case, tokens of 3 or more characters, no stop words, no stemming"},
		{analysis.Analysis{MaxLength: 20}.String(), "lower case, tokens of 20 or fewer characters, no stop words, no stemming"},
		{analysis.Analysis{Possessive: true, Stop: "lucene", Stem: "kstem", Shingles: 3}.String(), "lower case, possessive 's, stop words lucene, stem kstem (Lucene's KStemFilter), shingles of 2 to 3 terms"},
		{Ranking{}.String(), "unit sentence, bm25 (k1 1.2, b 0.75), query title"},
		{Ranking{Unit: "argument", Scoring: Scoring{Model: "lucene-dirichlet"}, Fields: FieldWeights{2, 1, 1},
			Query: QueryWeights{Title: 1, Description: 0.5}, PRF: PRF{Method: prfRM3}}.String(),
			"unit argument, lucene-dirichlet (mu 2000), fields conclusion 2, premise 1, title 1, query title + description 0.5, prf rm3 (10 docs, 10 terms, original weight 0.5)"},
		{Ranking{PRF: PRF{Method: prfBo1}, Scoring: Scoring{Model: "tfidf", QuantizeLengths: true}}.String(),
			"unit sentence, tfidf, lengths quantized as Lucene 8's, query title, prf bo1 (3 docs, 10 terms)"},
		{Ranking{Scoring: Scoring{Model: "nope"}}.String(), `invalid search (lexical: unknown scoring model "nope": configuration mismatch or invalid)`},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q\nwant %q", tc.got, tc.want)
		}
	}
}

func mustPreset(t *testing.T, name string) analysis.Analysis {
	t.Helper()
	a, err := analysis.Preset(name)
	if err != nil {
		t.Fatal(err)
	}
	return a
}
