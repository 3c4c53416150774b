package gunzip

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"strings"
	"testing"
)

func gz(t testing.TB, s string) []byte {
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

func readAll(in []byte) ([]byte, error) {
	r, err := Reader(bufio.NewReader(bytes.NewReader(in)))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(r)
}

// Every truncation of a gzip stream is an error wrapping
// io.ErrUnexpectedEOF, from Reader and from Bytes, never a short read that
// ends well.
func TestTruncated(t *testing.T) {
	text := strings.Repeat("1 Q0 doc 1 2.5 tag\n", 200)
	z := gz(t, text)
	for n := len(magic); n < len(z); n++ {
		got, err := readAll(z[:n])
		if !errors.Is(err, io.ErrUnexpectedEOF) || !strings.HasPrefix(err.Error(), "gzip: ") {
			t.Fatalf("%d of %d bytes: got %d bytes and %v, want a gzip error wrapping io.ErrUnexpectedEOF", n, len(z), len(got), err)
		}
		if _, err := Bytes(z[:n]); !errors.Is(err, io.ErrUnexpectedEOF) {
			t.Fatalf("Bytes, %d of %d bytes: %v", n, len(z), err)
		}
	}
	got, err := readAll(z)
	if err != nil || string(got) != text {
		t.Errorf("whole stream: %d bytes, %v", len(got), err)
	}
}

func TestInputs(t *testing.T) {
	one, two := gz(t, "a\n"), gz(t, "b\n")
	corrupt := bytes.Clone(one)
	corrupt[len(corrupt)-5] ^= 0xff // the CRC-32
	tests := []struct {
		name string
		in   []byte
		want string // the content, or the error's message
	}{
		{"plain", []byte("a b c\n"), "a b c\n"},
		{"empty", nil, ""},
		{"one byte", []byte{0x1f}, "\x1f"},
		{"members", append(bytes.Clone(one), two...), "a\nb\n"},
		{"bad checksum", corrupt, "gzip: invalid checksum"},
		{"garbage after", append(bytes.Clone(one), "a line of text\n"...), "gzip: invalid header"},
		{"short garbage after", append(bytes.Clone(one), "xyz"...), "gzip: the stream is truncated: unexpected EOF"},
		{"magic alone", []byte(magic), "gzip: the stream is truncated: unexpected EOF"},
		{"bad method", []byte(magic + "\x07\x00\x00\x00\x00\x00\x00\x03"), "gzip: invalid header"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for fn, read := range map[string]func([]byte) ([]byte, error){"Reader": readAll, "Bytes": Bytes} {
				got, err := read(tt.in)
				msg := string(got)
				if err != nil {
					msg = err.Error()
				}
				if msg != tt.want {
					t.Errorf("%s: got %q, want %q", fn, msg, tt.want)
				}
			}
		})
	}
}

// Reader does not consume a plain input: the caller's bufio.Reader reads
// it from its first byte.
func TestPlainUntouched(t *testing.T) {
	br := bufio.NewReader(strings.NewReader("hello"))
	r, err := Reader(br)
	if err != nil || r != io.Reader(br) {
		t.Fatalf("got %v, %v; want the bufio.Reader itself", r, err)
	}
	if b, _ := io.ReadAll(br); string(b) != "hello" {
		t.Errorf("read %q", b)
	}
}
