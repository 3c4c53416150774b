package system

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"iter"
	"os"
	"path/filepath"
	"time"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/corpus/sample"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/lexical"
	"github.com/argsearch/argsearch/topics"
)

// An Env is what a system runs on: the topics, the corpus in memory for
// lookups by id, and the index. It is read-only once opened, so a system's
// topic function may use it from several goroutines.
type Env struct {
	// Queries are the topics, in the order of the topics file.
	Queries []retrieval.Query
	// Store holds every argument and sentence of the corpus by id.
	Store *corpus.Store
	// Index is the lexical index of the corpus (sentences and arguments).
	Index *lexical.Index
	// Sample reports that the input is the embedded args.me sample.
	Sample bool
	// Input names the input: the corpus file, or "the embedded sample".
	Input string
	// IndexDir is the cached index directory; empty for an index built in
	// memory.
	IndexDir string

	flags   Flags
	stderr  io.Writer
	started time.Time
	setup   time.Duration
}

// source is a corpus to read: its bytes and what identifies it for the
// index cache.
type source struct {
	name     string
	identity string
	size     int64
	open     func() (io.ReadCloser, error)
}

// Open reads the input the flags name and opens (or builds and caches)
// an index of it with the index configuration c. Progress goes to stderr
// unless f.Quiet. Close the Env when done.
func Open(ctx context.Context, f Flags, c lexical.Config, stderr io.Writer) (*Env, error) {
	e := &Env{flags: f, stderr: stderr, started: time.Now()}
	src, err := e.input()
	if err != nil {
		return nil, err
	}
	if e.Store, err = e.buildStore(ctx, src); err != nil {
		return nil, err
	}
	if e.Index, e.IndexDir, err = e.openIndex(ctx, src, c); err != nil {
		return nil, err
	}
	e.setup = time.Since(e.started)
	return e, nil
}

// Close releases the index.
func (e *Env) Close() error { return e.Index.Close() }

// input resolves the corpus and reads the topics.
func (e *Env) input() (source, error) {
	if e.flags.TIRA.InputDir == "" {
		return e.sampleInput()
	}
	if _, err := os.Stat(e.flags.TIRA.InputDir); err != nil {
		return source{}, fmt.Errorf("system: input directory: %w", err)
	}
	path, err := e.flags.TIRA.Corpus()
	if err != nil {
		return source{}, err
	}
	topicsPath, err := e.flags.TIRA.Topics()
	if err != nil {
		return source{}, err
	}
	tf, err := os.Open(topicsPath)
	if err != nil {
		return source{}, fmt.Errorf("system: %w", err)
	}
	defer tf.Close()
	ts, err := topics.Parse(tf)
	if err != nil {
		return source{}, fmt.Errorf("system: %s: %w", topicsPath, err)
	}
	e.Queries = topics.Queries(ts)
	abs, err := filepath.Abs(path)
	if err != nil {
		return source{}, fmt.Errorf("system: %w", err)
	}
	fi, err := os.Stat(abs)
	if err != nil {
		return source{}, fmt.Errorf("system: %w", err)
	}
	e.Input = path
	return source{
		name:     path,
		identity: fmt.Sprintf("file %s %d %d", abs, fi.Size(), fi.ModTime().UnixNano()),
		size:     fi.Size(),
		open:     func() (io.ReadCloser, error) { return os.Open(abs) },
	}, nil
}

// sampleInput is the embedded args.me sample with the 2021 topics it was
// drawn for.
func (e *Env) sampleInput() (source, error) {
	ts, err := sample.Topics()
	if err != nil {
		return source{}, fmt.Errorf("system: %w", err)
	}
	e.Queries = topics.Queries(ts)
	e.Sample = true
	e.Input = "the embedded args.me sample"
	data, err := io.ReadAll(sample.ProcessedCSV())
	if err != nil {
		return source{}, fmt.Errorf("system: %w", err)
	}
	sum := sha256.Sum256(data)
	return source{
		name:     sample.ProcessedCSVName,
		identity: "sample sha256 " + hex.EncodeToString(sum[:]),
		size:     int64(len(data)),
		open:     func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(data)), nil },
	}, nil
}

// progress returns a bar on stderr, or nil when quiet.
func (e *Env) progress(label string, total int64, format func(int64) string) *Progress {
	if e.flags.Quiet || e.stderr == nil {
		return nil
	}
	return NewProgress(e.stderr, label, total, format)
}

// read streams the arguments of src, drawing a bar by bytes read.
func (e *Env) read(src source, label string, fn func(iter.Seq2[corpus.Argument, error]) error) error {
	rc, err := src.open()
	if err != nil {
		return fmt.Errorf("system: %w", err)
	}
	defer rc.Close()
	cr := &countingReader{r: rc}
	r, err := corpus.OpenReader(cr, src.name)
	if err != nil {
		return err
	}
	defer r.Close()
	bar := e.progress(label, src.size, Megabytes)
	err = fn(func(yield func(corpus.Argument, error) bool) {
		for a, err := range r.All() {
			bar.Update(cr.n)
			if !yield(a, err) {
				return
			}
		}
	})
	if err == nil {
		bar.Done(cr.n)
	}
	return err
}

func (e *Env) buildStore(ctx context.Context, src source) (*corpus.Store, error) {
	var s *corpus.Store
	err := e.read(src, "reading corpus", func(args iter.Seq2[corpus.Argument, error]) error {
		var err error
		s, err = corpus.BuildStore(ctx, args)
		return err
	})
	return s, err
}

type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}
