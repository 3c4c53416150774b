package runfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"

	"github.com/argsearch/argsearch/stance"
)

func TestReaderAccepts(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []Line
	}{
		{"spaces", "1 PRO a,b 1 2.5 tag\n", []Line{{"1", stance.Pro, "a,b", 1, 2.5, "tag"}}},
		{"tabs, rank 0, Q0", "51\tQ0\tS1-A2\t0\t7.574048\tElrondKRun\n", []Line{{"51", stance.Unknown, "S1-A2", 0, 7.574048, "ElrondKRun"}}},
		{"stance 0", "1 0 d 3 1 t\n", []Line{{"1", stance.Unknown, "d", 3, 1, "t"}}},
		{"all stances", "1 PRO a 1 4 t\n1 CON b 2 3 t\n1 NEU c 3 2 t\n1 NO d 4 1 t\n", []Line{
			{"1", stance.Pro, "a", 1, 4, "t"}, {"1", stance.Con, "b", 2, 3, "t"},
			{"1", stance.Neutral, "c", 3, 2, "t"}, {"1", stance.No, "d", 4, 1, "t"}}},
		{"runs of mixed whitespace", "  1 \t Q0\t\t d  1\v-2e3\f t  \n", []Line{{"1", stance.Unknown, "d", 1, -2000, "t"}}},
		{"CRLF", "1 Q0 a 1 2 t\r\n2 Q0 b 1 1 t\r\n", []Line{{"1", stance.Unknown, "a", 1, 2, "t"}, {"2", stance.Unknown, "b", 1, 1, "t"}}},
		{"no final newline", "1 Q0 a 1 2 t", []Line{{"1", stance.Unknown, "a", 1, 2, "t"}}},
		{"blank lines", "\n  \n1 Q0 a 1 2 t\n\r\n\t\n2 Q0 b 1 1 t\n\n", []Line{{"1", stance.Unknown, "a", 1, 2, "t"}, {"2", stance.Unknown, "b", 1, 1, "t"}}},
		{"unicode space separates", "1\u00a0Q0 a 1 2 t\n", []Line{{"1", stance.Unknown, "a", 1, 2, "t"}}},
		{"non-ASCII ids", "τ Q0 dóc 1 2 tåg\n", []Line{{"τ", stance.Unknown, "dóc", 1, 2, "tåg"}}},
		{"invalid UTF-8 kept", "1 Q0 a\xffb 1 2 t\n", []Line{{"1", stance.Unknown, "a\xffb", 1, 2, "t"}}},
		{"negative rank", "1 Q0 a -1 2 t\n", []Line{{"1", stance.Unknown, "a", -1, 2, "t"}}},
		{"integer and exponent scores", "1 Q0 a 1 7 t\n1 Q0 b 2 1E-7 t\n", []Line{{"1", stance.Unknown, "a", 1, 7, "t"}, {"1", stance.Unknown, "b", 2, 1e-7, "t"}}},
		{"empty input", "", nil},
		{"only blank lines", "\n\n \r\n", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := readAll(NewReader(strings.NewReader(tc.in)))
			if err != nil {
				t.Fatalf("readAll: %v", err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("readAll(%q) (-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

func TestReaderRejects(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		line  int
		field string
		want  error
	}{
		{"five fields", "1 Q0 a 1 2\n", 1, "", ErrField},
		{"seven fields", "1 Q0 a 1 2 t x\n", 1, "", ErrField},
		{"one field", "x\n", 1, "", ErrField},
		{"space in docid", "1 Q0 a b 1 2 t\n", 1, "", ErrField},
		{"qrels line", "1 0 doc 2\n", 1, "", ErrField},
		{"after blank lines", "1 Q0 a 1 2 t\n\n\n1 Q0 b 2\n", 4, "", ErrField},
		{"lowercase stance", "1 pro a 1 2 t\n", 1, "stance", ErrField},
		{"unknown stance", "1 MAYBE a 1 2 t\n", 1, "stance", ErrField},
		{"rank float", "1 Q0 a 1.0 2 t\n", 1, "rank", ErrField},
		{"rank word", "1 Q0 a one 2 t\n", 1, "rank", ErrField},
		{"rank overflow", "1 Q0 a 99999999999999999999 2 t\n", 1, "rank", ErrField},
		{"score word", "1 Q0 a 1 high t\n", 1, "score", ErrScore},
		{"score NaN", "1 Q0 a 1 NaN t\n", 1, "score", ErrScore},
		{"score inf", "1 Q0 a 1 -Inf t\n", 1, "score", ErrScore},
		{"score overflow", "1 Q0 a 1 1e400 t\n", 1, "score", ErrScore},
		{"score with comma", "1 Q0 a 1 0,5 t\n", 1, "score", ErrScore},
		{"CRLF line 2", "1 Q0 a 1 2 t\r\n1 Q0 b x 1 t\r\n", 2, "rank", ErrField},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := NewReader(strings.NewReader(tc.in))
			r.Name = "run.txt"
			_, err := readAll(r)
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("readAll: got %v, want a *ParseError", err)
			}
			if pe.Line != tc.line || pe.Field != tc.field || pe.File != "run.txt" || !errors.Is(err, tc.want) {
				t.Errorf("got %+v, want line %d field %q file run.txt wrapping %v", pe, tc.line, tc.field, tc.want)
			}
			prefix := "runfile: run.txt:" + strconv.Itoa(tc.line) + ": "
			if !strings.HasPrefix(err.Error(), prefix) {
				t.Errorf("message %q, want prefix %q", err, prefix)
			}
		})
	}
}

func TestReaderContinuesAfterParseError(t *testing.T) {
	r := NewReader(strings.NewReader("1 Q0 a 1 2 t\nbad\n1 Q0 b 2 1 t\n"))
	var docs []string
	var lines []int
	for {
		l, err := r.Read()
		if err == io.EOF {
			break
		}
		var pe *ParseError
		if errors.As(err, &pe) {
			lines = append(lines, pe.Line)
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, l.DocID)
	}
	if diff := cmp.Diff([]string{"a", "b"}, docs); diff != "" {
		t.Errorf("docids (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]int{2}, lines); diff != "" {
		t.Errorf("error lines (-want +got):\n%s", diff)
	}
}

func TestReaderAll(t *testing.T) {
	r := NewReader(strings.NewReader("1 Q0 a 1 2 t\n1 Q0 b 2 1 t\nbad\n1 Q0 c 3 0 t\n"))
	var docs []string
	var errs []error
	for l, err := range r.All() {
		if err != nil {
			errs = append(errs, err)
			continue
		}
		docs = append(docs, l.DocID)
	}
	if diff := cmp.Diff([]string{"a", "b"}, docs); diff != "" {
		t.Errorf("docids (-want +got):\n%s", diff)
	}
	if len(errs) != 1 || !errors.Is(errs[0], ErrField) {
		t.Errorf("errors: got %v, want one ErrField", errs)
	}

	// Breaking early stops the iteration without reading further.
	r = NewReader(strings.NewReader("1 Q0 a 1 2 t\n1 Q0 b 2 1 t\n"))
	for range r.All() {
		break
	}
	l, err := r.Read()
	if err != nil || l.DocID != "b" {
		t.Errorf("Read after break: got %+v, %v, want docid b", l, err)
	}
}

func TestReaderLongLine(t *testing.T) {
	long := strings.Repeat("x", 200<<10)
	in := "1 Q0 " + long + " 1 2 t\n1 Q0 short 2 1 t"
	got, err := readAll(NewReader(strings.NewReader(in)))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].DocID != long || got[1].DocID != "short" {
		t.Errorf("got %d lines (first docid %d bytes), want 2 with a %d-byte docid", len(got), len(got[0].DocID), len(long))
	}
}

func TestReaderIOError(t *testing.T) {
	ioErr := errors.New("broken pipe")
	r := NewReader(io.MultiReader(strings.NewReader("1 Q0 a 1 2 t\n"), iotest.ErrReader(ioErr)))
	if _, err := r.Read(); err != nil {
		t.Fatalf("first Read: %v", err)
	}
	_, err := r.Read()
	if !errors.Is(err, ioErr) {
		t.Fatalf("second Read: got %v, want %v", err, ioErr)
	}
	if _, err2 := r.Read(); !errors.Is(err2, ioErr) {
		t.Errorf("Read after an I/O error: got %v, want it again", err2)
	}
	if _, err := NewReader(iotest.ErrReader(ioErr)).ReadRun(); !errors.Is(err, ioErr) {
		t.Errorf("ReadRun: got %v, want %v", err, ioErr)
	}
}

func TestReadRunGroups(t *testing.T) {
	run, err := NewReader(strings.NewReader("10 Q0 a 1 3 t\n2 Q0 b 1 2 t\n10 Q0 c 2 1 t\n")).ReadRun()
	if err != nil {
		t.Fatal(err)
	}
	want := Run{
		"10": {{"10", stance.Unknown, "a", 1, 3, "t"}, {"10", stance.Unknown, "c", 2, 1, "t"}},
		"2":  {{"2", stance.Unknown, "b", 1, 2, "t"}},
	}
	if diff := cmp.Diff(want, run); diff != "" {
		t.Errorf("ReadRun (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"2", "10"}, run.Topics()); diff != "" {
		t.Errorf("Topics (-want +got):\n%s", diff)
	}
}

func TestReadRunRejectsDuplicates(t *testing.T) {
	_, err := NewReader(strings.NewReader("1 Q0 a 1 3 t\n2 Q0 a 1 3 t\n1 Q0 a 2 1 t\n")).ReadRun()
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Line != 3 || pe.Field != "docid" || !errors.Is(err, ErrDuplicate) {
		t.Errorf("got %v, want a ParseError at line 3, field docid, wrapping ErrDuplicate", err)
	}
}

func TestReaderLenient(t *testing.T) {
	in := "1 FOO a 1 1e400 t\n1 Q0 b 2 -Inf t\n1 pro c 3 +inf t\n1 PRO d 4 0.5 t\n"
	r := NewReader(strings.NewReader(in))
	r.Lenient = true
	got, err := readAll(r)
	if err != nil {
		t.Fatal(err)
	}
	inf := math.Inf(1)
	want := []Line{
		{"1", stance.Unknown, "a", 1, inf, "t"}, {"1", stance.Unknown, "b", 2, -inf, "t"},
		{"1", stance.Unknown, "c", 3, inf, "t"}, {"1", stance.Pro, "d", 4, 0.5, "t"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("lenient readAll (-want +got):\n%s", diff)
	}
	// What stays an error: NaN, a score that is not a number, a bad rank,
	// the field count.
	for _, bad := range []string{"1 Q0 a 1 NaN t\n", "1 Q0 a 1 high t\n", "1 Q0 a x 1 t\n", "1 Q0 a 1 t\n"} {
		r := NewReader(strings.NewReader(bad))
		r.Lenient = true
		if _, err := r.Read(); err == nil {
			t.Errorf("lenient Read(%q): got no error", bad)
		}
	}
	// A strict reader rejects every leniency.
	for l := range strings.Lines(in[:len(in)-len("1 PRO d 4 0.5 t\n")]) {
		if _, err := NewReader(strings.NewReader(l)).Read(); err == nil {
			t.Errorf("strict Read(%q): got no error", l)
		}
	}
}

func TestReadFileNamesFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.txt")
	if err := os.WriteFile(path, []byte("1 Q0 a 1 x t\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := ReadFile(path)
	var pe *ParseError
	if !errors.As(err, &pe) || pe.File != path || pe.Line != 1 || pe.Field != "score" {
		t.Errorf("ReadFile: got %v, want a ParseError naming %s line 1 field score", err, path)
	}
	if _, err := ReadFile(filepath.Join(t.TempDir(), "absent.txt")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("ReadFile of a missing file: got %v, want os.ErrNotExist", err)
	}
}

// goldenRunsDir is the directory of real Touché runs shipped with the
// project's shared data, relative to this package's directory.
var goldenRunsDir = filepath.Join("..", "..", "shared", "data", "trec_eval-golden", "runs")

// TestReadRealRuns reads real Touché runs (tab separated, ranks from 0, tied
// scores) and checks every line against an independent strings.Fields parse.
func TestReadRealRuns(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join(goldenRunsDir, "*.txt"))
	if len(paths) == 0 {
		t.Skipf("no real runs in %s", goldenRunsDir)
	}
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			lines, err := readAll(NewReader(f))
			if err != nil {
				t.Fatal(err)
			}
			want := fieldsParse(t, path)
			if !slices.Equal(want, lines) {
				t.Fatalf("ReadFile differs from a strings.Fields parse (-want +got):\n%s", cmp.Diff(want, lines))
			}
			run, err := ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(group(lines), run); diff != "" {
				t.Errorf("ReadFile differs from the grouped lines (-want +got):\n%s", diff)
			}
			if len(lines) < 49000 || len(run) < 49 {
				t.Errorf("got %d lines in %d topics, want at least 49000 in 49", len(lines), len(run))
			}
			// The Touché 2020/2021 rules: at most 1000 per topic, Q0.
			if err := Validate(lines, Rules{MaxResults: 1000, Stances: []stance.Stance{stance.Unknown}}); err != nil {
				t.Errorf("Validate: %v", err)
			}
			// Rewriting the run keeps every topic's documents and scores.
			var sb strings.Builder
			w := NewWriter(&sb, lines[0].Tag)
			for _, q := range run.Topics() {
				rs := make([]Result, len(run[q]))
				for i, l := range run[q] {
					rs[i] = Result{DocID: l.DocID, Score: l.Score, Stance: l.Stance}
				}
				if err := w.Write(q, rs); err != nil {
					t.Fatal(err)
				}
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			again, err := NewReader(strings.NewReader(sb.String())).ReadRun()
			if err != nil {
				t.Fatal(err)
			}
			for q, ls := range run {
				got := make(map[string]float64)
				for _, l := range again[q] {
					got[l.DocID] = l.Score
				}
				wantScores := make(map[string]float64)
				for _, l := range ls {
					wantScores[l.DocID] = l.Score
				}
				if !maps.Equal(wantScores, got) {
					t.Fatalf("topic %s after rewriting (-want +got):\n%s", q, cmp.Diff(wantScores, got))
				}
			}
		})
	}
}

func fieldsParse(t *testing.T, path string) []Line {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []Line
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) == 0 {
			continue
		}
		if len(fs) != 6 || fs[1] != "Q0" {
			t.Fatalf("%s: unexpected line %q", path, sc.Text())
		}
		rank, err1 := strconv.Atoi(fs[3])
		score, err2 := strconv.ParseFloat(fs[4], 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: unexpected line %q", path, sc.Text())
		}
		lines = append(lines, Line{QID: fs[0], DocID: fs[2], Rank: rank, Score: score, Tag: fs[5]})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return lines
}

