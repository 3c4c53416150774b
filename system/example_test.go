package system_test

import (
	"context"
	"fmt"
	"log"

	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/stance"
	"github.com/argsearch/argsearch/system"
	"github.com/argsearch/argsearch/topics"
)

// Run the baseline on the embedded 2021 sample, in memory, and print the
// two pairs of its first topic.
func ExampleRun() {
	ctx := context.Background()
	env, err := system.Open(ctx, system.Input{Sample: 2021, K: 2})
	if err != nil {
		log.Fatal(err)
	}
	defer env.Close()
	run, err := system.Run(ctx, env, system.Baseline{}, "baseline")
	if err != nil {
		log.Fatal(err)
	}
	for _, l := range run[env.Topics[0].ID] {
		fmt.Println(l.QID, l.Stance, l.DocID, l.Rank, l.Score, l.Tag)
	}
	// Output:
	// 51 PRO S471f6ceb-Ab64777b5__PREMISE__29,S471f6ceb-Ab64777b5__CONC__1 1 6.149569249518718 baseline
	// 51 CON S81a3881b-Aaf908466__PREMISE__1,S81a3881b-Aaf908466__CONC__1 2 5.861411057483827 baseline
}

// The published Touché 2022 systems, as configurations of the library's
// parts.
func ExampleRecipes() {
	for _, r := range system.Recipes() {
		fmt.Printf("%s: %T\n", r.Name, r.System)
	}
	// Output:
	// porthos: system.Pipeline
	// daario-naharis: system.Pipeline
	// bruce-banner: system.Pipeline
	// dartagnan: system.Pipeline
	// gamora: system.Pipeline
	// hit-girl: system.Pipeline
	// pearl: system.Pipeline
	// gorgon: system.Pipeline
	// general-grevious: system.Pipeline
	// swordsman: system.Swordsman
	// korg: system.Pipeline
}

// A recipe by its name, changed before it runs.
func ExampleFindRecipe() {
	r, err := system.FindRecipe("porthos")
	if err != nil {
		log.Fatal(err)
	}
	p := r.System.(system.Pipeline)
	p.Pool = 200
	fmt.Println(r.Name, p.Pool)
	_, err = system.FindRecipe("athos")
	fmt.Println(err)
	// Output:
	// porthos 200
	// system: no recipe "athos" (the recipes: porthos, daario-naharis, bruce-banner, dartagnan, gamora, hit-girl, pearl, gorgon, general-grevious, swordsman, korg)
}

// Two systems' rankings fused by reciprocal rank: a pair both rank high
// leads, with the stance of the system that ranks it higher (c,d: PRO,
// the second system's first).
func ExampleFusion() {
	list := func(rs ...runfile.Result) system.Func {
		return func(context.Context, *system.Env, topics.Topic) ([]runfile.Result, error) { return rs, nil }
	}
	first := list(runfile.Result{DocID: "a,b", Score: 9, Stance: stance.Pro}, runfile.Result{DocID: "c,d", Score: 8, Stance: stance.Con})
	second := list(runfile.Result{DocID: "c,d", Score: 0.9, Stance: stance.Pro}, runfile.Result{DocID: "e,f", Score: 0.8, Stance: stance.Con})
	fused := system.Fusion{Systems: []system.System{first, second}} // Method "rrf", RRF 60
	fmt.Println(fused.Stances())

	ctx := context.Background()
	env, err := system.Open(ctx, system.Input{Sample: 2021, K: 3})
	if err != nil {
		log.Fatal(err)
	}
	defer env.Close()
	run, err := system.Run(ctx, env, fused, "fused")
	if err != nil {
		log.Fatal(err)
	}
	for _, l := range run[env.Topics[0].ID] {
		fmt.Printf("%s %s %d %.5f\n", l.Stance, l.DocID, l.Rank, l.Score)
	}
	// Output:
	// [PRO CON]
	// PRO c,d 1 0.03252
	// PRO a,b 2 0.01639
	// CON e,f 3 0.01613
}
