package labeled_test

import (
	"fmt"
	"log"
	"strings"

	"github.com/argsearch/argsearch/examples/internal/labeled"
)

func ExampleReadUKP() {
	in := "topic\tretrievedUrl\tarchivedUrl\tsentenceHash\tsentence\tannotation\tset\n" +
		"cloning\thttp://a\thttp://w\th\tCloning could cure diseases .\tArgument_for\ttrain\n"
	rows, err := labeled.ReadUKP(strings.NewReader(in), "cloning.tsv")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(rows[0].Topic, rows[0].Label, rows[0].Set)
	// Output: cloning Argument_for train
}
