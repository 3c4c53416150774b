package system

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"iter"
	"os"
	"path/filepath"
	"runtime/debug"
	"sync"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/retrieval/lexical"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/system/internal/envload"
	"github.com/argsearch/argsearch/topics"
)

// Input says what an Env holds. The zero value is the embedded 2022
// sample, in memory, with nothing written to disk.
type Input struct {
	// Dir is a TIRA input directory: the corpus (args_processed.csv, also
	// .gz, the official .tar.gz, or args.me JSON) and topics.xml. Empty
	// means Sample.
	Dir string
	// Sample is the year of the embedded sample (package corpus/sample)
	// read when Dir is empty: 2022 (the zero value) or 2021. Another year
	// is an error.
	Sample int
	// Cache is a directory in which the indexes (lexical.Cache, and the
	// dense indexes of the sentences by each encoder a system uses) and,
	// for a corpus file, a store file of the corpus's texts are kept
	// between runs, so that only the first run reads the corpus and builds
	// the indexes. Empty keeps everything in memory and writes nothing.
	Cache string
	// Index is the Env's own index, which Baseline, Swordsman and a
	// Pipeline without an Analysis search; its zero value is lexical's
	// default (sentences and arguments, AnalyzerEnglish).
	Index lexical.Config
	// K is the number of pairs (or documents) each system gives a topic,
	// at most the most Touché 2022 allows (runfile.Touche2022's
	// MaxResults, 1000), which 0 means.
	K int
	// Workers is the number of topics Run answers at once; 0 means 1. The
	// run does not depend on it.
	Workers int
	// Warn, if not nil, is told what a user should hear of that is not an
	// error: a cached index or store file found damaged and built again
	// (naming the file), leftovers of interrupted runs removed.
	Warn func(msg string)
	// Progress, if not nil, is told how far each step has come: "reading
	// corpus" and "indexing" (in bytes of the corpus read), then Run's
	// "topics" (in topics answered). done == total ends a step. Calls come
	// from one goroutine at a time and must not block for long.
	Progress func(step string, done, total int64)
}

// errClosedEnv is the error of an index asked of a closed Env.
var errClosedEnv = errors.New("system: index asked of a closed Env")

// An Env is what systems run on: the topics, the corpus in a Store for
// lookups by id, its indexes, the shipped models and, for an embedded
// sample, the official judgments of its topics. Open one, run systems on
// it (Run, or an experiment), and Close it.
//
// An Env is safe for concurrent use: systems answer topics on it from
// several goroutines.
type Env struct {
	// Topics are the topics to answer, in the order of the topics file.
	Topics []topics.Topic
	// Store holds every argument and sentence of the corpus by id.
	Store *corpus.Store
	// Judgments are the official judgments of the sample's year
	// (eval.Official), which judge its topics among the year's others (an
	// experiment keeps those of Topics); nil for a Dir, whose judgments,
	// if any, the caller knows.
	Judgments *eval.Judgments
	// Name names the input in messages: "the embedded 2022 sample" or the
	// corpus file.
	Name string
	// K is the number of pairs (or documents) a system gives each topic
	// (Input.K, its 0 made the Touché 2022 most); every system of this
	// package answers with at most K.
	K int
	// Repaired counts the corpus's texts that held invalid UTF-8, each
	// invalid sequence replaced by U+FFFD when Open read the corpus
	// (corpus.Reader.Repaired); 0 when the store came from the cache.
	Repaired int

	in      Input
	src     envload.Source
	cache   lexical.Cache // Dir "" without a cache
	release func() error  // unmaps the store file; nil when the store was built here
	shipped envload.Loader

	mu      sync.Mutex
	indexes map[string]*cacheEntry[*lexical.Index] // by index identity (indexKey)
	dense   *envload.Dense                         // of the Store's sentences, by encoder
	closed  bool
}

// A cacheEntry is an index of the Env's caches, built or opened once.
type cacheEntry[T any] struct {
	once sync.Once
	x    T
	err  error
}

