package use

import (
	"context"
	"encoding/json"
	"os"
	"testing"
)

// BenchmarkEncode encodes the 150 args.me sentences of the reference set
// (the last 150 of testdata/sentences.json: real Touché 2022 sentences, 24
// pieces on average) in one call; sentences/s is the figure to quote.
func BenchmarkEncode(b *testing.B) {
	m := testModel(b)
	raw, err := os.ReadFile("testdata/sentences.json")
	if err != nil {
		b.Fatal(err)
	}
	var all []string
	if err := json.Unmarshal(raw, &all); err != nil {
		b.Fatal(err)
	}
	texts := all[len(all)-150:]
	pieces := 0
	for _, t := range texts {
		pieces += len(m.tok.encode(t))
	}
	ctx := context.Background()
	b.ResetTimer()
	for b.Loop() {
		if _, err := m.Encode(ctx, texts); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(texts)*b.N)/b.Elapsed().Seconds(), "sentences/s")
	b.ReportMetric(float64(pieces)/float64(len(texts)), "pieces/sentence")
}

// BenchmarkLoad decodes the embedded weights.
func BenchmarkLoad(b *testing.B) {
	for b.Loop() {
		if _, err := Load(); err != nil {
			b.Fatal(err)
		}
	}
}
