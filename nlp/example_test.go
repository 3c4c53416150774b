package nlp_test

import (
	"fmt"
	"log"

	"github.com/argsearch/argsearch/nlp"
)

func ExampleNewProseSplitter() {
	s, err := nlp.NewProseSplitter()
	if err != nil {
		log.Fatal(err)
	}
	for _, sentence := range s.Split(nil, "Mr. Smith opposes the ban. It costs $3.50 a day!") {
		fmt.Println(sentence)
	}
	// Output:
	// Mr. Smith opposes the ban.
	// It costs $3.50 a day!
}

func ExampleTerms() {
	fmt.Println(nlp.Terms(nil, "Should the taxes on sugary drinks be raised?"))
	fmt.Println(nlp.Phrases("The nuclear power plant, they said, is safe."))
	// Output:
	// [taxe sugary drink raised]
	// [nuclear power plant plant safe said]
}

func ExampleKeywords() {
	for _, k := range nlp.Keywords("Should the death penalty be abolished? Capital punishment deters no crime.", nil) {
		fmt.Println(k)
	}
	// Output:
	// capital punishment deters
	// death penalty
	// abolished
	// crime
}
