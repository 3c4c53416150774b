package chatnoir_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/argsearch/argsearch/comparative"
	"github.com/argsearch/argsearch/retrieval/chatnoir"
	"github.com/argsearch/argsearch/runfile"
)

// TestTask2ThroughTheAPI runs Task 2 recipes over a generated passage
// corpus twice: in process, and with the first stage's passages retrieved
// by the Client from a Handler over the same index (the recipe's scoring).
// The two runs must be the same, byte for byte: the API loses nothing of
// the ranking, scores included. The baseline answers every generated topic
// (100 passages, one page of the Client each); Captain Tempesta's recipe
// re-ranks 1000 passages a topic (ten pages), on ten topics.
func TestTask2ThroughTheAPI(t *testing.T) {
	pc := testPassages(t)
	ctx := context.Background()
	res := comparative.Resources{Index: pc.index, Text: pc.text, Tagger: new(comparative.Tagger)}
	for _, tt := range []struct {
		recipe string
		topics int
	}{{"baseline", len(pc.topics)}, {"tempesta", 10}} {
		in, err := comparative.FindRecipe(tt.recipe, res)
		if err != nil {
			t.Fatal(err)
		}
		srv := start(t, &chatnoir.Handler{Search: in.First, Text: pc.text, APIKey: "k"})
		remote := in
		remote.First = &chatnoir.Client{BaseURL: srv, APIKey: "k", Index: []string{"local"}}

		var files [2][]byte
		for i, p := range []comparative.Pipeline{in, remote} {
			run, err := p.Run(ctx, pc.topics[:tt.topics], 100)
			if err != nil {
				t.Fatalf("%s: %v", tt.recipe, err)
			}
			path := filepath.Join(t.TempDir(), "run.txt")
			if err := runfile.WriteFile(path, run, runfile.Rules{Comparative: true}); err != nil {
				t.Fatal(err)
			}
			if files[i], err = os.ReadFile(path); err != nil {
				t.Fatal(err)
			}
		}
		if len(files[0]) == 0 {
			t.Fatalf("%s: empty run", tt.recipe)
		}
		if diff := cmp.Diff(string(files[0]), string(files[1])); diff != "" {
			t.Errorf("%s: runs differ (-in process +through the API):\n%s", tt.recipe, diff)
		}
	}
}
