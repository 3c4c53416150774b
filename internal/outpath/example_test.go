package outpath_test

import (
	"fmt"

	"github.com/argsearch/argsearch/internal/outpath"
)

func ExampleFile() {
	fmt.Println(outpath.File("-o", "/nonexistent-dir/run.txt"))
	// Output:
	// -o /nonexistent-dir/run.txt: the directory /nonexistent-dir does not exist
}
