package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"iter"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/corpus/sample"
	"github.com/argsearch/argsearch/examples/internal/cli"
	"github.com/argsearch/argsearch/internal/corpustest"
	"github.com/argsearch/argsearch/internal/dup"
	"github.com/google/go-cmp/cmp"
)

// want computes the summary of a processed CSV independently of inspect:
// strings.Fields for tokens, and a map of normalized texts for duplicates.
func want(t *testing.T, csv []byte) summary {
	t.Helper()
	var s summary
	seen := map[string]bool{}
	for a, err := range corpus.NewCSVReader(bytes.NewReader(csv)).All() {
		if err != nil {
			t.Fatal(err)
		}
		s.Arguments++
		for _, x := range a.Sentences {
			s.Sentences++
			s.Tokens += int64(len(strings.Fields(x.Text)))
			key := dup.Normalize(x.Text)
			if key == "" {
				key = "\x00" + x.Text // compared exactly, see filter.Dedup
			}
			if seen[key] {
				s.DuplicateSentences++
			}
			seen[key] = true
		}
	}
	return s
}

var outputPattern = regexp.MustCompile(`^arguments (\d+)\nsentences (\d+)\ntokens (\d+)\nduplicate_sentences (\d+)\nrepaired_texts (\d+)\n$`)

func runInspect(t *testing.T, args ...string) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), args, &stdout, &stderr); code != cli.ExitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if !outputPattern.MatchString(stdout.String()) {
		t.Fatalf("output: got %q, want the four lines", stdout.String())
	}
	// Off a terminal, the progress of a file is plain lines, ending with
	// the whole file read.
	progress := `(reading \[#{20}\] 100%  \d+ MB/\d+ MB  \d+s\n)`
	if len(args) == 0 {
		progress = ""
	}
	if !regexp.MustCompile(`^` + progress + `time \d+\.\d{3}s\n$`).MatchString(stderr.String()) {
		t.Fatalf("stderr: got %q, want a time line", stderr.String())
	}
	return stdout.String()
}

func format(s summary) string {
	return fmt.Sprintf("arguments %d\nsentences %d\ntokens %d\nduplicate_sentences %d\nrepaired_texts 0\n",
		s.Arguments, s.Sentences, s.Tokens, s.DuplicateSentences)
}

func TestInspectSample(t *testing.T) {
	var buf bytes.Buffer
	buf.ReadFrom(sample.Touche2021().ProcessedCSV())
	w := want(t, buf.Bytes())
	if w.Arguments != 643 {
		t.Fatalf("sample: %d arguments, want 643", w.Arguments)
	}
	if diff := cmp.Diff(format(w), runInspect(t)); diff != "" {
		t.Errorf("inspect of the sample (-want +got):\n%s", diff)
	}
}

// TestInspectGenerated checks inspect against the generator's own counts,
// on a plain and a gzipped file.
func TestInspectGenerated(t *testing.T) {
	var buf bytes.Buffer
	st, err := corpustest.Write(context.Background(), &buf, corpustest.Config{Arguments: 1500, Seed: 9, Vocabulary: 20000})
	if err != nil {
		t.Fatal(err)
	}
	w := want(t, buf.Bytes())
	if w.Arguments != int64(st.Arguments) || w.Sentences != st.Sentences || w.Tokens != st.Tokens {
		t.Fatalf("reference %+v disagrees with the generator's %+v", w, st)
	}
	if w.DuplicateSentences == 0 {
		t.Fatal("the generated corpus has no duplicates")
	}
	dir := t.TempDir()
	plain := filepath.Join(dir, "corpus.csv")
	if err := os.WriteFile(plain, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(buf.Bytes())
	zw.Close()
	gzipped := filepath.Join(dir, "corpus.csv.gz")
	if err := os.WriteFile(gzipped, gz.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{plain, gzipped} {
		if diff := cmp.Diff(format(w), runInspect(t, path)); diff != "" {
			t.Errorf("inspect %s (-want +got):\n%s", filepath.Base(path), diff)
		}
	}
}

func TestInspectErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.csv")
	os.WriteFile(bad, []byte("id,conclusion,premises,context,sentences\nA,c,[,{},[]\n"), 0o644)
	dup := filepath.Join(dir, "dup.csv")
	os.WriteFile(dup, []byte("id,conclusion,premises,context,sentences\n"+
		"A,c,[],{},[]\n"+
		"B,c,[],{},[]\n"+
		"A,d,[],{},[]\n"), 0o644)
	for _, tc := range []struct {
		args   []string
		status int
		want   string
	}{
		{[]string{filepath.Join(dir, "missing.csv")}, cli.ExitError, "missing.csv"},
		{[]string{bad}, cli.ExitError, "bad.csv"},
		{[]string{dup}, cli.ExitError, `dup.csv: record 3 (line 4), field id: argument id "A" is also the id of record 1 (line 2)`},
		{[]string{"a", "b"}, cli.ExitUsage, `unexpected argument "b"`},
		{[]string{"-no-such-flag"}, cli.ExitUsage, "-no-such-flag"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(context.Background(), tc.args, &stdout, &stderr); code != tc.status || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("inspect %q: exit %d, stderr %q; want %d and %q", tc.args, code, stderr.String(), tc.status, tc.want)
		} else if stdout.Len() != 0 {
			t.Errorf("inspect %q: failed, but printed %q", tc.args, stdout.String())
		}
	}
}

// TestHelp checks that -h prints the usage to stdout and reads nothing.
func TestHelp(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"-h"}, &stdout, &stderr); code != cli.ExitOK ||
		!strings.HasPrefix(stdout.String(), "usage: inspect") || stderr.Len() != 0 {
		t.Errorf("-h: exit %d, stdout %q, stderr %q; want 0 and the usage on stdout", code, stdout.String(), stderr.String())
	}
}

