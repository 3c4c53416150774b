package comparative_test

import (
	"fmt"

	"github.com/argsearch/argsearch/comparative"
	"github.com/argsearch/argsearch/eval"
)

// The embedded Task 2 topics of 2022 carry their two comparison objects;
// those of 2020 have none, and 2020 judged relevance alone.
func ExampleLoad() {
	for _, year := range []int{2022, 2020} {
		d, err := comparative.Load(year)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(year, len(d.Topics), d.Topics[0].ID, d.Topics[0].Title)
		fmt.Printf("objects %q, quality judged %v, stances judged %v\n", d.Topics[0].Objects, d.Judgments.Qrels(eval.Quality) != nil, d.Stances != nil)
	}
	// Output:
	// 2022 50 2 Which is better, a laptop or a desktop?
	// objects ["laptop" "desktop"], quality judged true, stances judged true
	// 2020 50 1 What is the difference between sex and love?
	// objects [], quality judged false, stances judged false
}
