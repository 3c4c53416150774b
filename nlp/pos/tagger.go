// Package pos tags English text with Penn Treebank part-of-speech tags,
// with the averaged perceptron model of github.com/jdkato/prose/v2, and
// finds the verbs and noun phrases the pipeline's filters and pair builders
// ask about. It is a package of its own so that only its users load the
// 5 MB model; it does not import prose (its tokenizer is ported, its model
// files embedded: NOTICE), so that a program carries the model only if it
// calls Load.
package pos

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/argsearch/argsearch/nlp"
	"github.com/argsearch/argsearch/nlp/internal/phrase"
)

// A Token is one word of a tagged text with its Penn Treebank part-of-speech
// tag ("NN", "VBZ", …).
type Token struct {
	Text string
	Tag  string
}

// A Model assigns Penn Treebank part-of-speech tags with the averaged
// perceptron model that github.com/jdkato/prose/v2 ships (a port of
// TextBlob's tagger, trained on the Penn Treebank).
//
// prose.NewDocument decodes its 5 MB model on every call unless it is given
// a model, and even with a reused model its prediction sums weights in map
// order and breaks score ties by map order, so the same text can get
// different tags in different runs. A Model loads the model once (prose's
// model files, embedded in this package) and predicts with the same
// features and weights in a fixed order: tags are identical from run to
// run, and a tie between classes goes to the class whose name sorts first.
// Text is tokenised with prose's tokenizer (ported), so tokens are those
// prose produces.
//
// Differences from prose: emoticons are recognised from a short list (prose
// has a long one), and URLs and e-mail addresses are recognised with a
// simple test rather than prose's regular expressions; both are tagged as
// prose tags them ("SYM" and "NN").
//
// Make a Model with Load: the zero Model has no model, and its
// methods panic. A Model is read-only after Load returns and is safe for
// concurrent use by multiple goroutines. Loading decodes the model; load
// one and share it.
type Model struct {
	classes []string                 // sorted
	tagMap  map[string]string        // unambiguous words
	weights map[string][]classWeight // feature → weights, by class index
	none    *regexp.Regexp
	keep    *regexp.Regexp
}

type classWeight struct {
	class  int32
	weight float64
}

// Load loads prose's averaged perceptron model (embedded in the package:
// model/, as prose v2.0.0 ships it).
func Load() (*Model, error) {
	var classes []string
	var tags map[string]string
	for _, a := range []struct {
		name string
		dst  any
	}{
		{"classes.gob", &classes},
		{"tags.gob", &tags},
	} {
		b, err := modelFile(a.name)
		if err != nil {
			return nil, err
		}
		if err := gob.NewDecoder(bytes.NewReader(b)).Decode(a.dst); err != nil {
			return nil, fmt.Errorf("pos: model %s: %w", a.name, err)
		}
	}
	const weightsFile = "weights.gob"
	b, err := modelFile(weightsFile)
	if err != nil {
		return nil, err
	}
	wts, err := readWeights(string(b))
	if err != nil {
		return nil, fmt.Errorf("pos: model %s: %w", weightsFile, err)
	}
	// Every class that has a weight must be known; collect them all so
	// that a weight for a class missing from classes.gob is not dropped.
	set := map[string]bool{}
	for _, c := range classes {
		set[c] = true
	}
	for _, c := range wts.names {
		set[c] = true
	}
	t := &Model{
		tagMap:  tags,
		weights: make(map[string][]classWeight, len(wts.features)),
		none:    regexp.MustCompile(`^(?:0|\*[\w?]\*|\*\-\d{1,3}|\*[A-Z]+\*\-\d{1,3}|\*)$`),
		keep:    regexp.MustCompile(`^\-[A-Z]{3}\-$`),
	}
	for c := range set {
		t.classes = append(t.classes, c)
	}
	slices.Sort(t.classes)
	index := make([]int32, len(wts.names)) // a weight list's class number → its index in t.classes
	for i, c := range wts.names {
		j, _ := slices.BinarySearch(t.classes, c)
		index[i] = int32(j)
	}
	start := 0
	for i, f := range wts.features {
		end := wts.ends[i]
		cw := wts.entries[start:end:end]
		for j := range cw {
			cw[j].class = index[cw[j].class]
		}
		slices.SortFunc(cw, func(a, b classWeight) int { return int(a.class - b.class) })
		t.weights[f] = cw
		start = end
	}
	return t, nil
}

