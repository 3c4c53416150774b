// Command clueweb is a Touché 2023 Task 1 system: for each topic it
// searches ClueWeb22 through the ChatNoir API, tags every document PRO,
// CON, NEU or NO, and writes a TREC run.
//
//	CHATNOIR_API_KEY=KEY go run ./examples/clueweb [-i inputDir] [-o outputDir]
//	        [-k 100] [-description] [-fulltext [-workers 4]]
//	        [-minarg 0.4] [-minconf 0.5] [-base URL] [-index cw22]
//	        [-timeout 1m] [-tag argsearch-clueweb] [-quiet]
//
// # Input and output
//
// It follows TIRA's calling convention: the topics are read from
// inputDir/topics.xml (or the only *.xml file there), and the run is
// written to outputDir/run.txt. Without -i it uses the official 2023 Task 1
// topics embedded in package topics (the 2022 topic file); without -o it
// writes run.txt to the current directory. The run is written atomically
// and only when it is valid under runfile.Touche2023 (at most 1000
// documents per topic; a topic ChatNoir finds nothing for has no line and
// is counted in the summary), ranked by ChatNoir's score
// with ties broken by document id, descending, as trec_eval orders them.
//
// Searching needs a ChatNoir API key (https://chatnoir.eu/apikey/), given
// by -apikey or, better (it stays out of the process list), by the
// environment variable CHATNOIR_API_KEY. Without one, clueweb says so and
// exits with status 2 before sending any request, as for any other bad
// command line (-h prints the usage and needs no key). -base points it at
// another ChatNoir server (tests use a local one); -index names the
// indices searched, comma-separated (default cw22, ClueWeb22 category B);
// -timeout bounds each HTTP request (failed requests are retried by the
// chatnoir client). -tag is the run tag, the run's last column (argsearch-clueweb
// by default).
//
// # Retrieval
//
// The query is the topic's title, with its description appended under
// -description. ChatNoir returns the top -k documents (default 100, one
// page of results per topic; at most 1000, the task's limit).
//
// # Stance
//
// A document's text is its title and snippet, with ChatNoir's highlights
// removed; under -fulltext it is its title and the plain text of the
// cached page, fetched with one request per document, at most -workers at
// once (default 4). A page whose cache entry is missing (404 or 410)
// falls back to title and snippet, with a warning on stderr (also under
// -quiet, after the run) and a count in the summary.
//
// The shipped models are trained on single sentences, so a document is
// judged by its sentences (a simple splitter on ".", "!" and "?" and line
// breaks), with stance.Document: a sentence of its title or text argues
// when the argumentativeness model (classify.ShippedArgumentModel) scores it at
// least -minarg and the linear stance model (classify.ShippedStanceModel) tags it PRO or
// CON towards the topic's title with a confidence of at least -minconf; it
// weighs that confidence. Then:
//
//   - NO: no sentence argues (or none the tagger can judge);
//   - NEU: the document argues both sides, the weaker holding at least 30%
//     of the weight;
//   - otherwise the stronger side, PRO or CON.
//
// The defaults were chosen on the held-out UKP Sentential test sentences,
// as there are no Touché 2023 judgments here: 0.4 is the argumentativeness
// threshold with the best F1 for "argument" (0.74; 0.5 gives 0.73), and
// below a stance confidence of 0.5 the tagger was right on fewer than half
// of the sentences (three classes).
//
// # Limits
//
// The ranking is ChatNoir's: the system re-ranks nothing. The models were
// trained on UKP Sentential sentences over eight topics (and the stance
// model on IBM's claims over 25 motions), not on web pages,
// and the system has not been evaluated here (no Touché 2023 judgments are
// available); on the hand-made test documents, a page whose snippet only
// asks the topic's question is NO until its full text is read.
//
// Tagging is cheap next to searching: about 45 ms for the 1000 snippets of a
// topic on 2 cores (BenchmarkTopic).
//
// Progress goes to stderr (-quiet silences it): a bar redrawn in place on a
// terminal, otherwise a plain line every ten seconds and one at the end
// (cli.Progress). A one-line summary (topics, documents and their stances,
// time) goes to stdout. A topics file without topics, or a run in which no topic found a
// document, is an error (exit status 1), and no run.txt is written.
package main

import (
	"context"
	"os"
	"os/signal"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
