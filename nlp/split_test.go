package nlp

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/jdkato/prose/v2"
	"github.com/neurosnap/sentences/english"

	"github.com/argsearch/argsearch/corpus/sample"
	"github.com/argsearch/argsearch/internal/pystr"
)

func TestEnglishSplitter(t *testing.T) {
	s, err := newEnglishSplitter()
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

// splitFunc adapts a function to the Splitter interface.
type splitFunc func(dst []string, text string) []string

func (f splitFunc) Split(dst []string, text string) []string { return f(dst, text) }

// neurosnapSplitter returns github.com/neurosnap/sentences' English
// tokenizer itself, the reference newEnglishSplitter must agree with.
func neurosnapSplitter(tb testing.TB) Splitter {
	t, err := english.NewSentenceTokenizer(nil)
	if err != nil {
		tb.Fatal(err)
	}
	return splitFunc(func(dst []string, text string) []string {
		return appendSentences(dst, text, t.SentencePositions(text), pystr.TrimSpace)
	})
}

// TestEnglishSplitterMatchesNeurosnap splits every premise of the embedded
// args.me sample with newEnglishSplitter and with neurosnap's tokenizer: the
// sentences must be the same.
func TestEnglishSplitterMatchesNeurosnap(t *testing.T) {
	var doc struct {
		Arguments []struct {
			Premises []struct{ Text string }
		}
	}
	if err := json.NewDecoder(sample.Touche2021().JSON()).Decode(&doc); err != nil {
		t.Fatal(err)
	}
	s, err := newEnglishSplitter()
	if err != nil {
		t.Fatal(err)
	}
	ref := neurosnapSplitter(t)
	texts, sentences := 0, 0
	for _, a := range doc.Arguments {
		for _, p := range a.Premises {
			want := ref.Split(nil, p.Text)
			if diff := cmp.Diff(want, s.Split(nil, p.Text)); diff != "" {
				t.Errorf("Split(%.60q…) (-want +got):\n%s", p.Text, diff)
			}
			texts++
			sentences += len(want)
		}
	}
	if texts < 643 {
		t.Fatalf("got %d premises, want at least one per argument of the sample", texts)
	}
	t.Logf("%d premises, %d sentences, identical to neurosnap's", texts, sentences)
}

// TestEnglishSplitterConcurrent splits from several goroutines at once;
// run with -race.
func TestEnglishSplitterConcurrent(t *testing.T) {
	s, err := newEnglishSplitter()
	if err != nil {
		t.Fatal(err)
	}
	texts := []string{"Mr. Smith went to Washington. He liked it.", "One. Two! Three?", "No split here"}
	want := make([][]string, len(texts))
	for i, text := range texts {
		want[i] = s.Split(nil, text)
	}
	errs := make(chan string, 4)
	for range 4 {
		go func() {
			var msg string
			for range 200 {
				for i, text := range texts {
					if got := s.Split(nil, text); !cmp.Equal(got, want[i]) && msg == "" {
						msg = cmp.Diff(want[i], got)
					}
				}
			}
			errs <- msg
		}()
	}
	for range 4 {
		if msg := <-errs; msg != "" {
			t.Errorf("concurrent Split: got/want diff (-want +got):\n%s", msg)
		}
	}
}

// TestProseSplitter checks NewProseSplitter against prose itself on texts
// where it differs from newEnglishSplitter, and that it appends to dst.
func TestProseSplitter(t *testing.T) {
	s, err := NewProseSplitter()
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{
		"",
		"He said 'stop.' Then he left.",
		"Climb Mt. Everest. It is high.",
		"Water。Fire！Earth. Next",
		"Wait . . . What? Yes",
		"I work at Yahoo! It is fine.",
		"\x1cEdge of a sentence.\x1c Next one.",
	} {
		got := s.Split(nil, text)
		doc, err := prose.NewDocument(text, prose.WithTagging(false), prose.WithTokenization(false), prose.WithExtraction(false))
		if err != nil {
			t.Fatal(err)
		}
		var want []string
		for _, sent := range doc.Sentences() {
			if sent.Text != "" {
				want = append(want, sent.Text)
			}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("Split(%q) (-prose +got):\n%s", text, diff)
		}
	}
	if got := s.Split([]string{"x"}, "A b. C d."); !cmp.Equal(got, []string{"x", "A b.", "C d."}) {
		t.Errorf("Split with dst: got %q", got)
	}
}
