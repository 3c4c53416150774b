package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/corpus/sample"
	"github.com/argsearch/argsearch/runfile/tira"
	"github.com/argsearch/argsearch/topics"
	"github.com/google/go-cmp/cmp"
)

// TestWrite writes each sample and reads the directory back as a system
// does: tira.Job finds the corpus and the topics, the corpus file is the
// sample's CSV byte for byte and the topics parse to the sample's.
func TestWrite(t *testing.T) {
	for _, s := range []sample.Sample{sample.Touche2022(), sample.Touche2021()} {
		dir := filepath.Join(t.TempDir(), "new", "input")
		var stdout, stderr bytes.Buffer
		if code := run([]string{"-sample", map[int]string{2021: "2021", 2022: "2022"}[s.Year()], dir}, &stdout, &stderr); code != 0 {
			t.Fatalf("%d: exit %d, stderr %q", s.Year(), code, stderr.String())
		}
		if stdout.Len() != 0 || stderr.Len() != 0 {
			t.Errorf("%d: stdout %q, stderr %q; want nothing", s.Year(), stdout.String(), stderr.String())
		}
		job := tira.Job{InputDir: dir}
		corpusPath, err := job.Corpus()
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(corpusPath)
		if err != nil {
			t.Fatal(err)
		}
		want, err := io.ReadAll(s.ProcessedCSV())
		if err != nil {
			t.Fatal(err)
		}
		if filepath.Base(corpusPath) != "args_processed.csv" || !bytes.Equal(got, want) {
			t.Errorf("%d: corpus %s, %d bytes; want args_processed.csv, the sample's %d bytes", s.Year(), corpusPath, len(got), len(want))
		}
		topicsPath, err := job.Topics()
		if err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(topicsPath)
		if err != nil {
			t.Fatal(err)
		}
		gotTopics, err := topics.Parse(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		wantTopics, err := s.Topics()
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(wantTopics, gotTopics); diff != "" {
			t.Errorf("%d: topics.xml read back (-want +got):\n%s", s.Year(), diff)
		}
	}
}

// TestCommandLine checks the exit statuses: 0 and the usage on stdout for
// -h, 2 for a bad command line (naming what is wrong), 1 when the
// directory cannot be made.
func TestCommandLine(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args   []string
		code   int
		stdout string // a substring; "" wants nothing
		stderr string // a substring; "" wants nothing
	}{
		{[]string{"-h"}, 0, "usage: sampleinput", ""},
		{nil, 2, "", "want one directory, got 0"},
		{[]string{"a", "b"}, 2, "", "want one directory, got 2"},
		{[]string{"-sample", "2020", "d"}, 2, "", "-sample 2020: want 2022 or 2021"},
		{[]string{"-x", "d"}, 2, "", "-x"},
		{[]string{filepath.Join(file, "dir")}, 1, "", "sampleinput: "},
	} {
		var stdout, stderr bytes.Buffer
		code := run(c.args, &stdout, &stderr)
		if code != c.code || !contains(stdout.String(), c.stdout) || !contains(stderr.String(), c.stderr) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d, stdout with %q, stderr with %q", c.args, code, stdout.String(), stderr.String(), c.code, c.stdout, c.stderr)
		}
	}
}

// contains reports whether s contains sub, or, for sub "", whether s is
// empty.
func contains(s, sub string) bool {
	if sub == "" {
		return s == ""
	}
	return strings.Contains(s, sub)
}
