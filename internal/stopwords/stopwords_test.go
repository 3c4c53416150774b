package stopwords_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/internal/stopwords"
)

// The stop lists were copied by hand from Debian packages that CI does not
// have, so this test cannot compare them with their sources. It checks
// what the source files gave when they were copied: each list's word count
// (the case labels of its switch, read from stopwords.go), that every
// label is a lower-case member, and a few members and non-members.
//
//	Lucene    33  Lucene's EnglishAnalyzer ENGLISH_STOP_WORDS_SET
//	Snowball 174  Snowball's English stop.txt, as bleve's stop_en
//	Glasgow  318  python3-sklearn 1.2.1+dfsg-1 (Debian bookworm),
//	                        /usr/lib/python3/dist-packages/sklearn/
//	                        feature_extraction/_stop_words.py,
//	                        ENGLISH_STOP_WORDS
func TestStopListCounts(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "stopwords.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	words := map[string][]string{} // function → its case labels
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				s, err := strconv.Unquote(lit.Value)
				if err != nil {
					t.Fatal(err)
				}
				words[fn.Name.Name] = append(words[fn.Name.Name], s)
			}
			return true
		})
	}
	for _, c := range []struct {
		name string
		is   func(string) bool
		n    int
	}{
		{"Lucene", stopwords.Lucene, 33},
		{"Snowball", stopwords.Snowball, 174},
		{"Glasgow", stopwords.Glasgow, 318},
	} {
		ws := words[c.name]
		if len(ws) != c.n {
			t.Errorf("%s: got %d words, want %d", c.name, len(ws), c.n)
		}
		seen := map[string]bool{}
		for _, w := range ws {
			if seen[w] {
				t.Errorf("%s: %q twice", c.name, w)
			}
			seen[w] = true
			if w != strings.ToLower(w) || strings.TrimSpace(w) != w || w == "" {
				t.Errorf("%s: %q is not a lower-case word", c.name, w)
			}
			if !c.is(w) {
				t.Errorf("%s(%q): got false, want true", c.name, w)
			}
		}
	}
}

func TestGlasgowStopWord(t *testing.T) {
	for _, w := range []string{"a", "the", "whereafter", "amoungst", "yourselves", "nevertheless", "bill", "system", "thick"} {
		if !stopwords.Glasgow(w) {
			t.Errorf("Glasgow(%q): got false, want true", w)
		}
	}
	// Contractions and words of other lists, upper case and content words.
	for _, w := range []string{"", "The", "don't", "it's", "abortion", "legal", "just", "did", "ought"} {
		if stopwords.Glasgow(w) {
			t.Errorf("Glasgow(%q): got true, want false", w)
		}
	}
}
