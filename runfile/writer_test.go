package runfile

import (
	"bytes"
	"errors"
	"flag"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/argsearch/argsearch/stance"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata")

func TestWriterGolden(t *testing.T) {
	var buf bytes.Buffer
	w := NewWriter(&buf, "myTag")
	topics := []struct {
		qid string
		rs  []Result
	}{
		{"1", []Result{
			{DocID: "Sa-A1__PREMISE__1,Sa-A1__PREMISE__2", Score: 0.5, Stance: stance.Pro},
			{DocID: "Sb-A2__CONC__1,Sb-A2__PREMISE__1", Score: 2.25, Stance: stance.Con},
			// A tie: trec_eval ranks the larger docid first.
			{DocID: "Sc-A3__PREMISE__3,Sc-A3__PREMISE__4", Score: 0.5, Stance: stance.Con},
			{DocID: "Sd-A4__PREMISE__1,Sa-A1__PREMISE__1", Score: 0.1, Stance: stance.Pro},
		}},
		{"2", []Result{
			{DocID: "doc-1", Score: 123456789.125},
			{DocID: "doc-2", Score: 1e-7},
			{DocID: "doc-3", Score: -0.5, Stance: stance.Neutral},
			{DocID: "doc-4", Score: 0.30000000000000004, Stance: stance.No},
			{DocID: "doc-5", Score: 0.3},
		}},
		{"10", nil},
	}
	for _, tp := range topics {
		if err := w.Write(tp.qid, tp.rs); err != nil {
			t.Fatalf("Write(%q): %v", tp.qid, err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	golden := filepath.Join("testdata", "golden.txt")
	if *update {
		if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), buf.String()); diff != "" {
		t.Errorf("written run differs from %s (-want +got):\n%s", golden, diff)
	}
}

func TestWriterDoesNotModifyInput(t *testing.T) {
	rs := []Result{{DocID: "a", Score: 1}, {DocID: "b", Score: 2}, {DocID: "c", Score: 2}}
	orig := append([]Result(nil), rs...)
	w := NewWriter(new(bytes.Buffer), "t")
	if err := w.Write("1", rs); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(orig, rs); diff != "" {
		t.Errorf("Write changed its argument (-want +got):\n%s", diff)
	}
}

func TestWriterOrderMatchesTrecEval(t *testing.T) {
	// Written ranks must follow score descending, then docid descending
	// (trec_eval's qsort comparator), whatever the input order.
	rs := []Result{
		{DocID: "b", Score: 1}, {DocID: "a", Score: 1}, {DocID: "c", Score: 1},
		{DocID: "B", Score: 1}, {DocID: "z", Score: 0.5}, {DocID: "y", Score: 3},
		{DocID: "neg", Score: math.Copysign(0, -1)}, {DocID: "pos", Score: 0.0},
	}
	var buf bytes.Buffer
	w := NewWriter(&buf, "t")
	if err := w.Write("7", rs); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, line := range strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n") {
		got = append(got, strings.Fields(line)[2]+"@"+strings.Fields(line)[3])
	}
	want := []string{"y@1", "c@2", "b@3", "a@4", "B@5", "z@6", "pos@7", "neg@8"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("order (-want +got):\n%s", diff)
	}
}

func TestWriterRejects(t *testing.T) {
	ok := []Result{{DocID: "d1", Score: 1}}
	hundred := func(st stance.Stance, docid func(int) string) []Result {
		rs := make([]Result, 100)
		for i := range rs {
			rs[i] = Result{DocID: docid(i), Score: float64(i), Stance: st}
		}
		return rs
	}
	pair := func(i int) string { return "s" + itoa(i) + ",t" + itoa(i) }
	tests := []struct {
		name   string
		tag    string
		rules  Rules
		before []string // topics written successfully first, each with ok
		qid    string
		rs     []Result
		want   error
	}{
		{name: "empty tag", tag: "", qid: "1", rs: ok, want: ErrField},
		{name: "space in tag", tag: "my tag", qid: "1", rs: ok, want: ErrField},
		{name: "tab in tag", tag: "my\ttag", qid: "1", rs: ok, want: ErrField},
		{name: "empty qid", qid: "", rs: ok, want: ErrField},
		{name: "space in qid", qid: "1 2", rs: ok, want: ErrField},
		{name: "newline in qid", qid: "1\n", rs: ok, want: ErrField},
		{name: "empty docid", qid: "1", rs: []Result{{DocID: "", Score: 1}}, want: ErrField},
		{name: "space in docid", qid: "1", rs: []Result{{DocID: "a, b", Score: 1}}, want: ErrField},
		{name: "CR in docid", qid: "1", rs: []Result{{DocID: "a\r", Score: 1}}, want: ErrField},
		{name: "NBSP in docid", qid: "1", rs: []Result{{DocID: "a\u00a0b", Score: 1}}, want: ErrField},
		{name: "NEL in docid", qid: "1", rs: []Result{{DocID: "a\u0085b", Score: 1}}, want: ErrField},
		{name: "ideographic space in docid", qid: "1", rs: []Result{{DocID: "a\u3000b", Score: 1}}, want: ErrField},
		{name: "NaN", qid: "1", rs: []Result{{DocID: "a", Score: math.NaN()}}, want: ErrScore},
		{name: "+Inf", qid: "1", rs: []Result{{DocID: "a", Score: math.Inf(1)}}, want: ErrScore},
		{name: "-Inf", qid: "1", rs: []Result{{DocID: "a", Score: math.Inf(-1)}}, want: ErrScore},
		{name: "bad stance value", qid: "1", rs: []Result{{DocID: "a", Score: 1, Stance: 42}}, want: ErrField},
		{name: "duplicate docid", qid: "1", rs: []Result{{DocID: "a", Score: 1}, {DocID: "b", Score: 1}, {DocID: "a", Score: 0.5}}, want: ErrDuplicate},
		{name: "duplicate docid same score", qid: "1", rs: []Result{{DocID: "a", Score: 1}, {DocID: "a", Score: 1}}, want: ErrDuplicate},
		{name: "topic twice", before: []string{"1", "2"}, qid: "1", rs: ok, want: ErrDuplicate},
		{name: "too few", rules: Rules{MinResults: 2}, qid: "1", rs: ok, want: ErrCount},
		{name: "too many", rules: Rules{MaxResults: 1}, qid: "1", rs: []Result{{DocID: "a", Score: 1}, {DocID: "b", Score: 1}}, want: ErrCount},
		{name: "empty topic below minimum", rules: Rules{MinResults: 1}, qid: "1", rs: nil, want: ErrCount},
		{name: "stance not allowed", rules: Rules{Stances: []stance.Stance{stance.Pro}}, qid: "1", rs: []Result{{DocID: "a", Score: 1, Stance: stance.Con}}, want: ErrRules},
		{name: "2022 Q0", rules: Touche2022(), qid: "1", rs: hundred(stance.Unknown, pair), want: ErrRules},
		{name: "2022 NEU", rules: Touche2022(), qid: "1", rs: hundred(stance.Neutral, pair), want: ErrRules},
		{name: "2022 not a pair", rules: Touche2022(), qid: "1", rs: hundred(stance.Pro, func(i int) string { return "s" + itoa(i) }), want: ErrRules},
		{name: "2022 half pair", rules: Touche2022(), qid: "1", rs: hundred(stance.Pro, func(i int) string { return "s" + itoa(i) + "," }), want: ErrRules},
		{name: "2022 triple", rules: Touche2022(), qid: "1", rs: hundred(stance.Pro, func(i int) string { return "a,b," + itoa(i) }), want: ErrRules},
		{name: "2022 99 results", rules: Touche2022(), qid: "1", rs: hundred(stance.Pro, pair)[:99], want: ErrCount},
		{name: "2023 Q0", rules: Touche2023(), qid: "1", rs: []Result{{DocID: "a", Score: 1}}, want: ErrRules},
		{name: "unknown topic", rules: Rules{Topics: []string{"1", "2"}}, qid: "3", rs: ok, want: ErrRules},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tag := tc.tag
			if tag == "" && !strings.Contains(tc.name, "tag") {
				tag = "t"
			}
			var buf bytes.Buffer
			w := NewWriter(&buf, tag)
			w.Rules = tc.rules
			for _, q := range tc.before {
				if err := w.Write(q, ok); err != nil {
					t.Fatalf("Write(%q): %v", q, err)
				}
			}
			if err := w.Flush(); len(tc.before) > 0 && err != nil {
				t.Fatalf("Flush: %v", err)
			}
			before := buf.String()
			err := w.Write(tc.qid, tc.rs)
			if !errors.Is(err, tc.want) {
				t.Fatalf("Write: got error %v, want %v", err, tc.want)
			}
			if !strings.HasPrefix(err.Error(), "runfile: ") {
				t.Errorf("error %q lacks the package prefix", err)
			}
			// Sticky: everything afterwards fails the same way and nothing
			// more reaches the underlying writer.
			if err2 := w.Write("99", ok); err2 != err {
				t.Errorf("later Write: got %v, want the sticky %v", err2, err)
			}
			if err2 := w.Flush(); err2 != err {
				t.Errorf("Flush: got %v, want the sticky %v", err2, err)
			}
			if err2 := w.Close(); err2 != err {
				t.Errorf("Close: got %v, want the sticky %v", err2, err)
			}
			if got := buf.String(); got != before {
				t.Errorf("output after the error: got %q, want %q", got, before)
			}
		})
	}
}

