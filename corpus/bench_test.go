package corpus

import (
	"bufio"
	"bytes"
	stdgzip "compress/gzip"
	"context"
	"fmt"
	"io"
	"os"
	"testing"

	"github.com/jdkato/prose/v2"
	"github.com/klauspost/compress/gzip"

	"github.com/argsearch/argsearch/corpus/sample"
	"github.com/argsearch/argsearch/internal/corpustest"
	"github.com/argsearch/argsearch/internal/cputime"
	"github.com/argsearch/argsearch/nlp"
)

// benchCSVEnv names a processed CSV (plain, .gz or .tar.gz) for
// BenchmarkReadCSVFile, e.g. one of 500 MB or more made by the corpustest
// generator.
const benchCSVEnv = "ARGSEARCH_BENCH_CSV"

// BenchmarkReadCSVFile reads the whole file named by $ARGSEARCH_BENCH_CSV
// into Arguments; MB/s is of the file's size. It is skipped when the
// variable is unset.
func BenchmarkReadCSVFile(b *testing.B) {
	path := os.Getenv(benchCSVEnv)
	if path == "" {
		b.Skip("set " + benchCSVEnv + " to a processed CSV file to run this benchmark")
	}
	fi, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(fi.Size())
	var args, sents int
	defer reportCPUThroughput(b, fi.Size())()
	for b.Loop() {
		r, err := Open(path)
		if err != nil {
			b.Fatal(err)
		}
		args, sents = readAll(b, r)
		if err := r.Close(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(args), "args")
	b.ReportMetric(float64(sents), "sentences")
}

// BenchmarkGunzip decompresses the file named by $ARGSEARCH_BENCH_CSV when
// it is gzipped (skipped otherwise), with the gzip reader Open uses
// (klauspost/compress) and with the standard library's, for comparison;
// MB/s is of the decompressed size.
func BenchmarkGunzip(b *testing.B) {
	path := os.Getenv(benchCSVEnv)
	if path == "" {
		b.Skip("set " + benchCSVEnv + " to a gzipped file to run this benchmark")
	}
	open := func(b *testing.B) *os.File {
		f, err := os.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		return f
	}
	readers := []struct {
		name string
		open func(io.Reader) (io.Reader, error)
	}{
		{"klauspost", func(r io.Reader) (io.Reader, error) { return gzip.NewReader(r) }},
		{"stdlib", func(r io.Reader) (io.Reader, error) { return stdgzip.NewReader(r) }},
	}
	var size int64
	for _, gz := range readers {
		b.Run(gz.name, func(b *testing.B) {
			f := open(b)
			defer f.Close()
			if magic, _ := bufio.NewReader(f).Peek(2); !bytes.Equal(magic, []byte{0x1f, 0x8b}) {
				b.Skip(path + " is not gzipped")
			}
			if size == 0 {
				size = decompress(b, f, gz.open)
			}
			b.SetBytes(size)
			defer reportCPUThroughput(b, size)()
			for b.Loop() {
				if n := decompress(b, f, gz.open); n != size {
					b.Fatalf("got %d bytes, want %d", n, size)
				}
			}
		})
	}
}

// decompress decompresses f from its start and returns the size.
func decompress(b *testing.B, f *os.File, open func(io.Reader) (io.Reader, error)) int64 {
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		b.Fatal(err)
	}
	r, err := open(bufio.NewReaderSize(f, bufferSize))
	if err != nil {
		b.Fatal(err)
	}
	// Read by Read calls, as Open's bufio.Reader does, not by WriteTo.
	n, err := io.CopyBuffer(io.Discard, struct{ io.Reader }{r}, make([]byte, bufferSize))
	if err != nil {
		b.Fatal(err)
	}
	return n
}

// BenchmarkReadCSV reads a generated processed CSV of 20,000 arguments
// (about 115 MB, made by corpustest) from memory.
func BenchmarkReadCSV(b *testing.B) {
	var buf bytes.Buffer
	if _, err := corpustest.Write(context.Background(), &buf, corpustest.Config{Arguments: 20000, Seed: 1}); err != nil {
		b.Fatal(err)
	}
	data := buf.Bytes()
	b.SetBytes(int64(len(data)))
	defer reportCPUThroughput(b, int64(len(data)))()
	for b.Loop() {
		readAll(b, NewCSVReader(bytes.NewReader(data)))
	}
}

// BenchmarkReadCSVSample reads 20 copies of the embedded sample's records
// (about 115 MB of real args.me text) from memory.
func BenchmarkReadCSVSample(b *testing.B) {
	data := repeatedCSV(b, 20)
	b.SetBytes(int64(len(data)))
	defer reportCPUThroughput(b, int64(len(data)))()
	for b.Loop() {
		readAll(b, NewCSVReader(bytes.NewReader(data)))
	}
}

// BenchmarkReadJSON reads the embedded JSON sample, splitting sentences.
// Each iteration makes a new Reader, so it loads the default splitter's model too.
func BenchmarkReadJSON(b *testing.B) {
	data, err := io.ReadAll(sample.Touche2021().JSON())
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	var sents int
	defer reportCPUThroughput(b, int64(len(data)))()
	defer reportCPURate(b, &sents, "cpu-sentences/s")()
	for b.Loop() {
		_, sents = readAll(b, newJSONReader(bytes.NewReader(data)))
	}
	b.ReportMetric(float64(sents)*float64(b.N)/b.Elapsed().Seconds(), "sentences/s")
}

