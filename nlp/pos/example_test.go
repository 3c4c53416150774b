package pos_test

import (
	"fmt"
	"log"
	"strings"

	"github.com/argsearch/argsearch/nlp/pos"
)

func ExampleModel() {
	tagger, err := pos.Load()
	if err != nil {
		log.Fatal(err)
	}
	var tags []string
	for _, t := range tagger.Tag("The death penalty should be abolished.") {
		tags = append(tags, t.Text+"/"+t.Tag)
	}
	fmt.Println(strings.Join(tags, " "))
	fmt.Println(tagger.HasVerb("Great points on both sides.", 0))
	fmt.Println(tagger.NounPhrases("Nuclear power plants produce cheap electricity."))
	// Output:
	// The/DT death/NN penalty/NN should/MD be/VB abolished/VBN ./.
	// false
	// [cheap electricity electricity nuclear power plant plant]
}
