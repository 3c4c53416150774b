package sample_test

import (
	"bufio"
	"fmt"

	"github.com/argsearch/argsearch/corpus/sample"
)

func ExampleSample_ProcessedCSV() {
	header, err := bufio.NewReader(sample.Touche2022().ProcessedCSV()).ReadString('\n')
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(header)
	// Output: id,conclusion,premises,context,sentences
}

func ExampleSample_Topics() {
	for _, s := range []sample.Sample{sample.Touche2022(), sample.Touche2021()} {
		ts, err := s.Topics()
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(s.Year(), len(ts), ts[0].ID, ts[0].Title)
	}
	// Output:
	// 2022 25 1 Should teachers get tenure?
	// 2021 10 51 Do we need sex education in schools?
}
