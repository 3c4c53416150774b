package build

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"

	"github.com/argsearch/argsearch/retrieval/lexical/internal/index"
)

// TestPostingParts builds a one-unit index with one core, whose postings
// are then coded in one part, and with four, in four parts (see
// freezePostings), in memory and on disk: the indexes are the same.
func TestPostingParts(t *testing.T) {
	args := sampleArgs(t, 300)
	c := Config{Analysis: preset(t, "lucene"), Units: []string{"sentence"}, TermVectors: true}
	build := func(procs int) (string, *index.Field) {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		dir := t.TempDir()
		mustRun(t, dir, args, c)
		file, err := os.ReadFile(filepath.Join(dir, "sentence.lex"))
		if err != nil {
			t.Fatal(err)
		}
		d := mustRun(t, "", args, c)
		if len(d.Units) != 1 || len(d.Units[0].Fields) != 1 {
			t.Fatalf("in memory: %d units, want one with one field", len(d.Units))
		}
		return string(file), d.Units[0].Fields[0]
	}
	file1, mem1 := build(1)
	file4, mem4 := build(4)
	if file1 != file4 {
		t.Error("the index file differs between postings coded in one part and in four")
	}
	if !bytes.Equal(mem1.Post, mem4.Post) || !slices.Equal(mem1.PostOff, mem4.PostOff) || !slices.Equal(mem1.BlockAt, mem4.BlockAt) || !slices.Equal(mem1.Blocks, mem4.Blocks) || !slices.Equal(mem1.PostCRC, mem4.PostCRC) {
		t.Error("the postings in memory differ between one part and four")
	}
}
