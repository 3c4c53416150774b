package corpus

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/argsearch/argsearch/corpus/sample"
)

func TestEnglishSplitter(t *testing.T) {
	s, err := NewEnglishSplitter()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"   ", nil},
		{"One sentence", []string{"One sentence"}},
		{"  First one. Second one!  Third one?\nFourth.", []string{"First one.", "Second one!", "Third one?", "Fourth."}},
		{"Mr. Smith went to Washington. He liked it.", []string{"Mr. Smith went to Washington.", "He liked it."}},
		{"It costs $3.50 today. Cheap.", []string{"It costs $3.50 today.", "Cheap."}},
	}
	for _, tt := range tests {
		got := s.Split(nil, tt.in)
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("Split(%q): got/want diff (-want +got):\n%s", tt.in, diff)
		}
	}
	// Split appends to dst.
	if got := s.Split([]string{"x"}, "A b. C d."); !cmp.Equal(got, []string{"x", "A b.", "C d."}) {
		t.Errorf("Split with dst: got %q", got)
	}
}

// TestSplitterAgreement measures how many of the embedded CSV sample's
// sentences the JSON reader (with the default splitter) reproduces from the
// JSON sample: same id and same text. The sample's split was itself
// reconstructed, so this is a measure, not a target; the test fails only if
// the agreement drops below what the default splitter reached when it was
// written, as a guard against regressions in the splitting path.
func TestSplitterAgreement(t *testing.T) {
	want := map[string][]Sentence{}
	for _, a := range readAllT(t, NewCSVReader(sample.ProcessedCSV())) {
		want[a.ID] = a.Sentences
	}
	var total, sameID, sameText, got, exactArgs int
	for _, a := range readAllT(t, NewJSONReader(sample.JSON())) {
		w := want[a.ID]
		ids := map[Sentence]bool{}
		texts := map[string]int{}
		for _, s := range a.Sentences {
			ids[s] = true
			texts[s.Text]++
		}
		for _, s := range w {
			if ids[s] {
				sameID++
			}
			if texts[s.Text] > 0 {
				texts[s.Text]--
				sameText++
			}
		}
		total += len(w)
		got += len(a.Sentences)
		if cmp.Equal(w, a.Sentences) {
			exactArgs++
		}
	}
	rate := float64(sameID) / float64(total)
	t.Logf("sample sentences %d, split %d; same id and text %d (%.1f%%), same text %d (%.1f%%); arguments split exactly alike %d of %d",
		total, got, sameID, 100*rate, sameText, 100*float64(sameText)/float64(total), exactArgs, len(want))
	if rate < 0.35 {
		t.Errorf("agreement %.3f, want at least 0.35", rate)
	}
}
