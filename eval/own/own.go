// Package own reads and writes own-judgments files: the labels an annotator
// gives the results that the official judgments leave unjudged (the judge
// command of the examples writes them as the annotator works), read back as
// eval.Judgments for experiment.Experiment's Own, and the agreement of two
// annotators' files (Cohen's κ).
//
// # The format
//
// A file is made for appending. Its first line is the header
//
//	#argsearch-judgments 1<TAB>topic<TAB>pair<TAB>relevance<TAB>quality<TAB>coherence<TAB>annotator<TAB>time<TAB>action
//
// (the format's name and version, then the names of the columns), and
// every judgment is one line of those eight tab-separated columns, ended
// by a newline. Topic, pair (a document id: "first,second" for a 2022
// sentence pair) and annotator are text in which a backslash, a tab, a
// newline and a carriage return are written \\, \t, \n and \r; every other
// byte stands for itself, so any name round-trips. Relevance is -2 (spam),
// 0, 1 or 2; quality and coherence are 0, 1 or 2: the Touché 2022 scales.
// Time is RFC 3339 with nanoseconds, in UTC. Action is "judged" or
// "corrected".
//
// A pair judged twice in one file with the same three labels is fine (the
// annotator and time may differ); with different labels it is a conflict,
// an error naming both lines. To change labels, append a line whose action
// is "corrected": it supersedes every earlier line of its pair, and later
// lines are compared with it.
//
// Read reads a file; a Writer writes one, a line at a time, and refuses
// what Read would refuse.
package own

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/internal/nilio"
	"github.com/argsearch/argsearch/internal/quote"
)

// header is the first line of an own-judgments file, without its newline
// (see the package doc).
const header = "#argsearch-judgments 1\ttopic\tpair\trelevance\tquality\tcoherence\tannotator\ttime\taction"

// The actions of a line.
const (
	actionJudged    = "judged"
	actionCorrected = "corrected"
)

// Annotation is one line of an own-judgments file: one annotator's labels
// for one result of one topic.
type Annotation struct {
	Topic string
	Pair  string // the judged document: "first,second" for a 2022 sentence pair
	// Relevance is -2 (spam, a non-argument), 0, 1 or 2; Quality and
	// Coherence are 0, 1 or 2.
	Relevance, Quality, Coherence int
	Annotator                     string
	Time                          time.Time
	// Corrects marks a correction: its labels supersede the pair's
	// earlier lines instead of conflicting with them.
	Corrects bool
}

// appendLine appends a's line, without its newline, to b; a must pass
// check.
func (a Annotation) appendLine(b []byte) []byte {
	action := actionJudged
	if a.Corrects {
		action = actionCorrected
	}
	b = appendEscaped(b, a.Topic)
	b = append(b, '\t')
	b = appendEscaped(b, a.Pair)
	for _, l := range a.labels() {
		b = append(b, '\t')
		b = strconv.AppendInt(b, int64(l), 10)
	}
	b = append(b, '\t')
	b = appendEscaped(b, a.Annotator)
	b = append(b, '\t')
	b = a.Time.UTC().AppendFormat(b, time.RFC3339Nano)
	b = append(b, '\t')
	return append(b, action...)
}

func (a Annotation) labels() labels { return labels{a.Relevance, a.Quality, a.Coherence} }

// fieldError is a wrong value in one field of an Annotation.
type fieldError struct {
	field string
	err   error
}

func (e *fieldError) Error() string { return e.field + ": " + e.err.Error() }
func (e *fieldError) Unwrap() error { return e.err }

var errAnnotation = errors.New("malformed judgment")

// check reports the first field of a that a line cannot hold.
func (a Annotation) check() *fieldError {
	switch {
	case a.Topic == "":
		return &fieldError{"topic", fmt.Errorf("empty: %w", errAnnotation)}
	case a.Pair == "":
		return &fieldError{"pair", fmt.Errorf("empty: %w", errAnnotation)}
	case a.Relevance != -2 && (a.Relevance < 0 || a.Relevance > 2):
		return &fieldError{"relevance", fmt.Errorf("%d is not -2, 0, 1 or 2: %w", a.Relevance, errAnnotation)}
	case a.Quality < 0 || a.Quality > 2:
		return &fieldError{"quality", fmt.Errorf("%d is not 0, 1 or 2: %w", a.Quality, errAnnotation)}
	case a.Coherence < 0 || a.Coherence > 2:
		return &fieldError{"coherence", fmt.Errorf("%d is not 0, 1 or 2: %w", a.Coherence, errAnnotation)}
	case a.Annotator == "":
		return &fieldError{"annotator", fmt.Errorf("empty: %w", errAnnotation)}
	case a.Time.IsZero():
		return &fieldError{"time", fmt.Errorf("zero: %w", errAnnotation)}
	}
	return nil
}

func appendEscaped(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\\':
			b = append(b, '\\', '\\')
		case '\t':
			b = append(b, '\\', 't')
		case '\n':
			b = append(b, '\\', 'n')
		case '\r':
			b = append(b, '\\', 'r')
		default:
			b = append(b, c)
		}
	}
	return b
}

