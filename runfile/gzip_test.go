package runfile

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// gzipped compresses s as gzip(1) does.
func gzipped(t testing.TB, s string) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	if _, err := io.WriteString(zw, s); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

const gzipRun = "1 PRO a,b 1 2.5 tag\n1 CON c,d 2 1 tag\n2 Q0 e,f 1 3 tag\n"

// A gzipped run file reads as the plain one, through ReadFile and a
// Reader, whatever its name.
func TestReadGzip(t *testing.T) {
	dir := t.TempDir()
	plain := filepath.Join(dir, "run.txt")
	if err := os.WriteFile(plain, []byte(gzipRun), 0o644); err != nil {
		t.Fatal(err)
	}
	want, err := ReadFile(plain)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"run.txt.gz", "run-no-suffix"} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, gzipped(t, gzipRun), 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := ReadFile(p)
		if err != nil {
			t.Fatalf("ReadFile(%s): %v", name, err)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("ReadFile(%s) (-plain +gzip):\n%s", name, diff)
		}
	}
	// A Task 2 run, its tag holding spaces, through a Reader.
	r := NewReader(bytes.NewReader(gzipped(t, "2 FIRST clueweb12-0000wb-00-00000___1 1 9 \"my run\"\n")))
	r.Comparative = true
	lines, err := readAll(r)
	if err != nil || len(lines) != 1 || lines[0].Tag != `"my run"` {
		t.Errorf("Task 2 run, gzipped: got %+v, %v", lines, err)
	}
	// A line's error names the line of the decompressed run.
	r = NewReader(bytes.NewReader(gzipped(t, "1 Q0 a 1 1 t\n1 Q0 b 2 x t\n")))
	r.Name = "r.txt.gz"
	_, err = readAll(r)
	if err == nil || err.Error() != `runfile: r.txt.gz:2: field score: "x" is not a finite number: invalid score` {
		t.Errorf("bad score in a gzipped run: got %v", err)
	}
}

// A truncated or damaged gzip run is an error naming the file and gzip,
// never a shorter run: at every truncation.
func TestReadGzipTruncated(t *testing.T) {
	var sb strings.Builder
	for i := range 200 {
		fmt.Fprintf(&sb, "%d Q0 doc%d %d %d tag\n", i/20, i, i%20, 200-i)
	}
	z := gzipped(t, sb.String())
	path := filepath.Join(t.TempDir(), "r.txt.gz")
	for n := 2; n < len(z); n++ {
		if err := os.WriteFile(path, z[:n], 0o644); err != nil {
			t.Fatal(err)
		}
		run, err := ReadFile(path)
		if err == nil || !strings.HasPrefix(err.Error(), "runfile: "+path+": gzip: ") {
			t.Fatalf("%d of %d bytes: got %d topics, error %v; want an error starting %q", n, len(z), len(run), err, "runfile: "+path+": gzip: ")
		}
		if !errors.Is(err, io.ErrUnexpectedEOF) {
			t.Fatalf("%d of %d bytes: %v does not wrap io.ErrUnexpectedEOF", n, len(z), err)
		}
	}
	bad := bytes.Clone(z)
	bad[len(bad)-6] ^= 1 // the CRC-32
	r := NewReader(bytes.NewReader(bad))
	if _, err := readAll(r); err == nil || err.Error() != "runfile: read: gzip: invalid checksum" {
		t.Errorf("bad checksum: got %v", err)
	}
}

// A run without a line is "the run is empty", from every reader that
// makes a Run, plain or gzipped; the stream readers just end.
func TestReadEmpty(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string][]byte{
		"empty.txt":    nil,
		"blank.txt":    []byte("\n  \t\r\n\n"),
		"empty.txt.gz": gzipped(t, ""),
	} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, content, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := ReadFile(path)
		if want := "runfile: " + path + ": the run is empty"; err == nil || err.Error() != want || !errors.Is(err, ErrCount) {
			t.Errorf("ReadFile(%s): got %v, want %q wrapping ErrCount", name, err, want)
		}
		if _, err := NewReader(bytes.NewReader(content)).ReadRun(); err == nil || err.Error() != "runfile: the run is empty" {
			t.Errorf("ReadRun of %s: got %v", name, err)
		}
		if lines, err := readAll(NewReader(bytes.NewReader(content))); len(lines) != 0 || err != nil {
			t.Errorf("readAll of %s: got %v, %v; want nothing and no error", name, lines, err)
		}
	}
}
