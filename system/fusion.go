package system

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/stance"
	"github.com/argsearch/argsearch/topics"
)

// The defaults of a Fusion's fields.
const (
	defaultFusionMethod = "rrf"
	defaultRRF          = 60 // Cormack, Clarke and Büttcher (SIGIR 2009)
)

// Fusion is a System that fuses the rankings of several systems: each of
// them answers the topic with its whole list (up to the Env's K pairs),
// and the pairs are ranked again by what the lists say together, cut to
// the Env's K. A pair is the same pair in two lists when its id is the
// same ("first,second": the same sentences in the same order).
//
// Each list is read in the order of a run (score descending, then id
// descending, as runfile sorts), its best pair at rank 1. Method says how
// the lists are combined:
//
//   - "rrf" (the default): reciprocal rank fusion (Cormack, Clarke and
//     Büttcher, SIGIR 2009); a pair scores Σ w / (RRF + rank) over the
//     lists it is in;
//   - "combsum": each list's scores are min–max normalised, (s − min) /
//     (max − min), a list of equal scores giving 1, and a pair scores
//     Σ w · normalised score over the lists it is in.
//
// w is the list's system's weight (Weights). The fused list is in run
// order, ties broken by id as a run breaks them, so the same systems give
// the same fused run, byte for byte.
//
// Stance: a pair's stance is the one given by the system that ranks it
// highest (the smallest rank) among the systems that give it a stance
// (not stance.Unknown), ties going to the system listed first; stance.Unknown
// ("Q0") when none does.
//
// The systems answer a topic one after another, in the order listed;
// topics run at once as Run's workers say. A Fusion is safe for
// concurrent use when its systems are, as the package's are. Run checks
// the fields, and the configuration of every system that Run would check
// alone, before the first topic; a value out of range is an error naming
// its field.
type Fusion struct {
	// Systems are the systems fused, at least one.
	Systems []System
	// Method is "rrf" (reciprocal rank fusion; "" means rrf) or
	// "combsum" (the weighted sum of min–max normalised scores).
	Method string
	// Weights, one per system, weigh each system's list; nil means 1 for
	// every one. A weight is finite and not negative; a system of weight
	// 0 is not asked at all, and at least one weight must be above 0.
	Weights []float64
	// RRF is the constant k of reciprocal rank fusion, above 0; 0 means
	// 60, as Cormack, Clarke and Büttcher chose it. It applies to "rrf"
	// alone: set with "combsum", it is an error.
	RRF float64
}

// Answer implements System: it asks every system of weight above 0 for
// its list of the topic and fuses them. A system's error is returned
// with the system's place in Systems, and so is a list that holds a pair
// twice or a score that is not a finite number.
func (f Fusion) Answer(ctx context.Context, env *Env, t topics.Topic) ([]runfile.Result, error) {
	if err := checkEnv(env); err != nil {
		return nil, err
	}
	if err := f.checkFields(); err != nil {
		return nil, err
	}
	var (
		lists   [][]retrieval.Hit
		weights []float64
		best    = map[string]ranked{} // pair id → the best rank that gave it a stance
	)
	for i, s := range f.Systems {
		w := f.weight(i)
		if w == 0 {
			continue
		}
		rs, err := s.Answer(ctx, env, t)
		if err != nil {
			return nil, fmt.Errorf("system: Fusion.Systems[%d], topic %s: %w", i, t.ID, err)
		}
		rs, err = inRunOrder(rs)
		if err != nil {
			return nil, fmt.Errorf("system: Fusion.Systems[%d], topic %s: %w", i, t.ID, err)
		}
		hits := make([]retrieval.Hit, len(rs))
		for j, r := range rs {
			hits[j] = retrieval.Hit{ID: r.DocID, Score: r.Score}
			if r.Stance == stance.Unknown {
				continue
			}
			if b, ok := best[r.DocID]; !ok || j+1 < b.rank { // a tie keeps the system listed first
				best[r.DocID] = ranked{rank: j + 1, stance: r.Stance}
			}
		}
		lists = append(lists, hits)
		weights = append(weights, w)
	}
	merge := retrieval.Fusion{Method: f.Method, Weights: weights, RRF: f.RRF}
	fused, err := merge.Merge(lists, env.K)
	if err != nil {
		return nil, fmt.Errorf("system: Fusion, topic %s: %w", t.ID, err)
	}
	out := make([]runfile.Result, len(fused))
	for i, h := range fused {
		out[i] = runfile.Result{DocID: h.ID, Score: h.Score, Stance: best[h.ID].stance}
	}
	return out, nil
}

