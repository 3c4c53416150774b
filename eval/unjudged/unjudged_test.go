package unjudged_test

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"strings"
	"sync"
	"testing"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/eval/unjudged"
	"github.com/argsearch/argsearch/internal/docid"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/topics"
)

// words is a toy encoder: each word adds a fixed pseudo-random direction,
// so texts that share words have similar vectors.
type words struct{}

func (words) Encode(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, t := range texts {
		v := make([]float32, 32)
		for _, w := range strings.Fields(strings.ToLower(t)) {
			h := fnv.New64a()
			h.Write([]byte(strings.Trim(w, ".,?")))
			x := h.Sum64()
			for k := range v {
				if x>>(k%64)&1 == 1 {
					v[k]++
				} else {
					v[k]--
				}
			}
		}
		out[i] = v
	}
	return out, nil
}

// onTopic and offTopic are the two kinds of sentence of a toy topic: the
// judgments rate pairs of on-topic sentences 2 and pairs of off-topic ones
// 0.
var (
	onTopic = []string{
		"Nuclear energy is cheap and clean.", "Nuclear plants emit no carbon dioxide.", "Nuclear energy keeps the grid stable.",
		"Nuclear waste can be stored safely.", "Nuclear power saves lives compared to coal.", "Modern nuclear reactors are safe.",
		"Nuclear energy needs little land.", "Nuclear fuel is abundant.", "Nuclear energy cuts emissions fast.",
		"Nuclear energy is reliable at night.", "New nuclear plants create jobs.", "Nuclear energy lowers prices.",
	}
	offTopic = []string{
		"I accept this debate.", "Thank you for reading my round.", "My opponent forfeited the round.",
		"Vote for me please.", "Good luck to my opponent.", "I will post my arguments later.",
		"Thanks for the debate.", "This is my first debate here.", "Please extend my arguments.",
		"I look forward to the rounds.", "Sorry for the late reply.", "See you in the next round.",
	}
)

