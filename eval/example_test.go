package eval_test

import (
	"errors"
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/runfile"
)

// Evaluate a run the way "trec_eval -q -m P.2 -m ndcg_cut.2 -m map" does.
func Example() {
	qrels, err := eval.ReadQrels(strings.NewReader(`1 0 a 2
1 0 b 0
1 0 c 1
2 0 d 1
`))
	if err != nil {
		log.Fatal(err)
	}
	run, err := runfile.NewReader(strings.NewReader(`1 Q0 b 1 9.5 myrun
1 Q0 a 2 7.0 myrun
1 Q0 x 3 7.0 myrun
2 Q0 d 1 3.0 myrun
`)).ReadRun()
	if err != nil {
		log.Fatal(err)
	}
	var measures []eval.Measure
	for _, s := range []string{"P.2", "ndcg_cut.2", "map"} {
		m, err := eval.ParseMeasure(s)
		if err != nil {
			log.Fatal(err)
		}
		measures = append(measures, m)
	}
	e, err := eval.Evaluate(qrels, run, eval.Options{Measures: measures})
	if err != nil {
		log.Fatal(err)
	}
	if err := e.WriteTrecEval(os.Stdout, true); err != nil {
		log.Fatal(err)
	}
	// Output:
	// map                   	1	0.1667
	// P_2                   	1	0.0000
	// ndcg_cut_2            	1	0.0000
	// map                   	2	1.0000
	// P_2                   	2	0.5000
	// ndcg_cut_2            	2	1.0000
	// map                   	all	0.5833
	// P_2                   	all	0.2500
	// ndcg_cut_2            	all	0.5000
}

// Touché's official tables report nDCG@5 on judged-only rankings, with a
// bootstrap confidence interval over topics.
func ExampleBootstrap() {
	judgments, err := eval.Official(2021)
	if err != nil {
		log.Fatal(err)
	}
	qrels := judgments.Qrels(eval.Relevance)
	// A toy run: for every topic, its judged documents in reverse order of
	// their ids, scored 1, 2, 3, …
	run := make(runfile.Run)
	for j := range qrels.All() {
		rs := run[j.Topic]
		run[j.Topic] = append(rs, runfile.Line{DocID: j.DocID, Score: float64(len(rs) + 1)})
	}
	ndcg5, _ := eval.ParseMeasure("ndcg_cut.5")
	e, err := eval.Evaluate(qrels, run, eval.Options{JudgedOnly: true, Complete: true, Measures: []eval.Measure{ndcg5}})
	if err != nil {
		log.Fatal(err)
	}
	perTopic, err := e.PerTopic("nDCG@5")
	if err != nil {
		log.Fatal(err)
	}
	ci, err := eval.Bootstrap{Seed: 1}.CI(perTopic)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("topics %d\n", len(perTopic))
	fmt.Println(ci.Low < ci.Mean && ci.Mean < ci.High)
	// Output:
	// topics 50
	// true
}

func ExamplePairedTest() {
	// Per-topic nDCG@5 of two systems on the same five topics.
	a := []float64{0.62, 0.71, 0.55, 0.80, 0.67}
	b := []float64{0.50, 0.69, 0.41, 0.66, 0.60}
	for _, method := range []string{"ttest", "permutation", "wilcoxon"} {
		p, err := eval.PairedTest{Method: method}.P(a, b)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%-11s p=%.4f\n", method, p)
	}
	// Output:
	// ttest       p=0.0137
	// permutation p=0.0625
	// wilcoxon    p=0.0625
}

func ExampleOfficial() {
	j, err := eval.Official(2022)
	if err != nil {
		log.Fatal(err)
	}
	pair := "Sc065954f-Ae72bc9c6__PREMISE__41,Sc065954f-Ae72bc9c6__CONC__1"
	for _, d := range j.Dimensions() {
		label, _ := j.Qrels(d).Label("1", pair)
		fmt.Println(d, j.Qrels(d).Len(), label)
	}
	// Output:
	// relevance 6841 2
	// quality 6841 2
	// coherence 6841 2
}

// The 2022 judgments split by topic, as for training on some topics and
// testing on the others.
func ExampleJudgments_Subset() {
	j, err := eval.Official(2022)
	if err != nil {
		log.Fatal(err)
	}
	train := j.Subset([]string{"1", "3", "999"}) // topic 999 is not judged
	for _, d := range train.Dimensions() {
		fmt.Println(d, train.Qrels(d).Topics(), train.Qrels(d).Len())
	}
	fmt.Println(len(j.Subset(nil).Qrels(eval.Relevance).Topics()), "topics")
	// Output:
	// relevance [1 3] 280
	// quality [1 3] 280
	// coherence [1 3] 280
	// 0 topics
}

// A Touché 2022 run ranks sentence pairs; the 2021 judgments rate whole
// arguments. Options.Pairs maps each pair to the argument of its first
// sentence (an argument counts once, at its best pair) before scoring.
// Without it, nothing of the run is judged, and Evaluate says so.
func ExampleOptions_pairs() {
	qrels, err := eval.ReadQrels(strings.NewReader("51 0 A 2\n51 0 B 0\n"))
	if err != nil {
		log.Fatal(err)
	}
	pairs, err := runfile.NewReader(strings.NewReader(`51 PRO A__PREMISE__1,A__CONC__1 1 0.9 pairs
51 PRO A__PREMISE__2,B__PREMISE__1 2 0.8 pairs
51 CON B__PREMISE__3,B__CONC__1 3 0.7 pairs
`)).ReadRun()
	if err != nil {
		log.Fatal(err)
	}
	ndcg, err := eval.ParseMeasure("nDCG@5")
	if err != nil {
		log.Fatal(err)
	}
	_, err = eval.Evaluate(qrels, pairs, eval.Options{Measures: []eval.Measure{ndcg}})
	fmt.Println(errors.Is(err, eval.ErrNothingJudged))
	e, err := eval.Evaluate(qrels, pairs, eval.Options{Measures: []eval.Measure{ndcg}, Pairs: eval.FirstSentence})
	if err != nil {
		log.Fatal(err)
	}
	mean, err := e.Mean("nDCG@5")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("nDCG@5 %.4f\n", mean)
	// Output:
	// true
	// nDCG@5 1.0000
}

// With shallow, incomplete judgments such as Touché's, bpref and infAP
// score a run from its judged documents, and unj says how much of its top
// is unjudged: here 2 of the first 5 documents.
func ExampleEvaluate_incomplete() {
	qrels, err := eval.ReadQrels(strings.NewReader(`# topic 1: a and c relevant, b not, d spam
1 0 a 2
1 0 b 0
1 0 c 1
1 0 d -2
`))
	if err != nil {
		log.Fatal(err)
	}
	run, err := runfile.NewReader(strings.NewReader(`1 Q0 x 1 5 myrun
1 Q0 a 2 4 myrun
1 Q0 b 3 3 myrun
1 Q0 d 4 2 myrun
1 Q0 c 5 1 myrun
`)).ReadRun()
	if err != nil {
		log.Fatal(err)
	}
	measures := []eval.Measure{{Name: "bpref"}, {Name: "infAP"}, {Name: "unj", Cutoffs: []int{5}}, {Name: "map"}}
	e, err := eval.Evaluate(qrels, run, eval.Options{Measures: measures})
	if err != nil {
		log.Fatal(err)
	}
	if err := e.WriteTrecEval(os.Stdout, false); err != nil {
		log.Fatal(err)
	}
	// Output:
	// map                   	all	0.4500
	// bpref                 	all	0.5000
	// infAP                 	all	0.5000
	// unj_5                 	all	0.4000
}
