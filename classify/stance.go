package classify

import (
	"context"
	"fmt"
	"io"
	"slices"

	"github.com/argsearch/argsearch/internal/linear"
	"github.com/argsearch/argsearch/internal/nilio"
	"github.com/argsearch/argsearch/internal/quote"
	"github.com/argsearch/argsearch/internal/textfeat"
	"github.com/argsearch/argsearch/stance"
)

// The feature extractors of StanceModel, stored in model files and checked
// when they are read: stance/1 (the topic-aware features) and stance/2
// (stance/1 and the topic-polarity-signed sentiment features), which
// TrainStanceModel trains.
const (
	stanceFeatures1 = "stance/1"
	stanceFeatures2 = "stance/2"
)

// A StanceModel is the trained linear stance tagger: a softmax regression
// over topic-aware hashed features that tags a text Pro, Con or No (not an
// argument) towards a topic. It is a stance.Tagger.
//
// A StanceModel is immutable and safe for concurrent use.
type StanceModel struct {
	lin     *linear.Model
	labels  []stance.Stance // the stance of each class of lin
	valence *valence        // stance/2: the sentiment lexicon; nil for stance/1
}

// A StanceExample is a training item for TrainStanceModel.
type StanceExample struct {
	Topic, Text string
	Stance      stance.Stance
}

// ReadStanceModel reads a model written by StanceModel.WriteTo.
func ReadStanceModel(r io.Reader) (*StanceModel, error) {
	lin, err := readLinear(nilio.Reader(r, "classify"), stanceFeatures2, stanceFeatures1)
	if err != nil {
		return nil, err
	}
	return stanceModel(lin, nil)
}

// TrainStanceModel fits a StanceModel. The classes are the distinct stances
// of the examples, in stance.Stance order; Unknown is not a class.
func TrainStanceModel(ctx context.Context, examples []StanceExample, c TrainConfig) (*StanceModel, error) {
	if err := c.check(); err != nil {
		return nil, err
	}
	var present [stance.No + 1]bool
	for i, e := range examples {
		if e.Stance <= stance.Unknown || e.Stance > stance.No {
			return nil, fmt.Errorf("classify: train: example %d has stance %v", i, e.Stance)
		}
		present[e.Stance] = true
	}
	class := map[stance.Stance]int{}
	var labels []string
	for s := stance.Pro; s <= stance.No; s++ {
		if present[s] {
			class[s] = len(labels)
			labels = append(labels, s.String())
		}
	}
	valence, err := vader()
	if err != nil {
		return nil, fmt.Errorf("classify: %w", err)
	}
	topics := map[string]stanceTopic{}
	xs := make([]linear.Example, 0, len(examples))
	var buf []string
	for _, e := range examples {
		t, ok := topics[e.Topic]
		if !ok {
			t = newStanceTopic(e.Topic, valence)
			topics[e.Topic] = t
		}
		buf = textfeat.Tokenize(buf[:0], e.Text)
		v := linear.NewVector(c.bits())
		addStanceFeatures(v, t, buf)
		xs = append(xs, linear.Example{Features: v.Features, Class: class[e.Stance]})
	}
	lin, err := c.train(ctx, stanceFeatures2, labels, xs)
	if err != nil {
		return nil, err
	}
	return stanceModel(lin, valence)
}

// stanceModel makes a StanceModel of lin; lex is the lexicon of stance/2
// features, read here when nil.
func stanceModel(lin *linear.Model, lex *valence) (*StanceModel, error) {
	m := &StanceModel{lin: lin}
	if lin.Meta("features") == stanceFeatures2 {
		m.valence = lex
		if m.valence == nil {
			var err error
			if m.valence, err = vader(); err != nil {
				return nil, fmt.Errorf("classify: %w", err)
			}
		}
	}
	for _, l := range lin.Labels() {
		s, err := stance.Parse(l)
		if err != nil || s == stance.Unknown {
			return nil, fmt.Errorf("classify: %w: class label %s", errFormat, quote.Q(l))
		}
		m.labels = append(m.labels, s)
	}
	return m, nil
}

// WriteTo writes the model in the format ReadStanceModel reads.
func (m *StanceModel) WriteTo(w io.Writer) (int64, error) {
	n, err := m.lin.WriteTo(w)
	if err != nil {
		return n, fmt.Errorf("classify: %w", err)
	}
	return n, nil
}

// Tag returns the most probable stance of text towards topic and its
// probability. Input stance.CheckInput rejects is an error wrapping
// stance.ErrInput; text without a word of two or more Latin letters gets
// Unknown and 0.
func (m *StanceModel) Tag(ctx context.Context, topic, text string) (stance.Stance, float64, error) {
	if err := ctx.Err(); err != nil {
		return stance.Unknown, 0, err
	}
	if err := stance.CheckInput(topic, text); err != nil {
		return stance.Unknown, 0, fmt.Errorf("classify: %w", err)
	}
	var p [8]float64
	probs, ok := m.probabilities(m.topic(topic), text, p[:0])
	if !ok {
		return stance.Unknown, 0, nil
	}
	best := 0
	for c := 1; c < len(probs); c++ {
		if probs[c] > probs[best] {
			best = c
		}
	}
	return m.labels[best], probs[best], nil
}

