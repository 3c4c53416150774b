package system

import (
	"context"
	"errors"
	"math"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/stance"
	"github.com/argsearch/argsearch/topics"
)

// fakeEnv returns an Env of k pairs a topic and the given topics, with an
// empty store: enough for systems that read nothing from it.
func fakeEnv(k int, ids ...string) *Env {
	env := &Env{Name: "fake", K: k, Store: new(corpus.Store)}
	for _, id := range ids {
		env.Topics = append(env.Topics, topics.Topic{ID: id, Title: "topic " + id})
	}
	return env
}

// answers returns a System that gives every topic the same results.
func answers(rs ...runfile.Result) Func {
	return func(context.Context, *Env, topics.Topic) ([]runfile.Result, error) { return rs, nil }
}

// Two lists whose fusions are computed by hand below. In run order, A
// ranks a, b, c and B ranks b, d, a (d before a: equal scores, ids
// descending).
var (
	listA = answers(
		runfile.Result{DocID: "c", Score: 1},
		runfile.Result{DocID: "a", Score: 3, Stance: stance.Pro},
		runfile.Result{DocID: "b", Score: 2, Stance: stance.Con},
	)
	listB = answers(
		runfile.Result{DocID: "a", Score: 5, Stance: stance.Con},
		runfile.Result{DocID: "b", Score: 10, Stance: stance.Pro},
		runfile.Result{DocID: "d", Score: 5, Stance: stance.Con},
	)
)

// TestFusion checks fused orders, scores and stances computed by hand.
func TestFusion(t *testing.T) {
	ctx := context.Background()
	topic := topics.Topic{ID: "1"}
	for _, tc := range []struct {
		name string
		f    Fusion
		k    int
		want []runfile.Result
	}{
		{
			// a: 1/61 + 1/63, b: 1/62 + 1/61, c: 1/63, d: 1/62. b's stance
			// is B's (rank 1 there, 2 in A), a's A's (rank 1 there, 3 in
			// B), c has none.
			name: "rrf",
			f:    Fusion{Systems: []System{listA, listB}},
			k:    4,
			want: []runfile.Result{
				{DocID: "b", Score: 1.0/62 + 1.0/61, Stance: stance.Pro},
				{DocID: "a", Score: 1.0/61 + 1.0/63, Stance: stance.Pro},
				{DocID: "d", Score: 1.0 / 62, Stance: stance.Con},
				{DocID: "c", Score: 1.0 / 63, Stance: stance.Unknown},
			},
		},
		{
			name: "rrf cut to K",
			f:    Fusion{Systems: []System{listA, listB}, Method: "rrf"},
			k:    2,
			want: []runfile.Result{
				{DocID: "b", Score: 1.0/62 + 1.0/61, Stance: stance.Pro},
				{DocID: "a", Score: 1.0/61 + 1.0/63, Stance: stance.Pro},
			},
		},
		{
			// a: 3/61 + 1/63 beats b: 3/62 + 1/61; c: 3/63 beats d: 1/62.
			name: "rrf weighted",
			f:    Fusion{Systems: []System{listA, listB}, Weights: []float64{3, 1}},
			k:    4,
			want: []runfile.Result{
				{DocID: "a", Score: 3.0/61 + 1.0/63, Stance: stance.Pro},
				{DocID: "b", Score: 3.0/62 + 1.0/61, Stance: stance.Pro},
				{DocID: "c", Score: 3.0 / 63, Stance: stance.Unknown},
				{DocID: "d", Score: 1.0 / 62, Stance: stance.Con},
			},
		},
		{
			name: "rrf constant 1",
			f:    Fusion{Systems: []System{listA, listB}, RRF: 1},
			k:    4,
			want: []runfile.Result{
				{DocID: "b", Score: 1.0/3 + 1.0/2, Stance: stance.Pro},
				{DocID: "a", Score: 1.0/2 + 1.0/4, Stance: stance.Pro},
				{DocID: "d", Score: 1.0 / 3, Stance: stance.Con},
				{DocID: "c", Score: 1.0 / 4, Stance: stance.Unknown},
			},
		},
		{
			// Min–max: A gives a 1, b 0.5, c 0; B gives b 1, a and d 0. c and
			// d tie at 0: ids descending.
			name: "combsum",
			f:    Fusion{Systems: []System{listA, listB}, Method: "combsum"},
			k:    4,
			want: []runfile.Result{
				{DocID: "b", Score: 1.5, Stance: stance.Pro},
				{DocID: "a", Score: 1, Stance: stance.Pro},
				{DocID: "d", Score: 0, Stance: stance.Con},
				{DocID: "c", Score: 0, Stance: stance.Unknown},
			},
		},
		{
			// b: 0.5 + 0.5 ties a: 1 + 0; ids descending.
			name: "combsum weighted",
			f:    Fusion{Systems: []System{listA, listB}, Method: "combsum", Weights: []float64{1, 0.5}},
			k:    4,
			want: []runfile.Result{
				{DocID: "b", Score: 1, Stance: stance.Pro},
				{DocID: "a", Score: 1, Stance: stance.Pro},
				{DocID: "d", Score: 0, Stance: stance.Con},
				{DocID: "c", Score: 0, Stance: stance.Unknown},
			},
		},
		{
			// B has weight 0: A alone, re-scored.
			name: "weight 0",
			f:    Fusion{Systems: []System{listA, listB}, Weights: []float64{1, 0}},
			k:    4,
			want: []runfile.Result{
				{DocID: "a", Score: 1.0 / 61, Stance: stance.Pro},
				{DocID: "b", Score: 1.0 / 62, Stance: stance.Con},
				{DocID: "c", Score: 1.0 / 63, Stance: stance.Unknown},
			},
		},
		{
			// Equal ranks: the stance of the system listed first.
			name: "stance tie",
			f: Fusion{Systems: []System{
				answers(runfile.Result{DocID: "x", Score: 1, Stance: stance.Con}),
				answers(runfile.Result{DocID: "x", Score: 7, Stance: stance.Pro}),
			}},
			k:    4,
			want: []runfile.Result{{DocID: "x", Score: 2.0 / 61, Stance: stance.Con}},
		},
		{
			// A stance before none, however far down.
			name: "stance over Q0",
			f: Fusion{Systems: []System{
				answers(runfile.Result{DocID: "x", Score: 1}),
				answers(runfile.Result{DocID: "w", Score: 2}, runfile.Result{DocID: "x", Score: 1, Stance: stance.Con}),
			}},
			k: 4,
			want: []runfile.Result{
				{DocID: "x", Score: 1.0/61 + 1.0/62, Stance: stance.Con},
				{DocID: "w", Score: 1.0 / 61, Stance: stance.Unknown},
			},
		},
	} {
		got, err := tc.f.Answer(ctx, fakeEnv(tc.k, "1"), topic)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		// The sums above are exact (constants); the fused scores are sums
		// of float64s.
		if diff := cmp.Diff(tc.want, got, cmpopts.EquateApprox(0, 1e-15)); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.name, diff)
		}
	}
}

