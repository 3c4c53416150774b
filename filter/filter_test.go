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
		{"", tooShort},
		{"Two words", tooShort},
		{"- ... Two words !", tooShort}, // punctuation is not a word
		{"Three words here", noReason},
		{"one two three four five", noReason},
		{"one two three four five six", tooLong},
	} {
		ok, why := f.Check(sent(c.text))
		if why != c.want || ok != (c.want == noReason) {
			t.Errorf("%q: got %v %q, want %q", c.text, ok, why, c.want)
		}
	}
	if ok, _ := (Length{Min: -1, Max: -1}).Check(sent(strings.Repeat("word ", 20000))); !ok {
		t.Error("a Length of negative bounds rejected a long text; want no bounds")
	}
	for n, want := range map[int]bool{4: false, 5: true, 60: true, 61: false} {
		if ok, _ := (Length{}).Check(sent(strings.Repeat("word ", n))); ok != want {
			t.Errorf("the zero Length on %d words: %v, want %v (it keeps 5 to 60)", n, ok, want)
		}
	}
}

func TestNoise(t *testing.T) {
	for _, c := range []struct {
		text string
		want Reason
	}{
		{"Hello and welcome to the debate.", noiseGreeting},
		{"Good evening, everyone.", noiseGreeting},
		{"I accept.", noiseDebateTalk},
		{"I ACCEPT this debate and look forward to a good discussion.", noiseDebateTalk},
		{"My opponent’s argument ignores the data.", noiseDebateTalk},
		{"Thank you for reading.", noiseDebateTalk},
		{"Thanks!", noiseDebateTalk},
		{"Vote Pro!", noiseDebateTalk},
		{"Please vote Con.", noiseDebateTalk},
		{"I extend my arguments.", noiseDebateTalk},
		{"Round 2", noiseRoundHeader},
		{"Rebuttals:", noiseRoundHeader},
		{"Contention 1: The economy", noiseRoundHeader},
		{"http://www.example.com/page?id=3", noiseReference},
		{"[1] http://www.cdc.gov/abortion/data.html", noiseReference},
		{"Sources: [2] [3]", noiseReference},
		{"[4] Smith, J. (2010). Drug policy in Portugal.", noiseReference},
		{"...", noiseEmpty},
		{"", noiseEmpty},
		// Arguments pass, even with debate words inside other words.
		{"Abortion should be legal because women have a right to decide.", noReason},
		{"The opponents of gun control argue that crime would rise.", noReason},
		{"Rounding errors do not matter here, the data is clear.", noReason},
		{"Studies (see http://example.org) show that the death penalty does not deter crime.", noReason},
		{"Hi-tech surveillance violates privacy.", noiseGreeting}, // "hi" is a word here: a known false positive
	} {
		ok, why := Noise{}.Check(sent(c.text))
		if why != c.want || ok != (c.want == noReason) {
			t.Errorf("%q: got %v %q, want %q", c.text, ok, why, c.want)
		}
	}
	extra := Noise{Extra: []string{"Pineapple Pizza"}}
	if _, why := extra.Check(sent("I like pineapple pizza a lot.")); why != noiseDebateTalk {
		t.Errorf("Extra phrase: got %q, want %q", why, noiseDebateTalk)
	}
}

// debateTalkPhrases are the built-in phrases that mark a sentence as talk
// about the debate ("noise-debate-talk").
var debateTalkPhrases = []string{
	"i accept", "i will accept", "i gladly accept", "i happily accept", "i shall accept",
	"accept this debate", "accepting this debate", "accepted this debate", "accept the debate",
	"accepting the debate", "accepted the debate", "accepting my debate", "accept my debate",
	"accept this challenge", "accepting this challenge", "accept my challenge", "for accepting",
	"acceptance only", "round is for acceptance", "round is acceptance", "first round is acceptance",
	"rounds for acceptance", "my opponent", "my opponents", "my opponent's", "the instigator",
	"the contender", "thank you", "thanks for", "thanks to", "thanks again", "many thanks",
	"good luck", "best of luck", "vote pro", "vote con", "vote for pro", "vote for con",
	"vote for me", "please vote", "vote for the pro", "vote for the con", "votes to pro",
	"votes to con", "i look forward", "look forward to", "looking forward to", "extend my arguments",
	"extend all arguments", "extend all my arguments", "arguments extended", "i extend", "forfeit",
	"forfeited", "forfeits", "forfeiting", "over to you", "back to you", "over to con",
	"over to pro", "the floor is yours", "your turn", "i rest my case", "this round", "next round",
	"last round", "previous round", "final round", "in round", "first round", "second round",
	"third round", "fourth round", "this debate", "fun debate", "great debate", "good debate",
}

