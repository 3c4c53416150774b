// Package runfile writes and reads TREC run files with the Touché stance
// column.
//
// A run line has six fields:
//
//	qid stance docid rank score tag
//
// The stance is PRO, CON, NEU or NO, or "Q0" when there is none (the TREC
// placeholder). A docid may be a Touché 2022 sentence pair "first,second":
// one token, and the order of the two sentence ids matters.
//
// # Writing
//
// A [Writer] only produces valid runs. [Writer.Write] takes all results of one
// topic at once, checks every field before writing anything, sorts the results
// into trec_eval's evaluation order (score descending, ties broken by docid
// descending, as trec_eval does), and numbers them from rank 1, so the rank
// column always agrees with the order trec_eval evaluates. Scores are written
// in the shortest form that parses back to the same float64, so no two
// distinct scores are merged into a tie by formatting. Optional [Rules]
// (see [Touche2022]) add the shared task's checks. Errors are sticky, as in
// bufio.Writer. [Create] and [WriteFile] write a file atomically: the target
// appears only when the whole run was valid and written.
//
// # Reading
//
// A [Reader] accepts what real runs look like: fields separated by any run of
// spaces or tabs, CRLF line ends, ranks starting at 0 or 1, "Q0" or a stance
// label in the second column, and blank lines (skipped); it reads a
// gzip-compressed run (run.txt.gz) as it reads a plain one. Malformed lines
// are reported as *[ParseError] with the line number and the field. A run
// without a line is an error, "the run is empty" ([ReadFile],
// [Reader.ReadRun], [Validate], [WriteFile]). [Validate] checks an
// already-read run against [Rules] and reports every problem it finds.
//
// The TIRA calling convention (-i $inputDataset -o $outputDir) is handled by
// the sub-package runfile/tira.
//
// None of the types in this package are safe for concurrent use.
package runfile
