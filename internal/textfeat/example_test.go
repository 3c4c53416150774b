package textfeat_test

import (
	"fmt"

	"github.com/argsearch/argsearch/internal/textfeat"
)

func ExampleTokenize() {
	toks := textfeat.Tokenize(nil, "Guns don't kill people; see www.example.org")
	fmt.Printf("%q\n", toks)
	fmt.Println(textfeat.Stem("cloning"), textfeat.Sentiment("harmful"), textfeat.Direction("ban"))
	// Output:
	// ["guns" "do" "not" "kill" "people" ";" "see" "<url>"]
	// clon -1 -1
}
