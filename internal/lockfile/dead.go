package lockfile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
)

// RemoveDead removes the temporary files and directories in dir that a
// crashed or killed writer left: those named ENTRY+marker+DIGITS (as
// os.CreateTemp and os.MkdirTemp name them for the pattern
// ENTRY+marker+"*"), for one of markers, whose writer's lock ENTRY+".lock"
// no process holds. A writer must hold that lock from before it makes a
// temporary until it has renamed or removed it; then a temporary whose
// lock is free is proven dead. The temporaries of the entry named holding,
// whose lock the caller holds and which it has made none of yet, are dead
// too ("" for none). It returns the paths removed. Where there is no
// locking (see the package doc) it removes nothing.
func RemoveDead(dir, holding string, markers ...string) ([]string, error) {
	if !locking {
		return nil, nil
	}
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var removed []string
	var errs []error
	for _, e := range entries {
		entry, ok := tempOf(e.Name(), markers)
		if !ok || entry != holding && Held(filepath.Join(dir, entry+".lock")) {
			continue
		}
		p := filepath.Join(dir, e.Name())
		if err := os.RemoveAll(p); err != nil {
			errs = append(errs, err)
			continue
		}
		removed = append(removed, p)
	}
	return removed, errors.Join(errs...)
}

// tempOf returns the entry whose temporary name is, when name is
// ENTRY+marker+DIGITS for one of markers.
func tempOf(name string, markers []string) (string, bool) {
	for _, m := range markers {
		i := strings.LastIndex(name, m)
		if i <= 0 {
			continue
		}
		digits := name[i+len(m):]
		if digits != "" && strings.Trim(digits, "0123456789") == "" {
			return name[:i], true
		}
	}
	return "", false
}
