package lexical

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"os"
	"path/filepath"
	"strings"

	"github.com/argsearch/argsearch/analysis"
	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/internal/lockfile"
	"github.com/argsearch/argsearch/internal/nilctx"
	"github.com/argsearch/argsearch/retrieval/lexical/internal/index"
)

// A Cache keeps built indexes in a directory, one for each corpus and index
// configuration, so that a system builds an index once and opens it on
// later runs. The zero value is not usable: set Dir.
//
// A Cache is safe for concurrent use, also by several processes: a build
// holds a lock on its entry (a file ENTRY.lock beside it, flock(2) on Linux,
// macOS and the BSDs; see Open), goes to a temporary directory, and a
// finished index is renamed into place.
type Cache struct {
	// Dir is the cache directory; Open creates it when needed.
	Dir string
	// Warn, if not nil, is told what Open did that a user should hear of:
	// a cached index it found damaged or in an older index format and
	// builds again (naming the file), or the leftovers of interrupted
	// builds it removed. Without it Open says nothing.
	Warn func(msg string)
}

// A Source is a corpus as a Cache knows it.
type Source struct {
	// Name names the corpus in the cache directory, such as its file name.
	Name string
	// ID identifies the corpus's content: an index built from a corpus
	// with another ID is never used for this one. For a file, its absolute
	// path, size and modification time will do (the module's systems take
	// internal/fileid's); for bytes in memory, a hash of them.
	ID string
	// Arguments streams the corpus. Open reads it only when it builds an
	// index.
	Arguments iter.Seq2[corpus.Argument, error]
}

// cacheFormat changes when cached indexes must be rebuilt for a reason the
// key does not otherwise see.
const cacheFormat = "argsearch-index-cache/1"

// path returns the directory in which Open keeps the index of src built
// with c: src.Name made safe for a file name, then a hash of src.ID and of
// everything in c that changes an index (the analysis, the units, the term
// vectors). The query-time Ranking, Workers and Progress do not count.
func (cc Cache) path(src Source, c Config) (string, error) {
	if cc.Dir == "" {
		return "", fmt.Errorf("lexical: a Cache needs a directory: %w", errConfig)
	}
	an, _, err := c.analysis()
	if err != nil {
		return "", err
	}
	units, err := buildUnits(c.Units)
	if err != nil {
		return "", err
	}
	b, err := json.Marshal(struct {
		Format, Corpus string
		Analysis       analysis.Analysis
		Units          []string
		NoTermVectors  bool
	}{cacheFormat, src.ID, an, units, c.NoTermVectors})
	if err != nil {
		return "", fmt.Errorf("lexical: %w", err)
	}
	sum := sha256.Sum256(b)
	return filepath.Join(cc.Dir, safeName(filepath.Base(src.Name))+"-"+hex.EncodeToString(sum[:8])), nil
}

// safeName replaces every run of characters other than ASCII letters,
// digits, '.', '_' and '-' by one '_'.
func safeName(s string) string {
	var b strings.Builder
	under := false
	for _, r := range s {
		if r < 0x80 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("._-", r)) {
			b.WriteRune(r)
			under = false
		} else if !under {
			b.WriteByte('_')
			under = true
		}
	}
	if b.Len() == 0 {
		return "corpus"
	}
	return b.String()
}

// buildingMarker separates an entry's name from the random digits of its
// temporary build directories: ENTRY.building-NNN.
const buildingMarker = ".building-"

