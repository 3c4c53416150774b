package comparative_test

import (
	"strings"
	"testing"

	"github.com/argsearch/argsearch/comparative"
	"github.com/argsearch/argsearch/eval"
)

func TestParseTopicsObjects(t *testing.T) {
	head := "<topics>\n<topic><number>2</number><title>Laptop or desktop?</title><objects>laptop, desktop</objects></topic>\n"
	for _, c := range []struct{ name, topic, want string }{
		{"missing", "<topic>\n<number>3</number><title>Canon or Nikon?</title></topic>", "t2.xml: line 3, field objects: topic 3 has no <objects>"},
		{"one", "<topic><number>3</number><title>Canon or Nikon?</title>\n<objects>Canon</objects></topic>", "t2.xml: line 3, field objects: topic 3 lists \"Canon\", 1 objects"},
		{"three", "<topic><number>3</number><title>A, B or C?</title><objects>A, B, C</objects></topic>", "t2.xml: line 3, field objects: topic 3 lists \"A, B, C\", 3 objects"},
		{"empty half", "<topic><number>3</number><title>A?</title><objects>A, </objects></topic>", "t2.xml: line 3, field objects: topic 3 lists \"A,\", 1 objects"},
	} {
		_, err := comparative.ParseTopics(strings.NewReader(head+c.topic+"\n</topics>"), "t2.xml")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error containing %q", c.name, err, c.want)
		}
	}
	ts, err := comparative.ParseTopics(strings.NewReader(head+"</topics>"), "t2.xml")
	if err != nil || len(ts) != 1 || len(ts[0].Objects) != 2 {
		t.Errorf("valid file: got %v, %v", ts, err)
	}
	// The 2020 and 2021 files have no objects at all: accepted, Objects nil;
	// but a file that gives them only from its second topic on is not.
	none := "<topics>\n<topic><number>1</number><title>Sex or love?</title></topic>\n<topic><number>2</number><title>Laptop or desktop?</title></topic>\n</topics>"
	ts, err = comparative.ParseTopics(strings.NewReader(none), "t2020.xml")
	if err != nil || len(ts) != 2 || ts[0].Objects != nil || ts[1].Objects != nil {
		t.Errorf("file without objects: got %v, %v; want two topics with Objects nil", ts, err)
	}
	late := "<topics>\n<topic><number>1</number><title>Sex or love?</title></topic>\n<topic><number>2</number><title>Laptop or desktop?</title><objects>laptop, desktop</objects></topic>\n</topics>"
	want := "t2.xml: line 2, field objects: topic 1 has no <objects>, topic 2 has"
	if _, err := comparative.ParseTopics(strings.NewReader(late), "t2.xml"); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("objects from the second topic on: got %v, want an error containing %q", err, want)
	}
}

// TestLoad checks the embedded years against ir_datasets' counts (50 topics
// each; 2,107 judged passages for 2022, 1,783 judged documents for 2020)
// and its test fixtures' first and last topics.
func TestLoad(t *testing.T) {
	for _, c := range []struct {
		year, judged  int
		first, last   string
		objects, dims int
	}{
		{2022, 2107, "Which is better, a laptop or a desktop?", "Should I learn Python or R for data analysis?", 2, 2},
		{2020, 1783, "What is the difference between sex and love?", "Whose salary is higher: basketball or soccer players?", 0, 1},
	} {
		d, err := comparative.Load(c.year)
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Topics) != 50 || d.Topics[0].Title != c.first || d.Topics[49].Title != c.last {
			t.Errorf("%d: %d topics, first %q, last %q", c.year, len(d.Topics), d.Topics[0].Title, d.Topics[49].Title)
		}
		for _, tp := range d.Topics {
			if len(tp.Objects) != c.objects {
				t.Errorf("%d: topic %s has %d objects, want %d", c.year, tp.ID, len(tp.Objects), c.objects)
			}
		}
		n := 0
		for range d.Judgments.Qrels(eval.Relevance).All() {
			n++
		}
		if n != c.judged || len(d.Judgments.Dimensions()) != c.dims || (d.Stances != nil) != (c.year == 2022) {
			t.Errorf("%d: %d relevance judgments, %d dimensions, stances %v", c.year, n, len(d.Judgments.Dimensions()), d.Stances != nil)
		}
	}
	for _, y := range []int{2021, 2019, 2023} {
		if _, err := comparative.Load(y); err == nil {
			t.Errorf("Load(%d): no error", y)
		}
	}
}

func TestStancesErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"2 0 d FIRST\n2 0 e PRO\n", "s.qrels: line 2, field label: \"PRO\" is not FIRST, SECOND, NEUTRAL or NO"},
		{"2 0 d FIRST\n2 0 d NO\n", "s.qrels: line 2, field passage: topic 2 judges d twice"},
		{"2 0 d\n", "s.qrels: line 1: 3 fields, want 4"},
	} {
		_, err := comparative.ReadStances(strings.NewReader(c.in), "s.qrels")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want an error containing %q", c.in, err, c.want)
		}
	}
}

// FuzzParseTopics: ParseTopics never panics, and what it accepts has two
// objects in every topic or none in any.
func FuzzParseTopics(f *testing.F) {
	f.Add("<topics>\n<topic><number>2</number><title>Laptop or desktop?</title><objects>laptop, desktop</objects></topic>\n</topics>")
	f.Add("<topics>\n<topic><number>1</number><title>Sex or love?</title><description>d</description></topic>\n</topics>")
	f.Add("<topics><topic><number>1</number><title>A?</title></topic><topic><number>2</number><title>B?</title><objects>a, b</objects></topic></topics>")
	f.Fuzz(func(t *testing.T, in string) {
		ts, err := comparative.ParseTopics(strings.NewReader(in), "f.xml")
		if err != nil {
			return
		}
		with := 0
		for _, tp := range ts {
			switch len(tp.Objects) {
			case 2:
				with++
			case 0:
			default:
				t.Fatalf("topic %s accepted with %d objects", tp.ID, len(tp.Objects))
			}
		}
		if with != 0 && with != len(ts) {
			t.Fatalf("%d of %d topics with objects accepted", with, len(ts))
		}
	})
}
