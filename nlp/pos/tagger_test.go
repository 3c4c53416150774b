package pos

import (
	"strings"
	"sync"
	"testing"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/corpus/sample"
	"github.com/argsearch/argsearch/internal/cputime"
	"github.com/google/go-cmp/cmp"
	"github.com/jdkato/prose/v2"
)

// TestPOSTaggerAgreesWithProse checks that the tagger reproduces prose's
// tags on the sample sentences. prose tags every occurrence of a repeated
// word with the tag of its last occurrence (its tokenizer shares one *Token
// among equal words), so only words that occur once in their sentence are
// compared.
func TestTaggerAgreesWithProse(t *testing.T) {
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

func TestTaggerDeterministic(t *testing.T) {
	tg := testTagger(t)
	other, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range sampleSentences(t)[:500] {
		if d := cmp.Diff(tg.Tag(s.Text), other.Tag(s.Text)); d != "" {
			t.Fatalf("%s: two taggers disagree (-first +second):\n%s", s.ID, d)
		}
	}
}

func TestHasVerb(t *testing.T) {
	tg := testTagger(t)
	for text, want := range map[string]bool{
		"Abortion kills a human being.":          true,
		"The death penalty should be abolished.": true,
		"Great points on both sides.":            false,
		"Yes.":                                   false,
		"":                                       false,
		"!!! ??? ...":                            false,
		"http://example.com":                     false,
		"Die Todesstrafe ist unmenschlich und sollte abgeschafft werden.": false,
	} {
		if got := tg.HasVerb(text, 0); got != want {
			t.Errorf("HasVerb(%q): got %v, want %v (tags %v)", text, got, want, tg.Tag(text))
		}
	}
	// A verb after maxTokens tokens is not seen.
	long := strings.Repeat("the big red ball ", 100) + "and it is red."
	if tg.HasVerb(long, 50) {
		t.Error("verb after maxTokens: got true")
	}
	if !tg.HasVerb(long, 1000) || !tg.HasVerb(long, 0) {
		t.Error("verb within maxTokens, or no bound: got false")
	}
}

func TestNounPhrases(t *testing.T) {
	got := testTagger(t).NounPhrases("Nuclear power plants produce cheap electricity, and the waste stays.")
	want := []string{"cheap electricity", "electricity", "nuclear power plant", "plant", "waste"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("NounPhrases (-want +got):\n%s", diff)
	}
}

// FuzzTagger checks that tagging never panics and gives one tag a token.
func FuzzTagger(f *testing.F) {
	for _, s := range []string{"", "Hello.", "\xff\xfe", "İstanbul K", "4.8% of p.35 ...]x", "死刑是不人道的", ":-) http://x.org a@b.c"} {
		f.Add(s)
	}
	tg := testTagger(f)
	f.Fuzz(func(t *testing.T, text string) {
		toks := tg.Tag(text)
		if len(toks) != len(tokenize(text)) {
			t.Fatalf("Tag(%q): %d tokens, tokenize %d", text, len(toks), len(tokenize(text)))
		}
		for _, tk := range toks {
			if tk.Tag == "" {
				t.Fatalf("Tag(%q): token %q has no tag", text, tk.Text)
			}
		}
		tg.HasVerb(text, 3)
		tg.NounPhrases(text)
	})
}

var (
	taggerOnce sync.Once
	taggerVal  *Model
	taggerErr  error
)

// testTagger loads the model once for all tests of the package.
func testTagger(tb testing.TB) *Model {
	tb.Helper()
	taggerOnce.Do(func() { taggerVal, taggerErr = Load() })
	if taggerErr != nil {
		tb.Fatal(taggerErr)
	}
	return taggerVal
}

// sampleSentences reads the sentences of the embedded args.me sample.
func sampleSentences(tb testing.TB) []corpus.Sentence {
	tb.Helper()
	var ss []corpus.Sentence
	for a, err := range corpus.NewCSVReader(sample.Touche2021().ProcessedCSV()).All() {
		if err != nil {
			tb.Fatal(err)
		}
		ss = append(ss, a.Sentences...)
	}
	return ss
}

// BenchmarkTag tags the sample's sentences in turn.
func BenchmarkTag(b *testing.B) {
	tg := testTagger(b)
	ss := sampleSentences(b)
	n := 0
	start, _ := cputime.Process()
	for b.Loop() {
		tg.Tag(ss[n%len(ss)].Text)
		n++
	}
	cputime.Report(b, n, "sentences", start)
}

// BenchmarkNounPhrases finds the noun phrases of the sample's sentences in
// turn.
func BenchmarkNounPhrases(b *testing.B) {
	tg := testTagger(b)
	ss := sampleSentences(b)
	n := 0
	start, _ := cputime.Process()
	for b.Loop() {
		tg.NounPhrases(ss[n%len(ss)].Text)
		n++
	}
	cputime.Report(b, n, "sentences", start)
}

// BenchmarkLoad loads the model, as a program that filters by verbs
// does once at its start.
func BenchmarkLoad(b *testing.B) {
	for b.Loop() {
		if _, err := Load(); err != nil {
			b.Fatal(err)
		}
	}
}
