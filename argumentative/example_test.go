package argumentative_test

import (
	"fmt"
	"log"

	"github.com/argsearch/argsearch/models"
)

func Example() {
	m, err := models.Argumentative()
	if err != nil {
		log.Fatal(err)
	}
	for _, s := range []string{
		"The death penalty should be abolished because innocent people are executed .",
		"The conference took place in Berlin in 2014 .",
		"http://example.com",
	} {
		ok, score := m.Classify(s)
		fmt.Printf("%v %.2f\n", ok, score)
	}
	// Output:
	// true 0.96
	// false 0.08
	// false 0.00
}
