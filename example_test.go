package argsearch_test

import (
	"cmp"
	"context"
	"fmt"
	"log"
	"os"
	"slices"
	"strings"

	"github.com/argsearch/argsearch/classify"
	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/experiment"
	"github.com/argsearch/argsearch/filter"
	"github.com/argsearch/argsearch/pairing"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/lexical"
	"github.com/argsearch/argsearch/retrieval/rewrite"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/stance"
	"github.com/argsearch/argsearch/system"
	"github.com/argsearch/argsearch/topics"
)

// A Touché 2022 system and a variant of it, run over the embedded 2022
// sample and compared on relevance, quality and coherence with the
// official judgments of its 25 topics: the predicted nDCG@5 (the headline)
// with its bootstrap interval, paired t-tests against the first system and
// the share of the top 5 that is judged; Write(os.Stdout, "wide") adds
// every other figure. Nothing is written to disk. Advanced's pair weights
// were learned on these same topics, and the variant keeps them, so every
// figure and p-value here is in-sample, and the table says so
// (BENCHMARKS.md has them cross-validated).
func Example() {
	ctx := context.Background()
	env, err := system.Open(ctx, system.Input{}) // the embedded 2022 sample, in memory
	if err != nil {
		log.Fatal(err)
	}
	defer env.Close()

	variant := system.Advanced()
	variant.Rerank = nil // no re-ranking by sentence vectors (averaged GloVe)

	table, err := experiment.Experiment{
		Env: env,
		Systems: []experiment.System{
			{Name: "advanced", System: system.Advanced()},
			{Name: "no-similarity", System: variant},
		},
	}.Run(ctx)
	if err != nil {
		log.Fatal(err)
	}
	if err := table.Write(os.Stdout, "text"); err != nil {
		log.Fatal(err)
	}
	// Output:
	// p: two-sided paired t-test against advanced over the topics both answer; Bonferroni corrects each p column within one
	// dimension: up to 1 p-value, one per system against advanced. Judged-only figures are tested only where both runs'
	// judged@5 is at least 0.20. † in-sample: the p-value rests on topics that its system or the baseline learned from (its
	// warning says which), so it does not test how the system does on topics it has not seen.
	//
	// system         judgments       predicted nDCG@5  CI95           p        judged@5  warning
	// advanced       2022 relevance  0.6497            0.5923-0.7056  -        0.04      in-sample 25/25
	// no-similarity  2022 relevance  0.6495            0.5908-0.7036  0.9788†  0.05      in-sample 25/25
	// advanced       2022 quality    0.7799            0.7193-0.8364  -        0.04      in-sample 25/25
	// no-similarity  2022 quality    0.7822            0.7185-0.8403  0.6973†  0.05      in-sample 25/25
	// advanced       2022 coherence  0.4092            0.3524-0.4681  -        0.04      in-sample 25/25
	// no-similarity  2022 coherence  0.3894            0.3316-0.4497  0.0478†  0.05      in-sample 25/25
}

