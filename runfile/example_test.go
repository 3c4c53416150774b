package runfile_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/stance"
)

func ExampleWriter() {
	w := runfile.NewWriter(os.Stdout, "myRun")
	err := w.Write("1", []runfile.Result{
		{DocID: "S1-A1__PREMISE__1,S1-A1__PREMISE__2", Score: 0.5, Stance: stance.Pro},
		{DocID: "S2-A7__CONC__1,S2-A7__PREMISE__3", Score: 1.25, Stance: stance.Con},
		// Tied with the first: trec_eval ranks the larger docid first.
		{DocID: "S3-A2__PREMISE__4,S3-A2__PREMISE__5", Score: 0.5, Stance: stance.Pro},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	// A second result for the same docid is rejected before anything of
	// topic 2 is written.
	err = w.Write("2", []runfile.Result{{DocID: "x,y", Score: 1}, {DocID: "x,y", Score: 0.5}})
	fmt.Println(err)
	fmt.Println(errors.Is(err, runfile.ErrDuplicate))
	// The error is sticky: Close reports it again, and the buffered lines of
	// topic 1 are never flushed, so nothing of this run reaches os.Stdout.
	fmt.Println(w.Close() == err)
	// Output:
	// runfile: topic "2": docid "x,y" listed twice: duplicate
	// true
	// true
}

func ExampleWriter_Close() {
	w := runfile.NewWriter(os.Stdout, "myRun")
	err := w.Write("1", []runfile.Result{
		{DocID: "S1-A1__PREMISE__1,S1-A1__PREMISE__2", Score: 0.5, Stance: stance.Pro},
		{DocID: "S2-A7__CONC__1,S2-A7__PREMISE__3", Score: 1.25, Stance: stance.Con},
		{DocID: "S3-A2__PREMISE__4,S3-A2__PREMISE__5", Score: 0.5, Stance: stance.Pro},
	})
	if err == nil {
		err = w.Close()
	}
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// 1 CON S2-A7__CONC__1,S2-A7__PREMISE__3 1 1.25 myRun
	// 1 PRO S3-A2__PREMISE__4,S3-A2__PREMISE__5 2 0.5 myRun
	// 1 PRO S1-A1__PREMISE__1,S1-A1__PREMISE__2 3 0.5 myRun
}

func ExampleReader() {
	// A real run: tab separated, ranks from 0, Q0 in the stance column.
	const run = "51\tQ0\tS428a8bea-A6fcf1b51\t0\t7.574048\tElrondKRun\n" +
		"51\tQ0\tS6bece754-Aa72f8d62\t1\t7.405386\tElrondKRun\r\n" +
		"\n" +
		"52 PRO a,b 1 2.5 myRun\n" +
		"52 CON c,d one 2.5 myRun\n"
	r := runfile.NewReader(strings.NewReader(run))
	r.Name = "run.txt"
	for line, err := range r.All() {
		if err != nil {
			fmt.Println(err)
			break
		}
		fmt.Println(line.QID, line.Stance, line.DocID, line.Rank, line.Score, line.Tag)
	}
	// Output:
	// 51 Q0 S428a8bea-A6fcf1b51 0 7.574048 ElrondKRun
	// 51 Q0 S6bece754-Aa72f8d62 1 7.405386 ElrondKRun
	// 52 PRO a,b 1 2.5 myRun
	// runfile: run.txt:5: field rank: "one" is not an integer: invalid field
}

func ExampleValidate() {
	lines := []runfile.Line{
		{QID: "1", Stance: stance.Pro, DocID: "a,b", Rank: 1, Score: 2, Tag: "t"},
		{QID: "1", Stance: stance.Unknown, DocID: "c,d", Rank: 2, Score: 3, Tag: "t"},
	}
	rules := runfile.Touche2022()
	rules.Topics = []string{"1", "2"}
	err := runfile.Validate(lines, rules)
	fmt.Println(err)
	fmt.Println(errors.Is(err, runfile.ErrRules))
	// Output:
	// runfile: topic "1": docid "c,d" (rank 2): stance Q0, want PRO/CON: stance not allowed
	// runfile: topic "1": docid "c,d" (rank 2): score 3 is higher than the previous 2: out of order
	// runfile: topic "1": 2 results, want at least 100: wrong number of results
	// runfile: 1 of 2 topics have no results (2): missing topic
	// true
}

// A run is checked whole before anything is written: topic 2 of the
// rules' topic list is missing, so run.txt is not created.
func ExampleWriteFile() {
	dir, err := os.MkdirTemp("", "runfile-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "run.txt")

	run, err := runfile.NewRun("myRun", runfile.Rules{}, map[string][]runfile.Result{"1": {{DocID: "doc1", Score: 3}}})
	if err != nil {
		fmt.Println(err)
		return
	}
	err = runfile.WriteFile(path, run, runfile.Rules{Topics: []string{"1", "2"}})
	fmt.Println(errors.Is(err, runfile.ErrRules))
	_, statErr := os.Stat(path)
	fmt.Println(errors.Is(statErr, os.ErrNotExist))
	// Output:
	// true
	// true
}
