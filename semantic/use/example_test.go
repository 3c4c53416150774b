package use_test

import (
	"context"
	"fmt"
	"log"

	"github.com/argsearch/argsearch/semantic"
	"github.com/argsearch/argsearch/semantic/use"
)

func Example() {
	m, err := use.Load()
	if err != nil {
		log.Fatal(err)
	}
	v, err := m.Encode(context.Background(), []string{
		"Nuclear energy should be banned.",
		"Atomic power plants are too risky.",
		"The cat sat on the mat.",
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d vectors of %d\n", len(v), len(v[0]))
	fmt.Printf("related %.2f, unrelated %.2f\n", semantic.Cosine(v[0], v[1]), semantic.Cosine(v[0], v[2]))
	// Output:
	// 3 vectors of 512
	// related 0.70, unrelated 0.02
}
