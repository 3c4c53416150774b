package chatnoir

import (
	"context"
	"html"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/argsearch/argsearch/retrieval"
)

// testHandler is a Handler ready to make snippets with the "en" analysis.
func testHandler(t testing.TB) *Handler {
	h := &Handler{
		Search: retrieval.RetrieverFunc(func(context.Context, retrieval.Query, int) ([]retrieval.Hit, error) { return nil, nil }),
		Text:   func(string) (string, bool) { return "", false },
	}
	if err := h.setup(); err != nil {
		t.Fatal(err)
	}
	return h
}

// queryTerms returns the highlight terms of a query, as search makes them.
func queryTerms(h *Handler, q string) map[string]bool {
	set := map[string]bool{}
	for _, term := range h.words.Terms(nil, q) {
		set[term] = true
	}
	return set
}

func TestSnippet(t *testing.T) {
	h := testHandler(t)
	long := strings.Repeat("filler words here. ", 30) + "Tobacco is worse than peace, they say:\n\n<b>peaceful</b> & calm. " + strings.Repeat("more filler. ", 40)
	for _, tt := range []struct{ text, query, want string }{
		{"Tobacco  or\tpeace?", "tobacco peace", "<em>Tobacco</em> or <em>peace</em>?"},
		{"It's <em>not</em> a tag & that's \"fine\"", "tag", "It&#39;s &lt;em&gt;not&lt;/em&gt; a <em>tag</em> &amp; that&#39;s &#34;fine&#34;"},
		{"", "x", ""},
		{"nothing matches", "zebra", "nothing matches"},
		{"the and of", "the", "the and of"}, // stop words are not highlighted
	} {
		if got := h.snippet(tt.text, queryTerms(h, tt.query)); got != tt.want {
			t.Errorf("snippet(%q, %q) = %q, want %q", tt.text, tt.query, got, tt.want)
		}
	}
	got := h.snippet(long, queryTerms(h, "tobacco or peace"))
	if !strings.Contains(got, "<em>Tobacco</em> is worse than <em>peace</em>, they say: &lt;b&gt;<em>peaceful</em>&lt;/b&gt; &amp; calm.") {
		t.Errorf("long: the window misses the matches: %q", got)
	}
	if n := len(wordSpans(StripHighlights(got))); n != snippetWords {
		t.Errorf("long: %d words, want %d", n, snippetWords)
	}
	if got := h.highlightAll("Peace & <Tobacco>", queryTerms(h, "peace tobacco")); got != "<em>Peace</em> &amp; &lt;<em>Tobacco</em>&gt;" {
		t.Errorf("title: %q", got)
	}
}

// FuzzSnippet checks that a snippet is a passage of the text, escaped, with
// balanced highlights, and that no text or query panics.
func FuzzSnippet(f *testing.F) {
	for _, s := range [][2]string{
		{"Tobacco or peace?", "peace"},
		{"a\xffb peace\u00a0peace", "peace"},
		{"don't won’t '’", "don't"},
		{"<em>x</em> &amp;", "x em"},
		{strings.Repeat("w ", 200) + "peace", "peace w"},
	} {
		f.Add(s[0], s[1])
	}
	h := testHandler(f)
	f.Fuzz(func(t *testing.T, text, query string) {
		got := h.snippet(text, queryTerms(h, query))
		if strings.Count(got, "<em>") != strings.Count(got, "</em>") {
			t.Fatalf("unbalanced highlights: %q", got)
		}
		plain := strings.ReplaceAll(strings.ReplaceAll(got, "<em>", ""), "</em>", "")
		if strings.ContainsAny(plain, "<>\"'") {
			t.Errorf("not escaped: %q", got)
		}
		if utf8.ValidString(text) && !strings.Contains(collapse(text), html.UnescapeString(plain)) {
			t.Errorf("%q is not a passage of %q", StripHighlights(got), collapse(text))
		}
		title := h.highlightAll(text, queryTerms(h, query))
		if utf8.ValidString(text) && StripHighlights(title) != strings.TrimSpace(collapse(text)) {
			t.Errorf("title %q of %q", title, text)
		}
	})
}

func TestJSONParams(t *testing.T) {
	p, err := jsonParams([]byte(`{"query": "x", "size": 10, "explain": true, "index": ["a", "b"], "pretty": null, "from": 1e2}`))
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"query": "x", "size": "10", "explain": "true", "index": "a,b", "from": "1e2"} {
		if v, _, _ := p.Get(name); v != want {
			t.Errorf("%s: %q, want %q", name, v, want)
		}
	}
	if _, ok := p["pretty"]; ok {
		t.Error("null is a value")
	}
}

// FuzzJSONParams checks that no body panics the reader, and that a body it
// reads gives every parameter one value.
func FuzzJSONParams(f *testing.F) {
	for _, s := range []string{`{}`, `{"q": "x", "i": ["a"]}`, `[]`, `{"a": {"b": 1}}`, `{"a": [1]}`, `{"a": 1e999}`, `null`, `{"a": "\ud800"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		p, err := jsonParams(body)
		if err != nil {
			if err.Status != 400 {
				t.Errorf("status %d", err.Status)
			}
			return
		}
		for name, vs := range p {
			if len(vs) != 1 {
				t.Errorf("%s: %d values", name, len(vs))
			}
		}
	})
}