func unescape(s string) (string, error) {
	if !strings.ContainsAny(s, "\\\r") {
		return s, nil
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\r' {
			return "", fmt.Errorf("a raw carriage return (write it \\r): %w", errAnnotation)
		}
		if c != '\\' {
			b.WriteByte(c)
			continue
		}
		if i+1 == len(s) {
			return "", fmt.Errorf("a backslash ends it (write it \\\\): %w", errAnnotation)
		}
		i++
		switch s[i] {
		case '\\':
			b.WriteByte('\\')
		case 't':
			b.WriteByte('\t')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		default:
			return "", fmt.Errorf("unknown escape %s (only \\\\, \\t, \\n and \\r): %w", quote.Q(s[i-1:i+1]), errAnnotation)
		}
	}
	return b.String(), nil
}

// lineError reports a wrong line of an own-judgments file.
type lineError struct {
	file  string
	line  int
	field string // empty when the line as a whole is wrong
	err   error
}

func (e *lineError) Error() string {
	if e.field == "" {
		return fmt.Sprintf("own: %s line %d: %v", e.file, e.line, e.err)
	}
	return fmt.Sprintf("own: %s line %d, field %s: %v", e.file, e.line, e.field, e.err)
}

func (e *lineError) Unwrap() error { return e.err }

// key is a judged item: a topic and a pair.
type key struct{ topic, pair string }

// labels are relevance, quality and coherence.
type labels [3]int

// annotated is the current labels of one item and the line that set them.
type annotated struct {
	labels labels
	line   int
}

// Annotations are the judgments of one own-judgments file, read by Read.
// They are immutable, so they may be shared between goroutines.
type Annotations struct {
	name       string
	items      map[key]annotated
	order      []key    // in the order first judged
	annotators []string // sorted
}

