package classify

import (
	"bufio"
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/argsearch/argsearch/internal/textfeat"
	"github.com/jonreiter/govader/data"
)

// vaderLexicon is the asset of github.com/jonreiter/govader/data that holds
// the VADER lexicon (Hutto & Gilbert 2014, MIT licence): one word per line,
// then its mean valence rating in [−4, 4], tab-separated.
const vaderLexicon = "rawdata/vaderLexicon.txt"

// A valence lexicon maps lower-case words to their sentiment in [−1, 1].
// It is read-only once made.
type valence struct {
	words map[string]float32
}

// vader returns the VADER sentiment lexicon (7,500 words and emoticons
// rated by people, the ratings divided by 4). Only the stance/2 features
// use it, so only package classify carries its data.
func vader() (*valence, error) {
	b, err := data.Asset(vaderLexicon)
	if err != nil {
		return nil, fmt.Errorf("classify: VADER lexicon: %w", err)
	}
	v := &valence{words: make(map[string]float32, 7600)}
	sc := bufio.NewScanner(bytes.NewReader(b))
	line := 0
	for sc.Scan() {
		line++
		f := strings.Split(sc.Text(), "\t")
		if len(f) < 2 {
			continue
		}
		r, err := strconv.ParseFloat(f[1], 32)
		if err != nil {
			return nil, fmt.Errorf("classify: VADER lexicon line %d: %w", line, err)
		}
		v.words[f[0]] = float32(r / 4)
	}
	if len(v.words) < 7000 {
		return nil, fmt.Errorf("classify: VADER lexicon: %d words, want about 7,500", len(v.words))
	}
	return v, sc.Err()
}

// of returns the sentiment of word w (lower case): VADER's, or for a word
// VADER lacks, half the hand-written textfeat.Sentiment cue; 0 for a
// neutral word.
func (v *valence) of(w string) float32 {
	if s, ok := v.words[w]; ok {
		return s
	}
	return float32(textfeat.Sentiment(w)) / 2
}
