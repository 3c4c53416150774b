package argsme_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/argsme"
	"github.com/argsearch/argsearch/retrieval/lexical"
	"github.com/argsearch/argsearch/stance"
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

// A local args.me: a Handler over an index of one's own arguments, searched
// with the Client (or any script written for the public service).
func ExampleHandler() {
	ctx := context.Background()
	// Arguments as a corpus.Reader gives them: the premise split into
	// sentences, which the store keeps.
	arg := func(id, conclusion, premise string, s stance.Stance) corpus.Argument {
		return corpus.Argument{ID: id, Conclusion: conclusion,
			Premises:  []corpus.Premise{{Text: premise, Stance: s}},
			Sentences: []corpus.Sentence{{ID: id + "__PREMISE__1", Text: premise}, {ID: id + "__CONC__1", Text: conclusion}},
		}
	}
	args := []corpus.Argument{
		arg("S1-A1", "Nuclear energy should be expanded.", "Nuclear energy emits almost no carbon dioxide.", stance.Pro),
		arg("S1-A2", "Nuclear energy should be expanded.", "Nuclear waste stays dangerous for millennia.", stance.Con),
		arg("S2-A1", "Wind power is cheap.", "Wind farms produce energy at low cost.", stance.Pro),
	}
	all := func(yield func(corpus.Argument, error) bool) {
		for _, a := range args {
			if !yield(a, nil) {
				return
			}
		}
	}
	store, err := corpus.BuildStore(ctx, all)
	if err != nil {
		fmt.Println(err)
		return
	}
	x, err := lexical.Build(ctx, "", all, lexical.Config{Ranking: lexical.Ranking{Unit: "argument"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer x.Close()
	srv := httptest.NewServer(&argsme.Handler{
		Search: x,
		Store:  store,
		// The stance towards the query by the args.me labels.
		Stance: func(query string, a corpus.Argument) stance.Stance {
			s, _ := stance.ArgsMe{}.Premise(query, a.Conclusion, a.Premises[0].Stance)
			return s
		},
	})
	defer srv.Close()

	c := &argsme.Client{BaseURL: srv.URL}
	results, err := c.Search(ctx, retrieval.Query{ID: "1", Text: `+nuclear energy`}, 10)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range results {
		fmt.Printf("%s %s %q\n", r.Argument.ID, r.Stance, r.Argument.Premises[0].Text)
	}
	// Output:
	// S1-A1 PRO "Nuclear energy emits almost no carbon dioxide."
	// S1-A2 CON "Nuclear waste stays dangerous for millennia."
}
