package countio_test

import (
	"bufio"
	"fmt"
	"strings"

	"github.com/argsearch/argsearch/internal/countio"
)

// A bufio.Reader reads ahead of what it hands on: N says how far into the
// file the reading is, which is what a progress bar by bytes shows.
func ExampleReader() {
	cr := &countio.Reader{R: strings.NewReader("first line\nsecond line\n")}
	br := bufio.NewReader(cr)
	line, _ := br.ReadString('\n')
	fmt.Printf("%q; %d bytes read from the file\n", line, cr.N)
	// Output: "first line\n"; 23 bytes read from the file
}
