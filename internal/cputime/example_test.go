package cputime_test

import (
	"fmt"

	"github.com/argsearch/argsearch/internal/cputime"
)

// Report work per CPU second, as the benchmarks do with b.ReportMetric.
func Example() {
	start, _ := cputime.Process()
	sum := 0
	for i := range 50_000_000 {
		sum += i % 7
	}
	perSecond, ok := cputime.PerSecond(50_000_000, start)
	fmt.Println(sum > 0, !ok || perSecond > 0)
	// Output: true true
}