// Open reads the topics and the corpus in into a store (with a cache,
// the store file of an earlier run, or a new one written for the next).
// Indexes are opened, or built and with a cache kept, when a system first
// asks for them (Env.Index). The shipped models are loaded by the first
// Pipeline that uses them (Run binds a Pipeline's steps, loading their
// models, while its index opens), once, and not at all for the others: a
// program that runs no step of a model does not carry it.
//
// A nil ctx, and an Input field out of range, are errors before any work.
// When Open fails, it leaves nothing in the cache it did not find there:
// the cache directory, if Open made it, is removed again.
func Open(ctx context.Context, in Input) (env *Env, err error) {
	if err := checkCtx(ctx, "Open"); err != nil {
		return nil, err
	}
	maxK := runfile.Touche2022().MaxResults
	switch {
	case in.K < 0 || in.K > maxK:
		return nil, fmt.Errorf("system: Input.K %d, want 1 to %d (0 means %d)", in.K, maxK, maxK)
	case in.Workers < 0:
		return nil, fmt.Errorf("system: Input.Workers %d: cannot be negative (0 means 1)", in.Workers)
	}
	if in.Cache != "" {
		made := missingDirs(in.Cache)
		defer func() {
			if err != nil {
				removeEmpty(made)
			}
		}()
	}
	e := &Env{K: cmp.Or(in.K, maxK), in: in, indexes: map[string]*cacheEntry[*lexical.Index]{}, shipped: envload.NewLoader()}
	if err := e.input(); err != nil {
		return nil, err
	}
	if in.Cache != "" {
		e.cache = lexical.Cache{Dir: in.Cache, Warn: in.Warn}
	}
	storeFile, err := e.openStore(ctx)
	if err != nil {
		return nil, err
	}
	if storeFile != "" {
		// A first run: the store was just read from the corpus and written
		// to its file. It is read back from the file, so that its memory
		// is not held beside an index being built.
		e.Store = nil
		debug.FreeOSMemory()
		if err := e.mapStoreFile(storeFile); err != nil {
			return nil, fmt.Errorf("system: reading back the corpus store: %w", err)
		}
	}
	// With a cache, the dense indexes are kept in files beside the store
	// file and the lexical indexes.
	e.dense = envload.NewDense(e.Store, envload.DenseFiles{Dir: e.cache.Dir, Src: e.src, Warn: in.Warn})
	return e, nil
}

// Index returns the index of the corpus built with c's analysis, units and
// term vectors, searching with c.Ranking: opened from the cache or built the
// first time it is asked for (by several goroutines at once: one builds,
// the others wait), and the same index after. It is closed with the Env.
func (e *Env) Index(ctx context.Context, c lexical.Config) (*lexical.Index, error) {
	if err := checkCtx(ctx, "Env.Index"); err != nil {
		return nil, err
	}
	if e == nil {
		return nil, errors.New("system: Index of a nil Env (use system.Open)")
	}
	key, err := indexKey(c)
	if err != nil {
		return nil, err
	}
	e.mu.Lock()
	if e.closed {
		e.mu.Unlock()
		return nil, errClosedEnv
	}
	entry := e.indexes[key]
	if entry == nil {
		entry = &cacheEntry[*lexical.Index]{}
		e.indexes[key] = entry
	}
	e.mu.Unlock()
	entry.once.Do(func() { entry.x, entry.err = e.buildIndex(ctx, c) })
	if entry.err != nil {
		return nil, entry.err
	}
	return entry.x.With(c.Ranking)
}

// index returns the Env's own index (Input.Index), searching with s.
func (e *Env) index(ctx context.Context, s lexical.Ranking) (*lexical.Index, error) {
	c := e.in.Index
	c.Ranking = s
	return e.Index(ctx, c)
}

// indexKey identifies the index c builds: its analysis, units and term
// vectors. Two spellings of one analysis (Analyzer "" and "en", say) give
// two keys; with a cache they open the same index, and in memory it is
// built twice.
func indexKey(c lexical.Config) (string, error) {
	analysis := c.Analyzer
	if c.Analysis != nil {
		analysis = c.Analysis.String()
	}
	return fmt.Sprintf("%q %v %v", analysis, c.Units, c.NoTermVectors), nil
}