// A system of your own is a function from a topic to pairs, composed of
// the library's parts: BM25 over sentences, filters, the pair builder,
// completion with consecutive sentences, and the library's one stance rule
// (stance.Rule: the args.me label, else the model, and PRO or CON for
// every pair). It runs and is evaluated as the library's systems are.
func Example_ownSystem() {
	ctx := context.Background()
	env, err := system.Open(ctx, system.Input{})
	if err != nil {
		log.Fatal(err)
	}
	defer env.Close()
	argModel, err := classify.ShippedArgumentModel()
	if err != nil {
		log.Fatal(err)
	}
	stanceModel, err := classify.ShippedStanceModel()
	if err != nil {
		log.Fatal(err)
	}
	mine := system.Func(func(ctx context.Context, env *system.Env, t topics.Topic) ([]runfile.Result, error) {
		index, err := env.Index(ctx, lexical.Config{}) // BM25 over sentences
		if err != nil {
			return nil, err
		}
		q := retrieval.TopicQuery(t)
		hits, err := index.Retrieve(ctx, q, 1000)
		if err != nil {
			return nil, err
		}
		keep := filter.Chain(filter.Length{Min: 5, Max: 60}, filter.Noise{}, &filter.Dedup{},
			filter.Argumentative{Scorer: argModel, Threshold: 0.5})
		kept, _, err := filter.SelectHits(ctx, keep, env.Store, hits, 100, nil)
		if err != nil {
			return nil, err
		}
		cands, err := pairing.Candidates(env.Store, kept)
		if err != nil {
			return nil, err
		}
		for i := range cands {
			cands[i].Argumentativeness = argModel.Score(cands[i].Sentence.Text)
		}
		rule := stance.Rule{Labels: env.Store.Stance, Model: stanceModel}
		for i := range cands {
			c := &cands[i]
			if c.Stance, c.StanceConfidence, err = rule.Sentence(ctx, q.Text, c.Sentence.ID, c.Sentence.Text); err != nil {
				return nil, err
			}
		}
		pairs, err := pairing.Builder{}.Build(ctx, q, cands, env.K) // coherent, diverse, never PRO with CON
		if err != nil {
			return nil, err
		}
		pairs, err = pairing.Complete(pairs, env.Store, hits, q.Text, env.K) // consecutive sentences fill the rest
		if err != nil {
			return nil, err
		}
		sp := make([]stance.PairText, len(pairs))
		for i, p := range pairs {
			sp[i] = stance.PairText{Stance: p.Stance, FirstID: p.First.ID, First: p.First.Text, Second: p.Second.Text}
		}
		sides := rule.Sides(q.Text, sp) // PRO or CON for every pair
		results := make([]runfile.Result, len(pairs))
		for i, p := range pairs {
			results[i] = runfile.Result{DocID: p.ID(), Score: p.Score, Stance: sides[i]}
		}
		return results, nil
	})
	run, err := system.Run(ctx, env, mine, "mine") // in memory; runfile.WriteFile writes it
	if err != nil {
		log.Fatal(err)
	}
	table, err := experiment.Experiment{Env: env, Systems: []experiment.System{{Name: "mine", Run: run}}}.Run(ctx)
	if err != nil {
		log.Fatal(err)
	}
	for _, r := range table.Rows {
		fmt.Printf("%s: predicted nDCG@5 %.3f; judged-only %.3f (judged@5 %.2f, depth %.0f)\n",
			r.Judgments, r.Predicted.Mean, r.Judged.Mean, r.JudgedShare, r.Depth)
	}
	// Output:
	// 2022 relevance: predicted nDCG@5 0.650; judged-only 0.437 (judged@5 0.05, depth 274)
	// 2022 quality: predicted nDCG@5 0.749; judged-only 0.481 (judged@5 0.05, depth 274)
	// 2022 coherence: predicted nDCG@5 0.368; judged-only 0.264 (judged@5 0.05, depth 274)
}

// half pairs the candidates two by two, best first: a pairing strategy of
// one's own is a pairing.Pairer.
type half struct{}

func (half) Build(_ context.Context, _ retrieval.Query, cands []pairing.Candidate, k int) ([]pairing.Scored, error) {
	var out []pairing.Scored
	for i := 0; i+1 < len(cands) && len(out) < k; i += 2 {
		out = append(out, pairing.Scored{Pair: pairing.Pair{First: cands[i].Sentence, Second: cands[i+1].Sentence}, Score: cands[i].Retrieval})
	}
	return out, nil
}

// A pairing strategy of one's own (a pairing.Pairer) in a system.Pipeline:
// retrieval, filters, completion and stance as the Pipeline has them, the
// pairs by the Pairer. Package system is not touched.
func Example_ownPairer() {
	p := system.Pipeline{Filters: []filter.Filter{filter.Length{}}, Pair: half{}}
	top := topPair(p)
	fmt.Println(top.QID, top.Stance, top.DocID, top.Rank)
	// Output:
	// 1 CON S1a76ed9f-Ae7cff11e__PREMISE__37,S51530f3f-Ac5b10bae__PREMISE__13 1
}

