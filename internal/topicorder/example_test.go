package topicorder_test

import (
	"fmt"

	"github.com/argsearch/argsearch/internal/topicorder"
)

func ExampleSort() {
	ids := []string{"10", "x", "2"}
	topicorder.Sort(ids)
	fmt.Println(ids)
	// Output: [2 10 x]
}
