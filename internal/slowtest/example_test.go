package slowtest_test

import (
	"fmt"
	"os"

	"github.com/argsearch/argsearch/internal/slowtest"
)

// A test calls slowtest.Skip(t, "what makes it slow") first; it runs only
// with ARGSEARCH_SLOW=1.
func ExampleEnabled() {
	os.Setenv(slowtest.Env, "1")
	fmt.Println(slowtest.Enabled())
	os.Setenv(slowtest.Env, "")
	fmt.Println(slowtest.Enabled())
	// Output:
	// true
	// false
}
