package main

import (
	"context"
	"fmt"
	"os"
	"strings"
)

func Example() {
	in := strings.NewReader("school uniforms\tUniforms create a sense of equality and help students focus on learning .\n" +
		"school uniforms\t\n" +
		"school uniforms\t!!! ... http://example.com\n")
	if err := run(context.Background(), in, os.Stdout); err != nil {
		fmt.Println(err)
	}
	// Output:
	// PRO	0.8448	0.9347
	// Q0	0.0000	0.0000
	// Q0	0.0000	0.0000
}
