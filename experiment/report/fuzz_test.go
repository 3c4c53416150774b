package report_test

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/experiment"
	"github.com/argsearch/argsearch/experiment/report"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/system"
	"github.com/argsearch/argsearch/topics"
	"golang.org/x/net/html"
)

// FuzzText renders a report whose sentence, conclusion, topic title and
// narrative are the fuzzer's text, and checks that the text changes no
// element: the document's elements are those of the same report with the
// text "x", the report is valid UTF-8, and the text is in it as text.
func FuzzText(f *testing.F) {
	for _, s := range []string{scriptText, svgText, badUTF8, "", "]]>", "<!--", "&amp;", "\x00", "<title>", "</title></svg><script>"} {
		f.Add(s)
	}
	q, err := eval.NewQrels([]eval.Judgment{{Topic: "1", DocID: "A__PREMISE__1,A__CONC__1", Label: 1}})
	if err != nil {
		f.Fatal(err)
	}
	j, err := eval.NewJudgments("fuzz", []eval.Dimension{eval.Relevance}, []*eval.Qrels{q})
	if err != nil {
		f.Fatal(err)
	}
	run, err := runfile.NewRun("r", runfile.Rules{}, map[string][]runfile.Result{"1": {{DocID: "A__PREMISE__1,A__CONC__1", Score: 1}}})
	if err != nil {
		f.Fatal(err)
	}
	x := experiment.Experiment{Judgments: j, Systems: []experiment.System{{Name: "r", Run: run}}}
	table, err := x.Run(context.Background())
	if err != nil {
		f.Fatal(err)
	}
	render := func(t *testing.T, text string) []byte {
		a := corpus.Argument{ID: "A", Conclusion: "Conclusion " + text, Premises: []corpus.Premise{{Text: text}},
			Sentences: []corpus.Sentence{{ID: "A__PREMISE__1", Text: text}, {ID: "A__CONC__1", Text: "Conclusion " + text}}}
		store, err := corpus.BuildStore(context.Background(), func(yield func(corpus.Argument, error) bool) { yield(a, nil) })
		if err != nil {
			t.Skip(err)
		}
		x := x
		x.Env = &system.Env{Store: store, K: 1000, Topics: []topics.Topic{{ID: "1", Title: "Title " + text, Narrative: "Narrative " + text}}}
		var b bytes.Buffer
		if err := report.Write(&b, x, table, report.Options{}); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	elements := func(t *testing.T, b []byte) []string {
		doc, err := html.Parse(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for n := range doc.Descendants() {
			if n.Type == html.ElementNode {
				out = append(out, n.Data)
			}
		}
		return out
	}
	f.Fuzz(func(t *testing.T, text string) {
		if len(text) > 400 { // longer sentences are cut, which adds a "more" element
			t.Skip()
		}
		got := render(t, text)
		if !utf8.Valid(got) {
			t.Fatal("the report is not valid UTF-8")
		}
		want := elements(t, render(t, "x"))
		if g := elements(t, got); strings.Join(g, " ") != strings.Join(want, " ") {
			t.Fatalf("text %q changed the elements:\ngot  %v\nwant %v", text, g, want)
		}
		doc, _ := html.Parse(bytes.NewReader(got))
		// As a browser reads it: invalid UTF-8 and NUL as U+FFFD (the
		// report's), line ends as LF (the parser's).
		shown := strings.NewReplacer("\r\n", "\n", "\r", "\n", "\x00", "\uFFFD").Replace(strings.ToValidUTF8(text, "\uFFFD"))
		var found bool
		for n := range doc.Descendants() {
			if n.Type == html.TextNode && n.Parent.Data == "li" && n.Data == shown {
				found = true
			}
		}
		if !found && shown != "" {
			t.Errorf("text %q is not a sentence's text", text)
		}
	})
}
