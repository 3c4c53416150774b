package quote_test

import (
	"fmt"
	"strings"

	"github.com/argsearch/argsearch/internal/quote"
)

// A short value is quoted whole; a huge one is cut, with its length said.
func ExampleQ() {
	fmt.Println(quote.Q("args.me-42"))
	fmt.Println(quote.Q(strings.Repeat("x", 10<<20))[95:])
	// Output:
	// "args.me-42"
	// xxxxxx"… (10485760 bytes)
}
