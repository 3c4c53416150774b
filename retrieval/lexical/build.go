package lexical

import (
	"context"
	"fmt"
	"iter"
	"os"
	"path/filepath"
	"slices"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/internal/nilctx"
	"github.com/argsearch/argsearch/internal/quote"
	"github.com/argsearch/argsearch/retrieval/lexical/internal/build"
	"github.com/argsearch/argsearch/retrieval/lexical/internal/index"
)

// Build indexes a stream of arguments and returns the open index. With dir
// "" the index lives in memory only; otherwise dir must not hold an index
// yet (Build refuses to overwrite one; Open opens it), and the index is
// written there (the metadata file last, so a directory whose build failed
// or was cancelled holds no index).
//
// Text is analysed by c.Workers goroutines in parallel; the index does not
// depend on their number or scheduling. A nil ctx is an error before any
// work; a cancelled one stops the build with an error wrapping ctx.Err().
// An error from args ends the build with that error, and so does a corpus
// without arguments ("the corpus has no arguments"): an empty index would
// answer every query with nothing.
func Build(ctx context.Context, dir string, args iter.Seq2[corpus.Argument, error], c Config) (*Index, error) {
	if err := nilctx.Check(ctx, "lexical: Build"); err != nil {
		return nil, err
	}
	an, _, err := c.analysis()
	if err != nil {
		return nil, err
	}
	units, err := buildUnits(c.Units)
	if err != nil {
		return nil, err
	}
	if an.Stop == "frequent-fields" && !slices.Contains(units, "argument") {
		return nil, fmt.Errorf("lexical: stop %s counts the argument unit's fields, which Units leaves out: %w", quote.Q(an.Stop), errConfig)
	}
	if _, err := c.Ranking.normalized(units); err != nil {
		return nil, err
	}
	if dir != "" {
		if _, err := os.Stat(filepath.Join(dir, index.MetaFile)); err == nil {
			return nil, fmt.Errorf("lexical: build %s: %w", dir, errExists)
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("lexical: build: %w", err)
		}
	}
	bc := build.Config{
		Analysis:          an,
		TermVectors:       !c.NoTermVectors,
		Memory:            c.BuildMemory,
		Workers:           c.Workers,
		ExpectedArguments: c.ExpectedArguments,
		MaxShingleTerms:   c.maxShingleTerms,
	}
	for _, u := range units {
		bc.Units = append(bc.Units, string(u))
	}
	if c.Progress != nil {
		bc.Progress = func(p build.Progress) { c.Progress(Progress(p)) }
	}
	d, err := build.Run(ctx, dir, args, bc)
	if err != nil {
		return nil, err
	}
	return newIndex(d, c.Ranking)
}

// buildUnits returns the units Build indexes for Config.Units: in the
// order sentence, argument; both for none. An unknown unit is an error.
func buildUnits(us []string) ([]string, error) {
	if len(us) == 0 {
		return []string{"sentence", "argument"}, nil
	}
	var want [2]bool
	for _, u := range us {
		switch u {
		case "sentence":
			want[0] = true
		case "argument":
			want[1] = true
		default:
			return nil, fmt.Errorf("lexical: unknown unit %s: %w", quote.Q(u), errConfig)
		}
	}
	var units []string
	if want[0] {
		units = append(units, "sentence")
	}
	if want[1] {
		units = append(units, "argument")
	}
	return units, nil
}
