package judgmentsubset_test

import (
	"fmt"
	"log"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/internal/judgmentsubset"
)

// The 2022 judgments of two topics, every dimension kept.
func ExampleTopics() {
	j, err := eval.Official(2022)
	if err != nil {
		log.Fatal(err)
	}
	two, err := judgmentsubset.Topics(j, []string{"1", "3"})
	if err != nil {
		log.Fatal(err)
	}
	for _, d := range two.Dimensions() {
		n, topics := 0, map[string]bool{}
		for jd := range two.Qrels(d).All() {
			n++
			topics[jd.Topic] = true
		}
		fmt.Println(d, len(topics), "topics", n > 0)
	}
	none, err := judgmentsubset.Topics(j, nil)
	if err != nil {
		log.Fatal(err)
	}
	n := 0
	for range none.Qrels(eval.Relevance).All() {
		n++
	}
	fmt.Println("no topics:", n, "judgments")
	// Output:
	// relevance 2 topics true
	// quality 2 topics true
	// coherence 2 topics true
	// no topics: 0 judgments
}