// Read reads an own-judgments file (see the package doc). name is the
// file's name for errors and for the eval.Judgments. A file that is not
// one (another first line, another version), a malformed line, and labels
// of a pair that conflict with an earlier line of it (without "corrected")
// are errors naming the file and line, and the field or the earlier line.
// Blank lines are skipped. A last line without its newline is read if it
// is whole; an interrupted append leaves it cut, and then it is an error
// saying so.
func Read(r io.Reader, name string) (*Annotations, error) {
	br := bufio.NewReader(nilio.Reader(r, "own"))
	a := &Annotations{name: name, items: make(map[key]annotated)}
	seen := make(map[string]bool)
	for n := 1; ; n++ {
		line, err := br.ReadString('\n')
		if err != nil && err != io.EOF {
			return nil, fmt.Errorf("own: reading %s: %w", name, err)
		}
		if line == "" && err == io.EOF {
			if n == 1 {
				return nil, &lineError{name, 1, "", fmt.Errorf("empty, not an own-judgments file (no header %s): %w", quote.Q(header), errAnnotation)}
			}
			break
		}
		cut := err == io.EOF // the last line, without its newline
		line = strings.TrimSuffix(line, "\n")
		if n == 1 {
			if err := checkHeader(line); err != nil {
				return nil, &lineError{name, 1, "", err}
			}
			continue
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		j, ferr := parseLine(line)
		if ferr != nil {
			e := &lineError{name, n, ferr.field, ferr.err}
			if cut {
				e.err = fmt.Errorf("%w (the last line has no newline: an interrupted write?)", ferr.err)
			}
			return nil, e
		}
		k := key{j.Topic, j.Pair}
		l := j.labels()
		if prev, ok := a.items[k]; ok {
			if !j.Corrects && prev.labels != l {
				return nil, &lineError{name, n, "", fmt.Errorf(
					"topic %s, pair %s labelled %s here and %s on line %d (append a \"corrected\" line to change labels): %w",
					quote.Q(j.Topic), quote.Q(j.Pair), l, prev.labels, prev.line, errConflict)}
			}
			if j.Corrects || prev.labels != l {
				a.items[k] = annotated{l, n}
			}
		} else {
			a.items[k] = annotated{l, n}
			a.order = append(a.order, k)
		}
		if !seen[j.Annotator] {
			seen[j.Annotator] = true
			a.annotators = append(a.annotators, j.Annotator)
		}
		if err == io.EOF {
			break
		}
	}
	slices.Sort(a.annotators)
	return a, nil
}

var errConflict = errors.New("conflicting judgments")

func (l labels) String() string {
	return fmt.Sprintf("relevance %d, quality %d, coherence %d", l[0], l[1], l[2])
}

func checkHeader(line string) error {
	const name = "#argsearch-judgments "
	if !strings.HasPrefix(line, name) {
		return fmt.Errorf("not an own-judgments file: the first line is %s, want %s: %w", quote.Q(line), quote.Q(header), errAnnotation)
	}
	if line != header {
		version, _, _ := strings.Cut(strings.TrimPrefix(line, name), "\t")
		return fmt.Errorf("own-judgments format version %s or columns not known; this reader knows %s: %w", quote.Q(version), quote.Q(header), errAnnotation)
	}
	return nil
}

// columns are the columns of a line, in order.
var columns = [...]string{"topic", "pair", "relevance", "quality", "coherence", "annotator", "time", "action"}

func parseLine(line string) (Annotation, *fieldError) {
	var f [len(columns)]string
	rest := line
	for i := range f {
		var ok bool
		if i == len(f)-1 {
			f[i], ok = rest, !strings.Contains(rest, "\t")
		} else {
			f[i], rest, ok = strings.Cut(rest, "\t")
		}
		if !ok {
			n := strings.Count(line, "\t") + 1
			return Annotation{}, &fieldError{"", fmt.Errorf("%d columns, want %d (%s): %w", n, len(f), strings.Join(columns[:], " "), errAnnotation)}
		}
	}
	var a Annotation
	var err error
	for i, p := range []*string{&a.Topic, &a.Pair} {
		if *p, err = unescape(f[i]); err != nil {
			return a, &fieldError{columns[i], err}
		}
	}
	if a.Annotator, err = unescape(f[5]); err != nil {
		return a, &fieldError{"annotator", err}
	}
	for i, p := range []*int{&a.Relevance, &a.Quality, &a.Coherence} {
		v, err := strconv.Atoi(f[2+i])
		if err != nil {
			return a, &fieldError{columns[2+i], fmt.Errorf("%s is not an integer: %w", quote.Q(f[2+i]), errAnnotation)}
		}
		*p = v
	}
	if a.Time, err = time.Parse(time.RFC3339Nano, f[6]); err != nil {
		return a, &fieldError{"time", fmt.Errorf("%s is not an RFC 3339 time: %w", quote.Q(f[6]), errAnnotation)}
	}
	switch f[7] {
	case actionJudged:
	case actionCorrected:
		a.Corrects = true
	default:
		return a, &fieldError{"action", fmt.Errorf("%s, want %q or %q: %w", quote.Q(f[7]), actionJudged, actionCorrected, errAnnotation)}
	}
	if err := a.check(); err != nil {
		return a, err
	}
	return a, nil
}

// Judgments returns the file's current labels (corrections applied) as
// eval.Judgments of eval.Relevance, eval.Quality and eval.Coherence, named
// as the file was named for Read: what experiment.Experiment's Own takes.
// A spam label (-2) stays -2 in eval.Relevance, as in the official qrels
// format; measures treat it as trec_eval does.
func (a *Annotations) Judgments() *eval.Judgments {
	var js [3][]eval.Judgment
	for _, k := range a.order {
		l := a.items[k].labels
		for d := range js {
			js[d] = append(js[d], eval.Judgment{Topic: k.topic, DocID: k.pair, Label: l[d]})
		}
	}
	qrels := make([]*eval.Qrels, len(js))
	for d := range js {
		q, err := eval.NewQrels(js[d])
		if err != nil { // each item is added once, with a label on its scale
			panic("own: " + err.Error())
		}
		qrels[d] = q
	}
	j, err := eval.NewJudgments(a.name, dimensions[:], qrels)
	if err != nil { // the three qrels judge the same items
		panic("own: " + err.Error())
	}
	return j
}

// dimensions are the judged dimensions, in the order of a line's labels.
var dimensions = [...]eval.Dimension{eval.Relevance, eval.Quality, eval.Coherence}

// Annotators returns the distinct annotator names of the file, sorted.
func (a *Annotations) Annotators() []string { return slices.Clone(a.annotators) }

// Agreement returns Cohen's κ between two files per dimension
// (eval.Relevance, eval.Quality, eval.Coherence) over the items both
// judged, and how many those are.
// Each file's current labels count (corrections applied). κ is
// (pₒ − pₑ) / (1 − pₑ), with pₒ the share of items labelled alike and pₑ
// the agreement expected by chance from each file's label frequencies; it
// is NaN when no item was judged in both, or when pₑ is 1 (both used one
// and the same label throughout). A nil file counts as an empty one.
func Agreement(a, b *Annotations) (kappa map[eval.Dimension]float64, items int) {
	if a == nil || b == nil {
		a, b = &Annotations{}, &Annotations{}
	}
	var counts [3]struct {
		alike  int
		ca, cb map[int]int
	}
	for d := range counts {
		counts[d].ca, counts[d].cb = make(map[int]int), make(map[int]int)
	}
	for _, k := range a.order {
		lb, ok := b.items[k]
		if !ok {
			continue
		}
		items++
		la := a.items[k].labels
		for d := range counts {
			if la[d] == lb.labels[d] {
				counts[d].alike++
			}
			counts[d].ca[la[d]]++
			counts[d].cb[lb.labels[d]]++
		}
	}
	kappa = make(map[eval.Dimension]float64, 3)
	for d, dim := range dimensions {
		if items == 0 {
			kappa[dim] = math.NaN()
			continue
		}
		n := float64(items)
		po := float64(counts[d].alike) / n
		pe := 0.0
		for _, l := range slices.Sorted(maps.Keys(counts[d].ca)) { // sorted: the same sum every time
			pe += float64(counts[d].ca[l]) / n * float64(counts[d].cb[l]) / n
		}
		if pe >= 1 {
			kappa[dim] = math.NaN()
			continue
		}
		kappa[dim] = (po - pe) / (1 - pe)
	}
	return kappa, items
}
