package sample_test

import (
	"bufio"
	"fmt"

	"github.com/argsearch/argsearch/corpus/sample"
)

func ExampleProcessedCSV() {
	header, err := bufio.NewReader(sample.ProcessedCSV()).ReadString('\n')
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(header)
	// Output: id,conclusion,premises,context,sentences
}
