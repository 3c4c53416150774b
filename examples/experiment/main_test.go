package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/examples/internal/cli"
)

// TestCompare runs three systems on the 2022 sample: the table has a row
// per system and dimension, with a p-value against the first, and -o
// writes each run.
func TestCompare(t *testing.T) {
	out := t.TempDir()
	var stdout, stderr bytes.Buffer
	page := filepath.Join(out, "report.html")
	args := []string{"-systems", "baseline,swordsman,bruce-banner", "-k", "100", "-format", "tsv", "-cache", "off", "-quiet", "-o", out, "-html", page}
	if code := run(context.Background(), args, &stdout, &stderr); code != cli.ExitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	if len(lines) != 1+3*3 {
		t.Fatalf("got %d lines, want a header and 9 rows:\n%s", len(lines), stdout.String())
	}
	for i, l := range lines[1:] {
		f := strings.Split(l, "\t")
		want := []string{"baseline", "swordsman", "bruce-banner"}[i%3]
		if f[0] != want || f[2] != "25" || (f[9] == "") != (want == "baseline") {
			t.Errorf("row %q: want %s over 25 topics, with a p-value unless the baseline", l, want)
		}
	}
	for _, name := range []string{"baseline", "swordsman", "bruce-banner"} {
		if _, err := os.Stat(filepath.Join(out, name+".txt")); err != nil {
			t.Errorf("-o: %v", err)
		}
	}
	// -html: the report, with the 25 topics' pairs and the command line.
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatalf("-html: %v", err)
	}
	if n := strings.Count(string(b), `<section class="topic"`); n != 25 {
		t.Errorf("-html: %d topics in the report, want 25", n)
	}
	if !strings.Contains(string(b), "experiment -systems baseline,swordsman,bruce-banner -k 100") {
		t.Error("-html: the report does not give the command line")
	}
}

// TestCommandLine checks the usage errors, which name the flag.
func TestCommandLine(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-systems", "baseline,athos"}, `unknown system "athos"`},
		{[]string{"-systems", "baseline,baseline", "-cache", "off", "-quiet"}, "listed twice"},
		{[]string{"-i", "dir"}, "-i needs -year"},
		{[]string{"-year", "2022"}, "-year goes with -i"},
		{[]string{"-format", "csv"}, "-format"},
		{[]string{"-html", ".", "-systems", "baseline", "-cache", "off", "-quiet"}, "is a directory"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(context.Background(), tc.args, &stdout, &stderr); code != cli.ExitUsage || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("%q: exit %d, stderr %q; want %d naming %q", tc.args, code, stderr.String(), cli.ExitUsage, tc.want)
		}
	}
}
