package models_test

import (
	"context"
	"fmt"
	"log"

	"github.com/argsearch/argsearch/models"
)

func Example() {
	arg, err := models.Argumentative()
	if err != nil {
		log.Fatal(err)
	}
	tagger, err := models.Stance()
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