// proseSafe returns text with invalid UTF-8 replaced by U+FFFD and every
// letter whose lower case has another length in UTF-8 replaced by its lower
// case; text that has neither is returned as it is.
func proseSafe(text string) string {
	safe := func(r rune, size int) bool {
		if r == utf8.RuneError && size == 1 {
			return false
		}
		return r < utf8.RuneSelf || utf8.RuneLen(unicode.ToLower(r)) == size
	}
	i := 0
	for i < len(text) {
		r, size := utf8.DecodeRuneInString(text[i:])
		if !safe(r, size) {
			break
		}
		i += size
	}
	if i == len(text) {
		return text
	}
	var b strings.Builder
	b.Grow(len(text) + 8)
	b.WriteString(text[:i])
	for i < len(text) {
		r, size := utf8.DecodeRuneInString(text[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteRune(utf8.RuneError)
		case safe(r, size):
			b.WriteString(text[i : i+size])
		default:
			b.WriteRune(unicode.ToLower(r))
		}
		i += size
	}
	return b.String()
}

// Tag tokenises text and tags every token.
func (t *Model) Tag(text string) []Token {
	words := tokenize(text)
	out := make([]Token, 0, len(words))
	t.tag(words, func(i int, tag string) bool {
		out = append(out, Token{Text: words[i], Tag: tag})
		return true
	})
	return out
}

// HasVerb reports whether the first maxTokens tokens of text hold one
// tagged as a verb (VB, VBD, VBG, VBN, VBP or VBZ); maxTokens <= 0 means
// all of them. It stops tagging at the first verb: the tagger reads left to
// right, so a verb's tag does not depend on the words more than two places
// after it, and a long text costs no more than its first maxTokens words.
func (t *Model) HasVerb(text string, maxTokens int) bool {
	if maxTokens <= 0 {
		maxTokens = math.MaxInt
	}
	if limit := maxTokens * 32; maxTokens < math.MaxInt/32 && len(text) > limit {
		// No token list of maxTokens+2 words needs more bytes than this
		// unless its words are very long; cut at a space.
		cut := strings.LastIndexAny(text[:limit], " \t\n")
		if cut <= 0 {
			cut = limit
		}
		text = text[:cut]
	}
	words := tokenize(text)
	if len(words) > maxTokens {
		// Keep two words of right context so the tags of the kept words
		// are those of the whole text.
		words = words[:min(len(words), maxTokens+2)]
	}
	found := false
	t.tag(words, func(i int, tag string) bool {
		if i >= maxTokens {
			return false
		}
		if isVerbTag(tag) {
			found = true
			return false
		}
		return true
	})
	return found
}

// NounPhrases returns the noun phrases of text as nlp.Phrases gives them:
// each maximal run of adjectives (JJ, JJR, JJS) and nouns (NN, NNS, NNP,
// NNPS) that ends in a noun, as its content terms (nlp.Terms) joined by
// spaces ("nuclear power plant"), and its head noun alone ("plant"),
// sorted and without repeats.
func (t *Model) NounPhrases(text string) []string {
	var runs [][]string
	var run []string
	lastNoun := -1 // index in run of the last noun
	flush := func() {
		if lastNoun >= 0 {
			runs = append(runs, run[:lastNoun+1])
		}
		run, lastNoun = nil, -1
	}
	for _, tk := range t.Tag(text) {
		isNoun := strings.HasPrefix(tk.Tag, "NN")
		if !isNoun && !strings.HasPrefix(tk.Tag, "JJ") {
			flush()
			continue
		}
		terms := nlp.Terms(nil, tk.Text)
		if len(terms) == 0 {
			flush()
			continue
		}
		run = append(run, terms...)
		if isNoun {
			lastNoun = len(run) - 1
		}
	}
	flush()
	return phrase.FromRuns(runs)
}

// isVerbTag reports whether tag is a Penn Treebank verb tag (VB, VBD, VBG,
// VBN, VBP, VBZ). Modals (MD) are not verbs here.
func isVerbTag(tag string) bool {
	return len(tag) >= 2 && tag[0] == 'V' && tag[1] == 'B'
}

// tag tags words in order, calling yield for each; it stops when yield
// returns false.
func (t *Model) tag(words []string, yield func(i int, tag string) bool) {
	n := len(words)
	ctx := make([]string, n+4)
	ctx[0], ctx[1] = "-START-", "-START2-"
	for i, w := range words {
		ctx[i+2] = normalizeWord(w)
	}
	ctx[n+2], ctx[n+3] = "-END-", "-END2-"
	p1, p2 := "-START-", "-START2-"
	scores := make([]float64, len(t.classes))
	seen := make([]bool, len(t.classes))
	var key []byte
	for i, w := range words {
		var tag string
		var found bool
		switch {
		case w == "-":
			tag = "-"
		case isEmoticon(w):
			tag = "SYM"
		case isLinkOrEmail(w):
			tag = "NN"
		case t.none.MatchString(w):
			tag = "-NONE-"
		case t.keep.MatchString(w):
			tag = w
		default:
			if tag, found = t.tagMap[w]; !found {
				tag, key = t.predict(i, ctx, w, p1, p2, scores, seen, key)
			}
		}
		if !yield(i, tag) {
			return
		}
		p2, p1 = p1, tag
	}
}

// predict scores the classes for word w at position i, as prose's
// featurize and predict do, but in a fixed order.
func (t *Model) predict(i int, ctx []string, w, p1, p2 string, scores []float64, seen []bool, key []byte) (string, []byte) {
	clear(scores)
	clear(seen)
	add := func(parts ...string) {
		key = key[:0]
		for j, p := range parts {
			if j > 0 {
				key = append(key, ' ')
			}
			key = append(key, p...)
		}
		for _, cw := range t.weights[string(key)] {
			scores[cw.class] += cw.weight
			seen[cw.class] = true
		}
	}
	suffix := func(s string) string { return s[len(s)-min(len(s), 3):] }
	i += 2
	add("bias")
	add("i suffix", suffix(w))
	add("i pref1", string(rune(w[0]))) // prose converts the first byte, not rune
	add("i-1 tag", p1)
	add("i-2 tag", p2)
	add("i tag+i-2 tag", p1, p2)
	add("i word", ctx[i])
	add("i-1 tag+i word", p1, ctx[i])
	add("i-1 word", ctx[i-1])
	add("i-1 suffix", suffix(ctx[i-1]))
	add("i-2 word", ctx[i-2])
	add("i+1 word", ctx[i+1])
	add("i+1 suffix", suffix(ctx[i+1]))
	add("i+2 word", ctx[i+2])
	best := -1
	for c, s := range scores {
		if seen[c] && (best < 0 || s > scores[best]) {
			best = c
		}
	}
	if best < 0 {
		return "", key
	}
	return t.classes[best], key
}

// normalizeWord is prose's normalisation of context words.
func normalizeWord(w string) string {
	if w == "" {
		return w
	}
	if strings.Contains(w, "-") && w[0] != '-' {
		return "!HYPHEN"
	}
	if len(w) == 4 {
		if _, err := strconv.Atoi(w); err == nil {
			return "!YEAR"
		}
	}
	if w[0] >= '0' && w[0] <= '9' {
		return "!DIGITS"
	}
	return strings.ToLower(w)
}

func isEmoticon(w string) bool {
	switch w {
	case ":)", ":(", ":D", ";)", ":-)", ":-(", ":P", ":p", ";-)", ":-D", ":/", ":'(", "<3", "xD", "XD", "^_^", ":O", ":o":
		return true
	}
	return false
}

// isLinkOrEmail reports what prose's link and e-mail expressions
// (github.com/mingrammer/commonregex) match in a token: a dot after a
// lower-case letter, digit, dot or hyphen, followed by at least two more
// characters of which the last is not punctuation ("example.com",
// "4.8%", "end.Next"), or an address with an @.
func isLinkOrEmail(w string) bool {
	if strings.HasPrefix(w, "@") {
		return true
	}
	if at := strings.IndexByte(w, '@'); at > 0 && strings.Contains(w[at:], ".") {
		return true
	}
	for k := 1; k < len(w); k++ {
		if w[k] != '.' || !isLinkByte(w[k-1]) {
			continue
		}
		for j := k + 1; j < len(w) && !strings.ContainsRune("()<>", rune(w[j])); j++ {
			if j >= k+2 && !strings.ContainsRune("!()[]{};:'\".,<>?", rune(w[j])) && w[j] != ' ' {
				return true
			}
		}
	}
	return false
}

func isLinkByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '.' || c == '-'
}
