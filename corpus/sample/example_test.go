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

func ExampleTopics() {
	ts, err := sample.Topics()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(ts), ts[0].ID, ts[0].Title)
	// Output: 10 51 Do we need sex education in schools?
}
