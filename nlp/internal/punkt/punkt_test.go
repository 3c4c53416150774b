package punkt

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/neurosnap/sentences"
	"github.com/neurosnap/sentences/english"

	"github.com/argsearch/argsearch/corpus/sample"
)

// edgeCases exercise the quirks of the original: abbreviations,
// collocations, initials, numbers, list numbers, ellipses, quotes,
// brackets, CJK punctuation, multi-byte final words, invalid UTF-8.
var edgeCases = []string{
	"",
	"   ",
	" \n\t ",
	"One sentence",
	"  First one. Second one!  Third one?\nFourth.",
	"Mr. Smith went to Washington. He liked it.",
	"It costs $3.50 today. Cheap.",
	"The U.S.A. is big. The F.B.I. agreed. the C.I.A. did not.",
	"He said \"stop.\" Then he left. She asked 'why?' and he ran.",
	"He said “stop.” Then he left. He said ‘go!’ So he went.",
	"See (this one.) And that. Wait... What? Yes . . . no. . .",
	"1. First item. 2. Second item. 3) Third. 12.5 percent. In 1999. The 3rd. Sgt. Pepper. Gov. Brown. No. 5 is here.",
	"J. S. Bach wrote it. A. Einstein too. e. g. this. i.e. that. N°. 5 here. 1.2.3. Next.",
	"Prices rose 3,5. Then -1.5. Then ,5. Then 5-. Then 1,000,000. Done.",
	"Ends with café.", "café", "Really?”", "über. Öl ist teuer. ÄRGER.",
	"中文句子。第二句！第三句？好；", "a。b", "Hello。", "x 。y",
	"bad \xff byte. \xffNext one. Caf\xc3. Ok.",
	"Jan. 5th. Feb. Mar. Inc. Corp. Ltd. vs. etc. Then.",
	"word.[1] Other.(2) more?[3] less!(4) fine.\"x\" ok.'y' end",
	"THE END. Is near. TO BE. or not.",
	"A.. B... c.... D. . E",
	". . . .",
	"..",
	"?!",
	"— dash. – en. … ellipsis… Next.",
	"Here is 1\n\nAnd here 2.\n\nFinal 3.",
}

func TestMatchesNeurosnapOnEdgeCases(t *testing.T) {
	want := reference(t)
	tok := NewTokenizer(model(t))
	for _, text := range edgeCases {
		compare(t, want, tok, text)
	}
}

// TestMatchesNeurosnapOnSample compares the breaks of every premise and
// conclusion of the embedded args.me sample with the original's.
func TestMatchesNeurosnapOnSample(t *testing.T) {
	var file struct {
		Arguments []struct {
			Conclusion string
			Premises   []struct{ Text string }
		}
	}
	if err := json.NewDecoder(sample.Touche2021().JSON()).Decode(&file); err != nil {
		t.Fatal(err)
	}
	if len(file.Arguments) != 643 {
		t.Fatalf("got %d sample arguments, want 643", len(file.Arguments))
	}
	want := reference(t)
	tok := NewTokenizer(model(t))
	texts := 0
	for _, a := range file.Arguments {
		compare(t, want, tok, a.Conclusion)
		for _, p := range a.Premises {
			compare(t, want, tok, p.Text)
			texts++
		}
	}
	t.Logf("%d premises and %d conclusions give the same breaks", texts, len(file.Arguments))
}

// FuzzMatchesNeurosnap checks that the breaks equal the original's on any
// input.
func FuzzMatchesNeurosnap(f *testing.F) {
	for _, s := range edgeCases {
		f.Add(s)
	}
	want, err := english.NewSentenceTokenizer(nil)
	if err != nil {
		f.Fatal(err)
	}
	m, err := English()
	if err != nil {
		f.Fatal(err)
	}
	tok := NewTokenizer(m)
	f.Fuzz(func(t *testing.T, text string) {
		compare(t, want, tok, text)
	})
}

func TestAppendBreaksAppends(t *testing.T) {
	tok := NewTokenizer(model(t))
	got := tok.AppendBreaks([]int{-1}, "A b. C d.")
	if want := []int{-1, 4, 9}; !cmp.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if got := tok.AppendBreaks(nil, ""); !cmp.Equal(got, []int{0}) {
		t.Errorf("empty text: got %v, want [0]", got)
	}
}

