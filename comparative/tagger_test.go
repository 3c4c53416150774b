package comparative_test

import (
	"context"
	"errors"
	"testing"

	"github.com/argsearch/argsearch/comparative"
	"github.com/argsearch/argsearch/stance"
)

func TestTagger(t *testing.T) {
	tg := new(comparative.Tagger)
	objects := [2]string{"laptop", "desktop"}
	for _, c := range []struct {
		text string
		want stance.Stance
	}{
		{"Laptops are better than desktops for students who travel.", stance.First},
		{"A desktop is faster than a laptop and easier to repair.", stance.Second},
		{"Desktops are not cheaper than laptops.", stance.First},
		{"Laptops are worse than desktops for gaming.", stance.Second},
		{"Both laptops and desktops have their place; it depends on your needs.", stance.No},
		{"The weather was nice in Paris this spring.", stance.No},
		{"Laptops are great and portable. Desktops are great and powerful. Both are excellent choices.", stance.Neutral},
	} {
		got, conf, err := tg.Tag(context.Background(), objects, c.text)
		if err != nil {
			t.Fatal(err)
		}
		if got != c.want || conf < 0 || conf > 1 {
			t.Errorf("%q: got %v (%.2f), want %v", c.text, got, conf, c.want)
		}
	}
	// A multi-word object is found by its last content word.
	got, _, _ := tg.Tag(context.Background(), [2]string{"major in philosophy", "psychology"}, "Psychology is a better major than philosophy.")
	if got != stance.Second {
		t.Errorf("multi-word object: got %v, want SECOND", got)
	}
	if _, _, err := tg.Tag(context.Background(), objects, ""); !errors.Is(err, stance.ErrInput) {
		t.Errorf("empty text: got %v, want stance.ErrInput", err)
	}
}
