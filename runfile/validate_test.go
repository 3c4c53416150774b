package runfile

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/stance"
)

func TestValidateValid(t *testing.T) {
	lines := []Line{
		{"1", stance.Pro, "a,b", 0, 3, "t"},
		{"1", stance.Con, "c,d", 1, 3, "t"},
		{"1", stance.Pro, "e,f", 2, 1, "t"},
		{"2", stance.Con, "a,b", 5, 2, "t"},
	}
	rules := Rules{MaxResults: 3, Stances: []stance.Stance{stance.Pro, stance.Con}, Pairs: true, Topics: []string{"1", "2"}}
	if err := Validate(lines, rules); err != nil {
		t.Errorf("Validate: got %v, want nil", err)
	}
}

// A run without lines is invalid, in one message that says so.
func TestValidateEmpty(t *testing.T) {
	for _, rules := range []Rules{{}, Touche2022(), {Topics: []string{"1"}}} {
		err := Validate(nil, rules)
		if !errors.Is(err, ErrCount) || err.Error() != "runfile: the run is empty" {
			t.Errorf("Validate(nil, %+v): got %v, want \"runfile: the run is empty\" wrapping ErrCount", rules, err)
		}
	}
}

func TestValidateProblems(t *testing.T) {
	good := Line{"1", stance.Pro, "a,b", 1, 1, "t"}
	with := func(f func(*Line)) Line {
		l := good
		f(&l)
		return l
	}
	tests := []struct {
		name  string
		lines []Line
		rules Rules
		want  error
		text  string // part of the message
	}{
		{"empty qid", []Line{with(func(l *Line) { l.QID = "" })}, Rules{}, ErrField, "empty qid"},
		{"space in docid", []Line{with(func(l *Line) { l.DocID = "a b" })}, Rules{}, ErrField, "whitespace in docid"},
		{"empty tag", []Line{with(func(l *Line) { l.Tag = "" })}, Rules{}, ErrField, "empty tag"},
		{"mixed tags", []Line{good, with(func(l *Line) { l.DocID = "x,y"; l.Rank = 2; l.Tag = "u" })}, Rules{}, ErrField, `tag "u" differs`},
		{"bad stance", []Line{with(func(l *Line) { l.Stance = 9 })}, Rules{}, ErrField, "stance"},
		{"NaN", []Line{with(func(l *Line) { l.Score = math.NaN() })}, Rules{}, ErrScore, "score NaN"},
		{"duplicate docid", []Line{good, with(func(l *Line) { l.Rank = 2 })}, Rules{}, ErrDuplicate, "listed twice"},
		{"split topic", []Line{good, with(func(l *Line) { l.QID = "2" }), with(func(l *Line) { l.DocID = "c,d"; l.Rank = 2 })}, Rules{}, ErrDuplicate, "more than one block"},
		{"score increases", []Line{good, with(func(l *Line) { l.DocID = "c,d"; l.Rank = 2; l.Score = 1.5 })}, Rules{}, errOrder, "higher than the previous 1"},
		{"rank repeats", []Line{good, with(func(l *Line) { l.DocID = "c,d" })}, Rules{}, errOrder, "rank is not higher"},
		{"too few", []Line{good}, Rules{MinResults: 2}, ErrCount, "1 results, want at least 2"},
		{"too many", []Line{good, with(func(l *Line) { l.DocID = "c,d"; l.Rank = 2 })}, Rules{MaxResults: 1}, ErrCount, "want at most 1"},
		{"stance not allowed", []Line{with(func(l *Line) { l.Stance = stance.Unknown })}, Touche2022(), ErrRules, "stance Q0, want PRO/CON"},
		{"not a pair", []Line{with(func(l *Line) { l.DocID = "ab" })}, Rules{Pairs: true}, ErrRules, "not a sentence pair"},
		{"unknown topic", []Line{good}, Rules{Topics: []string{"2"}}, ErrRules, `topic "1" is not in`},
		{"missing topic", []Line{good}, Rules{Topics: []string{"1", "2", "3"}}, ErrRules, "2 of 3 topics have no results (2 3)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := Validate(tc.lines, tc.rules)
			if !errors.Is(err, tc.want) {
				t.Fatalf("Validate: got %v, want %v", err, tc.want)
			}
			if !strings.Contains(err.Error(), tc.text) || !strings.HasPrefix(err.Error(), "runfile: ") {
				t.Errorf("message %q, want it to start with runfile: and contain %q", err, tc.text)
			}
		})
	}
}

func TestValidateReportsAll(t *testing.T) {
	var lines []Line
	for i := range 5 {
		// Scores increase on every line after the first; stance Q0 everywhere.
		lines = append(lines, Line{"1", stance.Unknown, "a," + itoa(i), i, float64(i), "t"})
	}
	lines = append(lines, Line{"2", stance.Pro, "single", 1, 1, "t"})
	rules := Touche2022()
	rules.Topics = []string{"1", "2", "3"}
	err := Validate(lines, rules)
	for _, want := range []error{errOrder, ErrRules, ErrRules, ErrCount, ErrRules} {
		if !errors.Is(err, want) {
			t.Errorf("Validate: got %v, want it to include %v", err, want)
		}
	}
	var joined interface{ Unwrap() []error }
	if !errors.As(err, &joined) {
		t.Fatalf("Validate: got %T, want a joined error", err)
	}
	// topic 1: order, stance, count; topic 2: pair, count; missing 3.
	if got := len(joined.Unwrap()); got != 6 {
		t.Errorf("got %d problems, want 6:\n%v", got, err)
	}
	if !strings.Contains(err.Error(), "and 3 more like it") {
		t.Errorf("repeated problems not counted:\n%v", err)
	}
}
