package comparative_test

import (
	"strings"
	"testing"

	"github.com/argsearch/argsearch/comparative"
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
