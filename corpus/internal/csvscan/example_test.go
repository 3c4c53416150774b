package csvscan_test

import (
	"fmt"
	"io"
	"log"
	"strings"

	"github.com/argsearch/argsearch/corpus/internal/csvscan"
)

// Fields come back byte for byte: the "\r\n" inside the quoted field is
// kept, and only the doubled quotes are undone.
func ExampleReader() {
	in := "id,conclusion\r\n" +
		"a1,\"two\r\nlines, \"\"quoted\"\"\"\r\n" +
		"a2,plain\r\n"
	r := csvscan.NewReader(strings.NewReader(in))
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("line %d: %q\n", r.Line(), rec)
	}
	// Output:
	// line 1: ["id" "conclusion"]
	// line 2: ["a1" "two\r\nlines, \"quoted\""]
	// line 4: ["a2" "plain"]
}

// A quoted field still open at the end of the input is a truncated file.
func ExampleParseError() {
	r := csvscan.NewReader(strings.NewReader("id,conclusion\r\na1,\"cut of"))
	for {
		_, err := r.Read()
		if err != nil {
			fmt.Println(err)
			break
		}
	}
	// Output:
	// csvscan: parse error on line 2, column 11: unexpected EOF in quoted field: extraneous or missing " in quoted-field
}
