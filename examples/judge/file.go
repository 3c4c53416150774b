package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/eval/own"
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
	w      *own.Writer // appends to f
	name   string
	labels map[item]labels
	err    error // sticky: after a failed write the file's end is unknown
	// created says that openJudgments made the file, and wrote that a
	// judgment was appended since: a file made for nothing is removed
	// when the command fails (abandon).
	created, wrote bool
}

// header returns the first line of an own-judgments file, with its
// newline, as package own writes it.
func header() []byte {
	var b bytes.Buffer
	own.NewWriter(&b).Flush() // a bytes.Buffer does not fail
	return b.Bytes()
}

// openJudgments opens (or creates) the own-judgments file at path and
// reads its judgments. A file that is not one, or one that does not
// read (a conflict, a malformed line), is an error and is left as it is.
// The one repair: an interrupted append leaves a cut last line without
// its newline, which is dropped (repaired says how many bytes) when the
// rest of the file reads. A file it creates is removed again when it
// fails.
func openJudgments(path string) (jf *judgmentsFile, repaired int, err error) {
	created := true
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		created = false
		f, err = os.OpenFile(path, os.O_RDWR, 0)
	}
	if err != nil {
		return nil, 0, fmt.Errorf("judgments file: %w", err)
	}
	defer func() {
		if err != nil {
			f.Close()
			if created {
				os.Remove(path)
			}
		}
	}()
	if err := lock(f); err != nil {
		return nil, 0, err
	}
	data, err := io.ReadAll(f)
	if err != nil {
		return nil, 0, fmt.Errorf("judgments file: %w", err)
	}
	head := header()
	switch {
	case len(data) == 0 || (len(data) < len(head) && bytes.HasPrefix(head, data)):
		// New, or its header cut by a crash: write the header.
		if err := f.Truncate(0); err != nil {
			return nil, 0, fmt.Errorf("judgments file: %w", err)
		}
		repaired = len(data)
		data = head
		if err := own.NewWriter(io.NewOffsetWriter(f, 0)).Flush(); err != nil {
			return nil, 0, fmt.Errorf("judgments file: %w", err)
		}
		if err := syncDir(filepath.Dir(path)); err != nil {
			return nil, 0, err
		}
	case data[len(data)-1] != '\n':
		if _, err := own.Read(bytes.NewReader(data), path); err == nil {
			// A whole last line without its newline (edited by hand):
			// end it, so that the next line does not join it.
			data = append(data, '\n')
			if _, err := f.WriteAt([]byte{'\n'}, int64(len(data)-1)); err != nil {
				return nil, 0, fmt.Errorf("judgments file: %w", err)
			}
			break
		}
		whole := data[:bytes.LastIndexByte(data, '\n')+1]
		if _, err := own.Read(bytes.NewReader(whole), path); err != nil || len(whole) == 0 {
			// Not a cut append: report the file as it is.
			_, err := own.Read(bytes.NewReader(data), path)
			return nil, 0, fmt.Errorf("judge: %w", err)
		}
		if err := f.Truncate(int64(len(whole))); err != nil {
			return nil, 0, fmt.Errorf("judgments file: %w", err)
		}
		repaired = len(data) - len(whole)
		data = whole
	}
	a, err := own.Read(bytes.NewReader(data), path)
	if err != nil {
		return nil, 0, fmt.Errorf("judge: %w", err)
	}
	if err := f.Sync(); err != nil {
		return nil, 0, fmt.Errorf("judgments file: %w", err)
	}
	if _, err := f.Seek(0, io.SeekEnd); err != nil {
		return nil, 0, fmt.Errorf("judgments file: %w", err)
	}
	w := own.NewWriter(f)
	w.Append = true
	jf = &judgmentsFile{f: f, w: w, name: path, labels: make(map[item]labels), created: created}
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
func (jf *judgmentsFile) record(a own.Annotation) error {
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
	if err := jf.w.Write(a); err != nil {
		// A judgment the form let through that a line cannot hold:
		// nothing was written, but the Writer's error is sticky.
		jf.err = fmt.Errorf("judge: %w (restart the server to go on)", err)
		return jf.err
	}
	if err := jf.w.Flush(); err != nil {
		jf.err = fmt.Errorf("judge: writing %s (restart the server to go on): %w", jf.name, err)
		return jf.err
	}
	jf.wrote = true
	if err := jf.f.Sync(); err != nil {
		jf.err = fmt.Errorf("judge: syncing %s (restart the server to go on): %w", jf.name, err)
		return jf.err
	}
	jf.labels[it] = l
	return nil
}

// abandon closes the file and, when openJudgments created it and no
// judgment was written to it, removes it: a command that failed leaves
// nothing where it made nothing.
func (jf *judgmentsFile) abandon() error {
	err := jf.close()
	jf.mu.Lock()
	defer jf.mu.Unlock()
	if jf.created && !jf.wrote {
		if rerr := os.Remove(jf.name); rerr != nil && err == nil {
			err = rerr
		}
	}
	return err
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
