//go:build !unix

package lexical

import "time"

// processCPU returns 0: the CPU time is not measured on this platform.
func processCPU() time.Duration { return 0 }
