package argsme_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/argsme"
)

// A stand-in for the args.me service, answering every search with the same
// page in the documented format.
func fakeService() *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{
		  "query": {"text": "sex education", "properties": {}, "start": "2022-03-01T10:15:00Z"},
		  "arguments": [
		    {"id": "Sd32774d-Acd43931a", "conclusion": "Sex education should be taught in schools.",
		     "premises": [{"text": "I believe sex education should be taught in schools.", "stance": "PRO", "annotations": []}],
		     "context": {"sourceId": "Sd32774d", "discussionTitle": "Sex education should be taught in schools."},
		     "explanation": {"score": 2174.61, "name": "relevance", "details": []}, "stance": "PRO"},
		    {"id": "S4417e87a-A7b5b28c4", "conclusion": "Sex education not be made compulsory in school.",
		     "premises": [{"text": "Parents should decide.", "stance": "PRO", "annotations": []}],
		     "context": {"sourceId": "S4417e87a"},
		     "explanation": {"score": 1893.2, "name": "relevance", "details": []}, "stance": "CON"}
		  ],
		  "totalSize": 2, "resultsBefore": 0, "retrievalTimeInMilliseconds": 38
		}`)
	}))
}

func ExampleClient_Retrieve() {
	srv := fakeService()
	defer srv.Close()

	// Against the real service, leave BaseURL empty.
	c := &argsme.Client{BaseURL: srv.URL}
	hits, err := c.Retrieve(context.Background(), retrieval.Query{ID: "51", Text: "sex education"}, 10)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, h := range hits {
		fmt.Println(h.ID, h.Score)
	}
	// Output:
	// Sd32774d-Acd43931a 2174.61
	// S4417e87a-A7b5b28c4 1893.2
}

func ExampleClient_Search() {
	srv := fakeService()
	defer srv.Close()

	c := &argsme.Client{BaseURL: srv.URL}
	results, err := c.Search(context.Background(), retrieval.Query{ID: "51", Text: "sex education"}, 10)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range results {
		// r.Stance is towards the query; a premise's stance is towards
		// its argument's conclusion.
		fmt.Printf("%s %s %q (premise %s)\n", r.Stance, r.Argument.ID, r.Argument.Conclusion, r.Argument.Premises[0].Stance)
	}
	// Output:
	// PRO Sd32774d-Acd43931a "Sex education should be taught in schools." (premise PRO)
	// CON S4417e87a-A7b5b28c4 "Sex education not be made compulsory in school." (premise PRO)
}
