package httpserve_test

import (
	"fmt"
	"strings"

	"github.com/argsearch/argsearch/analysis"
	"github.com/argsearch/argsearch/retrieval/internal/httpserve"
)

// A request's page size, read strictly: the parameter at fault is named.
func ExampleParams_Int() {
	p, _ := httpserve.ParseQuery("query=tenure&pageSize=5000")
	_, err := p.Int("pageSize", 10, 1, 1000)
	fmt.Println(err.Status, err.Param, err.Msg)
	// Output: 400 pageSize pageSize "5000": want an integer from 1 to 1000
}

// A phrase matched as an index analyses text, stop words kept.
func ExampleHasPhrase() {
	en, _ := analysis.Preset("en")
	m, _ := httpserve.NewMatcher(en, true)
	text := m.Terms(nil, "Abolishing the death penalties would save lives.")
	for _, q := range []string{"death penalty", "abolish death", "abolish the death"} {
		fmt.Println(q, httpserve.HasPhrase(text, m.Terms(nil, q), 0), httpserve.HasPhrase(text, m.Terms(nil, q), 1))
	}
	fmt.Println(strings.Join(text, " "))
	// Output:
	// death penalty true true
	// abolish death false true
	// abolish the death true true
	// abolish the death penalti would save live
}