// BenchmarkReadJSONWorkers reads 10 copies of the embedded JSON sample's
// arguments (about 25 MB) with one splitter (the default) for all iterations,
// with Workers 0 (splitting in Read) and 2. Run it with -cpu 2 to let the
// workers run beside the decoding.
func BenchmarkReadJSONWorkers(b *testing.B) {
	data := repeatedJSON(b, 10)
	s, err := nlp.NewProseSplitter()
	if err != nil {
		b.Fatal(err)
	}
	for _, workers := range []int{0, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			var sents int
			defer reportCPUThroughput(b, int64(len(data)))()
			defer reportCPURate(b, &sents, "cpu-sentences/s")()
			for b.Loop() {
				r := newJSONReader(bytes.NewReader(data))
				r.Splitter = s
				r.Workers = workers
				_, sents = readAll(b, r)
			}
			b.ReportMetric(float64(sents)*float64(b.N)/b.Elapsed().Seconds(), "sentences/s")
		})
	}
}

// repeatedJSON returns the embedded JSON sample with its arguments
// repeated n times in one array.
func repeatedJSON(tb testing.TB, n int) []byte {
	data, err := io.ReadAll(sample.Touche2021().JSON())
	if err != nil {
		tb.Fatal(err)
	}
	start, end := bytes.IndexByte(data, '['), bytes.LastIndexByte(data, ']')
	if start < 0 || end < start {
		tb.Fatal("the JSON sample has no arguments array")
	}
	out := append([]byte(nil), data[:start+1]...)
	for i := range n {
		if i > 0 {
			out = append(out, ',')
		}
		out = append(out, renumbered(data[start+1:end], i)...)
	}
	return append(out, data[end:]...)
}

// BenchmarkSplitter splits the premises of the embedded sample with the
// default splitter (nlp.NewProseSplitter), neurosnap/sentences' English
// tokenizer (the default before), and prose
// v2.0.0's segmenter itself (one prose.Document per text, as prose offers
// no other way).
func BenchmarkSplitter(b *testing.B) {
	var texts []string
	size := 0
	for a, err := range NewCSVReader(sample.Touche2021().ProcessedCSV()).All() {
		if err != nil {
			b.Fatal(err)
		}
		for _, p := range a.Premises {
			texts = append(texts, p.Text)
			size += len(p.Text)
		}
	}
	ps, err := nlp.NewProseSplitter()
	if err != nil {
		b.Fatal(err)
	}
	es := neurosnapSplitter(b)
	proseItself := splitFunc(func(dst []string, text string) []string {
		doc, err := prose.NewDocument(text, prose.WithTagging(false), prose.WithTokenization(false), prose.WithExtraction(false))
		if err != nil {
			b.Fatal(err)
		}
		for _, s := range doc.Sentences() {
			if s.Text != "" {
				dst = append(dst, s.Text)
			}
		}
		return dst
	})
	for _, bc := range []struct {
		name string
		s    nlp.Splitter
	}{{"prose", ps}, {"neurosnap-english", es}, {"prose-v2.0.0", proseItself}} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(size))
			var dst []string
			n, perIter := 0, 0
			defer reportCPUThroughput(b, int64(size))()
			defer reportCPURate(b, &perIter, "cpu-sentences/s")()
			for b.Loop() {
				perIter = 0
				for _, t := range texts {
					dst = bc.s.Split(dst[:0], t)
					perIter += len(dst)
				}
				n += perIter
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "sentences/s")
		})
	}
}

// reportCPURate returns a function that reports *perIter (read when it is
// called) times b.N per second of process CPU time, under unit. Call it
// before the loop and defer the result.
func reportCPURate(b *testing.B, perIter *int, unit string) func() {
	start, ok := cputime.Process()
	return func() {
		end, _ := cputime.Process()
		if ok && end > start {
			b.ReportMetric(float64(*perIter)*float64(b.N)/(end-start).Seconds(), unit)
		}
	}
}

// reportCPUThroughput returns a function that reports the throughput per
// second of process CPU time, "cpu-MB/s", for size bytes per iteration:
// with -cpu 1 it is what one core does, however loaded the machine is
// (wall-clock MB/s is not). Call it before the loop and defer the result.
func reportCPUThroughput(b *testing.B, size int64) func() {
	start, ok := cputime.Process()
	return func() {
		end, _ := cputime.Process()
		if ok && end > start {
			b.ReportMetric(float64(size)*float64(b.N)/1e6/(end-start).Seconds(), "cpu-MB/s")
		}
	}
}

func readAll(b *testing.B, r *Reader) (args, sents int) {
	for {
		a, err := r.Read()
		if err == io.EOF {
			return args, sents
		}
		if err != nil {
			b.Fatal(err)
		}
		args++
		sents += len(a.Sentences)
	}
}

// repeatedCSV returns the embedded sample with its records repeated n
// times under one header.
func repeatedCSV(tb testing.TB, n int) []byte {
	data, err := io.ReadAll(sample.Touche2021().ProcessedCSV())
	if err != nil {
		tb.Fatal(err)
	}
	i := bytes.IndexByte(data, '\n')
	header, body := data[:i+1], data[i+1:]
	out := append([]byte(nil), header...)
	for k := range n {
		out = append(out, renumbered(body, k)...)
	}
	return out
}

// renumbered returns the k-th copy of a part of the sample, its argument
// ids (and so its sentence ids) made its own ("S…-A…" becomes "S…-kA…"
// for k > 0): a corpus with a duplicate id is an error.
func renumbered(b []byte, k int) []byte {
	if k == 0 {
		return b
	}
	return bytes.ReplaceAll(b, []byte("-A"), fmt.Appendf(nil, "-%dA", k))
}
