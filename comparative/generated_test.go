package comparative_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/comparative"
	"github.com/argsearch/argsearch/internal/corpustest"
)

// The generated corpus (hostile text included) reads whole.
func TestReadPassagesGenerated(t *testing.T) {
	var b bytes.Buffer
	if _, err := corpustest.WritePassages(context.Background(), &b, corpustest.Config{Seed: 2, Vocabulary: 5000}, 3000); err != nil {
		t.Fatal(err)
	}
	n, hostile := 0, 0
	for p, err := range comparative.ReadPassages(&b, "generated.jsonl") {
		if err != nil {
			t.Fatal(err)
		}
		n++
		if strings.ContainsAny(p.Contents, "\"\\\n\t\ufffd") {
			hostile++
		}
	}
	if n != 3000 || hostile == 0 {
		t.Errorf("%d passages read, %d with quotes, backslashes, newlines, tabs or invalid bytes; want 3000 and some", n, hostile)
	}
}
