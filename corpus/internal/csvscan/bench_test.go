package csvscan

import (
	"bytes"
	"encoding/csv"
	"io"
	"testing"

	"github.com/argsearch/argsearch/corpus/sample"
)

// benchInput returns the embedded processed CSV sample, its records
// repeated n times (20 times is about 115 MB of real args.me text).
func benchInput(b *testing.B, n int) []byte {
	data, err := io.ReadAll(sample.Touche2021().ProcessedCSV())
	if err != nil {
		b.Fatal(err)
	}
	i := bytes.IndexByte(data, '\n')
	out := append([]byte(nil), data[:i+1]...)
	for range n {
		out = append(out, data[i+1:]...)
	}
	return out
}

// BenchmarkRead reads the records of the sample, repeated, with Reader.
func BenchmarkRead(b *testing.B) {
	data := benchInput(b, 20)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		r := NewReader(bytes.NewReader(data))
		for {
			_, err := r.Read()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkReadEncodingCSV reads the same input with encoding/csv, for
// comparison.
func BenchmarkReadEncodingCSV(b *testing.B) {
	data := benchInput(b, 20)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		r := csv.NewReader(bytes.NewReader(data))
		r.ReuseRecord = true
		for {
			_, err := r.Read()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
		}
	}
}
