package corpustest

import (
	"math"
	"math/rand/v2"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Debate noise; the ones of two or more words become duplicate sentences
// across arguments, the one-word ones stay in premise texts only.
var boilerplate = []string{
	"Thank you.", "I accept.", "Vote Pro!", "Vote Con!", "Extend.",
	"Good luck.", "Thanks for the debate.", "I accept this debate.",
	"My opponent forfeited this round.", "Extend my arguments.",
	"Arguments extended.", "I will now refute my opponent's points.",
	"Thank you for accepting this debate.", "Please vote Con.",
	"Please vote Pro.", "Sources:", "Rebuttals:", "Yes.", "No.", "Why?",
	"I agree.", "Thank you for reading.", "Over to you.",
	"First round is acceptance.", "Good luck to my opponent!",
	"I look forward to a good debate.", "This round is for acceptance only.",
	"I thank my opponent for this debate.", "The resolution is negated.",
	"The resolution is affirmed.", "Forfeit.", "Ok.", "I rest my case.",
	"Vote for me!", "It's that simple.", "He has not refuted any of my points.",
	"[1]", "1.", "My opponent has forfeited.", "Back to you, Con.",
}

// Popular discussion titles, several of one word (so their arguments have
// no conclusion sentence).
var popularTitles = []string{
	"Abortion", "Gay marriage", "God exists", "The death penalty",
	"Gun control", "Marijuana should be legalized", "Evolution",
	"Animal testing", "Capital punishment", "Abortion should be illegal",
	"School uniforms", "Video games", "Global warming", "Vegetarianism",
	"Socialism", "Homework should be banned", "Minimum wage",
	"Nuclear energy", "Euthanasia", "Illegal immigration",
}

var (
	contractions = []string{"don't", "it's", "can't", "isn't", "doesn't", "I'm", "won't",
		"that's", "there's", "they're", "you're", "we're", "didn't", "wouldn't",
		"shouldn't", "I've", "let's", "aren't", "he's"}
	accented = []string{"café", "naïve", "résumé", "Pokémon", "façade", "déjà vu", "Zoë",
		"São Paulo", "Müller", "fiancée", "rôle", "coöperate", "Ångström", "jalapeño",
		"über", "Straße", "ﬁnance", "Ｆｕｌｌｗｉｄｔｈ", "Ελλάδα", "Москва", "北京", "東京", "İstanbul"}
	emoji     = []string{"😀", "👍", "🤔", "😂", "❤️", "🙏", "🇺🇸", "👨‍👩‍👧", "🔥", "💯", "🙄", "✌🏽"}
	controls  = []string{"\x00", "\x01", "\x07", "\x08", "\x0b", "\x0c", "\x1b", "\x7f", "\u0085", "\u009d"}
	invisible = []string{"\u00a0", "\u200b", "\ufeff", "\u2028", "\u00ad", "\u200e", "\u2009"}
	slashes   = []string{`and\or`, `C:\Users\debate`, `\n`, `¯\_(ツ)_/¯`, `\`, `a\b`, `\\server\share`, `1\2`, `\'`, `\"`}
	urls      = []string{"http://www.debate.org/debates/", "https://en.wikipedia.org/wiki/",
		"www.example.com/", "http://www.cdc.gov/", "https://bit.ly/"}
	newlines = []string{"\n", "\r\n", "\n\n", "\r"}
)

// A nasty alters the words of one sentence.
type nasty struct {
	p float64
	f func(g *generator, ws []string) []string
}

var nasties = []nasty{
	{0.020, func(g *generator, ws []string) []string { // "quoted words"
		i := g.rng.IntN(len(ws))
		j := min(len(ws)-1, i+1+g.rng.IntN(4))
		ws[i], ws[j] = `"`+ws[i], ws[j]+`"`
		return ws
	}},
	{0.010, func(g *generator, ws []string) []string { // “smart quotes”
		i := g.rng.IntN(len(ws))
		j := min(len(ws)-1, i+1+g.rng.IntN(4))
		ws[i], ws[j] = "\u201c"+ws[i], ws[j]+"\u201d"
		return ws
	}},
	{0.005, func(g *generator, ws []string) []string { // 'single quotes'
		i := g.rng.IntN(len(ws))
		ws[i] = "'" + ws[i] + "'"
		return ws
	}},
	{0.010, func(g *generator, ws []string) []string {
		return insert(ws, g.rng.IntN(len(ws)), pick(g.rng, []string{"\u2014", "--", "\u2013", "-"}))
	}},
	{0.015, func(g *generator, ws []string) []string {
		return insert(ws, g.rng.IntN(len(ws)), pick(g.rng, accented))
	}},
	{0.003, func(g *generator, ws []string) []string {
		e := pick(g.rng, emoji)
		if g.rng.IntN(2) == 0 {
			return append(ws, e)
		}
		ws[len(ws)-1] += e
		return ws
	}},
	{0.003, func(g *generator, ws []string) []string {
		return insert(ws, 1+g.rng.IntN(len(ws)), pick(g.rng, newlines))
	}},
	{0.001, func(g *generator, ws []string) []string { return insert(ws, 1+g.rng.IntN(len(ws)), "\t") }},
	{0.002, func(g *generator, ws []string) []string { return insert(ws, g.rng.IntN(len(ws)), pick(g.rng, slashes)) }},
	{0.001, func(g *generator, ws []string) []string {
		i := g.rng.IntN(len(ws))
		ws[i] += pick(g.rng, controls)
		return ws
	}},
	{0.002, func(g *generator, ws []string) []string {
		i := g.rng.IntN(len(ws))
		ws[i] += pick(g.rng, invisible)
		return ws
	}},
	{0.002, func(g *generator, ws []string) []string {
		return insert(ws, g.rng.IntN(len(ws)), pick(g.rng, urls)+g.v.words[500+g.rng.IntN(4500)])
	}},
	{0.040, func(g *generator, ws []string) []string {
		r := g.rng
		var n string
		switch r.IntN(5) {
		case 0:
			n = itoa(1900 + r.IntN(122))
		case 1:
			n = itoa(1+r.IntN(99)) + "%"
		case 2:
			n = "$" + itoa(1+r.IntN(999)) + "," + pad3(r.IntN(1000))
		case 3:
			n = itoa(r.IntN(100)) + "." + itoa(r.IntN(10))
		default:
			n = itoa(10 + r.IntN(9990))
		}
		return insert(ws, r.IntN(len(ws)), n)
	}},
	{0.020, func(g *generator, ws []string) []string { // hyphen-ated
		if len(ws) < 2 {
			return ws
		}
		i := g.rng.IntN(len(ws) - 1)
		ws[i] += "-" + ws[i+1]
		return append(ws[:i+1], ws[i+2:]...)
	}},
	{0.010, func(g *generator, ws []string) []string {
		i := g.rng.IntN(len(ws))
		ws[i] = strings.ToUpper(ws[i])
		return ws
	}},
	{0.0002, func(g *generator, ws []string) []string {
		return insert(ws, g.rng.IntN(len(ws)), strings.Repeat("ha", 100+g.rng.IntN(200)))
	}},
}

func insert(ws []string, i int, w string) []string {
	ws = append(ws, "")
	copy(ws[i+1:], ws[i:])
	ws[i] = w
	return ws
}

func pick(rng *rand.Rand, xs []string) string { return xs[rng.IntN(len(xs))] }

func itoa(i int) string {
	var b [20]byte
	n := len(b)
	for {
		n--
		b[n] = byte('0' + i%10)
		i /= 10
		if i == 0 {
			return string(b[n:])
		}
	}
}

func pad3(i int) string {
	s := itoa(i)
	return strings.Repeat("0", 3-len(s)) + s
}

func capitalize(w string) string {
	r, n := utf8.DecodeRuneInString(w)
	if r < utf8.RuneSelf && 'a' <= r && r <= 'z' {
		return string(rune(r-'a'+'A')) + w[n:]
	}
	return w
}

// lognormal draws exp(N(mu, sigma²)).
func lognormal(rng *rand.Rand, mu, sigma float64) float64 {
	return math.Exp(mu + sigma*rng.NormFloat64())
}

// Probabilities of the kinds of premise sentence.
const (
	boilerplateRate = 0.03  // debate noise from a fixed list
	copyRate        = 0.015 // an exact copy of a recent sentence
	nearCopyRate    = 0.007 // a recent sentence changed in case, spacing or punctuation
	argumentCopy    = 0.005 // an argument repeating all sentences of a recent one
	recentSentences = 20000 // size of the ring buffer of copy sources
	recentArguments = 2000  // size of the ring buffer of argument copy sources
	apostropheRate  = 0.10  // a contraction or possessive
	tokensSigma     = 0.62  // log-normal shape of the tokens per sentence (real sample: mean 20.6, median 17)
	sentencesSigma  = 1.05  // log-normal shape of the premise sentences per argument
	maxTokens       = 200   // per generated sentence, before nasties
	maxSentences    = 1500  // premise sentences per argument
	realTokenMean   = 20.0  // whitespace tokens per sentence in the real corpus
	boilerplateMean = 2.4   // mean whitespace tokens of a boilerplate sentence, roughly
	conclusionMean  = 6.0   // words per generated conclusion
	sourceTextMin   = 2000  // bytes
	sourceTextMax   = 40000 // bytes
	debateMu        = 1.3   // log-normal arguments per debate
	debateSigma     = 0.7   //
	maxDebate       = 60    // arguments per debate
)

// A sent is a generated sentence with its number of whitespace-separated
// tokens.
type sent struct {
	text   string
	tokens int
}

func newSent(t string) sent { return sent{t, countFields(t)} }

// sentence returns one premise sentence.
func (g *generator) sentence() sent {
	rng := g.rng
	u := rng.Float64()
	switch {
	case u < boilerplateRate:
		// Heavy-tailed choice: the first entries are the most common.
		i := min(int(1/(1-rng.Float64()))-1, len(boilerplate)-1)
		return newSent(boilerplate[i])
	case u < boilerplateRate+copyRate && len(g.recent) > 0:
		return g.recent[rng.IntN(len(g.recent))]
	case u < boilerplateRate+copyRate+nearCopyRate && len(g.recent) > 0:
		return g.nearCopy(g.recent[rng.IntN(len(g.recent))].text)
	}
	n := int(lognormal(rng, g.tokensMu, tokensSigma) + 0.5)
	n = max(2, min(n, maxTokens))
	ws := g.words[:0]
	for range n {
		ws = append(ws, g.v.word(rng))
	}
	if rng.Float64() < apostropheRate {
		i := rng.IntN(n)
		if rng.Float64() < 0.6 {
			ws[i] = pick(rng, contractions)
		} else {
			ws[i] += "'s"
		}
		if rng.Float64() < 0.2 {
			ws[i] = strings.ReplaceAll(ws[i], "'", "\u2019")
		}
	}
	if n >= 6 && rng.Float64() < 0.6 {
		i := 1 + rng.IntN(n-2)
		ws[i] += ","
	}
	if u := rng.Float64(); u < g.nastyTotal {
		for _, x := range nasties {
			if u < x.p {
				ws = x.f(g, ws)
				break
			}
			u -= x.p
		}
	}
	ws[0] = capitalize(ws[0])
	b := g.text[:0]
	for i, w := range ws {
		if i > 0 && w[0] != '\n' && w[0] != '\r' {
			b = append(b, ' ')
		}
		b = append(b, w...)
	}
	switch u := rng.Float64(); {
	case u < 0.85:
		b = append(b, '.')
	case u < 0.93:
		b = append(b, '?')
	case u < 0.98:
		b = append(b, '!')
	case u < 0.99:
		b = append(b, "..."...)
	}
	g.text, g.words = b, ws[:0]
	t := newSent(string(b))
	if len(g.recent) < recentSentences {
		g.recent = append(g.recent, t)
	} else if rng.Float64() < 0.05 {
		g.recent[g.recentPos] = t
		g.recentPos = (g.recentPos + 1) % recentSentences
	}
	return t
}

// nearCopy returns s changed so that it is a duplicate only after
// normalization (case, spacing, punctuation).
func (g *generator) nearCopy(s string) sent {
	switch g.rng.IntN(5) {
	case 0:
		s = strings.ToLower(s)
	case 1:
		s = strings.ToUpper(s)
	case 2:
		s = strings.Replace(s, " ", "  ", 1+g.rng.IntN(3))
	case 3:
		s = strings.TrimRight(s, ".?!") + pick(g.rng, []string{"!", "?!", " .", "..."})
	default:
		s = strings.ReplaceAll(strings.ReplaceAll(s, ", ", " , "), "'", "\u2019")
	}
	return newSent(s)
}

// conclusion returns the conclusion (discussion title) of a debate.
func (g *generator) conclusion() string {
	rng := g.rng
	if rng.Float64() < 0.10 {
		return pick(rng, popularTitles)
	}
	n := int(lognormal(rng, math.Log(conclusionMean)-0.18, 0.6) + 0.5)
	n = max(1, min(n, 25))
	ws := g.words[:0]
	for range n {
		ws = append(ws, g.v.word(rng))
	}
	if rng.Float64() < 0.3 {
		for i, w := range ws {
			ws[i] = capitalize(w)
		}
	} else {
		ws[0] = capitalize(ws[0])
	}
	if rng.Float64() < 0.05 {
		i := rng.IntN(n)
		ws[i] += pick(rng, []string{"'s", "\u2019s", ",", `"`, " \u2014", ":"})
	}
	if rng.Float64() < 0.003 {
		ws = insert(ws, rng.IntN(n), pick(rng, newlines))
	}
	if rng.Float64() < 0.003 {
		ws = append(ws, pick(rng, append(accented[:len(accented):len(accented)], emoji...)))
	}
	t := strings.Join(ws, " ")
	g.words = ws[:0]
	switch u := rng.Float64(); {
	case u < 0.2:
		t += "?"
	case u < 0.25:
		t += "."
	}
	return t
}

// countFields returns len(strings.Fields(s)) without allocating.
func countFields(s string) int {
	n := 0
	inField := false
	for i := 0; i < len(s); {
		c := s[i]
		var space bool
		if c < utf8.RuneSelf {
			space = asciiSpace[c]
			i++
		} else {
			r, size := utf8.DecodeRuneInString(s[i:])
			space = unicode.IsSpace(r)
			i += size
		}
		if space {
			inField = false
		} else if !inField {
			inField = true
			n++
		}
	}
	return n
}

var asciiSpace = [utf8.RuneSelf]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}
