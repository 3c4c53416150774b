// Command tag tags sentences with a stance towards a topic and an
// argumentativeness score, using the models shipped in package models and
// the best tagger that needs no args.me labels (the linear stance model).
//
// Each input line is "topic<TAB>text"; each output line is
// "STANCE<TAB>confidence<TAB>argumentativeness", where STANCE is PRO, CON,
// NO, or Q0 when the text cannot be judged (empty, only punctuation or URLs,
// non-Latin script), and both numbers are printed with four decimals.
// A line without a tab is an error naming its line number.
//
//	printf 'school uniforms\tUniforms help students focus on learning .\n' | go run ./examples/tag
package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/argsearch/argsearch/classify"
	"github.com/argsearch/argsearch/models"
	"github.com/argsearch/argsearch/stance"
)

func main() {
	if err := run(context.Background(), os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "tag:", err)
		os.Exit(1)
	}
}

// maxLine bounds an input line (topic and text).
const maxLine = 4 << 20

func run(ctx context.Context, in io.Reader, out io.Writer) error {
	st, err := models.Stance()
	if err != nil {
		return err
	}
	arg, err := models.Argumentative()
	if err != nil {
		return err
	}
	return tag(ctx, st, arg, in, out)
}

func tag(ctx context.Context, t stance.Tagger, arg *classify.ArgumentModel, in io.Reader, out io.Writer) error {
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
		s, conf, err := t.Tag(ctx, topic, text)
		if err != nil {
			w.Flush()
			return fmt.Errorf("line %d: %w", line, err)
		}
		fmt.Fprintf(w, "%s\t%.4f\t%.4f\n", s, conf, arg.Score(text))
	}
	if err := sc.Err(); err != nil {
		w.Flush()
		return fmt.Errorf("line %d: %w", line+1, err)
	}
	return w.Flush()
}
