package tagging

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/klauspost/compress/gzip"

	"github.com/argsearch/argsearch/stance"
)

// TestTrainReproducesWeights fits the weights on the embedded Stack Exchange
// rows and checks that they are the shipped file, byte for byte, and that
// the cross-validated tagger beats always answering No and the hand-set
// weights.
func TestTrainReproducesWeights(t *testing.T) {
	f, err := os.Open("../../testdata/compstance/stance-stackexchange.tsv.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	lex, err := LoadLexicon()
	if err != nil {
		t.Fatal(err)
	}
	got, rep, err := Train(context.Background(), lex, gz, "stance-stackexchange.tsv.gz")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("../../data/tagger-weights.txt")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("fitted weights differ from data/tagger-weights.txt (run go generate ./comparative):\n%s", got)
	}
	t.Logf("%d examples, %d-fold macro-F1: fitted %.4f, hand-set %.4f, always NO %.4f", rep.N, Folds, rep.CrossValidated, rep.HandSet, rep.AlwaysNo)
	if rep.N != 445 {
		t.Errorf("%d Stack Exchange rows, want 445", rep.N)
	}
	if rep.CrossValidated <= rep.AlwaysNo || rep.CrossValidated <= rep.HandSet {
		t.Errorf("cross-validated macro-F1 %.4f does not beat always NO %.4f and hand-set %.4f", rep.CrossValidated, rep.AlwaysNo, rep.HandSet)
	}
}

const header = "ds\tid\tquestion\tanswer\tanswer_stance\tanswer_stance_object\tobject_count\tobject_1\tmask_pos_1\tobject_2\tmask_pos_2\n"

func TestReadStackExchange(t *testing.T) {
	in := header +
		"yahoo\t1\t1\t1\t2\tx\t2\tA\t[]\tB\t[]\n" +
		"cooking.stackexchange\t7\tButter or oil?\tOil is better than butter.\t3\toil\t2\tbutter\t[]\toil\t[]\n"
	ex, err := ReadStackExchange(strings.NewReader(in), "s.tsv")
	if err != nil {
		t.Fatal(err)
	}
	if len(ex) != 1 || ex[0].Question != "cooking.stackexchange/7" || ex[0].Label != stance.Second || ex[0].Objects != [2]string{"butter", "oil"} {
		t.Fatalf("got %+v", ex)
	}
	for _, c := range []struct{ in, want string }{
		{"ds\tid\n", "s.tsv"},
		{header + "cooking.stackexchange\t7\tq\ta\t9\to\t2\tA\t[]\tB\t[]\n", "s.tsv:2: field answer_stance"},
		{header + "reddit\t7\tq\ta\t1\to\t2\tA\t[]\tB\t[]\n", "s.tsv:2: field ds"},
		{header + "cooking.stackexchange\t7\tq\ta\t1\to\t2\tA\t[]\tB\n", "s.tsv"},
		{header + "cooking.stackexchange\t7\tq\ta\t1\to\t2\tA\t[]\tB\t[]\ncooking.stackexchange\t7\tq\ta\t1\to\t2\tA\t[]\tB\t[]\n", "s.tsv:3: field id"},
	} {
		if _, err := ReadStackExchange(strings.NewReader(c.in), "s.tsv"); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want an error with %q", c.in, err, c.want)
		}
	}
}

func TestParseWeights(t *testing.T) {
	w := Weights{Both: 1, Single: 0.5, Sentiment: 2, Margin: 0.25, MinEvidence: 0.75}
	got, err := Parse(Format(w, []string{"c"}), "w")
	if err != nil || got != w {
		t.Fatalf("round trip: %+v, %v", got, err)
	}
	for _, bad := range []string{"", "both 1\n", "both x\nsingle 1\nsentiment 1\nmargin 1\nmin_evidence 1\n", "single 1\n"} {
		if _, err := Parse([]byte(bad), "w"); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func FuzzReadStackExchange(f *testing.F) {
	f.Add(header + "cooking.stackexchange\t7\tq\t\"a \"\"b\"\"\"\t1\to\t2\tA\t[]\tB\t[]\n")
	f.Fuzz(func(t *testing.T, in string) {
		ex, err := ReadStackExchange(strings.NewReader(in), "f")
		if err != nil {
			return
		}
		for _, e := range ex {
			if e.Label != stance.No && e.Label != stance.Neutral && e.Label != stance.First && e.Label != stance.Second {
				t.Fatalf("label %v", e.Label)
			}
		}
	})
}
