package corpus_test

import (
	"fmt"
	"log"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/corpus/sample"
	"github.com/argsearch/argsearch/nlp"
)

// Split the sentences of JSON arguments on two goroutines while Read
// decodes the next arguments; the output is what Workers 0 gives. One
// splitter, safe for concurrent use, can serve many readers.
func ExampleReader_workers() {
	splitter, err := nlp.NewProseSplitter()
	if err != nil {
		log.Fatal(err)
	}
	r, err := corpus.OpenReader(sample.Touche2021().JSON(), "args-me.json")
	if err != nil {
		log.Fatal(err)
	}
	r.Splitter = splitter
	r.Workers = 2
	defer r.Close()
	args, sentences := 0, 0
	for a, err := range r.All() {
		if err != nil {
			log.Fatal(err)
		}
		args++
		sentences += len(a.Sentences)
	}
	fmt.Println("arguments", args)
	fmt.Println("sentences", sentences)
	// Output:
	// arguments 643
	// sentences 18090
}