// Lean returns how far text leans towards Pro, P(Pro) − P(Con), in [−1,
// 1]: 0 when the text is not informative (see Tag) or when the model does
// not know both sides. stance.Side uses it to give a pair PRO or CON.
func (m *StanceModel) Lean(topic, text string) float64 {
	pro, con, _ := m.proCon(topic, text)
	return pro - con
}

// Side returns the more likely of Pro and Con for text towards topic, and
// its probability renormalised over the two, P(side)/(P(Pro)+P(Con)), at
// least 0.5: a stance for a text known to take one (a Touché 2022 pair, a
// claim). The side is stance.Side(m, topic, stance.Unknown, text)'s: Pro
// on a tie. A text that is not informative (see Tag), or a model that does
// not know both sides, gives Pro and 0.5.
func (m *StanceModel) Side(topic, text string) (stance.Stance, float64) {
	pro, con, ok := m.proCon(topic, text)
	switch {
	case !ok:
		return stance.Pro, 0.5
	case pro < con:
		return stance.Con, con / (pro + con)
	}
	return stance.Pro, pro / (pro + con)
}

// proCon returns P(Pro) and P(Con) for text towards topic, and whether they
// say anything: false, with zeros, when the text is not informative, the
// model does not know both sides, or both are 0.
func (m *StanceModel) proCon(topic, text string) (pro, con float64, ok bool) {
	var p [8]float64
	probs, ok := m.probabilities(m.topic(topic), text, p[:0])
	if !ok {
		return 0, 0, false
	}
	ip, ic := slices.Index(m.labels, stance.Pro), slices.Index(m.labels, stance.Con)
	if ip < 0 || ic < 0 || probs[ip]+probs[ic] == 0 {
		return 0, 0, false
	}
	return probs[ip], probs[ic], true
}

// topic returns what the features need of a topic.
func (m *StanceModel) topic(topic string) stanceTopic { return newStanceTopic(topic, m.valence) }

// A stanceTopic is a topic as the features see it: its terms, and for
// stance/2 its polarity and the sentiment lexicon.
type stanceTopic struct {
	textfeat.Topic
	polarity float32  // textfeat.TopicPolarity: +1 or -1
	valence  *valence // nil: stance/1
}

func newStanceTopic(topic string, valence *valence) stanceTopic {
	return stanceTopic{Topic: textfeat.NewTopic(topic, false), polarity: float32(textfeat.TopicPolarity(topic)), valence: valence}
}

// probabilities appends to dst the probability of each of m.labels for
// text towards topic, and returns false when the text is not informative
// (see Tag).
func (m *StanceModel) probabilities(topic stanceTopic, text string, dst []float64) ([]float64, bool) {
	var buf [64]string
	toks := textfeat.Tokenize(buf[:0], text)
	if !textfeat.Informative(toks) {
		return nil, false
	}
	v := linear.NewVector(m.lin.Bits())
	addStanceFeatures(v, topic, toks)
	return m.lin.Probabilities(v.Features, dst), true
}