func TestNumberStart(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{
		{"abc", -1}, {"5", 0}, {"a5", 1}, {"-5", 0}, {"--5", 1}, {".5", 0}, {"-.5", 0},
		{",.5", 1}, {"a-,5", 1}, {"5-", 0}, {"1,000.", 0}, {"x1.2.3", 1}, {"..", -1}, {"a-", -1},
	}
	for _, tt := range tests {
		if got := numberStart([]byte(tt.in)); got != tt.want {
			t.Errorf("numberStart(%q): got %d, want %d", tt.in, got, tt.want)
		}
	}
}

func compare(t *testing.T, want *sentences.DefaultSentenceTokenizer, tok *Tokenizer, text string) {
	t.Helper()
	w := want.SentencePositions(text)
	g := tok.AppendBreaks(nil, text)
	if !cmp.Equal(w, g) {
		t.Errorf("AppendBreaks(%q): got %v, want %v (neurosnap)\ngot:  %q\nwant: %q", text, g, w, cut(text, g), cut(text, w))
	}
}

func cut(text string, breaks []int) []string {
	var out []string
	prev := 0
	for _, b := range breaks {
		if b >= prev && b <= len(text) {
			out = append(out, strings.TrimSpace(text[prev:b]))
			prev = b
		}
	}
	return out
}

func reference(t *testing.T) *sentences.DefaultSentenceTokenizer {
	t.Helper()
	s, err := english.NewSentenceTokenizer(nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func model(t *testing.T) *Model {
	t.Helper()
	m, err := English()
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// fuzzWords are the pieces FuzzMatchesNeurosnapWords builds texts of: words
// that trigger each heuristic of the model (abbreviations, collocations,
// frequent sentence starters, orthographic contexts), numbers, initials,
// punctuation and quotes.
var fuzzWords = []string{
	"Dr.", "dr.", "Inc.", "U.S.A.", "u.s.", "a.m.", "Ph.D.", "Sgt.", "gov.", "No.", "no.", "Jan.", "etc.", "vs.", "e.g.", "i.e.", "F.B.I.",
	"J.", "b.", "B.", "I.", "o.", "Smith", "smith", "Walter", "Genentech", "Financing", "financing", "Who", "who",
	"However", "however", "The", "the", "He", "he", "It", "it", "In", "in", "Market", "market", "Father", "father", "Missile",
	"5.", "12", "1)", "2).", "3,000.", "-4.5.", ".5.", "1999.", "3rd.", "1.2.3.", "N°.", "No", "x5", "5-",
	".", "..", "...", "?", "!", ",", ";", ":", "。", "！", "？", "；", "，",
	"\"Hi.\"", "'ok.'", "stop.”", "go!’", "(end.)", "end?)", "word.[1]", "this.(2)", "what?[3]", "hey!(4)", ".\"", "“Yes,”", "…",
	"café.", "Café", "Öl.", "ÉCOLE", "über", "\xff", "\xc3", "ok", "Word", "word", "WORD.", "a", "A", "-", "—",
}

var fuzzSeparators = []string{" ", " ", " ", "  ", "\n", "\n\n", "\t", "", "\u00a0", "\u3000", " \n "}

// FuzzMatchesNeurosnapWords checks the breaks against the original's on
// texts built from fuzzWords, which reach the model's heuristics far more
// often than random bytes do.
func FuzzMatchesNeurosnapWords(f *testing.F) {
	f.Add([]byte{0, 1, 22, 0, 30, 1, 60, 2, 75, 7, 3, 0})
	f.Add([]byte{17, 0, 22, 0, 49, 0, 28, 4, 65, 0, 66, 0})
	want, err := english.NewSentenceTokenizer(nil)
	if err != nil {
		f.Fatal(err)
	}
	m, err := English()
	if err != nil {
		f.Fatal(err)
	}
	tok := NewTokenizer(m)
	f.Fuzz(func(t *testing.T, b []byte) {
		var text strings.Builder
		for i := 0; i+1 < len(b); i += 2 {
			text.WriteString(fuzzWords[int(b[i])%len(fuzzWords)])
			text.WriteString(fuzzSeparators[int(b[i+1])%len(fuzzSeparators)])
		}
		compare(t, want, tok, text.String())
	})
}
