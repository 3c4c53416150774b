package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/examples/internal/cli"
)

// TestCommandLine checks -h (no API key needed), an unknown flag, a range
// message naming the flag, topics.xml without topics, and a run in which no
// topic found a document: both fail without writing run.txt.
func TestCommandLine(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"-h"}, env(""), &stdout, &stderr); code != cli.ExitOK ||
		!strings.HasPrefix(stdout.String(), "usage: clueweb") || !strings.Contains(stdout.String(), apiKeyEnv) ||
		!strings.Contains(stdout.String(), "only its topics.xml") || strings.Contains(stdout.String(), "corpus file") {
		t.Errorf("-h: exit %d, stdout %q; want 0 and the usage", code, stdout.String())
	}
	stderr.Reset()
	if code := run(context.Background(), []string{"-no-such-flag"}, env(testKey), &stdout, &stderr); code != cli.ExitUsage ||
		!strings.Contains(stderr.String(), "-no-such-flag") {
		t.Errorf("-no-such-flag: exit %d, stderr %q; want 2 naming the flag", code, stderr.String())
	}
	stderr.Reset()
	if code := run(context.Background(), []string{"-k", "0"}, env(testKey), &stdout, &stderr); code != cli.ExitUsage ||
		!strings.Contains(stderr.String(), "-k 0, want 1 to 1000") {
		t.Errorf("-k 0: exit %d, stderr %q; want 2 naming -k", code, stderr.String())
	}
	for name, xml := range map[string]string{
		"no topics":    "<topics></topics>",
		"no documents": "<topics><topic><number>1</number><title>Is there a topic nobody wrote about?</title></topic></topics>",
	} {
		_, srv := newRecordedChatNoir(t)
		in, out := t.TempDir(), t.TempDir()
		if err := os.WriteFile(filepath.Join(in, "topics.xml"), []byte(xml), 0o644); err != nil {
			t.Fatal(err)
		}
		stderr.Reset()
		code := run(context.Background(), []string{"-i", in, "-o", out, "-base", srv.URL, "-quiet"}, env(testKey), &stdout, &stderr)
		if code != cli.ExitError {
			t.Errorf("%s: exit %d, stderr %q; want 1", name, code, stderr.String())
		}
		if _, err := os.Stat(filepath.Join(out, "run.txt")); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s: run.txt: got %v, want no file", name, err)
		}
	}
	// An -o that is a file: an error naming it, before any request.
	rc, srv := newRecordedChatNoir(t)
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	stderr.Reset()
	code := run(context.Background(), []string{"-o", file, "-base", srv.URL, "-quiet"}, env(testKey), &stdout, &stderr)
	rc.mu.Lock()
	calls := len(rc.searches) + rc.caches
	rc.mu.Unlock()
	if code != cli.ExitError || !strings.Contains(stderr.String(), "-o "+file+" is not a directory") || calls != 0 {
		t.Errorf("-o a file: exit %d, stderr %q, %d requests; want 1 naming -o and no request", code, stderr.String(), calls)
	}
}
