package pairing

import (
	"go/ast"
	"go/parser"
	"go/token"
	"math"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestMarkersDocumented checks that the documentation of ArgsRank's Markers
// and ClaimMarkers quotes exactly the default lists, in order.
func TestMarkersDocumented(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "argsrank.go", nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	docs := map[string]string{}
	ast.Inspect(f, func(n ast.Node) bool {
		ts, ok := n.(*ast.TypeSpec)
		if !ok || ts.Name.Name != "ArgsRank" {
			return true
		}
		for _, field := range ts.Type.(*ast.StructType).Fields.List {
			for _, name := range field.Names {
				docs[name.Name] = strings.Join(strings.Fields(field.Doc.Text()), " ")
			}
		}
		return false
	})
	quoted := regexp.MustCompile(`"([^"]*)"`)
	for field, want := range map[string][]string{"Markers": discourseMarkers(), "ClaimMarkers": claimMarkers()} {
		var got []string
		for _, m := range quoted.FindAllStringSubmatch(docs[field], -1) {
			got = append(got, m[1])
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: the documented list differs from the default (-want +got):\n%s", field, diff)
		}
	}
}

var handArgument = []string{
	"Nuclear power is safe because modern reactors have passive cooling.",
	"Modern reactors shut down safely without outside power.",
	"Nuclear power produces no carbon emissions.",
	"My cat sleeps all day.",
}

func TestArgsRankHandChecked(t *testing.T) {
	c := ArgsRank{}.rank(handArgument)
	if !c.Converged {
		t.Fatalf("did not converge in %d iterations", c.Iterations)
	}
	// Teleport: 1 + markers ("because") + claim markers (none) per sentence.
	wantTele := []float64{2.0 / 5, 1.0 / 5, 1.0 / 5, 1.0 / 5}
	if d := cmp.Diff(wantTele, c.Teleport, approx(1e-12)); d != "" {
		t.Errorf("teleport: got … want (-want +got):\n%s", d)
	}
	var sum float64
	for _, p := range c.Stationary {
		if p <= 0 {
			t.Errorf("stationary entry %g, want positive", p)
		}
		sum += p
	}
	if math.Abs(sum-1) > 1e-9 {
		t.Errorf("stationary distribution sums to %.12f, want 1", sum)
	}
	// The cat sentence shares no term with the others: only its self-loop
	// and the teleport reach it, so p = 0.85·p + 0.15·t, i.e. p = t = 1/5.
	if math.Abs(c.Stationary[3]-0.2) > 1e-6 {
		t.Errorf("isolated sentence: got p = %.9f, want 0.2", c.Stationary[3])
	}
	// The first sentence shares terms with both others and holds a marker:
	// most central. The isolated one is least central, with score 0.
	if slices.Max(c.Scores) != c.Scores[0] || slices.Min(c.Scores) != c.Scores[3] {
		t.Errorf("scores %v: want sentence 0 the most central and 3 the least", c.Scores)
	}
	if c.Scores[0] != 1 || c.Scores[3] != 0 {
		t.Errorf("normalised scores: got %v, want 1 for sentence 0 and 0 for 3", c.Scores)
	}
}

// TestArgsRankFixedPoint checks p = Mᵀp on sample arguments, with M rebuilt
// independently from the cosine similarities.
func TestArgsRankFixedPoint(t *testing.T) {
	for _, a := range sampleArguments(t)[:40] {
		texts := make([]string, len(a.Sentences))
		for i, s := range a.Sentences {
			texts[i] = s.Text
		}
		c := ArgsRank{}.rank(texts)
		n := len(texts)
		if n == 0 || n > 60 { // the independent check is slow; short ones suffice
			continue
		}
		idf := &idfTable{}
		for _, s := range texts {
			idf.add(s)
		}
		var sum float64
		for _, p := range c.Stationary {
			sum += p
		}
		if math.Abs(sum-1) > 1e-9 {
			t.Errorf("%s: stationary distribution sums to %.12f, want 1", a.ID, sum)
		}
		sim := make([][]float64, n)
		rowSum := make([]float64, n)
		for i := range n {
			sim[i] = make([]float64, n)
			for k := range n {
				in := interner{}
				sim[i][k] = cosine(idf.vector(texts[i], in), idf.vector(texts[k], in))
				rowSum[i] += sim[i][k]
			}
		}
		for j := range n {
			var mp float64
			for i := range n {
				s := c.Teleport[j]
				if rowSum[i] > 0 {
					s = sim[i][j] / rowSum[i]
				}
				mp += c.Stationary[i] * (0.85*s + 0.15*c.Teleport[j])
			}
			if math.Abs(mp-c.Stationary[j]) > 1e-6 {
				t.Fatalf("%s sentence %d: (Mᵀp)_j = %g, p_j = %g", a.ID, j, mp, c.Stationary[j])
			}
		}
	}
}

func TestArgsRankEdgeCases(t *testing.T) {
	if c := (ArgsRank{}).rank(nil); len(c.Scores) != 0 || len(c.Stationary) != 0 {
		t.Errorf("no texts: got %+v, want empty", c)
	}
	c := ArgsRank{}.rank([]string{"Only one sentence here."})
	if d := cmp.Diff([]float64{1}, c.Scores); d != "" {
		t.Errorf("one sentence: got … want (-want +got):\n%s", d)
	}
	// Sentences without terms (empty, punctuation) teleport; nothing is NaN.
	c = ArgsRank{}.rank([]string{"", "!!!", "Taxes should be lower.", "Taxes fund schools."})
	var sum float64
	for i, p := range c.Stationary {
		if math.IsNaN(p) || math.IsNaN(c.Scores[i]) {
			t.Fatalf("NaN in %+v", c)
		}
		sum += p
	}
	if math.Abs(sum-1) > 1e-9 {
		t.Errorf("sum %g, want 1", sum)
	}
	// Identical sentences get identical scores.
	c = ArgsRank{}.rank([]string{"Same text.", "Same text."})
	if c.Stationary[0] != c.Stationary[1] {
		t.Errorf("identical sentences: got %v, want equal", c.Stationary)
	}
}

func approx(tol float64) cmp.Option {
	return cmp.Comparer(func(x, y float64) bool { return math.Abs(x-y) <= tol })
}
