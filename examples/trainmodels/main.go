// Command trainmodels trains the models shipped in models/ from UKP
// Sentential, reproducibly: the same data and seed give byte-identical
// files.
//
// Run it from the repository root:
//
//	go run ./examples/trainmodels -data ../shared/data/labeled -out models
//
// Both models are trained on the train and val splits of all eight UKP
// Sentential topics (the test split stays held out for evaluation).
package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/argsearch/argsearch/classify"
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
	dir := flag.String("data", "../shared/data/labeled", "directory holding ukp-sentential/")
	out := flag.String("out", "models", "directory to write argumentative.lin and stance.lin to")
	flag.Parse()
	if err := run(context.Background(), *dir, *out, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "trainmodels:", err)
		os.Exit(1)
	}
}

// run trains both models from the UKP files under dir, writes them to out
// and reports their sizes and hashes to report.
func run(ctx context.Context, dir, out string, report io.Writer) error {
	ukp, err := labeled.ReadUKPDir(filepath.Join(dir, "ukp-sentential"))
	if err != nil {
		return err
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
