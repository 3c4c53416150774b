package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
)

// textStore keeps the passages' texts in a temporary file while a run needs
// them, so that memory holds only each passage's place in it (the recipes'
// re-rankers and the tagger read the texts of the few passages they see, by
// id). At full size (868,655 passages, about 1 GB of text) this is what keeps
// the texts out of the peak memory.
type textStore struct {
	f   *os.File
	w   *bufio.Writer
	end int64
	at  map[string]textSpan
}

// textSpan is where a passage's text lies in the store's file.
type textSpan struct {
	off int64
	n   int32
}

// newTextStore creates the store's file in dir ("" means os.TempDir()).
func newTextStore(dir string) (*textStore, error) {
	f, err := os.CreateTemp(dir, "comparative-texts-")
	if err != nil {
		return nil, fmt.Errorf("comparative: text store: %w", err)
	}
	return &textStore{f: f, w: bufio.NewWriterSize(f, 1<<20), at: make(map[string]textSpan)}, nil
}

// add appends a passage's text; a later text for the same id replaces it.
func (s *textStore) add(id, text string) error {
	if len(text) > 1<<31-1 {
		return fmt.Errorf("comparative: passage %s: text of %d bytes is too long", id, len(text))
	}
	if _, err := s.w.WriteString(text); err != nil {
		return fmt.Errorf("comparative: text store: %w", err)
	}
	s.at[id] = textSpan{off: s.end, n: int32(len(text))}
	s.end += int64(len(text))
	return nil
}

// done flushes what add wrote; text may be called only after it.
func (s *textStore) done() error {
	if err := s.w.Flush(); err != nil {
		return fmt.Errorf("comparative: text store: %w", err)
	}
	return nil
}

// text returns a passage's text. A read error is reported as the passage
// having no text, which Pipeline.Run turns into an error naming it.
func (s *textStore) text(id string) (string, bool) {
	sp, ok := s.at[id]
	if !ok {
		return "", false
	}
	b := make([]byte, sp.n)
	if _, err := s.f.ReadAt(b, sp.off); err != nil && err != io.EOF {
		return "", false
	}
	return string(b), true
}

// close removes the store's file.
func (s *textStore) close() error {
	err := s.f.Close()
	if rerr := os.Remove(s.f.Name()); err == nil {
		err = rerr
	}
	return err
}
