package krovetz

// MaxWordLen is one more than the longest word Stem changes; longer words are
// returned unchanged, as in the original.
const MaxWordLen = 50

// A Stemmer applies the Krovetz rules with a [Lexicon]. It is safe for
// concurrent use when its Lexicon is.
type Stemmer struct {
	lex        Lexicon
	vocabulary bool
	lucene     map[string]*luceneEntry // Lucene's dictionary, for Lucene()
}

// New returns a Stemmer that treats lex as a dictionary of English headwords,
// as the original KStem does (see the package documentation). A nil lex is
// an empty dictionary: then only the built-in lists and the rules' default
// forms apply.
func New(lex Lexicon) *Stemmer {
	return &Stemmer{lex: lex}
}

// NewVocabulary returns a Stemmer for the corpus-derived dictionary variant:
// vocab holds the terms of a collection, inflected forms included (see the
// package documentation). Only the inflectional rules run, and a rule fires
// only when its candidate is in vocab; otherwise the word is returned
// unchanged.
func NewVocabulary(vocab Lexicon) *Stemmer {
	return &Stemmer{lex: vocab, vocabulary: true}
}

// has reports whether the lexicon holds w.
func (s *Stemmer) has(w string) bool {
	return s.lex != nil && s.lex.Has(w)
}

// A rule looks at a word ending in its suffix. It returns the form it leaves
// and whether that form is a known word (so stemming stops there). When no
// candidate is known the form is the rule's default: the word itself, or for
// some rules a reduced form (dictionary variant only).
type rule func(s *Stemmer, w string) (form string, known bool)

// numInflectional is how many of rules() are inflectional; the derivational
// rules follow them.
const numInflectional = 3

// rules returns the rules in the order KStem applies them: the inflectional
// ones, then the derivational ones. The first rule whose candidate is known
// ends stemming. (A function, not a package variable, so the order cannot be
// changed at run time.)
func rules() [18]rule {
	return [18]rule{
		plural, pastTense, aspect,
		ityEndings, nessEndings, fulEndings, ionEndings, erOrEndings,
		lyEndings, alEndings, iveEndings, izeEndings, mentEndings,
		bleEndings, ismEndings, icEndings, ncyEndings, nceEndings,
	}
}

// Stem returns the stem of word, which should be lower case. Words that are
// not 3 to MaxWordLen-1 ASCII letters a–z are returned unchanged.
func (s *Stemmer) Stem(word string) string {
	if s.lucene != nil {
		return s.stemLucene(word)
	}
	if len(word) < 3 || len(word) >= MaxWordLen || !lowerASCII(word) {
		return word
	}
	if base, ok := irregularForm(word); ok {
		return base
	}
	if invariant(word) {
		return word
	}
	rs := rules()
	if s.vocabulary {
		for _, r := range rs[:numInflectional] {
			if form, known := r(s, word); known {
				return form
			}
		}
		return word
	}
	if s.has(word) {
		return word
	}
	w := word
	for _, r := range rs {
		form, known := r(s, w)
		if known {
			return form
		}
		w = form
	}
	return w
}

// lowerASCII reports whether w is all a–z.
func lowerASCII(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return false
		}
	}
	return true
}
