package pystr_test

import (
	"fmt"

	"github.com/argsearch/argsearch/internal/pystr"
)

func ExampleTrimSpace() {
	fmt.Printf("%q\n", pystr.TrimSpace("\x1c Thank you. \u00a0\n"))
	// Output: "Thank you."
}
