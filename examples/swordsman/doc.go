// Command swordsman reimplements Swordsman, the official Touché 2022
// baseline (system.Swordsman): a first-stage retrieval of whole arguments
// (Dirichlet LM, or BM25 with -model), then, for every retrieved
// argument, its two most central sentences as a pair, ranked by the
// argument's score and stanced by its args.me labels ("Q0" where they do
// not reveal a stance). Centrality is ArgsRank: PageRank over sentence
// similarities with a teleport vector that favours discourse markers
// (Alshomary et al., SIGIR 2020).
// "go doc github.com/argsearch/argsearch/system.Swordsman" describes it.
//
//	swordsman [-i DIR] [-o DIR] [-sample 2022|2021] [-k 1000] [-model dirichlet|bm25]
//	          [-mu 2000] [-tag TAG] [-cache DIR|off] [-workers N] [-min-pairs N] [-quiet]
//
// -model is the argument retrieval model, dirichlet (the default) or
// bm25; -mu is the Dirichlet μ (2000).
//
// Input and output follow TIRA's convention: -i DIR holds the corpus
// (args_processed.csv, also .gz, the official .tar.gz, or args.me JSON)
// and topics.xml; the run is written to run.txt in the -o DIR directory
// (without -o, the current directory; here -o is a directory, whereas the
// search command's -o names the run file), replacing one that is there (a
// line on stderr says so; a run that breaks the rules leaves it as it
// was). Without -i the system runs on an args.me sample embedded in the
// module, selected by -sample: 2022 (the default; the 25 odd-numbered
// Touché 2022 topics) or 2021 (ten 2021 topics); it then also scores the
// run against the official judgments of the sample's topics and prints
// the figures.
//
// The index and a file of the corpus's texts are cached in the -cache
// directory (by default the user cache directory + "/argsearch"; "off":
// no cache) and built only on the first run; a cache directory that
// cannot be written is warned about and left out. -workers topics are
// answered at once (by default one a core; the run is the same for any
// value). Progress goes to stderr (-quiet silences it): a bar on a
// terminal, plain lines otherwise.
//
// The original used Universal Sentence Encoder similarities; ArgsRank here
// uses TF-IDF cosine. The run follows the Touché 2022 rules (at most -k
// pairs per topic, 1000 by default and at most; at least -min-pairs,
// whose default -1 means 100 with -i) except that "Q0" is allowed, and
// that for a sample there is no minimum of pairs. -tag is the run tag,
// the run's last column (argsearch-swordsman by default).
package main
