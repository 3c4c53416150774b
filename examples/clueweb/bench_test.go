package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/chatnoir"
	"github.com/argsearch/argsearch/topics"
)

// cannedSearcher answers every search with the same results, without HTTP.
type cannedSearcher []chatnoir.Result

func (c cannedSearcher) Search(ctx context.Context, q retrieval.Query, k int) ([]chatnoir.Result, error) {
	return c[:min(k, len(c))], nil
}

func (c cannedSearcher) FullText(ctx context.Context, uuid, index string) (string, error) {
	return "", fmt.Errorf("no full text")
}

// BenchmarkTopic measures the stance step of one topic with 1000
// documents (title and snippet), the search left out: the 14 recorded
// documents repeated under distinct ids.
func BenchmarkTopic(b *testing.B) {
	var docs cannedSearcher
	for n := 1; len(docs) < maxK; n = n%3 + 1 {
		raw, err := os.ReadFile(filepath.Join("testdata", "search", fmt.Sprint(n)+".json"))
		if err != nil {
			b.Fatal(err)
		}
		var resp struct {
			Results []struct{ Title, Snippet string }
		}
		if err := json.Unmarshal(raw, &resp); err != nil {
			b.Fatal(err)
		}
		for _, r := range resp.Results {
			docs = append(docs, chatnoir.Result{ID: fmt.Sprintf("doc%04d", len(docs)), Score: float64(-len(docs)),
				Title: r.Title, Snippet: r.Snippet})
		}
	}
	docs = docs[:maxK]
	sys, err := newSystem(defaultConfig(), nil)
	if err != nil {
		b.Fatal(err)
	}
	sys.Search = docs
	sys.Config.K = maxK
	topic := topics.Topic{ID: "1", Title: "Should teachers get tenure?"}
	for b.Loop() {
		rs, _, err := sys.Topic(context.Background(), topic)
		if err != nil || len(rs) != maxK {
			b.Fatalf("got %d results, %v", len(rs), err)
		}
	}
}
