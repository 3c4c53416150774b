package corpus

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/argsearch/argsearch/corpus/sample"
)

func gzipBytes(t *testing.T, data []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	if _, err := w.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

type tarFile struct {
	name string
	typ  byte
	data []byte
}

func tarBytes(t *testing.T, files ...tarFile) []byte {
	t.Helper()
	var b bytes.Buffer
	w := tar.NewWriter(&b)
	for _, f := range files {
		h := &tar.Header{Name: f.name, Typeflag: f.typ, Mode: 0o644, Size: int64(len(f.data)), Format: tar.FormatUSTAR}
		if f.typ == tar.TypeDir {
			h.Size = 0
		}
		if err := w.WriteHeader(h); err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write(f.data); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func sampleBytes(t *testing.T, r io.Reader) []byte {
	t.Helper()
	data, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func writeTemp(t *testing.T, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// wholeText is a Splitter that keeps each text whole, for tests that are not
// about splitting (the default one is slow to run many times).
var wholeText = splitFunc(func(dst []string, text string) []string { return append(dst, text) })

func TestOpenDetectsFormats(t *testing.T) {
	csvData := sampleBytes(t, sample.Touche2021().ProcessedCSV())
	jsonData := sampleBytes(t, sample.Touche2021().JSON())
	wantCSV := readAllT(t, NewCSVReader(bytes.NewReader(csvData)))
	jr := newJSONReader(bytes.NewReader(jsonData))
	jr.Splitter = wholeText
	wantJSON := readAllT(t, jr)
	official := tarBytes(t,
		tarFile{name: "args_processed_04_01/", typ: tar.TypeDir},
		tarFile{name: "args_processed_04_01/README.txt", typ: tar.TypeReg, data: []byte("read me\n")},
		tarFile{name: "args_processed_04_01/args_processed.csv", typ: tar.TypeReg, data: csvData},
	)
	tests := []struct {
		file   string // names say nothing: detection is by content
		data   []byte
		want   []Argument
		member string
	}{
		{"plain-csv", csvData, wantCSV, ""},
		{"plain-json", jsonData, wantJSON, ""},
		{"gz-csv", gzipBytes(t, csvData), wantCSV, ""},
		{"gz-json", gzipBytes(t, jsonData), wantJSON, ""},
		{"tar-gz-csv", gzipBytes(t, official), wantCSV, ":args_processed_04_01/args_processed.csv"},
		{"tar-json", tarBytes(t, tarFile{name: "x/args-me.json", typ: tar.TypeReg, data: jsonData}), wantJSON, ":x/args-me.json"},
	}
	for _, tt := range tests {
		path := writeTemp(t, tt.file, tt.data)
		r, err := Open(path)
		if err != nil {
			t.Fatalf("%s: %v", tt.file, err)
		}
		r.Splitter = wholeText
		if want := path + tt.member; r.Name != want {
			t.Errorf("%s: Name = %q, want %q", tt.file, r.Name, want)
		}
		if diff := cmp.Diff(tt.want, readAllT(t, r)); diff != "" {
			t.Errorf("%s: got/want diff (-want +got):\n%s", tt.file, diff)
		}
		if err := r.Close(); err != nil {
			t.Errorf("%s: Close: %v", tt.file, err)
		}
	}
}

func TestOpenErrors(t *testing.T) {
	if _, err := Open(filepath.Join(t.TempDir(), "missing.csv")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: got %v, want os.ErrNotExist", err)
	}
	noCorpus := tarBytes(t, tarFile{name: "README", typ: tar.TypeReg, data: []byte("x")})
	if _, err := Open(writeTemp(t, "x.tar", noCorpus)); !errors.Is(err, errNoCorpusFile) {
		t.Errorf("tar without a corpus file: got %v, want errNoCorpusFile", err)
	}
	r, err := OpenReader(strings.NewReader(""), "empty.csv")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Read(); err == nil || !strings.Contains(err.Error(), "empty.csv: empty input") {
		t.Errorf("empty file: got %v, want an empty input error", err)
	}
}

// TestOpenNoArguments: a file with a header (or an empty arguments array)
// and no argument is an error naming the file, not a clean io.EOF; the
// Readers made from a stream still end with io.EOF.
func TestOpenNoArguments(t *testing.T) {
	header := "id,conclusion,premises,context,sentences\n"
	for name, data := range map[string]string{
		"header.csv":    header,
		"empty.json":    `{"arguments": []}`,
		"header.csv.gz": string(gzipBytes(t, []byte(header))),
	} {
		r, err := Open(writeTemp(t, name, []byte(data)))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		_, err = r.Read()
		r.Close()
		if err == nil || err == io.EOF || !strings.Contains(err.Error(), name+": the corpus has no arguments") {
			t.Errorf("%s: got %v, want an error naming the file: the corpus has no arguments", name, err)
		}
	}
	if _, err := NewCSVReader(strings.NewReader(header)).Read(); err != io.EOF {
		t.Errorf("NewCSVReader of a header alone: got %v, want io.EOF", err)
	}
}

// readToError reads r until it returns an error.
func readToError(r *Reader) (n int, err error) {
	for {
		if _, err := r.Read(); err != nil {
			return n, err
		}
		n++
	}
}

// TestOpenTruncated checks that a cut-off file is an error, never an
// early, clean end.
func TestOpenTruncated(t *testing.T) {
	csvData := sampleBytes(t, sample.Touche2021().ProcessedCSV())
	jsonData := sampleBytes(t, sample.Touche2021().JSON())
	official := tarBytes(t, tarFile{name: "args_processed.csv", typ: tar.TypeReg, data: csvData})
	gzCSV, gzJSON, tgz := gzipBytes(t, csvData), gzipBytes(t, jsonData), gzipBytes(t, official)
	badSum := bytes.Clone(gzCSV)
	badSum[len(badSum)-5] ^= 0xff    // CRC-32 in the trailer
	corrupt := func(at int) []byte { // a flipped byte in the deflate stream
		b := bytes.Clone(gzCSV)
		b[at] ^= 0x55
		return b
	}
	tests := []struct {
		name string
		data []byte
		is   error // nil: any *formatError
	}{
		{"gz csv, half", gzCSV[:len(gzCSV)/2], io.ErrUnexpectedEOF},
		{"gz csv, no trailer", gzCSV[:len(gzCSV)-8], io.ErrUnexpectedEOF},
		{"gz csv, bad checksum", badSum, gzip.ErrChecksum},
		{"gz csv, corrupt at 1/3", corrupt(len(gzCSV) / 3), nil},
		{"gz csv, corrupt at 1/2", corrupt(len(gzCSV) / 2), nil},
		{"gz csv, corrupt near the end", corrupt(len(gzCSV) - 100), nil},
		{"gz csv, trailing garbage", append(bytes.Clone(gzCSV), "garbage after the stream"...), gzip.ErrHeader},
		{"gz csv, short trailing garbage", append(bytes.Clone(gzCSV), "garbage"...), io.ErrUnexpectedEOF},
		{"gz csv, bad header", []byte("\x1f\x8b garbage, not a gzip header"), gzip.ErrHeader},
		{"gz json, half", gzJSON[:len(gzJSON)/2], io.ErrUnexpectedEOF},
		{"gz json, no trailer", gzJSON[:len(gzJSON)-4], io.ErrUnexpectedEOF},
		{"tar.gz, half", tgz[:len(tgz)/2], io.ErrUnexpectedEOF},
		{"tar.gz, no trailer", tgz[:len(tgz)-8], io.ErrUnexpectedEOF},
		{"tar, half", official[:len(official)/2], io.ErrUnexpectedEOF},
		{"tar, member cut by 100 bytes", official[:512+len(csvData)-100], io.ErrUnexpectedEOF},
		{"tar, cut in the end blocks", official[:len(official)-700], io.ErrUnexpectedEOF},
		{"plain csv, cut in a row", csvData[:len(csvData)/2], io.ErrUnexpectedEOF},
		{"plain csv, cut in a row, bad quote", csvData[:len(csvData)/2], csv.ErrQuote},
		{"plain json, cut", jsonData[:len(jsonData)-10], io.ErrUnexpectedEOF},
	}
	for _, tt := range tests {
		path := writeTemp(t, "cut", tt.data)
		gz := strings.HasPrefix(tt.name, "gz") || strings.HasPrefix(tt.name, "tar.gz")
		r, err := Open(path)
		if err != nil {
			if tt.is != nil && !errors.Is(err, tt.is) {
				t.Errorf("%s: Open: got %v, want it to wrap %v", tt.name, err, tt.is)
			}
			if gz && strings.Count(err.Error(), "gzip: ") != 1 {
				t.Errorf("%s: Open: got %q, want gzip named once", tt.name, err)
			}
			continue
		}
		r.Splitter = wholeText
		n, err := readToError(r)
		r.Close()
		// A damaged stream is named as gzip's, once; one that decompresses
		// to garbage may fail in the CSV first.
		if n := strings.Count(fmt.Sprint(err), "gzip: "); gz && (n > 1 || n == 0 && errors.Is(err, io.ErrUnexpectedEOF)) {
			t.Errorf("%s: got %q, want gzip named once", tt.name, err)
		}
		if err == io.EOF {
			t.Errorf("%s: clean io.EOF after %d arguments, want an error", tt.name, n)
			continue
		}
		var pe *formatError
		if !errors.As(err, &pe) || tt.is != nil && !errors.Is(err, tt.is) {
			t.Errorf("%s: got %v, want a *formatError wrapping %v", tt.name, err, tt.is)
		}
		if !strings.Contains(err.Error(), path) {
			t.Errorf("%s: error %q does not name the file", tt.name, err)
		}
	}
}

func TestIsTarHeader(t *testing.T) {
	archive := tarBytes(t, tarFile{name: "a.csv", typ: tar.TypeReg, data: []byte("x")})
	if !isTarHeader(archive[:512]) {
		t.Errorf("a real tar header is not recognised")
	}
	// A CSV with "ustar" at offset 257 (as in "mustard") is not a tar.
	text := []byte(csvHead + strings.Repeat("x", 257-len(csvHead)-1) + "mustard" + strings.Repeat(" ", 300))
	if string(text[257:262]) != "ustar" {
		t.Fatalf("bad test input: %q", text[257:262])
	}
	if isTarHeader(text[:512]) {
		t.Errorf("text with ustar at offset 257 taken for a tar header")
	}
	bad := bytes.Clone(archive[:512])
	bad[0] ^= 1
	if isTarHeader(bad) {
		t.Errorf("tar header with a bad checksum accepted")
	}
}
