package experiment_test

import (
	"context"
	"fmt"
	"log"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/experiment"
	"github.com/argsearch/argsearch/runfile"
)

// Two runs made before (read with runfile.ReadFile, or made with
// runfile.NewRun as here), compared on the official 2022 relevance,
// quality and coherence judgments of topic 1, in TSV for a program.
func Example() {
	judgments, err := eval.Official(2022)
	if err != nil {
		log.Fatal(err)
	}
	judged := "Sc065954f-Ae72bc9c6__PREMISE__41,Sc065954f-Ae72bc9c6__CONC__1" // 2, 2, 2
	mine, err := runfile.NewRun("mine", runfile.Rules{}, map[string][]runfile.Result{
		"1": {{DocID: judged, Score: 2}, {DocID: "x__PREMISE__1,y__PREMISE__2", Score: 1}},
	})
	if err != nil {
		log.Fatal(err)
	}
	theirs, err := runfile.NewRun("theirs", runfile.Rules{}, map[string][]runfile.Result{
		"1": {{DocID: "x__PREMISE__1,y__PREMISE__2", Score: 2}, {DocID: judged, Score: 1}},
	})
	if err != nil {
		log.Fatal(err)
	}
	table, err := experiment.Experiment{
		Judgments: judgments,
		Systems:   []experiment.System{{Name: "mine", Run: mine}, {Name: "theirs", Run: theirs}},
	}.Run(context.Background())
	if err != nil {
		log.Fatal(err)
	}
	for _, r := range table.Rows {
		fmt.Printf("%-6s %-15s nDCG@5 %.4f judged-only %.4f judged@5 %.2f\n", r.System, r.Judgments, r.NDCG.Mean, r.Judged.Mean, r.JudgedShare)
	}
	// Output:
	// mine   2022 relevance  nDCG@5 0.3392 judged-only 0.3392 judged@5 0.20
	// theirs 2022 relevance  nDCG@5 0.2140 judged-only 0.3392 judged@5 0.20
	// mine   2022 quality    nDCG@5 0.3392 judged-only 0.3392 judged@5 0.20
	// theirs 2022 quality    nDCG@5 0.2140 judged-only 0.3392 judged@5 0.20
	// mine   2022 coherence  nDCG@5 0.3392 judged-only 0.3392 judged@5 0.20
	// theirs 2022 coherence  nDCG@5 0.2140 judged-only 0.3392 judged@5 0.20
}

// Choose a system's setting on some topics and report it on the others:
// here two "settings" are two runs, chosen by judged-only nDCG@5 in five
// folds of the 2021 topics.
func ExampleSweep() {
	judgments, err := eval.Official(2021)
	if err != nil {
		log.Fatal(err)
	}
	// A run that ranks each topic's judged arguments by their ids, and
	// one that ranks them the other way round.
	forward, backward := map[string][]runfile.Result{}, map[string][]runfile.Result{}
	for j := range judgments.Qrels(eval.Relevance).All() {
		n := float64(len(forward[j.Topic]))
		forward[j.Topic] = append(forward[j.Topic], runfile.Result{DocID: j.DocID, Score: -n})
		backward[j.Topic] = append(backward[j.Topic], runfile.Result{DocID: j.DocID, Score: n})
	}
	var variants []experiment.System
	for name, rs := range map[string]map[string][]runfile.Result{"forward": forward, "backward": backward} {
		run, err := runfile.NewRun(name, runfile.Rules{}, rs)
		if err != nil {
			log.Fatal(err)
		}
		variants = append(variants, experiment.System{Name: name, Run: run})
	}
	if variants[0].Name != "forward" {
		variants[0], variants[1] = variants[1], variants[0]
	}
	res, err := experiment.Sweep{Experiment: experiment.Experiment{Judgments: judgments, Systems: variants}, Folds: 5}.Run(context.Background())
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("chosen per fold:", res.Chosen)
	fmt.Printf("reported on %d topics: judged-only nDCG@5 %.4f\n", len(res.PerTopic), res.Reported.Mean)
	// Output:
	// chosen per fold: [forward backward backward backward forward]
	// reported on 50 topics: judged-only nDCG@5 0.3643
}
