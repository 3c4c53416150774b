package envload

// This file: the corpus a system reads, a file of a TIRA input directory
// or an embedded sample, what identifies it for the caches, its arguments
// streamed with progress by bytes, and the store file kept for it in the
// cache directory.

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

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/internal/countio"
	"github.com/argsearch/argsearch/internal/fileid"
	"github.com/argsearch/argsearch/internal/lockfile"
	"github.com/argsearch/argsearch/runfile/tira"
)

// A Source is a corpus to read, and what identifies it for the caches.
type Source struct {
	Name, ID string
	Size     int64
	Open     func() (io.ReadCloser, error)
}

// Dir returns the paths of the corpus and the topics in the TIRA input
// directory dir (tira.Job).
func Dir(dir string) (corpusPath, topicsPath string, err error) {
	job := tira.Job{InputDir: dir}
	if _, err := os.Stat(dir); err != nil {
		return "", "", fmt.Errorf("input directory: %w", err)
	}
	if corpusPath, err = job.Corpus(); err != nil {
		return "", "", err
	}
	if topicsPath, err = job.Topics(); err != nil {
		return "", "", err
	}
	return corpusPath, topicsPath, nil
}

// File is the corpus file at path, identified by its file identity
// (fileid.ID).
func File(path string) (Source, error) {
	id, err := fileid.ID(path)
	if err != nil {
		return Source{}, err
	}
	fi, err := os.Stat(path)
	if err != nil {
		return Source{}, err
	}
	return Source{
		Name: path,
		ID:   id,
		Size: fi.Size(),
		Open: func() (io.ReadCloser, error) { return os.Open(path) },
	}, nil
}

// Embedded is the corpus data held in memory under name, identified by its
// SHA-256.
func Embedded(name string, data []byte) Source {
	sum := sha256.Sum256(data)
	return Source{
		Name: name,
		ID:   "sample sha256 " + hex.EncodeToString(sum[:]),
		Size: int64(len(data)),
		Open: func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(data)), nil },
	}
}

// Read streams the arguments of src to fn, reporting progress (if not nil)
// by bytes read, and returns the number of texts the reader repaired
// (corpus.Reader.Repaired).
func Read(src Source, progress func(done, total int64), fn func(iter.Seq2[corpus.Argument, error]) error) (repaired int, err error) {
	rc, err := src.Open()
	if err != nil {
		return 0, err
	}
	defer rc.Close()
	cr := &countio.Reader{R: rc}
	r, err := corpus.OpenReader(cr, src.Name)
	if err != nil {
		return 0, err
	}
	defer r.Close()
	report := func(done int64) {
		if progress != nil {
			progress(done, src.Size)
		}
	}
	err = fn(func(yield func(corpus.Argument, error) bool) {
		for a, err := range r.All() {
			// The reader runs ahead of the arguments it yields: the step
			// is finished only when the last one is, below.
			if cr.N < src.Size {
				report(cr.N)
			}
			if !yield(a, err) {
				return
			}
		}
	})
	if err == nil {
		report(src.Size)
	}
	return r.Repaired, err
}

// A StoreFile opens the store of a corpus: from the store file the cache
// directory Dir keeps for it when there is a sound one, else by Build, after
// which the store file is written (atomically) for the next run. Dir ""
// keeps no file.
type StoreFile struct {
	Dir   string
	Warn  func(string)                  // told of a damaged store file or removed leftovers; may be nil
	Map   func(path string) error       // maps a store file, failing on a missing or damaged one
	Build func() (*corpus.Store, error) // reads the corpus into a store
}

// Open opens the store of src and returns the path of the store file it
// wrote, "" when none was written. A store file that cannot be mapped is
// read around, not trusted.
func (st StoreFile) Open(ctx context.Context, src Source) (written string, err error) {
	path := ""
	if st.Dir != "" {
		sum := sha256.Sum256([]byte(src.ID))
		path = filepath.Join(st.Dir, filepath.Base(src.Name)+"-"+hex.EncodeToString(sum[:8])+".store")
		if err := st.Map(path); err == nil {
			return "", nil
		}
		// Hold the store file's lock while it is read and written, so that
		// a second process waits and maps this one's file, and so that a
		// later run can prove a leftover temporary file dead.
		if err := os.MkdirAll(st.Dir, 0o755); err != nil {
			return "", err
		}
		lock, err := lockfile.Acquire(ctx, path+".lock")
		if err != nil {
			return "", err
		}
		defer lock.Unlock()
		err = st.Map(path)
		if err == nil {
			return "", nil // written by another process meanwhile
		}
		if _, statErr := os.Stat(path); statErr == nil && st.Warn != nil {
			st.Warn(fmt.Sprintf("system: the cached corpus store %s cannot be used (%v); reading the corpus again", path, err))
		}
		removed, _ := lockfile.RemoveDead(st.Dir, filepath.Base(path), ".tmp")
		for _, p := range removed {
			if st.Warn != nil {
				st.Warn(fmt.Sprintf("system: removed %s, left by an interrupted run", p))
			}
		}
	}
	s, err := st.Build()
	if err != nil {
		return "", err
	}
	if path == "" {
		return "", nil
	}
	if err := os.MkdirAll(st.Dir, 0o755); err != nil {
		return "", err
	}
	tmp, err := os.CreateTemp(st.Dir, filepath.Base(path)+".tmp*")
	if err != nil {
		return "", err
	}
	_, err = s.WriteTo(tmp)
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
