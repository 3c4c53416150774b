// Package tagging holds the rules of comparative.Tagger, the comparative
// stance of a passage towards two objects, split into what a text gives
// (Features, which do not depend on any weight) and what the weights make
// of it (Decide), so that the weights can be fitted on labelled data (Fit)
// and cross-validated (CrossValidate) without reading the texts again.
package tagging

import (
	"bufio"
	"bytes"
	"fmt"
	"strconv"
	"strings"

	vader "github.com/jonreiter/govader/data"

	"github.com/argsearch/argsearch/internal/textfeat"
	"github.com/argsearch/argsearch/stance"
)

// Weights are the tagger's parameters.
type Weights struct {
	// Both weighs a comparative in a sentence that names both objects
	// (+1 for the favoured object, -1 for the other).
	Both float64
	// Single weighs a comparative near a single object.
	Single float64
	// Sentiment weighs the VADER valence near a mention.
	Sentiment float64
	// Margin is the share of the evidence the difference between the
	// objects must reach for a side.
	Margin float64
	// MinEvidence is the evidence a side or Neutral needs.
	MinEvidence float64
}

// HandSet are the weights set by hand before any fitting.
var HandSet = Weights{Both: 1, Single: 0.5, Sentiment: 0.25, Margin: 0.25, MinEvidence: 0.5}

// Features are what a text gives towards two objects, per object: the
// summed directions of comparatives in sentences naming both objects, of
// comparatives near that object alone, the summed valence near its
// mentions, and whether it is mentioned.
type Features struct {
	Both, Single, Sentiment [2]float64
	Mentioned               [2]bool
}

// Lexicon is the VADER lexicon, valence per word in [-1, 1].
type Lexicon struct{ valence map[string]float64 }

// LoadLexicon reads the VADER lexicon of github.com/jonreiter/govader.
func LoadLexicon() (*Lexicon, error) {
	b, err := vader.Asset("rawdata/vaderLexicon.txt")
	if err != nil {
		return nil, fmt.Errorf("tagging: VADER lexicon: %w", err)
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
		return nil, fmt.Errorf("tagging: VADER lexicon: %w", err)
	}
	return &Lexicon{valence: v}, nil
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

// ObjectHead returns the stem of the last content word of an object, ""
// when it has no word.
func ObjectHead(object string) string {
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

// Features reads text sentence by sentence for the objects whose heads
// (ObjectHead) are given.
func (l *Lexicon) Features(heads [2]string, text string) Features {
	toks := textfeat.Tokenize(nil, text)
	var f Features
	start := 0
	for i := 0; i <= len(toks); i++ {
		if i < len(toks) && !sentenceEnd(toks[i]) {
			continue
		}
		l.sentence(toks[start:i], heads, &f)
		start = i + 1
	}
	return f
}

// sentence adds one sentence's evidence to f.
func (l *Lexicon) sentence(toks []string, heads [2]string, f *Features) {
	pos := [2]int{-1, -1}
	for i, tok := range toks {
		st := textfeat.Stem(tok)
		for k := range heads {
			if st == heads[k] {
				if pos[k] < 0 {
					pos[k] = i
				}
				f.Mentioned[k] = true
				f.Sentiment[k] += l.near(toks, i)
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
			if i+1 >= len(toks) || l.valence[toks[i+1]] == 0 {
				continue
			}
			if l.valence[toks[i+1]] < 0 {
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
			f.Both[first] += float64(dir)
			f.Both[1-first] -= float64(dir)
		case pos[0] >= 0:
			f.Single[0] += float64(dir)
		default:
			f.Single[1] += float64(dir)
		}
	}
}

// near returns the summed valence of the words within four tokens of i.
func (l *Lexicon) near(toks []string, i int) float64 {
	s := 0.0
	for j := max(0, i-4); j <= min(len(toks)-1, i+4); j++ {
		if j == i {
			continue
		}
		v := l.valence[toks[j]]
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

// Decide gives the stance and a confidence in [0, 1]: the object with the
// higher weighted sum when the difference is at least Margin of the
// evidence (the sum of absolute values) and the evidence at least
// MinEvidence; Neutral when both objects are mentioned with that evidence
// but neither wins; No otherwise.
func Decide(w Weights, f Features) (stance.Stance, float64) {
	var score [2]float64
	for k := range score {
		score[k] = w.Both*f.Both[k] + w.Single*f.Single[k] + w.Sentiment*f.Sentiment[k]
	}
	evidence := abs(score[0]) + abs(score[1])
	if !f.Mentioned[0] && !f.Mentioned[1] || evidence < w.MinEvidence || evidence == 0 {
		return stance.No, 1
	}
	d := score[0] - score[1]
	switch {
	case d >= w.Margin*evidence:
		return stance.First, min(1, (abs(d)/evidence+1)/2)
	case -d >= w.Margin*evidence:
		return stance.Second, min(1, (abs(d)/evidence+1)/2)
	case f.Mentioned[0] && f.Mentioned[1]:
		return stance.Neutral, 1 - abs(d)/evidence
	}
	return stance.No, 0.5
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// IsComparative reports whether w is one of the comparative words the
// tagger reads.
func IsComparative(w string) bool {
	_, ok := comparativeWords[w]
	return ok
}
