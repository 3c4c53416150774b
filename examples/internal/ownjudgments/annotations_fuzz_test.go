package ownjudgments_test

import (
	"strings"
	"testing"
	"time"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/examples/internal/ownjudgments"
)

// FuzzReadAnnotations: any input is read or refused, never a panic; what is
// read is written back by MarshalText to a file that reads the same.
func FuzzReadAnnotations(f *testing.F) {
	f.Add(ownjudgments.AnnotationsHeader + "\n1\ta,b\t2\t1\t0\tAda\t2026-11-27T01:02:03Z\tjudged\n")
	f.Add(ownjudgments.AnnotationsHeader + "\n1\ta\\tb\t-2\t0\t0\tA\\\\B\t2026-11-27T01:02:03.5+01:00\tcorrected")
	f.Add("1 0 a,b 2\n")
	f.Fuzz(func(t *testing.T, text string) {
		a, err := ownjudgments.ReadAnnotations(strings.NewReader(text), "fuzz")
		if err != nil {
			return
		}
		var back []ownjudgments.Annotation
		for _, d := range []eval.Dimension{eval.Relevance} {
			for j := range a.Judgments().Qrels(d).All() {
				q, _ := a.Judgments().Qrels(eval.Quality).Label(j.Topic, j.DocID)
				c, _ := a.Judgments().Qrels(eval.Coherence).Label(j.Topic, j.DocID)
				back = append(back, ownjudgments.Annotation{Topic: j.Topic, Pair: j.DocID, Relevance: j.Label, Quality: q, Coherence: c, Annotator: "fuzz", Time: when})
			}
		}
		again := read(t, file(t, back...))
		if _, n := ownjudgments.Agreement(a, again); n != len(back) {
			t.Fatalf("%d items read back, want %d", n, len(back))
		}
		if k, _ := ownjudgments.Agreement(a, again); len(back) > 0 && k[eval.Relevance] != 1 && k[eval.Relevance] == k[eval.Relevance] {
			t.Fatalf("labels changed on the way back: κ %v", k)
		}
	})
}

// FuzzAnnotationRoundTrip: every Annotation MarshalText accepts reads back
// the same.
func FuzzAnnotationRoundTrip(f *testing.F) {
	f.Add("1", "a,b", "Ada Lovelace", 2, 1, 0, int64(0), false)
	f.Add("\t", "\\n\n", "\r\\", -2, 0, 2, int64(1e18), true)
	f.Fuzz(func(t *testing.T, topic, pair, annotator string, r, q, c int, ns int64, corrects bool) {
		in := ownjudgments.Annotation{Topic: topic, Pair: pair, Relevance: r, Quality: q, Coherence: c, Annotator: annotator, Time: time.Unix(0, ns), Corrects: corrects}
		line, err := in.MarshalText()
		if err != nil {
			return
		}
		a, err := ownjudgments.ReadAnnotations(strings.NewReader(ownjudgments.AnnotationsHeader+"\n"+string(line)+"\n"), "fuzz")
		if err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		if got := a.Annotators(); len(got) != 1 || got[0] != annotator {
			t.Fatalf("annotators: got %q, want %q", got, annotator)
		}
		j := a.Judgments()
		for d, want := range map[eval.Dimension]int{eval.Relevance: r, eval.Quality: q, eval.Coherence: c} {
			if got, ok := j.Qrels(d).Label(topic, pair); !ok || got != want {
				t.Fatalf("%s: got %d (judged %v), want %d", d, got, ok, want)
			}
		}
	})
}
