package nilio_test

import (
	"errors"
	"fmt"
	"io"

	"github.com/argsearch/argsearch/internal/nilio"
)

// A nil reader given by mistake fails with an error naming the package,
// instead of a nil dereference.
func Example() {
	var r io.Reader // nil
	_, err := nilio.Reader(r, "corpus").Read(make([]byte, 8))
	fmt.Println(err)
	fmt.Println(errors.Is(err, nilio.ErrNil))
	// Output:
	// the io.Reader given to package corpus is nil: nil reader or writer
	// true
}
