package tira

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// link makes the symbolic link dir/name pointing to target, or skips the
// test where links cannot be made.
func link(t *testing.T, target, dir, name string) {
	t.Helper()
	if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
}

// TestSymlinks checks that a corpus and topics that are symbolic links to
// files (as TIRA's input directories and a researcher's own often hold) are
// found, and that a link to a directory is skipped as a directory is.
func TestSymlinks(t *testing.T) {
	src := t.TempDir()
	touch(t, src, "args_processed.csv", "topics.xml", "args.json")
	in := t.TempDir()
	link(t, filepath.Join(src, "args_processed.csv"), in, "args_processed.csv")
	link(t, filepath.Join(src, "topics.xml"), in, "topics-task1.xml")
	job := Job{InputDir: in}
	if got, err := job.Corpus(); err != nil || got != filepath.Join(in, "args_processed.csv") {
		t.Errorf("Corpus = %q, %v; want the linked args_processed.csv", got, err)
	}
	if got, err := job.Topics(); err != nil || got != filepath.Join(in, "topics-task1.xml") {
		t.Errorf("Topics = %q, %v; want the linked topics-task1.xml", got, err)
	}

	// Links to directories, named as a corpus and as topics, are not taken.
	in = t.TempDir()
	link(t, t.TempDir(), in, "a.csv")
	link(t, t.TempDir(), in, "other.xml")
	link(t, filepath.Join(src, "args.json"), in, "args.json")
	link(t, filepath.Join(src, "topics.xml"), in, "topics-task1.xml")
	job = Job{InputDir: in}
	if got, err := job.Corpus(); err != nil || got != filepath.Join(in, "args.json") {
		t.Errorf("Corpus beside a link to a directory = %q, %v; want args.json", got, err)
	}
	if got, err := job.Topics(); err != nil || got != filepath.Join(in, "topics-task1.xml") {
		t.Errorf("Topics beside a link to a directory = %q, %v; want topics-task1.xml", got, err)
	}
	if err := os.Remove(filepath.Join(in, "args.json")); err != nil {
		t.Fatal(err)
	}
	if got, err := job.Corpus(); !errors.Is(err, errNoCorpus) {
		t.Errorf("Corpus with only a link to a directory = %q, %v; want errNoCorpus", got, err)
	}

	// A link that leads nowhere is still a candidate: opening it gives an
	// error naming it, where skipping it would take another file silently.
	in = t.TempDir()
	link(t, filepath.Join(src, "absent.csv"), in, "args_processed.csv")
	touch(t, in, "other.csv")
	if got, err := (Job{InputDir: in}).Corpus(); err != nil || got != filepath.Join(in, "args_processed.csv") {
		t.Errorf("Corpus with a broken link = %q, %v; want the link, args_processed.csv", got, err)
	}
}
