package main

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/examples/internal/cli"
	"github.com/argsearch/argsearch/examples/internal/cli/clitest"
	"github.com/argsearch/argsearch/examples/internal/labeled"
)

// TestCommandLine checks -h (which shows the layout of the labelled data;
// the package documentation says where it comes from), bad command lines,
// and the error for missing data.
func TestCommandLine(t *testing.T) {
	ctx := context.Background()
	var stdout, stderr bytes.Buffer
	if code := run(ctx, []string{"-h"}, &stdout, &stderr); code != cli.ExitOK ||
		!strings.HasPrefix(stdout.String(), "usage: evaltaggers") || stderr.Len() != 0 {
		t.Errorf("-h: exit %d, stdout %q, stderr %q; want 0 and the usage on stdout only", code, stdout.String(), stderr.String())
	}
	for _, want := range []string{"DIR/ukp-sentential/*.tsv", "DIR/ibm-evidence/train.csv", "Stab et al.", "Shnarch et al."} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("-h: no %q in\n%s", want, stdout.String())
		}
	}
	if n := strings.Count(stdout.String(), "Bar-Haim et al."); n != 1 {
		t.Errorf("-h describes the IBM Claim Stance data %d times, want once:\n%s", n, stdout.String())
	}
	// The documentation -h names says the rest: where to get each corpus,
	// and its columns.
	doc := clitest.Doc(t)
	for _, want := range []string{"DIR/ukp-sentential/*.tsv", labeled.UKPURL, labeled.IBMURL, "Stab et al.", "sentenceHash", "Shnarch et al.", "Bar-Haim et al.",
		"DIR/webis-argquality20/webis-argquality20-full.csv", "Gienapp et al.", "Topic ID, Premise, Is Argument? and Stance"} {
		if !strings.Contains(doc, want) {
			t.Errorf("go doc: no %q in\n%s", want, doc)
		}
	}
	for _, tt := range []struct {
		args []string
		flag string
	}{
		{[]string{"-no-such-flag"}, "-no-such-flag"},
		{[]string{"-split", "train"}, "-split"},
		{[]string{"-seed", "-1"}, "-seed"},
		{[]string{"-data", ""}, "-data"},
		{[]string{"extra"}, `"extra"`},
	} {
		stderr.Reset()
		if code := run(ctx, tt.args, &stdout, &stderr); code != cli.ExitUsage || !strings.Contains(stderr.String(), tt.flag) {
			t.Errorf("%q: exit %d, stderr %q; want %d naming %s", tt.args, code, stderr.String(), cli.ExitUsage, tt.flag)
		}
	}
}

// TestMissingData checks that the error for missing data names every
// missing file and what goes there, in one line.
func TestMissingData(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	code := run(ctx, []string{"-data", filepath.Join(dir, "none")}, &stdout, &stderr)
	msg := stderr.String()
	if code != cli.ExitError || strings.Count(msg, "\n") != 1 || !strings.HasPrefix(msg, "evaltaggers: labeled: no .tsv files in ") ||
		strings.Count(msg, "evaltaggers") != 2 { // the prefix and "see 'evaltaggers -h'"
		t.Errorf("no data: exit %d, stderr %q; want 1 and one line", code, msg)
	}
	for _, want := range []string{"ukp-sentential", "UKP Sentential", labeled.UKPURL, "train.csv", "IBM Debater Evidence Sentences", labeled.IBMURL, "see 'evaltaggers -h'"} {
		if !strings.Contains(msg, want) {
			t.Errorf("no data: stderr %q lacks %q", msg, want)
		}
	}
	if _, err := loadData(dir); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("loadData(empty dir): got %v, want an error wrapping fs.ErrNotExist", err)
	}

	// UKP present, IBM test split missing.
	ukp := filepath.Join(dir, "ukp-sentential")
	ibm := filepath.Join(dir, "ibm-evidence")
	for _, d := range []string{ukp, ibm} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(path, text string) {
		t.Helper()
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(ukp, "guns.tsv"), "topic\tretrievedUrl\tarchivedUrl\tsentenceHash\tsentence\tannotation\tset\n"+
		"gun control\tu\tw\th\t\tArgument_for\ttrain\n")
	write(filepath.Join(ibm, "train.csv"), "topic,the concept of the topic,candidate,label\n")
	_, err := loadData(dir)
	if err == nil || strings.Contains(err.Error(), "ukp-sentential") || !strings.Contains(err.Error(), filepath.Join(ibm, "test.csv")) {
		t.Errorf("no IBM test split: got %v, want an error naming test.csv only", err)
	}

	// Every file present, but the UKP sentences not filled in.
	write(filepath.Join(ibm, "test.csv"), "topic,the concept of the topic,candidate,label\n")
	if _, err := loadData(dir); err == nil || !strings.Contains(err.Error(), "guns.tsv:2: field sentence") {
		t.Errorf("empty sentence column: got %v, want an error naming the file, line and field", err)
	}
}
