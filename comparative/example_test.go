package comparative_test

import (
	"fmt"

	"github.com/argsearch/argsearch/comparative"
)

// The embedded Task 2 topics carry their two comparison objects.
func ExampleTopics() {
	ts, err := comparative.Topics()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(ts), ts[0].ID, ts[0].Title)
	fmt.Printf("%q\n", ts[0].Objects)
	// Output:
	// 50 2 Which is better, a laptop or a desktop?
	// ["laptop" "desktop"]
}
