// Package outpath checks, before a command starts its work, that the file
// or directory it will write can be written, so that a wrong -o fails at
// once with a message naming the path the user gave, not after minutes of
// work with the name of a temporary file.
package outpath

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// File checks that a file can be written at path, as given by flag (named
// in the error): path is not a directory, and the directory that would
// hold it exists and a file can be made in it (a probe file is made and
// removed). An existing file at path is fine: it will be replaced.
func File(flag, path string) error {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("%s %s is a directory; it names the file to write", flag, path)
	}
	dir := filepath.Dir(path)
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
		return fmt.Errorf("%s %s: the directory %s does not exist", flag, path, dir)
	case err != nil:
		return fmt.Errorf("%s %s: %w", flag, path, err)
	case !fi.IsDir():
		return fmt.Errorf("%s %s: %s is not a directory", flag, path, dir)
	}
	if err := probe(dir); err != nil {
		return fmt.Errorf("%s %s: the directory %s cannot be written: %w", flag, path, dir, unwrapPath(err))
	}
	return nil
}

// Dir checks that files can be written in the directory path, as given by
// flag (named in the error): if it exists, it is a directory a file can be
// made in; if not, the nearest directory above it that exists can be
// written, so that the command can make it.
func Dir(flag, path string) error {
	p := path
	for {
		fi, err := os.Stat(p)
		if err == nil {
			if !fi.IsDir() {
				if p == path {
					return fmt.Errorf("%s %s is not a directory", flag, path)
				}
				return fmt.Errorf("%s %s: %s is not a directory", flag, path, p)
			}
			if err := probe(p); err != nil {
				if p == path {
					return fmt.Errorf("%s %s cannot be written: %w", flag, path, unwrapPath(err))
				}
				return fmt.Errorf("%s %s: cannot be made in %s: %w", flag, path, p, unwrapPath(err))
			}
			return nil
		}
		if !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR) {
			return fmt.Errorf("%s %s: %w", flag, path, err)
		}
		parent := filepath.Dir(p)
		if parent == p {
			return fmt.Errorf("%s %s: no directory above it exists", flag, path)
		}
		p = parent
	}
}

// probe makes and removes a file in dir.
func probe(dir string) error {
	f, err := os.CreateTemp(dir, ".argsearch-probe-*")
	if err != nil {
		return err
	}
	f.Close()
	return os.Remove(f.Name())
}

// unwrapPath drops the temporary probe file's name from an error.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
