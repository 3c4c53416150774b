package argsearch_test

import (
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestDocIsExample checks that the code and the output the package
// documentation walks through are the body and the output of the examples
// that go test compiles and runs, so the tutorial cannot drift from code
// that works.
func TestDocIsExample(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	ex, err := os.ReadFile("example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ heading, example string }{
		{"// # An experiment", "Example"},
		{"// # A system of your own", "Example_ownSystem"},
	} {
		code, output := walkthrough(string(doc), tc.heading)
		body, want := example(string(ex), tc.example)
		if len(body) < 10 {
			t.Fatalf("%s: found %d lines in example_test.go, want the whole program", tc.example, len(body))
		}
		if diff := cmp.Diff(body, code); diff != "" {
			t.Errorf("doc.go's %q differs from %s (-example +doc.go):\n%s", tc.heading, tc.example, diff)
		}
		if diff := cmp.Diff(want, output); diff != "" {
			t.Errorf("doc.go's output under %q differs from %s's (-example +doc.go):\n%s", tc.heading, tc.example, diff)
		}
	}
}

// walkthrough returns the code lines of the first indented block after
// heading in doc (blank lines left out), and the lines of the indented
// block after the next "It prints" paragraph.
func walkthrough(doc, heading string) (code, output []string) {
	_, rest, _ := strings.Cut(doc, heading+"\n")
	blocks := [][]string{nil, nil}
	b := 0
	for line := range strings.Lines(rest) {
		line = strings.TrimSuffix(line, "\n")
		switch {
		case strings.HasPrefix(line, "//\t"):
			blocks[b] = append(blocks[b], strings.TrimPrefix(line, "//\t"))
		case strings.HasPrefix(line, "// It prints"):
			b = 1
		case strings.HasPrefix(line, "// ") && len(blocks[b]) > 0 && b == 1:
			return blocks[0], blocks[1]
		}
	}
	return blocks[0], blocks[1]
}

// example returns the body of the named example and its output (blank
// lines left out of both).
func example(src, name string) (body, output []string) {
	_, rest, _ := strings.Cut(src, "func "+name+"() {\n")
	inOutput := false
	for line := range strings.Lines(rest) {
		line = strings.TrimSuffix(line, "\n")
		switch {
		case line == "}":
			return body, output
		case line == "\t// Output:":
			inOutput = true
		case inOutput && line == "\t//":
		case inOutput:
			output = append(output, strings.TrimPrefix(line, "\t// "))
		case line != "":
			body = append(body, strings.TrimPrefix(line, "\t"))
		}
	}
	return body, output
}
