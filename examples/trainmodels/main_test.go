package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/classify"
	"github.com/argsearch/argsearch/examples/internal/cli"
	"github.com/argsearch/argsearch/examples/internal/cli/clitest"
	"github.com/argsearch/argsearch/examples/internal/labeled"
	"github.com/argsearch/argsearch/internal/linear"
)

// TestReproducesShippedModels trains both models from the real UKP
// Sentential files (a few seconds) and checks that they are byte-identical
// to the files shipped in classify/.
func TestReproducesShippedModels(t *testing.T) {
	data := filepath.Join("..", "..", "..", "shared", "data", "labeled")
	if _, err := os.Stat(filepath.Join(data, "ukp-sentential")); err != nil {
		t.Skipf("no UKP Sentential data at %s", data)
	}
	out := t.TempDir()
	if err := train(context.Background(), data, out, sourcesShipped, io.Discard); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"argumentative.lin", "stance.lin"} {
		got, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(filepath.Join("..", "..", "classify", name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: got %d bytes that differ from the shipped %d bytes; want identical (retrain with go run ./examples/trainmodels -out classify)",
				name, len(got), len(want))
		}
	}
}

// TestMissingData checks the errors for a directory without UKP files and
// for UKP files whose sentence column is not filled in.
func TestMissingData(t *testing.T) {
	dir := t.TempDir()
	err := train(context.Background(), dir, t.TempDir(), sourcesShipped, io.Discard)
	if !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), filepath.Join(dir, "ukp-sentential")) {
		t.Errorf("no UKP files: got %v, want an error naming the directory and wrapping fs.ErrNotExist", err)
	}
	ukp := filepath.Join(dir, "ukp-sentential")
	if err := os.Mkdir(ukp, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(ukp, "guns.tsv"), []byte("topic\tretrievedUrl\tarchivedUrl\tsentenceHash\tsentence\tannotation\tset\n"+
		"gun control\tu\tw\th\t\tArgument_for\ttrain\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "ibm-claim-stance"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "ibm-claim-stance", "train.csv"), []byte("topicId,topicText,claims.stance,claims.claimCorrectedText\n1,t,PRO,c\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "models")
	if err := train(context.Background(), dir, out, sourcesShipped, io.Discard); err == nil || !strings.Contains(err.Error(), "guns.tsv:2: field sentence") {
		t.Errorf("empty sentence column: got %v, want an error naming the file, line and field", err)
	}
	if _, err := os.Stat(out); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("-out after a failure: got %v, want nothing created", err)
	}
}

// TestCommandLine checks -h (which shows the layout of the labelled data;
// the package documentation says where it comes from), bad command lines,
// and the error for missing data.
func TestCommandLine(t *testing.T) {
	ctx := context.Background()
	var stdout, stderr bytes.Buffer
	if code := run(ctx, []string{"-h"}, &stdout, &stderr); code != cli.ExitOK ||
		!strings.HasPrefix(stdout.String(), "usage: trainmodels") || stderr.Len() != 0 {
		t.Errorf("-h: exit %d, stdout %q, stderr %q; want 0 and the usage on stdout only", code, stdout.String(), stderr.String())
	}
	for _, want := range []string{"DIR/ukp-sentential/*.tsv", "Stab et al.", "non-commercial and share-alike"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("-h: no %q in\n%s", want, stdout.String())
		}
	}
	// The documentation -h names says the rest: where to get each corpus,
	// and its columns.
	doc := clitest.Doc(t)
	for _, want := range []string{"DIR/ukp-sentential/*.tsv", labeled.UKPURL, labeled.IBMURL, "Stab et al.", "sentenceHash", "Bar-Haim et al.", "Shnarch et al.", "non-commercial and share-alike"} {
		if !strings.Contains(doc, want) {
			t.Errorf("go doc: no %q in\n%s", want, doc)
		}
	}
	for _, tt := range []struct {
		args []string
		flag string
	}{
		{[]string{"-no-such-flag"}, "-no-such-flag"},
		{[]string{"-out", ""}, "-out"},
		{[]string{"-data", ""}, "-data"},
		{[]string{"-sources", "ukp"}, "-sources"},
		{[]string{"extra"}, `"extra"`},
	} {
		stderr.Reset()
		if code := run(ctx, tt.args, &stdout, &stderr); code != cli.ExitUsage || !strings.Contains(stderr.String(), tt.flag) {
			t.Errorf("%q: exit %d, stderr %q; want %d naming %s", tt.args, code, stderr.String(), cli.ExitUsage, tt.flag)
		}
	}
	stderr.Reset()
	dir := t.TempDir()
	code := run(ctx, []string{"-data", dir, "-out", t.TempDir()}, &stdout, &stderr)
	want := "trainmodels: labeled: no .tsv files in " + filepath.Join(dir, "ukp-sentential") + ": "
	if msg := stderr.String(); code != cli.ExitError || !strings.HasPrefix(msg, want) || strings.Count(msg, "\n") != 1 ||
		!strings.Contains(msg, labeled.UKPURL) || !strings.HasSuffix(msg, "see 'trainmodels -h'\n") {
		t.Errorf("no data: exit %d, stderr %q; want 1 and one line starting %q, with the URL and a pointer to -h", code, msg, want)
	}
}

// TestSourcesIBM trains the licence-clean models from IBM data alone: it
// needs no UKP file, and without the IBM files the error names them.
func TestSourcesIBM(t *testing.T) {
	dir := t.TempDir()
	err := train(context.Background(), dir, t.TempDir(), sourcesIBM, io.Discard)
	for _, want := range []string{filepath.Join(dir, "ibm-claim-stance", "train.csv"), filepath.Join(dir, "ibm-evidence", "train.csv")} {
		if !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), want) {
			t.Errorf("no IBM files: got %v, want an error naming %s", err, want)
		}
	}
	for name, text := range map[string]string{
		"ibm-claim-stance/train.csv": "topicId,topicText,claims.stance,claims.claimCorrectedText\n" +
			"1,This house would ban smoking,PRO,Smoking kills people\n1,This house would ban smoking,CON,Smokers have a right to choose\n",
		"ibm-evidence/train.csv": "topic,the concept of the topic,candidate,label\n" +
			"We should ban smoking,smoking,Studies show smoking causes cancer.,1\nWe should ban smoking,smoking,The meeting is on Tuesday.,0\n",
		"ibm-evidence/test.csv": "topic,the concept of the topic,candidate,label\n",
	} {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// An -out under a file: an error naming it, before training.
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := train(context.Background(), dir, filepath.Join(file, "models"), sourcesIBM, io.Discard); err == nil || !strings.Contains(err.Error(), "-out "+filepath.Join(file, "models")+": "+file+" is not a directory") {
		t.Errorf("-out under a file: got %v, want an error naming -out", err)
	}
	out := t.TempDir()
	var report bytes.Buffer
	if err := train(context.Background(), dir, out, sourcesIBM, &report); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"argumentative.lin", "stance.lin"} {
		if !strings.Contains(report.String(), filepath.Join(out, name)) {
			t.Errorf("report %q lacks %s", report.String(), name)
		}
	}
	data, err := os.ReadFile(filepath.Join(out, "stance.lin"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := classify.ReadStanceModel(bytes.NewReader(data)); err != nil {
		t.Fatal(err)
	}
	lin, err := linear.Read(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if on := lin.Meta("trained_on"); strings.Contains(on, "UKP") || !strings.Contains(on, "Claim Stance") {
		t.Errorf("stance.lin trained on %q, want the IBM claims alone", on)
	}
}
