package tira

import (
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func touch(t *testing.T, dir string, names ...string) {
	t.Helper()
	for _, n := range names {
		p := filepath.Join(dir, n)
		if strings.HasSuffix(n, "/") {
			if err := os.MkdirAll(p, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func newFlagSet() *flag.FlagSet {
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

func TestRegisterFlags(t *testing.T) {
	in, out := t.TempDir(), filepath.Join(t.TempDir(), "out")
	fs := newFlagSet()
	verbose := fs.Bool("v", false, "a flag of the caller's own")
	var job Job
	job.RegisterFlags(fs)
	if err := fs.Parse([]string{"-i", in, "-v", "-o", out, "extra"}); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(Job{InputDir: in, OutputDir: out}, job); diff != "" {
		t.Errorf("Job (-want +got):\n%s", diff)
	}
	if !*verbose || fs.NArg() != 1 || fs.Arg(0) != "extra" {
		t.Errorf("caller's flags and arguments: -v %v, args %q", *verbose, fs.Args())
	}
}

// TestJobErrors checks that Corpus, Topics and RunPath name a missing
// flag or a bad input directory.
func TestJobErrors(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	touch(t, dir, "file")
	tests := []struct {
		name string
		job  Job
		want error  // sentinel, or nil to only require an error
		text string // part of the message
	}{
		{"no -i", Job{OutputDir: dir}, errUsage, "-i $inputDataset not given"},
		{"missing input dir", Job{InputDir: filepath.Join(dir, "absent"), OutputDir: dir}, os.ErrNotExist, "input directory"},
		{"input is a file", Job{InputDir: file, OutputDir: dir}, nil, "is not a directory"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for what, f := range map[string]func() (string, error){"Corpus": tc.job.Corpus, "Topics": tc.job.Topics} {
				_, err := f()
				if err == nil || (tc.want != nil && !errors.Is(err, tc.want)) {
					t.Fatalf("%s: got %v, want an error wrapping %v", what, err, tc.want)
				}
				if !strings.HasPrefix(err.Error(), "tira: ") || !strings.Contains(err.Error(), tc.text) {
					t.Errorf("%s: message %q, want it to start with tira: and contain %q", what, err, tc.text)
				}
			}
		})
	}
}

func TestCorpusFiles(t *testing.T) {
	tests := []struct {
		name  string
		files []string
		want  []string
	}{
		{"processed csv first", []string{"topics.xml", "a.csv", "args_processed.csv", "args.json", "x.tar.gz"},
			[]string{"args_processed.csv", "a.csv", "args.json", "x.tar.gz"}},
		{"preference order", []string{"z.gz", "b.json", "a.json", "args_processed_04_01.tar.gz", "c.tgz", "data.csv", "notes.txt"},
			[]string{"data.csv", "a.json", "b.json", "args_processed_04_01.tar.gz", "c.tgz", "z.gz"}},
		{"case insensitive", []string{"ARGS_PROCESSED.CSV", "corpus.JSON"}, []string{"ARGS_PROCESSED.CSV", "corpus.JSON"}},
		{"compressed csv", []string{"args_processed.csv.gz", "topics.xml"}, []string{"args_processed.csv.gz"}},
		{"hidden files and directories skipped", []string{".hidden.csv", "sub.csv/", "debateorg.json"}, []string{"debateorg.json"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			touch(t, dir, tc.files...)
			job := Job{InputDir: dir}
			got, err := job.corpusFiles()
			if err != nil {
				t.Fatal(err)
			}
			for i := range got {
				got[i] = filepath.Base(got[i])
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("corpusFiles (-want +got):\n%s", diff)
			}
			first, err := job.Corpus()
			if err != nil || first != filepath.Join(dir, tc.want[0]) {
				t.Errorf("Corpus: got %q, %v, want %q", first, err, filepath.Join(dir, tc.want[0]))
			}
		})
	}
}

func TestCorpusMissing(t *testing.T) {
	dir := t.TempDir()
	touch(t, dir, "topics.xml", "README.txt", "nested/")
	touch(t, filepath.Join(dir, "nested"), "args_processed.csv")
	_, err := Job{InputDir: dir}.Corpus()
	if !errors.Is(err, errNoCorpus) || !strings.Contains(err.Error(), dir) {
		t.Errorf("Corpus: got %v, want errNoCorpus naming %s", err, dir)
	}
	_, err = Job{InputDir: filepath.Join(dir, "absent")}.Corpus()
	if !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Corpus of a missing directory: got %v, want os.ErrNotExist", err)
	}
}

func TestTopics(t *testing.T) {
	tests := []struct {
		name  string
		files []string
		want  string // base name, or "" for errNoTopics
	}{
		{"topics.xml", []string{"topics.xml", "other.xml", "args_processed.csv"}, "topics.xml"},
		{"the only xml", []string{"topics-task1-2022.xml", "args_processed.csv"}, "topics-task1-2022.xml"},
		{"none", []string{"args_processed.csv"}, ""},
		{"ambiguous", []string{"a.xml", "b.xml"}, ""},
		{"topics.xml is a directory", []string{"topics.xml/"}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			touch(t, dir, tc.files...)
			got, err := Job{InputDir: dir}.Topics()
			if tc.want == "" {
				if !errors.Is(err, errNoTopics) {
					t.Errorf("Topics: got %q, %v, want errNoTopics", got, err)
				}
				return
			}
			if err != nil || got != filepath.Join(dir, tc.want) {
				t.Errorf("Topics: got %q, %v, want %q", got, err, filepath.Join(dir, tc.want))
			}
		})
	}
}

func TestRunPath(t *testing.T) {
	out := filepath.Join(t.TempDir(), "a", "b")
	got, err := Job{OutputDir: out}.RunPath()
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(out, "run.txt"); got != want {
		t.Errorf("RunPath: got %q, want %q", got, want)
	}
	if fi, err := os.Stat(out); err != nil || !fi.IsDir() {
		t.Errorf("output directory not created: %v", err)
	}
	if _, err := (Job{}).RunPath(); !errors.Is(err, errUsage) {
		t.Errorf("RunPath without -o: got %v, want errUsage", err)
	}
	file := filepath.Join(t.TempDir(), "file")
	touch(t, filepath.Dir(file), "file")
	if _, err := (Job{OutputDir: file}).RunPath(); err == nil {
		t.Errorf("RunPath with a file as output directory: got nil error")
	}
}
