package unjudged_test

import (
	"context"
	"fmt"
	"log"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/eval/unjudged"
	"github.com/argsearch/argsearch/internal/docid"
	"github.com/argsearch/argsearch/topics"
)

// A model learns from the judged pairs of a topic, and predicts the
// relevance of a pair of two sentences nobody judged. Real programs use
// semantic/use or semantic/glove as the encoder; words, a toy one, keeps
// the example small.
func Example() {
	ctx := context.Background()
	texts := append(append([]string{}, onTopic...), offTopic...)
	arg := corpus.Argument{ID: "A1", Conclusion: "Nuclear energy"}
	var judgments []eval.Judgment
	for i, text := range texts {
		arg.Sentences = append(arg.Sentences, corpus.Sentence{ID: fmt.Sprintf("A1__PREMISE__%d", i+1), Text: text})
	}
	for i := 0; i+1 < len(texts); i++ {
		if (i >= 9 && i <= 11) || i >= 21 {
			continue // sentences 11, 12, 23 and 24 stay unjudged
		}
		label := 2
		if i >= len(onTopic)-1 {
			label = 0
		}
		judgments = append(judgments, eval.Judgment{Topic: "1", DocID: docid.Pair(arg.Sentences[i].ID, arg.Sentences[i+1].ID), Label: label})
	}
	store, err := corpus.BuildStore(ctx, func(yield func(corpus.Argument, error) bool) { yield(arg, nil) })
	if err != nil {
		log.Fatal(err)
	}
	q, err := eval.NewQrels(judgments)
	if err != nil {
		log.Fatal(err)
	}
	j, err := eval.NewJudgments("example", []eval.Dimension{eval.Relevance}, []*eval.Qrels{q})
	if err != nil {
		log.Fatal(err)
	}
	model, err := unjudged.Train(ctx, j, store, []topics.Topic{{ID: "1", Title: "Is nuclear energy good?"}}, words{})
	if err != nil {
		log.Fatal(err)
	}
	for _, pair := range []string{"A1__PREMISE__1,A1__PREMISE__2", "A1__PREMISE__11,A1__PREMISE__12", "A1__PREMISE__23,A1__PREMISE__24"} {
		label, _, err := model.Label(ctx, "1", pair, eval.Relevance)
		if err != nil {
			log.Fatal(err)
		}
		source := "predicted"
		if _, judged := q.Label("1", pair); judged {
			source = "judged"
		}
		fmt.Printf("%s: %.1f (%s)\n", pair, label, source)
	}
	// Output:
	// A1__PREMISE__1,A1__PREMISE__2: 2.0 (judged)
	// A1__PREMISE__11,A1__PREMISE__12: 1.8 (predicted)
	// A1__PREMISE__23,A1__PREMISE__24: 0.2 (predicted)
}
