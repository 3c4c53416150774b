package main

import (
	"context"
	"fmt"
	"log"
	"net/http/httptest"

	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/argsme"
	"github.com/argsearch/argsearch/system"
)

// The library's args.me client searches the embedded 2022 sample through
// the server's handlers, as it would search the public service.
func Example() {
	ctx := context.Background()
	env, err := system.Open(ctx, system.Input{K: maxPairs})
	if err != nil {
		log.Fatal(err)
	}
	defer env.Close()
	e, err := newEngine(ctx, env)
	if err != nil {
		log.Fatal(err)
	}
	a, err := newAPI(ctx, e, apiConfig{limit: defaultLimit})
	if err != nil {
		log.Fatal(err)
	}
	srv := httptest.NewServer(handler(e, a, env.Name))
	defer srv.Close()

	c := argsme.Client{BaseURL: srv.URL}
	results, err := c.Search(ctx, retrieval.Query{Text: "Should teachers get tenure?"}, 3)
	if err != nil {
		log.Fatal(err)
	}
	for _, r := range results {
		fmt.Printf("%s %s %s\n", r.Argument.ID, r.Stance, r.Argument.Conclusion)
	}
	// Output:
	// Sc065954f-A24a16870 CON There should not be a teacher tenure.
	// Sc065954f-Ae72bc9c6 CON There should not be a teacher tenure.
	// Sb0680508-Aa5189771 CON Teacher Tenure
}