// TestFusionChecks checks that fields out of range are errors naming the
// field, from Run's check before the first topic (no system is asked).
func TestFusionChecks(t *testing.T) {
	ctx := context.Background()
	var asked atomic.Int32
	counting := Func(func(context.Context, *Env, topics.Topic) ([]runfile.Result, error) {
		asked.Add(1)
		return []runfile.Result{{DocID: "a", Score: 1}}, nil
	})
	for _, tc := range []struct {
		want string
		f    Fusion
	}{
		{"system: Fusion.Systems is empty", Fusion{}},
		{"system: Fusion.Systems[0] is nil", Fusion{Systems: []System{nil, counting}}},
		{"system: Fusion.Systems[1] is nil", Fusion{Systems: []System{counting, Func(nil)}}},
		{"system: Fusion.Weights: 1 weights for 2 systems", Fusion{Systems: []System{counting, counting}, Weights: []float64{1}}},
		{"system: Fusion.Weights[0] -1", Fusion{Systems: []System{counting, counting}, Weights: []float64{-1, 1}}},
		{"system: Fusion.Weights[1] NaN", Fusion{Systems: []System{counting, counting}, Weights: []float64{1, math.NaN()}}},
		{"system: Fusion.Weights[0] +Inf", Fusion{Systems: []System{counting}, Weights: []float64{math.Inf(1)}}},
		{"system: Fusion.Weights are all 0", Fusion{Systems: []System{counting, counting}, Weights: []float64{0, 0}}},
		{`system: Fusion.Method "borda": want rrf or combsum`, Fusion{Systems: []System{counting}, Method: "borda"}},
		{"system: Fusion.RRF -1", Fusion{Systems: []System{counting}, RRF: -1}},
		{"system: Fusion.RRF NaN", Fusion{Systems: []System{counting}, RRF: math.NaN()}},
		{"system: Fusion.RRF 60 applies to Method rrf", Fusion{Systems: []System{counting}, Method: "combsum", RRF: 60}},
		// A system's own check, with its place.
		{"system: Pipeline.Retrieve.Depth -3: cannot be negative (0 means the default) (Fusion.Systems[1])", Fusion{Systems: []System{counting, Pipeline{Retrieve: Retrieval{Depth: -3}}}}},
		{"system: Fusion.Systems[0] is nil (Fusion.Systems[1])", Fusion{Systems: []System{counting, Fusion{Systems: []System{nil}}}}},
	} {
		_, err := Run(ctx, fakeEnv(3, "1", "2"), tc.f, "x")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: got %v, want an error with %q", tc.f, err, tc.want)
		}
	}
	if n := asked.Load(); n != 0 {
		t.Errorf("a system was asked %d times; want none before the checks pass", n)
	}
	// Answer alone checks the fields too.
	if _, err := (Fusion{}).Answer(ctx, fakeEnv(3, "1"), topics.Topic{ID: "1"}); err == nil || !strings.Contains(err.Error(), "Fusion.Systems is empty") {
		t.Errorf("Answer of an empty Fusion: got %v", err)
	}
	if _, err := (Fusion{Systems: []System{counting}}).Answer(ctx, &Env{}, topics.Topic{ID: "1"}); err == nil || !strings.Contains(err.Error(), "system.Open") {
		t.Errorf("Answer on an Env not made by Open: got %v", err)
	}
}

