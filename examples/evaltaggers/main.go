package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/argsearch/argsearch/classify"
	"github.com/argsearch/argsearch/examples/internal/cli"
	"github.com/argsearch/argsearch/examples/internal/labeled"
)

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
}

// about is what -h says before labeled.Layout.
const about = `Evaltaggers measures the stance taggers and the argumentativeness model on labelled data and prints a Markdown table: accuracy and macro-F1 on UKP Sentential in-topic and cross-topic, the shipped models, argumentativeness on the IBM Debater Evidence Sentences, the IBM Claim Stance motions left out one at a time, pair agreement, and document stance.

The labelled data is not part of the module (its licences differ from the code's). Lay it out under the -data directory as follows (the package documentation says where to get it):`

// run runs the command with args (without the program name) and returns
// the exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	c := cli.New("evaltaggers", "evaltaggers [-data DIR] [-split test|val] [-seed 1]", about+"\n\n"+labeled.Layout, stdout, stderr)
	dir := c.Flags.String("data", "../shared/data/labeled", "labelled data `directory`")
	evalSet := c.OneOf("split", []string{"test", "val"}, "UKP split to evaluate on (val for tuning)")
	seed := c.Flags.Uint64("seed", 1, "training seed")
	c.Check(func() error {
		if *dir == "" {
			return cli.Usagef("-data \"\", want a directory")
		}
		return nil
	})
	return c.Run(args, func([]string) error { return evaluate(ctx, *dir, *evalSet, *seed, stdout) })
}

// evaluate reads the labelled data under dir and prints the table to
// stdout.
func evaluate(ctx context.Context, dir, evalSet string, seed uint64, stdout io.Writer) error {
	d, err := loadData(dir)
	if err != nil {
		return err
	}
	topics := d.topics()
	fmt.Fprintln(stdout, "| system | setting | N | accuracy | macro-F1 | mean topic macro-F1 |")
	fmt.Fprintln(stdout, "|---|---|---|---|---|---|")
	for _, sys := range stanceSystems(seed, stanceConfig(), d.claims) {
		rs, err := evalStance(ctx, d, sys, evalSet, topics)
		if err != nil {
			return err
		}
		for _, r := range rs {
			fmt.Fprintln(stdout, r)
		}
	}
	// The shipped models, trained on UKP train+val of all topics, on the
	// in-topic test split.
	sm, err := classify.ShippedStanceModel()
	if err != nil {
		return err
	}
	f := d.inTopic(evalSet)
	g, p, err := scoreStance(ctx, sm, f.test, nil, nil)
	if err != nil {
		return err
	}
	c, err := labeled.Classify(g, p)
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, result{system: "linear (shipped classify/stance.lin)", setting: "in-topic", c: c})
	am, err := classify.ShippedArgumentModel()
	if err != nil {
		return err
	}
	g, p = nil, nil
	for _, s := range f.test {
		g = append(g, argLabel(s.Label != labeled.NoArgument))
		p = append(p, argLabel(am.Score(s.Text) >= argumentThreshold))
	}
	if c, err = labeled.Classify(g, p); err != nil {
		return err
	}
	fmt.Fprintln(stdout, result{system: "argumentative (shipped classify/argumentative.lin)", setting: "in-topic", c: c})
	ac := argConfig()
	ac.Seed = seed
	rs, err := evalArgumentative(ctx, d, ac, evalSet, topics)
	if err != nil {
		return err
	}
	for _, r := range rs {
		fmt.Fprintln(stdout, r)
	}
	cfg := stanceConfig()
	cfg.Seed = seed
	if err := claimStance(ctx, d, cfg, stdout); err != nil {
		return err
	}
	// Pair agreement and document stance.
	pa, err := pairAgreement(ctx, d, cfg, evalSet, topics)
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, pa)
	docs, err := evalDocuments(ctx, d, cfg, ac, evalSet, topics)
	if err != nil {
		return err
	}
	argsme, err := evalArgsMe(ctx, sm, am)
	if err != nil {
		return err
	}
	for _, r := range append(docs, argsme...) {
		fmt.Fprintln(stdout, r)
	}
	if d.quality == nil {
		fmt.Fprintf(stdout, "\n(no %s: the Webis-ArgQuality-20 rows are left out)\n", argQualityFile)
		return nil
	}
	qa, qb, err := evalArgQuality(ctx, d.quality, sm, am)
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, qa)
	fmt.Fprintln(stdout, qb)
	return nil
}

// claimStance prints, when the IBM Debater Claim Stance train split is
// there, how often the stance model's side (StanceModel.Side: PRO or CON,
// the more likely) is the claim's stance towards its motion, leaving motions
// out: for each of the 25 motions a model in the shipped configuration is
// trained on UKP's train and val sentences and the claims of the other 24
// motions, and tags the held-out motion's claims. The majority row always
// answers the more frequent stance of the split.
func claimStance(ctx context.Context, d *data, cfg classify.TrainConfig, stdout io.Writer) error {
	if d.claims == nil {
		fmt.Fprintf(stdout, "\n(no %s/train.csv: the IBM Claim Stance rows are left out)\n", labeled.IBMClaimStance)
		return nil
	}
	var ukp []labeled.UKPSentence
	for _, s := range d.ukp {
		if s.Set != "test" {
			ukp = append(ukp, s)
		}
	}
	pros := 0
	var motions []string
	for _, c := range d.claims {
		if c.Pro {
			pros++
		}
		if !slices.Contains(motions, c.TopicID) {
			motions = append(motions, c.TopicID)
		}
	}
	most := "CON"
	if 2*pros >= len(d.claims) {
		most = "PRO"
	}
	var gold, pred, majority []string
	for _, motion := range motions {
		m, err := classify.TrainStanceModel(ctx, append(stanceExamples(ukp), claimExamples(d.claims, motion)...), cfg)
		if err != nil {
			return err
		}
		for _, c := range d.claims {
			if c.TopicID != motion {
				continue
			}
			s, _ := m.Side(c.Topic, c.Text)
			gold, pred, majority = append(gold, c.Stance().String()), append(pred, s.String()), append(majority, most)
		}
	}
	setting := fmt.Sprintf("IBM claim stance, %d motions, each left out, PRO/CON", len(motions))
	for _, row := range []struct {
		system string
		pred   []string
	}{{"linear + IBM claims (shipped configuration), side", pred}, {"majority", majority}} {
		c, err := labeled.Classify(gold, row.pred)
		if err != nil {
			return err
		}
		fmt.Fprintln(stdout, result{system: row.system, setting: setting, c: c})
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
