package envload

// This file: the dense indexes of a store's sentences, one for each
// encoder, built on first use and, with a cache directory, kept in a file
// for the next run (densefile.go).

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime/debug"
	"sync"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/internal/densevec"
	"github.com/argsearch/argsearch/internal/lockfile"
	"github.com/argsearch/argsearch/internal/nilctx"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/semantic"
)

// A Dense holds the dense indexes of Store's sentences by encoder. It is
// safe for concurrent use; the zero value is not: use NewDense.
type Dense struct {
	store *corpus.Store
	files DenseFiles
	mu    sync.Mutex
	m     map[any]*entry // by encoder (comparable ones only)
	// releases unmap the files of the indexes opened from the cache.
	releases []func() error
	closed   bool
}

// DenseFiles says where a Dense keeps its indexes between runs: in Dir,
// the cache directory ("" keeps them in memory only), named after Src,
// the corpus the store holds, whose identity (Src.ID) each file records.
// Warn, if not nil, is told of a file found unusable and built again, and
// of leftovers of interrupted runs removed.
type DenseFiles struct {
	Dir  string
	Src  Source
	Warn func(string)
}

type entry struct {
	once sync.Once
	x    *densevec.Index
	err  error
}

// errClosed is the error of an index asked of a closed Dense.
var errClosed = errors.New("system: dense index asked of a closed Env")

// NewDense returns an empty cache of the dense indexes of store, kept in
// files as files says.
func NewDense(store *corpus.Store, files DenseFiles) *Dense {
	return &Dense{store: store, files: files, m: map[any]*entry{}}
}

// Index returns the dense index of the sentences by enc (dense.Build),
// built on first use (by several goroutines at once: one builds, the
// others wait) and kept for the cache's life; an encoder that cannot be a
// map key (not comparable) gets a new index at each call, never kept in a
// file. With a cache directory, an index is opened from its file when
// there is a sound one, else built and written for the next run: the same
// index either way, the same hits.
func (c *Dense) Index(ctx context.Context, enc semantic.Encoder) (retrieval.Retriever, error) {
	if !reflect.TypeOf(enc).Comparable() {
		x, err := densevec.Encode(ctx, enc, c.store.NumSentences(), storeSentences(c.store))
		if err != nil {
			return nil, err
		}
		return denseRetriever{x}, nil
	}
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return nil, errClosed
	}
	e := c.m[enc]
	if e == nil {
		e = &entry{}
		c.m[enc] = e
	}
	c.mu.Unlock()
	e.once.Do(func() { e.x, e.err = c.open(ctx, enc) })
	if e.err != nil {
		return nil, e.err
	}
	return denseRetriever{e.x}, nil
}

// open opens the index by enc from its file, or builds it (and writes
// the file).
func (c *Dense) open(ctx context.Context, enc semantic.Encoder) (*densevec.Index, error) {
	if c.files.Dir == "" {
		return densevec.Encode(ctx, enc, c.store.NumSentences(), storeSentences(c.store))
	}
	encID, dim, err := encoderIdentity(ctx, enc)
	if err != nil {
		return nil, fmt.Errorf("dense: %w", err)
	}
	path := denseFile(c.files.Dir, c.files.Src, enc)
	storeID := denseStoreID(c.files.Src)
	if x, err := c.mapFile(ctx, path, storeID, encID, enc, dim); err == nil {
		return x, nil
	}
	// Hold the file's lock while it is built and written, so that a
	// second process waits and maps this one's file, and so that a later
	// run can prove a leftover temporary file dead.
	if err := os.MkdirAll(c.files.Dir, 0o755); err != nil {
		return nil, fmt.Errorf("caching the dense index: %w", err)
	}
	lock, err := lockfile.Acquire(ctx, path+".lock")
	if err != nil {
		return nil, fmt.Errorf("caching the dense index: %w", err)
	}
	defer lock.Unlock()
	x, err := c.mapFile(ctx, path, storeID, encID, enc, dim)
	if err == nil {
		return x, nil // written by another process meanwhile
	}
	if ctx.Err() != nil {
		return nil, fmt.Errorf("dense: %w", ctx.Err())
	}
	if _, statErr := os.Stat(path); statErr == nil {
		c.warn(fmt.Sprintf("system: the cached dense index %s cannot be used (%v); encoding the sentences again", path, err))
	}
	removed, _ := lockfile.RemoveDead(c.files.Dir, filepath.Base(path), ".tmp")
	for _, p := range removed {
		c.warn(fmt.Sprintf("system: removed %s, left by an interrupted run", p))
	}
	if err := c.build(ctx, enc, dim, path, storeID, encID); err != nil {
		return nil, err
	}
	// The index is read back from its file, as the next run reads it, so
	// that its vectors and ids leave the heap (which the collector would
	// otherwise scan for every topic): freed first, so that the two are
	// not held at once.
	debug.FreeOSMemory()
	if x, err = c.mapFile(ctx, path, storeID, encID, enc, dim); err != nil {
		return nil, fmt.Errorf("reading back the dense index: %w", err)
	}
	return x, nil
}

