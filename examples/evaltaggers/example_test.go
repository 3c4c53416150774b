package main

import (
	"fmt"

	"github.com/argsearch/argsearch/examples/internal/labeled"
	"github.com/argsearch/argsearch/stance"
)

// A tagger's Unknown counts as NO on UKP Sentential, whose labels are
// Argument_for (PRO), Argument_against (CON) and NoArgument (NO).
func Example() {
	gold := []string{"PRO", "CON", "NO", "NO"}
	var pred []string
	for _, s := range []stance.Stance{stance.Pro, stance.Pro, stance.Unknown, stance.No} {
		pred = append(pred, asUKP(s).String())
	}
	c, err := labeled.Classify(gold, pred)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(result{system: "toy", setting: "in-topic", c: c})
	// Output: | toy | in-topic | 4 | 0.750 | 0.556 |  |
}