func TestWriterValidTouche2022(t *testing.T) {
	rules := Touche2022()
	rules.Topics = []string{"1", "2"}
	var buf bytes.Buffer
	w := NewWriter(&buf, "t")
	w.Rules = rules
	for _, q := range []string{"2", "1"} {
		rs := make([]Result, 1000)
		for i := range rs {
			rs[i] = Result{DocID: "a" + itoa(i) + ",b" + itoa(i), Score: float64(i % 10), Stance: stance.Pro + stance.Stance(i%2)}
		}
		if err := w.Write(q, rs); err != nil {
			t.Fatalf("Write(%q): %v", q, err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	lines, err := readAll(NewReader(&buf))
	if err != nil {
		t.Fatal(err)
	}
	if err := Validate(lines, rules); err != nil {
		t.Errorf("Validate of a written run: %v", err)
	}
	if len(lines) != 2000 {
		t.Errorf("got %d lines, want 2000", len(lines))
	}
}

func TestWriterCloseMissingTopics(t *testing.T) {
	var buf bytes.Buffer
	w := NewWriter(&buf, "t")
	w.Rules.Topics = []string{"1", "2", "3"}
	if err := w.Write("2", []Result{{DocID: "a", Score: 1}}); err != nil {
		t.Fatal(err)
	}
	if err := w.Write("3", nil); err != nil { // written, but with no line
		t.Fatal(err)
	}
	err := w.Close()
	if !errors.Is(err, ErrRules) {
		t.Fatalf("Close: got %v, want ErrRules", err)
	}
	if !strings.Contains(err.Error(), "(1 3)") {
		t.Errorf("error %q does not name the missing topics 1 and 3", err)
	}
	if buf.Len() != 0 {
		t.Errorf("output after a failed Close: got %q, want nothing", buf.String())
	}
}

func TestWriterWriteAfterClose(t *testing.T) {
	w := NewWriter(new(bytes.Buffer), "t")
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := w.Write("1", nil); !errors.Is(err, errClosed) {
		t.Errorf("Write after Close: got %v, want errClosed", err)
	}
	if err := w.Close(); err != nil {
		t.Errorf("second Close: got %v, want nil", err)
	}
}

type failWriter struct{ err error }

func (f failWriter) Write([]byte) (int, error) { return 0, f.err }

func TestWriterIOError(t *testing.T) {
	ioErr := errors.New("disk full")
	w := NewWriter(failWriter{ioErr}, "t")
	if err := w.Write("1", []Result{{DocID: "a", Score: 1}}); err != nil {
		t.Fatalf("Write (buffered): %v", err)
	}
	if err := w.Flush(); !errors.Is(err, ioErr) {
		t.Fatalf("Flush: got %v, want %v", err, ioErr)
	}
	if err := w.Write("2", nil); !errors.Is(err, ioErr) {
		t.Errorf("Write after I/O error: got %v, want %v", err, ioErr)
	}
}

func itoa(i int) string { return strconv.Itoa(i) }