func TestCountTokens(t *testing.T) {
	for _, s := range []string{"", " ", "a", " a  b ", "a\u00a0b", "a\u200bb", "a\u0085b\u3000c", "é ü\tx\n", "\x1c\x1f", "\xff \xfe",
		// eight bytes at a time: words across the words' edges, every
		// ASCII space and its neighbours, non-ASCII inside a run
		"The quick  brown\tfox\njumps over\vthe lazy dog.\f\r", "abcdefg hijklmno pqrstuvw",
		"\x08\t\n\v\f\r\x0e \x1f!\x7f\x08x\x0ey\x1fz ", "word word wörd\u00a0word  word word word\u3000x word\xffword "} {
		if got, want := countTokens(s), len(strings.Fields(s)); got != want {
			t.Errorf("countTokens(%q): got %d, want %d", s, got, want)
		}
	}
}

// FuzzCountTokens checks countTokens against strings.Fields on any text,
// invalid UTF-8 and Unicode white space included.
func FuzzCountTokens(f *testing.F) {
	for _, s := range []string{"", " a  b ", "a\u00a0b\u2028c", "\xff \xfe", "\t\r\n\v\f x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := countTokens(s), len(strings.Fields(s)); got != want {
			t.Fatalf("countTokens(%q): got %d, want %d", s, got, want)
		}
	})
}

// TestRepairedTexts inspects a corpus whose conclusion and a sentence hold
// invalid UTF-8: they are repaired and counted.
func TestRepairedTexts(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad.csv")
	csv := "id,conclusion,premises,context,sentences\n" +
		"a1,\"Cats \xff are fine\",\"[{'text': 'Cats are fine.', 'stance': 'PRO'}]\",{},\"[{'sent_id': 'a1__PREMISE__1', 'sent_text': 'Cats \xfe are fine.'}]\"\n"
	if err := os.WriteFile(path, []byte(csv), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"-quiet", path}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if !strings.HasSuffix(stdout.String(), "repaired_texts 2\n") {
		t.Errorf("got %q, want 2 repaired texts", stdout.String())
	}
}

// TestInspectStops checks that an error or a cancelled context in the
// middle of the stream, after batches were handed over, ends inspect with
// that error and leaves no goroutine behind.
func TestInspectStops(t *testing.T) {
	errBad := errors.New("bad record")
	args := func(n int, err error) iter.Seq2[corpus.Argument, error] {
		return func(yield func(corpus.Argument, error) bool) {
			for i := range n {
				a := corpus.Argument{ID: fmt.Sprint(i), Sentences: []corpus.Sentence{{ID: fmt.Sprint(i, "__1"), Text: "Same text."}}}
				if !yield(a, nil) {
					return
				}
			}
			yield(corpus.Argument{}, err)
		}
	}
	before := runtime.NumGoroutine()
	if _, err := inspect(context.Background(), args(3*batchSentences, errBad)); err != errBad {
		t.Errorf("error in the stream: got %v, want %v", err, errBad)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := inspect(ctx, args(3*batchSentences, nil)); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: got %v, want %v", err, context.Canceled)
	}
	s, err := inspect(context.Background(), func(yield func(corpus.Argument, error) bool) {
		for a := range args(3*batchSentences+5, nil) {
			if a.ID == "" || !yield(a, nil) { // not the final zero Argument
				return
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	want := summary{Arguments: 3*batchSentences + 5, Sentences: 3*batchSentences + 5, Tokens: 2 * (3*batchSentences + 5), DuplicateSentences: 3*batchSentences + 4}
	if diff := cmp.Diff(want, s); diff != "" {
		t.Errorf("summary (-want +got):\n%s", diff)
	}
	// A goroutine that has returned may take a moment to be gone.
	for i := 0; runtime.NumGoroutine() > before && i < 100; i++ {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Errorf("goroutines: got %d after inspect, want at most %d", n, before)
	}
}
