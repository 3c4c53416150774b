package runfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/argsearch/argsearch/internal/quote"
)

// A fileWriter writes a run file atomically, for WriteFile: lines go to a
// temporary file in the target's directory, which is renamed to the target
// only when Close succeeds. On any error the temporary file is removed and
// the target is left untouched (an existing file stays as it was). A
// deferred Abort after a successful Close does nothing.
type fileWriter struct {
	w      *Writer
	f      *os.File
	path   string
	tmp    string
	done   bool
	result error
}

// tmpFile is the temporary file a fileWriter writes, whose errors do not
// name it: the messages name the target path instead (fileWriter.fail).
type tmpFile struct{ f *os.File }

func (t tmpFile) Write(p []byte) (int, error) {
	n, err := t.f.Write(p)
	return n, stripPath(err)
}

// stripPath returns the error of a file operation without the file's
// name, for a message that names the file the user gave rather than a
// temporary one.
func stripPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}

// checkPath refuses a path that cannot name the run file to write: an
// empty one, one ending in a separator, and a directory.
func checkPath(path string) error {
	switch {
	case path == "":
		return errors.New("runfile: the path of the run file to write is empty")
	case os.IsPathSeparator(path[len(path)-1]):
		return fmt.Errorf("runfile: %s names a directory, not the run file to write", path)
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("runfile: %s is a directory, not the run file to write", path)
	}
	return nil
}

// Create starts writing a run tagged tag to path, with the given rules
// (Rules{} checks nothing extra). The directory of path must exist. An
// invalid tag is reported here.
func create(path, tag string, rules Rules) (*fileWriter, error) {
	if err := checkPath(path); err != nil {
		return nil, err
	}
	if err := checkField("tag", tag); err != nil {
		return nil, fmt.Errorf("runfile: tag %s: %w", quote.Q(tag), err)
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".*.tmp")
	if err != nil {
		return nil, fmt.Errorf("runfile: create %s: %w", path, stripPath(err))
	}
	// CreateTemp uses mode 0600; a run file is meant to be shared.
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, fmt.Errorf("runfile: create %s: %w", path, stripPath(err))
	}
	w := NewWriter(tmpFile{f}, tag)
	w.Rules = rules
	return &fileWriter{w: w, f: f, path: path, tmp: f.Name()}, nil
}

// Write writes the results of one topic, as Writer.Write does. On error the
// temporary file is removed at once and later calls return the same error.
func (fw *fileWriter) Write(qid string, rs []Result) error {
	if fw.done {
		if fw.result != nil {
			return fw.result
		}
		return fmt.Errorf("runfile: %s: write topic %s: %w", fw.path, quote.Q(qid), errClosed)
	}
	if err := fw.w.Write(qid, rs); err != nil {
		fw.fail(err)
		return fw.result
	}
	return nil
}

// Close finishes the run (Writer.Close: the Rules' topic list, flush),
// syncs the file to disk and renames it to the target path. On error the
// temporary file is removed and the target untouched. Calling Close again
// returns the same result.
func (fw *fileWriter) Close() error {
	if fw.done {
		return fw.result
	}
	if err := fw.w.Close(); err != nil {
		fw.fail(err)
		return fw.result
	}
	if err := fw.f.Sync(); err != nil {
		fw.fail(fmt.Errorf("runfile: sync: %w", stripPath(err)))
		return fw.result
	}
	if err := fw.f.Close(); err != nil {
		fw.f = nil
		fw.fail(fmt.Errorf("runfile: close: %w", stripPath(err)))
		return fw.result
	}
	fw.f = nil
	if err := os.Rename(fw.tmp, fw.path); err != nil {
		fw.fail(fmt.Errorf("runfile: rename: %w", stripPath(err)))
		return fw.result
	}
	fw.done = true
	return nil
}

// Abort drops the run: it removes the temporary file and leaves the target
// untouched. It does nothing after Close or a failed Write. Later Writes and
// Closes fail.
func (fw *fileWriter) Abort() error {
	if fw.done {
		return nil
	}
	err := fw.discard()
	fw.done = true
	fw.result = fmt.Errorf("runfile: %s: aborted: %w", fw.path, errClosed)
	if err != nil {
		return fmt.Errorf("runfile: abort %s: %w", fw.path, err)
	}
	return nil
}

// fail records err (prefixed with the target path) and removes the
// temporary file.
func (fw *fileWriter) fail(err error) {
	fw.done = true
	fw.result = fmt.Errorf("%w (%s not written)", err, fw.path)
	if rmErr := fw.discard(); rmErr != nil {
		fw.result = errors.Join(fw.result, fmt.Errorf("runfile: %w", rmErr))
	}
}

func (fw *fileWriter) discard() error {
	var err error
	if fw.f != nil {
		fw.f.Close()
		fw.f = nil
	}
	if rmErr := os.Remove(fw.tmp); rmErr != nil && !errors.Is(rmErr, os.ErrNotExist) {
		err = rmErr
	}
	return err
}

// WriteFile writes a whole run atomically to path, checked against rules:
// its topics in topic order (numeric ids first, as Run.Topics gives them), each as Writer.Write orders and ranks it
// (by score, then docid, both descending; the lines' own ranks are not
// kept), tagged with the lines' tag, which must be the same on every line.
// Nothing is written unless the whole run is valid; a run without lines is
// an error wrapping ErrCount. An empty path, or one that names a
// directory, is an error before anything is made.
func WriteFile(path string, run Run, rules Rules) error {
	if err := checkPath(path); err != nil {
		return err
	}
	qids := run.Topics()
	tag := ""
	for _, q := range qids {
		for _, l := range run[q] {
			if tag == "" {
				tag = l.Tag
			}
			if l.Tag != tag {
				return fmt.Errorf("runfile: %s: topic %s: tag %s differs from the run's %s: %w", path, quote.Q(q), quote.Q(l.Tag), quote.Q(tag), ErrField)
			}
		}
	}
	if tag == "" {
		return fmt.Errorf("runfile: %s: %w", path, errEmpty)
	}
	fw, err := create(path, tag, rules)
	if err != nil {
		return err
	}
	defer fw.Abort()
	var rs []Result
	for _, q := range qids {
		rs = rs[:0]
		for _, l := range run[q] {
			rs = append(rs, Result{DocID: l.DocID, Score: l.Score, Stance: l.Stance})
		}
		if err := fw.Write(q, rs); err != nil {
			return err
		}
	}
	return fw.Close()
}