// build encodes the sentences with enc and writes the index to path.
func (c *Dense) build(ctx context.Context, enc semantic.Encoder, dim int, path string, storeID, encID [32]byte) error {
	x, err := densevec.Encode(ctx, enc, c.store.NumSentences(), storeSentences(c.store))
	if err != nil {
		return err
	}
	if x.Len() > 0 && x.Dim != dim {
		return fmt.Errorf("dense: the encoder gave vectors of %d dimensions, and %d before", x.Dim, dim)
	}
	x.Dim = dim
	if err := writeDense(ctx, path, x, storeID, encID); err != nil {
		return fmt.Errorf("caching the dense index: %w", err)
	}
	return nil
}

// mapFile maps the index at path (mapDense), to be unmapped by Close.
func (c *Dense) mapFile(ctx context.Context, path string, storeID, encID [32]byte, enc semantic.Encoder, dim int) (*densevec.Index, error) {
	x, release, err := mapDense(ctx, path, c.store, storeID, encID, enc, dim)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		release()
		return nil, errClosed
	}
	c.releases = append(c.releases, release)
	return x, nil
}

// warn tells Warn msg, if anyone listens.
func (c *Dense) warn(msg string) {
	if c.files.Warn != nil {
		c.files.Warn(msg)
	}
}

// Len returns the number of encoders the cache holds an index for.
func (c *Dense) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.m)
}

// Close unmaps the files of the indexes opened from them; no index the
// cache returned may be used after it. Asking for an index after Close is
// an error.
func (c *Dense) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.closed = true
	var err error
	for _, r := range c.releases {
		err = errors.Join(err, r())
	}
	c.releases = nil
	return err
}

// A denseRetriever is an index of the cache as a retrieval.Retriever, as
// package retrieval/dense makes one (which cannot hand its Index a
// mapped file).
type denseRetriever struct{ x *densevec.Index }

// Retrieve returns the k sentences most similar to q's text, best first
// (retrieval.CompareHits), as dense.Index.Retrieve does.
func (r denseRetriever) Retrieve(ctx context.Context, q retrieval.Query, k int) ([]retrieval.Hit, error) {
	if err := nilctx.Check(ctx, "dense: Index.Retrieve"); err != nil {
		return nil, err
	}
	if k <= 0 {
		return nil, fmt.Errorf("dense: %w", retrieval.ErrK)
	}
	top, err := r.x.Search(ctx, q.ID, q.Text, k)
	hits := make([]retrieval.Hit, len(top))
	for i, s := range top {
		hits[i] = retrieval.Hit(s)
	}
	return hits, err
}

// storeSentences yields the id and text of every sentence of store, in
// order.
func storeSentences(store *corpus.Store) func(yield func(string, string) bool) {
	return func(yield func(string, string) bool) {
		for s := range store.Sentences() {
			if !yield(s.ID, s.Text) {
				return
			}
		}
	}
}
