package own_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"strings"
	"time"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/eval/own"
	"github.com/argsearch/argsearch/experiment"
	"github.com/argsearch/argsearch/runfile"
)

// Read an own-judgments file and let an experiment score a run with it:
// the own labels fill in what the official judgments leave unjudged, in
// figures of their own (Row.Own, Row.OwnShare); the official figures stay
// as they were.
func ExampleRead() {
	// The official judgments judge two of the run's three pairs.
	official, err := eval.ReadQrels(strings.NewReader("1 0 a,b 2\n1 0 c,d 0\n"))
	if err != nil {
		log.Fatal(err)
	}
	judgments, err := eval.NewJudgments("official", []eval.Dimension{eval.Relevance}, []*eval.Qrels{official})
	if err != nil {
		log.Fatal(err)
	}
	run, err := runfile.NewRun("mine", runfile.Rules{}, map[string][]runfile.Result{
		"1": {{DocID: "a,b", Score: 3}, {DocID: "c,d", Score: 2}, {DocID: "e,f", Score: 1}},
	})
	if err != nil {
		log.Fatal(err)
	}

	// The annotator judged e,f, as the judge command writes it.
	file := "#argsearch-judgments 1\ttopic\tpair\trelevance\tquality\tcoherence\tannotator\ttime\taction\n" +
		"1\te,f\t2\t1\t1\tAda\t2026-11-27T09:00:00Z\tjudged\n"
	mine, err := own.Read(strings.NewReader(file), "ada.tsv")
	if err != nil {
		log.Fatal(err)
	}

	x := experiment.Experiment{
		Judgments: judgments,
		Systems:   []experiment.System{{Name: "mine", Run: run}},
		Own:       []*eval.Judgments{mine.Judgments()},
	}
	t, err := x.Run(context.Background())
	if err != nil {
		log.Fatal(err)
	}
	r := t.Rows[0]
	fmt.Printf("official: nDCG@5 %.4f, judged@5 %.2f\n", r.NDCG.Mean, r.JudgedShare)
	fmt.Printf("official + %d own: nDCG@5 %.4f, judged@5 %.2f\n", t.Own, r.Own.Mean, r.OwnShare)
	// Output:
	// official: nDCG@5 1.0000, judged@5 0.40
	// official + 1 own: nDCG@5 0.9197, judged@5 0.60
}

// Write an own-judgments file: the header, then a line per judgment. A
// changed mind is a correction; other labels without one are refused, as
// Read would refuse the file.
func ExampleWriter() {
	at := time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)
	w := own.NewWriter(os.Stdout)
	first := own.Annotation{Topic: "34", Pair: "S1__PREMISE__2,S1__PREMISE__3", Relevance: 2, Quality: 1, Coherence: 1, Annotator: "Ada", Time: at}
	if err := w.Write(first); err != nil {
		log.Fatal(err)
	}
	fix := first
	fix.Relevance, fix.Corrects, fix.Time = 1, true, at.Add(time.Minute)
	if err := w.Write(fix); err != nil {
		log.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
	err := w.Write(first) // relevance 2 again, without Corrects
	fmt.Println(err)
	// Output:
	// #argsearch-judgments 1	topic	pair	relevance	quality	coherence	annotator	time	action
	// 34	S1__PREMISE__2,S1__PREMISE__3	2	1	1	Ada	2026-11-27T09:00:00Z	judged
	// 34	S1__PREMISE__2,S1__PREMISE__3	1	1	1	Ada	2026-11-27T09:01:00Z	corrected
	// own: topic "34", pair "S1__PREMISE__2,S1__PREMISE__3" labelled relevance 2, quality 1, coherence 1, but relevance 1, quality 1, coherence 1 before (set Corrects to change labels): conflicting judgments
}

// Two annotators' files, and how far they agree.
func ExampleAgreement() {
	at := time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)
	judge := func(annotator string, relevance ...int) *own.Annotations {
		var b strings.Builder
		w := own.NewWriter(&b)
		for i, r := range relevance {
			w.Write(own.Annotation{Topic: "34", Pair: fmt.Sprintf("S%d__CONC__1,S%d__PREMISE__1", i, i), Relevance: r, Quality: 1, Coherence: 1, Annotator: annotator, Time: at})
		}
		if err := w.Flush(); err != nil {
			log.Fatal(err)
		}
		a, err := own.Read(strings.NewReader(b.String()), annotator+".tsv")
		if err != nil {
			log.Fatal(err)
		}
		return a
	}
	kappa, n := own.Agreement(judge("ada", 1, -2, 0), judge("bob", 1, 0, 0))
	fmt.Printf("relevance κ %.2f over %d pairs\n", kappa[eval.Relevance], n)
	// Output:
	// relevance κ 0.50 over 3 pairs
}
