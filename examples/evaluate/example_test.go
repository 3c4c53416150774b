package main

import "os"

// trec_eval mode: the same lines as "trec_eval -q -m map -m P.5".
// In topic 1 the run ranks x (unjudged), c (0), b (1) with a and b
// relevant: map (1/3)/2, P_5 1/5. In topic 2 it ranks e (-2), z
// (unjudged), d (1): map 1/3, P_5 1/5.
func Example_trecEval() {
	run([]string{"-q", "-m", "map", "-m", "P.5", "testdata/tiny.qrels", "testdata/b.run"}, os.Stdout, os.Stderr)
	// Output:
	// map                   	1	0.1667
	// P_5                   	1	0.2000
	// map                   	2	0.3333
	// P_5                   	2	0.2000
	// map                   	all	0.2500
	// P_5                   	all	0.2000
}
