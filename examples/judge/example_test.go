package main

import (
	"context"
	"fmt"
	"io"
	"log"
	"net"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Judge the first unjudged pair in the top 5 of the baseline's run on the
// embedded 2022 sample, as the page's form does, and print the line
// appended to the judgments file.
func Example() {
	dir, err := os.MkdirTemp("", "judge-example-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, "own.tsv")
	a, err := load(context.Background(), []string{"testdata/baseline-top5.run"}, "", out, 5, io.Discard)
	if err != nil {
		log.Fatal(err)
	}
	defer a.env.Close()
	defer a.file.close()
	a.annotator = "Ada Lovelace"
	a.now = func() time.Time { return time.Date(2026, 11, 27, 9, 30, 0, 0, time.UTC) }
	fmt.Println(len(a.tasks), "pairs to judge")

	form := url.Values{"relevance": {"2"}, "quality": {"1"}, "coherence": {"0"}}
	r := httptest.NewRequest("POST", "/pair/1", strings.NewReader(form.Encode()))
	r.Host = "127.0.0.1:8080" // the address served, below
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	w := httptest.NewRecorder()
	served := &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080}
	a.handler(servedHosts(served.String(), served)).ServeHTTP(w, r)
	fmt.Println(w.Code, w.Header().Get("Location"))

	text, err := os.ReadFile(out)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(strings.ReplaceAll(string(text), "\t", " | "))
	// Output:
	// 82 pairs to judge
	// 303 /pair/2
	// #argsearch-judgments 1 | topic | pair | relevance | quality | coherence | annotator | time | action
	// 1 | S1a76ed9f-Ae7cff11e__PREMISE__37,S1a76ed9f-Ae7cff11e__CONC__1 | 2 | 1 | 0 | Ada Lovelace | 2026-11-27T09:30:00Z | judged
}