// addStanceFeatures adds the topic-aware stance features of toks to v and
// normalises it:
//
//   - word unigrams and bigrams over the text with topic terms replaced by
//     "<T>", and words in a negation scope prefixed "NOT_" (a scope runs
//     from a negation cue for up to four words, ending at punctuation);
//   - unigrams conjoined with the topic (they help within a topic and are
//     inert on unseen topics);
//   - words within three tokens of a topic term, marked "near";
//   - sentiment-bearing words, flipped inside a negation scope, counted
//     overall and near the topic;
//   - direction words (ban/abolish versus allow/legalize, flipped by
//     negation) that govern a following topic term;
//   - whether the topic is mentioned at all.
//
// stance/2 adds features signed by the topic's polarity (textfeat.
// TopicPolarity), so that what a word says about the subject transfers
// between topics that ask for it and topics that ask against it ("should X
// be banned"): each word, marked by negation scope, with the value of the
// polarity; each word's lexicon valence (flipped in a negation scope) times
// the polarity; and the summed valence times the polarity, overall, near
// the topic, and conjoined with whether the topic is mentioned (a text that
// praises something else may oppose the topic); and a direction word
// governing a topic term times the polarity. Valences are composed with
// the shifters before them (composeValence: "reduces crime" is good).
func addStanceFeatures(v *linear.Vector, topic stanceTopic, toks []string) {
	a := textfeat.Annotate(topic.Topic, toks)
	n := len(toks)
	isTopic, negated, nearT, mentions := a.IsTopic, a.Negated, a.Near, a.Mentions
	word := func(i int) string {
		if isTopic[i] {
			return "<T>"
		}
		return toks[i]
	}
	prev := "<s>"
	pos, neg, nearPos, nearNeg := 0, 0, 0, 0
	var valSum, valNear float32 // stance/2: the valence of the text, and near the topic
	var vals []float32
	if topic.valence != nil {
		vals = composeValence(topic.valence, toks, negated)
	}
	for i := range toks {
		w := word(i)
		mark := ""
		if negated[i] {
			mark = "NOT_"
		}
		v.Add3(1, "u", mark, w)
		v.Add3(1, "b", prev, w)
		prev = w
		if !isTopic[i] {
			v.Add3(0.5, "tu", topic.Key, w)
		}
		if nearT[i] && !isTopic[i] {
			v.Add3(1, "near", mark, w)
		}
		s := textfeat.Sentiment(toks[i])
		if negated[i] {
			s = -s
		}
		switch s {
		case 1:
			pos++
			if nearT[i] {
				nearPos++
			}
		case -1:
			neg++
			if nearT[i] {
				nearNeg++
			}
		}
		if topic.valence != nil {
			p := topic.polarity
			v.Add3(p, "pu", mark, w)
			val := vals[i]
			if val != 0 {
				v.Add2(p*val, "pv", "")
				valSum += val
				if nearT[i] {
					valNear += val
				}
			}
		}
		if d := textfeat.Direction(toks[i]); d != 0 {
			if negated[i] {
				d = -d
			}
			for j := i + 1; j <= min(n-1, i+textfeat.NearWindow); j++ {
				if isTopic[j] {
					if d > 0 {
						v.Add2(1, "dirT", "+")
					} else {
						v.Add2(1, "dirT", "-")
					}
					if topic.valence != nil {
						v.Add2(topic.polarity*float32(d), "pdirT", "")
					}
					break
				}
			}
		}
	}
	v.Add3(1, "b", prev, "</s>")
	v.Add2(float32(min(pos, 4))/2, "sent", "+")
	v.Add2(float32(min(neg, 4))/2, "sent", "-")
	v.Add2(float32(min(nearPos, 3)), "nearsent", "+")
	v.Add2(float32(min(nearNeg, 3)), "nearsent", "-")
	switch {
	case pos > neg:
		v.Add2(1, "balance", "+")
	case neg > pos:
		v.Add2(1, "balance", "-")
	default:
		v.Add2(1, "balance", "0")
	}
	if mentions > 0 {
		v.Add2(1, "topic", "mentioned")
	} else {
		v.Add2(1, "topic", "absent")
	}
	if topic.valence != nil {
		p := topic.polarity
		v.Add2(p*valSum/3, "psum", "")
		v.Add2(p*valNear/2, "pnear", "")
		if mentions > 0 {
			v.Add2(p*valSum/3, "psum", "mentioned")
		} else {
			v.Add2(p*valSum/3, "psum", "absent")
		}
	}
	v.Normalize()
}

// composeValence returns the valence of each token in context: its lexicon
// valence, flipped inside a negation scope, and composed with a shifter
// before it (Choi & Cardie 2008): a word that diminishes what follows
// ("reduce", "prevent", "end") flips the valence of the next valenced word
// within three tokens ("reduces crime" is good), and one that brings about
// what follows ("causes", "increases", "leads to") passes it on unchanged;
// either way the shifter's own valence does not count.
func composeValence(lex *valence, toks []string, negated []bool) []float32 {
	vals := make([]float32, len(toks))
	for i, t := range toks {
		vals[i] = lex.of(t)
	}
	for i, t := range toks {
		shift := shifter(t)
		if shift == 0 {
			continue
		}
		for j := i + 1; j < len(toks) && j <= i+3; j++ {
			if textfeat.IsPunct(toks[j]) {
				break
			}
			if vals[j] != 0 && shifter(toks[j]) == 0 {
				vals[j] *= float32(shift)
				vals[i] = 0
				break
			}
		}
	}
	for i := range vals {
		if negated[i] {
			vals[i] = -vals[i]
		}
	}
	return vals
}

// shifter returns -1 for a word that diminishes what follows it, +1 for one
// that brings it about, and 0 otherwise.
func shifter(w string) int {
	switch w {
	case "reduce", "reduces", "reduced", "reducing", "prevent", "prevents", "prevented", "preventing",
		"decrease", "decreases", "decreased", "lower", "lowers", "lowered", "eliminate", "eliminates",
		"eliminated", "avoid", "avoids", "avoided", "fight", "fights", "combat", "combats", "cut", "cuts",
		"end", "ends", "ended", "stop", "stops", "stopped", "curb", "curbs", "limit", "limits", "limited",
		"lessen", "lessens", "alleviate", "alleviates", "mitigate", "mitigates", "undermine", "undermines",
		"destroy", "destroys", "destroyed", "lose", "loses", "lost", "lack", "lacks", "deprive", "deprives":
		return -1
	case "increase", "increases", "increased", "increasing", "cause", "causes", "caused", "causing",
		"create", "creates", "created", "lead", "leads", "promote", "promotes", "boost", "boosts",
		"raise", "raises", "foster", "fosters", "encourage", "encourages", "produce", "produces",
		"bring", "brings", "generate", "generates", "spread", "spreads":
		return 1
	}
	return 0
}
