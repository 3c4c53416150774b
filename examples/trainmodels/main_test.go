package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/examples/internal/cli"
)

// TestReproducesShippedModels trains both models from the real UKP
// Sentential files (a few seconds) and checks that they are byte-identical
// to the files shipped in models/.
func TestReproducesShippedModels(t *testing.T) {
	data := filepath.Join("..", "..", "..", "shared", "data", "labeled")
	if _, err := os.Stat(filepath.Join(data, "ukp-sentential")); err != nil {
		t.Skipf("no UKP Sentential data at %s", data)
	}
	out := t.TempDir()
	if err := run(context.Background(), data, out, io.Discard); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"argumentative.lin", "stance.lin"} {
		got, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(filepath.Join("..", "..", "models", name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: got %d bytes that differ from the shipped %d bytes; want identical (retrain with go run ./examples/trainmodels -out models)",
				name, len(got), len(want))
		}
	}
}

func TestMissingData(t *testing.T) {
	if err := run(context.Background(), t.TempDir(), t.TempDir(), io.Discard); err == nil {
		t.Error("got nil error for a directory without UKP files, want an error")
	}
}

// TestCommandLine checks -h (which says where the labelled data comes
// from), an unknown flag, and the pointer in the error for missing data.
func TestCommandLine(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := command(context.Background(), []string{"-h"}, &stdout, &stderr); code != cli.ExitOK ||
		!strings.HasPrefix(stdout.String(), "usage: trainmodels") || !strings.Contains(stdout.String(), "DIR/ukp-sentential/*.tsv") {
		t.Errorf("-h: exit %d, stdout %q; want 0, the usage and the data layout", code, stdout.String())
	}
	if code := command(context.Background(), []string{"-no-such-flag"}, &stdout, &stderr); code != cli.ExitUsage {
		t.Errorf("unknown flag: exit %d, want %d", code, cli.ExitUsage)
	}
	stderr.Reset()
	if code := command(context.Background(), []string{"-data", t.TempDir(), "-out", t.TempDir()}, &stdout, &stderr); code != cli.ExitError ||
		!strings.Contains(stderr.String(), "ukp-sentential") || !strings.Contains(stderr.String(), "trainmodels -h") {
		t.Errorf("no data: exit %d, stderr %q; want 1, the missing directory and a pointer to -h", code, stderr.String())
	}
}
