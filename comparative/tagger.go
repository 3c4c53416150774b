package comparative

import (
	_ "embed"

	"context"
	"fmt"
	"sync"

	"github.com/argsearch/argsearch/comparative/internal/tagging"
	"github.com/argsearch/argsearch/internal/nilctx"

	"github.com/argsearch/argsearch/stance"
)

// A Tagger gives a passage its Task 2 stance towards a topic's two objects:
// stance.First or stance.Second (the passage favours that object),
// stance.Neutral (it compares them and favours neither) or stance.No (it
// takes no side, or does not mention them).
//
// It reads the passage sentence by sentence, from the library's parts:
//   - the objects' mentions (the last content word of each object, matched
//     with textfeat's light stemmer, so "laptops" is "laptop" and "major in
//     philosophy" is found as "philosophy");
//   - comparative adjectives and verbs and their direction ("better",
//     "cheaper", "prefer" favour what comes first; "worse", "slower" what
//     comes after "than"), reversed by a negation before them;
//   - the sentiment near each mention (the VADER lexicon of
//     github.com/jonreiter/govader, within four words).
//
// A comparison in a sentence that names both objects counts 1 for the
// object it favours and -1 for the other; a comparative near a single
// object and the sentiment near a mention count with weights of their own
// (relative to that 1). The passage favours the object with the higher sum when the
// difference is at least Margin of the evidence (the sum of absolute
// values) and the evidence at least MinEvidence; it is Neutral when both
// objects are mentioned with evidence but neither wins, and No otherwise.
// The confidence is the winner's share of the evidence.
//
// The weights (of the comparison, the sentiment, Margin and MinEvidence)
// are fitted by grid search for macro-F1 on the 445 Stack Exchange answers of
// the Webis-CompQuestions-22 comparative stance dataset (Bondarenko et al.,
// WSDM 2022; CC BY-SA), embedded as data/tagger-weights.txt and reproduced
// byte for byte by go generate (see data/README.md).
//
// The zero Tagger is ready to use: the first Tag loads the lexicon and the
// fitted weights. A Tagger must not be copied after its first use; it is safe
// for concurrent use.
type Tagger struct {
	// Margin is the share of the evidence the difference between the
	// objects must reach for a side; 0 means the fitted value.
	Margin float64
	// MinEvidence is the evidence a side or Neutral needs; 0 means the
	// fitted value.
	MinEvidence float64

	once    sync.Once
	err     error
	lex     *tagging.Lexicon
	weights tagging.Weights
}

//go:generate go run ./internal/fittagger -o data/tagger-weights.txt

//go:embed data/tagger-weights.txt
var taggerWeights []byte

// load loads the VADER lexicon and the fitted weights, once.
func (t *Tagger) load() error {
	t.once.Do(func() {
		lex, err := tagging.LoadLexicon()
		if err != nil {
			t.err = fmt.Errorf("comparative: %w", err)
			return
		}
		w, err := tagging.Parse(taggerWeights, "tagger-weights.txt")
		if err != nil {
			t.err = fmt.Errorf("comparative: %w", err)
			return
		}
		t.lex, t.weights = lex, w
	})
	return t.err
}

// Tag returns the passage's stance towards objects (the topic's two, in the
// topic's order) and a confidence in [0, 1]. An empty object or text, or
// invalid UTF-8, is an error wrapping stance.ErrInput; a nil ctx is an
// error.
func (t *Tagger) Tag(ctx context.Context, objects [2]string, text string) (stance.Stance, float64, error) {
	if err := nilctx.Check(ctx, "comparative: Tagger.Tag"); err != nil {
		return stance.Unknown, 0, err
	}
	if err := ctx.Err(); err != nil {
		return stance.Unknown, 0, err
	}
	if err := t.load(); err != nil {
		return stance.Unknown, 0, err
	}
	for _, o := range objects {
		if err := stance.CheckInput(o, text); err != nil {
			return stance.Unknown, 0, fmt.Errorf("comparative: %w", err)
		}
	}
	heads := [2]string{tagging.ObjectHead(objects[0]), tagging.ObjectHead(objects[1])}
	if heads[0] == "" || heads[1] == "" {
		return stance.Unknown, 0, fmt.Errorf("comparative: object without a word: %q: %w", objects, stance.ErrInput)
	}
	w := t.weights
	if t.Margin != 0 {
		w.Margin = t.Margin
	}
	if t.MinEvidence != 0 {
		w.MinEvidence = t.MinEvidence
	}
	s, conf := tagging.Decide(w, t.lex.Features(heads, text))
	return s, conf, nil
}
