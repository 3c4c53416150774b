package rewrite_test

import (
	"fmt"

	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/rewrite"
)

// A topic's title reduced to the words of its RAKE keywords, at most four.
func ExampleReduce() {
	q := retrieval.Query{ID: "1", Text: "Should teachers get tenure in public schools?"}
	fmt.Println(rewrite.Reduce{N: 4}.Rewrite(q).Text)
	// Output:
	// teachers get tenure public
}
