package corpus

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/jdkato/prose/v2"
	"github.com/neurosnap/sentences/english"

	"github.com/argsearch/argsearch/corpus/sample"
	"github.com/argsearch/argsearch/internal/pystr"
	"github.com/argsearch/argsearch/nlp"
)

// TestSplitterAgreement measures how many of the embedded CSV sample's
// sentences the JSON reader (with the default splitter) reproduces from the
// JSON sample: same id and same text. The sample's split was itself
// reconstructed, so this is a measure, not a target; the test fails only if
// the agreement drops below what the default splitter reached when it was
// written, as a guard against regressions in the splitting path.
func TestSplitterAgreement(t *testing.T) {
	want := map[string][]Sentence{}
	for _, a := range readAllT(t, NewCSVReader(sample.Touche2021().ProcessedCSV())) {
		want[a.ID] = a.Sentences
	}
	var total, sameID, sameText, got, exactArgs int
	for _, a := range readAllT(t, newJSONReader(sample.Touche2021().JSON())) {
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

// splitFunc adapts a function to the nlp.Splitter interface.
type splitFunc func(dst []string, text string) []string

func (f splitFunc) Split(dst []string, text string) []string { return f(dst, text) }

// neurosnapSplitter returns the splitter the default was before
// nlp/internal/punkt: github.com/neurosnap/sentences' English tokenizer
// itself, the reference the default must agree with.
func neurosnapSplitter(tb testing.TB) nlp.Splitter {
	t, err := english.NewSentenceTokenizer(nil)
	if err != nil {
		tb.Fatal(err)
	}
	return splitFunc(func(dst []string, text string) []string {
		prev := 0
		for _, end := range t.SentencePositions(text) {
			if sent := pystr.TrimSpace(text[prev:end]); sent != "" {
				dst = append(dst, sent)
			}
			prev = end
		}
		return dst
	})
}

// TestDefaultSplitterMatchesProse reads the embedded JSON sample with the
// default splitter and with prose v2.0.0's segmenter itself: every
// argument must get the same sentences.
func TestDefaultSplitterMatchesProse(t *testing.T) {
	ref := newJSONReader(sample.Touche2021().JSON())
	ref.Workers = 2 // prose loads its model for every text: use both cores
	ref.Splitter = splitFunc(func(dst []string, text string) []string {
		doc, err := prose.NewDocument(text, prose.WithTagging(false), prose.WithTokenization(false), prose.WithExtraction(false))
		if err != nil {
			t.Error(err)
			return dst
		}
		for _, s := range doc.Sentences() {
			if s.Text != "" {
				dst = append(dst, s.Text)
			}
		}
		return dst
	})
	compareArguments(t, readAllT(t, newJSONReader(sample.Touche2021().JSON())), readAllT(t, ref), "prose's split")
}

// compareArguments checks that got and want (643 arguments each) are the
// same.
func compareArguments(t *testing.T, got, want []Argument, what string) {
	t.Helper()
	if len(got) != 643 || len(want) != 643 {
		t.Fatalf("got %d and %d arguments, want 643", len(got), len(want))
	}
	sentences, same := 0, 0
	for i := range want {
		sentences += len(want[i].Sentences)
		if cmp.Equal(got[i], want[i]) {
			same++
		} else {
			t.Errorf("argument %s: got/want diff (-want +got):\n%s", want[i].ID, cmp.Diff(want[i], got[i]))
		}
	}
	t.Logf("%d of %d arguments (%d sentences) identical to %s", same, len(want), sentences, what)
}
