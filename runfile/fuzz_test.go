package runfile

import (
	"bytes"
	"errors"
	"io"
	"math"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/google/go-cmp/cmp"

	"github.com/argsearch/argsearch/internal/gunzip"
	"github.com/argsearch/argsearch/stance"
)

// FuzzRoundtrip writes a two-result topic and reads it back, in the manner of
// encoding/csv's FuzzRoundtrip: whatever the Writer accepts must read back
// exactly (same fields, exact scores, trec_eval order, ranks from 1), and the
// Writer must reject exactly the invalid inputs.
func FuzzRoundtrip(f *testing.F) {
	f.Add("1", "tag", "a,b", "c,d", 1.0, 2.0, int8(1), int8(2))
	f.Add("51", "ElrondKRun", "S1-A2", "S1-A3", 7.5, 7.5, int8(0), int8(0))
	f.Add("q", "t", "x", "x", 0.1, 0.2, int8(3), int8(4))
	f.Add("q", "t", "x y", "z", math.NaN(), 0.0, int8(5), int8(-1))
	f.Add("q", "t\u00a0", "é,ü", "\xff", 1e-300, -1e300, int8(0), int8(1))
	f.Add("q", "t", "a", "b", 0.30000000000000004, 0.3, int8(0), int8(0))
	f.Fuzz(func(t *testing.T, qid, tag, doc1, doc2 string, s1, s2 float64, st1, st2 int8) {
		rs := []Result{
			{DocID: doc1, Score: s1, Stance: stance.Stance(st1)},
			{DocID: doc2, Score: s2, Stance: stance.Stance(st2)},
		}
		badField := func(s string) bool { return s == "" || strings.ContainsFunc(s, unicode.IsSpace) }
		badScore := func(s float64) bool { return math.IsNaN(s) || math.IsInf(s, 0) }
		badStance := func(s int8) bool { return s < 0 || s > 4 }
		invalid := badField(qid) || badField(tag) || badField(doc1) || badField(doc2) ||
			badScore(s1) || badScore(s2) || badStance(st1) || badStance(st2) || doc1 == doc2

		var buf bytes.Buffer
		w := NewWriter(&buf, tag)
		err := w.Write(qid, rs)
		if err == nil {
			err = w.Close()
		}
		if invalid {
			if err == nil {
				t.Fatalf("Write accepted invalid input %+v (qid %q tag %q):\n%s", rs, qid, tag, buf.String())
			}
			if buf.Len() != 0 {
				t.Fatalf("Write rejected the input (%v) but wrote %q", err, buf.String())
			}
			return
		}
		if err != nil {
			t.Fatalf("Write rejected valid input %+v (qid %q tag %q): %v", rs, qid, tag, err)
		}
		for _, line := range strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n") {
			if n := len(strings.Fields(line)); n != 6 {
				t.Fatalf("written line %q has %d fields, want 6", line, n)
			}
		}
		got, err := readAll(NewReader(&buf))
		if err != nil {
			t.Fatalf("reading the written run: %v", err)
		}
		sorted := slices.Clone(rs)
		slices.SortFunc(sorted, compareResults)
		want := make([]Line, len(sorted))
		for i, r := range sorted {
			want[i] = Line{QID: qid, Stance: r.Stance, DocID: r.DocID, Rank: i + 1, Score: r.Score, Tag: tag}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("round trip (-want +got):\n%s", diff)
		}
		// Exact scores: the sign of zero survives as well.
		for i := range got {
			if math.Signbit(got[i].Score) != math.Signbit(want[i].Score) {
				t.Fatalf("score %v read back as %v", want[i].Score, got[i].Score)
			}
		}
		if err := Validate(got, Rules{}); err != nil {
			t.Fatalf("Validate of a written run: %v", err)
		}
	})
}