// toy returns a store of one argument per kind of sentence for topics 1 and
// 3, the judgments of the pairs of the first ten sentences of each kind
// (each with the next), and the topics.
func toy(t *testing.T) (*corpus.Store, *eval.Judgments, []topics.Topic) {
	t.Helper()
	var args []corpus.Argument
	var rel, qual []eval.Judgment
	for _, topic := range []string{"1", "3"} {
		for kind, texts := range [][]string{onTopic, offTopic} {
			a := corpus.Argument{ID: fmt.Sprintf("T%s-K%d", topic, kind), Conclusion: "x"}
			for i, text := range texts {
				a.Sentences = append(a.Sentences, corpus.Sentence{ID: fmt.Sprintf("%s__PREMISE__%d", a.ID, i+1), Text: text})
			}
			args = append(args, a)
			for i := range 9 {
				id := docid.Pair(a.Sentences[i].ID, a.Sentences[i+1].ID)
				rel = append(rel, eval.Judgment{Topic: topic, DocID: id, Label: 2 * (1 - kind)})
				qual = append(qual, eval.Judgment{Topic: topic, DocID: id, Label: 2 - kind})
			}
		}
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
	qr, err := eval.NewQrels(rel)
	if err != nil {
		t.Fatal(err)
	}
	qq, err := eval.NewQrels(qual)
	if err != nil {
		t.Fatal(err)
	}
	j, err := eval.NewJudgments("toy", []eval.Dimension{eval.Relevance, eval.Quality}, []*eval.Qrels{qr, qq})
	if err != nil {
		t.Fatal(err)
	}
	tops := []topics.Topic{{ID: "1", Title: "Should we build nuclear plants?"}, {ID: "3", Title: "Is nuclear energy the future?"}}
	return store, j, tops
}

// TestLabel checks that judged pairs keep their label, and that unjudged
// pairs of unseen sentences are predicted from their kind: pairs of unseen
// on-topic sentences well above pairs of unseen off-topic ones.
func TestLabel(t *testing.T) {
	ctx := context.Background()
	store, j, tops := toy(t)
	m, err := unjudged.Train(ctx, j, store, tops, words{})
	if err != nil {
		t.Fatal(err)
	}
	label, ok, err := m.Label(ctx, "1", "T1-K0__PREMISE__1,T1-K0__PREMISE__2", eval.Relevance)
	if _, judged := j.Qrels(eval.Relevance).Label("1", "T1-K0__PREMISE__1,T1-K0__PREMISE__2"); err != nil || !ok || !judged || label != 2 {
		t.Errorf("a judged pair: got %v %v %v (judged %v), want its label 2", label, ok, err, judged)
	}
	// Sentences 11 and 12 of each kind are judged nowhere.
	on, ok, err := m.Label(ctx, "1", "T1-K0__PREMISE__11,T1-K0__PREMISE__12", eval.Relevance)
	if err != nil || !ok {
		t.Fatalf("an unjudged on-topic pair: %v %v", ok, err)
	}
	off, ok, err := m.Label(ctx, "1", "T1-K1__PREMISE__11,T1-K1__PREMISE__12", eval.Relevance)
	if err != nil || !ok {
		t.Fatalf("an unjudged off-topic pair: %v %v", ok, err)
	}
	if on < 1.5 || off > 0.5 {
		t.Errorf("predicted relevance: on-topic %.2f, off-topic %.2f; want above 1.5 and below 0.5", on, off)
	}
	for _, l := range []float64{on, off} {
		if l < 0 || l > 2 {
			t.Errorf("predicted %v, outside the judged scale", l)
		}
	}
	// Unknown topic, pair with a sentence not in the store, unjudged dimension.
	if _, ok, err := m.Label(ctx, "99", "T1-K0__PREMISE__11,T1-K0__PREMISE__12", eval.Relevance); err != nil || ok {
		t.Errorf("unknown topic: %v %v, want unlabelled", ok, err)
	}
	if _, ok, err := m.Label(ctx, "1", "T1-K0__PREMISE__11,nothere__PREMISE__1", eval.Relevance); err != nil || ok {
		t.Errorf("a sentence not in the store: %v %v, want unlabelled", ok, err)
	}
	if _, _, err := m.Label(ctx, "1", "T1-K0__PREMISE__11,T1-K0__PREMISE__12", eval.Coherence); err == nil {
		t.Error("coherence, which the toy judgments lack: no error")
	}
}

// TestNDCG checks the predicted nDCG@k of two runs against values worked
// out by hand from the model's labels.
func TestNDCG(t *testing.T) {
	ctx := context.Background()
	store, j, tops := toy(t)
	m, err := unjudged.Train(ctx, j, store, tops, words{})
	if err != nil {
		t.Fatal(err)
	}
	docs := []string{"T1-K1__PREMISE__11,T1-K1__PREMISE__12", "T1-K0__PREMISE__1,T1-K0__PREMISE__2", "T1-K0__PREMISE__11,T1-K0__PREMISE__12"}
	var lines []runfile.Line
	for i, d := range docs {
		lines = append(lines, runfile.Line{QID: "1", DocID: d, Rank: i + 1, Score: float64(10 - i), Tag: "t"})
	}
	got, err := m.NDCG(ctx, runfile.Run{"1": lines}, 2, eval.Relevance, eval.Options{})
	if err != nil {
		t.Fatal(err)
	}
	off, _, _ := m.Label(ctx, "1", docs[0], eval.Relevance)
	// Ranks 1 and 2: the off-topic prediction, then a judged 2. The ideal
	// holds the topic's judged 2s.
	dcg := max(off, 0) + 2/math.Log2(3)
	ideal := 2 + 2/math.Log2(3)
	if len(got.Values) != 1 || math.Abs(got.Values[0]-dcg/ideal) > 1e-12 {
		t.Errorf("predicted nDCG@2 = %v, want %v", got.Values, dcg/ideal)
	}
	if got.MeanJudged != 0.5 || got.MeanLabelled != 1 {
		t.Errorf("judged %v, labelled %v; want 0.5 and 1", got.MeanJudged, got.MeanLabelled)
	}
	// Topic 3, missing from the run, counts with Complete.
	got, err = m.NDCG(ctx, runfile.Run{"1": lines}, 2, eval.Relevance, eval.Options{Complete: true})
	if err != nil || len(got.Topics) != 2 || got.Values[1] != 0 {
		t.Errorf("Complete: %v %v, want two topics, the second 0", got, err)
	}
	dup := append(lines, lines[0])
	if _, err := m.NDCG(ctx, runfile.Run{"1": dup}, 2, eval.Relevance, eval.Options{}); !errors.Is(err, runfile.ErrDuplicate) {
		t.Errorf("a document listed twice: %v", err)
	}
	if _, err := m.NDCG(ctx, runfile.Run{"1": lines}, 0, eval.Relevance, eval.Options{}); err == nil || !strings.Contains(err.Error(), "cutoff must be positive") {
		t.Errorf("k 0: %v", err)
	}
	if _, err := m.NDCG(ctx, runfile.Run{"7": lines}, 2, eval.Relevance, eval.Options{}); !errors.Is(err, eval.ErrNoTopics) {
		t.Errorf("no judged topic: %v", err)
	}
}

// TestTrainErrors checks what Train refuses.
func TestTrainErrors(t *testing.T) {
	ctx := context.Background()
	store, j, tops := toy(t)
	if _, err := unjudged.Train(ctx, j, store, tops, nil); err == nil {
		t.Error("no encoder: no error")
	}
	if _, err := unjudged.Train(ctx, j, store, nil, words{}); !errors.Is(err, eval.ErrTooFewTopics) {
		t.Errorf("no topics: %v, want ErrTooFewTopics", err)
	}
	q, err := eval.NewQrels([]eval.Judgment{{Topic: "1", DocID: "not-a-pair", Label: 1}})
	if err != nil {
		t.Fatal(err)
	}
	bad, err := eval.NewJudgments("bad", []eval.Dimension{eval.Relevance}, []*eval.Qrels{q})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := unjudged.Train(ctx, bad, store, tops, words{}); err == nil {
		t.Error("judgments of documents that are not pairs: no error")
	}
}

// TestConcurrent predicts from several goroutines at once, each pair's
// sentences new to the model; run with -race. Every goroutine must get
// the label a lone call gets.
func TestConcurrent(t *testing.T) {
	ctx := context.Background()
	store, j, tops := toy(t)
	m, err := unjudged.Train(ctx, j, store, tops, words{})
	if err != nil {
		t.Fatal(err)
	}
	lone, err := unjudged.Train(ctx, j, store, tops, words{})
	if err != nil {
		t.Fatal(err)
	}
	pairs := []string{"T1-K0__PREMISE__11,T1-K0__PREMISE__12", "T1-K1__PREMISE__11,T1-K1__PREMISE__12", "T3-K0__PREMISE__12,T3-K1__PREMISE__12"}
	var wg sync.WaitGroup
	got := make([]float64, 8*len(pairs))
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i, p := range pairs {
				l, _, err := m.Label(ctx, "1", p, eval.Quality)
				if err != nil {
					t.Error(err)
				}
				got[g*len(pairs)+i] = l
			}
		}()
	}
	wg.Wait()
	for i, p := range pairs {
		want, _, err := lone.Label(ctx, "1", p, eval.Quality)
		if err != nil {
			t.Fatal(err)
		}
		for g := range 8 {
			if got[g*len(pairs)+i] != want {
				t.Errorf("goroutine %d, %s: %v, want %v", g, p, got[g*len(pairs)+i], want)
			}
		}
	}
}
