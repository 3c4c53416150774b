package crc32c_test

import (
	"fmt"

	"github.com/argsearch/argsearch/internal/crc32c"
)

func Example() {
	fmt.Printf("%08x\n", crc32c.Checksum([]byte("123456789")))
	// Output:
	// e3069283
}
