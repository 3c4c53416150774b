package stopwords_test

import (
	"fmt"

	"github.com/argsearch/argsearch/internal/stopwords"
)

// The three lists differ: Lucene's is short, Snowball's and the Glasgow
// group's are longer and not the same.
func Example() {
	for _, w := range []string{"the", "should", "herself", "nuclear"} {
		fmt.Println(w, stopwords.Lucene(w), stopwords.Snowball(w), stopwords.Glasgow(w))
	}
	// Output:
	// the true true true
	// should false true true
	// herself false true true
	// nuclear false false false
}
