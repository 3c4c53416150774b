package cli

import (
	"os"
	"runtime/debug"
)

// systemMemoryLimit is the soft limit of the Go heap, in bytes, that the
// commands running a system set (SystemFlags.Input). A first run on a
// corpus file builds the store and the index: at full args.me scale the
// store holds up to 790 MB of live heap while it is read, the index
// builder of the Env's own index (both units, term vectors) up to 700 MB,
// and without a limit the collector lets the heap grow to twice that
// before it collects. With it, the heap is collected near the limit
// instead, and the first run's peak resident memory while it builds is
// about the limit (advanced's: 1.23 GB in both steps with 1200 MiB, 0.92
// GB with 896 MiB, the collector then taking 4% of the run's CPU time).
// The limit is soft, so a larger corpus that needs more still runs, with
// more collection. The figures: BENCHMARKS.md, section "Time at full
// scale".
const systemMemoryLimit = 896 << 20

// setMemoryLimit sets the soft memory limit of a system command
// (debug.SetMemoryLimit) to systemMemoryLimit, unless the GOMEMLIMIT
// environment variable sets one (or "off"): the user's choice stands.
func setMemoryLimit() {
	if _, ok := os.LookupEnv("GOMEMLIMIT"); ok {
		return
	}
	debug.SetMemoryLimit(systemMemoryLimit)
}
