// Command tag tags sentences with a stance towards a topic and an
// argumentativeness score, using the models shipped in package classify (or
// model files written by trainmodels: -stance-model, -arg-model) and the
// best tagger that needs no args.me labels (the linear stance model).
//
//	tag [-force] [-stance-model FILE] [-arg-model FILE] < LINES
//
// Each input line on standard input is "topic<TAB>text"; each output line
// is "STANCE<TAB>confidence<TAB>argumentativeness", where STANCE is PRO,
// CON, NO, or Q0 when the text cannot be judged (only punctuation or URLs,
// non-Latin script), and both numbers are printed with four decimals. A
// line without a tab, or one a tagger cannot take (an empty topic or text,
// invalid UTF-8, a text over 64 KiB: stance.CheckInput), is an error naming
// its line number; the lines before it are written.
//
// With -force, STANCE is PRO or CON for every line: the more likely of the
// two, for callers who know the text is an argument. Its confidence is
// that side's probability renormalised over PRO and CON, P(side) /
// (P(PRO) + P(CON)), so at least 0.5; a text that cannot be judged gets
// PRO with 0.5000 (stance.Side's choice when nothing leans either way).
//
//	printf 'school uniforms\tUniforms help students focus on learning .\n' | go run ./examples/tag
//
// -h prints the usage without reading standard input. A bad command line
// exits 2, a failure 1.
package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/argsearch/argsearch/classify"
	"github.com/argsearch/argsearch/examples/internal/cli"
	"github.com/argsearch/argsearch/stance"
)

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// maxLine bounds an input line (topic and text).
const maxLine = 4 << 20

// maxText is the longest text a stance.Tagger takes, in bytes.
const maxText = 1 << 16

// options holds the command line.
type options struct {
	force                 bool
	stanceModel, argModel string
}

// run runs the command with args (without the program name), reading in,
// and returns the exit status.
func run(ctx context.Context, args []string, in io.Reader, stdout, stderr io.Writer) int {
	c := cli.New("tag", "tag [-force] [-stance-model FILE] [-arg-model FILE] < LINES",
		`Tag reads "topic<TAB>text" lines on standard input and writes one "STANCE<TAB>confidence<TAB>argumentativeness" line for each: the text's stance towards the topic (PRO, CON, NO, or Q0 when the text cannot be judged) with its probability, and the probability that the text is an argument, both with four decimals. The models are the ones shipped in package classify unless -stance-model or -arg-model name files written by trainmodels.

With -force, STANCE is PRO or CON for every line, the more likely of the two, for callers who know the text is an argument; its confidence is that side's probability renormalised over PRO and CON (0.5 or more; 0.5000 and PRO when the text cannot be judged).`,
		stdout, stderr)
	var o options
	c.Flags.BoolVar(&o.force, "force", false, "print PRO or CON for every line, the more likely of the two")
	c.Flags.StringVar(&o.stanceModel, "stance-model", "", "stance model `file` (trainmodels' stance.lin) instead of the shipped one")
	c.Flags.StringVar(&o.argModel, "arg-model", "", "argumentativeness model `file` (trainmodels' argumentative.lin) instead of the shipped one")
	return c.Run(args, func([]string) error {
		st, arg, err := load(o)
		if err != nil {
			return err
		}
		return tag(ctx, st, arg, o.force, in, stdout)
	})
}

// load reads the models the options name, or the shipped ones.
func load(o options) (*classify.StanceModel, *classify.ArgumentModel, error) {
	var st *classify.StanceModel
	var arg *classify.ArgumentModel
	var err error
	if o.stanceModel == "" {
		st, err = classify.ShippedStanceModel()
	} else {
		st, err = readModel(o.stanceModel, classify.ReadStanceModel)
	}
	if err != nil {
		return nil, nil, err
	}
	if o.argModel == "" {
		arg, err = classify.ShippedArgumentModel()
	} else {
		arg, err = readModel(o.argModel, classify.ReadArgumentModel)
	}
	return st, arg, err
}

// readModel reads a model file with read.
func readModel[M any](path string, read func(io.Reader) (M, error)) (M, error) {
	f, err := os.Open(path)
	if err != nil {
		var zero M
		return zero, err
	}
	defer f.Close()
	m, err := read(bufio.NewReader(f))
	if err != nil {
		return m, fmt.Errorf("%s: %w", path, err)
	}
	return m, nil
}

// tag tags every line of in and writes the results to out.
func tag(ctx context.Context, st *classify.StanceModel, arg *classify.ArgumentModel, force bool, in io.Reader, out io.Writer) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 0, 64<<10), maxLine)
	w := bufio.NewWriter(out)
	line := 0
	for sc.Scan() {
		line++
		topic, text, ok := strings.Cut(strings.TrimSuffix(sc.Text(), "\r"), "\t")
		if !ok {
			w.Flush()
			return fmt.Errorf("line %d: no tab between topic and text", line)
		}
		var s stance.Stance
		var conf float64
		if force {
			if err := stance.CheckInput(topic, text); err != nil {
				w.Flush()
				return fmt.Errorf("line %d: %w", line, err)
			}
			s, conf = st.Side(topic, text)
		} else {
			var err error
			if s, conf, err = st.Tag(ctx, topic, text); err != nil {
				w.Flush()
				return fmt.Errorf("line %d: %w", line, err)
			}
		}
		fmt.Fprintf(w, "%s\t%.4f\t%.4f\n", s, conf, arg.Score(text))
	}
	if err := sc.Err(); err != nil {
		w.Flush()
		if errors.Is(err, bufio.ErrTooLong) {
			return fmt.Errorf("line %d is longer than %d bytes, and a text may hold at most %d (stance's limit): tag sentences or claims, not documents", line+1, maxLine, maxText)
		}
		return fmt.Errorf("line %d: %w", line+1, err)
	}
	return w.Flush()
}
