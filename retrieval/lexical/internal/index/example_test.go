package index_test

import (
	"fmt"

	"github.com/argsearch/argsearch/retrieval/lexical/internal/index"
)

// A block of postings is coded and decoded again, and document ids are
// front-coded.
func Example() {
	docs, tfs := []uint32{3, 4, 10}, []uint32{1, 2, 1}
	block := index.AppendBlock(nil, docs, tfs, -1)
	gotDocs, gotTFs := make([]uint32, 3), make([]uint32, 3)
	index.DecodeBlock(gotDocs, gotTFs, append(block, make([]byte, 8)...), 0)
	fmt.Println(len(block), "bytes:", gotDocs, gotTFs)

	var ids index.IDCoder
	for _, id := range []string{"a1__PREMISE__1", "a1__PREMISE__2", "a1__CONC__1"} {
		ids.Add(id)
	}
	fmt.Println(ids.Docs(), "ids in", len(ids.Data), "bytes; the last:", ids.ID(2))
	// Output:
	// 5 bytes: [3 4 10] [1 2 1]
	// 3 ids in 26 bytes; the last: a1__CONC__1
}
