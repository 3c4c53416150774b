package nlp_test

import (
	"strings"
	"testing"
	"unicode"

	"github.com/google/go-cmp/cmp"

	"github.com/argsearch/argsearch/internal/stopwords"
	"github.com/argsearch/argsearch/nlp"
)

func TestTerms(t *testing.T) {
	for text, want := range map[string][]string{
		"":                              nil,
		"The taxes and policies":        {"taxe", "policy"},
		"Don't ban guns; they're tools": {"ban", "gun", "tool"},
		"Cars, thesis, glass, bus":      {"car", "thesis", "glass", "bus"},
		"A b C dd":                      {"dd"},
		"Ärzte’s Rolle 2020":            {"ärzte’", "rolle", "2020"}, // the plural rule is blind to apostrophes
		"it's it’s IT'S":                nil,
		"rock'n'roll students' rights":  {"rock'n'roll", "student", "right"},
	} {
		if diff := cmp.Diff(want, nlp.Terms(nil, text)); diff != "" {
			t.Errorf("Terms(%q) (-want +got):\n%s", text, diff)
		}
	}
	if got := nlp.Terms([]string{"x"}, "cats"); !cmp.Equal(got, []string{"x", "cat"}) {
		t.Errorf("Terms appends to dst: got %q", got)
	}
}

func TestTermRuns(t *testing.T) {
	for text, want := range map[string][][]string{
		"": nil,
		"The nuclear power plant, they said, is safe": {{"nuclear", "power", "plant"}, {"said"}, {"safe"}},
		"When people say, 'Ladies first', they are":   {{"people", "say"}, {"lady", "first"}},
		"tax\u00a0cuts help":                          {{"tax", "cut", "help"}},
		"a b":                                         nil,
	} {
		if diff := cmp.Diff(want, nlp.TermRuns(text)); diff != "" {
			t.Errorf("TermRuns(%q) (-want +got):\n%s", text, diff)
		}
	}
}

func TestStopLists(t *testing.T) {
	count := func(is func(string) bool, words string) int {
		n := 0
		for _, w := range strings.Fields(words) {
			if is(w) {
				n++
			}
		}
		return n
	}
	// A few members and non-members of each list.
	for _, tc := range []struct {
		name string
		is   func(string) bool
		in   string
		out  string
	}{
		{"lucene", stopwords.Lucene, "a the with will such", "you should because"},
		{"snowball", stopwords.Snowball, "a the you yourselves mustn't should such", "will also"},
		{"function", nlp.IsFunctionWord, "a the will also don’t one", "nuclear tenure"},
	} {
		if n := count(tc.is, tc.in); n != len(strings.Fields(tc.in)) {
			t.Errorf("%s: %d of %q are stop words, want all", tc.name, n, tc.in)
		}
		if n := count(tc.is, tc.out); n != 0 {
			t.Errorf("%s: %d of %q are stop words, want none", tc.name, n, tc.out)
		}
	}
}

// FuzzTerms checks that terms are non-empty words without white space
// ("ᬥs" loses its plural s and leaves one character), and that TermRuns
// holds the same terms in the same order.
func FuzzTerms(f *testing.F) {
	f.Add("The taxes, and policies' ‘quotes’ don't matter.")
	f.Add("\xff\xfe' ’a")
	f.Fuzz(func(t *testing.T, text string) {
		terms := nlp.Terms(nil, text)
		var flat []string
		for _, run := range nlp.TermRuns(text) {
			if len(run) == 0 {
				t.Fatalf("TermRuns(%q) has an empty run", text)
			}
			flat = append(flat, run...)
		}
		if !cmp.Equal(terms, flat) {
			t.Fatalf("Terms(%q) = %q, TermRuns flattened = %q", text, terms, flat)
		}
		for _, term := range terms {
			if term == "" || strings.IndexFunc(term, unicode.IsSpace) >= 0 {
				t.Fatalf("Terms(%q) gave %q", text, term)
			}
		}
	})
}

func TestWords(t *testing.T) {
	for text, want := range map[string][]string{
		"":                        nil,
		"My opponent’s claim":     {"my", "opponent's", "claim"},
		"I accept, THANK you!":    {"i", "accept", "thank", "you"},
		"PrivateMy WARRMy rights": {"private", "my", "warr", "my", "rights"},
		"students' rights 2nd":    {"students", "rights", "2nd"},
	} {
		if diff := cmp.Diff(want, nlp.Words(nil, text)); diff != "" {
			t.Errorf("Words(%q) (-want +got):\n%s", text, diff)
		}
	}
}
