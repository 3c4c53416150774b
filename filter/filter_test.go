package filter

import (
	"context"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/nlp/pos"
	"github.com/google/go-cmp/cmp"
)

func sent(text string) corpus.Sentence { return corpus.Sentence{ID: "x", Text: text} }

func TestLength(t *testing.T) {
	f := Length{Min: 3, Max: 5}
	for _, c := range []struct {
		text string
		want Reason
	}{
		{"", TooShort},
		{"Two words", TooShort},
		{"- ... Two words !", TooShort}, // punctuation is not a word
		{"Three words here", Kept},
		{"one two three four five", Kept},
		{"one two three four five six", TooLong},
	} {
		ok, why := f.Check(sent(c.text))
		if why != c.want || ok != (c.want == Kept) {
			t.Errorf("%q: got %v %q, want %q", c.text, ok, why, c.want)
		}
	}
	if ok, _ := (Length{}).Check(sent(strings.Repeat("word ", 20000))); !ok {
		t.Error("zero Length rejected a long text; want no bounds")
	}
}

func TestNoise(t *testing.T) {
	for _, c := range []struct {
		text string
		want Reason
	}{
		{"Hello and welcome to the debate.", NoiseGreeting},
		{"Good evening, everyone.", NoiseGreeting},
		{"I accept.", NoiseDebateTalk},
		{"I ACCEPT this debate and look forward to a good discussion.", NoiseDebateTalk},
		{"My opponent’s argument ignores the data.", NoiseDebateTalk},
		{"Thank you for reading.", NoiseDebateTalk},
		{"Thanks!", NoiseDebateTalk},
		{"Vote Pro!", NoiseDebateTalk},
		{"Please vote Con.", NoiseDebateTalk},
		{"I extend my arguments.", NoiseDebateTalk},
		{"Round 2", NoiseRoundHeader},
		{"Rebuttals:", NoiseRoundHeader},
		{"Contention 1: The economy", NoiseRoundHeader},
		{"http://www.example.com/page?id=3", NoiseReference},
		{"[1] http://www.cdc.gov/abortion/data.html", NoiseReference},
		{"Sources: [2] [3]", NoiseReference},
		{"[4] Smith, J. (2010). Drug policy in Portugal.", NoiseReference},
		{"...", NoiseEmpty},
		{"", NoiseEmpty},
		// Arguments pass, even with debate words inside other words.
		{"Abortion should be legal because women have a right to decide.", Kept},
		{"The opponents of gun control argue that crime would rise.", Kept},
		{"Rounding errors do not matter here, the data is clear.", Kept},
		{"Studies (see http://example.org) show that the death penalty does not deter crime.", Kept},
		{"Hi-tech surveillance violates privacy.", NoiseGreeting}, // "hi" is a word here: a known false positive
	} {
		ok, why := Noise{}.Check(sent(c.text))
		if why != c.want || ok != (c.want == Kept) {
			t.Errorf("%q: got %v %q, want %q", c.text, ok, why, c.want)
		}
	}
	extra := Noise{Extra: []string{"Pineapple Pizza"}}
	if _, why := extra.Check(sent("I like pineapple pizza a lot.")); why != NoiseDebateTalk {
		t.Errorf("Extra phrase: got %q, want %q", why, NoiseDebateTalk)
	}
}

// TestDebateTalkSwitch checks that the fast matcher knows every listed
// phrase, so DebateTalkPhrases documents what is matched.
func TestDebateTalkSwitch(t *testing.T) {
	for _, p := range DebateTalkPhrases() {
		if !isDebateTalk(p) {
			t.Errorf("%q: listed but not matched", p)
		}
		if n := len(strings.Fields(p)); n > maxDebateTalkWords {
			t.Errorf("%q: %d words, more than maxDebateTalkWords = %d", p, n, maxDebateTalkWords)
		}
		if _, why := (Noise{}).Check(sent("So " + p + " indeed.")); why != NoiseDebateTalk {
			t.Errorf("%q inside a sentence: got %q, want %q", p, why, NoiseDebateTalk)
		}
	}
}

func TestVerb(t *testing.T) {
	tagger, err := pos.NewTagger()
	if err != nil {
		t.Fatal(err)
	}
	f := Verb{Tagger: tagger}
	for text, want := range map[string]Reason{
		"Abortion kills a human being.": Kept,
		"Great points on both sides.":   NoVerb,
		"":                              NoVerb,
	} {
		if ok, why := f.Check(sent(text)); why != want || ok != (want == Kept) {
			t.Errorf("%q: got %v %q, want %q", text, ok, why, want)
		}
	}
	// MaxTokens reaches the tagger: a verb after 50 tokens is not seen.
	long := strings.Repeat("the big red ball ", 100) + "and it is red."
	if ok, _ := (Verb{Tagger: tagger, MaxTokens: 50}).Check(sent(long)); ok {
		t.Error("verb after MaxTokens: got kept, want rejected")
	}
	if ok, _ := (Verb{Tagger: tagger, MaxTokens: 1000}).Check(sent(long)); !ok {
		t.Error("verb within MaxTokens: got rejected, want kept")
	}
}

