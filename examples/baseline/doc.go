// Command baseline is the simplest honest Touché 2022 system
// (system.Baseline): BM25 over the sentences of args.me, and for every
// argument a retrieved sentence belongs to, one pair, its best premise
// sentence with its conclusion, stanced by the argument's args.me labels
// ("Q0" where they do not reveal a stance).
// "go doc github.com/argsearch/argsearch/system.Baseline" describes it.
//
//	baseline [-i DIR] [-o DIR] [-sample 2022|2021] [-k 1000] [-tag TAG]
//	         [-cache DIR|off] [-workers N] [-min-pairs N] [-quiet]
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
// The run follows the Touché 2022 rules (at most -k pairs per topic, 1000
// by default and at most; at least -min-pairs, whose default -1 means 100
// with -i) except that "Q0" stances are allowed (where the args.me labels
// reveal none), and that for a sample there is no minimum: a few hundred
// arguments cannot give every topic 100 pairs. -tag is the run tag, the
// run's last column (argsearch-baseline by default).
package main
