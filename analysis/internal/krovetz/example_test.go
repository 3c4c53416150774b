package krovetz_test

import (
	"fmt"

	"github.com/argsearch/argsearch/analysis/internal/krovetz"
)

// The dictionary variant: a headword list validates each candidate stem.
func Example() {
	dict := krovetz.NewWords("policy", "stem", "happy", "suggest", "create", "agree")
	s := krovetz.New(dict)
	for _, w := range []string{"policies", "stemming", "happiness", "suggestion", "creator", "agreed", "decision", "men"} {
		fmt.Println(w, "→", s.Stem(w))
	}
	// Output:
	// policies → policy
	// stemming → stem
	// happiness → happy
	// suggestion → suggest
	// creator → create
	// agreed → agree
	// decision → decision
	// men → man
}

// The corpus-derived variant: the lexicon is a collection's vocabulary, so
// inflected forms are reduced only to terms the collection holds.
func ExampleNewVocabulary() {
	// "jump" and "creator" are not in the vocabulary, so "jumped" and
	// "creators" stay whole; "news" is a built-in invariant.
	vocab := krovetz.NewWords("policy", "policies", "stem", "stemming", "jumped", "news", "new")
	s := krovetz.NewVocabulary(vocab)
	for _, w := range []string{"policies", "stemming", "jumped", "news", "creators"} {
		fmt.Println(w, "→", s.Stem(w))
	}
	// Output:
	// policies → policy
	// stemming → stem
	// jumped → jumped
	// news → news
	// creators → creators
}

// Lucene stems as Lucene 8's KStemFilter: with its dictionary, direct
// conflations ("americans" → "america") and defaults for unknown words.
func ExampleLucene() {
	s, err := krovetz.Lucene()
	if err != nil {
		panic(err)
	}
	for _, w := range []string{"policies", "stemming", "americans", "aided", "university", "children", "actualy"} {
		fmt.Println(w, "→", s.Stem(w))
	}
	// Output:
	// policies → policy
	// stemming → stem
	// americans → america
	// aided → aid
	// university → university
	// children → children
	// actualy → actua
}
