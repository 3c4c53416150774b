package labeled_test

import (
	"fmt"
	"log"
	"math"
	"testing"

	"github.com/argsearch/argsearch/examples/internal/labeled"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestClassify(t *testing.T) {
	// Hand-computed: gold PRO PRO CON CON CON NO, predicted PRO CON CON CON PRO PRO.
	// Correct 3 of 6. PRO: tp 1, gold 2, predicted 3: F1 2/5.
	// CON: tp 2, gold 3, predicted 3: F1 4/6. NO: tp 0: F1 0.
	gold := []string{"PRO", "PRO", "CON", "CON", "CON", "NO"}
	pred := []string{"PRO", "CON", "CON", "CON", "PRO", "PRO"}
	got, err := labeled.Classify(gold, pred)
	if err != nil {
		t.Fatal(err)
	}
	want := labeled.Classification{
		N:        6,
		Accuracy: 0.5,
		MacroF1:  (0.4 + 2.0/3 + 0) / 3,
		Labels:   []string{"PRO", "CON", "NO"},
		F1:       []float64{0.4, 2.0 / 3, 0},
	}
	if diff := cmp.Diff(want, got, cmpopts.EquateApprox(0, 1e-15)); diff != "" {
		t.Errorf("got differ from want (-want +got):\n%s", diff)
	}
	// A label only predicted counts in the macro average with F1 0.
	got, _ = labeled.Classify([]string{"PRO", "PRO"}, []string{"PRO", "NEU"})
	if want := (2.0/3 + 0) / 2; math.Abs(got.MacroF1-want) > 1e-15 {
		t.Errorf("MacroF1 with a predicted-only label: got %v, want %v", got.MacroF1, want)
	}
	if _, err := labeled.Classify(nil, nil); err == nil {
		t.Error("no items: got no error")
	}
	if _, err := labeled.Classify([]string{"PRO"}, nil); err == nil {
		t.Error("unequal lengths: got no error")
	}
}

func ExampleClassify() {
	gold := []string{"PRO", "PRO", "CON", "CON"}
	predicted := []string{"PRO", "CON", "CON", "CON"}
	c, err := labeled.Classify(gold, predicted)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("accuracy %.2f macro-F1 %.4f\n", c.Accuracy, c.MacroF1)
	// Output:
	// accuracy 0.75 macro-F1 0.7333
}
