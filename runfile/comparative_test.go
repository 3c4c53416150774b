package runfile_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/stance"
)

func TestReaderComparative(t *testing.T) {
	in := "2 FIRST clueweb12-0004wb-78-20304___1 1 1.0 \"Colbert fine tune on touche data\"\n" +
		"2 SECOND b___2 2 0.9 \"Colbert fine tune on touche data\"\n" +
		"2 NEUTRAL c___3 3 0.8 tag\n" +
		"2 NO d___4 4 0.7 tag\n" +
		"2 Q0 e___5 5 0.6 tag\n"
	r := runfile.NewReader(strings.NewReader(in))
	r.Comparative = true
	got, err := readLines(r)
	if err != nil {
		t.Fatal(err)
	}
	want := []runfile.Line{
		{QID: "2", Stance: stance.First, DocID: "clueweb12-0004wb-78-20304___1", Rank: 1, Score: 1, Tag: `"Colbert fine tune on touche data"`},
		{QID: "2", Stance: stance.Second, DocID: "b___2", Rank: 2, Score: 0.9, Tag: `"Colbert fine tune on touche data"`},
		{QID: "2", Stance: stance.Neutral, DocID: "c___3", Rank: 3, Score: 0.8, Tag: "tag"},
		{QID: "2", Stance: stance.No, DocID: "d___4", Rank: 4, Score: 0.7, Tag: "tag"},
		{QID: "2", Stance: stance.Unknown, DocID: "e___5", Rank: 5, Score: 0.6, Tag: "tag"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("lines (-want +got):\n%s", diff)
	}
}

func TestReaderComparativeUnknownStance(t *testing.T) {
	for _, label := range []string{"PRO", "CON", "NEU", "first", "BOTH"} {
		r := runfile.NewReader(strings.NewReader("2 FIRST a 1 1 t\n2 " + label + " b 2 0.5 t\n"))
		r.Name = "run.txt"
		r.Comparative = true
		_, err := readLines(r)
		var pe *runfile.ParseError
		if !errors.As(err, &pe) || pe.File != "run.txt" || pe.Line != 2 || pe.Field != "stance" || !errors.Is(err, runfile.ErrField) {
			t.Errorf("%s: got %v, want a ParseError of run.txt, line 2, field stance", label, err)
		}
	}
	// A Task 1 reader does not take Task 2's labels.
	if _, err := readLines(runfile.NewReader(strings.NewReader("2 FIRST a 1 1 t\n"))); err == nil {
		t.Error("FIRST read without Comparative")
	}
}

func TestWriterComparative(t *testing.T) {
	var b bytes.Buffer
	w := runfile.NewWriter(&b, "t2")
	w.Rules = runfile.Rules{Comparative: true, Stances: []stance.Stance{stance.First, stance.Second, stance.Neutral, stance.No}}
	err := w.Write("2", []runfile.Result{{DocID: "a", Score: 3, Stance: stance.First}, {DocID: "b", Score: 2, Stance: stance.Neutral}, {DocID: "c", Score: 1, Stance: stance.Second}})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	want := "2 FIRST a 1 3 t2\n2 NEUTRAL b 2 2 t2\n2 SECOND c 3 1 t2\n"
	if b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
	r := runfile.NewReader(&b)
	r.Comparative = true
	if _, err := readLines(r); err != nil {
		t.Errorf("reading it back: %v", err)
	}
	if err := w.Write("3", []runfile.Result{{DocID: "a", Score: 1, Stance: stance.Pro}}); err == nil {
		t.Error("PRO written to a Task 2 run")
	}
}

// FuzzReaderComparative checks that a Task 2 reader never panics and never
// returns a stance Task 2 does not know.
func FuzzReaderComparative(f *testing.F) {
	f.Add("2 FIRST a 1 1.5 \"Colbert edinburg\"\n2 NEUTRAL b 2 1 x y  z \n")
	f.Add("2 PRO a 1 1 t\n")
	f.Fuzz(func(t *testing.T, in string) {
		r := runfile.NewReader(strings.NewReader(in))
		r.Comparative = true
		for l, err := range r.All() {
			if err != nil {
				return
			}
			switch l.Stance {
			case stance.First, stance.Second, stance.Neutral, stance.No, stance.Unknown:
			default:
				t.Fatalf("stance %v read", l.Stance)
			}
			if l.Tag == "" || strings.TrimSpace(l.Tag) != l.Tag {
				t.Fatalf("tag %q", l.Tag)
			}
		}
	})
}

// readLines reads the remaining lines of r, or returns the first error.
func readLines(r *runfile.Reader) ([]runfile.Line, error) {
	var lines []runfile.Line
	for l, err := range r.All() {
		if err != nil {
			return nil, err
		}
		lines = append(lines, l)
	}
	return lines, nil
}
