package ownjudgments_test

import (
	"fmt"
	"log"
	"strings"
	"time"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/examples/internal/ownjudgments"
)

// An own-judgments file is written a line at a time (MarshalText) after its
// header, and read back as Judgments. A changed mind is a correction, not
// a conflict; two annotators' files give their agreement.
func ExampleReadAnnotations() {
	at := time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)
	write := func(as ...ownjudgments.Annotation) string {
		var b strings.Builder
		b.WriteString(ownjudgments.AnnotationsHeader + "\n")
		for _, a := range as {
			line, err := a.MarshalText()
			if err != nil {
				log.Fatal(err)
			}
			b.Write(line)
			b.WriteByte('\n')
		}
		return b.String()
	}
	pair := func(annotator, id string, rel int) ownjudgments.Annotation {
		return ownjudgments.Annotation{Topic: "34", Pair: id, Relevance: rel, Quality: 1, Coherence: 1, Annotator: annotator, Time: at}
	}
	fix := pair("Ada L.", "S1__PREMISE__2,S1__PREMISE__3", 1)
	fix.Corrects = true
	ada := write(
		pair("Ada L.", "S1__PREMISE__2,S1__PREMISE__3", 2),
		pair("Ada L.", "S2__CONC__1,S2__PREMISE__1", -2), // spam
		fix, // Ada changes her mind about the first pair
		pair("Ada L.", "S3__PREMISE__1,S3__PREMISE__2", 0),
	)
	fmt.Print(strings.SplitAfter(ada, "\n")[1])

	a, err := ownjudgments.ReadAnnotations(strings.NewReader(ada), "ada.tsv")
	if err != nil {
		log.Fatal(err)
	}
	rel := a.Judgments().Qrels(eval.Relevance)
	label, _ := rel.Label("34", "S1__PREMISE__2,S1__PREMISE__3")
	fmt.Println(a.Annotators(), rel.Len(), "pairs; the first is now", label)

	bob, err := ownjudgments.ReadAnnotations(strings.NewReader(write(
		pair("Bob", "S1__PREMISE__2,S1__PREMISE__3", 1),
		pair("Bob", "S2__CONC__1,S2__PREMISE__1", 0),
		pair("Bob", "S3__PREMISE__1,S3__PREMISE__2", 0),
	)), "bob.tsv")
	if err != nil {
		log.Fatal(err)
	}
	kappa, n := ownjudgments.Agreement(a, bob)
	fmt.Printf("relevance κ %.2f over %d pairs\n", kappa[eval.Relevance], n)

	_, err = ownjudgments.ReadAnnotations(strings.NewReader(write(
		pair("Ada L.", "S1__PREMISE__2,S1__PREMISE__3", 2),
		pair("Ada L.", "S1__PREMISE__2,S1__PREMISE__3", 1),
	)), "ada.tsv")
	fmt.Println(err)
	// Output:
	// 34	S1__PREMISE__2,S1__PREMISE__3	2	1	1	Ada L.	2026-11-27T09:00:00Z	judged
	// [Ada L.] 3 pairs; the first is now 1
	// relevance κ 0.50 over 3 pairs
	// ownjudgments: ada.tsv line 3: topic "34", pair "S1__PREMISE__2,S1__PREMISE__3" labelled relevance 1, quality 1, coherence 1 here and relevance 2, quality 1, coherence 1 on line 2 (append a "corrected" line to change labels): conflicting judgments
}
