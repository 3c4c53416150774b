package stance

import (
	"context"
	"fmt"
	"strings"

	"github.com/argsearch/argsearch/internal/nilctx"
)

// Document gives a document the Touché 2023 stance towards a topic, Pro,
// Con, Neutral or No, from the stances of its sentences:
//
//   - a sentence argues when its argumentativeness (Argumentative, if set)
//     is at least MinArgument, and its Tagger stance is Pro or Con with a
//     confidence of at least MinConfidence; it weighs its confidence;
//   - a document in which no sentence argues is No;
//   - a document whose weaker side holds at least the share Mixed of the
//     weight is Neutral (it argues both sides);
//   - any other document takes the stronger side.
//
// The confidence is the stronger side's share of the weight (Pro, Con), the
// weaker side's share doubled (Neutral), or 1 − the highest
// argumentativeness of a sentence (No; 1 without Argumentative).
//
// A Document is safe for concurrent use when its Tagger and Argumentative
// are.
type Document struct {
	Tagger Tagger
	// Argumentative, if not nil, scores how argumentative a sentence is,
	// in [0, 1] (classify.ArgumentModel.Score).
	Argumentative func(text string) float64
	// MinArgument is the argumentativeness a sentence needs to argue; 0
	// means 0.5 (with Argumentative).
	MinArgument float64
	// MinConfidence is the tagger confidence a sentence's Pro or Con needs
	// to count; 0 means any.
	MinConfidence float64
	// Mixed is the weaker side's share of the weight at which a document
	// is Neutral; 0 means 0.3.
	Mixed float64
}

// maxDocument is the most sentences Document.Tag takes.
const maxDocument = 100000

// Tag returns the stance of the document made of sentences towards topic,
// and its confidence. Sentences that are empty or only white space are
// skipped. An empty topic, a sentence that is not valid UTF-8 or longer
// than a Tagger takes (64 KiB), and more than 100,000 sentences are errors wrapping
// ErrInput, naming the sentence.
func (d Document) Tag(ctx context.Context, topic string, sentences []string) (Stance, float64, error) {
	if err := nilctx.Check(ctx, "stance: Document.Tag"); err != nil {
		return Unknown, 0, err
	}
	if err := ctx.Err(); err != nil {
		return Unknown, 0, err
	}
	if strings.TrimSpace(topic) == "" {
		return Unknown, 0, fmt.Errorf("%w: empty topic", ErrInput)
	}
	if len(sentences) > maxDocument {
		return Unknown, 0, fmt.Errorf("%w: a document of %d sentences, more than %d", ErrInput, len(sentences), maxDocument)
	}
	minArg, mixed := d.MinArgument, d.Mixed
	if minArg == 0 {
		minArg = 0.5
	}
	if mixed == 0 {
		mixed = 0.3
	}
	var weight [No + 1]float64
	bestArg := 0.0
	for i, s := range sentences {
		if strings.TrimSpace(s) == "" {
			continue
		}
		if err := CheckInput(topic, s); err != nil {
			return Unknown, 0, fmt.Errorf("sentence %d: %w", i+1, err)
		}
		if d.Argumentative != nil {
			a := d.Argumentative(s)
			bestArg = max(bestArg, a)
			if a < minArg {
				continue
			}
		}
		st, conf, err := d.Tagger.Tag(ctx, topic, s)
		if err != nil {
			return Unknown, 0, fmt.Errorf("sentence %d: %w", i+1, err)
		}
		if (st == Pro || st == Con) && conf >= d.MinConfidence {
			weight[st] += conf
		}
	}
	pro, con := weight[Pro], weight[Con]
	total := pro + con
	switch {
	case total == 0 && d.Argumentative == nil:
		return No, 1, nil
	case total == 0:
		return No, 1 - bestArg, nil
	case min(pro, con)/total >= mixed:
		return Neutral, min(1, 2*min(pro, con)/total), nil
	case pro > con:
		return Pro, pro / total, nil
	}
	return Con, con / total, nil
}
