package dup_test

import (
	"fmt"

	"github.com/argsearch/argsearch/internal/dup"
)

// Drop repeated sentences from a stream, keeping the first of each.
func ExampleFilter() {
	f := dup.New(dup.Normalized)
	for _, s := range []struct{ ID, Text string }{
		{"x__PREMISE__1", "Thank you for accepting this debate."},
		{"y__PREMISE__4", "Cloning is wrong."},
		{"z__PREMISE__9", "Thank you for accepting this debate!"},
	} {
		if rep, ok := f.Add(s.ID, s.Text); ok {
			fmt.Println(s.ID, "repeats", rep)
			continue
		}
		fmt.Println(s.ID, s.Text)
	}
	// Output:
	// x__PREMISE__1 Thank you for accepting this debate.
	// y__PREMISE__4 Cloning is wrong.
	// z__PREMISE__9 repeats x__PREMISE__1
}
