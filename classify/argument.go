package classify

import (
	"context"
	"fmt"
	"io"
	"strconv"

	"github.com/argsearch/argsearch/internal/quote"

	"github.com/argsearch/argsearch/internal/linear"
	"github.com/argsearch/argsearch/internal/nilio"
	"github.com/argsearch/argsearch/internal/textfeat"
)

// argumentFeatures names the feature extractor of ArgumentModel; it is
// stored in model files and checked when they are read.
const argumentFeatures = "argumentative/1"

// The two class labels of an ArgumentModel.
const (
	labelArgument   = "argument"
	labelNoArgument = "none"
)

// An ArgumentModel scores how argumentative a text is: whether it states a
// claim or a reason for or against something (an argument in the sense of
// the UKP Sentential corpus) rather than background, a question or debate
// noise. It is a logistic regression over hashed word uni- and bigrams, a
// length bucket and counts of sentiment, negation and direction cues.
//
// An ArgumentModel is immutable and safe for concurrent use; it is a
// filter.Scorer, and filter.Argumentative turns its Score into a decision
// with a threshold (0.5: an argument is the more probable class).
type ArgumentModel struct {
	lin      *linear.Model
	argument int // index of labelArgument among the model's labels
}

// An ArgumentExample is a training text and whether it is an argument.
type ArgumentExample struct {
	Text     string
	Argument bool
}

// ReadArgumentModel reads a model written by ArgumentModel.WriteTo.
func ReadArgumentModel(r io.Reader) (*ArgumentModel, error) {
	lin, err := readLinear(nilio.Reader(r, "classify"), argumentFeatures)
	if err != nil {
		return nil, err
	}
	return argumentModel(lin)
}

// TrainArgumentModel fits an ArgumentModel to the examples.
func TrainArgumentModel(ctx context.Context, examples []ArgumentExample, c TrainConfig) (*ArgumentModel, error) {
	if err := c.check(); err != nil {
		return nil, err
	}
	xs := make([]linear.Example, 0, len(examples))
	var buf []string
	for _, e := range examples {
		buf = textfeat.Tokenize(buf[:0], e.Text)
		v := linear.NewVector(c.bits())
		addArgumentFeatures(v, buf)
		class := 1
		if e.Argument {
			class = 0
		}
		xs = append(xs, linear.Example{Features: v.Features, Class: class})
	}
	lin, err := c.train(ctx, argumentFeatures, []string{labelArgument, labelNoArgument}, xs)
	if err != nil {
		return nil, err
	}
	return argumentModel(lin)
}

func argumentModel(lin *linear.Model) (*ArgumentModel, error) {
	m := &ArgumentModel{lin: lin, argument: -1}
	labels := lin.Labels()
	for i, l := range labels {
		if l == labelArgument {
			m.argument = i
		}
	}
	if len(labels) != 2 || m.argument < 0 {
		return nil, fmt.Errorf("classify: %w: labels %q, want %s and %s", errFormat, labels, quote.Q(labelArgument), quote.Q(labelNoArgument))
	}
	return m, nil
}

// WriteTo writes the model in the format ReadArgumentModel reads.
func (m *ArgumentModel) WriteTo(w io.Writer) (int64, error) {
	n, err := m.lin.WriteTo(w)
	if err != nil {
		return n, fmt.Errorf("classify: %w", err)
	}
	return n, nil
}

// Score returns the probability that text is an argument, in [0, 1]. Text
// without a word of two or more Latin letters (empty, punctuation, URLs,
// numbers, non-Latin script) scores 0. Only the first 400 tokens of a long
// text are read.
func (m *ArgumentModel) Score(text string) float64 {
	var buf [64]string
	toks := textfeat.Tokenize(buf[:0], text)
	if !textfeat.Informative(toks) {
		return 0
	}
	v := linear.NewVector(m.lin.Bits())
	addArgumentFeatures(v, toks)
	var p [2]float64
	return m.lin.Probabilities(v.Features, p[:0])[m.argument]
}

// addArgumentFeatures adds the argumentativeness features of the tokens
// (from textfeat.Tokenize) to v and normalises it: word unigrams, bigrams
// with sentence boundaries, a length bucket, and counts of sentiment,
// negation and direction cues.
func addArgumentFeatures(v *linear.Vector, toks []string) {
	prev := "<s>"
	pos, neg, negation, dir := 0, 0, 0, 0
	for _, t := range toks {
		v.Add2(1, "u", t)
		v.Add3(1, "b", prev, t)
		prev = t
		switch textfeat.Sentiment(t) {
		case 1:
			pos++
		case -1:
			neg++
		}
		if textfeat.IsNegation(t) {
			negation++
		}
		if textfeat.Direction(t) != 0 {
			dir++
		}
	}
	v.Add3(1, "b", prev, "</s>")
	v.Add2(1, "len", lengthBucket(len(toks)))
	v.Add2(1, "pos", strconv.Itoa(min(pos, 3)))
	v.Add2(1, "neg", strconv.Itoa(min(neg, 3)))
	v.Add2(1, "negation", strconv.Itoa(min(negation, 2)))
	v.Add2(1, "dir", strconv.Itoa(min(dir, 2)))
	v.Normalize()
}

func lengthBucket(n int) string {
	switch {
	case n <= 5:
		return "0-5"
	case n <= 10:
		return "6-10"
	case n <= 20:
		return "11-20"
	case n <= 40:
		return "21-40"
	}
	return "41+"
}
