//go:build !unix

package corpus

import "time"

// processCPUTime is not available here.
func processCPUTime() (time.Duration, bool) { return 0, false }
