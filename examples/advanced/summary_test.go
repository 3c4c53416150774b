package main

import (
	"strings"
	"testing"

	"github.com/argsearch/argsearch/examples/internal/systemtest"
)

// TestSummaryInSample checks that the summary of a run on the 2022 sample
// says that advanced learned its pair weights from the sample's topics,
// and that a variant with other weights (-no-similarity zeroes one) is not
// said to.
func TestSummaryInSample(t *testing.T) {
	want := "note: in-sample 25/25: advanced learned its settings from 25 of these 25 topics"
	_, stdout, _ := systemtest.Run(t, run, "-quiet", "-cache", t.TempDir())
	if !strings.Contains(stdout, want) || !strings.Contains(stdout, "; in-sample 25/25\n") {
		t.Errorf("summary:\n%s\nwant the rows and a note saying %q", stdout, want)
	}
	_, stdout, _ = systemtest.Run(t, run, "-quiet", "-cache", t.TempDir(), "-no-similarity")
	if strings.Contains(stdout, "in-sample") {
		t.Errorf("summary of -no-similarity:\n%s\nwant no in-sample mark (its weights are not the learned ones)", stdout)
	}
}