// A ranked is the best rank at which a system gave a pair a stance, and
// that stance.
type ranked struct {
	rank   int
	stance stance.Stance
}

// inRunOrder returns a copy of a system's results in the order of a run
// (score descending, then id descending: runfile's, retrieval.CompareHits'),
// refusing a score that is not a finite number and a pair listed twice.
func inRunOrder(rs []runfile.Result) ([]runfile.Result, error) {
	seen := make(map[string]bool, len(rs))
	for _, r := range rs {
		if math.IsNaN(r.Score) || math.IsInf(r.Score, 0) {
			return nil, fmt.Errorf("pair %.100q has score %v", r.DocID, r.Score)
		}
		if seen[r.DocID] {
			return nil, fmt.Errorf("pair %.100q listed twice", r.DocID)
		}
		seen[r.DocID] = true
	}
	rs = slices.Clone(rs)
	slices.SortFunc(rs, func(a, b runfile.Result) int {
		return retrieval.CompareHits(retrieval.Hit{ID: a.DocID, Score: a.Score}, retrieval.Hit{ID: b.DocID, Score: b.Score})
	})
	return rs, nil
}

// weight returns the weight of the i-th system.
func (f Fusion) weight(i int) float64 {
	if f.Weights == nil {
		return 1
	}
	return f.Weights[i]
}

// checkFields refuses fields out of range, naming the field: no systems,
// a nil system, weights of another number than the systems, a weight
// negative or not a finite number, weights all 0, an unknown method, and
// an RRF constant negative, not a finite number, or set with combsum.
func (f Fusion) checkFields() error {
	if len(f.Systems) == 0 {
		return fmt.Errorf("system: Fusion.Systems is empty: fuse at least one system")
	}
	for i, s := range f.Systems {
		if fn, isFunc := s.(Func); s == nil || isFunc && fn == nil {
			return fmt.Errorf("system: Fusion.Systems[%d] is nil", i)
		}
	}
	if f.Weights != nil {
		if len(f.Weights) != len(f.Systems) {
			return fmt.Errorf("system: Fusion.Weights: %d weights for %d systems (one per system, or nil for 1 each)", len(f.Weights), len(f.Systems))
		}
		for i, w := range f.Weights {
			if math.IsNaN(w) || math.IsInf(w, 0) || w < 0 {
				return fmt.Errorf("system: Fusion.Weights[%d] %v: a weight is a finite number, 0 or more", i, w)
			}
		}
		if !slices.ContainsFunc(f.Weights, func(w float64) bool { return w > 0 }) {
			return fmt.Errorf("system: Fusion.Weights are all 0: no system would answer")
		}
	}
	method := cmp.Or(f.Method, defaultFusionMethod)
	switch method {
	case "rrf", "combsum":
	default:
		return fmt.Errorf("system: Fusion.Method %.100q: want rrf or combsum", f.Method)
	}
	switch {
	case math.IsNaN(f.RRF) || math.IsInf(f.RRF, 0) || f.RRF < 0:
		return fmt.Errorf("system: Fusion.RRF %v: a constant above 0 (0 means %d)", f.RRF, defaultRRF)
	case f.RRF != 0 && method != "rrf":
		return fmt.Errorf("system: Fusion.RRF %v applies to Method rrf, not %s", f.RRF, method)
	}
	return nil
}

// check refuses a Fusion whose fields are out of range, or one of whose
// systems Run would refuse alone (its error names the system's place in
// Systems), before the first topic.
func (f Fusion) check(ctx context.Context, env *Env) error {
	if err := checkEnv(env); err != nil {
		return err
	}
	if err := f.checkFields(); err != nil {
		return err
	}
	for i, s := range f.Systems {
		if f.weight(i) > 0 {
			if err := checkSystem(ctx, env, s); err != nil {
				return fmt.Errorf("%w (Fusion.Systems[%d])", err, i)
			}
		}
	}
	return nil
}

// Stances returns the stances the Fusion's runs may hold: every stance
// one of its systems of weight above 0 says it writes (their methods of
// the same name, in the order of Systems), a system without such a method
// counting as PRO and CON, the Touché 2022 stances.
func (f Fusion) Stances() []stance.Stance {
	var out []stance.Stance
	for i, s := range f.Systems {
		if s == nil || f.Weights != nil && (i >= len(f.Weights) || !(f.Weights[i] > 0)) {
			continue
		}
		ss := runfile.Touche2022().Stances
		if s, ok := s.(interface{ Stances() []stance.Stance }); ok {
			ss = s.Stances()
		}
		for _, st := range ss {
			if !slices.Contains(out, st) {
				out = append(out, st)
			}
		}
	}
	return out
}
