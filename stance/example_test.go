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
	fmt.Println(s, stance.Unknown)
	// Output: CON Q0
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

func ExampleRule() {
	// The args.me labels of the sentences' arguments, as corpus.Store.Stance
	// gives them: here one argument's conclusion states the topic.
	labels := func(topic, sentenceID string) (stance.Stance, float64) {
		if sentenceID == "A__PREMISE__1" {
			return stance.ArgsMe{}.Premise(topic, "Guns should be banned", stance.Pro)
		}
		return stance.Unknown, 0
	}
	rule := stance.Rule{Labels: labels} // no model: what the labels leave open is "Q0"
	topic := "Should we ban guns?"
	s, _, _ := rule.Sentence(context.Background(), topic, "A__PREMISE__1", "Guns kill.")
	fmt.Println(s)
	fmt.Println(rule.Sides(topic, []stance.PairText{
		{Stance: stance.Con, FirstID: "B__PREMISE__1"},  // the pair's own stance
		{Stance: stance.No, FirstID: "A__PREMISE__1"},   // its first sentence's label
		{Stance: stance.Unknown, FirstID: "C__CONC__1"}, // neither
	}), rule.Stances())
	// Output:
	// PRO
	// [CON PRO Q0] [PRO CON Q0]
}
