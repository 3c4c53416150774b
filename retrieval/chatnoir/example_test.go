package chatnoir_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/chatnoir"
	"github.com/argsearch/argsearch/retrieval/lexical"
)

// A stand-in for the ChatNoir service, answering every search with the
// same page of results in the documented format.
func fakeService() *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer my-key" {
			http.Error(w, `{"message": "Invalid API key"}`, http.StatusUnauthorized)
			return
		}
		fmt.Fprint(w, `{
		  "meta": {"indices": ["cw22"], "query_time": 345, "total_results": 2},
		  "results": [
		    {"index": "cw22", "uuid": "UvPR6h5AWnCcnGoQSTQZTw", "trec_id": "clueweb22-en0044-06-02359",
		     "score": 1937.07, "target_uri": "https://example.org/uniforms", "target_hostname": "example.org",
		     "page_rank": null, "spam_rank": 87,
		     "title": "Should <em>school</em> <em>uniforms</em> be mandatory?",
		     "snippet": "Supporters say <em>uniforms</em> reduce bullying; critics say they don&#x27;t."},
		    {"index": "cw22", "uuid": "IGkZcCgcXO6PmRw89ztvFg", "trec_id": null,
		     "score": 1450.23, "target_uri": "https://example.com/opinion", "target_hostname": "example.com",
		     "page_rank": null, "spam_rank": null,
		     "title": "Opinion: <em>Uniforms</em> help students focus", "snippet": "…"}
		  ]
		}`)
	}))
}

func ExampleClient_Retrieve() {
	srv := fakeService()
	defer srv.Close()

	// Against the real service, leave BaseURL empty.
	c := &chatnoir.Client{BaseURL: srv.URL, APIKey: "my-key"}
	hits, err := c.Retrieve(context.Background(), retrieval.Query{ID: "1", Text: "school uniforms"}, 10)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, h := range hits {
		fmt.Printf("%s %.2f\n", h.ID, h.Score)
	}
	// Output:
	// clueweb22-en0044-06-02359 1937.07
	// IGkZcCgcXO6PmRw89ztvFg 1450.23
}

func ExampleClient_Search() {
	srv := fakeService()
	defer srv.Close()

	c := &chatnoir.Client{BaseURL: srv.URL, APIKey: "my-key", Index: []string{"clueweb22/b"}}
	results, err := c.Search(context.Background(), retrieval.Query{ID: "1", Text: "school uniforms"}, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	r := results[0]
	fmt.Println(r.TrecID, r.TargetHostname, *r.SpamRank)
	fmt.Println(chatnoir.StripHighlights(r.Title))
	fmt.Println(chatnoir.StripHighlights(r.Snippet))
	// Output:
	// clueweb22-en0044-06-02359 example.org 87
	// Should school uniforms be mandatory?
	// Supporters say uniforms reduce bullying; critics say they don't.
}

func ExampleClient_Search_noKey() {
	var c chatnoir.Client
	_, err := c.Search(context.Background(), retrieval.Query{ID: "1", Text: "school uniforms"}, 10)
	fmt.Println(err)
	// Output:
	// chatnoir: no API key (set Client.APIKey; keys are issued at https://chatnoir.eu/apikey/)
}

// A local ChatNoir: a Handler over an index of one's own documents (here
// three passages, indexed as comparative indexes the Task 2 passages),
// searched with the Client.
func ExampleHandler() {
	ctx := context.Background()
	texts := map[string]string{
		"doc-1___1": "A laptop is better than a desktop for students who travel.",
		"doc-1___2": "Desktops are cheaper to repair & upgrade.",
		"doc-2___1": "Tablets replace neither.",
	}
	ids := []string{"doc-1___1", "doc-1___2", "doc-2___1"}
	x, err := lexical.Build(ctx, "", func(yield func(corpus.Argument, error) bool) {
		for _, id := range ids {
			if !yield(corpus.Argument{ID: id, Sentences: []corpus.Sentence{{ID: id, Text: texts[id]}}}, nil) {
				return
			}
		}
	}, lexical.Config{Units: []string{"sentence"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer x.Close()
	srv := httptest.NewServer(&chatnoir.Handler{
		Search: x,
		Text:   func(id string) (string, bool) { t, ok := texts[id]; return t, ok },
		IDs:    slices.Values(ids),
		Index:  "passages",
		APIKey: "my-key",
	})
	defer srv.Close()

	c := &chatnoir.Client{BaseURL: srv.URL, APIKey: "my-key", Index: []string{"passages"}}
	results, err := c.Search(ctx, retrieval.Query{ID: "1", Text: "laptop or desktop?"}, 10)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range results {
		fmt.Println(r.ID, r.Snippet)
	}
	text, err := c.FullText(ctx, results[1].UUID, results[1].Index)
	fmt.Print(text, err, "\n")
	// Output:
	// doc-1___1 A <em>laptop</em> is better than a <em>desktop</em> for students who travel.
	// doc-1___2 <em>Desktops</em> are cheaper to repair &amp; upgrade.
	// <p>Desktops are cheaper to repair &amp; upgrade.</p>
	// <nil>
}
