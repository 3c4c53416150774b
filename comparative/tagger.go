package comparative

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"strconv"
	"strings"

	vader "github.com/jonreiter/govader/data"

	"github.com/argsearch/argsearch/internal/textfeat"
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
// object counts half; sentiment near a mention counts a quarter of its
// valence. The passage favours the object with the higher sum when the
// difference is at least Margin of the evidence (the sum of absolute
// values) and the evidence at least MinEvidence; it is Neutral when both
// objects are mentioned with evidence but neither wins, and No otherwise.
// The confidence is the winner's share of the evidence.
//
// The weights are set by hand: no licensed comparative stance data with
// passage texts could be had here to fit them (see the package notes).
//
// A Tagger is immutable after NewTagger and safe for concurrent use.
type Tagger struct {
	// Margin is the share of the evidence the difference between the
	// objects must reach for a side; 0 means 0.25.
	Margin float64
	// MinEvidence is the evidence a side or Neutral needs; 0 means 0.5.
	MinEvidence float64

	valence map[string]float64
}

// NewTagger returns a Tagger with the VADER lexicon loaded.
func NewTagger() (*Tagger, error) {
	b, err := vader.Asset("rawdata/vaderLexicon.txt")
	if err != nil {
		return nil, fmt.Errorf("comparative: VADER lexicon: %w", err)
	}
	v := make(map[string]float64, 7600)
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) < 2 {
			continue
		}
		r, err := strconv.ParseFloat(f[1], 64)
		if err != nil {
			continue
		}
		v[f[0]] = r / 4
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("comparative: VADER lexicon: %w", err)
	}
	return &Tagger{valence: v}, nil
}

// comparativeWords maps comparative words to their direction: +1 when the
// thing named before them is the better one ("A is better than B"), -1 when
// it is the worse one.
var comparativeWords = map[string]int{
	"better": 1, "best": 1, "superior": 1, "faster": 1, "cheaper": 1, "easier": 1, "safer": 1,
	"stronger": 1, "healthier": 1, "preferable": 1, "prefer": 1, "prefers": 1, "preferred": 1,
	"outperforms": 1, "beats": 1, "smarter": 1, "lighter": 1, "quicker": 1, "greater": 1,
	"nicer": 1, "wins": 1, "win": 1, "advantage": 1, "advantages": 1, "more": 1,
	"worse": -1, "worst": -1, "inferior": -1, "slower": -1, "harder": -1, "weaker": -1,
	"pricier": -1, "costlier": -1, "heavier": -1, "riskier": -1, "loses": -1, "less": -1,
	"disadvantage": -1, "disadvantages": -1, "fewer": -1,
}

// sentenceEnd reports whether a token ends a sentence.
func sentenceEnd(tok string) bool { return tok == "." || tok == "!" || tok == "?" }

// objectHead returns the stem of the last content word of an object.
func objectHead(object string) string {
	toks := textfeat.Tokenize(nil, object)
	for i := len(toks) - 1; i >= 0; i-- {
		if !textfeat.IsPunct(toks[i]) && !textfeat.IsStopword(toks[i]) {
			return textfeat.Stem(toks[i])
		}
	}
	if len(toks) > 0 {
		return textfeat.Stem(toks[len(toks)-1])
	}
	return ""
}

// Tag returns the passage's stance towards objects (the topic's two, in the
// topic's order) and a confidence in [0, 1]. An empty object or text, or
// invalid UTF-8, is an error wrapping stance.ErrInput.
func (t *Tagger) Tag(ctx context.Context, objects [2]string, text string) (stance.Stance, float64, error) {
	if err := ctx.Err(); err != nil {
		return stance.Unknown, 0, err
	}
	for _, o := range objects {
		if err := stance.CheckInput(o, text); err != nil {
			return stance.Unknown, 0, fmt.Errorf("comparative: %w", err)
		}
	}
	heads := [2]string{objectHead(objects[0]), objectHead(objects[1])}
	if heads[0] == "" || heads[1] == "" {
		return stance.Unknown, 0, fmt.Errorf("comparative: object without a word: %q: %w", objects, stance.ErrInput)
	}
	margin := t.Margin
	if margin == 0 {
		margin = 0.25
	}
	minEvidence := t.MinEvidence
	if minEvidence == 0 {
		minEvidence = 0.5
	}
	toks := textfeat.Tokenize(nil, text)
	var score [2]float64
	var mentioned [2]bool
	start := 0
	for i := 0; i <= len(toks); i++ {
		if i < len(toks) && !sentenceEnd(toks[i]) {
			continue
		}
		t.sentence(toks[start:i], heads, &score, &mentioned)
		start = i + 1
	}
	evidence := abs(score[0]) + abs(score[1])
	if !mentioned[0] && !mentioned[1] || evidence < minEvidence {
		return stance.No, 1, nil
	}
	d := score[0] - score[1]
	switch {
	case d >= margin*evidence:
		return stance.First, min(1, (abs(d)/evidence+1)/2), nil
	case -d >= margin*evidence:
		return stance.Second, min(1, (abs(d)/evidence+1)/2), nil
	case mentioned[0] && mentioned[1]:
		return stance.Neutral, 1 - abs(d)/evidence, nil
	}
	return stance.No, 0.5, nil
}

// sentence adds one sentence's evidence to score.
func (t *Tagger) sentence(toks []string, heads [2]string, score *[2]float64, mentioned *[2]bool) {
	pos := [2]int{-1, -1}
	for i, tok := range toks {
		st := textfeat.Stem(tok)
		for k := range heads {
			if st == heads[k] {
				if pos[k] < 0 {
					pos[k] = i
				}
				mentioned[k] = true
				score[k] += 0.25 * t.near(toks, i)
			}
		}
	}
	if pos[0] < 0 && pos[1] < 0 {
		return
	}
	for i, tok := range toks {
		dir, ok := comparativeWords[tok]
		if !ok {
			continue
		}
		if tok == "more" || tok == "less" { // "more reliable": only before an adjective with a valence
			if i+1 >= len(toks) || t.valence[toks[i+1]] == 0 {
				continue
			}
			if t.valence[toks[i+1]] < 0 {
				dir = -dir
			}
		}
		if negated(toks, i) {
			dir = -dir
		}
		switch {
		case pos[0] >= 0 && pos[1] >= 0:
			// The object named first is the subject of the comparison.
			first := 0
			if pos[1] < pos[0] {
				first = 1
			}
			score[first] += float64(dir)
			score[1-first] -= float64(dir)
		case pos[0] >= 0:
			score[0] += 0.5 * float64(dir)
		default:
			score[1] += 0.5 * float64(dir)
		}
	}
}

// near returns the summed valence of the words within four tokens of i.
func (t *Tagger) near(toks []string, i int) float64 {
	s := 0.0
	for j := max(0, i-4); j <= min(len(toks)-1, i+4); j++ {
		if j == i {
			continue
		}
		v := t.valence[toks[j]]
		if v != 0 && negated(toks, j) {
			v = -v
		}
		s += v
	}
	return s
}

// negated reports whether a negation precedes token i within three tokens.
func negated(toks []string, i int) bool {
	for j := max(0, i-3); j < i; j++ {
		if textfeat.IsNegation(toks[j]) {
			return true
		}
	}
	return false
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
