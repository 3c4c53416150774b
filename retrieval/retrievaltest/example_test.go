package retrievaltest_test

import (
	"context"
	"fmt"

	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/retrievaltest"
)

func ExampleCheck() {
	// A retriever that forgets to cut its list at k and to check its context.
	sloppy := retrieval.RetrieverFunc(func(ctx context.Context, q retrieval.Query, k int) ([]retrieval.Hit, error) {
		if k <= 0 {
			return nil, fmt.Errorf("sloppy: k = %d: %w", k, retrieval.ErrK)
		}
		return []retrieval.Hit{{ID: "s2", Score: 2}, {ID: "s1", Score: 1}}, nil
	})
	for _, err := range retrievaltest.Check(context.Background(), sloppy, retrieval.Query{ID: "1", Text: "tenure"}) {
		fmt.Println(err)
	}
	// Output:
	// query "1": got 2 hits for k=1
	// query "1" with a cancelled context: got <nil>, want an error wrapping context.Canceled
}
