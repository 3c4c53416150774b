package main

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSIGTERM runs the command in a child process as main does, on the
// embedded 2022 sample with a cache and TMPDIR of its own, sends it 100
// clients' requests, and a real SIGTERM once they are answered: every
// request must be answered whole or refused cleanly, the child must exit
// 0, and the cache and TMPDIR must be as they were when it began to serve.
func TestSIGTERM(t *testing.T) {
	if cache := os.Getenv("SERVE_SIGTERM_CACHE"); cache != "" {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		code := run(ctx, []string{"-addr", "127.0.0.1:0", "-cache", cache, "-quiet"}, os.Stdout, os.Stderr, nil)
		stop()
		os.Exit(code)
	}
	cache, tmp := t.TempDir(), t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestSIGTERM$")
	cmd.Env = append(os.Environ(), "SERVE_SIGTERM_CACHE="+cache, "TMPDIR="+tmp)
	var stderr syncBuffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.AfterFunc(2*time.Minute, func() { cmd.Process.Kill() })
	defer deadline.Stop()
	lines := bufio.NewScanner(stdout)
	if !lines.Scan() || !strings.HasPrefix(lines.Text(), "http://127.0.0.1:") {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("the child printed %q, not its URL; stderr:\n%s", lines.Text(), stderr.String())
	}
	url := lines.Text()
	before := snapshot(t, cache)
	res := underLoad(t, url, 100, 300, func() {
		if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
			t.Error(err)
		}
	})
	res.check(t)
	if err := cmd.Wait(); err != nil {
		t.Errorf("the child after SIGTERM: %v, want exit 0; stderr:\n%s", err, stderr.String())
	}
	if !strings.HasSuffix(stderr.String(), "serve: stopped\n") {
		t.Errorf("the child's stderr does not end with the stop:\n%s", stderr.String())
	}
	r := &running{cache: cache, tmp: tmp}
	r.checkLeftNothing(t, before)
}
