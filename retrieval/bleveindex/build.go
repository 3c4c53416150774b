package bleveindex

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/argsearch/argsearch/internal/quote"

	"github.com/blevesearch/bleve/v2"
	// The default analyzer; bleve registers it through other imports too.
	_ "github.com/blevesearch/bleve/v2/analysis/lang/en"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/mapping"

	"github.com/argsearch/argsearch/corpus"
)

// metaFile is the file bleve writes at the top of an index directory.
const metaFile = "index_meta.json"

// Build indexes args with a bleve mapping (see Config) and
// returns the open Index, which owns the bleve index.
//
// With path "" the index lives in memory (bleve's scorch, unpersisted).
// Otherwise path must not exist or be an empty directory: Build refuses
// to overwrite an index (Open opens it). The index is built in
// a temporary directory beside path, merged into one segment, and renamed
// to path when it is complete, so a failed or cancelled build leaves no
// index behind; the returned Index has it open read-only.
//
// Documents are indexed in batches of c.BatchSize, in the order args
// yields them; a document id seen twice keeps its last version. The same
// arguments give the same index and the same rankings. A cancelled ctx
// stops the build with an error wrapping ctx.Err(); the first error args
// yields ends it and is returned as it is.
func Build(ctx context.Context, path string, args iter.Seq2[corpus.Argument, error], c Config) (*Index, error) {
	m, err := c.mapping()
	if err != nil {
		return nil, err
	}
	if path == "" {
		idx, err := bleve.NewUsing("", m, scorch.Name, scorch.Name, nil)
		if err != nil {
			return nil, fmt.Errorf("bleveindex: build: %w", err)
		}
		if err := fill(ctx, idx, args, c); err != nil {
			idx.Close()
			return nil, err
		}
		x := New(idx, c)
		x.owned = true
		return x, nil
	}
	path = filepath.Clean(path)
	if err := checkTarget(path); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("bleveindex: build: %w", err)
	}
	tmp, err := os.MkdirTemp(filepath.Dir(path), "."+filepath.Base(path)+".build-")
	if err != nil {
		return nil, fmt.Errorf("bleveindex: build: %w", err)
	}
	if err := buildDir(ctx, tmp, m, args, c); err != nil {
		os.RemoveAll(tmp)
		return nil, err
	}
	// os.Rename does not replace a directory, even an empty one;
	// os.Remove removes only an empty one.
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		os.RemoveAll(tmp)
		return nil, fmt.Errorf("bleveindex: build: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.RemoveAll(tmp)
		return nil, fmt.Errorf("bleveindex: build: %w", err)
	}
	return Open(path, c)
}

// checkTarget refuses a path Build must not write to: an index, a file, a
// directory that is not empty.
func checkTarget(path string) error {
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return fmt.Errorf("bleveindex: build: %w", err)
	case !fi.IsDir():
		return fmt.Errorf("bleveindex: build %s: not a directory", path)
	}
	if _, err := os.Stat(filepath.Join(path, metaFile)); err == nil {
		return fmt.Errorf("bleveindex: build %s: %w", path, errExists)
	}
	entries, err := os.ReadDir(path)
	if err != nil {
		return fmt.Errorf("bleveindex: build: %w", err)
	}
	if len(entries) > 0 {
		return fmt.Errorf("bleveindex: build %s: directory not empty", path)
	}
	return nil
}

// buildDir builds the index in the empty directory dir and closes it.
func buildDir(ctx context.Context, dir string, m mapping.IndexMapping, args iter.Seq2[corpus.Argument, error], c Config) error {
	idx, err := bleve.NewUsing(dir, m, scorch.Name, scorch.Name, nil)
	if err != nil {
		return fmt.Errorf("bleveindex: build: %w", err)
	}
	if err := fill(ctx, idx, args, c); err != nil {
		idx.Close()
		return err
	}
	// scorch merges segments in the background, and bleve's "bm25" takes
	// its avgdl from the segments' dictionaries: one segment makes the
	// scores independent of the merges' timing.
	if err := forceMerge(ctx, idx); err != nil {
		idx.Close()
		return err
	}
	if err := idx.Close(); err != nil {
		return fmt.Errorf("bleveindex: build: %w", err)
	}
	return nil
}

