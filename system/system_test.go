package system

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/classify"
	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/corpus/sample"
	"github.com/argsearch/argsearch/pairing"
	"github.com/argsearch/argsearch/retrieval/lexical"
	"github.com/argsearch/argsearch/retrieval/rewrite"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/semantic"
	"github.com/argsearch/argsearch/stance"
	"github.com/argsearch/argsearch/topics"
	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// open opens an Env of the 2021 sample, in memory.
func open(t testing.TB, in Input) *Env {
	t.Helper()
	env, err := Open(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { env.Close() })
	return env
}

// TestSampleRunsUnchanged pins the runs of Baseline, Swordsman and
// Advanced on the 2021 sample, byte for byte, by their SHA-256 (the runs
// the baseline, swordsman and advanced commands wrote before the systems
// moved into this package); -update writes the new sums.
func TestSampleRunsUnchanged(t *testing.T) {
	env := open(t, Input{Sample: 2021})
	golden := filepath.Join("testdata", "sample2021.sha256")
	var got strings.Builder
	for _, s := range []struct {
		name string
		sys  System
	}{{"baseline", Baseline{}}, {"swordsman", Swordsman{}}, {"advanced", Advanced()}} {
		run, err := Run(context.Background(), env, s.sys, "argsearch-"+s.name)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(t.TempDir(), "run.txt")
		if err := runfile.WriteFile(path, run, runfile.Rules{}); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(b)
		fmt.Fprintf(&got, "%s  %s\n", hex.EncodeToString(sum[:]), s.name)
	}
	if *update {
		if err := os.WriteFile(golden, []byte(got.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), got.String()); diff != "" {
		t.Errorf("runs on the 2021 sample changed (-want +got):\n%s", diff)
	}
}

// TestRecipeConfigurations pins each recipe's configuration: a change to
// a recipe must change testdata/recipes.txt with it (-update rewrites it).
func TestRecipeConfigurations(t *testing.T) {
	var got bytes.Buffer
	for _, r := range Recipes() {
		fmt.Fprintf(&got, "recipe %s\n", r.Name)
		for l := range strings.Lines(fmt.Sprint(r.System)) {
			got.WriteString("  " + l)
		}
		if !strings.HasSuffix(got.String(), "\n") {
			got.WriteString("\n")
		}
	}
	golden := filepath.Join("testdata", "recipes.txt")
	if *update {
		if err := os.WriteFile(golden, got.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), got.String()); diff != "" {
		t.Errorf("recipes changed (-testdata +now):\n%s", diff)
	}
}

// TestOpenCaches opens the sample twice with one cache directory: the
// first Env builds the index when a system first asks for it, the second
// opens it.
func TestOpenCaches(t *testing.T) {
	cache := t.TempDir()
	var steps []string
	in := Input{Sample: 2021, Cache: cache, Progress: func(step string, done, total int64) {
		if done == total {
			steps = append(steps, step)
		}
	}}
	env := open(t, in)
	if n := countSteps(steps, "reading corpus"); n != 1 {
		t.Errorf("reading the corpus finished %d times (steps %v), want once", n, steps)
	}
	if slices.Contains(steps, "indexing") {
		t.Errorf("Open built an index (steps %v); it should wait until a system asks", steps)
	}
	x, err := env.Index(context.Background(), lexical.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := x.Docs("argument"), env.Store.NumArguments(); got != want {
		t.Errorf("index has %d arguments, store %d", got, want)
	}
	if !slices.Contains(steps, "indexing") {
		t.Errorf("steps %v, want indexing", steps)
	}
	again, err := env.Index(context.Background(), lexical.Config{Ranking: lexical.Ranking{Unit: "argument"}})
	if err != nil || again.Ranking().Unit != "argument" {
		t.Errorf("the same index with another search: %v, %v", again, err)
	}
	env.Close()
	if _, err := env.Index(context.Background(), lexical.Config{}); err == nil || !strings.Contains(err.Error(), "closed Env") {
		t.Errorf("Index of a closed Env: got %v, want an error naming the closed Env", err)
	}
	steps = nil
	env = open(t, in)
	if _, err := env.Index(context.Background(), lexical.Config{}); err != nil {
		t.Fatal(err)
	}
	if slices.Contains(steps, "indexing") {
		t.Errorf("second Env rebuilt the index (steps %v)", steps)
	}
	if entries := cacheEntries(cache); len(entries) != 1 {
		t.Errorf("cache holds %v, want one index", entries)
	}
	if len(env.Topics) != 10 || env.Topics[0].ID != "51" || env.Judgments == nil || env.Judgments.Name != "2021" {
		t.Errorf("got %d topics and judgments %v; want the 2021 sample's 10 from 51, judged in 2021", len(env.Topics), env.Judgments)
	}
}

// writeInput writes a TIRA input directory of the 2021 sample with topics.
func writeInput(t *testing.T, topicsXML string) string {
	t.Helper()
	in := t.TempDir()
	csv, err := io.ReadAll(sample.Touche2021().ProcessedCSV())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(in, "args_processed.csv"), csv, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(in, "topics.xml"), []byte(topicsXML), 0o644); err != nil {
		t.Fatal(err)
	}
	return in
}

// TestStoreCache: with a Dir, the first Env writes the corpus's store into
// the cache and the second reads it instead of the corpus; a damaged store
// file is read around and written again.
func TestStoreCache(t *testing.T) {
	in := Input{Dir: writeInput(t, "<topics><topic><number>1</number><title>Is abortion legal?</title></topic></topics>"), Cache: t.TempDir()}
	var read bool
	in.Progress = func(step string, _, _ int64) { read = read || step == "reading corpus" }
	env := open(t, in)
	n := env.Store.NumSentences()
	env.Close()
	if !read || env.Judgments != nil || len(env.Topics) != 1 {
		t.Errorf("first Env: read the corpus %v, judgments %v, %d topics; want the corpus read, no judgments, 1 topic", read, env.Judgments, len(env.Topics))
	}
	stores, _ := filepath.Glob(filepath.Join(in.Cache, "*.store"))
	if len(stores) != 1 {
		t.Fatalf("store files %v, want one", stores)
	}
	read = false
	env = open(t, in)
	if read || env.Store.NumSentences() != n {
		t.Errorf("second Env: read the corpus %v, %d sentences; want the cached store with %d", read, env.Store.NumSentences(), n)
	}
	env.Close()
	b, _ := os.ReadFile(stores[0])
	b[len(b)/2] ^= 1
	os.WriteFile(stores[0], b, 0o644)
	env = open(t, in)
	if !read || env.Store.NumSentences() != n {
		t.Errorf("damaged store file: read the corpus %v, %d sentences; want it read again", read, env.Store.NumSentences())
	}
	env.Close()
	if again, _ := os.ReadFile(stores[0]); bytes.Equal(again, b) {
		t.Error("the damaged store file was not written again")
	}
}

// TestRun checks Run's contract: the same run for any number of workers,
// a failing topic named in the error, and errors for an Env without
// topics and for a run with nothing in it.
func TestRun(t *testing.T) {
	ctx := context.Background()
	one, two := open(t, Input{K: 20}), open(t, Input{K: 20, Workers: 2})
	a, err := Run(ctx, one, Baseline{}, "")
	if err != nil {
		t.Fatal(err)
	}
	b, err := Run(ctx, two, Baseline{}, "")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(a, b); diff != "" {
		t.Errorf("one worker against two (-one +two):\n%s", diff)
	}
	if len(a) != 25 || a["1"][0].Tag != "argsearch" {
		t.Errorf("got %d topics tagged %q, want the 2022 sample's 25, tagged argsearch", len(a), a["1"][0].Tag)
	}
	boom := errors.New("boom")
	_, err = Run(ctx, two, Func(func(_ context.Context, _ *Env, t topics.Topic) ([]runfile.Result, error) {
		if t.ID == "7" {
			return nil, boom
		}
		return nil, nil
	}), "x")
	if !errors.Is(err, boom) || !strings.Contains(err.Error(), `"7"`) {
		t.Errorf("got %v, want boom for topic 7", err)
	}
	_, err = Run(ctx, one, Func(func(context.Context, *Env, topics.Topic) ([]runfile.Result, error) { return nil, nil }), "x")
	if err == nil || !strings.Contains(err.Error(), "empty") {
		t.Errorf("a run with nothing in it: got %v", err)
	}
	dup := Func(func(_ context.Context, _ *Env, t topics.Topic) ([]runfile.Result, error) {
		return []runfile.Result{{DocID: "a", Score: 1}, {DocID: "a", Score: 2}}, nil
	})
	if _, err := Run(ctx, one, dup, "x"); !errors.Is(err, runfile.ErrDuplicate) {
		t.Errorf("a topic with a pair twice: got %v, want runfile.ErrDuplicate", err)
	}
	for name, f := range map[string]func() error{
		"a nil Env":    func() error { _, err := Run(ctx, nil, Baseline{}, ""); return err },
		"a nil System": func() error { _, err := Run(ctx, one, nil, ""); return err },
		"a nil Func":   func() error { _, err := Run(ctx, one, Func(nil), ""); return err },
	} {
		if err := f(); err == nil || !strings.Contains(err.Error(), "nil") {
			t.Errorf("%s: got %v, want an error saying so", name, err)
		}
	}
	if err := (*Env)(nil).Close(); err != nil {
		t.Errorf("Close of a nil Env: %v", err)
	}
	empty := &Env{Name: "nothing", K: 10, Store: new(corpus.Store)}
	if _, err := Run(ctx, empty, Baseline{}, ""); err == nil || !strings.Contains(err.Error(), "no topics") {
		t.Errorf("an Env without topics: got %v", err)
	}
}

// TestStanceRule checks the stance step (stance.Rule on a corpus.Store) on
// three arguments of a hand-made store:
// A's labels say PRO towards the topic, B's conclusion is unrelated to it,
// C's say CON.
func TestStanceRule(t *testing.T) {
	topic := "Should nuclear power be banned?"
	args := []corpus.Argument{
		{ID: "A", Conclusion: "Nuclear power should be banned", Premises: []corpus.Premise{{Stance: stance.Pro}},
			Sentences: []corpus.Sentence{{ID: "A__PREMISE__1", Text: "Reactors leak radiation and waste lasts forever."}, {ID: "A__CONC__1", Text: "Nuclear power should be banned"}}},
		{ID: "B", Conclusion: "Cats are better than dogs", Premises: []corpus.Premise{{Stance: stance.Pro}},
			Sentences: []corpus.Sentence{{ID: "B__PREMISE__1", Text: "Nuclear power is the safest and cleanest energy we have."}, {ID: "B__PREMISE__2", Text: "I like turtles."}}},
		{ID: "C", Conclusion: "Nuclear power should be banned", Premises: []corpus.Premise{{Stance: stance.Con}},
			Sentences: []corpus.Sentence{{ID: "C__PREMISE__1", Text: "It emits no carbon dioxide."}}},
	}
	store, err := corpus.BuildStore(context.Background(), func(yield func(corpus.Argument, error) bool) {
		for _, a := range args {
			if !yield(a, nil) {
				return
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	m, err := classify.ShippedStanceModel()
	if err != nil {
		t.Fatal(err)
	}
	sentence := func(id string) corpus.Sentence { s, _ := store.Sentence(id); return s }
	cands := func() []pairing.Candidate {
		var cs []pairing.Candidate
		for _, id := range []string{"A__PREMISE__1", "B__PREMISE__1", "C__PREMISE__1"} {
			cs = append(cs, pairing.Candidate{Sentence: sentence(id), Argument: id[:1]})
		}
		return cs
	}
	ctx := context.Background()
	// Without a model: the labels alone.
	cs := cands()
	if err := tagCandidates(ctx, labelsRule(store), topic, cs); err != nil {
		t.Fatal(err)
	}
	if got := []stance.Stance{cs[0].Stance, cs[1].Stance, cs[2].Stance}; !slices.Equal(got, []stance.Stance{stance.Pro, stance.Unknown, stance.Con}) {
		t.Errorf("labels alone: got %v, want PRO, Q0, CON", got)
	}
	// With the model: B's sentence is the model's.
	cs = cands()
	rule := stance.Rule{Labels: store.Stance, Model: m}
	if err := tagCandidates(ctx, rule, topic, cs); err != nil {
		t.Fatal(err)
	}
	wantB, wantConf, _ := m.Tag(ctx, topic, cs[1].Sentence.Text)
	if cs[0].Stance != stance.Pro || cs[1].Stance != wantB || cs[1].StanceConfidence != wantConf || cs[2].Stance != stance.Con {
		t.Errorf("with the model: got %v %v %v, want PRO, the model's %v, CON", cs[0].Stance, cs[1].Stance, cs[2].Stance, wantB)
	}
	// Forced: every candidate PRO or CON; B's second sentence is tagged NO
	// (checked), so it takes the side the model leans to.
	cs = append(cands(), pairing.Candidate{Sentence: sentence("B__PREMISE__2"), Argument: "B"})
	forced := rule
	forced.Force = true
	if err := tagCandidates(ctx, forced, topic, cs); err != nil {
		t.Fatal(err)
	}
	if tag, _, _ := m.Tag(ctx, topic, cs[3].Sentence.Text); tag != stance.No {
		t.Fatalf("the model tags %q %v; the test wants a sentence it tags NO", cs[3].Sentence.Text, tag)
	}
	if side, conf := m.Side(topic, cs[3].Sentence.Text); cs[3].Stance != side || cs[3].StanceConfidence != conf || cs[1].Stance != wantB {
		t.Errorf("forced: got %v %v, want the model's side %v %v, and B's first sentence as tagged", cs[3].Stance, cs[3].StanceConfidence, side, conf)
	}
	pair := func(first, second string, s stance.Stance) pairing.Scored {
		return pairing.Scored{Pair: pairing.Pair{First: sentence(first), Second: sentence(second)}, Stance: s}
	}
	lean := stance.Side(m, topic, stance.Unknown, sentence("B__PREMISE__1").Text, sentence("B__PREMISE__2").Text)
	pairs := []pairing.Scored{
		pair("B__PREMISE__1", "A__PREMISE__1", stance.Con),     // the pair's own stance
		pair("A__PREMISE__1", "B__PREMISE__1", stance.No),      // A's label
		pair("B__PREMISE__1", "B__PREMISE__2", stance.Unknown), // the model's lean
	}
	sides := func(r stance.Rule) []stance.Stance {
		var out []stance.Stance
		for _, res := range stanceResults(r, topic, pairs) {
			out = append(out, res.Stance)
		}
		return out
	}
	if got, want := sides(rule), []stance.Stance{stance.Con, stance.Pro, lean}; !slices.Equal(got, want) {
		t.Errorf("Sides: got %v, want %v", got, want)
	}
	if got, want := sides(labelsRule(store)), []stance.Stance{stance.Con, stance.Pro, stance.Unknown}; !slices.Equal(got, want) {
		t.Errorf("Sides without a model: got %v, want %v", got, want)
	}
	// A text the model cannot take is an error naming the sentence.
	bad := []pairing.Candidate{{Sentence: corpus.Sentence{ID: "X__PREMISE__1", Text: "\xff\xfe"}}}
	if err := tagCandidates(ctx, rule, topic, bad); !errors.Is(err, stance.ErrInput) || !strings.Contains(err.Error(), "X__PREMISE__1") {
		t.Errorf("invalid UTF-8: got %v, want stance.ErrInput naming the sentence", err)
	}
	var _ *classify.StanceModel = m
}

// TestPipelineErrors checks configurations a Pipeline cannot run.
func TestPipelineErrors(t *testing.T) {
	env := open(t, Input{Index: lexical.Config{Units: []string{"sentence"}}})
	ctx := context.Background()
	for name, p := range map[string]Pipeline{
		"an argument stage over an index of sentences": {Retrieve: Retrieval{Stages: []Stage{{Search: lexical.Ranking{Unit: "argument"}}}}},
	} {
		if _, err := p.Answer(ctx, env, env.Topics[0]); err == nil {
			t.Errorf("%s: got no error", name)
		}
	}
	for want, p := range map[string]Pipeline{
		"Dense and Within exclude each other":        {Retrieve: Retrieval{Stages: []Stage{{Dense: semantic.GloVe, Within: &lexical.Ranking{}}}}},
		"NounChunks asks a Boolean query":            {Retrieve: Retrieval{Stages: []Stage{{Dense: semantic.GloVe}}, NounChunks: true}},
		"Within searches within retrieved arguments": {Retrieve: Retrieval{Stages: []Stage{{Within: &lexical.Ranking{}}}}},
		"1 of 2 stages retrieve pairs":               {Retrieve: Retrieval{Stages: []Stage{{Search: lexical.Ranking{Unit: "argument"}, Within: &lexical.Ranking{Unit: "pair"}}, {}}}},
	} {
		if _, err := p.Answer(ctx, env, env.Topics[0]); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("got %v, want an error saying %q", err, want)
		}
	}
}

// countSteps counts the times step is in steps.
func countSteps(steps []string, step string) int {
	n := 0
	for _, s := range steps {
		if s == step {
			n++
		}
	}
	return n
}

// TestDefaultWeightsWeighCentrality checks that a Builder without weights,
// which pairing reads as its defaults (centrality 0.1 among them), gets the
// candidates' centrality as one given those defaults does, and so the same
// run; and that Pipeline.String says the defaults are used.
func TestDefaultWeightsWeighCentrality(t *testing.T) {
	ctx := context.Background()
	env := open(t, Input{K: 50})
	zero := Pipeline{}
	explicit := zero
	explicit.Pair = pairing.Builder{Weights: pairing.Weights{Retrieval: 0.45, Argumentativeness: 0.2, Centrality: 0.1, Coherence: 0.25}}
	a, err := Run(ctx, env, zero, "")
	if err != nil {
		t.Fatal(err)
	}
	b, err := Run(ctx, env, explicit, "")
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(b, a); diff != "" {
		t.Errorf("a Builder without weights against one with the defaults (-defaults +zero):\n%s", diff)
	}
	if s := zero.String(); !strings.Contains(s, "pairs: pairing.Builder{} (its default weights)") {
		t.Errorf("String of a Pipeline without weights:\n%s\nwant it to say the defaults are used", s)
	}
}

// TestEnvRepaired checks Env.Repaired on a corpus with two texts that are
// not UTF-8: counted once when the store is read from the corpus, and not
// counted again when an index reads the corpus once more.
func TestEnvRepaired(t *testing.T) {
	in := writeInput(t, "<topics><topic><number>1</number><title>Is abortion legal?</title></topic></topics>")
	path := filepath.Join(in, "args_processed.csv")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.SplitN(b, []byte("\n"), 4) // the header, then two rows
	for _, i := range []int{1, 2} {
		lines[i] = bytes.Replace(lines[i], []byte("the"), []byte("th\xffe"), 1)
	}
	if err := os.WriteFile(path, bytes.Join(lines, []byte("\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	env := open(t, Input{Dir: in})
	if env.Repaired != 2 {
		t.Errorf("Repaired %d, want the 2 texts changed", env.Repaired)
	}
	before := env.Repaired
	if _, err := env.Index(context.Background(), lexical.Config{}); err != nil {
		t.Fatal(err)
	}
	if env.Repaired != before {
		t.Errorf("indexing changed Repaired from %d to %d", before, env.Repaired)
	}
}

// fakeEncoder gives each text a vector from its length and first letter;
// err, if set, is its answer, and short drops the last vector.
type fakeEncoder struct {
	err   error
	short bool
	calls *int
}

func (f fakeEncoder) Encode(ctx context.Context, texts []string) ([][]float32, error) {
	*f.calls++
	if f.err != nil {
		return nil, f.err
	}
	var vs [][]float32
	for _, t := range texts {
		first := float32(0)
		if t != "" {
			first = float32(t[0] % 7)
		}
		vs = append(vs, []float32{float32(len(t) % 11), first, 1})
	}
	if f.short {
		vs = vs[:len(vs)-1]
	}
	return vs, nil
}

// TestPipelineEncoder checks that a Mix's own Encoder is what it asks for
// its Similarity, that a failing or short-counting encoder is an error
// saying so, and that a pipeline that compares no vectors never calls it.
func TestPipelineEncoder(t *testing.T) {
	ctx := context.Background()
	env := open(t, Input{K: 20})
	var calls int
	similar := func(enc semantic.Encoder) []pairing.Reranker {
		return []pairing.Reranker{pairing.Mix{Similarity: true, Encoder: enc}}
	}
	p := Pipeline{Rerank: similar(fakeEncoder{calls: &calls}), Pair: pairing.Builder{Weights: pairing.Weights{Retrieval: 1}}}
	a, err := Run(ctx, env, p, "")
	if err != nil {
		t.Fatal(err)
	}
	if calls != len(env.Topics) {
		t.Errorf("the encoder was called %d times for %d topics", calls, len(env.Topics))
	}
	b, err := Run(ctx, env, p, "")
	if err != nil || !cmp.Equal(a, b) {
		t.Errorf("a second run differs (%v)", err)
	}
	if s := p.String(); !strings.Contains(s, "rerank: pairing.Mix{Similarity: true, Encoder: system.fakeEncoder{") {
		t.Errorf("String does not name the re-ranking by similarity:\n%s", s)
	}
	boom := errors.New("boom")
	p.Rerank = similar(fakeEncoder{err: boom, calls: &calls})
	if _, err := Run(ctx, env, p, ""); !errors.Is(err, boom) {
		t.Errorf("failing encoder: got %v", err)
	}
	p.Rerank = similar(fakeEncoder{short: true, calls: &calls})
	if _, err := Run(ctx, env, p, ""); err == nil || !strings.Contains(err.Error(), "vectors for") {
		t.Errorf("short encoder: got %v", err)
	}
	calls = 0
	off := Pipeline{Pair: pairing.Builder{Weights: pairing.Weights{Retrieval: 1}, Encoder: fakeEncoder{calls: &calls}}}
	if _, err := Run(ctx, env, off, ""); err != nil || calls != 0 {
		t.Errorf("without Similarity or SemanticWeight: %d calls, %v", calls, err)
	}
}

// TestPipelineExpand checks that query expansion changes the run, the
// same way each time, and that String says so.
func TestPipelineExpand(t *testing.T) {
	ctx := context.Background()
	env := open(t, Input{K: 20})
	plain, err := Run(ctx, env, Pipeline{}, "")
	if err != nil {
		t.Fatal(err)
	}
	p := Pipeline{Rewrite: []rewrite.Rewriter{rewrite.Expand{N: 2}}}
	a, err := Run(ctx, env, p, "")
	if err != nil {
		t.Fatal(err)
	}
	b, err := Run(ctx, env, p, "")
	if err != nil || !cmp.Equal(a, b) {
		t.Errorf("a second expanded run differs (%v)", err)
	}
	if cmp.Equal(a, plain) {
		t.Error("expansion changed no run")
	}
	if s := p.String(); !strings.Contains(s, "rewrite: rewrite.Expand{N: 2}\n") {
		t.Errorf("String:\n%s", s)
	}
}

// TestInputSampleYear checks that a year with no embedded sample is an
// error naming the field.
func TestInputSampleYear(t *testing.T) {
	_, err := Open(context.Background(), Input{Sample: 2020})
	if err == nil || !strings.Contains(err.Error(), "Input.Sample") || !strings.Contains(err.Error(), "2020") {
		t.Errorf("Open with Sample 2020: got %v, want an error naming Input.Sample and 2020", err)
	}
}

// TestTaggerLoadedWhenUsed checks that a pipeline loads the part-of-speech
// tagger only when one of its steps tags: pearl's recipe has none of them,
// Advanced has the Verb filter.
func TestTaggerLoadedWhenUsed(t *testing.T) {
	env := open(t, Input{})
	pearl, err := FindRecipe("pearl")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	topic := env.Topics[0]
	if _, err := pearl.System.Answer(ctx, env, topic); err != nil {
		t.Fatal(err)
	}
	if n := env.shipped.Asks().POS; n != 0 {
		t.Errorf("pearl asked for the tagger %d times", n)
	}
	if _, err := Advanced().Answer(ctx, env, topic); err != nil {
		t.Fatal(err)
	}
	if env.shipped.Asks().POS == 0 {
		t.Error("Advanced (Verb filter) never asked for the tagger")
	}
}
