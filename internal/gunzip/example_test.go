package gunzip_test

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"strings"

	"github.com/argsearch/argsearch/internal/gunzip"
)

// The same reading code takes a plain and a gzipped input; a truncated
// stream is an error.
func Example() {
	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	io.WriteString(zw, "1 Q0 d 1 2.5 tag\n")
	zw.Close()
	for _, in := range [][]byte{[]byte("1 Q0 d 1 2.5 tag\n"), z.Bytes(), z.Bytes()[:z.Len()-3]} {
		r, err := gunzip.Reader(bufio.NewReader(bytes.NewReader(in)))
		if err != nil {
			fmt.Println(err)
			continue
		}
		b, err := io.ReadAll(r)
		fmt.Printf("%q %v\n", strings.TrimSpace(string(b)), err)
	}
	// Output:
	// "1 Q0 d 1 2.5 tag" <nil>
	// "1 Q0 d 1 2.5 tag" <nil>
	// "1 Q0 d 1 2.5 tag" gzip: the stream is truncated: unexpected EOF
}
