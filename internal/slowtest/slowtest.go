// Package slowtest gates the project's slow tests: the README's test
// command (go test ./...) runs a fast, representative subset (under five
// minutes from a cold cache on two cores), and ARGSEARCH_SLOW=1 (which CI sets) runs every
// check.
package slowtest

import (
	"os"
	"testing"
)

// Env is the environment variable that turns the slow tests on.
const Env = "ARGSEARCH_SLOW"

// Enabled reports whether the slow tests run: ARGSEARCH_SLOW=1.
func Enabled() bool { return os.Getenv(Env) == "1" }

// Skip skips t unless the slow tests run, saying what the test does that
// makes it slow (what) and how to run it.
func Skip(t testing.TB, what string) {
	t.Helper()
	if !Enabled() {
		t.Skipf("slow (%s): set %s=1 to run it", what, Env)
	}
}
