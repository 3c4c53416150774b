package pairing

import (
	"context"
	"errors"
	"github.com/argsearch/argsearch/retrieval"
	"math"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/filter"
	"github.com/argsearch/argsearch/internal/docid"
	"github.com/argsearch/argsearch/stance"
	"github.com/google/go-cmp/cmp"
)

func cand(id, text string, retrieval float64, st stance.Stance) Candidate {
	return Candidate{Sentence: corpus.Sentence{ID: id, Text: text}, Retrieval: retrieval,
		Argumentativeness: 0.5, Centrality: 0.5, Stance: st}
}

func TestBuilderNeverJoinsOppositeStances(t *testing.T) {
	cands := []Candidate{
		cand("a__PREMISE__1", "School uniforms reduce bullying in schools.", 3, stance.Pro),
		cand("b__PREMISE__1", "School uniforms do not reduce bullying in schools at all.", 2.5, stance.Con),
		cand("c__PREMISE__1", "Uniforms make schools safer and reduce bullying.", 2, stance.Pro),
		cand("d__PREMISE__2", "Bullying in schools continues despite uniforms.", 1, stance.Unknown),
	}
	got, err := Builder{}.Build(context.Background(), retrieval.Query{}, cands, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) == 0 {
		t.Fatal("no pairs")
	}
	st := map[string]stance.Stance{}
	for _, c := range cands {
		st[c.Sentence.ID] = c.Stance
	}
	for _, p := range got {
		a, b := st[p.First.ID], st[p.Second.ID]
		if a != stance.Unknown && opposed(a, b) {
			t.Errorf("pair %s joins %v and %v", p.ID(), a, b)
		}
		if (a == stance.Pro || b == stance.Pro) && p.Stance != stance.Pro {
			t.Errorf("pair %s: got stance %v, want PRO", p.ID(), p.Stance)
		}
	}
}

func TestBuilderReadingOrderAndScores(t *testing.T) {
	cands := []Candidate{
		// Same argument, the conclusion retrieved better than the premise:
		// reading order still puts the premise first.
		cand("a__CONC__1", "Nuclear energy should replace coal power plants.", 5, stance.Pro),
		cand("a__PREMISE__3", "Coal power plants emit far more carbon than nuclear energy.", 1, stance.Pro),
		// Across arguments: the better candidate first.
		cand("b__PREMISE__1", "Nuclear energy is cheap once plants are built.", 2, stance.Pro),
		cand("c__PREMISE__7", "Building nuclear energy plants takes decades.", 4, stance.Unknown),
	}
	got, err := Builder{Diversity: -1}.Build(context.Background(), retrieval.Query{}, cands, 0)
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]Scored{}
	for i, p := range got {
		ids[p.ID()] = p
		if i > 0 && !(p.Score <= got[i-1].Score) {
			t.Errorf("score increases at %d: %g after %g", i, p.Score, got[i-1].Score)
		}
		if p.Score != p.Raw {
			t.Errorf("%s: without diversity got Score %g != Raw %g", p.ID(), p.Score, p.Raw)
		}
		if p.Score < 0 || p.Score > 1 {
			t.Errorf("%s: score %g outside [0, 1]", p.ID(), p.Score)
		}
	}
	if p, ok := ids["a__PREMISE__3,a__CONC__1"]; !ok || !p.SameArgument {
		t.Errorf("same-argument pair: got %v, want a__PREMISE__3,a__CONC__1 in %v", p, keys(ids))
	}
	if _, ok := ids["c__PREMISE__7,b__PREMISE__1"]; !ok {
		t.Errorf("across pair: want c__PREMISE__7,b__PREMISE__1 (better single score first) in %v", keys(ids))
	}
	// The documented formula, for one pair.
	p := ids["c__PREMISE__7,b__PREMISE__1"]
	w := Weights{Retrieval: 0.45, Argumentativeness: 0.2, Centrality: 0.1, Coherence: 0.25} // the documented defaults
	r := ((4.0-1)/(5-1) + (2.0-1)/(5-1)) / 2
	want := (w.Retrieval*r + w.Argumentativeness*0.5 + w.Centrality*0.5 + w.Coherence*p.Coherence) /
		(w.Retrieval + w.Argumentativeness + w.Centrality + w.Coherence)
	if math.Abs(p.Raw-want) > 1e-12 {
		t.Errorf("raw score: got %g, want %g", p.Raw, want)
	}
}