// TestLongValuesCut checks that a huge value in a run is quoted in part in
// error messages, with its length, not echoed whole.
func TestLongValuesCut(t *testing.T) {
	long := strings.Repeat("x", 10<<20)
	_, err := NewReader(strings.NewReader("1 Q0 " + long + " 1 1 t\n1 Q0 " + long + " 2 0.5 t\n")).ReadRun()
	if err == nil || len(err.Error()) > 500 || !strings.Contains(err.Error(), "(10485760 bytes)") {
		t.Errorf("a docid listed twice: got a message of %d bytes, want a short one with the length", len(fmt.Sprint(err)))
	}
	_, err = NewReader(strings.NewReader("1 " + long + " d 1 1 t\n")).ReadRun()
	if err == nil || len(err.Error()) > 500 {
		t.Errorf("a bad stance: got a message of %d bytes", len(fmt.Sprint(err)))
	}
	w := NewWriter(io.Discard, "t")
	err = w.Write("1", []Result{{DocID: long + " y", Score: 1}})
	if err == nil || len(err.Error()) > 500 || !strings.Contains(err.Error(), "bytes)") {
		t.Errorf("a docid with a space: got a message of %d bytes", len(fmt.Sprint(err)))
	}
}

// readAll reads the remaining lines. On error it returns nil and the first
// error; it never returns io.EOF.
func readAll(r *Reader) ([]Line, error) {
	var lines []Line
	for l, err := range r.All() {
		if err != nil {
			return nil, err
		}
		lines = append(lines, l)
	}
	return lines, nil
}
