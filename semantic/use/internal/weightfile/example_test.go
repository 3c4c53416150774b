package weightfile_test

import (
	"errors"
	"fmt"

	"github.com/argsearch/argsearch/semantic/use/internal/weightfile"
)

// Tensors lists the weights a file holds, in order, with their shapes; a
// file that is not a weight file is an error wrapping ErrFormat.
func Example() {
	fmt.Println(len(weightfile.Tensors), weightfile.Tensors[0].Name, weightfile.Tensors[0].Shape)
	_, err := weightfile.Decode([]byte("not weights"))
	fmt.Println(errors.Is(err, weightfile.ErrFormat))
	// Output:
	// 30 embeddings [8002 256]
	// true
}
