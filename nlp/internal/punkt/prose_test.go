package punkt

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/jdkato/prose/v2"

	"github.com/argsearch/argsearch/corpus/sample"
)

// proseEdgeCases add to edgeCases the rules where prose differs from
// neurosnap/sentences v1.1.2: ".'" endings, "Yahoo!", ellipses with
// spaces, sentence-internal quotes and parentheses, "Mt.", CJK
// punctuation, coordinates and list numbers.
var proseEdgeCases = []string{
	"He said 'stop.' Then he left. He said 'stop.' and left.",
	"I work at Yahoo! It is fine. Yahoo!Mail is down. Yahoo!? No.",
	"Wait. . . What? Wait . . . what? Wait.. . Really. .. no... Yes",
	"He said \"no.\" he left. (Really.) then. (Really.) Then. “Fine.” so. ‘Fine!’ So.",
	"Mt. Everest is high. Mt. Fuji too. Mr. X. And Y.",
	"N°. 5 is here. 1.2.3. Next. 3) Third. 1. First.",
	"Water。Fire！Earth？Air；Done. 中文。Next",
	"The U.S. Army. the U.S. army. The F.B.I. Then the C.I.A. agents.",
	"End.\" Start. End.) start. End!\" start. End?) Start",
	"It was 5 p.m. Then it was 6 p.m. and dark.",
}

// proseSentences returns prose's sentences of text, without the empty one
// it gives for trailing white space.
func proseSentences(t testing.TB, text string) []string {
	t.Helper()
	doc, err := prose.NewDocument(text, prose.WithTagging(false), prose.WithTokenization(false), prose.WithExtraction(false))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, s := range doc.Sentences() {
		if s.Text != "" {
			out = append(out, s.Text)
		}
	}
	return out
}

// compareProse checks that the pieces between tok's breaks, trimmed, are
// prose's sentences.
func compareProse(t testing.TB, tok *Tokenizer, text string) {
	t.Helper()
	want := proseSentences(t, text)
	var got []string
	for _, s := range cut(text, tok.AppendBreaks(nil, text)) {
		if s != "" {
			got = append(got, s)
		}
	}
	if !cmp.Equal(got, want) {
		t.Errorf("text %q:\ngot  %q\nwant %q (prose)", text, got, want)
	}
}

func proseModel(t testing.TB) *Model {
	t.Helper()
	m, err := Prose()
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestMatchesProseOnEdgeCases(t *testing.T) {
	tok := NewTokenizer(proseModel(t))
	for _, text := range append(append([]string(nil), edgeCases...), proseEdgeCases...) {
		compareProse(t, tok, text)
	}
}

// TestMatchesProseOnSample compares the sentences of every premise and
// conclusion of the embedded args.me sample with prose's (prose takes
// about 12 ms a text: it loads its model for every document).
func TestMatchesProseOnSample(t *testing.T) {
	var file struct {
		Arguments []struct {
			Conclusion string
			Premises   []struct{ Text string }
		}
	}
	if err := json.NewDecoder(sample.Touche2021().JSON()).Decode(&file); err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, a := range file.Arguments {
		texts = append(texts, a.Conclusion)
		for _, p := range a.Premises {
			texts = append(texts, p.Text)
		}
	}
	m := proseModel(t)
	for part := range 2 { // prose is slow: use both cores
		t.Run([]string{"even", "odd"}[part], func(t *testing.T) {
			t.Parallel()
			tok := NewTokenizer(m)
			for i := part; i < len(texts); i += 2 {
				compareProse(t, tok, texts[i])
			}
		})
	}
}

// FuzzMatchesProse checks the sentences against prose's on any input.
func FuzzMatchesProse(f *testing.F) {
	for _, s := range append(append([]string(nil), edgeCases...), proseEdgeCases...) {
		f.Add(s)
	}
	tok := NewTokenizer(proseModel(f))
	f.Fuzz(func(t *testing.T, text string) {
		compareProse(t, tok, text)
	})
}

// FuzzMatchesProseWords checks the sentences against prose's on texts
// built from fuzzWords and proseFuzzWords.
func FuzzMatchesProseWords(f *testing.F) {
	f.Add([]byte{0, 1, 22, 0, 30, 1, 60, 2, 75, 7, 3, 0})
	f.Add([]byte{17, 0, 22, 0, 49, 0, 28, 4, 65, 0, 66, 0})
	words := append(append([]string(nil), fuzzWords...), proseFuzzWords...)
	tok := NewTokenizer(proseModel(f))
	f.Fuzz(func(t *testing.T, b []byte) {
		var text strings.Builder
		for i := 0; i+1 < len(b); i += 2 {
			text.WriteString(words[int(b[i])%len(words)])
			text.WriteString(fuzzSeparators[int(b[i+1])%len(fuzzSeparators)])
		}
		compareProse(t, tok, text.String())
	})
}

// proseFuzzWords reach the rules only prose has.
var proseFuzzWords = []string{"Mt.", "mt.", "Yahoo!", "Yahoo!!", "'stop.'", "no.'", "(so.)", "“so.”", ". .", ".\n.", "p.m.", "Everest"}
