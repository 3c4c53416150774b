package envload_test

import (
	"fmt"
	"log"

	"github.com/argsearch/argsearch/system/internal/envload"
)

// The shipped models, loaded on the first call and the same after.
func Example() {
	l := envload.NewLoader()
	m, err := l.Models()
	if err != nil {
		log.Fatal(err)
	}
	again, _ := l.Models()
	fmt.Println(m.Arg != nil, m.Stance != nil, again.Arg == m.Arg)
	// Output: true true true
}
