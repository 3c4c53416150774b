package corpus_test

import (
	"context"
	"testing"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/stance"
)

func TestArgumentStance(t *testing.T) {
	const topic = "Should we ban guns?"
	premises := func(ss ...stance.Stance) []corpus.Premise {
		var ps []corpus.Premise
		for _, s := range ss {
			ps = append(ps, corpus.Premise{Text: "x", Stance: s})
		}
		return ps
	}
	for _, tc := range []struct {
		conclusion string
		premises   []corpus.Premise
		want       stance.Stance
	}{
		{"Ban guns", premises(stance.Pro), stance.Pro},
		{"Ban guns", premises(stance.Con), stance.Con},
		{"Guns should not be banned", premises(stance.Pro), stance.Con}, // the conclusion opposes the topic
		{"Guns should not be banned", premises(stance.Pro, stance.Pro), stance.Con},
		{"Guns should not be banned", premises(stance.Pro, stance.Con), stance.Unknown}, // premises disagree
		{"Ban guns", nil, stance.Unknown},
		{"Ban guns", premises(stance.Unknown), stance.Unknown},
		{"Cats are cute", premises(stance.Pro), stance.Unknown}, // unrelated to the topic
	} {
		a := corpus.Argument{ID: "a", Conclusion: tc.conclusion, Premises: tc.premises, Sentences: []corpus.Sentence{{ID: "a__PREMISE__1", Text: "x"}}}
		store, err := corpus.BuildStore(context.Background(), func(yield func(corpus.Argument, error) bool) { yield(a, nil) })
		if err != nil {
			t.Fatal(err)
		}
		if got, c := store.Stance(topic, "a__PREMISE__1"); got != tc.want || (got == stance.Unknown) != (c == 0) {
			t.Errorf("%q with premises %v: got %v (confidence %v), want %v", tc.conclusion, tc.premises, got, c, tc.want)
		}
	}
}
