package corpus

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/internal/docid"
	"github.com/argsearch/argsearch/internal/dup"
	"github.com/google/go-cmp/cmp"
)

// naiveDuplicates is an obviously correct reference: a map from the
// comparison key to the ids in corpus order.
func naiveDuplicates(args []Argument, normalized bool) *duplicates {
	d := &duplicates{Normalized: normalized}
	byKey := map[string]int{}
	var groups []duplicateGroup
	for _, a := range args {
		for _, s := range a.Sentences {
			d.Sentences++
			key := s.Text
			if normalized {
				key = dup.Normalize(s.Text)
				if key == "" {
					key = "\x00" + s.Text
				}
			}
			if g, ok := byKey[key]; ok {
				groups[g].Duplicates = append(groups[g].Duplicates, s.ID)
			} else {
				byKey[key] = len(groups)
				groups = append(groups, duplicateGroup{Representative: s.ID})
			}
		}
	}
	for _, g := range groups {
		if len(g.Duplicates) > 0 {
			d.Groups = append(d.Groups, g)
			d.Count += len(g.Duplicates)
		}
	}
	return d
}

func premiseSentences(id string, texts ...string) []Sentence {
	var s []Sentence
	for i, t := range texts {
		s = append(s, Sentence{ID: docid.Sentence{Argument: id, Kind: docid.Premise, Number: i + 1}.String(), Text: t})
	}
	return s
}

var dupArguments = []Argument{
	{ID: "a", Sentences: premiseSentences("a", "I accept this debate.", "Abortion is murder.", "...", "Vote Pro!")},
	{ID: "b", Sentences: premiseSentences("b", "I accept this debate!", "Abortion is murder.", "!!", "...")},
	{ID: "c", Sentences: premiseSentences("c", "i  accept THIS debate.", "ﬁne", "fine", "Vote Pro!", "Abortion is murder.")},
}

func TestDuplicatesSmall(t *testing.T) {
	for _, c := range []struct {
		normalized bool
		want       []duplicateGroup
	}{
		{false, []duplicateGroup{
			{"a__PREMISE__2", []string{"b__PREMISE__2", "c__PREMISE__5"}},
			{"a__PREMISE__3", []string{"b__PREMISE__4"}},
			{"a__PREMISE__4", []string{"c__PREMISE__4"}},
		}},
		{true, []duplicateGroup{
			{"a__PREMISE__1", []string{"b__PREMISE__1", "c__PREMISE__1"}},
			{"a__PREMISE__2", []string{"b__PREMISE__2", "c__PREMISE__5"}},
			{"a__PREMISE__3", []string{"b__PREMISE__4"}},
			{"a__PREMISE__4", []string{"c__PREMISE__4"}},
			{"c__PREMISE__2", []string{"c__PREMISE__3"}},
		}},
	} {
		want := &duplicates{Normalized: c.normalized, Sentences: 13, Groups: c.want}
		want.Count = countDuplicates(want)
		if diff := cmp.Diff(want, naiveDuplicates(dupArguments, c.normalized)); diff != "" {
			t.Fatalf("normalized %v: reference (-want +got):\n%s", c.normalized, diff)
		}
		checkDuplicates(t, dupArguments, c.normalized, want)
	}
}

// checkDuplicates checks that findDuplicates gives want.
func checkDuplicates(t *testing.T, args []Argument, normalized bool, want *duplicates) {
	t.Helper()
	got, err := findDuplicates(context.Background(), seqOf(args), normalized)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("normalized %v: findDuplicates (-want +got):\n%s", normalized, diff)
	}
	if got.Count != countDuplicates(got) {
		t.Fatalf("normalized %v: Count: got %d, want %d", normalized, got.Count, countDuplicates(got))
	}
}

func countDuplicates(d *duplicates) int {
	n := 0
	for _, g := range d.Groups {
		n += len(g.Duplicates)
	}
	return n
}

func TestDuplicatesSample(t *testing.T) {
	args := sampleArguments(t)
	for _, normalized := range []bool{false, true} {
		checkDuplicates(t, args, normalized, naiveDuplicates(args, normalized))
	}
}

func TestDuplicatesGenerated(t *testing.T) {
	args := generatedArguments(t, 2000)
	for _, normalized := range []bool{false, true} {
		want := naiveDuplicates(args, normalized)
		if countDuplicates(want) == 0 {
			t.Fatalf("normalized %v: the generated corpus has no duplicates", normalized)
		}
		checkDuplicates(t, args, normalized, want)
	}
	ex, no := countDuplicates(naiveDuplicates(args, false)), countDuplicates(naiveDuplicates(args, true))
	if no <= ex {
		t.Errorf("normalized duplicates %d, exact %d: want more normalized ones", no, ex)
	}
}

func TestDuplicatesErrors(t *testing.T) {
	streamErr := errors.New("bad record")
	bad := func(yield func(Argument, error) bool) { yield(Argument{}, streamErr) }
	if _, err := findDuplicates(context.Background(), bad, false); err != streamErr {
		t.Errorf("got %v, want %v", err, streamErr)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := findDuplicates(ctx, seqOf(dupArguments), false); !errors.Is(err, context.Canceled) {
		t.Errorf("findDuplicates: got %v, want context.Canceled", err)
	}
}

// BenchmarkDuplicates finds the duplicates of a generated 20,000-argument
// corpus (about 310,000 sentences) in a stream.
func BenchmarkDuplicates(b *testing.B) {
	args := generatedArguments(b, 20000)
	n := 0
	for _, a := range args {
		n += len(a.Sentences)
	}
	for _, normalized := range []bool{false, true} {
		b.Run(fmt.Sprintf("stream/normalized=%v", normalized), func(b *testing.B) {
			for b.Loop() {
				if _, err := findDuplicates(context.Background(), seqOf(args), normalized); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "sentences/s")
		})
	}
}

// TestFindDuplicatesNormalized finds the sentences that repeat an earlier
// one, exactly and ignoring case, spacing and punctuation.
func TestFindDuplicatesNormalized(t *testing.T) {
	args := []Argument{
		{ID: "a", Sentences: []Sentence{{"a__PREMISE__1", "I accept this debate."}, {"a__PREMISE__2", "Abortion is murder."}}},
		{ID: "b", Sentences: []Sentence{{"b__PREMISE__1", "i accept THIS debate!"}, {"b__PREMISE__2", "Abortion is not murder."}}},
		{ID: "c", Sentences: []Sentence{{"c__PREMISE__1", "I accept this debate."}}},
	}
	var got strings.Builder
	for _, normalized := range []bool{false, true} {
		d, err := findDuplicates(context.Background(), seqOf(args), normalized)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintln(&got, normalized, d.Count, d.Groups)
	}
	want := "false 1 [{a__PREMISE__1 [c__PREMISE__1]}]\ntrue 2 [{a__PREMISE__1 [b__PREMISE__1 c__PREMISE__1]}]\n"
	if got.String() != want {
		t.Errorf("got\n%swant\n%s", got.String(), want)
	}
}
