package system_test

import (
	"fmt"

	"github.com/argsearch/argsearch/examples/internal/system"
	"github.com/argsearch/argsearch/runfile"
)

// Pairs are scored with the 2021 argument-level judgments through the
// arguments they stand for; an argument counts once, at its best pair.
func ExampleArgumentRun() {
	q, err := system.SampleQrels()
	if err != nil {
		panic(err)
	}
	lines := []runfile.Line{
		{QID: "51", DocID: "S4417e87a-A7b5b28c4__PREMISE__1,S4417e87a-A7b5b28c4__CONC__1", Score: 2},
		{QID: "51", DocID: "S4417e87a-A7b5b28c4__PREMISE__2,S4417e87a-A7b5b28c4__PREMISE__3", Score: 1},
	}
	run, err := system.ArgumentRun(lines, q, system.FirstArgument)
	if err != nil {
		panic(err)
	}
	for _, r := range run["51"] {
		label, judged := q.Label("51", r.DocID)
		fmt.Println(r.DocID, r.Score, label, judged)
	}
	// Output: S4417e87a-A7b5b28c4 1 2 true
}
