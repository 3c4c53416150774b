package stance_test

import (
	"context"
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

func ExampleArgsMe() {
	// An args.me premise labelled PRO supports its argument's conclusion;
	// the conclusion here opposes the topic, so the premise is against it.
	s, _ := stance.ArgsMe{}.Premise("Should we ban guns?", "Guns should not be banned", stance.Pro)
	fmt.Println(s)
	// Output: CON
}

func ExampleLexical() {
	s, _, err := stance.Lexical{}.Tag(context.Background(), "nuclear energy", "Nuclear energy is dangerous and harmful .")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s)
	// Output: CON
}

func ExampleCombine() {
	s, c := stance.Combine(stance.Pro, 0.5, stance.Pro, 0.5)
	fmt.Println(s, c)
	// Output: PRO 0.75
}
