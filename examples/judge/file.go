package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/argsearch/argsearch/examples/internal/ownjudgments"

	"github.com/argsearch/argsearch/eval"
)

// item is one judged (topic, pair).
type item struct{ topic, pair string }

// labels are relevance, quality and coherence.
type labels [3]int

// judgmentsFile is the own-judgments file the server appends to: every
// judgment is one write of one line, then an fsync, so that a killed
// server loses at most the judgment it was making. It keeps the file's
// current labels. It is safe for concurrent use.
type judgmentsFile struct {
	mu     sync.Mutex
	f      *os.File
	name   string
	labels map[item]labels
	err    error // sticky: after a failed write the file's end is unknown
}

// openJudgments opens (or creates) the own-judgments file at path and
// reads its judgments. A file that is not one, or one that does not
// read (a conflict, a malformed line), is an error and is left as it is.
// The one repair: an interrupted append leaves a cut last line without
// its newline, which is dropped (repaired says how many bytes) when the
// rest of the file reads.
func openJudgments(path string) (jf *judgmentsFile, repaired int, err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, 0, fmt.Errorf("judgments file: %w", err)
	}
	defer func() {
		if err != nil {
			f.Close()
		}
	}()
	if err := lock(f); err != nil {
		return nil, 0, err
	}
	data, err := io.ReadAll(f)
	if err != nil {
		return nil, 0, fmt.Errorf("judgments file: %w", err)
	}
	header := ownjudgments.AnnotationsHeader + "\n"
	switch {
	case len(data) == 0 || (len(data) < len(header) && strings.HasPrefix(header, string(data))):
		// New, or its header cut by a crash: write the header.
		if err := f.Truncate(0); err != nil {
			return nil, 0, fmt.Errorf("judgments file: %w", err)
		}
		repaired = len(data)
		data = []byte(header)
		if _, err := f.WriteAt(data, 0); err != nil {
			return nil, 0, fmt.Errorf("judgments file: %w", err)
		}
		if err := syncDir(filepath.Dir(path)); err != nil {
			return nil, 0, err
		}
	case data[len(data)-1] != '\n':
		if _, err := ownjudgments.ReadAnnotations(bytes.NewReader(data), path); err == nil {
			// A whole last line without its newline (edited by hand):
			// end it, so that the next line does not join it.
			data = append(data, '\n')
			if _, err := f.WriteAt([]byte{'\n'}, int64(len(data)-1)); err != nil {
				return nil, 0, fmt.Errorf("judgments file: %w", err)
			}
			break
		}
		whole := data[:bytes.LastIndexByte(data, '\n')+1]
		if _, err := ownjudgments.ReadAnnotations(bytes.NewReader(whole), path); err != nil || len(whole) == 0 {
			// Not a cut append: report the file as it is.
			_, err := ownjudgments.ReadAnnotations(bytes.NewReader(data), path)
			return nil, 0, fmt.Errorf("judge: %w", err)
		}
		if err := f.Truncate(int64(len(whole))); err != nil {
			return nil, 0, fmt.Errorf("judgments file: %w", err)
		}
		repaired = len(data) - len(whole)
		data = whole
	}
	a, err := ownjudgments.ReadAnnotations(bytes.NewReader(data), path)
	if err != nil {
		return nil, 0, fmt.Errorf("judge: %w", err)
	}
	if err := f.Sync(); err != nil {
		return nil, 0, fmt.Errorf("judgments file: %w", err)
	}
	if _, err := f.Seek(0, io.SeekEnd); err != nil {
		return nil, 0, fmt.Errorf("judgments file: %w", err)
	}
	jf = &judgmentsFile{f: f, name: path, labels: make(map[item]labels)}
	j := a.Judgments()
	for r := range j.Qrels(eval.Relevance).All() {
		q, _ := j.Qrels(eval.Quality).Label(r.Topic, r.DocID)
		c, _ := j.Qrels(eval.Coherence).Label(r.Topic, r.DocID)
		jf.labels[item{r.Topic, r.DocID}] = labels{r.Label, q, c}
	}
	return jf, repaired, nil
}

// syncDir syncs a directory, so that a file created in it survives a
// crash.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("judgments file: %w", err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) {
		return fmt.Errorf("judgments file: syncing its directory: %w", err)
	}
	return nil
}

// get returns the current labels of it.
func (jf *judgmentsFile) get(it item) (labels, bool) {
	jf.mu.Lock()
	defer jf.mu.Unlock()
	l, ok := jf.labels[it]
	return l, ok
}

// errClosed reports a judgment given after the file was closed.
var errClosed = errors.New("judge: the judgments file is closed")

// record appends a's line and syncs the file. A pair judged before with
// other labels gets a correction; with the same labels nothing is written.
func (jf *judgmentsFile) record(a ownjudgments.Annotation) error {
	jf.mu.Lock()
	defer jf.mu.Unlock()
	if jf.f == nil {
		return errClosed
	}
	if jf.err != nil {
		return jf.err
	}
	it := item{a.Topic, a.Pair}
	l := labels{a.Relevance, a.Quality, a.Coherence}
	prev, judged := jf.labels[it]
	if judged && prev == l {
		return nil
	}
	a.Corrects = judged
	line, err := a.MarshalText()
	if err != nil {
		return err
	}
	if _, err := jf.f.Write(append(line, '\n')); err != nil {
		jf.err = fmt.Errorf("judge: writing %s (restart the server to go on): %w", jf.name, err)
		return jf.err
	}
	if err := jf.f.Sync(); err != nil {
		jf.err = fmt.Errorf("judge: syncing %s (restart the server to go on): %w", jf.name, err)
		return jf.err
	}
	jf.labels[it] = l
	return nil
}

// close closes the file.
func (jf *judgmentsFile) close() error {
	jf.mu.Lock()
	defer jf.mu.Unlock()
	if jf.f == nil {
		return nil
	}
	err := jf.f.Close()
	jf.f = nil
	return err
}
