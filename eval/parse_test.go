package eval_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/internal/gunzip"
	"github.com/argsearch/argsearch/runfile"
	"github.com/google/go-cmp/cmp"
)

func TestReadQrels(t *testing.T) {
	in := "1 0 a 2\n\n  1\t0\tb -2  \r\n10 Q0 a,b 0\n"
	q, err := eval.ReadQrels(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	var got []eval.Judgment
	for j := range q.All() {
		got = append(got, j)
	}
	want := []eval.Judgment{{"1", "a", 2}, {"1", "b", -2}, {"10", "a,b", 0}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("got differ from want (-want +got):\n%s", diff)
	}
	if got, want := q.Len(), 3; got != want {
		t.Errorf("Len: got %d, want %d", got, want)
	}
	if diff := cmp.Diff([]string{"1", "10"}, q.Topics()); diff != "" {
		t.Errorf("Topics: got differ from want (-want +got):\n%s", diff)
	}
	if l, ok := q.Label("1", "b"); !ok || l != -2 {
		t.Errorf("Label(1, b): got %d, %v, want -2, true", l, ok)
	}
	if _, ok := q.Label("2", "a"); ok {
		t.Error("Label(2, a): got judged, want not")
	}
}

func TestReadQrelsErrors(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		line  int
		field string
		msg   string
	}{
		{name: "too few fields", in: "1 0 a 1\n1 0 b\n", line: 2, msg: "3 fields, want 4"},
		{name: "too many fields", in: "1 0 a 1 x\n", line: 1, msg: "5 fields, want 4"},
		{name: "label not integer", in: "\n1 0 a 1.5\n", line: 2, field: "label", msg: "not an integer"},
		{name: "label empty word", in: "1 0 a one\n", line: 1, field: "label", msg: "not an integer"},
		{name: "duplicate pair", in: "1 0 a 1\n2 0 a 1\n1 0 a 1\n", line: 3, field: "docid", msg: "judged twice"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := eval.ReadQrels(strings.NewReader(tc.in))
			var pe *eval.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("got error %v, want a *ParseError", err)
			}
			if pe.Line != tc.line || pe.Field != tc.field {
				t.Errorf("got line %d field %q, want line %d field %q (%v)", pe.Line, pe.Field, tc.line, tc.field, err)
			}
			if !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("got error %v, want it to say %q", err, tc.msg)
			}
			if !strings.HasPrefix(err.Error(), "eval: qrels line ") {
				t.Errorf("got message %q, want it to start with \"eval: qrels line \"", err)
			}
		})
	}
}

// gzipped compresses s as gzip(1) does.
func gzipped(t testing.TB, s string) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	if _, err := io.WriteString(zw, s); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// A gzipped qrels file reads as the plain one; a truncated one is an
// error, at every truncation, never fewer judgments.
func TestReadQrelsGzip(t *testing.T) {
	want, err := eval.ReadQrels(strings.NewReader(fixtureQrels))
	if err != nil {
		t.Fatal(err)
	}
	z := gzipped(t, fixtureQrels)
	got, err := eval.ReadQrels(bytes.NewReader(z))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(collect(want), collect(got)); diff != "" {
		t.Errorf("gzipped qrels (-plain +gzip):\n%s", diff)
	}
	for n := 2; n < len(z); n++ {
		q, err := eval.ReadQrels(bytes.NewReader(z[:n]))
		if !errors.Is(err, io.ErrUnexpectedEOF) || !strings.HasPrefix(err.Error(), "eval: gzip: ") {
			t.Fatalf("%d of %d bytes: got %v judgments, error %v; want an error starting \"eval: gzip: \"", n, len(z), q, err)
		}
	}
	// A line's error counts the lines of the decompressed file.
	_, err = eval.ReadQrels(bytes.NewReader(gzipped(t, "1 0 a 1\n1 0 b x\n")))
	if err == nil || err.Error() != `eval: qrels line 2, field label: label "x" is not an integer: malformed judgment` {
		t.Errorf("bad label, gzipped: got %v", err)
	}
	zs, err := eval.ReadZScores(bytes.NewReader(gzipped(t, "1 P_5 0.1 0.2\n")))
	if err != nil || zs == nil {
		t.Errorf("ReadZScores of gzipped z-scores: %v", err)
	}
}

func collect(q *eval.Qrels) []eval.Judgment {
	var js []eval.Judgment
	for j := range q.All() {
		js = append(js, j)
	}
	return js
}