func keys(m map[string]Scored) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// TestBuilderDiversity builds pairs where one argument dominates the raw
// ranking and checks the top five do not repeat an argument.
func TestBuilderDiversity(t *testing.T) {
	var cands []Candidate
	topics := []string{"tax", "school", "health", "energy", "prison", "army", "water", "rail", "park", "road", "art", "farm"}
	for i, a := range []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"} {
		n := 1
		if a == "a" {
			n = 6
		}
		for k := 1; k <= n; k++ {
			text := "Higher " + topics[i] + " spending improves public services " + strings.Repeat("greatly ", k%3) + "for citizens " + a + "."
			cands = append(cands, cand(docid.Sentence{Argument: a, Kind: docid.Premise, Number: k}.String(), text, float64(10-i)+float64(k)/10, stance.Pro))
		}
	}
	b := Builder{}
	got, err := b.Build(context.Background(), retrieval.Query{}, cands, 20)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for i, p := range got[:5] {
		args := map[string]bool{}
		for _, id := range []string{p.First.ID, p.Second.ID} {
			arg, _ := docid.Argument(id)
			args[arg] = true
		}
		for arg := range args {
			if seen[arg] {
				t.Errorf("top-5 place %d repeats argument %s: %v", i+1, arg, ids(got[:5]))
			}
			seen[arg] = true
		}
	}
	for i := 1; i < len(got); i++ {
		if !(got[i].Score < got[i-1].Score) {
			t.Errorf("place %d: score %g not below %g", i+1, got[i].Score, got[i-1].Score)
		}
	}
	// Without diversity the top repeats argument a.
	plain, _ := Builder{Diversity: -1}.Build(context.Background(), retrieval.Query{}, cands, 5)
	nA := 0
	for _, p := range plain {
		if strings.HasPrefix(p.First.ID, "a__") || strings.HasPrefix(p.Second.ID, "a__") {
			nA++
		}
	}
	if nA < 2 {
		t.Errorf("test premise: without diversity want argument a to repeat in the top 5, got %v", ids(plain))
	}
}

func ids(ps []Scored) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.ID())
	}
	return out
}

func TestBuilderDeterministicAndCancel(t *testing.T) {
	cands := sampleCandidates(t, 120)
	b := Builder{Coherence: Coherence{Phrases: testTagger(t)}}
	first, err := b.Build(context.Background(), retrieval.Query{}, cands, 50)
	if err != nil {
		t.Fatal(err)
	}
	// Reversed input gives the same ranking.
	rev := append([]Candidate(nil), cands...)
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	second, err := b.Build(context.Background(), retrieval.Query{}, rev, 50)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(ids(first), ids(second)); d != "" {
		t.Errorf("input order changed the ranking (-first +second):\n%s", d)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := b.Build(ctx, retrieval.Query{}, cands, 10); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: got %v, want context.Canceled", err)
	}
	if got, err := b.Build(context.Background(), retrieval.Query{}, nil, 10); err != nil || len(got) != 0 {
		t.Errorf("no candidates: got %v %v, want none", got, err)
	}
}

// sampleCandidates turns the first n sample sentences that pass the
// filters into candidates with made-up but deterministic retrieval scores
// and the premise stances of their arguments.
func sampleCandidates(tb testing.TB, n int) []Candidate {
	tb.Helper()
	var out []Candidate
	f := filter.Chain(filter.Length{Min: 5, Max: 60}, filter.Noise{})
	for _, a := range sampleArguments(tb) {
		c := ArgsRank{}.Argument(a)
		for i, s := range a.Sentences {
			if ok, _ := f.Check(s); !ok {
				continue
			}
			st := stance.Unknown
			if len(a.Premises) > 0 {
				st = a.Premises[0].Stance
			}
			out = append(out, Candidate{Sentence: s, Retrieval: float64(len(s.Text) % 17),
				Argumentativeness: 0.5, Centrality: c[i], Stance: st})
			if len(out) == n {
				return out
			}
		}
	}
	return out
}

// TestCoherenceSemanticWeight checks the fifth term of the coherence score
// by hand: the cosine of the candidates' vectors, weighed beside the four
// default weights, and nothing when a vector is missing or the weight is 0.
func TestCoherenceSemanticWeight(t *testing.T) {
	a := cand("a__PREMISE__1", "Nuclear power is safe.", 1, stance.Pro)
	b := cand("a__PREMISE__2", "Reactors rarely fail.", 1, stance.Pro)
	a.Vector, b.Vector = []float32{1, 0}, []float32{0.6, 0.8} // cosine 0.6
	in := interner{}
	idf := &idfTable{}
	idf.add(a.Sentence.Text)
	idf.add(b.Sentence.Text)
	coh := Coherence{}
	fa, fb := coh.features(a, idf, in), coh.features(b, idf, in)
	base, ok := coh.score(a, b, fa, fb)
	if !ok {
		t.Fatal("same-argument sentences not joined")
	}
	coh.SemanticWeight = 0.5
	got, _ := coh.score(a, b, fa, fb)
	// The default weights sum to 1: (1·base + 0.5·0.6) / 1.5.
	if want := (base + 0.5*0.6) / 1.5; math.Abs(got-want) > 1e-6 {
		t.Errorf("with SemanticWeight 0.5: got %v, want %v", got, want)
	}
	b.Vector = nil
	got, _ = coh.score(a, b, fa, fb)
	if want := base / 1.5; math.Abs(got-want) > 1e-6 {
		t.Errorf("without b's vector: got %v, want %v (a semantic similarity of 0)", got, want)
	}
	a.Vector, b.Vector = []float32{1, 0}, []float32{-1, 0} // opposite: counted as 0
	got, _ = coh.score(a, b, fa, fb)
	if want := base / 1.5; math.Abs(got-want) > 1e-6 {
		t.Errorf("opposite vectors: got %v, want %v", got, want)
	}
}

