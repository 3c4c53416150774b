package retrieval_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/topics"
)

func ExampleFusion() {
	// Two toy retrievers that rank the same documents differently.
	lexical := retrieval.RetrieverFunc(func(ctx context.Context, q retrieval.Query, k int) ([]retrieval.Hit, error) {
		hits := []retrieval.Hit{{ID: "a", Score: 12}, {ID: "b", Score: 9}, {ID: "c", Score: 3}}
		return hits[:min(k, len(hits))], nil
	})
	semantic := retrieval.RetrieverFunc(func(ctx context.Context, q retrieval.Query, k int) ([]retrieval.Hit, error) {
		hits := []retrieval.Hit{{ID: "c", Score: 0.9}, {ID: "b", Score: 0.8}, {ID: "a", Score: 0.1}}
		return hits[:min(k, len(hits))], nil
	})
	// Reciprocal rank fusion is the default, with the usual constant 60.
	rrf := retrieval.Fusion{Retrievers: []retrieval.Retriever{lexical, semantic}}
	hits, err := rrf.Retrieve(context.Background(), retrieval.Query{ID: "1", Text: "tenure"}, 3)
	if err != nil {
		fmt.Println(err)
		return
	}
	// c and a are first and third in the two lists and tie; ties go by ID
	// descending, as trec_eval reads them. b is second twice.
	for _, h := range hits {
		fmt.Printf("%s %.5f\n", h.ID, h.Score)
	}
	// Output:
	// c 0.03227
	// a 0.03227
	// b 0.03226
}

// ForEach answers topics two at a time; results stored by index keep the
// topics' order.
func ExampleForEach() {
	qs := []retrieval.Query{{ID: "51", Text: "sex education"}, {ID: "52", Text: "vaping"}, {ID: "55", Text: "zoos"}}
	words := make([]int, len(qs))
	err := retrieval.ForEach(context.Background(), qs, 2, func(ctx context.Context, i int, q retrieval.Query) error {
		words[i] = len(strings.Fields(q.Text))
		return nil
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(words)
	// Output: [2 1 1]
}

// A topic becomes the query a retriever answers.
func ExampleTopicQuery() {
	ts, err := topics.Task1(2021)
	if err != nil {
		fmt.Println(err)
		return
	}
	q := retrieval.TopicQuery(ts[0])
	fmt.Printf("%s %q\n", q.ID, q.Text)
	// Output: 51 "Do we need sex education in schools?"
}