// FuzzReader checks that the Reader never panics, that every line it returns
// is one the Writer could have written, and that a run it reads completely
// survives rewriting.
func FuzzReader(f *testing.F) {
	f.Add([]byte("1 PRO a,b 1 2.5 tag\n1 CON c,d 2 1 tag\n"))
	f.Add([]byte("51\tQ0\tS1-A2\t0\t7.574048\tElrondKRun\r\n\n51\tQ0\tS1-A3\t1\t7.5\tElrondKRun"))
	f.Add([]byte("1 0 doc 2\n"))
	f.Add([]byte("1 Q0 a 1 NaN t\n1 Q0 a 1 0x1p-2 t\n"))
	f.Add([]byte("\u00a0 1\u3000Q0 \xff 1 1e400 t\n"))
	f.Add(gzipped(f, "1 PRO a,b 1 2.5 tag\n1 CON c,d 2 1 tag\n"))
	f.Add(gzipped(f, "1 PRO a,b 1 2.5 tag\n1 CON c,d 2 1 tag\n")[:30])
	f.Fuzz(func(t *testing.T, data []byte) {
		text := data
		if gunzip.Is(data) {
			// A gzip stream is decompressed as it is read; a damaged one
			// ends in an error.
			if text, _ = gunzip.Bytes(data); text == nil {
				text = bytes.Repeat([]byte("\n"), 1<<20)
			}
		}
		maxLine := bytes.Count(text, []byte("\n")) + 1
		r := NewReader(bytes.NewReader(data))
		var lines []Line
		failed := false
		lastErrLine := 0
		for {
			l, err := r.Read()
			if err == io.EOF {
				break
			}
			var pe *ParseError
			if errors.As(err, &pe) {
				if pe.Line <= lastErrLine || pe.Line > maxLine {
					t.Fatalf("ParseError line %d after %d, input has %d lines", pe.Line, lastErrLine, maxLine)
				}
				lastErrLine = pe.Line
				failed = true
				continue
			}
			if err != nil {
				if gunzip.Is(data) && strings.HasPrefix(err.Error(), "runfile: read: gzip: ") {
					return
				}
				t.Fatalf("unexpected error %v", err)
			}
			for _, s := range []string{l.QID, l.DocID, l.Tag} {
				if err := checkField("field", s); err != nil {
					t.Fatalf("read line %+v has a bad field: %v", l, err)
				}
			}
			if math.IsNaN(l.Score) || math.IsInf(l.Score, 0) || !validStance(l.Stance) {
				t.Fatalf("read line %+v has a bad score or stance", l)
			}
			lines = append(lines, l)
		}
		_ = Validate(lines, Touche2022())
		if failed || len(lines) == 0 {
			return
		}
		run := group(lines)
		var buf bytes.Buffer
		w := NewWriter(&buf, lines[0].Tag)
		for _, q := range run.Topics() {
			rs := make([]Result, len(run[q]))
			for i, l := range run[q] {
				rs[i] = Result{DocID: l.DocID, Score: l.Score, Stance: l.Stance}
			}
			if err := w.Write(q, rs); err != nil {
				if errors.Is(err, ErrDuplicate) {
					return
				}
				t.Fatalf("Write rejected lines the Reader accepted: %v", err)
			}
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		again, err := NewReader(&buf).ReadRun()
		if err != nil {
			t.Fatalf("reading the rewritten run: %v", err)
		}
		for q, ls := range run {
			if len(again[q]) != len(ls) {
				t.Fatalf("topic %q: %d lines after rewriting, want %d", q, len(again[q]), len(ls))
			}
			scores := make(map[string]float64)
			for _, l := range again[q] {
				scores[l.DocID] = l.Score
			}
			for _, l := range ls {
				if s, ok := scores[l.DocID]; !ok || s != l.Score {
					t.Fatalf("topic %q docid %q: score %v after rewriting, want %v", q, l.DocID, s, l.Score)
				}
			}
		}
	})
}

// FuzzLenientReader checks that a lenient Reader never panics, never reads
// a NaN score, and reads every line a strict Reader accepts the same way.
func FuzzLenientReader(f *testing.F) {
	f.Add([]byte("1 FOO a 1 1e400 t\n1 Q0 b 2 -Inf t\n"))
	f.Add([]byte("1 PRO a,b 1 2.5 tag\n1 x c 2 NaN tag\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		strict, lenient := NewReader(bytes.NewReader(data)), NewReader(bytes.NewReader(data))
		lenient.Lenient = true
		for {
			ls, errS := strict.Read()
			ll, errL := lenient.Read()
			if errS == io.EOF || errL == io.EOF {
				if errS != errL {
					t.Fatalf("strict %v, lenient %v: both should end together", errS, errL)
				}
				return
			}
			if errL == nil && math.IsNaN(ll.Score) {
				t.Fatalf("lenient read a NaN score: %+v", ll)
			}
			if errS == nil && (errL != nil || ls != ll) {
				t.Fatalf("strict read %+v, lenient %+v, %v", ls, ll, errL)
			}
			var pe *ParseError
			if errS != nil && !errors.As(errS, &pe) {
				return // an I/O error ends both
			}
		}
	})
}
