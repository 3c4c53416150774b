package corpustest

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
)

// Real English words. The function words take the most frequent ranks in
// this order; the content words (with their inflections) are scattered over
// the middle ranks, so that stemming, stop lists and query terms behave as
// on real text.
var functionWords = strings.Fields(`
the to of and a that is in it you be for not this i are have on as with
they was but we if by or would can there so do their at from an will what
all no more one about my which should has people your been he them also
than who because just like when only other how some were its our then any
into these me out those could up even many much very most his her may must
such being why did does had here over well each both same own few against
through between after before under again further once off while where every
another however therefore although though yet nor until since upon within
without whether whose am shall might cannot among across around during
despite unless now never always often still too really quite rather almost
already simply actually perhaps indeed instead thus hence something nothing
everything anything someone anyone everyone nobody none
`)

var nounWords = strings.Fields(`
government law state country world school teacher student child parent
family money tax job business company market economy price cost policy
system health doctor patient drug medicine disease water food energy oil
power war army weapon gun crime police prison court judge evidence argument
opponent debate round source point reason fact opinion belief religion god
church science theory evolution animal human nature environment climate
problem solution question answer vote voter election president party
freedom speech citizen immigrant border nation society culture community
woman man girl boy marriage abortion baby fetus consent gender race history
year day time game sport player team music art book internet computer phone
technology media network worker wage union benefit program plan study
research result effect impact risk safety danger security privacy
information report claim example minister university college education
test grade exam lesson rule regulation ban limit control access service
product consumer industry trade farm farmer city town home house car road
vaccine virus cigarette alcohol marijuana tobacco constitution amendment
democracy right majority minority leader official politician senator
congress parliament treaty military soldier terrorist attack victim
criminal murder execution sentence punishment justice equality poverty
wealth income welfare insurance hospital nurse teenager adult uniform
homework scientist experiment universe planet earth ocean forest species
pollution emission carbon fuel reactor factory employer employee salary
pension debt loan bank currency inflation growth profit investment
resource property owner contract agreement conflict peace empire monarchy
republic lockdown pandemic zoo hunting meat diet surveillance censorship
`)

var verbWords = strings.Fields(`
argue believe think know say claim prove show support oppose agree accept
reject allow ban protect kill save help harm cause reduce increase improve
destroy create provide require need want use make give pay spend earn lose
win elect choose decide explain mention consider suggest assume conclude
refute respond address exist live die suffer fund regulate legalize
prohibit punish deter execute steal vote rely depend teach learn study test
grow produce invest borrow own rent attack defend fight govern lead follow
obey violate enforce restrict permit force abuse exploit treat cure prevent
infect vaccinate pollute burn recycle waste consume import export subsidize
privatize reform abolish replace remove add change censor monitor
`)

var adjectiveWords = strings.Fields(`
good bad important necessary possible legal illegal moral immoral ethical
natural social public private political economic free fair unfair equal
strong weak high low large small great new old young wrong true false clear
simple dangerous safe healthy harmful effective useful religious scientific
personal human national global local federal cruel unusual violent peaceful
poor rich cheap expensive fast slow real serious obvious logical rational
reasonable responsible independent democratic mandatory compulsory
`)

// Syllable parts of the pseudo-words that fill the long tail.
var (
	onsets = strings.Fields("b bl br c ch cl cr d dr f fl fr g gl gr h j k l m n p pl pr qu r s sc sh sk sl sn sp st str t th tr v w wh z x y")
	nuclei = strings.Fields("a e i o u a e i o ai ea ee ie oa oo ou au ei y")
	codas  = []string{"", "", "", "", "n", "r", "s", "l", "m", "t", "nd", "nt", "st", "x", "ck", "ng", "rt", "ll", "ss", "sh", "th", "mp"}
)

func plural(w string) string {
	switch {
	case strings.HasSuffix(w, "s"), strings.HasSuffix(w, "x"), strings.HasSuffix(w, "ch"), strings.HasSuffix(w, "sh"), strings.HasSuffix(w, "z"):
		return w + "es"
	case len(w) > 2 && w[len(w)-1] == 'y' && !strings.ContainsRune("aeiou", rune(w[len(w)-2])):
		return w[:len(w)-1] + "ies"
	}
	return w + "s"
}

func verbForms(w string) []string {
	var ed, ing string
	switch {
	case strings.HasSuffix(w, "e"):
		ed, ing = w+"d", w[:len(w)-1]+"ing"
	case len(w) > 2 && w[len(w)-1] == 'y' && !strings.ContainsRune("aeiou", rune(w[len(w)-2])):
		ed, ing = w[:len(w)-1]+"ied", w+"ing"
	default:
		ed, ing = w+"ed", w+"ing"
	}
	return []string{plural(w), ed, ing}
}

func adjectiveForms(w string) []string {
	switch {
	case strings.HasSuffix(w, "le"):
		return []string{w[:len(w)-1] + "y"}
	case strings.HasSuffix(w, "ic"):
		return []string{w + "ally"}
	case len(w) > 2 && w[len(w)-1] == 'y':
		return []string{w[:len(w)-1] + "ily", w[:len(w)-1] + "iness"}
	}
	return []string{w + "ly", w + "ness"}
}

