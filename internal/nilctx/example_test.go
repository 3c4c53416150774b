package nilctx_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/argsearch/argsearch/internal/nilctx"
)

// A function taking a context checks it first.
func Example() {
	open := func(ctx context.Context) error {
		if err := nilctx.Check(ctx, "system: Open"); err != nil {
			return err
		}
		return nil // the work
	}
	var ctx context.Context // nil, by mistake
	err := open(ctx)
	fmt.Println(err)
	fmt.Println(errors.Is(err, nilctx.ErrNil), open(context.Background()))
	// Output:
	// system: Open: ctx is a nil context.Context (pass context.Background() if there is no other)
	// true <nil>
}
