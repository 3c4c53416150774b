package own_test

import (
	"strings"
	"testing"
	"time"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/eval/own"
)

// FuzzRead: any input is read or refused, never a panic; what is read is
// written back by a Writer to a file that reads the same.
func FuzzRead(f *testing.F) {
	f.Add(header + "\n1\ta,b\t2\t1\t0\tAda\t2026-11-27T01:02:03Z\tjudged\n")
	f.Add(header + "\n1\ta\\tb\t-2\t0\t0\tA\\\\B\t2026-11-27T01:02:03.5+01:00\tcorrected")
	f.Add("1 0 a,b 2\n")
	f.Fuzz(func(t *testing.T, text string) {
		a, err := own.Read(strings.NewReader(text), "fuzz")
		if err != nil {
			return
		}
		var back []own.Annotation
		j := a.Judgments()
		for r := range j.Qrels(eval.Relevance).All() {
			q, _ := j.Qrels(eval.Quality).Label(r.Topic, r.DocID)
			c, _ := j.Qrels(eval.Coherence).Label(r.Topic, r.DocID)
			back = append(back, own.Annotation{Topic: r.Topic, Pair: r.DocID, Relevance: r.Label, Quality: q, Coherence: c, Annotator: "fuzz", Time: when})
		}
		again := read(t, file(t, back...))
		if _, n := own.Agreement(a, again); n != len(back) {
			t.Fatalf("%d items read back, want %d", n, len(back))
		}
		if k, _ := own.Agreement(a, again); len(back) > 0 && k[eval.Relevance] != 1 && k[eval.Relevance] == k[eval.Relevance] {
			t.Fatalf("labels changed on the way back: κ %v", k)
		}
	})
}

// FuzzRoundTrip: whatever a Writer accepts, Read reads back the same: two
// judgments of any fields, the second of the first pair or another.
func FuzzRoundTrip(f *testing.F) {
	f.Add("1", "a,b", "Ada Lovelace", 2, 1, 0, int64(0), false, "b,c", 1, false)
	f.Add("\t", "\\n\n", "\r\\", -2, 0, 2, int64(1e18), true, "\\n\n", 0, true)
	f.Add("1", "a,b", "x", 1, 1, 1, int64(5), false, "a,b", 2, false) // a conflict: refused
	f.Fuzz(func(t *testing.T, topic, pair, annotator string, r, q, c int, ns int64, corrects bool, pair2 string, r2 int, corrects2 bool) {
		first := own.Annotation{Topic: topic, Pair: pair, Relevance: r, Quality: q, Coherence: c, Annotator: annotator, Time: time.Unix(0, ns), Corrects: corrects}
		second := first
		second.Pair, second.Relevance, second.Corrects = pair2, r2, corrects2
		var b strings.Builder
		w := own.NewWriter(&b)
		wrote := 0
		for _, a := range []own.Annotation{first, second} {
			if w.Write(a) == nil {
				wrote++
			}
		}
		if err := w.Flush(); err != nil {
			if wrote == 2 {
				t.Fatalf("Flush after two good writes: %v", err)
			}
			return
		}
		a, err := own.Read(strings.NewReader(b.String()), "fuzz")
		if err != nil {
			t.Fatalf("%q: %v", b.String(), err)
		}
		if got := a.Annotators(); len(got) != 1 || got[0] != annotator {
			t.Fatalf("annotators: got %q, want %q", got, annotator)
		}
		j := a.Judgments()
		want := map[string]int{pair: r}
		want[pair2] = r2
		if n := j.Qrels(eval.Relevance).Len(); n != len(want) {
			t.Fatalf("%d judgments, want %d", n, len(want))
		}
		for p, rel := range want {
			for d, l := range map[eval.Dimension]int{eval.Relevance: rel, eval.Quality: q, eval.Coherence: c} {
				if got, ok := j.Qrels(d).Label(topic, p); !ok || got != l {
					t.Fatalf("%s of %q: got %d (judged %v), want %d", d, p, got, ok, l)
				}
			}
		}
	})
}
