package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/corpus/corpustest"
	"github.com/argsearch/argsearch/corpus/sample"
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
			key := corpus.NormalizeSentence(x.Text)
			if key == "" {
				key = "\x00" + x.Text // compared exactly, see corpus.NormalizedDuplicates
			}
			if seen[key] {
				s.DuplicateSentences++
			}
			seen[key] = true
		}
	}
	return s
}

var outputPattern = regexp.MustCompile(`^arguments (\d+)\nsentences (\d+)\ntokens (\d+)\nduplicate_sentences (\d+)\n$`)

func runInspect(t *testing.T, args ...string) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if err := run(context.Background(), args, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	if !outputPattern.MatchString(stdout.String()) {
		t.Fatalf("output: got %q, want the four lines", stdout.String())
	}
	if !regexp.MustCompile(`^time \d+\.\d{3}s\n$`).MatchString(stderr.String()) {
		t.Fatalf("stderr: got %q, want a time line", stderr.String())
	}
	return stdout.String()
}

func format(s summary) string {
	return fmt.Sprintf("arguments %d\nsentences %d\ntokens %d\nduplicate_sentences %d\n",
		s.Arguments, s.Sentences, s.Tokens, s.DuplicateSentences)
}

func TestInspectSample(t *testing.T) {
	var buf bytes.Buffer
	buf.ReadFrom(sample.ProcessedCSV())
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
	for _, args := range [][]string{{filepath.Join(dir, "missing.csv")}, {bad}, {"a", "b"}} {
		var stdout, stderr bytes.Buffer
		if err := run(context.Background(), args, &stdout, &stderr); err == nil {
			t.Errorf("inspect %q: got no error", args)
		} else if stdout.Len() != 0 {
			t.Errorf("inspect %q: error %v, but printed %q", args, err, stdout.String())
		}
	}
}

func TestCountTokens(t *testing.T) {
	for _, s := range []string{"", " ", "a", " a  b ", "a\u00a0b", "a\u200bb", "a\u0085b\u3000c", "é ü\tx\n", "\x1c\x1f", "\xff \xfe"} {
		if got, want := countTokens(s), len(strings.Fields(s)); got != want {
			t.Errorf("countTokens(%q): got %d, want %d", s, got, want)
		}
	}
}
