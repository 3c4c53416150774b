package stance_test

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/classify"
	"github.com/argsearch/argsearch/internal/cputime"
	"github.com/argsearch/argsearch/stance"
)

func taggers(tb testing.TB) map[string]stance.Tagger {
	m, err := classify.ShippedStanceModel()
	if err != nil {
		tb.Fatal(err)
	}
	return map[string]stance.Tagger{
		"linear":  m,
		"lexical": stance.Lexical{},
		"args.me": stance.ArgsMe{},
	}
}

// TestUnjudgeableIsUnknown: valid text a tagger cannot judge gets Unknown
// and no error.
func TestUnjudgeableIsUnknown(t *testing.T) {
	ctx := context.Background()
	for name, tg := range taggers(t) {
		if name == "majority" {
			continue // answers its label whatever the text
		}
		for _, text := range []string{"?!... ;;", "http://a.example/x www.b.example",
			"Атомная энергия опасна .", "Atomkraft ist gefährlich und teuer sagen viele Leute hier"} {
			s, c, err := tg.Tag(ctx, "nuclear energy", text)
			if err != nil || (name != "args.me" && (s != stance.Unknown || c != 0)) || (name == "args.me" && s != stance.Unknown) {
				t.Errorf("%s.Tag(%q) = %v, %v, %v; want Q0", name, text, s, c, err)
			}
		}
	}
}

// TestBadInput: every tagger rejects an empty topic, an empty text, invalid
// UTF-8 and a text of 1 MB with an error wrapping ErrInput that says which.
func TestBadInput(t *testing.T) {
	ctx := context.Background()
	long := strings.Repeat("Nuclear energy is dangerous because of waste . ", 22000) // 1 MB
	for name, tg := range taggers(t) {
		for _, c := range []struct {
			topic, text, want string
		}{
			{"", "Nuclear energy is safe .", "empty topic"},
			{" \t", "Nuclear energy is safe .", "empty topic"},
			{"nuclear energy", "", "empty text"},
			{"nuclear energy", "\n ", "empty text"},
			{"nuclear energy", "Nuclear \xff energy is safe .", "not valid UTF-8"},
			{"nuclear \xc3 energy", "Nuclear energy is safe .", "not valid UTF-8"},
			{"nuclear energy", long, "longer than"},
		} {
			s, conf, err := tg.Tag(ctx, c.topic, c.text)
			if !errors.Is(err, stance.ErrInput) || !strings.Contains(err.Error(), c.want) || s != stance.Unknown || conf != 0 {
				t.Errorf("%s.Tag(%.20q, %.20q) = %v, %v, %v; want Q0, 0 and an ErrInput saying %q", name, c.topic, c.text, s, conf, err, c.want)
			}
		}
		if _, _, err := tg.Tag(ctx, "nuclear energy", long[:stance.MaxText]); err != nil {
			t.Errorf("%s: a text of MaxText bytes: %v", name, err)
		}
	}
}

func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for name, tg := range taggers(t) {
		if _, _, err := tg.Tag(ctx, "t", "text"); err == nil {
			t.Errorf("%s: got nil error for a cancelled context", name)
		}
	}
}

func TestCombine(t *testing.T) {
	cases := []struct {
		a     stance.Stance
		ca    float64
		b     stance.Stance
		cb    float64
		want  stance.Stance
		wantC float64
	}{
		{stance.Pro, 0.5, stance.Pro, 0.5, stance.Pro, 0.75},
		{stance.Con, 0.6, stance.No, 0.9, stance.Con, 0.6},
		{stance.Pro, 0.7, stance.Con, 0.6, stance.Pro, 0.7 - 0.6},
		{stance.Pro, 0.6, stance.Con, 0.6, stance.Unknown, 0},
		{stance.No, 0.4, stance.No, 0.6, stance.No, 0.5},
		{stance.Neutral, 0.4, stance.Neutral, 0.8, stance.Neutral, 0.6},
		{stance.Unknown, 0, stance.No, 0.6, stance.No, 0.6},
		{stance.Unknown, 0, stance.Unknown, 0, stance.Unknown, 0},
		{stance.Neutral, 0.3, stance.No, 0.9, stance.Neutral, 0.3},
		{stance.Neutral, 0.9, stance.Con, 0.2, stance.Con, 0.2},
		{stance.Pro, 0.4, stance.Unknown, 0, stance.Pro, 0.4},
	}
	for _, c := range cases {
		for _, swap := range []bool{false, true} {
			a, ca, b, cb := c.a, c.ca, c.b, c.cb
			if swap {
				a, ca, b, cb = b, cb, a, ca
			}
			got, gotC := stance.Combine(a, ca, b, cb)
			if got != c.want || math.Abs(gotC-c.wantC) > 1e-12 {
				t.Errorf("Combine(%v %v, %v %v) = %v %v, want %v %v", a, ca, b, cb, got, gotC, c.want, c.wantC)
			}
		}
	}
}

