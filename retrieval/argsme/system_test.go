package argsme_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/argsearch/argsearch/retrieval/argsme"
	"github.com/argsearch/argsearch/retrieval/lexical"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/system"
)

// TestSwordsmanThroughTheAPI runs the official Touché 2022 baseline on the
// embedded 2022 sample twice: in process, and with its arguments retrieved
// by the Client from a Handler over the same index (Swordsman's search) and
// store. The two run files must be the same, byte for byte: the API loses
// nothing of the ranking, scores included. K is 100 (the depths Swordsman
// asks for are then 125, 250, …, two pages of the Client and more), to keep
// the test short.
func TestSwordsmanThroughTheAPI(t *testing.T) {
	ctx := context.Background()
	env, err := system.Open(ctx, system.Input{K: 100})
	if err != nil {
		t.Fatal(err)
	}
	defer env.Close()
	// Swordsman's search: Dirichlet LM (μ 2000) over the argument unit of the
	// Env's index.
	x, err := env.Index(ctx, lexical.Config{Ranking: lexical.Ranking{Unit: "argument", Scoring: lexical.Scoring{Model: "dirichlet"}}})
	if err != nil {
		t.Fatal(err)
	}
	srv := serve(t, &argsme.Handler{Search: x, Store: env.Store})
	client := &argsme.Client{BaseURL: srv.URL, HTTPClient: srv.Client()}

	var files [2][]byte
	for i, s := range []system.System{system.Swordsman{}, system.Swordsman{Retriever: client}} {
		run, err := system.Run(ctx, env, s, "swordsman")
		if err != nil {
			t.Fatalf("%T: %v", s, err)
		}
		path := filepath.Join(t.TempDir(), "run.txt")
		// No Touché rules: Swordsman writes Q0 where the labels give no stance.
		if err := runfile.WriteFile(path, run, runfile.Rules{}); err != nil {
			t.Fatal(err)
		}
		if files[i], err = os.ReadFile(path); err != nil {
			t.Fatal(err)
		}
	}
	if len(files[0]) == 0 {
		t.Fatal("empty run")
	}
	if !bytes.Equal(files[0], files[1]) {
		a, b := bytes.Split(files[0], []byte("\n")), bytes.Split(files[1], []byte("\n"))
		for i := range min(len(a), len(b)) {
			if !bytes.Equal(a[i], b[i]) {
				t.Fatalf("runs differ at line %d:\nin process: %s\nthrough the API: %s", i+1, a[i], b[i])
			}
		}
		t.Fatalf("runs differ in length: %d lines in process, %d through the API", len(a), len(b))
	}
	t.Logf("%d bytes, identical", len(files[0]))
}