func TestDedup(t *testing.T) {
	var d Dedup
	in := []corpus.Sentence{
		{ID: "a__PREMISE__1", Text: "Guns kill people."},
		{ID: "b__PREMISE__1", Text: "Guns kill people."},
		{ID: "c__PREMISE__1", Text: "GUNS   kill people!"},
		{ID: "d__PREMISE__1", Text: "Guns don't kill people."},
		{ID: "e__PREMISE__1", Text: "ＧＵＮＳ kill people…"}, // NFKC: full-width letters
		{ID: "f__PREMISE__1", Text: "Gúns kill people."}, // accents count
		{ID: "g__PREMISE__1", Text: "..."},
		{ID: "h__PREMISE__1", Text: "!"}, // normalises to "" too, but is a different text
		{ID: "i__PREMISE__1", Text: "..."},
		{ID: "a__PREMISE__1", Text: "Guns kill people."}, // the kept one again
	}
	var got []Reason
	for _, s := range in {
		_, why := d.Check(s)
		got = append(got, why)
	}
	want := []Reason{Kept, Duplicate, NearDuplicate, Kept, NearDuplicate, Kept, Kept, Kept, Duplicate, Kept}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("reasons: got … want (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"b__PREMISE__1", "c__PREMISE__1", "e__PREMISE__1"}, d.Duplicates("a__PREMISE__1")); diff != "" {
		t.Errorf("Duplicates: got … want (-want +got):\n%s", diff)
	}
	if orig, ok := d.Original("c__PREMISE__1"); !ok || orig != "a__PREMISE__1" {
		t.Errorf("Original(c): got %q %v, want a__PREMISE__1 true", orig, ok)
	}
	if _, ok := d.Original("d__PREMISE__1"); ok {
		t.Error("Original(d): got true, want false for a kept sentence")
	}
	if d.Len() != 5 {
		t.Errorf("Len: got %d, want 5", d.Len())
	}
	// The exact text of a near-duplicate comes back: it duplicates the
	// kept sentence, and a rejected sentence checked again is not listed
	// twice.
	for _, s := range []corpus.Sentence{{ID: "j__PREMISE__1", Text: "GUNS   kill people!"}, {ID: "c__PREMISE__1", Text: "GUNS   kill people!"}} {
		if ok, why := d.Check(s); ok || why != Duplicate {
			t.Errorf("%s again: got %v %q, want a Duplicate", s.ID, ok, why)
		}
	}
	if orig, ok := d.Original("j__PREMISE__1"); !ok || orig != "a__PREMISE__1" {
		t.Errorf("Original(j): got %q %v, want a__PREMISE__1 true", orig, ok)
	}
	if diff := cmp.Diff([]string{"b__PREMISE__1", "c__PREMISE__1", "e__PREMISE__1", "j__PREMISE__1"}, d.Duplicates("a__PREMISE__1")); diff != "" {
		t.Errorf("Duplicates after: got … want (-want +got):\n%s", diff)
	}
}

type constScorer float64

func (c constScorer) Score(string) float64 { return float64(c) }

func TestArgumentativeAndChain(t *testing.T) {
	scorer := ScorerFunc(func(text string) float64 {
		if strings.Contains(text, "because") {
			return 0.9
		}
		return 0.2
	})
	f := Chain(Length{Min: 3}, Noise{}, &Dedup{}, Argumentative{Scorer: scorer, Threshold: 0.5})
	in := []corpus.Sentence{
		{ID: "a__PREMISE__1", Text: "Taxes should fall because growth follows."},
		{ID: "a__PREMISE__2", Text: "Too short."},
		{ID: "a__PREMISE__3", Text: "Thank you for this debate."},
		{ID: "b__PREMISE__1", Text: "Taxes should fall because growth follows."},
		{ID: "b__PREMISE__2", Text: "Taxes are a topic of some interest."},
	}
	counts := Counts{}
	kept, checked, err := Select(context.Background(), f, in, 0, counts)
	if err != nil || checked != len(in) {
		t.Fatalf("Select: checked %d of %d, %v", checked, len(in), err)
	}
	if diff := cmp.Diff([]corpus.Sentence{in[0]}, kept); diff != "" {
		t.Errorf("kept: got … want (-want +got):\n%s", diff)
	}
	want := Counts{TooShort: 1, NoiseDebateTalk: 1, Duplicate: 1, NotArgumentative: 1}
	if diff := cmp.Diff(want, counts); diff != "" {
		t.Errorf("counts: got … want (-want +got):\n%s", diff)
	}
	if _, why := (Argumentative{Scorer: constScorer(0)}).Check(sent("x")); why != Kept {
		t.Errorf("zero threshold: got %q, want kept", why)
	}
	nan := ScorerFunc(func(string) float64 { return 0 * (1 / zero()) })
	if _, why := (Argumentative{Scorer: nan}).Check(sent("x")); why != ArgumentativeNaN {
		t.Errorf("NaN score: got %q, want %q", why, ArgumentativeNaN)
	}
}

func zero() float64 { return 0 }
