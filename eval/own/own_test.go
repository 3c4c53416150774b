package own_test

import (
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/eval/own"
	"github.com/google/go-cmp/cmp"
)

var when = time.Date(2026, 11, 27, 1, 2, 3, 456, time.UTC)

// header is the format's first line, byte for byte: files written before
// must read.
const header = "#argsearch-judgments 1\ttopic\tpair\trelevance\tquality\tcoherence\tannotator\ttime\taction"

// file returns an own-judgments file holding the lines of as, written by
// a Writer.
func file(t testing.TB, as ...own.Annotation) string {
	t.Helper()
	var b strings.Builder
	w := own.NewWriter(&b)
	for _, a := range as {
		if err := w.Write(a); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func read(t testing.TB, text string) *own.Annotations {
	t.Helper()
	a, err := own.Read(strings.NewReader(text), "own.tsv")
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestAnnotationsRoundTripHostileNames(t *testing.T) {
	huge := strings.Repeat("x", 10<<20)
	as := []own.Annotation{
		{Topic: "1", Pair: "a__PREMISE__1,b__CONC__1", Relevance: -2, Quality: 0, Coherence: 0, Annotator: "Ada Lovelace", Time: when},
		{Topic: "2\t2", Pair: "p\\n,\r\nq", Relevance: 2, Quality: 1, Coherence: 2, Annotator: "tab\there\\ and a line\nbreak", Time: when},
		{Topic: "3", Pair: huge, Relevance: 1, Quality: 2, Coherence: 1, Annotator: "ünïcödé 名前", Time: when.Add(time.Hour)},
	}
	a := read(t, file(t, as...))
	if got, want := a.Annotators(), []string{"Ada Lovelace", "tab\there\\ and a line\nbreak", "ünïcödé 名前"}; !cmp.Equal(got, want) {
		t.Errorf("annotators: got %q, want %q", got, want)
	}
	j := a.Judgments()
	if j.Name != "own.tsv" {
		t.Errorf("name: got %q, want own.tsv", j.Name)
	}
	for _, x := range as {
		for d, want := range map[eval.Dimension]int{eval.Relevance: x.Relevance, eval.Quality: x.Quality, eval.Coherence: x.Coherence} {
			got, ok := j.Qrels(d).Label(x.Topic, x.Pair)
			if !ok || got != want {
				t.Errorf("%s of topic %.20q pair %.20q: got %d (judged %v), want %d", d, x.Topic, x.Pair, got, ok, want)
			}
		}
	}
	if n := j.Qrels(eval.Relevance).Len(); n != 3 {
		t.Errorf("got %d judgments, want 3", n)
	}
}

func TestAnnotationsRepeatsAndCorrections(t *testing.T) {
	first := own.Annotation{Topic: "1", Pair: "a,b", Relevance: 1, Quality: 1, Coherence: 1, Annotator: "x", Time: when}
	again := first
	again.Annotator, again.Time = "y", when.Add(time.Minute)
	fix := first
	fix.Relevance, fix.Corrects = 2, true
	same := fix
	same.Corrects = false
	a := read(t, file(t, first, again, fix, same))
	if got, _ := a.Judgments().Qrels(eval.Relevance).Label("1", "a,b"); got != 2 {
		t.Errorf("relevance after the correction: got %d, want 2", got)
	}
	if n := a.Judgments().Qrels(eval.Quality).Len(); n != 1 {
		t.Errorf("got %d judged items, want 1", n)
	}

	// After the correction, the first labels conflict with the current ones.
	_, err := own.Read(strings.NewReader(lines(t, first, fix, first)), "own.tsv")
	if err == nil || !strings.Contains(err.Error(), "own.tsv line 4") || !strings.Contains(err.Error(), "on line 3") {
		t.Errorf("got %v, want a conflict between lines 4 and 3 of own.tsv", err)
	}
}

func TestAnnotationsErrors(t *testing.T) {
	good := file(t, own.Annotation{Topic: "1", Pair: "a,b", Relevance: 1, Quality: 1, Coherence: 1, Annotator: "x", Time: when})
	line := strings.SplitN(good, "\n", 2)[1]
	line = strings.TrimSuffix(line, "\n")
	with := func(col int, v string) string {
		f := strings.Split(line, "\t")
		f[col] = v
		return header + "\n" + line + "\n" + strings.Join(f, "\t") + "\n"
	}
	conflict := with(2, "2")
	for _, c := range []struct{ name, text, want string }{
		{"empty", "", "own.tsv line 1: empty"},
		{"qrels", "1 0 a,b 2\n", "own.tsv line 1: not an own-judgments file"},
		{"binary", "\x00\xff\xfe garbage", "own.tsv line 1: not an own-judgments file"},
		{"version", strings.Replace(good, "judgments 1", "judgments 2", 1), `version "2"`},
		{"columns", header + "\n1\t2\n", "own.tsv line 2: 2 columns, want 8"},
		{"relevance", with(2, "3"), "own.tsv line 3, field relevance: 3 is not -2, 0, 1 or 2"},
		{"quality spam", with(3, "-2"), "own.tsv line 3, field quality: -2 is not 0, 1 or 2"},
		{"coherence", with(4, "two"), "own.tsv line 3, field coherence: \"two\" is not an integer"},
		{"topic", with(0, ""), "own.tsv line 3, field topic: empty"},
		{"pair escape", with(1, `a\x`), `own.tsv line 3, field pair: unknown escape "\\x"`},
		{"annotator", with(5, `trailing\`), "own.tsv line 3, field annotator: a backslash ends it"},
		{"time", with(6, "yesterday"), "own.tsv line 3, field time"},
		{"action", with(7, "maybe"), "own.tsv line 3, field action"},
		{"conflict", conflict, "own.tsv line 3: topic \"1\", pair \"a,b\" labelled relevance 2, quality 1, coherence 1 here and relevance 1, quality 1, coherence 1 on line 2"},
		{"cut", good[:len(good)-5], "own.tsv line 2, field action: \"ju\", want \"judged\" or \"corrected\": malformed judgment (the last line has no newline: an interrupted write?)"},
		{"huge", with(2, strings.Repeat("9", 10<<20)), "(10485760 bytes) is not an integer"},
	} {
		_, err := own.Read(strings.NewReader(c.text), "own.tsv")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error containing %q", c.name, err, c.want)
		}
		if err != nil && len(err.Error()) > 1000 {
			t.Errorf("%s: an error of %d bytes", c.name, len(err.Error()))
		}
	}
	// A whole last line without its newline is read.
	if a := read(t, strings.TrimSuffix(good, "\n")); a.Judgments().Qrels(eval.Relevance).Len() != 1 {
		t.Error("a whole last line without a newline was not read")
	}
	// Only blank lines after the header: no judgments, no error.
	if a := read(t, header+"\n\n  \n"); a.Judgments().Qrels(eval.Coherence).Len() != 0 {
		t.Error("judgments out of blank lines")
	}
	if _, err := own.Read(nil, "nil"); err == nil {
		t.Error("a nil reader gave no error")
	}
}

func TestWriterRejects(t *testing.T) {
	ok := own.Annotation{Topic: "1", Pair: "a,b", Annotator: "x", Time: when}
	for _, c := range []struct {
		field string
		edit  func(*own.Annotation)
	}{
		{"topic", func(a *own.Annotation) { a.Topic = "" }},
		{"pair", func(a *own.Annotation) { a.Pair = "" }},
		{"relevance", func(a *own.Annotation) { a.Relevance = -1 }},
		{"quality", func(a *own.Annotation) { a.Quality = 3 }},
		{"coherence", func(a *own.Annotation) { a.Coherence = -2 }},
		{"annotator", func(a *own.Annotation) { a.Annotator = "" }},
		{"time", func(a *own.Annotation) { a.Time = time.Time{} }},
		{"conflict", func(a *own.Annotation) { a.Pair, a.Relevance = "c,d", 1 }}, // c,d was 0 before
	} {
		var b strings.Builder
		w := own.NewWriter(&b)
		before := ok
		before.Pair = "c,d"
		if err := w.Write(before); err != nil {
			t.Fatal(err)
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		written := b.String()
		a := ok
		c.edit(&a)
		err := w.Write(a)
		want := c.field + ":"
		if c.field == "conflict" {
			want = "relevance 1, quality 0, coherence 0, but relevance 0, quality 0, coherence 0 before"
		}
		if err == nil || !strings.Contains(err.Error(), want) || !strings.HasPrefix(err.Error(), "own: ") {
			t.Errorf("%s: got %v, want an error containing %q", c.field, err, want)
		}
		// Sticky: nothing more is written.
		if err2 := w.Write(ok); err2 != err {
			t.Errorf("%s: a later Write: got %v, want the same error", c.field, err2)
		}
		if err2 := w.Flush(); err2 != err {
			t.Errorf("%s: Flush: got %v, want the same error", c.field, err2)
		}
		if b.String() != written {
			t.Errorf("%s: the refused judgment reached the io.Writer: %q", c.field, b.String())
		}
	}
	// A correction is no conflict, nor is a repeat of the same labels.
	var b strings.Builder
	w := own.NewWriter(&b)
	fix := ok
	fix.Relevance, fix.Corrects = 2, true
	for _, a := range []own.Annotation{ok, ok, fix, fix, {Topic: "1", Pair: "a,b", Relevance: 2, Annotator: "y", Time: when}} {
		if err := w.Write(a); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if got, _ := read(t, b.String()).Judgments().Qrels(eval.Relevance).Label("1", "a,b"); got != 2 {
		t.Errorf("after the correction: relevance %d, want 2", got)
	}
}

func TestWriterHeader(t *testing.T) {
	// A Writer with nothing to write writes the header alone, at Flush.
	var b strings.Builder
	if err := own.NewWriter(&b).Flush(); err != nil || b.String() != header+"\n" {
		t.Errorf("an empty file: got %q, %v; want the header", b.String(), err)
	}
	// Append: the lines alone, to go after a file's own.
	b.Reset()
	w := own.NewWriter(&b)
	w.Append = true
	a := own.Annotation{Topic: "1", Pair: "a\tb", Relevance: -2, Annotator: "Ada", Time: time.Date(2026, 11, 27, 9, 0, 0, 5, time.FixedZone("CET", 3600)), Corrects: true}
	if err := w.Write(a); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if want := "1\ta\\tb\t-2\t0\t0\tAda\t2026-11-27T08:00:00.000000005Z\tcorrected\n"; b.String() != want {
		t.Errorf("Append: got %q, want %q", b.String(), want)
	}
	// A nil io.Writer is an error, not a panic.
	w = own.NewWriter(nil)
	w.Write(a)
	if err := w.Flush(); err == nil || !strings.Contains(err.Error(), "nil") {
		t.Errorf("a nil io.Writer: got %v, want an error saying so", err)
	}
}

// lines returns a file of the header and each annotation's line, not
// checked against each other (as an editor could make it).
func lines(t testing.TB, as ...own.Annotation) string {
	t.Helper()
	var b strings.Builder
	b.WriteString(header + "\n")
	for _, a := range as {
		w := own.NewWriter(&b)
		w.Append = true
		if err := w.Write(a); err != nil {
			t.Fatal(err)
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
	}
	return b.String()
}

func TestAgreement(t *testing.T) {
	mk := func(annotator string, rel ...int) *own.Annotations {
		var as []own.Annotation
		for i, r := range rel {
			as = append(as, own.Annotation{Topic: "1", Pair: string(rune('a' + i)), Relevance: r, Quality: 2, Coherence: i % 2, Annotator: annotator, Time: when})
		}
		return read(t, file(t, as...))
	}
	// Relevance: pₒ = 3/4; pₑ = ½·¼ + ½·¾ = ½; κ = (¾ − ½) / ½ = ½.
	// Coherence is alike throughout: κ = 1. Quality is 2 throughout: pₑ = 1, NaN.
	k, n := own.Agreement(mk("a", 1, 1, 0, 0, 2), mk("b", 1, 0, 0, 0))
	if n != 4 {
		t.Errorf("got %d items, want 4 (a's fifth is b's unjudged)", n)
	}
	if math.Abs(k[eval.Relevance]-0.5) > 1e-12 || k[eval.Coherence] != 1 || !math.IsNaN(k[eval.Quality]) {
		t.Errorf("got κ %v, want relevance 0.5, coherence 1, quality NaN", k)
	}
	if k, n := own.Agreement(mk("a", 1), read(t, header+"\n")); n != 0 || !math.IsNaN(k[eval.Relevance]) {
		t.Errorf("nothing in common: got %v over %d items, want NaN over 0", k, n)
	}
}

func TestAnnotationsErrorUnwraps(t *testing.T) {
	_, err := own.Read(strings.NewReader("x"), "f")
	if err == nil || errors.Unwrap(err) == nil {
		t.Errorf("got %v, want a wrapped error", err)
	}
}

func TestAgreementNil(t *testing.T) {
	if k, n := own.Agreement(nil, read(t, header+"\n")); n != 0 || !math.IsNaN(k[eval.Quality]) {
		t.Errorf("a nil file: got %v over %d items, want NaN over 0", k, n)
	}
}
