package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/eval/own"
)

// TestKillWhileWriting kills a process that is appending judgments as the
// server does, and checks that the file it leaves reads, with every
// judgment it had reported saved.
func TestKillWhileWriting(t *testing.T) {
	if path := os.Getenv("JUDGE_KILL_CHILD"); path != "" {
		appendForever(path)
		return
	}
	path := filepath.Join(t.TempDir(), "own.tsv")
	cmd := exec.Command(os.Args[0], "-test.run=^TestKillWhileWriting$")
	cmd.Env = append(os.Environ(), "JUDGE_KILL_CHILD="+path)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	saved := 0
	lines := bufio.NewScanner(stdout)
	deadline := time.AfterFunc(time.Minute, func() { cmd.Process.Kill() })
	defer deadline.Stop()
	for lines.Scan() {
		n, err := strconv.Atoi(lines.Text())
		if err != nil {
			continue // the test binary's own output
		}
		saved = n
		if saved >= 200 {
			break
		}
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	if saved < 200 {
		t.Fatalf("the child saved %d judgments before dying by itself", saved)
	}
	jf, repaired, err := openJudgments(path)
	if err != nil {
		t.Fatalf("the file left by a killed writer: %v", err)
	}
	jf.close()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	a, err := own.Read(f, path)
	if err != nil {
		t.Fatal(err)
	}
	n := a.Judgments().Qrels(eval.Relevance).Len()
	if n < saved {
		t.Errorf("%d judgments in the file, but %d were reported saved", n, saved)
	}
	t.Logf("killed after %d reported judgments: %d in the file, %d bytes of a cut line dropped", saved, n, repaired)
}

// appendForever appends judgments to path as the server does, printing
// the number saved after each, until it is killed.
func appendForever(path string) {
	jf, _, err := openJudgments(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for i := 1; ; i++ {
		a := own.Annotation{Topic: "1", Pair: fmt.Sprintf("S%d__PREMISE__1,S%d__CONC__1", i, i), Relevance: i % 3, Quality: 1, Coherence: 2, Annotator: "child", Time: time.Now()}
		if err := jf.record(a); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		fmt.Println(i)
	}
}
