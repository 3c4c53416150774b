package argsearch_test

import (
	"context"
	"fmt"
	"log"
	"os"

	"github.com/argsearch/argsearch/classify"
	"github.com/argsearch/argsearch/experiment"
	"github.com/argsearch/argsearch/filter"
	"github.com/argsearch/argsearch/pairing"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/lexical"
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
	variant.Rerank.Similarity = false // no re-ranking by sentence vectors (averaged GloVe)

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
		pairs, err := pairing.Builder{}.Build(ctx, cands, env.K) // coherent, diverse, never PRO with CON
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

func (half) Build(_ context.Context, cands []pairing.Candidate, k int) ([]pairing.Scored, error) {
	var out []pairing.Scored
	for i := 0; i+1 < len(cands) && len(out) < k; i += 2 {
		p := pairing.InReadingOrder(cands[i].Sentence, cands[i+1].Sentence)
		out = append(out, pairing.Scored{Pair: p, Score: cands[i].Retrieval})
	}
	return out, nil
}

// A pairing strategy of one's own (a pairing.Pairer) in a system.Pipeline:
// retrieval, filters, completion and stance as the Pipeline has them, the
// pairs by the Pairer. Package system is not touched.
func Example_ownPairer() {
	p := system.Pipeline{Pairer: half{}, Length: true}
	ctx := context.Background()
	env, err := system.Open(ctx, system.Input{K: 100})
	if err != nil {
		log.Fatal(err)
	}
	defer env.Close()
	run, err := system.Run(ctx, env, p, "half")
	if err != nil {
		log.Fatal(err)
	}
	top := run[env.Topics[0].ID][0]
	fmt.Println(top.QID, top.Stance, top.DocID, top.Rank)
	// Output:
	// 1 PRO S51530f3f-Ac5b10bae__PREMISE__13,S1a76ed9f-Ae7cff11e__PREMISE__37 1
}
