//go:build !unix

package main

import "os"

// lock does nothing where flock(2) is not available: run one server per
// judgments file.
func lock(*os.File) error { return nil }
