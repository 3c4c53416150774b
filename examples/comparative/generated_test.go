package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/comparative"
	"github.com/argsearch/argsearch/internal/corpustest"
	"github.com/argsearch/argsearch/runfile"
)

// The quick path (no -i) answers the real 2022 topics, by their numbers;
// -evaluate scores its run over all 50 and says that nothing is judged.
func TestGeneratedAnswersRealTopics(t *testing.T) {
	out := t.TempDir()
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"-n", "2000", "-k", "5", "-o", out}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if !strings.Contains(stderr.String(), "the 50 Touché 2022 topics over a generated corpus") || !strings.Contains(stderr.String(), "nothing a run retrieves from it is judged") {
		t.Errorf("stderr %q does not say that the corpus is generated and nothing of it judged", stderr.String())
	}
	path := filepath.Join(out, "run.txt")
	r, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	rr := runfile.NewReader(r)
	rr.Comparative = true
	got, err := rr.ReadRun()
	if err != nil {
		t.Fatal(err)
	}
	d, err := comparative.Load(2022)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, tp := range d.Topics {
		want = append(want, tp.ID)
	}
	if ids := got.Topics(); !slices.Equal(ids, want) {
		t.Errorf("run.txt answers topics %v, want those of 2022, %v", ids, want)
	}
	stances := 0
	for _, l := range got["2"] {
		if l.Stance.String() == "FIRST" || l.Stance.String() == "SECOND" {
			stances++
		}
	}
	if stances == 0 {
		t.Errorf("topic 2 (laptop, desktop): no passage compares them: %+v", got["2"])
	}

	stdout.Reset()
	stderr.Reset()
	if code := run(context.Background(), []string{"-evaluate", "-format", "tsv", path}, &stdout, &stderr); code != 0 {
		t.Fatalf("-evaluate: exit %d: %s", code, stderr.String())
	}
	lines := strings.Split(strings.TrimRight(stdout.String(), "\n"), "\n")
	if len(lines) != 3 {
		t.Fatalf("-evaluate: %d lines, want a header and two rows:\n%s", len(lines), stdout.String())
	}
	head := strings.Split(lines[0], "\t")
	for _, row := range lines[1:] {
		f := strings.Split(row, "\t")
		if len(f) != len(head) {
			t.Fatalf("row %q has %d fields, the header %d", row, len(f), len(head))
		}
		if topics := f[slices.Index(head, "topics")]; topics != "50" {
			t.Errorf("row %q: %s topics, want 50", row, topics)
		}
		if w := f[slices.Index(head, "warning")]; !strings.Contains(w, "nothing of the run is judged") {
			t.Errorf("row %q: warning %q, want one saying nothing is judged", row, w)
		}
	}
}

// The generator's comparisons become comparisons of the real topics'
// objects, whole words only, capitalized at a sentence's start.
func TestGeneratedPassagesRewritten(t *testing.T) {
	c := corpustest.Config{Seed: 1}
	ts, rewrite, err := generatedTopics(c)
	if err != nil {
		t.Fatal(err)
	}
	gen := corpustest.ComparativeTopics(c)
	a, b := gen[0].Objects[0], gen[0].Objects[1]
	in := capitalize(a) + " is better than " + b + " because of the " + a + "s; " + b + "é and x" + a + " stay."
	want := "Laptop is better than desktop because of the " + a + "s; " + b + "é and x" + a + " stay."
	if ts[0].ID != "2" || !slices.Equal(ts[0].Objects, []string{"laptop", "desktop"}) {
		t.Fatalf("first topic %s %v, want 2 [laptop desktop]", ts[0].ID, ts[0].Objects)
	}
	if got := rewrite(in); got != want {
		t.Errorf("rewrite(%q):\ngot  %q\nwant %q", in, got, want)
	}
	if s := "nothing to change here"; rewrite(s) != s {
		t.Errorf("rewrite changed %q", s)
	}
}
