package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/comparative"
	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/internal/corpustest"
	"github.com/argsearch/argsearch/retrieval/lexical"
	"github.com/argsearch/argsearch/runfile"
)

// tiraInput writes a generated corpus (gzip'd) and its topics to a TIRA
// input directory.
func tiraInput(t *testing.T, n int) string {
	t.Helper()
	dir := t.TempDir()
	c := corpustest.Config{Seed: 4, Vocabulary: 5000}
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	if _, err := corpustest.WritePassages(context.Background(), zw, c, n); err != nil {
		t.Fatal(err)
	}
	zw.Close()
	if err := os.WriteFile(filepath.Join(dir, "touche-task2-passages-version-002.jsonl.gz"), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	var tb bytes.Buffer
	if err := corpustest.WriteTopics(&tb, corpustest.ComparativeTopics(c)); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "topics.xml"), tb.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestTIRA(t *testing.T) {
	in, out := tiraInput(t, 2000), t.TempDir()
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"-i", in, "-o", out, "-recipe", "baseline", "-k", "20", "-quiet"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	r, err := os.Open(filepath.Join(out, "run.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	rr := runfile.NewReader(r)
	rr.Comparative = true
	run, err := rr.ReadRun()
	if err != nil {
		t.Fatal(err)
	}
	if len(run) != 50 {
		t.Errorf("%d topics in run.txt, want 50", len(run))
	}
}

// TestPassageFileSymlink checks that a passage corpus linked into the
// input directory is found (it once was skipped as not a regular file),
// and that a link to a directory is not taken for one.
func TestPassageFileSymlink(t *testing.T) {
	src := tiraInput(t, 10)
	in := t.TempDir()
	for _, n := range []string{"touche-task2-passages-version-002.jsonl.gz", "topics.xml"} {
		if err := os.Symlink(filepath.Join(src, n), filepath.Join(in, n)); err != nil {
			t.Skipf("no symbolic links here: %v", err)
		}
	}
	if err := os.Symlink(t.TempDir(), filepath.Join(in, "a.jsonl")); err != nil {
		t.Fatal(err)
	}
	got, err := passageFile(in)
	if want := filepath.Join(in, "touche-task2-passages-version-002.jsonl.gz"); err != nil || got != want {
		t.Fatalf("passageFile = %q, %v; want %q", got, err, want)
	}
	if err := os.Remove(filepath.Join(in, "touche-task2-passages-version-002.jsonl.gz")); err != nil {
		t.Fatal(err)
	}
	if got, err := passageFile(in); err == nil {
		t.Errorf("passageFile with only a linked directory = %q, want an error", got)
	}
}

func TestBadInput(t *testing.T) {
	in := tiraInput(t, 200)
	if err := os.Remove(filepath.Join(in, "touche-task2-passages-version-002.jsonl.gz")); err != nil {
		t.Fatal(err)
	}
	bad := `{"id":"a___1","contents":"x"}` + "\nnot json\n"
	if err := os.WriteFile(filepath.Join(in, "p.jsonl"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"-i", in, "-o", t.TempDir(), "-quiet"}, &stdout, &stderr)
	if code != 1 || !strings.Contains(stderr.String(), "p.jsonl: line 2, field object: not a JSON object") || strings.Count(stderr.String(), "\n") != 1 {
		t.Errorf("exit %d, stderr %q; want 1 and one line naming p.jsonl, line 2, field object", code, stderr.String())
	}
	if code := run(context.Background(), []string{"-k", "0"}, &stdout, &stderr); code != 2 {
		t.Errorf("-k 0: exit %d, want 2", code)
	}
}

// TestEvaluate scores two of the public 2022 runs (their judged lines, from
// comparative's testdata) as the overview's tables do, with the report.
func TestEvaluate(t *testing.T) {
	dir := t.TempDir()
	var paths []string
	for _, name := range []string{"Puss-in-Boots-run1", "Katana-run3"} {
		f, err := os.Open(filepath.Join("..", "..", "comparative", "testdata", "runs2022", name+".txt.gz"))
		if err != nil {
			t.Fatal(err)
		}
		zr, err := gzip.NewReader(f)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if _, err := b.ReadFrom(zr); err != nil {
			t.Fatal(err)
		}
		f.Close()
		p := filepath.Join(dir, name+".txt")
		if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	html := filepath.Join(dir, "report.html")
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), append([]string{"-evaluate", "-format", "tsv", "-html", html}, paths...), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	out := stdout.String()
	for _, want := range []string{"Katana-run3.txt\ttouche-2022-task-2 relevance\t50\t", "\t0.6175\t", "\t0.4687\t", "\t0.2288\t1027\n", "\t0.1584\t1328\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// The estimate of unjudged passages (eval.Estimate, from the judged
	// passages of the same document) fills its column; for these pooled
	// runs it equals the judged-only figure.
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	head := strings.Split(lines[0], "\t")
	col := slices.Index(head, "estimated_judged_ndcg5")
	for _, l := range lines[1:] {
		f := strings.Split(l, "\t")
		if col < 0 || len(f) != len(head) || f[col] == "" || f[col] != f[slices.Index(head, "judged_ndcg5")] {
			t.Errorf("estimated column %d: row %q", col, l)
		}
	}
	if b, err := os.ReadFile(html); err != nil || !bytes.Contains(b, []byte("Katana-run3.txt")) {
		t.Errorf("report: %v", err)
	}
	// A stance Task 2 does not know is an error naming file, line and field.
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("2 PRO clueweb12-0000tw-00-00000___1 1 9.5 tag\n"), 0o644)
	stderr.Reset()
	if code := run(context.Background(), []string{"-evaluate", bad}, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "bad.txt:1") || !strings.Contains(stderr.String(), "stance") || strings.Count(stderr.String(), "\n") != 1 {
		t.Errorf("bad stance: exit %d, stderr %q", code, stderr.String())
	}
	// Run files without -evaluate, -format without -evaluate: exit 2.
	for _, args := range [][]string{{paths[0]}, {"-format", "tsv"}, {"-evaluate"}} {
		if code := run(context.Background(), args, &stdout, &stderr); code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
	}
}

// TestIndexConfig checks that every recipe runs over an index built with
// its indexConfig (Captain Levi's feedback needs the term vectors the
// others go without).
func TestIndexConfig(t *testing.T) {
	ctx := context.Background()
	c := corpustest.Config{Seed: 4, Vocabulary: 5000}
	var b bytes.Buffer
	if _, err := corpustest.WritePassages(ctx, &b, c, 300); err != nil {
		t.Fatal(err)
	}
	ts, rewrite, err := generatedTopics(c)
	if err != nil {
		t.Fatal(err)
	}
	texts := map[string]string{}
	var args []corpus.Argument
	for p, err := range comparative.ReadPassages(&b, "") {
		if err != nil {
			t.Fatal(err)
		}
		p.Contents = rewrite(p.Contents)
		texts[p.ID] = p.Contents
		args = append(args, corpus.Argument{ID: p.ID, Sentences: []corpus.Sentence{{ID: p.ID, Text: p.Contents}}})
	}
	for _, recipe := range recipes {
		seq := func(yield func(corpus.Argument, error) bool) {
			for _, a := range args {
				if !yield(a, nil) {
					return
				}
			}
		}
		x, err := lexical.Build(ctx, "", seq, indexConfig(recipe))
		if err != nil {
			t.Fatal(err)
		}
		s, err := comparative.FindRecipe(recipe, comparative.Resources{
			Index:  x,
			Text:   func(id string) (string, bool) { s, ok := texts[id]; return s, ok },
			Tagger: new(comparative.Tagger),
		})
		if err != nil {
			t.Fatalf("%s: %v", recipe, err)
		}
		run, err := s.Run(ctx, ts, 5)
		if err != nil {
			t.Errorf("%s: %v", recipe, err)
		}
		if len(run) < 10 {
			t.Errorf("%s: %d topics answered, want most of %d", recipe, len(run), len(ts))
		}
		x.Close()
	}
}
