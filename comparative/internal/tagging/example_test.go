package tagging_test

import (
	"fmt"

	"github.com/argsearch/argsearch/comparative/internal/tagging"
)

func ExampleDecide() {
	lex, err := tagging.LoadLexicon()
	if err != nil {
		panic(err)
	}
	heads := [2]string{tagging.ObjectHead("laptop"), tagging.ObjectHead("desktop")}
	f := lex.Features(heads, "Laptops are better than desktops for travel.")
	s, _ := tagging.Decide(tagging.HandSet, f)
	fmt.Println(s)
	// Output: FIRST
}
