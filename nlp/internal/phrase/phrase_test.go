package phrase

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestFromRuns(t *testing.T) {
	for _, tc := range []struct {
		runs [][]string
		want []string
	}{
		{nil, nil},
		{[][]string{{"nuclear", "power", "plant"}, {"safe"}, {}}, []string{"nuclear power plant", "plant", "safe"}},
		{[][]string{{"safe"}, {"power", "plant"}, {"plant"}}, []string{"plant", "power plant", "safe"}},
	} {
		if diff := cmp.Diff(tc.want, FromRuns(tc.runs)); diff != "" {
			t.Errorf("FromRuns(%q) (-want +got):\n%s", tc.runs, diff)
		}
	}
}
