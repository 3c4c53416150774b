package runfile

import (
	"bytes"
	"io"
	"strconv"
	"testing"

	"github.com/argsearch/argsearch/stance"
)

// benchRun returns a 50,000-line run: 50 topics of 1000 sentence pairs, with
// tied scores, in a fixed pseudo-random order.
func benchRun() map[string][]Result {
	results := make(map[string][]Result, 50)
	x := uint64(1)
	for q := 1; q <= 50; q++ {
		rs := make([]Result, 1000)
		for i := range rs {
			x = x*6364136223846793005 + 1442695040888963407
			id := "S" + strconv.FormatUint(x>>40, 16) + "-A" + strconv.Itoa(i)
			rs[i] = Result{
				DocID:  id + "__PREMISE__1," + id + "__PREMISE__2",
				Score:  float64(x>>50) / 1024, // 14-bit values: many ties
				Stance: stance.Pro + stance.Stance(x>>63),
			}
		}
		results[strconv.Itoa(q)] = rs
	}
	return results
}

func writeBenchRun(b *testing.B, w io.Writer, results map[string][]Result) {
	wr := NewWriter(w, "argsearchBench")
	for q := 1; q <= 50; q++ {
		if err := wr.Write(strconv.Itoa(q), results[strconv.Itoa(q)]); err != nil {
			b.Fatal(err)
		}
	}
	if err := wr.Close(); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkWrite writes a 50,000-line run to memory.
func BenchmarkWrite(b *testing.B) {
	results := benchRun()
	var buf bytes.Buffer
	writeBenchRun(b, &buf, results)
	b.SetBytes(int64(buf.Len()))
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		writeBenchRun(b, &buf, results)
	}
}

// BenchmarkRead reads a 50,000-line run from memory into a Run.
func BenchmarkRead(b *testing.B) {
	var buf bytes.Buffer
	writeBenchRun(b, &buf, benchRun())
	data := buf.Bytes()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		run, err := NewReader(bytes.NewReader(data)).ReadRun()
		if err != nil {
			b.Fatal(err)
		}
		if len(run) != 50 {
			b.Fatalf("got %d topics, want 50", len(run))
		}
	}
}
