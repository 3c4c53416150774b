package filter_test

import (
	"context"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/filter"
	"github.com/argsearch/argsearch/internal/dup"
	"github.com/argsearch/argsearch/nlp/pos"
)

// FuzzFilters checks that no filter panics on any text, that a rejection
// always has a reason, and that Dedup recognises a text checked twice.
func FuzzFilters(f *testing.F) {
	for _, s := range []string{"", "Hello.", "I accept.", "http://x.org", "[1] (2010) retrieved",
		"Abortion should be legal because women decide.", "Round 2:", "\xff\xfe", "4.8% of p.35 ...]x",
		"Café naïve ﬁne", "死刑是不人道的"} {
		f.Add(s)
	}
	tagger, err := pos.Load()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s := corpus.Sentence{ID: "F__PREMISE__1", Text: text}
		for _, flt := range []filter.Filter{filter.Length{Min: 2, Max: 50}, filter.Noise{}, filter.Verb{POS: tagger, MaxTokens: 50}, &filter.Dedup{}} {
			if ok, why := flt.Check(s); ok != (why == "") {
				t.Fatalf("%T: ok %v with reason %q", flt, ok, why)
			}
		}
		var d filter.Dedup
		d.Check(corpus.Sentence{ID: "D__PREMISE__1", Text: text})
		if ok, why := d.Check(corpus.Sentence{ID: "D__PREMISE__2", Text: text}); ok || why != "duplicate" {
			t.Fatalf("Dedup: the same text %q twice: got %v %q, want a duplicate", text, ok, why)
		}
		if norm := dup.Normalize(text); norm != "" {
			if ok, why := d.Check(corpus.Sentence{ID: "D__PREMISE__3", Text: norm}); ok {
				t.Fatalf("Dedup: normalised %q kept (%q), want a duplicate", text, why)
			}
		}
		ss := []corpus.Sentence{s, s, {ID: "G__PREMISE__1", Text: text + " x"}}
		if _, _, err := filter.Select(context.Background(), filter.Chain(filter.Noise{}, &filter.Dedup{}), ss, 2, nil); err != nil {
			t.Fatal(err)
		}
	})
}

// TestBadInput gives every filter the hostile inputs: each returns a
// defined answer without a panic, and quickly (measured by
// BenchmarkBadInput100KB; tests assert no timings).
func TestBadInput(t *testing.T) {
	long := strings.Repeat("The quick brown fox jumps over the lazy dog because it can. ", 1700) // ~100 KB
	inputs := map[string]string{
		"empty":       "",
		"punctuation": "?!... --- ;;; (((",
		"urls":        "http://a.example.com/x https://b.example.org/y?z=1 www.c.net",
		"100KB":       long,
		"german":      "Die Todesstrafe ist unmenschlich und sollte abgeschafft werden.",
		"chinese":     "死刑是不人道的，应该被废除。",
		"invalid":     "\xff\xfe\xfd abc \xc3",
		"control":     "\x00\x01\x02\n\t\r",
		"case-length": "İSTANBUL'S \u212a value: 00\xe200\xf30's", // lower case changes byte length: prose panics on it
	}
	tagger, err := pos.Load()
	if err != nil {
		t.Fatal(err)
	}
	filters := map[string]filter.Filter{
		"Length": filter.Length{Min: 5, Max: 60},
		"Noise":  filter.Noise{},
		"Verb":   filter.Verb{POS: tagger},
		"Dedup":  &filter.Dedup{},
		"Argumentative": filter.Argumentative{Scorer: scorerFunc(func(s string) float64 {
			return float64(len(s)%10) / 10
		}), Threshold: 0.5},
	}
	for name, text := range inputs {
		s := corpus.Sentence{ID: "Z__PREMISE__1", Text: text}
		for fname, f := range filters {
			if ok, why := f.Check(s); ok != (why == "") {
				t.Errorf("%s on %s: ok %v with reason %q", fname, name, ok, why)
			}
		}
	}
	// The defined answers.
	for name, want := range map[string]filter.Reason{"empty": "noise-empty", "punctuation": "noise-empty", "urls": "noise-reference"} {
		if _, why := (filter.Noise{}).Check(corpus.Sentence{Text: inputs[name]}); why != want {
			t.Errorf("Noise on %s: got %q, want %q", name, why, want)
		}
	}
	for _, name := range []string{"empty", "punctuation", "urls", "chinese", "control"} {
		if ok, _ := (filter.Verb{POS: tagger}).Check(corpus.Sentence{Text: inputs[name]}); ok {
			t.Errorf("Verb on %s: kept, want rejected", name)
		}
	}
	if _, why := (filter.Length{Min: 5, Max: 60}).Check(corpus.Sentence{Text: long}); why != "too-long" {
		t.Errorf("Length on 100KB: got %q, want %q", why, "too-long")
	}
}

// TestFiltersOnSample runs the standard chain over the sample sentences
// and checks each filter rejects something and most sentences survive.
func TestFiltersOnSample(t *testing.T) {
	ss := sampleSentences(t)
	tagger, err := pos.Load()
	if err != nil {
		t.Fatal(err)
	}
	f := filter.Chain(filter.Length{Min: 5, Max: 60}, filter.Noise{}, &filter.Dedup{}, filter.Verb{POS: tagger})
	counts := map[filter.Reason]int{}
	kept, _, err := filter.Select(context.Background(), f, ss, 0, counts)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d sentences, %d kept, rejections %v", len(ss), len(kept), counts)
	for _, r := range []filter.Reason{"too-short", "too-long", "noise-debate-talk", "no-verb", "duplicate"} {
		if counts[r] == 0 {
			t.Errorf("no sentence rejected as %q", r)
		}
	}
	if len(kept) < len(ss)/2 || len(kept) == len(ss) {
		t.Errorf("kept %d of %d sentences", len(kept), len(ss))
	}
	rejected := 0
	for _, n := range counts {
		rejected += n
	}
	if rejected+len(kept) != len(ss) {
		t.Errorf("kept %d + rejected %d != %d sentences", len(kept), rejected, len(ss))
	}
	for _, s := range kept {
		if strings.Contains(strings.ToLower(s.Text), "my opponent") {
			t.Errorf("kept %q", s.Text)
		}
	}
}
