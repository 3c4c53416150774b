package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/argsearch/argsearch/comparative"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/topics"
)

// clueweb12Run runs the Task 2 of 2020 or 2021: ClueWeb12 documents from
// first (ChatNoir), a query per topic title, no stance, written to
// out/run.txt. The topics are in/topics.xml, or the embedded 2020 ones when
// in is "".
func clueweb12Run(ctx context.Context, first retrieval.Retriever, year int, in, out string, k int, logf func(string, ...any)) error {
	var ts []topics.Topic
	if in == "" {
		d, err := comparative.Load(year)
		if err != nil {
			return err
		}
		ts = d.Topics
		logf("the embedded Touché %d Task 2 topics", year)
	} else {
		f, err := os.Open(filepath.Join(in, "topics.xml"))
		if err != nil {
			return err
		}
		defer f.Close()
		if ts, err = topics.Parse(f); err != nil {
			return fmt.Errorf("%s: %w", f.Name(), err)
		}
	}
	start := time.Now()
	s := comparative.Pipeline{Tag: fmt.Sprintf("chatnoir-cw12-%d", year), First: first}
	run, err := s.Run(ctx, ts, k)
	if err != nil {
		return err
	}
	logf("ChatNoir (ClueWeb12): %d topics in %.1fs", len(ts), time.Since(start).Seconds())
	if out == "" {
		out = "."
	}
	path := filepath.Join(out, "run.txt")
	if err := runfile.WriteFile(path, run, runfile.Rules{Comparative: true, MaxResults: 1000}); err != nil {
		return err
	}
	logf("wrote %s", path)
	return nil
}
