package system

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
	"regexp"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/retrieval/lexical"
)

// indexFormat changes when the cached indexes must be rebuilt for a reason
// the key does not otherwise see.
const indexFormat = "argsearch-examples-index/1"

// cacheKey names the cached index of a corpus built with c: a readable
// prefix from the corpus name and a hash of the corpus identity (path, size
// and modification time, or the content hash of the embedded sample) and of
// everything in c that changes the index.
func cacheKey(src source, c lexical.Config) (string, error) {
	analysis := c.Analysis
	if analysis == nil {
		a, err := lexical.Preset(c.Analyzer)
		if c.Analyzer == "" {
			a, err = lexical.Preset(lexical.AnalyzerEnglish)
		}
		if err != nil {
			return "", fmt.Errorf("system: %w", err)
		}
		analysis = &a
	}
	b, err := json.Marshal(struct {
		Format, Corpus string
		Analysis       lexical.Analysis
		Units          []lexical.Unit
		NoTermVectors  bool
	}{indexFormat, src.identity, *analysis, c.Units, c.NoTermVectors})
	if err != nil {
		return "", fmt.Errorf("system: %w", err)
	}
	sum := sha256.Sum256(b)
	prefix := regexp.MustCompile(`[^A-Za-z0-9._-]+`).ReplaceAllString(filepath.Base(src.name), "_")
	return prefix + "-" + hex.EncodeToString(sum[:8]), nil
}

// openIndex opens the cached index of src, building it first when the cache
// has none. A build goes to a temporary directory that is renamed into place
// only when complete, so a crash never leaves half an index under the key.
func (e *Env) openIndex(ctx context.Context, src source, c lexical.Config) (*lexical.Index, string, error) {
	root, err := e.flags.cacheRoot()
	if err != nil {
		return nil, "", err
	}
	c.ExpectedArguments = e.Store.NumArguments()
	if root == "" {
		x, err := e.buildIndex(ctx, src, "", c)
		return x, "", err
	}
	key, err := cacheKey(src, c)
	if err != nil {
		return nil, "", err
	}
	dir := filepath.Join(root, key)
	x, err := lexical.Open(dir, c)
	switch {
	case err == nil:
		return x, dir, nil
	case errors.Is(err, lexical.ErrNoIndex), errors.Is(err, os.ErrNotExist):
	case errors.Is(err, lexical.ErrCorrupt), errors.Is(err, lexical.ErrConfig):
		// Damaged, or written by another version of the index format:
		// build it again.
		if err := os.RemoveAll(dir); err != nil {
			return nil, "", fmt.Errorf("system: removing unusable index: %w", err)
		}
	default:
		return nil, "", fmt.Errorf("system: cached index %s: %w", dir, err)
	}
	if err := os.MkdirAll(root, 0o755); err != nil {
		return nil, "", fmt.Errorf("system: %w", err)
	}
	tmp, err := os.MkdirTemp(root, key+".building-")
	if err != nil {
		return nil, "", fmt.Errorf("system: %w", err)
	}
	defer os.RemoveAll(tmp) // a no-op once renamed
	built, err := e.buildIndex(ctx, src, tmp, c)
	if err != nil {
		return nil, "", err
	}
	if err := built.Close(); err != nil {
		return nil, "", err
	}
	if err := os.Rename(tmp, dir); err != nil {
		// Another run may have cached the same index meanwhile: use it.
		if _, statErr := os.Stat(dir); statErr != nil {
			return nil, "", fmt.Errorf("system: %w", err)
		}
	}
	x, err = lexical.Open(dir, c)
	if err != nil {
		return nil, "", err
	}
	return x, dir, nil
}

func (e *Env) buildIndex(ctx context.Context, src source, dir string, c lexical.Config) (*lexical.Index, error) {
	var x *lexical.Index
	err := e.read(src, "indexing", func(args iter.Seq2[corpus.Argument, error]) error {
		var err error
		x, err = lexical.Build(ctx, dir, args, c)
		return err
	})
	return x, err
}
