package cli

import (
	"os"
	"runtime/debug"
)

// systemMemoryLimit is the soft limit of the Go heap, in bytes, that the
// commands running a system set (SystemFlags.Input). A first run on a
// corpus file builds the store and the index: the index builder holds
// about 700 MB of live heap at full args.me scale, and without a limit the
// collector lets the heap grow to twice that before it collects. With it,
// the heap is collected near the limit instead; the limit is soft, so a
// larger corpus that needs more still runs, with more collection. The
// figures: BENCHMARKS.md, section "Time at full scale".
const systemMemoryLimit = 1200 << 20

// setMemoryLimit sets the soft memory limit of a system command
// (debug.SetMemoryLimit) to systemMemoryLimit, unless the GOMEMLIMIT
// environment variable sets one (or "off"): the user's choice stands.
func setMemoryLimit() {
	if _, ok := os.LookupEnv("GOMEMLIMIT"); ok {
		return
	}
	debug.SetMemoryLimit(systemMemoryLimit)
}
