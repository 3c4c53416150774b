package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"
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
