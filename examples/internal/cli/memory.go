package cli

import (
	"os"
	"runtime/debug"
)

// systemMemoryLimit is the soft limit of the Go heap, in bytes, that the
// commands running a system set (SystemFlags.Input). A first run on a
// corpus file builds the store and then the index: the store holds about
// 790 MB of live heap before it is written to its file, and the index
// builder up to about 720 MB at full args.me scale, and without a limit
// the collector lets the heap grow to twice that before it collects.
// With it, the heap is collected near the limit instead, which with the
// binary's own pages keeps the first run's peak RSS under 1 GiB; the limit
// is soft, so a larger corpus that needs more still runs, with more
// collection. The figures: BENCHMARKS.md, section "Time at full scale".
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