// leaner leans each text by a fixed amount.
type leaner map[string]float64

func (l leaner) Lean(topic, text string) float64 { return l[text] }

func TestSide(t *testing.T) {
	m := leaner{"for": 0.5, "against": -0.8, "mild": 0.2}
	for _, c := range []struct {
		m interface {
			Lean(topic, text string) float64
		}
		s     stance.Stance
		texts []string
		want  stance.Stance
	}{
		{m, stance.Pro, []string{"against"}, stance.Pro},
		{m, stance.Con, []string{"for"}, stance.Con},
		{m, stance.No, []string{"for", "against"}, stance.Con}, // 0.5 − 0.8
		{m, stance.Unknown, []string{"mild", "against", "for"}, stance.Con},
		{m, stance.Neutral, []string{"mild"}, stance.Pro},
		{m, stance.Unknown, nil, stance.Pro},           // no lean: Pro
		{m, stance.Unknown, []string{"x"}, stance.Pro}, // a text that leans nowhere
		{nil, stance.No, []string{"against"}, stance.Pro},
		{nil, stance.Con, []string{"for"}, stance.Con},
	} {
		if got := stance.Side(c.m, "topic", c.s, c.texts...); got != c.want {
			t.Errorf("Side(%v, %v) = %v, want %v", c.s, c.texts, got, c.want)
		}
	}
}

func FuzzTag(f *testing.F) {
	ts := taggers(f)
	f.Add("nuclear energy", "Nuclear energy is not safe .")
	f.Add("", "")
	f.Add("nuclear energy", "Nuclear \xff energy")
	f.Fuzz(func(t *testing.T, topic, text string) {
		bad := stance.CheckInput(topic, text)
		for name, tg := range ts {
			s, c, err := tg.Tag(context.Background(), topic, text)
			if (bad != nil) != (err != nil) || err != nil && !errors.Is(err, stance.ErrInput) {
				t.Fatalf("%s.Tag(%q, %q): error %v, CheckInput says %v", name, topic, text, err, bad)
			}
			if !(c >= 0 && c <= 1) || s < stance.Unknown || s > stance.No {
				t.Fatalf("%s.Tag(%q, %q) = %v, %v, %v", name, topic, text, s, c, err)
			}
		}
	})
}

// BenchmarkTag measures each tagger on a typical UKP-length sentence (19
// tokens), in sentences per wall-clock second and per second of process CPU
// time (less distorted by other load; per core with -cpu 1). The pair
// benchmark counts the pair's two sentences.
func BenchmarkTag(b *testing.B) {
	text := "The death penalty should be abolished because innocent people are sometimes executed and it does not deter crime ."
	ts := taggers(b)
	for _, name := range []string{"linear", "lexical", "args.me", "majority"} {
		tg := ts[name]
		b.Run(name, func(b *testing.B) {
			ctx := context.Background()
			start, _ := cputime.Process()
			for b.Loop() {
				tg.Tag(ctx, "death penalty", text)
			}
			cputime.Report(b, b.N, "sentences", start)
		})
	}
	m, _ := classify.ShippedStanceModel()
	b.Run("pair-of-linear", func(b *testing.B) {
		ctx := context.Background()
		start, _ := cputime.Process()
		for b.Loop() {
			s1, c1, _ := m.Tag(ctx, "death penalty", text)
			s2, c2, _ := m.Tag(ctx, "death penalty", text)
			stance.Combine(s1, c1, s2, c2)
		}
		cputime.Report(b, 2*b.N, "sentences", start)
	})
}