// TestFusionSystemErrors checks that a system's error, a NaN score and a
// pair listed twice are errors naming the system's place.
func TestFusionSystemErrors(t *testing.T) {
	ctx := context.Background()
	boom := errors.New("boom")
	failing := Func(func(context.Context, *Env, topics.Topic) ([]runfile.Result, error) { return nil, boom })
	for want, bad := range map[string]System{
		"boom":                   failing,
		`pair "a" has score NaN`: answers(runfile.Result{DocID: "a", Score: math.NaN()}),
		`pair "a" listed twice`:  answers(runfile.Result{DocID: "a", Score: 1}, runfile.Result{DocID: "a", Score: 2}),
	} {
		_, err := Fusion{Systems: []System{listA, bad}}.Answer(ctx, fakeEnv(3, "1"), topics.Topic{ID: "1"})
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "Fusion.Systems[1], topic 1") {
			t.Errorf("got %v, want an error with %q naming Fusion.Systems[1] and the topic", err, want)
		}
	}
	_, err := Run(ctx, fakeEnv(3, "1"), Fusion{Systems: []System{listA, failing}}, "x")
	if !errors.Is(err, boom) {
		t.Errorf("Run: got %v, want boom wrapped", err)
	}
}

// TestFusionDeterministic runs a fusion of systems whose lists differ by
// topic, with one and with four workers: the same run, and the same as
// a second run.
func TestFusionDeterministic(t *testing.T) {
	ctx := context.Background()
	byTopic := func(shift int) Func {
		return func(_ context.Context, _ *Env, t topics.Topic) ([]runfile.Result, error) {
			var rs []runfile.Result
			for i := range 30 {
				id := string(rune('a'+(i*7+shift+len(t.ID))%26)) + t.ID
				if i%5 == 0 {
					id += "x" // some ids in one list only
				}
				rs = append(rs, runfile.Result{DocID: id, Score: float64((i * shift) % 4), Stance: stance.Stance(1 + i%2)})
			}
			rs = dedupe(rs)
			return rs, nil
		}
	}
	f := Fusion{Systems: []System{byTopic(1), byTopic(3), byTopic(5)}, Weights: []float64{1, 2, 0.5}}
	env := fakeEnv(20, "1", "2", "3", "10", "11")
	first, err := Run(ctx, env, f, "fused")
	if err != nil {
		t.Fatal(err)
	}
	for _, workers := range []int{1, 4} {
		env.in.Workers = workers
		again, err := Run(ctx, env, f, "fused")
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(first, again); diff != "" {
			t.Errorf("%d workers (-first +again):\n%s", workers, diff)
		}
	}
	if len(first["1"]) != 20 {
		t.Errorf("topic 1: %d pairs, want the Env's K, 20", len(first["1"]))
	}
}

// dedupe keeps the first result of each id.
func dedupe(rs []runfile.Result) []runfile.Result {
	seen := map[string]bool{}
	var out []runfile.Result
	for _, r := range rs {
		if !seen[r.DocID] {
			seen[r.DocID] = true
			out = append(out, r)
		}
	}
	return out
}

// TestFusionStances checks the stances a Fusion says it writes: those of
// its systems of weight above 0, PRO and CON for one without a Stances
// method.
func TestFusionStances(t *testing.T) {
	pq := []stance.Stance{stance.Pro, stance.Con, stance.Unknown}
	for _, tc := range []struct {
		f    Fusion
		want []stance.Stance
	}{
		{Fusion{Systems: []System{Pipeline{}, Baseline{}}}, pq},
		{Fusion{Systems: []System{Pipeline{Stance: stance.Rule{Off: true}}, Pipeline{}}}, []stance.Stance{stance.Unknown, stance.Pro, stance.Con}},
		{Fusion{Systems: []System{Pipeline{}, listA}}, []stance.Stance{stance.Pro, stance.Con}},
		{Fusion{Systems: []System{Baseline{}, Pipeline{}}, Weights: []float64{0, 1}}, []stance.Stance{stance.Pro, stance.Con}},
		{Fusion{Systems: []System{Fusion{Systems: []System{Swordsman{}}}}}, pq},
	} {
		if diff := cmp.Diff(tc.want, tc.f.Stances()); diff != "" {
			t.Errorf("%+v (-want +got):\n%s", tc.f, diff)
		}
	}
}
