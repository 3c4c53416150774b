package classify_test

import (
	"context"
	"fmt"
	"log"

	"github.com/argsearch/argsearch/classify"
)

// The shipped models tag a sentence's stance and argumentativeness.
func Example_shipped() {
	arg, err := classify.ShippedArgumentModel()
	if err != nil {
		log.Fatal(err)
	}
	tagger, err := classify.ShippedStanceModel()
	if err != nil {
		log.Fatal(err)
	}
	topic := "school uniforms"
	for _, text := range []string{
		"Uniforms create a sense of equality and help students focus on learning .",
		"Uniforms restrict the freedom of expression of students and should be abolished .",
		"The school was founded in 1892 .",
	} {
		s, _, err := tagger.Tag(context.Background(), topic, text)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%s argument=%v\n", s, arg.Score(text) >= 0.5)
	}
	// Output:
	// PRO argument=true
	// CON argument=true
	// NO argument=false
}
