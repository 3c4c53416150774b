package docid_test

import (
	"errors"
	"math"
	"testing"

	"github.com/argsearch/argsearch/internal/docid"
)

func TestParseSentence(t *testing.T) {
	for _, tc := range []struct {
		id   string
		want docid.Sentence
	}{
		{"S1-A2__PREMISE__3", docid.Sentence{Argument: "S1-A2", Kind: docid.Premise, Number: 3}},
		{"S1-A2__CONC__1", docid.Sentence{Argument: "S1-A2", Kind: docid.Conclusion, Number: 1}},
		{"a__b__PREMISE__12", docid.Sentence{Argument: "a__b", Kind: docid.Premise, Number: 12}},
	} {
		got, err := docid.ParseSentence(tc.id)
		if err != nil || got != tc.want {
			t.Errorf("ParseSentence(%q): got %+v, %v; want %+v", tc.id, got, err, tc.want)
		}
		if got.String() != tc.id {
			t.Errorf("String: got %q, want %q", got.String(), tc.id)
		}
	}
	for _, id := range []string{"", "a", "a__PREMISE", "a__PREMISE__", "a__PREMISE__0", "a__PREMISE__-1",
		"a__PREMISE__+1", "a__PREMISE__01", "a__PREMISE__x", "a__CLAIM__1", "__PREMISE__1", "a,b__CONC__1x"} {
		if s, err := docid.ParseSentence(id); !errors.Is(err, docid.ErrSyntax) {
			t.Errorf("ParseSentence(%q): got %+v, %v; want an error wrapping ErrSyntax", id, s, err)
		}
	}
}

func TestPosition(t *testing.T) {
	p := docid.Sentence{Argument: "a", Kind: docid.Premise, Number: 7}
	c := docid.Sentence{Argument: "a", Kind: docid.Conclusion, Number: 1}
	if p.Position() != 7 || c.Position() != math.MaxInt {
		t.Errorf("got %d and %d, want 7 and MaxInt", p.Position(), c.Position())
	}
}

func TestParsePair(t *testing.T) {
	first, second, err := docid.ParsePair("a__PREMISE__1,b__CONC__1")
	if err != nil || first != "a__PREMISE__1" || second != "b__CONC__1" {
		t.Errorf("got %q %q %v", first, second, err)
	}
	for _, id := range []string{"", "a", ",b", "a,", "a,b,c", ","} {
		if _, _, err := docid.ParsePair(id); !errors.Is(err, docid.ErrSyntax) {
			t.Errorf("ParsePair(%q): got %v, want an error wrapping ErrSyntax", id, err)
		}
	}
}

// FuzzParseSentence checks that an id that parses is the String of its
// parts, and that String always gives an id that parses back.
func FuzzParseSentence(f *testing.F) {
	f.Add("S1-A2__PREMISE__3", "arg", 2)
	f.Add("a__CONC__1", "a__b", 1)
	f.Add("__PREMISE__1", "", 0)
	f.Fuzz(func(t *testing.T, id, arg string, n int) {
		if s, err := docid.ParseSentence(id); err == nil && s.String() != id {
			t.Fatalf("ParseSentence(%q) = %+v, whose String is %q", id, s, s.String())
		}
		s := docid.Sentence{Argument: arg, Kind: docid.Premise, Number: n}
		got, err := docid.ParseSentence(s.String())
		if arg != "" && n >= 1 && (err != nil || got != s) {
			t.Fatalf("ParseSentence(%q): got %+v, %v; want %+v", s.String(), got, err, s)
		}
	})
}

func FuzzParsePair(f *testing.F) {
	f.Add("a,b")
	f.Add(",,")
	f.Fuzz(func(t *testing.T, id string) {
		first, second, err := docid.ParsePair(id)
		if err != nil {
			return
		}
		if docid.Pair(first, second) != id {
			t.Fatalf("ParsePair(%q) = %q, %q, which join to %q", id, first, second, docid.Pair(first, second))
		}
	})
}
