package pairing

import (
	"sync"
	"testing"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/corpus/sample"
	"github.com/argsearch/argsearch/nlp/pos"
)

var (
	taggerOnce sync.Once
	taggerVal  *pos.Model
	taggerErr  error
)

// testTagger loads the POS model once for all tests of the package.
func testTagger(tb testing.TB) *pos.Model {
	tb.Helper()
	taggerOnce.Do(func() { taggerVal, taggerErr = pos.Load() })
	if taggerErr != nil {
		tb.Fatal(taggerErr)
	}
	return taggerVal
}

// sampleArguments reads the embedded 643-argument sample.
func sampleArguments(tb testing.TB) []corpus.Argument {
	tb.Helper()
	r := corpus.NewCSVReader(sample.Touche2021().ProcessedCSV())
	var args []corpus.Argument
	for a, err := range r.All() {
		if err != nil {
			tb.Fatal(err)
		}
		args = append(args, a)
	}
	if len(args) == 0 {
		tb.Fatal("sample: no arguments")
	}
	return args
}
