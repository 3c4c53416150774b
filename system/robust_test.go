package system

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/argsearch/argsearch/retrieval/lexical"
)

// A nil context is an error naming the function and ctx, before any
// work, from every function of the package that takes one.
func TestNilContext(t *testing.T) {
	var nilCtx context.Context
	env := open(t, Input{Sample: 2021, K: 5})
	for name, f := range map[string]func() error{
		"system: Open": func() error { _, err := Open(nilCtx, Input{Sample: 2021}); return err },
		"system: Run":  func() error { _, err := Run(nilCtx, env, Baseline{}, ""); return err },
		"system: Env.Index": func() error {
			_, err := env.Index(nilCtx, lexical.Config{})
			return err
		},
	} {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s panics: %v", name, r)
				}
			}()
			want := name + ": ctx is a nil context.Context (pass context.Background() if there is no other)"
			if err := f(); err == nil || err.Error() != want {
				t.Errorf("%s(nil ctx): got %v, want %q", name, err, want)
			}
		}()
	}
	// The Env is unharmed: its index is built when a context comes.
	if _, err := env.Index(context.Background(), lexical.Config{}); err != nil {
		t.Errorf("Env.Index after a nil ctx: %v", err)
	}
}

// K beyond the Touché 2022 most is refused as the command line refuses
// -k, and so is a negative one; 0 and 1000 are fine.
func TestInputKRange(t *testing.T) {
	for k, want := range map[int]string{
		1 << 40: "system: Input.K 1099511627776, want 1 to 1000 (0 means 1000)",
		1001:    "system: Input.K 1001, want 1 to 1000 (0 means 1000)",
		-5:      "system: Input.K -5, want 1 to 1000 (0 means 1000)",
	} {
		if _, err := Open(context.Background(), Input{Sample: 2021, K: k}); err == nil || err.Error() != want {
			t.Errorf("K %d: got %v, want %q", k, err, want)
		}
	}
	for _, k := range []int{0, 1000} {
		if env := open(t, Input{Sample: 2021, K: k}); env.K != 1000 {
			t.Errorf("K %d: Env.K %d, want 1000", k, env.K)
		}
	}
}

// cacheNames lists what dir holds; nil when dir does not exist.
func cacheNames(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

// An Open that fails on its corpus, or is cancelled while it reads it (as
// a command is on SIGINT), leaves nothing in the cache: no lock file, and
// no directory it made.
func TestOpenLeavesNothing(t *testing.T) {
	topicsXML := "<topics><topic><number>1</number><title>Is abortion legal?</title></topic></topics>"
	bad := writeInput(t, topicsXML)
	junk := make([]byte, 64<<10)
	for i := range junk {
		junk[i] = byte(rand.N(256))
	}
	if err := os.WriteFile(filepath.Join(bad, "args_processed.csv"), junk, 0o644); err != nil {
		t.Fatal(err)
	}
	good := writeInput(t, topicsXML)
	root := t.TempDir()
	existing := t.TempDir()
	cancelWhileReading := func(cancel func()) func(string, int64, int64) {
		return func(step string, done, total int64) {
			if step == "reading corpus" && done > 0 {
				cancel()
			}
		}
	}
	for _, c := range []struct {
		name     string
		dir      string
		cache    string
		made     []string // directories the failed Open must not leave
		progress func(cancel func()) func(string, int64, int64)
	}{
		{"a binary corpus, a new cache", bad, filepath.Join(root, "new", "cache"), []string{filepath.Join(root, "new")}, nil},
		{"a binary corpus, an existing cache", bad, existing, nil, nil},
		{"cancelled while reading, a new cache", good, filepath.Join(root, "cache"), []string{filepath.Join(root, "cache")}, cancelWhileReading},
		{"cancelled while reading, an existing cache", good, existing, nil, cancelWhileReading},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			in := Input{Dir: c.dir, Cache: c.cache}
			if c.progress != nil {
				in.Progress = c.progress(cancel)
			}
			env, err := Open(ctx, in)
			if err == nil {
				env.Close()
				t.Fatal("Open succeeded")
			}
			if c.progress != nil && !errors.Is(err, context.Canceled) {
				t.Errorf("got %v, want context.Canceled", err)
			}
			if names := cacheNames(t, c.cache); len(names) != 0 {
				t.Errorf("the cache holds %v after a failed Open (%v)", names, err)
			}
			for _, d := range c.made {
				if _, err := os.Stat(d); !errors.Is(err, os.ErrNotExist) {
					t.Errorf("%s, made by the failed Open, is left behind (%v)", d, err)
				}
			}
			for _, d := range []string{root, existing} {
				if _, err := os.Stat(d); err != nil {
					t.Errorf("a directory that was there before is gone: %v", err)
				}
			}
		})
	}
}
