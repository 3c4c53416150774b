// Command comparative runs a Touché 2022 Task 2 system (argument retrieval
// for comparative questions) from package comparative: one of its recipes
// over the passage corpus, each passage tagged FIRST, SECOND, NEUTRAL or
// NO, its comparative stance towards the topic's two objects.
//
//	comparative [-i DIR] [-o DIR] [-recipe baseline|tempesta|grimjack|levi] [-k 1000]
//	            [-n 20000] [-quiet]
//	comparative -year 2020|2021 [-i DIR] [-o DIR] [-k 1000] [-apikey KEY] [-base URL] [-quiet]
//	comparative -evaluate [-year 2022|2020] [-format table|tsv|json] [-html FILE] RUN...
//
// -recipe chooses the system: baseline (the default), tempesta, grimjack
// or levi; "go doc github.com/argsearch/argsearch/comparative.FindRecipe"
// describes the recipes and what each substitutes. -k is the number of
// passages per topic (1000, the most).
//
// With -i it reads DIR/touche-task2-passages-version-002.jsonl (or any
// *.jsonl or *.jsonl.gz file there) and DIR/topics.xml, TIRA's convention,
// and writes the run to run.txt in the -o directory (without -o, the
// current directory). Without -i it answers the 50 real topics of 2022
// (their numbers, texts and objects, embedded in package comparative) over
// a generated corpus of -n passages (20000 by default) in the official
// format (package corpustest), whose comparisons are rewritten to speak of
// those topics' objects: no licensed passage text of the real corpus can
// be embedded, so the quick path is for trying the command, not for its
// figures. Nothing a run retrieves from the generated corpus is judged:
// -evaluate scores such a run, and says so.
//
// The index is built on every run, to a temporary directory that is
// removed at the end, and the passages' texts are kept in a temporary
// file there (TMPDIR chooses where; it needs about the corpus's size
// again). Progress lines go to stderr (-quiet silences them).
//
// # Task 2 of 2020 and 2021
//
// With -year 2020 or 2021 (-year is the lab's year, 2022 by default) it
// runs the Task 2 of those years instead: ClueWeb12 documents searched
// through ChatNoir (index cw12, its default ranking), one query per topic
// title, no stance (the topics of those years name no objects, and their
// labs judged none). The topics are DIR/topics.xml with -i, otherwise the
// embedded 2020 topics (2021's are not embedded: -i is required).
// Searching needs a ChatNoir API key (https://chatnoir.eu/apikey/):
// -apikey or, better, the environment variable CHATNOIR_API_KEY; -base is
// the ChatNoir service URL (https://chatnoir.eu by default).
//
// # Evaluation
//
// With -evaluate it runs nothing: it scores the Task 2 run files RUN...
// against the Touché Task 2 judgments of -year embedded in package
// comparative (2022, the default, or 2020, which judged relevance only;
// 2021's are not embedded), as the overview's Tables 9-11 do (package
// experiment with Experiment.Stances): judged-only nDCG@5 of relevance and
// quality in each run's rank order, with 95% bootstrap intervals and
// paired t-tests against the first run (Bonferroni), the same with
// unjudged passages estimated from the judged passages of their document
// (eval.Estimate), and each run's stance F1 and N. Each run is named by
// its file name. -format chooses the table (default), tsv or json; -html
// FILE writes the experiment's report, one self-contained HTML file.
package main
