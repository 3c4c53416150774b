package stance

import (
	"context"

	"github.com/argsearch/argsearch/internal/nilctx"
	"github.com/argsearch/argsearch/internal/textfeat"
)

// Lexical is the lexical baseline tagger. It adds up the polarity of the
// sentiment-bearing words of the text (each +1 or -1, flipped inside a
// negation scope, doubled within three words of a topic term) and of
// direction words governing a topic term ("ban abortion" -2, "legalize
// marijuana" +2, flipped by negation). A positive sum tags the text Pro, a
// negative one Con, and zero No (no stance-bearing cue); confidence grows
// with the sum's magnitude, |s|/(|s|+2). Text without a Latin word gets
// Unknown.
//
// The zero value is ready to use and safe for concurrent use.
type Lexical struct{}

// Tag implements Tagger.
func (Lexical) Tag(ctx context.Context, topic, text string) (Stance, float64, error) {
	if err := nilctx.Check(ctx, "stance: Lexical.Tag"); err != nil {
		return Unknown, 0, err
	}
	if err := ctx.Err(); err != nil {
		return Unknown, 0, err
	}
	if err := CheckInput(topic, text); err != nil {
		return Unknown, 0, err
	}
	var buf [64]string
	toks := textfeat.Tokenize(buf[:0], text)
	if !textfeat.Informative(toks) {
		return Unknown, 0, nil
	}
	s := lexicalScore(textfeat.NewTopic(topic, false), toks)
	switch {
	case s > 0:
		return Pro, float64(s) / float64(s+2), nil
	case s < 0:
		return Con, float64(-s) / float64(-s+2), nil
	}
	return No, 0.5, nil
}

func lexicalScore(topic textfeat.Topic, toks []string) int {
	a := textfeat.Annotate(topic, toks)
	s := 0
	for i, t := range toks {
		p := textfeat.Sentiment(t)
		if a.Negated[i] {
			p = -p
		}
		if a.Near[i] {
			p *= 2
		}
		s += p
		if d := textfeat.Direction(t); d != 0 {
			if a.Negated[i] {
				d = -d
			}
			for j := i + 1; j < len(toks) && j <= i+textfeat.NearWindow; j++ {
				if a.IsTopic[j] {
					s += 2 * d
					break
				}
			}
		}
	}
	return s
}
