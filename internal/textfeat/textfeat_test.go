package textfeat

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

func TestTokenize(t *testing.T) {
	cases := map[string][]string{
		"Guns don't kill people, people do.":         {"guns", "do", "not", "kill", "people", ",", "people", "do", "."},
		"We ca n't ban it ... see http://x.org/a":    {"we", "can", "not", "ban", "it", ".", "see", URL},
		"It's 1,000 people in 2019!?":                {"it", "'s", Number, "people", "in", Number, "!", "?"},
		"Cannot won't can't":                         {"can", "not", "will", "not", "can", "not"},
		"  ":                                         nil,
		"state-of-the-art (well-known) \"quoted\" —": {"state-of-the-art", "well-known", "quoted"},
	}
	for in, want := range cases {
		if diff := cmp.Diff(want, Tokenize(nil, in)); diff != "" {
			t.Errorf("Tokenize(%q) (-want +got):\n%s", in, diff)
		}
	}
}

func TestTokenizeBounded(t *testing.T) {
	long := strings.Repeat("word ", 30000)
	if got := len(Tokenize(nil, long)); got != MaxTokens {
		t.Errorf("got %d tokens, want %d", got, MaxTokens)
	}
	if got := len(Tokenize(nil, strings.Repeat("a,", 30000))); got != MaxTokens {
		t.Errorf("got %d tokens, want %d", got, MaxTokens)
	}
}

func TestStem(t *testing.T) {
	groups := [][]string{
		{"cloning", "clones", "cloned", "clone"},
		{"legalization", "legalize", "legalizing", "legal"},
		{"abortion", "abortions"},
		{"uniform", "uniforms"},
		{"control", "controlled", "controls"},
		{"penalty", "penalties"},
	}
	for _, g := range groups {
		for _, w := range g[1:] {
			if Stem(w) != Stem(g[0]) {
				t.Errorf("Stem(%q) = %q, Stem(%q) = %q; want equal", w, Stem(w), g[0], Stem(g[0]))
			}
		}
	}
}

func TestInformative(t *testing.T) {
	for in, want := range map[string]bool{
		"":                        false,
		"?!... ,,":                false,
		"http://a.b www.c.d 1234": false,
		"Атомная энергия опасна":                                      false,
		"Atomkraft ist gefährlich und teuer sagen viele Leute hier":   false,
		"Abortion disproportionately affects African American babies": true,
		"Nuclear power is safe":                                       true,
		"Cloning":                                                     true,
	} {
		if got := Informative(Tokenize(nil, in)); got != want {
			t.Errorf("Informative(%q) = %v, want %v", in, got, want)
		}
	}
}

func FuzzTokenize(f *testing.F) {
	f.Add("Guns don't kill people, people do.")
	f.Add("n't 'x -- a-b 1.5 ...")
	f.Fuzz(func(t *testing.T, s string) {
		toks := Tokenize(nil, s)
		if len(toks) > MaxTokens {
			t.Fatalf("got %d tokens", len(toks))
		}
		for _, tok := range toks {
			if tok == "" || strings.ContainsAny(tok, " \t\n") {
				t.Fatalf("bad token %q", tok)
			}
			if utf8.ValidString(s) && !utf8.ValidString(tok) {
				t.Fatalf("invalid UTF-8 token %q from valid input", tok)
			}
		}
		Informative(toks)
		for _, tok := range toks {
			Stem(tok)
		}
	})
}

func TestTopicPolarity(t *testing.T) {
	for _, c := range []struct {
		topic string
		want  int
	}{
		{"Should teachers get tenure?", 1},
		{"Should bottled water be banned?", -1},
		{"Should the death penalty be allowed?", 1},
		{"This house would abolish congressional earmarks", -1},
		{"This house believes that states should not subsidize the growing of tobacco", -1},
		{"This house would enforce term limits on the legislative branch of government", 1},
		{"This house believes that Israel's 2008-2009 military operations against Gaza were justified", 1},
		{"This house believes that Holocaust denial should be a criminal offence", -1},
		{"This house believes that advertising is harmful", -1},
		{"This house would never have children", -1},
		{"Should we not ban guns?", 1},
	} {
		if got := TopicPolarity(c.topic); got != c.want {
			t.Errorf("TopicPolarity(%q) = %d, want %d", c.topic, got, c.want)
		}
	}
}
