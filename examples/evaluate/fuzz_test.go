package main

import (
	"bytes"
	"errors"
	"testing"

	"github.com/argsearch/argsearch/runfile"
)

// FuzzParseLenient checks trec_eval mode's run reader on any input: it
// never panics, keeps line numbers (trecEvalLines keeps every newline),
// leaves at most six fields on a line, changes nothing in a file without
// comments or extra fields, and reports a malformed line as a
// *runfile.ParseError.
func FuzzParseLenient(f *testing.F) {
	for _, s := range []string{
		"1 Q0 d1 1 2.5 tag\n",
		"  # comment\n1 Q0 d1 1 2.5 tag more junk at\n#\n",
		"301\tQ0\tFBIS3-27619\t99\t  2.138276\tSTANDARD more junk at\n",
		"1 Q0 d#1 1 inf tag\r\n1 PRO d2 2 -1e400 tag",
		"1 Q0 d1 x 1 tag\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		lines := trecEvalLines(data)
		if got, want := bytes.Count(lines, []byte("\n")), bytes.Count(data, []byte("\n")); got != want {
			t.Fatalf("trecEvalLines: %d lines, want %d", got, want)
		}
		for l := range bytes.Lines(lines) {
			if n := len(bytes.FieldsFunc(l, cSpace)); n > 6 {
				t.Fatalf("trecEvalLines left %d fields in %q", n, l)
			}
		}
		plain := true
		for l := range bytes.Lines(data) {
			f := bytes.FieldsFunc(l, cSpace)
			if len(f) > 6 || len(f) > 0 && f[0][0] == '#' {
				plain = false
			}
		}
		if plain && !bytes.Equal(lines, data) {
			t.Fatalf("trecEvalLines changed a file without comments or extra fields:\n%q\n%q", data, lines)
		}
		run, _, err := parseLenient(data, "fuzz")
		if err != nil {
			var pe *runfile.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("got error %v, want a *runfile.ParseError", err)
			}
			return
		}
		for qid, ls := range run {
			for _, l := range ls {
				if l.QID != qid || l.DocID == "" || l.QID[0] == '#' { // a comment read as a line
					t.Fatalf("line %+v under topic %q", l, qid)
				}
			}
		}
	})
}

func cSpace(r rune) bool {
	return r == ' ' || r == '\t' || r == '\n' || r == '\v' || r == '\f' || r == '\r'
}