func TestNewQrelsDuplicate(t *testing.T) {
	_, err := eval.NewQrels([]eval.Judgment{{"1", "a", 1}, {"1", "a", 1}})
	if err == nil || !strings.Contains(err.Error(), "judged twice") {
		t.Errorf("got error %v, want one saying the pair is judged twice", err)
	}
}

// countLines counts lines holding something other than whitespace.
func countLines(s string) int {
	n := 0
	for l := range strings.Lines(s) {
		if strings.TrimLeft(l, " \t\n\v\f\r") != "" && l[0] != '#' {
			n++
		}
	}
	return n
}

func FuzzReadQrels(f *testing.F) {
	f.Add(fixtureQrels)
	f.Add("1 0 a -2\n1 0 a 1\n")
	f.Add("1 0 a\n")
	f.Add("\n\r\n 1 0 b 999999999999999999999\n")
	f.Add("# comment\n1 0 a 1\n # not a comment\n1 0 #b 3\n")
	f.Add(string(gzipped(f, fixtureQrels)))
	f.Add(string(gzipped(f, "1 0 a 1\n")[:20]))
	f.Fuzz(func(t *testing.T, in string) {
		q, err := eval.ReadQrels(strings.NewReader(in))
		if gunzip.Is([]byte(in)) {
			if err != nil && strings.HasPrefix(err.Error(), "eval: gzip: ") {
				return // a damaged stream
			}
			text, _ := gunzip.Bytes([]byte(in))
			in = string(text)
		}
		if err != nil {
			var pe *eval.ParseError
			if !errors.As(err, &pe) || pe.Line < 1 {
				t.Fatalf("got error %v, want a *ParseError with a line", err)
			}
			return
		}
		if got, want := q.Len(), countLines(in); got != want {
			t.Fatalf("Len: got %d, want %d non-blank lines", got, want)
		}
		n := 0
		for j := range q.All() {
			if l, ok := q.Label(j.Topic, j.DocID); !ok || l != j.Label {
				t.Fatalf("Label(%q, %q): got %d, %v, want %d, true", j.Topic, j.DocID, l, ok, j.Label)
			}
			n++
		}
		if n != q.Len() {
			t.Fatalf("All: got %d judgments, want %d", n, q.Len())
		}
		// Evaluating against the judgments themselves must not fail.
		run := make(runfile.Run)
		for j := range q.All() {
			run[j.Topic] = append(run[j.Topic], runfile.Line{DocID: j.DocID, Score: float64(j.Label)})
		}
		if q.Len() > 0 {
			if _, err := eval.Evaluate(q, run, eval.Options{JudgedOnly: true}); err != nil {
				t.Fatalf("Evaluate: %v", err)
			}
			// Nor must any of trec_eval's measures, on every topic.
			opt := eval.Options{Complete: true, Measures: []eval.Measure{{Name: "all_trec"}, {Name: "ndcg", Params: "1=2,0=-1"}}}
			if _, err := eval.Evaluate(q, run, opt); err != nil {
				t.Fatalf("Evaluate all_trec: %v", err)
			}
		}
	})
}

// FuzzReadZScores checks that any input reads as z-scores or gives a
// *ParseError with a line, and that evaluating with what it reads never
// fails.
func FuzzReadZScores(f *testing.F) {
	f.Add("1 P_5 0.1 0.2\n3 P_5 0 0\n\n1 num_ret 4 0.5\n")
	f.Add("# c\n1 map x 1e400\n1 map 0 0\n")
	f.Add("1 map\n")
	q, run := mustFixture(f)
	f.Add(string(gzipped(f, "1 P_5 0.1 0.2\n")))
	f.Fuzz(func(t *testing.T, in string) {
		z, err := eval.ReadZScores(strings.NewReader(in))
		if err != nil && gunzip.Is([]byte(in)) && strings.HasPrefix(err.Error(), "eval: gzip: ") {
			return // a damaged stream
		}
		if err != nil {
			var pe *eval.ParseError
			if !errors.As(err, &pe) || pe.Line < 1 {
				t.Fatalf("got error %v, want a *ParseError with a line", err)
			}
			return
		}
		if _, err := eval.Evaluate(q, run, eval.Options{ZScores: z, Complete: true, Measures: []eval.Measure{{Name: "all_trec"}}}); err != nil {
			t.Fatalf("Evaluate: %v", err)
		}
	})
}
