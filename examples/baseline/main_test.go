package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/argsearch/argsearch/examples/internal/systemtest"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/stance"
)

func rules() runfile.Rules {
	r := runfile.Touche2022()
	r.Stances = append(r.Stances, stance.Unknown)
	return r
}

// TestSample runs the baseline on the embedded sample: the run validates,
// is deterministic and evaluates.
func TestSample(t *testing.T) {
	m := systemtest.Sample(t, run, rules())
	t.Logf("nDCG@5 %.3f, judged-only %.3f", m.NDCG.Mean, m.Judged.Mean)
}

// TestSample2021 runs the baseline on the embedded 2021 sample, whose
// judgments rate arguments.
func TestSample2021(t *testing.T) {
	m := systemtest.Sample(t, run, rules(), "-sample", "2021")
	if m.Pairs == 0 {
		t.Error("the 2021 judgments rate arguments: the run's pairs should have been mapped")
	}
}

// TestTIRA runs the baseline on a TIRA input directory twice: the second
// run reuses the cached index and writes the same run.
func TestTIRA(t *testing.T) {
	systemtest.TIRA(t, run, "-k", "100")
}

// TestFewerPairs checks -k: no topic gets more than k pairs.
func TestFewerPairs(t *testing.T) {
	b, _, _ := systemtest.Run(t, run, "-k", "7", "-quiet", "-cache", "off")
	lines := systemtest.Lines(t, b)
	r := rules()
	r.MinResults, r.MaxResults = 7, 7
	if err := runfile.Validate(lines, r); err != nil {
		t.Errorf("got %v, want exactly 7 pairs per topic", err)
	}
}

// TestCommandLine checks -h, bad flags and arguments, and a topics file
// without topics.
func TestCommandLine(t *testing.T) {
	systemtest.CommandLine(t, run)
}

// TestOutputs checks what the systems do around their output (issue 22):
// a run.txt that is replaced is named on stderr, a run.txt that is a
// directory is an error saying so, a cache directory that cannot be
// written is warned about and left out, and a topic with too few pairs for
// the Touché rules is an error naming -min-pairs.
func TestOutputs(t *testing.T) {
	ctx := context.Background()
	out := t.TempDir()
	args := []string{"-quiet", "-cache", "off", "-k", "5", "-o", out}
	var stdout, stderr bytes.Buffer
	if code := run(ctx, args, &stdout, &stderr); code != 0 || stderr.Len() > 0 {
		t.Fatalf("first run: exit %d, stderr %q", code, stderr.String())
	}
	stderr.Reset()
	if code := run(ctx, args, &stdout, &stderr); code != 0 || !strings.Contains(stderr.String(), "replaced "+filepath.Join(out, "run.txt")) {
		t.Errorf("second run: exit %d, stderr %q; want a line naming the replaced run.txt", code, stderr.String())
	}

	dirOut := t.TempDir()
	if err := os.Mkdir(filepath.Join(dirOut, "run.txt"), 0o755); err != nil {
		t.Fatal(err)
	}
	stderr.Reset()
	if code := run(ctx, []string{"-quiet", "-cache", "off", "-k", "5", "-o", dirOut}, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "is a directory") {
		t.Errorf("run.txt a directory: exit %d, stderr %q; want 1 saying it is a directory", code, stderr.String())
	}

	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	stderr.Reset()
	cache := filepath.Join(file, "cache") // under a file: it cannot be made
	if code := run(ctx, []string{"-quiet", "-cache", cache, "-k", "5", "-o", t.TempDir()}, &stdout, &stderr); code != 0 ||
		!strings.Contains(stderr.String(), "warning: cache directory "+cache) || !strings.Contains(stderr.String(), "-cache") {
		t.Errorf("unwritable cache: exit %d, stderr %q; want 0 and a warning naming the directory and -cache", code, stderr.String())
	}

	in := t.TempDir()
	if err := systemtest.WriteInput(in); err != nil {
		t.Fatal(err)
	}
	stderr.Reset()
	if code := run(ctx, []string{"-quiet", "-cache", "off", "-i", in, "-o", t.TempDir()}, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "-min-pairs") {
		t.Errorf("too few pairs for the Touché rules: exit %d, stderr %q; want 1 naming -min-pairs", code, stderr.String())
	}
}

