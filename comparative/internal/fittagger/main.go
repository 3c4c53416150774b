// Command fittagger fits the weights of comparative.Tagger on the Stack
// Exchange rows of the Webis-CompQuestions-22 comparative stance dataset and
// writes them, byte for byte the same for the same data:
//
//	cd comparative && go run ./internal/fittagger [-data FILE] [-o FILE]
//
// It prints the 5-fold cross-validated macro-F1 (folds by question) beside
// the hand-set weights' and "always NO"'s. -data defaults to
// testdata/compstance/stance-stackexchange.tsv.gz, -o to
// data/tagger-weights.txt. -h prints this; a bad command line exits 2, a
// failure 1 with one line on standard error.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/klauspost/compress/gzip"

	"github.com/argsearch/argsearch/comparative/internal/tagging"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("fittagger", flag.ContinueOnError)
	fs.SetOutput(stderr)
	data := fs.String("data", "testdata/compstance/stance-stackexchange.tsv.gz", "the comparative stance dataset (TSV, plain or gzip)")
	out := fs.String("o", "data/tagger-weights.txt", "the weights file to write")
	fs.Usage = func() {
		fmt.Fprintln(stdout, "usage: fittagger [-data FILE] [-o FILE]")
		fmt.Fprintln(stdout, "Fits comparative.Tagger's weights on the Stack Exchange rows of the Webis-CompQuestions-22")
		fmt.Fprintln(stdout, "comparative stance dataset, prints the 5-fold cross-validated macro-F1, writes the weights.")
		fs.SetOutput(stdout)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "fittagger: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if err := fit(context.Background(), *data, *out, stdout); err != nil {
		fmt.Fprintf(stderr, "fittagger: %v\n", err)
		return 1
	}
	return 0
}

func fit(ctx context.Context, data, out string, stdout io.Writer) error {
	f, err := os.Open(data)
	if err != nil {
		return err
	}
	defer f.Close()
	var r io.Reader = f
	if len(data) > 3 && data[len(data)-3:] == ".gz" {
		gz, err := gzip.NewReader(f)
		if err != nil {
			return fmt.Errorf("%s: %w", data, err)
		}
		r = gz
	}
	lex, err := tagging.LoadLexicon()
	if err != nil {
		return err
	}
	file, rep, err := tagging.Train(ctx, lex, r, data)
	if err != nil {
		return err
	}
	if err := os.WriteFile(out, file, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%d examples; macro-F1, %d-fold cross-validated by question: fitted %.4f, hand-set %.4f, always NO %.4f\n",
		rep.N, tagging.Folds, rep.CrossValidated, rep.HandSet, rep.AlwaysNo)
	fmt.Fprintf(stdout, "fitted on all: %+v; wrote %s\n", rep.Weights, out)
	return nil
}
