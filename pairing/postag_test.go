package pairing

import (
	"testing"

	"github.com/jdkato/prose/v2"
)

// TestPOSTaggerAgreesWithProse checks that the tagger reproduces prose's
// tags on the sample sentences. prose tags every occurrence of a repeated
// word with the tag of its last occurrence (its tokenizer shares one *Token
// among equal words), so only words that occur once in their sentence are
// compared.
func TestPOSTaggerAgreesWithProse(t *testing.T) {
	tagger := testTagger(t)
	model := prose.ModelFromData("en")
	var total, same int
	for i, s := range sampleSentences(t) {
		if i%15 != 0 { // prose is slow; a fifteenth of the sample is enough
			continue
		}
		doc, err := prose.NewDocument(s.Text, prose.UsingModel(model),
			prose.WithSegmentation(false), prose.WithExtraction(false))
		if err != nil {
			t.Fatal(err)
		}
		want := doc.Tokens()
		got := tagger.Tag(s.Text)
		if len(got) != len(want) {
			t.Fatalf("%s: got %d tokens, want %d", s.ID, len(got), len(want))
		}
		count := map[string]int{}
		for _, tk := range want {
			count[tk.Text]++
		}
		for j := range got {
			if count[want[j].Text] > 1 {
				// prose's tokenizer shares one *Token among equal words
				// of a text, so all of them get the tag of the last one.
				continue
			}
			total++
			if got[j].Text == want[j].Text && got[j].Tag == want[j].Tag {
				same++
			} else if total-same < 20 {
				t.Logf("%s token %d: got %q/%s, prose %q/%s", s.ID, j, got[j].Text, got[j].Tag, want[j].Text, want[j].Tag)
			}
		}
	}
	if total == 0 {
		t.Fatal("no tokens compared")
	}
	agree := float64(same) / float64(total)
	t.Logf("agreement with prose: %d/%d tokens (%.5f)", same, total, agree)
	if agree < 0.999 {
		t.Errorf("got agreement %.5f with prose, want >= 0.999", agree)
	}
}