// TestEmptyTopicNamed checks that with -min-pairs 0 a topic that comes out
// empty is named in the summary (issue 34), not dropped without a word.
func TestEmptyTopicNamed(t *testing.T) {
	in := t.TempDir()
	if err := systemtest.WriteInput(in); err != nil {
		t.Fatal(err)
	}
	topicsPath := filepath.Join(in, "topics.xml")
	b, err := os.ReadFile(topicsPath)
	if err != nil {
		t.Fatal(err)
	}
	b = bytes.Replace(b, []byte("</topics>"), []byte("<topic><number>999</number><title>Qwxzy vrblk?</title></topic>\n</topics>"), 1)
	if err := os.WriteFile(topicsPath, b, 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	args := []string{"-quiet", "-cache", "off", "-min-pairs", "0", "-k", "5", "-i", in, "-o", t.TempDir()}
	if code := run(context.Background(), args, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr.String())
	}
	if want := "1 of 11 topics came out empty and are not in the run: 999"; !strings.Contains(stdout.String(), want) {
		t.Errorf("stdout %q; want it to say %q", stdout.String(), want)
	}
}

// TestFailsBeforeWork checks that a bad -o is found before the corpus is
// read or an index built, with a message naming the path given, and that
// an interrupted run (a cancelled context, as SIGINT gives) leaves no
// temporary file in the cache (issue 34).
func TestFailsBeforeWork(t *testing.T) {
	cache := t.TempDir()
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(file, "out") // a directory that cannot be made
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"-quiet", "-cache", cache, "-o", missing}, &stdout, &stderr); code != 1 {
		t.Fatalf("-o %s: exit code %d, want 1; stderr:\n%s", missing, code, stderr.String())
	}
	if !strings.Contains(stderr.String(), missing) {
		t.Errorf("-o %s: stderr does not name the path given:\n%s", missing, stderr.String())
	}
	if entries, _ := os.ReadDir(cache); len(entries) != 0 {
		t.Errorf("-o %s: the cache holds %d entries, want none (the work should not have started)", missing, len(entries))
	}

	// Interrupt the run as soon as it has begun to write into the cache.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stdout.Reset()
	stderr.Reset()
	done := make(chan int)
	go func() { done <- run(ctx, []string{"-quiet", "-cache", cache, "-o", t.TempDir()}, &stdout, &stderr) }()
	code := -1
	for code == -1 {
		select {
		case code = <-done:
		case <-time.After(time.Millisecond):
			if entries, _ := os.ReadDir(cache); len(entries) > 0 {
				cancel()
			}
		}
	}
	t.Logf("interrupted: %v, exit code %d, stderr: %s", ctx.Err() != nil, code, strings.TrimSpace(stderr.String()))
	if ctx.Err() != nil && code == 0 {
		t.Fatalf("an interrupted run: exit code 0, want a failure")
	}
	err := filepath.WalkDir(cache, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if name := d.Name(); strings.Contains(name, ".tmp") || strings.Contains(name, ".building-") {
			t.Errorf("an interrupted run left %s behind", path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestMissingInputMakesNoCache checks that a run whose -i does not exist
// fails (exit 1) without making the cache directory it would have used
// (issue 34): nothing is created before the input is checked.
func TestMissingInputMakesNoCache(t *testing.T) {
	cache := filepath.Join(t.TempDir(), "argsearch")
	missing := filepath.Join(t.TempDir(), "nodir")
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"-quiet", "-cache", cache, "-i", missing, "-o", t.TempDir()}, &stdout, &stderr); code != 1 {
		t.Fatalf("-i %s: exit code %d, want 1; stderr:\n%s", missing, code, stderr.String())
	}
	if _, err := os.Stat(cache); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("-i %s: the cache directory %s was made (stat: %v); want nothing made before the input is checked", missing, cache, err)
	}
}