// A vocab is a Zipf–Mandelbrot ranked word list: function words first, then
// real content words mixed with pseudo-words, sampled in O(1) with Vose's
// alias method.
type vocab struct {
	words []string
	// real content words by part of speech, base forms, for queries
	nouns, verbs, adjectives []string
	alias                    aliasTable
}

// Zipf–Mandelbrot parameters: p(r) ∝ 1/(r+q)^s.
const (
	zipfS = 1.0
	zipfQ = 2.7
)

func newVocab(rng *rand.Rand, pseudoWords int) *vocab {
	seen := map[string]bool{}
	v := &vocab{}
	type ranked struct {
		key  float64
		word string
	}
	var content []ranked
	addGroup := func(base string, forms []string, list *[]string) {
		if seen[base] {
			return
		}
		*list = append(*list, base)
		// Log-uniform base rank among the first 20,000 content words;
		// inflections are rarer than their base.
		r := math.Exp(rng.Float64() * math.Log(20000))
		for i, w := range append([]string{base}, forms...) {
			if seen[w] {
				continue
			}
			seen[w] = true
			k := r
			if i > 0 {
				k = r * (1.5 + 6*rng.Float64())
			}
			content = append(content, ranked{k, w})
		}
	}
	for _, w := range functionWords {
		seen[w] = true
	}
	for _, w := range nounWords {
		addGroup(w, []string{plural(w)}, &v.nouns)
	}
	for _, w := range verbWords {
		addGroup(w, verbForms(w), &v.verbs)
	}
	for _, w := range adjectiveWords {
		addGroup(w, adjectiveForms(w), &v.adjectives)
	}
	pseudo := make([]ranked, 0, pseudoWords)
	for len(pseudo) < pseudoWords {
		var b strings.Builder
		n := 1 + weightedIndex(rng, []float64{3, 6, 2, 0.3})
		for range n {
			b.WriteString(onsets[rng.IntN(len(onsets))])
			b.WriteString(nuclei[rng.IntN(len(nuclei))])
			b.WriteString(codas[rng.IntN(len(codas))])
		}
		w := b.String()
		if len(w) < 3 || seen[w] {
			continue
		}
		seen[w] = true
		// Shorter pseudo-words tend to be more frequent, as in real text.
		pseudo = append(pseudo, ranked{float64(len(w)) + 4*rng.Float64(), w})
	}
	byKey := func(a, b ranked) int {
		if c := cmpFloat(a.key, b.key); c != 0 {
			return c
		}
		return strings.Compare(a.word, b.word) // words are distinct
	}
	slices.SortFunc(pseudo, byKey)
	slots := float64(len(pseudo) + len(content))
	all := make([]ranked, 0, int(slots))
	for i, p := range pseudo {
		w := p.word
		if rng.Float64() < 0.01 { // a few proper nouns
			w = strings.ToUpper(w[:1]) + w[1:]
		}
		all = append(all, ranked{1 + float64(i)*slots/float64(len(pseudo)), w})
	}
	all = append(all, content...)
	slices.SortFunc(all, byKey)
	v.words = append(v.words, functionWords...)
	for _, r := range all {
		v.words = append(v.words, r.word)
	}
	weights := make([]float64, len(v.words))
	for i := range weights {
		weights[i] = 1 / math.Pow(float64(i+1)+zipfQ, zipfS)
	}
	v.alias = newAliasTable(weights)
	return v
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// word draws a word by its Zipf weight.
func (v *vocab) word(rng *rand.Rand) string { return v.words[v.alias.draw(rng)] }

// weightedIndex draws i with probability w[i]/sum(w).
func weightedIndex(rng *rand.Rand, w []float64) int {
	var sum float64
	for _, x := range w {
		sum += x
	}
	u := rng.Float64() * sum
	for i, x := range w {
		if u < x {
			return i
		}
		u -= x
	}
	return len(w) - 1
}

// An aliasTable samples from a discrete distribution in O(1) (Vose 1991).
type aliasTable struct {
	prob  []float64
	alias []int32
}

func newAliasTable(weights []float64) aliasTable {
	n := len(weights)
	var sum float64
	for _, w := range weights {
		sum += w
	}
	t := aliasTable{prob: make([]float64, n), alias: make([]int32, n)}
	scaled := make([]float64, n)
	var small, large []int32
	for i, w := range weights {
		scaled[i] = w * float64(n) / sum
		if scaled[i] < 1 {
			small = append(small, int32(i))
		} else {
			large = append(large, int32(i))
		}
	}
	for len(small) > 0 && len(large) > 0 {
		s, l := small[len(small)-1], large[len(large)-1]
		small = small[:len(small)-1]
		t.prob[s] = scaled[s]
		t.alias[s] = l
		scaled[l] += scaled[s] - 1
		if scaled[l] < 1 {
			large = large[:len(large)-1]
			small = append(small, l)
		}
	}
	for _, i := range large {
		t.prob[i] = 1
	}
	for _, i := range small { // only rounding leftovers
		t.prob[i] = 1
	}
	return t
}

func (t aliasTable) draw(rng *rand.Rand) int {
	u := rng.Uint64()
	i := int((u >> 32) * uint64(len(t.prob)) >> 32)
	if float64(uint32(u))/(1<<32) < t.prob[i] {
		return i
	}
	return int(t.alias[i])
}
