package stance

import "context"

// Combine returns the stance of a pair of sentences from the stances and
// confidences of its two sentences:
//
//   - the same Pro or Con twice gives it, with confidence 1-(1-ca)(1-cb);
//   - Pro or Con with anything that is neither gives that stance and its
//     confidence;
//   - Pro against Con gives the more confident one with the difference of
//     the confidences (Unknown on a tie): the pair contradicts itself, which
//     pair builders avoid;
//   - No twice gives No with the mean confidence; anything else Unknown.
func Combine(a Stance, ca float64, b Stance, cb float64) (Stance, float64) {
	polar := func(s Stance) bool { return s == Pro || s == Con }
	switch {
	case polar(a) && a == b:
		return a, 1 - (1-ca)*(1-cb)
	case polar(a) && !polar(b):
		return a, ca
	case polar(b) && !polar(a):
		return b, cb
	case polar(a) && polar(b):
		switch {
		case ca > cb:
			return a, ca - cb
		case cb > ca:
			return b, cb - ca
		}
		return Unknown, 0
	case a == No && b == No:
		return No, (ca + cb) / 2
	}
	return Unknown, 0
}

// A Pair tags a pair of sentences by tagging each with Tagger and combining
// the results with Combine.
type Pair struct {
	Tagger Tagger
}

// TagPair returns the stance of the pair (first, second) towards topic.
func (p Pair) TagPair(ctx context.Context, topic, first, second string) (Stance, float64, error) {
	a, ca, err := p.Tagger.Tag(ctx, topic, first)
	if err != nil {
		return Unknown, 0, err
	}
	b, cb, err := p.Tagger.Tag(ctx, topic, second)
	if err != nil {
		return Unknown, 0, err
	}
	s, c := Combine(a, ca, b, cb)
	return s, c, nil
}