// buildIndex opens or builds the index of c.
func (e *Env) buildIndex(ctx context.Context, c lexical.Config) (*lexical.Index, error) {
	c.Ranking = lexical.Ranking{}
	if c.ExpectedArguments == 0 && e.Store != nil {
		c.ExpectedArguments = e.Store.NumArguments()
	}
	arguments := func(yield func(corpus.Argument, error) bool) {
		_, err := e.read("indexing", func(args iter.Seq2[corpus.Argument, error]) error {
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
	if e.cache.Dir == "" {
		return lexical.Build(ctx, "", arguments, c)
	}
	x, _, err := e.cache.Open(ctx, lexical.Source{Name: e.src.Name, ID: e.src.ID, Arguments: arguments}, c)
	return x, err
}

// Close releases the indexes and the store's file; nothing they returned
// may be used after it. Closing a nil Env, or one already closed, does
// nothing.
func (e *Env) Close() error {
	if e == nil {
		return nil
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return nil
	}
	e.closed = true
	var err error
	for _, entry := range e.indexes {
		entry.once.Do(func() { entry.err = errClosedEnv })
		if entry.x != nil {
			err = errors.Join(err, entry.x.Close())
		}
	}
	if e.dense != nil {
		err = errors.Join(err, e.dense.Close())
	}
	if e.release != nil {
		err = errors.Join(err, e.release())
		e.release = nil
	}
	return err
}

// input resolves the corpus and reads the topics.
func (e *Env) input() error {
	if e.in.Dir == "" {
		return e.sampleInput()
	}
	path, topicsPath, err := envload.Dir(e.in.Dir)
	if err != nil {
		return fmt.Errorf("system: %w", err)
	}
	tf, err := os.Open(topicsPath)
	if err != nil {
		return fmt.Errorf("system: %w", err)
	}
	defer tf.Close()
	if e.Topics, err = topics.Parse(tf); err != nil {
		return fmt.Errorf("system: %s: %w", topicsPath, err)
	}
	if e.src, err = envload.File(path); err != nil {
		return fmt.Errorf("system: %w", err)
	}
	e.Name = path
	return nil
}

// sampleInput is the embedded sample with the topics it was drawn for and
// their official judgments.
func (e *Env) sampleInput() error {
	src, ts, year, err := envload.Sample(e.in.Sample)
	if err != nil {
		return fmt.Errorf("system: Input.Sample: %w", err)
	}
	e.Topics = ts
	if e.Judgments, err = eval.Official(year); err != nil {
		return fmt.Errorf("system: %w", err)
	}
	e.Name = fmt.Sprintf("the embedded %d sample", year)
	e.src = src
	return nil
}

// mapStoreFile maps the store file at path (corpus.MapStore); Close
// releases it.
func (e *Env) mapStoreFile(path string) error {
	s, release, err := corpus.MapStore(path)
	if err != nil {
		return err
	}
	e.Store, e.release = s, release
	return nil
}

// openStore fills in the store: from the store file the cache keeps for a
// corpus file when there is a sound one, else by reading the corpus, after
// which the store file is written (atomically) for the next run, and its
// path returned (envload.StoreFile). The embedded samples are read from
// memory at once.
func (e *Env) openStore(ctx context.Context) (written string, err error) {
	st := envload.StoreFile{
		Warn: e.in.Warn,
		Map:  e.mapStoreFile,
		Build: func() (*corpus.Store, error) {
			var err error
			e.Repaired, err = e.read("reading corpus", func(args iter.Seq2[corpus.Argument, error]) error {
				var err error
				// Parsing reads ahead on a core of its own while the
				// store is built.
				e.Store, err = corpus.BuildStore(ctx, envload.ReadAhead(args))
				return err
			})
			return e.Store, err
		},
	}
	if e.in.Dir != "" {
		st.Dir = e.cache.Dir
	}
	written, err = st.Open(ctx, e.src)
	if err != nil {
		return "", fmt.Errorf("system: %w", err)
	}
	return written, nil
}

// read streams the arguments of the corpus to fn, reporting progress by
// bytes read under step, and returns the number of texts the reader
// repaired (corpus.Reader.Repaired).
func (e *Env) read(step string, fn func(iter.Seq2[corpus.Argument, error]) error) (repaired int, err error) {
	return envload.Read(e.src, func(done, total int64) { e.progress(step, done, total) }, fn)
}

// progress reports a step's progress, if anyone listens.
func (e *Env) progress(step string, done, total int64) {
	if e.in.Progress != nil {
		e.in.Progress(step, done, total)
	}
}

// missingDirs returns dir and those of its parents that do not exist yet,
// deepest first: the directories that making dir would make.
func missingDirs(dir string) []string {
	var missing []string
	for d := filepath.Clean(dir); ; {
		if _, err := os.Lstat(d); err == nil || !errors.Is(err, os.ErrNotExist) {
			return missing
		}
		missing = append(missing, d)
		parent := filepath.Dir(d)
		if parent == d {
			return missing
		}
		d = parent
	}
}

// removeEmpty removes the directories dirs, deepest first, as long as they
// are empty: those that a failed Open made and left nothing in.
func removeEmpty(dirs []string) {
	for _, d := range dirs {
		if os.Remove(d) != nil {
			return // not empty (or gone): what holds something stays
		}
	}
}