// TestBuilderExtraFeatures scores a pair by hand with every feature beyond
// the first four, one negative weight among them, and checks that only the
// absolute weights divide.
func TestBuilderExtraFeatures(t *testing.T) {
	a := cand("a__PREMISE__1", "Nuclear energy is cheap once the plants are built and running.", 3, stance.Pro)
	a.Similarity, a.StanceConfidence, a.Rank = 0.8, 0.9, 1
	b := cand("a__PREMISE__2", "Nuclear plants run for decades and produce cheap energy.", 1, stance.Pro)
	b.Similarity, b.StanceConfidence, b.Rank = 0.4, 0.5, 3
	c := cand("x__CONC__1", "Unrelated text about gardening and flowers in spring.", 2, stance.Unknown)
	c.Rank = 7
	w := Weights{Retrieval: 0.3, Coherence: 0.2, Similarity: 0.1, Stance: 0.05, Length: -0.1, Conclusion: 0.02,
		Lead: 0.1, Rank: 0.2, SameArgument: 0.05, Adjacent: -0.3}
	got, err := Builder{Weights: w, Diversity: -1}.Build(context.Background(), retrieval.Query{}, []Candidate{a, b, c}, 0)
	if err != nil {
		t.Fatal(err)
	}
	var p Scored
	for _, s := range got {
		if s.ID() == "a__PREMISE__1,a__PREMISE__2" {
			p = s
		}
	}
	if p.ID() == "," {
		t.Fatalf("no pair a__PREMISE__1,a__PREMISE__2 among %d", len(got))
	}
	r := ((3.0-1)/(3-1) + 0) / 2 // min–max over a, b, c
	sim := (1 + 0.5) / 2         // min–max over 0.8, 0.4 and c's 0
	st := (0.9 + 0.5) / 2
	length := (11.0/60 + 9.0/60) / 2
	lead := (1.0 + 0.5) / 2
	rank := (1/math.Log2(2) + 1/math.Log2(4)) / 2
	num := w.Retrieval*r + w.Argumentativeness*0.5 + w.Centrality*0.5 + w.Coherence*p.Coherence +
		w.Similarity*sim + w.Stance*st + w.Length*length + w.Conclusion*0 + w.Lead*lead + w.Rank*rank +
		w.SameArgument*1 + w.Adjacent*1
	den := 0.3 + 0.2 + 0.1 + 0.05 + 0.1 + 0.02 + 0.1 + 0.2 + 0.05 + 0.3
	if want := num / den; math.Abs(p.Raw-want) > 1e-12 {
		t.Errorf("raw score: got %.15g, want %.15g", p.Raw, want)
	}
}

// TestWeightsZeroExtraScoresAsBefore checks that the extra features with
// zero weights leave the score of the first four exactly (bit for bit) as
// the formula of the first four gives it.
func TestWeightsZeroExtraScoresAsBefore(t *testing.T) {
	a := cand("a__PREMISE__1", "Nuclear energy is cheap once the plants are built and running.", 3, stance.Pro)
	a.Similarity, a.Rank = -0.3, 2
	b := cand("a__PREMISE__2", "Nuclear plants run for decades and produce cheap energy.", 1, stance.Pro)
	w := Weights{Retrieval: 0.45, Argumentativeness: 0.2, Coherence: 0.25}
	got, err := Builder{Weights: w, Diversity: -1}.Build(context.Background(), retrieval.Query{}, []Candidate{a, b}, 0)
	if err != nil || len(got) != 1 {
		t.Fatalf("got %v, %v; want one pair", got, err)
	}
	p := got[0]
	want := (w.Retrieval*(1.0+0)/2 + w.Argumentativeness*(0.5+0.5)/2 + w.Centrality*(0.5+0.5)/2 + w.Coherence*p.Coherence) /
		(w.Retrieval + w.Argumentativeness + w.Centrality + w.Coherence)
	if p.Raw != want {
		t.Errorf("raw score: got %.17g, want exactly %.17g", p.Raw, want)
	}
}