// topPair runs p on the embedded 2022 sample, 100 pairs a topic, and
// returns the first line of the first topic's run.
func topPair(p system.Pipeline) runfile.Line {
	ctx := context.Background()
	env, err := system.Open(ctx, system.Input{K: 100})
	if err != nil {
		log.Fatal(err)
	}
	defer env.Close()
	run, err := system.Run(ctx, env, p, "mine")
	if err != nil {
		log.Fatal(err)
	}
	return run[env.Topics[0].ID][0]
}

// question rejects questions: a filter of one's own is a filter.Filter.
type question struct{}

func (question) Check(s corpus.Sentence) (bool, filter.Reason) {
	if strings.HasSuffix(strings.TrimSpace(s.Text), "?") {
		return false, "question"
	}
	return true, ""
}

// A filter of one's own (a filter.Filter) among the filters of a
// system.Pipeline: every sentence paired passed it. Package system is not
// touched.
func Example_ownFilter() {
	p := system.Pipeline{Filters: []filter.Filter{filter.Length{}, question{}}, Pair: pairing.Next{}}
	top := topPair(p)
	fmt.Println(top.QID, top.Stance, top.DocID)
	// Output:
	// 1 CON S1a76ed9f-Ae7cff11e__PREMISE__37,S1a76ed9f-Ae7cff11e__PREMISE__38
}

// shortFirst scores the candidates by their length, the shortest best: a
// re-ranker of one's own is a pairing.Reranker.
type shortFirst struct{}

func (shortFirst) Rerank(_ context.Context, _ retrieval.Query, cands []pairing.Candidate) error {
	for i := range cands {
		cands[i].Retrieval = -float64(len(cands[i].Sentence.Text))
	}
	slices.SortStableFunc(cands, func(a, b pairing.Candidate) int { return cmp.Compare(b.Retrieval, a.Retrieval) })
	return nil
}

// A re-ranker of one's own (a pairing.Reranker) in a system.Pipeline: the
// candidates reach the pairer with its scores, and each is paired with the
// next sentence of its argument, the shortest candidate's pair first.
// Package system is not touched.
func Example_ownReranker() {
	p := system.Pipeline{Filters: []filter.Filter{filter.Length{}}, Rerank: []pairing.Reranker{shortFirst{}}, Pair: pairing.Next{}}
	top := topPair(p)
	fmt.Println(top.QID, top.Stance, top.DocID)
	// Output:
	// 1 CON Sc065954f-Ae72bc9c6__PREMISE__47,Sc065954f-Ae72bc9c6__CONC__1
}

// proOnly writes every pair PRO: a stance step of one's own is a
// stance.Decider.
type proOnly struct{}

func (proOnly) Sentence(context.Context, string, string, string) (stance.Stance, float64, error) {
	return stance.Pro, 1, nil
}

func (proOnly) Sides(_ string, pairs []stance.PairText) []stance.Stance {
	return slices.Repeat([]stance.Stance{stance.Pro}, len(pairs))
}

// A stance step of one's own (a stance.Decider) in a system.Pipeline: it
// gives the candidates their stances, which the pair builder reads, and
// the pairs their sides. Package system is not touched.
func Example_ownStance() {
	top := topPair(system.Pipeline{Stance: proOnly{}})
	fmt.Println(top.QID, top.Stance, top.DocID)
	// Output:
	// 1 PRO S1a76ed9f-Ae7cff11e__PREMISE__37,Sc065954f-Ae72bc9c6__CONC__1
}

// keywords keeps the title's words after "Should": a query rewriter of
// one's own is a rewrite.Rewriter.
type keywords struct{}

func (keywords) Rewrite(q retrieval.Query) retrieval.Query {
	q.Text = strings.TrimPrefix(q.Text, "Should ")
	return q
}

// A query rewriter of one's own (a rewrite.Rewriter) in a system.Pipeline:
// the retrieval searches the rewritten query. Package system is not
// touched.
func Example_ownRewriter() {
	top := topPair(system.Pipeline{Rewrite: []rewrite.Rewriter{keywords{}}})
	fmt.Println(top.QID, top.Stance, top.DocID)
	// Output:
	// 1 CON S1a76ed9f-Ae7cff11e__PREMISE__37,Sc065954f-Ae72bc9c6__CONC__1
}