// forceMerge merges the segments of a scorch index into one.
func forceMerge(ctx context.Context, idx bleve.Index) error {
	ai, err := idx.Advanced()
	if err != nil {
		return fmt.Errorf("bleveindex: build: %w", err)
	}
	s, ok := ai.(*scorch.Scorch)
	if !ok {
		return fmt.Errorf("bleveindex: build: index type %T, not scorch", ai)
	}
	// ForceMerge returns once the merged segment is the root in memory, and
	// Close stops the persister without waiting for it: an index closed
	// then may keep the segments from before the merge on disk. Wait until
	// the newest root is persisted and holds one segment (none for an
	// empty corpus); merge again if a merge planned before this one left
	// two.
	for attempt := 0; ; attempt++ {
		if err := s.ForceMerge(ctx, nil); err != nil {
			return fmt.Errorf("bleveindex: build: merge: %w", err)
		}
		segments, err := awaitPersisted(ctx, s)
		if err != nil {
			return err
		}
		if segments <= 1 {
			return nil
		}
		if attempt == 2 {
			return fmt.Errorf("bleveindex: build: merge: %d segments left after three merges", segments)
		}
	}
}

// awaitPersisted waits until scorch has persisted its newest root and
// returns the number of segments in it.
func awaitPersisted(ctx context.Context, s *scorch.Scorch) (uint64, error) {
	stats, ok := s.Stats().(*scorch.Stats)
	if !ok {
		return 0, fmt.Errorf("bleveindex: build: scorch stats of type %T", s.Stats())
	}
	tick := time.NewTicker(2 * time.Millisecond)
	defer tick.Stop()
	for {
		root := atomic.LoadUint64(&stats.CurRootEpoch)
		if atomic.LoadUint64(&stats.LastPersistedEpoch) >= root {
			return atomic.LoadUint64(&stats.TotFileSegmentsAtRoot) + atomic.LoadUint64(&stats.TotMemorySegmentsAtRoot), nil
		}
		select {
		case <-ctx.Done():
			return 0, fmt.Errorf("bleveindex: build: %w", ctx.Err())
		case <-tick.C:
		}
	}
}

// fill indexes args into idx in batches.
func fill(ctx context.Context, idx bleve.Index, args iter.Seq2[corpus.Argument, error], c Config) error {
	size := cmp.Or(c.BatchSize, 1000)
	unit := cmp.Or(c.Unit, unitSentence)
	b := idx.NewBatch()
	flush := func() error {
		if b.Size() == 0 {
			return nil
		}
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("bleveindex: build: %w", err)
		}
		if err := idx.Batch(b); err != nil {
			return fmt.Errorf("bleveindex: build: %w", err)
		}
		b.Reset()
		return nil
	}
	add := func(id string, doc map[string]string) error {
		if err := b.Index(id, doc); err != nil {
			return fmt.Errorf("bleveindex: build: document %s: %w", quote.Q(id), err)
		}
		if b.Size() >= size {
			return flush()
		}
		return nil
	}
	for a, err := range args {
		if err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("bleveindex: build: %w", err)
		}
		if unit == unitSentence {
			for _, s := range a.Sentences {
				if err := add(s.ID, map[string]string{fieldText: s.Text}); err != nil {
					return err
				}
			}
			continue
		}
		premises := make([]string, len(a.Premises))
		for i, p := range a.Premises {
			premises[i] = p.Text
		}
		doc := map[string]string{
			fieldConclusion: a.Conclusion,
			fieldPremise:    strings.Join(premises, "\n"),
			fieldTitle:      a.Context.DiscussionTitle,
		}
		if err := add(a.ID, doc); err != nil {
			return err
		}
	}
	return flush()
}
