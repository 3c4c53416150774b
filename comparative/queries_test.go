package comparative

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/argsearch/argsearch/topics"
)

func TestQueryVariants(t *testing.T) {
	top := topics.Topic{ID: "88", Title: "Should I major in philosophy or psychology?", Objects: []string{"major in philosophy", "psychology"}}
	var got []string
	for _, q := range queryVariants(top) {
		if q.ID != "88" {
			t.Errorf("variant %q has ID %q", q.Text, q.ID)
		}
		got = append(got, q.Text)
	}
	want := []string{
		"Should I major in philosophy or psychology?",
		"major philosophy psychology",
		"major in philosophy psychology",
		"major in philosophy psychology",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("variants (-want +got):\n%s", diff)
	}
	top = topics.Topic{ID: "2", Title: "Which is better for gaming, a laptop or a desktop?", Objects: []string{"laptop", "desktop"}}
	if v := queryVariants(top)[3].Text; v != "laptop desktop gaming" {
		t.Errorf("objects and aspects: got %q", v)
	}
}
