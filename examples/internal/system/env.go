package system

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"iter"
	"os"
	"path/filepath"
	"runtime/debug"
	"time"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/corpus/sample"
	"github.com/argsearch/argsearch/examples/internal/cli"
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

	flags        Flags
	stderr       io.Writer
	releaseStore func() error // unmaps the store's file; nil when the store was built here
	started      time.Time
	setup        time.Duration
}

// source is a corpus file to read, and what identifies it for the index
// cache.
type source struct {
	name, id string
	size     int64
	open     func() (io.ReadCloser, error)
}

// Open reads the topics and the corpus the flags name into a store, and
// opens (or builds and caches) an index of the corpus with the index
// configuration c. Progress goes to stderr unless f.Quiet. Close the Env
// when done.
func Open(ctx context.Context, f Flags, c lexical.Config, stderr io.Writer) (*Env, error) {
	return OpenFor(ctx, f, func(*corpus.Store) lexical.Config { return c }, stderr)
}

// OpenFor is Open with an index configuration that depends on the corpus:
// config is called once the corpus is in the store.
func OpenFor(ctx context.Context, f Flags, config func(*corpus.Store) lexical.Config, stderr io.Writer) (*Env, error) {
	e := &Env{flags: f, stderr: stderr, started: time.Now()}
	src, err := e.input()
	if err != nil {
		return nil, err
	}
	cache, cached, err := f.cache()
	if err != nil {
		return nil, fmt.Errorf("%w (use -cache DIR or -cache off)", err)
	}
	storeFile, err := e.openStore(ctx, src, cache, cached)
	if err != nil {
		return nil, err
	}
	// The index reads the corpus again, only when it must be built.
	c := config(e.Store)
	c.ExpectedArguments = e.Store.NumArguments()
	if storeFile != "" {
		// A first run: the store was just read from the corpus and written
		// to its file. Holding it while the index is built would add the
		// two peaks up, so it is let go and read back from the file after.
		e.Store = nil
		debug.FreeOSMemory()
	}
	arguments := func(yield func(corpus.Argument, error) bool) {
		err := e.read(src, "indexing", func(args iter.Seq2[corpus.Argument, error]) error {
			for a, err := range args {
				if !yield(a, err) {
					return nil
				}
			}
			return nil
		})
		if err != nil {
			yield(corpus.Argument{}, err)
		}
	}
	if cached {
		e.Index, _, err = cache.Open(ctx, lexical.Source{Name: src.name, ID: src.id, Arguments: arguments}, c)
	} else {
		e.Index, err = lexical.Build(ctx, "", arguments, c)
	}
	if err != nil {
		return nil, err
	}
	if storeFile != "" {
		if err = e.mapStoreFile(storeFile); err != nil {
			e.Index.Close()
			return nil, fmt.Errorf("reading back the corpus store: %w", err)
		}
	}
	e.setup = time.Since(e.started)
	return e, nil
}

// mapStoreFile maps the store file at path (corpus.MapStore); Close
// releases it.
func (e *Env) mapStoreFile(path string) error {
	s, release, err := corpus.MapStore(path)
	if err != nil {
		return err
	}
	e.Store, e.releaseStore = s, release
	return nil
}

// openStore fills in the store: from the store file the cache keeps for
// src when there is a sound one, else by reading the corpus, after which
// the store file is written (atomically) for the next run, and its path
// returned. A store file that cannot be read is read around, not trusted.
func (e *Env) openStore(ctx context.Context, src source, cache lexical.Cache, cached bool) (written string, err error) {
	path := ""
	if cached && !e.Sample { // the embedded sample is read from memory at once
		sum := sha256.Sum256([]byte(src.id))
		path = filepath.Join(cache.Dir, filepath.Base(src.name)+"-"+hex.EncodeToString(sum[:8])+".store")
		if err := e.mapStoreFile(path); err == nil {
			return "", nil
		}
	}
	err = e.read(src, "reading corpus", func(args iter.Seq2[corpus.Argument, error]) error {
		var err error
		e.Store, err = corpus.BuildStore(ctx, args)
		return err
	})
	if err != nil || path == "" {
		return "", err
	}
	if err := os.MkdirAll(cache.Dir, 0o755); err != nil {
		return "", err
	}
	tmp, err := os.CreateTemp(cache.Dir, filepath.Base(path)+".tmp*")
	if err != nil {
		return "", err
	}
	_, err = e.Store.WriteTo(tmp)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return "", fmt.Errorf("caching the corpus store: %w", err)
	}
	return path, nil
}

// Close releases the index and the store's file; nothing the store
// returned may be used after it.
func (e *Env) Close() error {
	err := e.Index.Close()
	if e.releaseStore != nil {
		err = errors.Join(err, e.releaseStore())
		e.releaseStore = nil
	}
	return err
}

// input resolves the corpus and reads the topics.
func (e *Env) input() (source, error) {
	if e.flags.TIRA.InputDir == "" {
		return e.sampleInput()
	}
	if _, err := os.Stat(e.flags.TIRA.InputDir); err != nil {
		return source{}, fmt.Errorf("input directory: %w", err)
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
		return source{}, err
	}
	defer tf.Close()
	ts, err := topics.Parse(tf)
	if err != nil {
		return source{}, fmt.Errorf("%s: %w", topicsPath, err)
	}
	e.Queries = topics.Queries(ts)
	id, err := lexical.FileID(path)
	if err != nil {
		return source{}, err
	}
	fi, err := os.Stat(path)
	if err != nil {
		return source{}, err
	}
	e.Input = path
	return source{
		name: path,
		id:   id,
		size: fi.Size(),
		open: func() (io.ReadCloser, error) { return os.Open(path) },
	}, nil
}

// sampleInput is the embedded args.me sample with the 2021 topics it was
// drawn for.
func (e *Env) sampleInput() (source, error) {
	ts, err := sample.Touche2021().Topics()
	if err != nil {
		return source{}, err
	}
	e.Queries = topics.Queries(ts)
	e.Sample = true
	e.Input = "the embedded args.me sample"
	data, err := io.ReadAll(sample.Touche2021().ProcessedCSV())
	if err != nil {
		return source{}, err
	}
	sum := sha256.Sum256(data)
	return source{
		name: sample.ProcessedCSVName,
		id:   "sample sha256 " + hex.EncodeToString(sum[:]),
		size: int64(len(data)),
		open: func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(data)), nil },
	}, nil
}

// progress returns a progress display on stderr, or nil when quiet.
func (e *Env) progress(label string, total int64, format func(int64) string) *cli.Progress {
	return cli.NewProgress(e.stderr, e.flags.Quiet, label, total, format)
}

// read streams the arguments of src to fn, drawing a bar by bytes read.
func (e *Env) read(src source, label string, fn func(iter.Seq2[corpus.Argument, error]) error) error {
	rc, err := src.open()
	if err != nil {
		return err
	}
	defer rc.Close()
	cr := &cli.CountingReader{R: rc}
	r, err := corpus.OpenReader(cr, src.name)
	if err != nil {
		return err
	}
	defer r.Close()
	bar := e.progress(label, src.size, cli.Megabytes)
	err = fn(func(yield func(corpus.Argument, error) bool) {
		for a, err := range r.All() {
			bar.Update(cr.N)
			if !yield(a, err) {
				return
			}
		}
	})
	if err == nil {
		bar.Done(cr.N)
	}
	return err
}
