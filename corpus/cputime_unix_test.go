//go:build unix

package corpus

import (
	"syscall"
	"time"
)

// processCPUTime returns the user and system CPU time of this process, so
// that benchmarks can report throughput per CPU second besides wall-clock
// MB/s, which other load on the machine distorts.
func processCPUTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