// TestDebateTalkSwitch checks that the fast matcher knows every listed
// phrase, and that the Noise documentation counts them.
func TestDebateTalkSwitch(t *testing.T) {
	if len(debateTalkPhrases) != 77 {
		t.Errorf("%d phrases, but Noise's documentation says 77", len(debateTalkPhrases))
	}
	for _, p := range debateTalkPhrases {
		if !isDebateTalk(p) {
			t.Errorf("%q: listed but not matched", p)
		}
		if n := len(strings.Fields(p)); n > maxDebateTalkWords {
			t.Errorf("%q: %d words, more than maxDebateTalkWords = %d", p, n, maxDebateTalkWords)
		}
		if _, why := (Noise{}).Check(sent("So " + p + " indeed.")); why != noiseDebateTalk {
			t.Errorf("%q inside a sentence: got %q, want %q", p, why, noiseDebateTalk)
		}
	}
}

func TestVerb(t *testing.T) {
	tagger, err := pos.Load()
	if err != nil {
		t.Fatal(err)
	}
	f := Verb{POS: tagger}
	for text, want := range map[string]Reason{
		"Abortion kills a human being.": noReason,
		"Great points on both sides.":   noVerb,
		"":                              noVerb,
	} {
		if ok, why := f.Check(sent(text)); why != want || ok != (want == noReason) {
			t.Errorf("%q: got %v %q, want %q", text, ok, why, want)
		}
	}
	// MaxTokens reaches the tagger: a verb after 50 tokens is not seen.
	long := strings.Repeat("the big red ball ", 100) + "and it is red."
	if ok, _ := (Verb{POS: tagger, MaxTokens: 50}).Check(sent(long)); ok {
		t.Error("verb after MaxTokens: got kept, want rejected")
	}
	if ok, _ := (Verb{POS: tagger, MaxTokens: 1000}).Check(sent(long)); !ok {
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
	want := []Reason{noReason, duplicate, nearDuplicate, noReason, nearDuplicate, noReason, noReason, noReason, duplicate, noReason}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("reasons: got … want (-want +got):\n%s", diff)
	}
	// The exact text of a near-duplicate comes back: it duplicates the
	// kept sentence, and so does a rejected sentence checked again.
	for _, s := range []corpus.Sentence{{ID: "j__PREMISE__1", Text: "GUNS   kill people!"}, {ID: "c__PREMISE__1", Text: "GUNS   kill people!"}} {
		if ok, why := d.Check(s); ok || why != duplicate {
			t.Errorf("%s again: got %v %q, want a duplicate", s.ID, ok, why)
		}
	}
}

type constScorer float64

func (c constScorer) Score(string) float64 { return float64(c) }

// scorerFunc adapts a function to the Scorer interface.
type scorerFunc func(text string) float64

func (f scorerFunc) Score(text string) float64 { return f(text) }

func TestArgumentativeAndChain(t *testing.T) {
	scorer := scorerFunc(func(text string) float64 {
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
	counts := map[Reason]int{}
	kept, checked, err := selectSentences(context.Background(), f, in, 0, counts)
	if err != nil || checked != len(in) {
		t.Fatalf("Select: checked %d of %d, %v", checked, len(in), err)
	}
	if diff := cmp.Diff([]corpus.Sentence{in[0]}, kept); diff != "" {
		t.Errorf("kept: got … want (-want +got):\n%s", diff)
	}
	want := map[Reason]int{tooShort: 1, noiseDebateTalk: 1, duplicate: 1, notArgumentative: 1}
	if diff := cmp.Diff(want, counts); diff != "" {
		t.Errorf("counts: got … want (-want +got):\n%s", diff)
	}
	for score, want := range map[float64]Reason{0.49: notArgumentative, 0.5: noReason} {
		if _, why := (Argumentative{Scorer: constScorer(score)}).Check(sent("x")); why != want {
			t.Errorf("zero threshold (0.5), score %v: got %q, want %q", score, why, want)
		}
	}
	nan := scorerFunc(func(string) float64 { return 0 * (1 / zero()) })
	if _, why := (Argumentative{Scorer: nan}).Check(sent("x")); why != argumentativeNaN {
		t.Errorf("NaN score: got %q, want %q", why, argumentativeNaN)
	}
}

func zero() float64 { return 0 }
