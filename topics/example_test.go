package topics_test

import (
	"fmt"
	"strings"

	"github.com/argsearch/argsearch/topics"
)

func ExampleParse() {
	ts, err := topics.Parse(strings.NewReader(`<topics>
<topic>
<number>1</number>
<title>
Should teachers get tenure?
</title>
</topic>
</topics>`))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s %q\n", ts[0].ID, ts[0].Title)
	// Output: 1 "Should teachers get tenure?"
}

func ExampleTask1() {
	ts, err := topics.Task1(2021)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(ts), ts[0].ID, ts[0].Title)
	// Output: 50 51 Do we need sex education in schools?
}
