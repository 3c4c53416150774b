package runfile

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// bigRun is a run of 50 topics of 2000 lines each, a few MB written.
func bigRun(tag string) map[string][]Result {
	rs := map[string][]Result{}
	for t := 1; t <= 50; t++ {
		q := fmt.Sprint(t)
		for i := range 2000 {
			rs[q] = append(rs[q], Result{DocID: fmt.Sprintf("S%08d-A%08d__PREMISE__%d,S%08d-A%08d__CONC__1", t, i, i, t, i), Score: float64(2000 - i)})
		}
	}
	return rs
}

// TestFaultWriteChild is the child process of TestKilledWhileWriting: it
// writes bigRun to ARGSEARCH_FAULT_RUN, again and again. It does nothing in
// a normal run.
func TestFaultWriteChild(t *testing.T) {
	path := os.Getenv("ARGSEARCH_FAULT_RUN")
	if path == "" {
		t.Skip("the child of the fault tests")
	}
	run, err := NewRun("new", Rules{}, bigRun("new"))
	if err != nil {
		os.Exit(3)
	}
	for {
		if err := WriteFile(path, run, Rules{}); err != nil {
			os.Exit(4)
		}
	}
}

// TestKilledWhileWriting kills a process 20 times at random points while it
// writes a run over an existing one: the file is always a whole run, the
// old one or the new one, never a part of one (issue 22).
func TestKilledWhileWriting(t *testing.T) {
	if testing.Short() {
		t.Skip("starts 20 processes; run without -short")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "run.txt")
	old, err := NewRun("old", Rules{}, map[string][]Result{"1": {{DocID: "a,b", Score: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	newRun, err := NewRun("new", Rules{}, bigRun("new"))
	if err != nil {
		t.Fatal(err)
	}
	var want [2][]byte
	for i, r := range []Run{old, newRun} {
		p := filepath.Join(t.TempDir(), "run.txt")
		if err := WriteFile(p, r, Rules{}); err != nil {
			t.Fatal(err)
		}
		if want[i], err = os.ReadFile(p); err != nil {
			t.Fatal(err)
		}
	}
	rng := rand.New(rand.NewPCG(22, 1))
	seen := map[string]int{}
	for i := range 20 {
		if err := os.WriteFile(path, want[0], 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(os.Args[0], "-test.run=^TestFaultWriteChild$")
		cmd.Env = append(os.Environ(), "ARGSEARCH_FAULT_RUN="+path)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(rng.Int64N(int64(300 * time.Millisecond))))
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case bytes.Equal(got, want[0]):
			seen["old"]++
		case bytes.Equal(got, want[1]):
			seen["new"]++
		default:
			t.Fatalf("kill %d: run.txt holds %d bytes, neither the old run nor the new one", i, len(got))
		}
		if _, err := ReadFile(path); err != nil {
			t.Fatalf("kill %d: %v", i, err)
		}
	}
	t.Logf("after the kills run.txt was the old run %d times and the new one %d times", seen["old"], seen["new"])
}

// TestFullDiskRun writes a run over a good one on a file system without
// room for it (a tmpfs, where the test may mount one), and through a writer
// that fails: an error naming the file, and the good run kept.
func TestFullDiskRun(t *testing.T) {
	big, err := NewRun("new", Rules{}, bigRun("new"))
	if err != nil {
		t.Fatal(err)
	}
	w := NewWriter(failingWriter{}, "t")
	w.Write("1", []Result{{DocID: "a", Score: 1}})
	if err := w.Flush(); !errors.Is(err, syscall.ENOSPC) {
		t.Errorf("a failing writer: got %v, want its error", err)
	}
	if err := w.Write("2", []Result{{DocID: "a", Score: 1}}); !errors.Is(err, syscall.ENOSPC) {
		t.Errorf("a Write after the failure: got %v, want the same error", err)
	}

	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=512k", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a small tmpfs here (%v: %s)", err, strings.TrimSpace(string(out)))
	}
	defer exec.Command("umount", dir).Run()
	path := filepath.Join(dir, "run.txt")
	good := []byte("1 Q0 a,b 1 1 old\n")
	if err := os.WriteFile(path, good, 0o644); err != nil {
		t.Fatal(err)
	}
	err = WriteFile(path, big, Rules{})
	if !errors.Is(err, syscall.ENOSPC) || !strings.Contains(err.Error(), path) || strings.Contains(err.Error(), ".tmp") {
		t.Fatalf("got %v, want an error wrapping ENOSPC that names %s and no temporary file", err, path)
	}
	if got, _ := os.ReadFile(path); !bytes.Equal(got, good) {
		t.Errorf("run.txt after the failed write: %q, want the good run", got)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the directory holds %v, want run.txt alone", entries)
	}
}

// failingWriter fails every write as a full disk does.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, syscall.ENOSPC }
