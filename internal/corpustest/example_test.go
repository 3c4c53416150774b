package corpustest_test

import (
	"bytes"
	"context"
	"fmt"
	"log"

	"github.com/argsearch/argsearch/internal/corpustest"
)

// Generate a small corpus in memory. The same Config always gives the same
// bytes, so tests can compare against it.
func Example() {
	var buf bytes.Buffer
	st, err := corpustest.Write(context.Background(), &buf, corpustest.Config{Arguments: 100, Seed: 1})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(st.Arguments, "arguments,", st.Sentences, "sentences,", st.Tokens, "tokens,", st.Bytes, "bytes")
	line, _, _ := bytes.Cut(buf.Bytes(), []byte("\r\n"))
	fmt.Printf("%s\n", line)
	fmt.Println(corpustest.Queries(corpustest.Config{Seed: 1})[0])
	// Output:
	// 100 arguments, 1592 sentences, 31735 tokens, 660875 bytes
	// id,conclusion,premises,context,sentences
	// Are grade more false than conflicts?
}
