package stance_test

import (
	"fmt"

	"github.com/argsearch/argsearch/stance"
)

func ExampleParse() {
	s, err := stance.Parse("CON")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s, s.Opposite(), stance.Unknown)
	// Output: CON PRO Q0
}
