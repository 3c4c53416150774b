package corpus

import (
	"archive/tar"
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/argsearch/argsearch/internal/gunzip"
	"github.com/argsearch/argsearch/internal/nilio"
	"github.com/klauspost/compress/gzip"
)

// bufferSize is the read buffer of Open and OpenReader.
const bufferSize = 1 << 20

// Open opens an args.me file for reading: the processed CSV or the JSON
// format, plain, gzipped (.gz) or in a tar archive, gzipped or not (such
// as the official args_processed_04_01.tar.gz). The kind is detected from
// the file's bytes, not its name; see OpenReader. Close the Reader when
// done.
func Open(path string) (*Reader, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("corpus: %w", err)
	}
	r, err := OpenReader(f, path)
	if err != nil {
		f.Close()
		return nil, err
	}
	r.closer = f
	return r, nil
}

// OpenReader is Open for an already open stream; name is used in errors.
// When src is an io.Closer, the Reader's Close closes it.
//
// Detection: gzip by its magic bytes (1f 8b), decompressed with
// github.com/klauspost/compress/gzip, which is faster than compress/gzip
// and returns the same errors; then a tar archive by "ustar"
// at offset 257, in which the first regular file whose name ends in .csv or
// .json is read; then JSON when the first byte that is not white space (or
// a byte order mark) is '{' or '[', and the processed CSV otherwise. A
// truncated or corrupt gzip or tar stream is an error, never an early end:
// after the last argument, the rest of the archive is read and checked.
func OpenReader(src io.Reader, name string) (*Reader, error) {
	br := bufio.NewReaderSize(nilio.Reader(src, "corpus"), bufferSize)
	var in io.Reader = br
	var finish []func() error // checks run when the content ends
	if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("corpus: %s: %w", name, gunzip.Error(err))
		}
		gz := gunzip.Errors(zr)
		br = bufio.NewReaderSize(gz, bufferSize)
		in = br
		finish = append(finish, func() error { // the gzip trailer
			_, err := io.Copy(io.Discard, gz)
			return err
		})
	}
	if head, _ := br.Peek(512); isTarHeader(head) {
		tr := tar.NewReader(br)
		member, err := firstCorpusFile(tr)
		if err == errNoCorpusFile {
			return nil, fmt.Errorf("%w: %s", err, name)
		}
		if err != nil {
			return nil, fmt.Errorf("corpus: %s: %w", name, err)
		}
		name += ":" + member
		finish = append([]func() error{func() error { // the rest of the archive
			for {
				_, err := tr.Next()
				if err == io.EOF {
					return nil
				}
				if err != nil {
					return err
				}
			}
		}}, finish...)
		br = bufio.NewReaderSize(tr, bufferSize)
		in = br
	}
	if len(finish) > 0 {
		in = &checkedReader{r: br, finish: finish}
	}
	json, err := isJSON(br)
	if err != nil {
		return nil, fmt.Errorf("corpus: %s: %w", name, err)
	}
	if bom, _ := br.Peek(3); string(bom) == "\ufeff" {
		br.Discard(3)
	}
	var r *Reader
	if json {
		r = newJSONReader(in)
	} else {
		r = NewCSVReader(in)
	}
	r.Name = name
	r.needArgs = true
	if c, ok := src.(io.Closer); ok {
		r.closer = c
	}
	return r, nil
}

// firstCorpusFile advances tr to its first regular file named *.csv or
// *.json and returns the name.
func firstCorpusFile(tr *tar.Reader) (string, error) {
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return "", errNoCorpusFile
		}
		if err != nil {
			return "", fmt.Errorf("tar: %w", err)
		}
		if h.Typeflag != tar.TypeReg {
			continue
		}
		if n := strings.ToLower(h.Name); strings.HasSuffix(n, ".csv") || strings.HasSuffix(n, ".json") {
			return h.Name, nil
		}
	}
}

// isTarHeader reports whether b is a tar header block: "ustar" at offset
// 257 and a valid header checksum, so that a text file that happens to
// hold "ustar" there is not taken for an archive.
func isTarHeader(b []byte) bool {
	if len(b) < 512 || string(b[257:262]) != "ustar" {
		return false
	}
	field := strings.TrimRight(strings.TrimLeft(string(b[148:156]), " "), " \x00")
	want, err := strconv.ParseUint(field, 8, 32)
	if err != nil {
		return false
	}
	var sum uint64
	for i, c := range b[:512] {
		if i >= 148 && i < 156 {
			c = ' '
		}
		sum += uint64(c)
	}
	return sum == want
}

// isJSON reports whether the input's first byte that is not white space or
// a UTF-8 byte order mark opens a JSON object or array.
func isJSON(br *bufio.Reader) (bool, error) {
	for n := 64; ; n *= 2 {
		b, err := br.Peek(n)
		b = bytes.TrimPrefix(b, []byte("\ufeff"))
		if i := bytes.IndexFunc(b, func(r rune) bool { return !strings.ContainsRune(" \t\r\n", r) }); i >= 0 {
			return b[i] == '{' || b[i] == '[', nil
		}
		if err == io.EOF || err == bufio.ErrBufferFull || n >= bufferSize {
			return false, nil // empty or all white space: the CSV reader reports it
		}
		if err != nil {
			return false, err
		}
	}
}

// checkedReader reads r and, at its end, runs the finish checks in order;
// the first error among them replaces io.EOF.
type checkedReader struct {
	r      io.Reader
	finish []func() error
	err    error
}

func (c *checkedReader) Read(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.r.Read(p)
	if err == io.EOF {
		for _, f := range c.finish {
			if ferr := f(); ferr != nil {
				if ferr == io.EOF {
					ferr = io.ErrUnexpectedEOF
				}
				err = ferr
				break
			}
		}
	}
	if err != nil {
		c.err = err
	}
	return n, err
}
