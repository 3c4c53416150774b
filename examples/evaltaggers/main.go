// Command evaltaggers measures the stance taggers and the argumentativeness
// model on labelled data: accuracy and macro-F1 on UKP Sentential in-topic
// (its split column) and cross-topic (leave one topic out), and, for
// argumentativeness, on the IBM Debater evidence test split.
//
// Run it from the repository root:
//
//	go run ./examples/evaltaggers -data ../shared/data/labeled
package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"github.com/argsearch/argsearch/classify"
	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/internal/labeled"
	"github.com/argsearch/argsearch/models"
)

func main() {
	dir := flag.String("data", "../shared/data/labeled", "directory holding ukp-sentential/ and ibm-evidence/")
	evalSet := flag.String("split", "test", "UKP split to evaluate on: test, or val for tuning")
	seed := flag.Uint64("seed", 1, "training seed")
	flag.Parse()
	if err := run(context.Background(), *dir, *evalSet, *seed); err != nil {
		fmt.Fprintln(os.Stderr, "evaltaggers:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, dir, evalSet string, seed uint64) error {
	d, err := loadData(dir)
	if err != nil {
		return err
	}
	topics := d.topics()
	fmt.Println("| system | setting | N | accuracy | macro-F1 | mean topic macro-F1 |")
	fmt.Println("|---|---|---|---|---|---|")
	for _, sys := range stanceSystems(seed, stanceConfig()) {
		rs, err := evalStance(ctx, d, sys, evalSet, topics)
		if err != nil {
			return err
		}
		for _, r := range rs {
			fmt.Println(r)
		}
	}
	// The shipped models, trained on UKP train+val of all topics, on the
	// in-topic test split.
	sm, err := models.Stance()
	if err != nil {
		return err
	}
	f := d.inTopic(evalSet)
	g, p, err := scoreStance(ctx, sm, f.test, nil, nil)
	if err != nil {
		return err
	}
	c, err := eval.Classify(g, p)
	if err != nil {
		return err
	}
	fmt.Println(result{system: "linear (shipped models/stance.lin)", setting: "in-topic", c: c})
	am, err := models.Argumentative()
	if err != nil {
		return err
	}
	g, p = nil, nil
	for _, s := range f.test {
		ok, _ := am.Classify(s.Text)
		g = append(g, argLabel(s.Label != labeled.NoArgument))
		p = append(p, argLabel(ok))
	}
	if c, err = eval.Classify(g, p); err != nil {
		return err
	}
	fmt.Println(result{system: "argumentative (shipped models/argumentative.lin)", setting: "in-topic", c: c})
	ac := argConfig()
	ac.Seed = seed
	rs, err := evalArgumentative(ctx, d, ac, evalSet, topics)
	if err != nil {
		return err
	}
	for _, r := range rs {
		fmt.Println(r)
	}
	return nil
}

// stanceConfig and argConfig are the training configurations without the
// seed; examples/trainmodels trains the shipped models with the same ones
// and seed 1.
func stanceConfig() classify.TrainConfig { return classify.TrainConfig{Balanced: true, Bits: 17} }

func argConfig() classify.TrainConfig {
	return classify.TrainConfig{Balanced: true, Bits: 17}
}
