package pos

import (
	"bytes"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/jdkato/prose/v2"
)

// proseTokens returns prose's tokens of text (without tagging), as the
// package took them before it ported the tokenizer; ok is false where
// prose panics.
func proseTokens(text string) (words []string, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	doc, err := prose.NewDocument(text, prose.WithSegmentation(false), prose.WithTagging(false), prose.WithExtraction(false))
	if err != nil {
		return nil, false
	}
	for _, tk := range doc.Tokens() {
		words = append(words, tk.Text)
	}
	return words, true
}

// tokenizeCases are texts that reach every branch of the tokenizer.
var tokenizeCases = []string{
	"", " ", "  \t\n ", "Hello.", "The death penalty should be abolished.",
	`"Well," he said (quietly), "they'll say it's $100 [or more]!"`,
	"Don't! I'm sure you're right; we can't, won't, shouldn't...",
	"The U.S. and e.g. Mr. Smith met Mrs. Jones at 5 p.m. in Dr. Who's office.",
	"I love it :-) and :( and (╯°□°）╯︵┻━┻ and ¯\\(ツ)/¯ and xD and O.o",
	"“Curly quotes” and ‘single’ ones, and it&rsquo;s an apostrophe.",
	"end.Next 4.8% http://example.org/a?b=c a@b.co (see p. 35).",
	"tabs\tand\nnewlines\r\nand\u00a0no-break\u2003em spaces",
	"a.b.c.d. A.B. Ab. Abc. Abcd. aB. ab.",
	"'''quoted''' ((nested)) $$$ ]]] ?!?! ...",
	"n't 'll 's 're 'm nt' ll' s' SHE'S THEY'LL CAN'T I'M WE'RE",
	"死刑是不人道的。 Ünïcödé wörds, ÆØÅ and ß.",
	"İstanbul K \xff\xfe broken",
}

// TestTokenizeAgreesWithProse checks that tokenize splits texts as prose's
// tokenizer does, on the cases above and every sentence of the sample.
func TestTokenizeAgreesWithProse(t *testing.T) {
	texts := append([]string(nil), tokenizeCases...)
	for _, s := range sampleSentences(t) {
		texts = append(texts, s.Text)
	}
	compared := 0
	for _, text := range texts {
		want, ok := proseTokens(proseSafe(text))
		if !ok {
			continue
		}
		compared++
		if d := cmp.Diff(want, tokenize(text)); d != "" {
			t.Errorf("tokenize(%q) (-prose +got):\n%s", text, d)
		}
	}
	if compared < len(tokenizeCases) {
		t.Errorf("compared %d texts, want at least %d", compared, len(tokenizeCases))
	}
}

// FuzzTokenize checks that tokenize never panics and agrees with prose's
// tokenizer wherever prose does not panic.
func FuzzTokenize(f *testing.F) {
	for _, s := range tokenizeCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		got := tokenize(text)
		want, ok := proseTokens(proseSafe(text))
		if !ok {
			return
		}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("tokenize(%q) (-prose +got):\n%s", text, d)
		}
	})
}

// TestModelFilesAreProses checks that the embedded model files are
// prose's, byte for byte.
func TestModelFilesAreProses(t *testing.T) {
	for _, name := range []string{"classes.gob", "tags.gob", "weights.gob"} {
		want, err := prose.Asset("model/AveragedPerceptron/" + name)
		if err != nil {
			t.Fatal(err)
		}
		got, err := modelFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: got %d bytes, prose's Asset %d, or other bytes", name, len(got), len(want))
		}
	}
	if _, err := modelFile("weights.gob.gz"); err == nil {
		t.Error("modelFile of an unknown name: no error")
	}
}
