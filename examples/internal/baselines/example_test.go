package baselines_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/argsearch/argsearch/examples/internal/baselines"
)

// Run swordsman on the embedded 2021 sample, two pairs per topic, and
// print the first line of the run.
func ExampleSwordsman() {
	out, err := os.MkdirTemp("", "baselines-example")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(out)
	if code := baselines.Swordsman(context.Background(), []string{"-sample", "2021", "-k", "2", "-cache", "off", "-quiet", "-o", out}, io.Discard, io.Discard); code != 0 {
		panic(code)
	}
	b, err := os.ReadFile(filepath.Join(out, "run.txt"))
	if err != nil {
		panic(err)
	}
	first, _, _ := strings.Cut(string(b), "\n")
	fmt.Println(first)
	// Output:
	// 51 CON S428a8bea-A6fcf1b51__PREMISE__3,S428a8bea-A6fcf1b51__PREMISE__48 1 -52.199083920899696 argsearch-swordsman
}
