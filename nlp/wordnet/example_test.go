package wordnet_test

import (
	"fmt"
	"log"

	"github.com/argsearch/argsearch/nlp/wordnet"
)

func Example() {
	wn, err := wordnet.Load()
	if err != nil {
		log.Fatal(err)
	}
	// Query expansion: the synonyms of each word's most frequent sense,
	// of any part of speech.
	for _, word := range []string{"euthanasia", "legalized", "death penalty", "ban"} {
		fmt.Printf("%s: %q\n", word, wn.Synonyms(word, 1))
	}

	// All senses, first sense first.
	fmt.Printf("%q\n", wn.Synonyms("abortion", 0, "noun"))

	// Morphy finds the base forms of inflected words, as WordNet's wn does.
	fmt.Printf("%q\n", wn.Synonyms("cars", 1, "noun"))
	// Output:
	// euthanasia: ["mercy killing"]
	// legalized: ["legalise" "decriminalize" "decriminalise" "legitimize" "legitimise" "legitimate" "legitimatize" "legitimatise"]
	// death penalty: ["execution" "executing" "capital punishment"]
	// ban: ["prohibition" "proscription" "censor"]
	// ["miscarriage"]
	// ["auto" "automobile" "machine" "motorcar"]
}
