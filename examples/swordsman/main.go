package main

import (
	"context"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/argsearch/argsearch/examples/internal/baselines"
)

func main() {
	// An interrupt cancels the work, so that the cache's writers remove
	// their temporary files before the command exits.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	if ctx.Err() != nil {
		code = 130
	}
	stop()
	os.Exit(code)
}

// run is the command (baselines.Swordsman, which examples/advanced also runs
// when it is called swordsman).
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	return baselines.Swordsman(ctx, args, stdout, stderr)
}
