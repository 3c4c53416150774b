package pairing_test

import (
	"context"
	"fmt"
	"github.com/argsearch/argsearch/retrieval"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/pairing"
	"github.com/argsearch/argsearch/stance"
)

// The centrality of an argument's sentences: the Swordsman baseline pairs
// the two most central, in reading order.
func ExampleArgsRank_Argument() {
	a := corpus.Argument{ID: "S1", Sentences: []corpus.Sentence{
		{ID: "S1__PREMISE__1", Text: "Zoos keep animals in small cages."},
		{ID: "S1__PREMISE__2", Text: "Animals in cages suffer because they cannot roam."},
		{ID: "S1__PREMISE__3", Text: "I visited one last summer."},
		{ID: "S1__CONC__1", Text: "Zoos should be closed because animals suffer."},
	}}
	c := pairing.ArgsRank{}.Argument(a)
	for i, s := range a.Sentences {
		fmt.Printf("%s %.2f\n", s.ID, c[i])
	}
	// Output:
	// S1__PREMISE__1 0.59
	// S1__PREMISE__2 0.83
	// S1__PREMISE__3 0.00
	// S1__CONC__1 1.00
}

// A Builder pairs the candidates of one query across arguments, never
// joining opposite stances, and keeps the top pairs diverse.
func ExampleBuilder() {
	cands := []pairing.Candidate{
		{Sentence: corpus.Sentence{ID: "A__PREMISE__1", Text: "Nuclear power emits almost no carbon dioxide."},
			Retrieval: 12.5, Argumentativeness: 0.8, Stance: stance.Pro},
		{Sentence: corpus.Sentence{ID: "B__PREMISE__4", Text: "Low-carbon nuclear power slows climate change."},
			Retrieval: 11.0, Argumentativeness: 0.9, Stance: stance.Pro},
		{Sentence: corpus.Sentence{ID: "C__PREMISE__2", Text: "Nuclear power leaves waste that stays dangerous for millennia."},
			Retrieval: 10.2, Argumentativeness: 0.9, Stance: stance.Con},
		{Sentence: corpus.Sentence{ID: "D__PREMISE__1", Text: "Nuclear waste storage sites leak."},
			Retrieval: 9.0, Argumentativeness: 0.7, Stance: stance.Con},
	}
	pairs, err := pairing.Builder{}.Build(context.Background(), retrieval.Query{}, cands, 10)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range pairs {
		fmt.Printf("%s %s %.3f\n", p.Stance, p.ID(), p.Score)
	}
	// Output:
	// PRO A__PREMISE__1,B__PREMISE__4 0.576
	// CON C__PREMISE__2,D__PREMISE__1 0.282
}
