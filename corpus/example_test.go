package corpus_test

import (
	"fmt"
	"io"
	"log"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/corpus/sample"
)

// Read the embedded sample of the processed CSV argument by argument.
func ExampleNewCSVReader() {
	r := corpus.NewCSVReader(sample.Touche2021().ProcessedCSV())
	r.Name = sample.Touche2021().Name()
	args, sentences := 0, 0
	for {
		a, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			log.Fatal(err)
		}
		if args == 0 {
			fmt.Println("first:", a.ID, len(a.Premises), "premise,", len(a.Sentences), "sentences")
			fmt.Println(a.Sentences[0].ID)
		}
		args++
		sentences += len(a.Sentences)
	}
	fmt.Println("arguments", args)
	fmt.Println("sentences", sentences)
	// Output:
	// first: S9f3db814-A362a121f 1 premise, 41 sentences
	// S9f3db814-A362a121f__PREMISE__1
	// arguments 643
	// sentences 17590
}

// The args.me JSON format, detected from its bytes, has no sentences: the
// reader splits premises with the default splitter and numbers the
// sentences as the processed CSV does.
func ExampleOpenReader() {
	r, err := corpus.OpenReader(sample.Touche2021().JSON(), "args-me.json")
	if err != nil {
		log.Fatal(err)
	}
	defer r.Close()
	for a, err := range r.All() {
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(a.ID, a.Premises[0].Stance)
		last := a.Sentences[len(a.Sentences)-1]
		fmt.Printf("%s: %s\n", last.ID, last.Text)
		break
	}
	// Output:
	// S9f3db814-A362a121f PRO
	// S9f3db814-A362a121f__CONC__1: Affirmative Action should be based on Socio-Economic Status and not race or religion
}

// Open detects plain, gzipped and tar.gz files, CSV or JSON, from their
// bytes.
func ExampleOpen() {
	r, err := corpus.Open("testdata/hostile.csv")
	if err != nil {
		log.Fatal(err)
	}
	defer r.Close()
	n := 0
	for _, err := range r.All() {
		if err != nil {
			log.Fatal(err)
		}
		n++
	}
	fmt.Println(n, "arguments")
	// Output: 8 arguments
}
