package sample_test

import (
	"testing"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/corpus/sample"
)

// TestSamples reads both samples in both formats: the same arguments, as
// many as the package documentation says.
func TestSamples(t *testing.T) {
	for _, tc := range []struct {
		s    sample.Sample
		args int
	}{{sample.Touche2022(), 690}, {sample.Touche2021(), 643}, {sample.Sample{}, 690}} {
		var ids [2][]string
		jr, err := corpus.OpenReader(tc.s.JSON(), "args-me.json")
		if err != nil {
			t.Fatal(err)
		}
		for i, r := range []*corpus.Reader{corpus.NewCSVReader(tc.s.ProcessedCSV()), jr} {
			for a, err := range r.All() {
				if err != nil {
					t.Fatalf("%d sample: %v", tc.s.Year(), err)
				}
				ids[i] = append(ids[i], a.ID)
			}
		}
		if len(ids[0]) != tc.args || len(ids[1]) != tc.args {
			t.Errorf("%d sample: got %d arguments in the CSV and %d in the JSON, want %d", tc.s.Year(), len(ids[0]), len(ids[1]), tc.args)
		}
	}
}
