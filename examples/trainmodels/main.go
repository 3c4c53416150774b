// Command trainmodels trains the models shipped in models/ from UKP
// Sentential, reproducibly: the same data and seed give byte-identical
// files.
//
// Run it from the repository root:
//
//	go run ./examples/trainmodels [-data ../shared/data/labeled] [-out models]
//
// Both models are trained on the train and val splits of all eight UKP
// Sentential topics (the test split stays held out for evaluation), with
// seed 1; it prints each file's size and SHA-256. -out is created if it
// does not exist.
//
// # The labelled data
//
// The data is not part of the module (its licence, CC BY-NC, differs from
// the code's). Training reads only DIR/ukp-sentential/*.tsv under the -data
// directory (default ../shared/data/labeled): the UKP Sentential Argument
// Mining Corpus (Stab et al., EMNLP 2018; TU Darmstadt's UKP Lab; from
// https://tudatalib.ulb.tu-darmstadt.de/handle/tudatalib/2345), one
// tab-separated file per topic (abortion.tsv, cloning.tsv, ...) with the
// header columns topic, retrievedUrl, archivedUrl, sentenceHash, sentence,
// annotation (Argument_for, Argument_against, NoArgument) and set (train,
// val, test). The release leaves the sentence column empty for copyright
// reasons; its completion pipeline fills it in from the Wayback Machine,
// and trainmodels refuses empty sentences. The IBM Debater data that
// examples/evaltaggers also reads (DIR/ibm-evidence/) is not needed.
//
// Without the files, the error says what goes where; -h prints the layout
// of the whole -data directory. A bad command line exits 2, a failure 1.
package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/argsearch/argsearch/classify"
	"github.com/argsearch/argsearch/examples/internal/cli"
	"github.com/argsearch/argsearch/internal/labeled"
	"github.com/argsearch/argsearch/stance"
)

// trainedOn names the training data and its licence in both model files.
const trainedOn = "UKP Sentential Argument Mining Corpus (Stab et al. 2018), train+val splits of all 8 topics; CC BY-NC"

// argConfig and stanceConfig are the training configurations of the shipped
// models; examples/evaltaggers evaluates the same ones.
func argConfig() classify.TrainConfig {
	return classify.TrainConfig{Balanced: true, Bits: 17, Seed: 1, TrainedOn: trainedOn}
}

func stanceConfig() classify.TrainConfig {
	return classify.TrainConfig{Balanced: true, Bits: 17, Seed: 1, TrainedOn: trainedOn}
}

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
}

// about is the paragraph -h prints before labeled.Sources.
const about = `Trainmodels trains the two models shipped in models/ (argumentative.lin and stance.lin) from the train and val splits of the eight UKP Sentential topics, reproducibly: the same data gives byte-identical files, and it prints each file's size and SHA-256. Run it from the repository root with -out models to reproduce the shipped files.`

// run runs the command with args (without the program name) and returns
// the exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	c := cli.New("trainmodels", "trainmodels [-data DIR] [-out DIR]",
		about+"\n\n"+labeled.Sources+"\n\nTraining reads only DIR/ukp-sentential/; the IBM data is not needed.",
		stdout, stderr)
	dir := c.Flags.String("data", "../shared/data/labeled", "labelled data `directory` (training reads its ukp-sentential/)")
	out := c.Flags.String("out", "models", "`directory` to write argumentative.lin and stance.lin to (created if missing)")
	c.Check(func() error {
		switch {
		case *dir == "":
			return cli.Usagef("-data \"\", want a directory")
		case *out == "":
			return cli.Usagef("-out \"\", want a directory")
		}
		return nil
	})
	return c.Run(args, func([]string) error { return train(ctx, *dir, *out, stdout) })
}

// train trains both models from the UKP files under dir, writes them to
// out (created if missing) and reports their sizes and hashes to report.
func train(ctx context.Context, dir, out string, report io.Writer) error {
	if err := labeled.Missing(dir, labeled.UKP); err != nil {
		return fmt.Errorf("%w; see 'trainmodels -h'", err)
	}
	ukp, err := labeled.ReadUKPDir(filepath.Join(dir, labeled.UKP))
	if err != nil {
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return fmt.Errorf("-out: %w", err)
	}
	var argX []classify.ArgumentExample
	var stX []classify.StanceExample
	for _, s := range ukp {
		if s.Set == "test" {
			continue
		}
		argX = append(argX, classify.ArgumentExample{Text: s.Text, Argument: s.Label != labeled.NoArgument})
		st := stance.No
		switch s.Label {
		case labeled.ArgumentFor:
			st = stance.Pro
		case labeled.ArgumentAgainst:
			st = stance.Con
		}
		stX = append(stX, classify.StanceExample{Topic: s.Topic, Text: s.Text, Stance: st})
	}
	am, err := classify.TrainArgumentModel(ctx, argX, argConfig())
	if err != nil {
		return err
	}
	if err := write(report, filepath.Join(out, "argumentative.lin"), am); err != nil {
		return err
	}
	sm, err := classify.TrainStanceModel(ctx, stX, stanceConfig())
	if err != nil {
		return err
	}
	return write(report, filepath.Join(out, "stance.lin"), sm)
}

// write writes m to the file name and reports its size and SHA-256.
func write(report io.Writer, name string, m io.WriterTo) error {
	var buf bytes.Buffer
	if _, err := m.WriteTo(&buf); err != nil {
		return err
	}
	if err := os.WriteFile(name, buf.Bytes(), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(report, "%s\t%d bytes\tsha256 %x\n", name, buf.Len(), sha256.Sum256(buf.Bytes()))
	return nil
}
