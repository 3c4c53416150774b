package linear_test

import (
	"bytes"
	"context"
	"fmt"
	"log"

	"github.com/argsearch/argsearch/internal/linear"
)

func Example() {
	vec := func(words ...string) []linear.Feature {
		v := linear.NewVector(12)
		for _, w := range words {
			v.Add(1, "w", w)
		}
		v.Normalize()
		return v.Features
	}
	train := []linear.Example{
		{Features: vec("great", "good"), Class: 0},
		{Features: vec("good", "fine"), Class: 0},
		{Features: vec("bad", "awful"), Class: 1},
		{Features: vec("awful", "poor"), Class: 1},
	}
	m, err := linear.Train(context.Background(), train, linear.TrainConfig{Labels: []string{"pos", "neg"}, Bits: 12, Epochs: 20, Seed: 1})
	if err != nil {
		log.Fatal(err)
	}
	var file bytes.Buffer
	if _, err := m.WriteTo(&file); err != nil {
		log.Fatal(err)
	}
	loaded, err := linear.Read(&file)
	if err != nil {
		log.Fatal(err)
	}
	c, _ := loaded.Predict(vec("good"))
	fmt.Println(loaded.Labels()[c])
	// Output: pos
}
