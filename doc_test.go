package argsearch_test

import (
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestDocIsExample checks that the code the package documentation walks
// through is the body of Example, which go test compiles and runs, so the
// tutorial cannot drift from code that works.
func TestDocIsExample(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	ex, err := os.ReadFile("example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	// The walkthrough: the comment's code lines from "ctx :=" to the Printf.
	var walk []string
	in := false
	for line := range strings.Lines(string(doc)) {
		line = strings.TrimSuffix(line, "\n")
		if strings.HasPrefix(line, "//\tctx := ") {
			in = true
		}
		if in {
			walk = append(walk, strings.TrimPrefix(strings.TrimPrefix(line, "//"), "\t"))
			if strings.Contains(line, "fmt.Printf(") {
				break
			}
		}
	}
	// The Example's body, without its Output comment.
	var body []string
	in = false
	for line := range strings.Lines(string(ex)) {
		line = strings.TrimSuffix(line, "\n")
		if line == "func Example() {" {
			in = true
			continue
		}
		if in {
			if strings.HasPrefix(line, "\t// Output:") || line == "}" {
				break
			}
			body = append(body, strings.TrimPrefix(line, "\t"))
		}
	}
	if len(walk) < 30 {
		t.Fatalf("found %d lines of walkthrough in doc.go, want the whole program", len(walk))
	}
	if diff := cmp.Diff(body, walk); diff != "" {
		t.Errorf("doc.go's walkthrough differs from Example (-Example +doc.go):\n%s", diff)
	}
}
