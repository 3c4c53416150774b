package tira_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/runfile/tira"
	"github.com/argsearch/argsearch/stance"
)

func ExampleJob() {
	// Set up what TIRA provides: an input dataset and an output directory.
	base, err := os.MkdirTemp("", "tira-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(base)
	in, out := filepath.Join(base, "input"), filepath.Join(base, "output")
	if err := os.Mkdir(in, 0o755); err != nil {
		fmt.Println(err)
		return
	}
	for _, name := range []string{"args_processed.csv", "topics.xml"} {
		if err := os.WriteFile(filepath.Join(in, name), nil, 0o644); err != nil {
			fmt.Println(err)
			return
		}
	}

	// The system's main: software -i $inputDataset -o $outputDir
	fs := flag.NewFlagSet("mysystem", flag.ContinueOnError)
	var job tira.Job
	job.RegisterFlags(fs)
	if err := fs.Parse([]string{"-i", in, "-o", out}); err != nil {
		fmt.Println(err)
		return
	}
	corpus, err := job.Corpus()
	if err != nil {
		fmt.Println(err)
		return
	}
	topics, err := job.Topics()
	if err != nil {
		fmt.Println(err)
		return
	}
	runPath, err := job.RunPath()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(filepath.Base(corpus), filepath.Base(topics), filepath.Base(runPath))

	// ... read the corpus and topics, retrieve, then write the run.
	run, err := runfile.NewRun("mysystem", runfile.Rules{}, map[string][]runfile.Result{
		"1": {{DocID: "S1-A1__PREMISE__1,S1-A1__PREMISE__2", Score: 1, Stance: stance.Pro}},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := runfile.WriteFile(runPath, run, runfile.Rules{}); err != nil {
		fmt.Println(err)
		return
	}
	data, err := os.ReadFile(runPath)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(string(data))
	// Output:
	// args_processed.csv topics.xml run.txt
	// 1 PRO S1-A1__PREMISE__1,S1-A1__PREMISE__2 1 1 mysystem
}
