package systemtest_test

import (
	"fmt"
	"os"

	"github.com/argsearch/argsearch/examples/internal/systemtest"
	"github.com/argsearch/argsearch/runfile/tira"
)

// The TIRA input directory the end-to-end tests run the systems on.
func ExampleWriteInput() {
	dir, err := os.MkdirTemp("", "tira-input")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	if err := systemtest.WriteInput(dir); err != nil {
		panic(err)
	}
	job := tira.Job{InputDir: dir}
	corpus, _ := job.Corpus()
	topics, _ := job.Topics()
	fmt.Println(corpus[len(dir)+1:], topics[len(dir)+1:])
	// Output: args_processed.csv topics.xml
}