// Open opens the cached index of src built with c, and reports whether it
// had to build it. When the cache has no index under its entry for src and
// c, or only one that is damaged (then Warn is told, naming the file) or
// was written with another analysis or in another index format (then Warn
// is told the format), Open
// builds one from src.Arguments into a temporary directory beside it and
// renames that into place when the build is complete, so a failed or
// cancelled build (ctx) leaves nothing a later Open would use, and removes
// the temporary directory.
//
// An index of fewer units than both (Config.Units) that the cache has no
// entry of is opened from the entry of both units of the same corpus and
// analysis when there is a sound one, its other unit left unloaded: a
// cache that a version building both units for every index filled serves
// it without a build.
//
// Open checks what lexical.Open checks: damage to the postings or term
// vectors of a cached index is found by the queries that read them, whose
// "corrupt index" errors name the file; removing the entry's directory
// makes the next Open build it again.
//
// A build holds the entry's lock (the file ENTRY.lock), so that a second
// Open of the same entry, in this process or another, waits for the first
// build and then opens its index instead of building it again. A process
// killed while it builds leaves its temporary directory behind; the next
// build in the cache directory removes every such directory whose entry's
// lock no process holds, which proves its builder dead. Locks are flock(2)
// locks on Linux, macOS and the BSDs (over NFS, Linux emulates them with
// byte-range locks); elsewhere, and on file systems without flock, there
// are none: two processes may both build an entry (the last rename wins),
// and leftovers are not removed. The lock file is removed when the build
// ends, and a failed or cancelled Open removes the cache directory if it
// made it and left nothing in it: nothing is left where nothing was made.
func (cc Cache) Open(ctx context.Context, src Source, c Config) (x *Index, built bool, err error) {
	if err := nilctx.Check(ctx, "lexical: Cache.Open"); err != nil {
		return nil, false, err
	}
	dir, err := cc.path(src, c)
	if err != nil {
		return nil, false, err
	}
	x, err = Open(dir, c)
	if err == nil {
		return x, false, nil
	}
	if x := cc.openWhole(src, c, err); x != nil {
		return x, false, nil
	}
	made := missingDirs(cc.Dir)
	defer func() {
		if err != nil {
			removeEmpty(made)
		}
	}()
	if err := os.MkdirAll(cc.Dir, 0o755); err != nil {
		return nil, false, fmt.Errorf("lexical: %w", err)
	}
	lock, err := lockfile.Acquire(ctx, dir+".lock")
	if err != nil {
		return nil, false, fmt.Errorf("lexical: cached index %s: %w", dir, err)
	}
	defer lock.Unlock()
	// Another process may have built the index while this one waited.
	x, err = Open(dir, c)
	var old *index.FormatError
	switch {
	case err == nil:
		return x, false, nil
	case errors.Is(err, errNoIndex), errors.Is(err, os.ErrNotExist):
	case errors.Is(err, errCorrupt), errors.Is(err, errConfig):
		// Damaged, or written by another version of the format: build it
		// again.
		if errors.As(err, &old) {
			cc.warn(fmt.Sprintf("lexical: the cached index %s is in index format %d, this version reads %d; building it again", dir, old.Format, index.FormatVersion))
		} else if errors.Is(err, errCorrupt) {
			cc.warn(fmt.Sprintf("lexical: the cached index %s is damaged (%v); building it again", dir, err))
		}
		if err := os.RemoveAll(dir); err != nil {
			return nil, false, fmt.Errorf("lexical: removing an unusable cached index: %w", err)
		}
	default:
		return nil, false, fmt.Errorf("lexical: cached index %s: %w", dir, err)
	}
	removed, err := lockfile.RemoveDead(cc.Dir, filepath.Base(dir), buildingMarker)
	for _, p := range removed {
		cc.warn(fmt.Sprintf("lexical: removed %s, left by an interrupted build", p))
	}
	if err != nil {
		cc.warn(fmt.Sprintf("lexical: leftovers of interrupted builds: %v", err))
	}
	tmp, err := os.MkdirTemp(cc.Dir, filepath.Base(dir)+buildingMarker+"*")
	if err != nil {
		return nil, false, fmt.Errorf("lexical: %w", err)
	}
	defer os.RemoveAll(tmp) // a no-op once renamed
	b, err := Build(ctx, tmp, src.Arguments, c)
	if err != nil {
		return nil, false, err
	}
	if err := b.Close(); err != nil {
		return nil, false, err
	}
	if err := os.Rename(tmp, dir); err != nil {
		// Without locks (see above) another process may have cached the
		// same index meanwhile: use it.
		if _, statErr := os.Stat(dir); statErr != nil {
			return nil, false, fmt.Errorf("lexical: %w", err)
		}
	}
	x, err = Open(dir, c)
	if err != nil {
		return nil, false, err
	}
	return x, true, nil
}

// openWhole opens, for c of one unit whose own entry is missing (Open
// failed with openErr, which says so), the entry of both units of src
// and c's analysis, if the cache holds a sound one: a cache of a version
// that built both units for every index keeps serving the indexes of one
// unit built since, with c's units loaded alone, and nothing is built
// again. Otherwise it returns nil, and the entry of c's units is built.
func (cc Cache) openWhole(src Source, c Config, openErr error) *Index {
	if len(c.Units) == 0 || !errors.Is(openErr, errNoIndex) && !errors.Is(openErr, os.ErrNotExist) {
		return nil
	}
	whole := c
	whole.Units = nil
	dir, err := cc.path(src, whole)
	if err != nil {
		return nil
	}
	if mine, err := cc.path(src, c); err != nil || mine == dir {
		return nil
	}
	x, err := Open(dir, c)
	if err != nil {
		return nil
	}
	return x
}

// warn tells Warn msg, if anyone listens.
func (cc Cache) warn(msg string) {
	if cc.Warn != nil {
		cc.Warn(msg)
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
