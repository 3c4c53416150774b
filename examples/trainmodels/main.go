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
	"github.com/argsearch/argsearch/examples/internal/labeled"
	"github.com/argsearch/argsearch/internal/outpath"
)

// What the models are trained on, as stored in the model files.
const (
	ukpData   = "UKP Sentential Argument Mining Corpus (Stab et al. 2018), train+val splits of all 8 topics; CC BY-NC"
	claimData = "IBM Debater Claim Stance (Bar-Haim et al. 2017), train split, 25 motions; CC BY-SA 3.0"
	evidData  = "IBM Debater Evidence Sentences (Shnarch et al. 2018), train split; CC BY-SA 3.0"
)

// The -sources values.
const (
	sourcesShipped = "ukp+ibm" // the shipped models
	sourcesIBM     = "ibm"     // without UKP's non-commercial licence
)

// argConfig and stanceConfig are the training configurations of the shipped
// models; examples/evaltaggers evaluates the same ones.
func argConfig() classify.TrainConfig {
	return classify.TrainConfig{Balanced: true, Bits: 17, Seed: 1, TrainedOn: ukpData}
}

func stanceConfig() classify.TrainConfig {
	return classify.TrainConfig{Balanced: true, Bits: 17, Seed: 1, TrainedOn: ukpData + " + " + claimData}
}

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
}

// about is what -h says before labeled.Layout.
const about = `Trainmodels trains the two models shipped in classify/ (argumentative.lin and stance.lin), reproducibly: the same data gives byte-identical files, and it prints each file's size and SHA-256. With -sources ukp+ibm (the default) it trains the shipped files: run it from the repository root with -out classify to reproduce them. UKP Sentential is CC BY-NC and IBM Claim Stance CC BY-SA 3.0, so the shipped stance.lin is under both: non-commercial and share-alike. -sources ibm trains both models from IBM data alone (CC BY-SA 3.0).

The labelled data is not part of the module (its licences differ from the code's). Lay it out under the -data directory as follows (the package documentation says where to get it):`

// run runs the command with args (without the program name) and returns
// the exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	c := cli.New("trainmodels", "trainmodels [-data DIR] [-out DIR] [-sources ukp+ibm|ibm]", about+"\n\n"+labeled.Layout, stdout, stderr)
	dir := c.Flags.String("data", "../shared/data/labeled", "labelled data `directory`")
	out := c.Flags.String("out", "models", "`directory` to write the models to (created if missing)")
	sources := c.OneOf("sources", []string{sourcesShipped, sourcesIBM}, "training data: ukp+ibm (the shipped models) or ibm (IBM data only)")
	c.Check(func() error {
		switch {
		case *dir == "":
			return cli.Usagef("-data \"\", want a directory")
		case *out == "":
			return cli.Usagef("-out \"\", want a directory")
		}
		return nil
	})
	return c.Run(args, func([]string) error { return train(ctx, *dir, *out, *sources, stdout) })
}

// train trains both models from the sources under dir, writes them to out
// (created if missing) and reports their sizes and hashes to report.
func train(ctx context.Context, dir, out, sources string, report io.Writer) error {
	need := []string{labeled.UKP, labeled.IBMClaimStance}
	if sources == sourcesIBM {
		need = []string{labeled.IBMClaimStance, labeled.IBMEvidence}
	}
	if err := labeled.Missing(dir, need...); err != nil {
		return fmt.Errorf("%w; see 'trainmodels -h'", err)
	}
	if err := outpath.Dir("-out", out); err != nil {
		return err
	}
	claims, err := readFile(filepath.Join(dir, labeled.IBMClaimStance, "train.csv"), labeled.ReadClaims)
	if err != nil {
		return err
	}
	var argX []classify.ArgumentExample
	var stX []classify.StanceExample
	argCfg, stCfg := argConfig(), stanceConfig()
	if sources == sourcesIBM {
		evidence, err := readFile(filepath.Join(dir, labeled.IBMEvidence, "train.csv"), labeled.ReadIBM)
		if err != nil {
			return err
		}
		for _, e := range evidence {
			argX = append(argX, classify.ArgumentExample{Text: e.Text, Argument: e.Evidence})
		}
		argCfg.TrainedOn, stCfg.TrainedOn = evidData, claimData
	} else {
		ukp, err := labeled.ReadUKPDir(filepath.Join(dir, labeled.UKP))
		if err != nil {
			return err
		}
		for _, s := range ukp {
			if s.Set == "test" {
				continue
			}
			argX = append(argX, classify.ArgumentExample{Text: s.Text, Argument: s.Label != labeled.NoArgument})
			stX = append(stX, classify.StanceExample{Topic: s.Topic, Text: s.Text, Stance: labeled.UKPStance(s.Label)})
		}
	}
	for _, c := range claims {
		stX = append(stX, classify.StanceExample{Topic: c.Topic, Text: c.Text, Stance: c.Stance()})
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return fmt.Errorf("-out: %w", err)
	}
	am, err := classify.TrainArgumentModel(ctx, argX, argCfg)
	if err != nil {
		return err
	}
	if err := write(report, filepath.Join(out, "argumentative.lin"), am); err != nil {
		return err
	}
	sm, err := classify.TrainStanceModel(ctx, stX, stCfg)
	if err != nil {
		return err
	}
	return write(report, filepath.Join(out, "stance.lin"), sm)
}

// readFile reads the labelled file path with read.
func readFile[T any](path string, read func(io.Reader, string) ([]T, error)) ([]T, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return read(f, path)
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
