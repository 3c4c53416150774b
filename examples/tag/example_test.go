package main

import (
	"context"
	"os"
	"strings"
)

func Example() {
	in := strings.NewReader("school uniforms\tUniforms create a sense of equality and help students focus on learning .\n" +
		"school uniforms\t!!! ... http://example.com\n")
	run(context.Background(), nil, in, os.Stdout, os.Stderr)
	// Output:
	// PRO	0.8457	0.9347
	// Q0	0.0000	0.0000
}

// With -force every line gets PRO or CON, with the side's probability
// renormalised over the two.
func Example_force() {
	in := strings.NewReader("school uniforms\tUniforms create a sense of equality and help students focus on learning .\n" +
		"school uniforms\t!!! ... http://example.com\n")
	run(context.Background(), []string{"-force"}, in, os.Stdout, os.Stderr)
	// Output:
	// PRO	0.8685	0.9347
	// PRO	0.5000	0.0000
}
