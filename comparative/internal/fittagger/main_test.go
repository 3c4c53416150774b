package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCommandLine(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"-h"}, &out, &errb); code != 0 || !strings.Contains(out.String(), "usage: fittagger") {
		t.Errorf("-h: exit %d, stdout %q", code, out.String())
	}
	if code := run([]string{"-nope"}, &out, &errb); code != 2 {
		t.Errorf("bad flag: exit %d", code)
	}
	errb.Reset()
	if code := run([]string{"-data", filepath.Join(t.TempDir(), "none.tsv")}, &out, &errb); code != 1 || strings.Count(errb.String(), "\n") != 1 {
		t.Errorf("missing data: exit %d, stderr %q", code, errb.String())
	}
	// The shipped weights, written again from the shipped data.
	dst := filepath.Join(t.TempDir(), "w.txt")
	out.Reset()
	if code := run([]string{"-data", "../../testdata/compstance/stance-stackexchange.tsv.gz", "-o", dst}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	got, _ := os.ReadFile(dst)
	want, _ := os.ReadFile("../../data/tagger-weights.txt")
	if !bytes.Equal(got, want) {
		t.Errorf("written weights differ from the shipped ones")
	}
}
