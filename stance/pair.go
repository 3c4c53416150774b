package stance

// Combine is the library's rule for the stance of a pair of sentences (or
// of any two texts read together), from the stances of its two sentences
// and the confidence of each:
//
//   - equal stances give that stance: Pro or Con with confidence
//     1−(1−ca)(1−cb), Neutral or No with the mean confidence;
//   - an Unknown stance gives way to the other one, with its confidence;
//   - No (not an argument) gives way to Pro, Con or Neutral: a pair takes
//     the stance of the sentence that argues;
//   - Neutral gives way to Pro or Con;
//   - Pro against Con (the pair contradicts itself, which pair builders
//     avoid) gives the more confident one, with the difference of the
//     confidences, and Unknown on a tie.
//
// The rule is symmetric. A Touché 2022 run needs PRO or CON for every
// pair: Side decides the pairs Combine leaves without one.
func Combine(a Stance, ca float64, b Stance, cb float64) (Stance, float64) {
	switch {
	case a == b && (a == Pro || a == Con):
		return a, 1 - (1-ca)*(1-cb)
	case a == b:
		if a == Unknown {
			return Unknown, 0
		}
		return a, (ca + cb) / 2
	case b == Unknown:
		return a, ca
	case a == Unknown:
		return b, cb
	case rank(a) > rank(b):
		return a, ca
	case rank(b) > rank(a):
		return b, cb
	}
	// Pro against Con.
	switch {
	case ca > cb:
		return a, ca - cb
	case cb > ca:
		return b, cb - ca
	}
	return Unknown, 0
}

// rank orders the stances Combine lets give way to each other: No, then
// Neutral, then Pro and Con.
func rank(s Stance) int {
	switch s {
	case Pro, Con:
		return 3
	case Neutral:
		return 2
	case No:
		return 1
	}
	return 0
}

// Side returns s when it is Pro or Con, and otherwise the side that texts,
// read together, lean to under m, which says how far a text leans towards
// Pro for a topic, in [−1, 1] (classify.StanceModel's Lean is P(Pro) −
// P(Con)): Con when the sum of their leans
// (m.Lean(topic, text), added in order) is negative, Pro when it is not,
// also when m is nil. A Touché 2022 run must give every pair PRO or CON;
// Side(m, topic, Combine(…), first, second) is how a system decides the
// pairs whose sentences take no side, and a document's sentences are read
// together the same way.
func Side(m interface {
	Lean(topic, text string) float64
}, topic string, s Stance, texts ...string) Stance {
	if s == Pro || s == Con {
		return s
	}
	lean := 0.0
	if m != nil {
		for _, t := range texts {
			lean += m.Lean(topic, t)
		}
	}
	if lean < 0 {
		return Con
	}
	return Pro
}
