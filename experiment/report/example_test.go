package report_test

import (
	"bytes"
	"context"
	"fmt"
	"log"
	"strings"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/experiment"
	"github.com/argsearch/argsearch/experiment/report"
	"github.com/argsearch/argsearch/runfile"
)

// The report of two runs made before, on the official 2022 judgments of
// topic 1. Without an Env the pairs show their ids and labels; with one
// (system.Open) they show their texts and the topics theirs.
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
	x := experiment.Experiment{
		Judgments: judgments,
		Systems:   []experiment.System{{Name: "mine", Run: mine}, {Name: "theirs", Run: theirs}},
	}
	table, err := x.Run(context.Background())
	if err != nil {
		log.Fatal(err)
	}
	var b bytes.Buffer
	if err := report.Write(&b, x, table, report.Options{Title: "Mine against theirs", Command: []string{"mytool", "-html", "report.html"}}); err != nil {
		log.Fatal(err)
	}
	page := b.String()
	fmt.Println("pair cards:", strings.Count(page, `<article class="card`))
	fmt.Println("shared:", strings.Count(page, `<article class="card shared"`))
	fmt.Println("plots:", strings.Count(page, `<figure class="plot"`))
	fmt.Println("labelled 2 on relevance:", strings.Count(page, `<span class="badge l2">relevance 2</span>`))
	fmt.Println("scripts:", strings.Count(page, "<script"))
	// Output:
	// pair cards: 4
	// shared: 4
	// plots: 5
	// labelled 2 on relevance: 2
	// scripts: 0
}
