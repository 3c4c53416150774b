package classify_test

import (
	"bytes"
	"context"
	"fmt"
	"log"

	"github.com/argsearch/argsearch/classify"
	"github.com/argsearch/argsearch/stance"
)

// The shipped argumentativeness model scores claims and reasons high.
func ExampleArgumentModel() {
	m, err := classify.ShippedArgumentModel()
	if err != nil {
		log.Fatal(err)
	}
	for _, s := range []string{
		"The death penalty should be abolished because innocent people are executed .",
		"The conference took place in Berlin in 2014 .",
		"http://example.com",
	} {
		score := m.Score(s)
		fmt.Printf("%v %.2f\n", score >= 0.5, score)
	}
	// Output:
	// true 0.96
	// false 0.08
	// false 0.00
}

// Both models train, write and read the same way; here a toy stance model.
func ExampleTrainStanceModel() {
	examples := []classify.StanceExample{
		{Topic: "school uniforms", Text: "Uniforms create equality among students .", Stance: stance.Pro},
		{Topic: "school uniforms", Text: "Uniforms restrict the freedom of students .", Stance: stance.Con},
		{Topic: "school uniforms", Text: "The school opened in 1892 .", Stance: stance.No},
	}
	m, err := classify.TrainStanceModel(context.Background(), examples, classify.TrainConfig{Bits: 12, Epochs: 40, Seed: 1})
	if err != nil {
		log.Fatal(err)
	}
	var file bytes.Buffer
	if _, err := m.WriteTo(&file); err != nil {
		log.Fatal(err)
	}
	read, err := classify.ReadStanceModel(&file)
	if err != nil {
		log.Fatal(err)
	}
	s, _, err := read.Tag(context.Background(), "school uniforms", "Uniforms restrict the freedom of students .")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(s)
	// Output: CON
}
