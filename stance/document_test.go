package stance_test

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/stance"
)

// fake tags a sentence by its first word: "pro", "con", "no"; confidence
// 0.8.
var fake = taggerFunc(func(ctx context.Context, topic, text string) (stance.Stance, float64, error) {
	if err := stance.CheckInput(topic, text); err != nil {
		return stance.Unknown, 0, err
	}
	switch strings.Fields(text)[0] {
	case "pro":
		return stance.Pro, 0.8, nil
	case "con":
		return stance.Con, 0.8, nil
	}
	return stance.No, 0.8, nil
})

func TestDocument(t *testing.T) {
	ctx := context.Background()
	arg := func(s string) float64 {
		if strings.HasSuffix(s, "!") {
			return 0.9
		}
		return 0.1
	}
	for _, c := range []struct {
		doc    stance.Document
		sents  []string
		want   stance.Stance
		wantC  float64
		reason string
	}{
		{stance.Document{Tagger: fake}, []string{"pro a", "pro b", "con c"}, stance.Neutral, 2.0 / 3, "the weaker side has 1/3 ≥ 0.3"},
		{stance.Document{Tagger: fake}, []string{"pro a", "pro b", "pro c", "con d"}, stance.Pro, 0.75, "the weaker side has 1/4"},
		{stance.Document{Tagger: fake, Mixed: 0.2}, []string{"con a", "con b", "con c", "pro d"}, stance.Neutral, 0.5, "Mixed 0.2"},
		{stance.Document{Tagger: fake}, []string{"no a", "", "no b"}, stance.No, 1, "no sentence argues"},
		{stance.Document{Tagger: fake, Argumentative: arg}, []string{"pro a", "con b!", "no c!"}, stance.Con, 1, "pro a is not argumentative"},
		{stance.Document{Tagger: fake, Argumentative: arg}, []string{"pro a", "con b"}, stance.No, 0.9, "nothing argumentative: 1 − 0.1"},
		{stance.Document{Tagger: fake, MinConfidence: 0.9}, []string{"pro a", "con b"}, stance.No, 1, "no confident side"},
	} {
		got, conf, err := c.doc.Tag(ctx, "topic", c.sents)
		if err != nil || got != c.want || math.Abs(conf-c.wantC) > 1e-12 {
			t.Errorf("%q (%s): got %v %v %v, want %v %v", c.sents, c.reason, got, conf, err, c.want, c.wantC)
		}
	}
	for _, c := range []struct {
		topic string
		sents []string
		want  string
	}{
		{"", []string{"pro a"}, "empty topic"},
		{"topic", []string{"pro a", "con \xff"}, "sentence 2"},
		{"topic", []string{strings.Repeat("pro ", stance.MaxText)}, "longer than"},
		{"topic", make([]string, 100001), "more than"},
	} {
		_, _, err := stance.Document{Tagger: fake}.Tag(ctx, c.topic, c.sents)
		if !errors.Is(err, stance.ErrInput) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%.30q: got %v, want an ErrInput saying %q", c.sents, err, c.want)
		}
	}
}

func FuzzDocument(f *testing.F) {
	f.Add("topic", "pro a\ncon b\n\nno c")
	f.Add("", "pro a")
	f.Add("topic", "pro \xff")
	f.Fuzz(func(t *testing.T, topic, text string) {
		sents := strings.Split(text, "\n")
		s, c, err := stance.Document{Tagger: fake}.Tag(context.Background(), topic, sents)
		if err != nil {
			if !errors.Is(err, stance.ErrInput) {
				t.Fatalf("%q %q: error %v does not wrap ErrInput", topic, text, err)
			}
			return
		}
		if s != stance.Pro && s != stance.Con && s != stance.Neutral && s != stance.No || !(c >= 0 && c <= 1) {
			t.Fatalf("%q %q: %v %v", topic, text, s, c)
		}
	})
}

// taggerFunc adapts a function to the stance.Tagger interface.
type taggerFunc func(ctx context.Context, topic, text string) (stance.Stance, float64, error)

func (f taggerFunc) Tag(ctx context.Context, topic, text string) (stance.Stance, float64, error) {
	return f(ctx, topic, text)
}
