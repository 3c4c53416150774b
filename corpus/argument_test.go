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

// TestStoreStanceNeighbours checks that Store.Stance reads only the premise
// stances of the sentence's own argument, first, middle or last in the
// store, and that an unknown or empty sentence id is Unknown.
func TestStoreStanceNeighbours(t *testing.T) {
	const topic = "Should we ban guns?"
	args := []corpus.Argument{
		{ID: "a", Conclusion: "Ban guns", Premises: []corpus.Premise{{Text: "x", Stance: stance.Pro}}},
		{ID: "b", Conclusion: "Ban guns", Premises: []corpus.Premise{{Text: "x", Stance: stance.Con}, {Text: "y", Stance: stance.Con}}},
		{ID: "c", Conclusion: "Ban guns", Premises: []corpus.Premise{{Text: "x", Stance: stance.Pro}, {Text: "y", Stance: stance.Con}}},
		{ID: "d", Conclusion: "Ban guns"},
		{ID: "e", Conclusion: "Ban guns", Premises: []corpus.Premise{{Text: "x", Stance: stance.Con}}},
	}
	for i := range args {
		args[i].Sentences = []corpus.Sentence{{ID: args[i].ID + "__PREMISE__1", Text: "x"}}
	}
	store, err := corpus.BuildStore(context.Background(), func(yield func(corpus.Argument, error) bool) {
		for _, a := range args {
			if !yield(a, nil) {
				return
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	for id, want := range map[string]stance.Stance{
		"a__PREMISE__1": stance.Pro,
		"b__PREMISE__1": stance.Con,
		"c__PREMISE__1": stance.Unknown, // its premises disagree
		"d__PREMISE__1": stance.Unknown, // no premises
		"e__PREMISE__1": stance.Con,
		"z__PREMISE__1": stance.Unknown, // no such sentence
		"":              stance.Unknown,
	} {
		if got, _ := store.Stance(topic, id); got != want {
			t.Errorf("Stance(%q) = %v, want %v", id, got, want)
		}
	}
}
