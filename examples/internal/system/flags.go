// Package system is what the example Touché systems (baseline, swordsman,
// advanced) share besides the library: their common flags, the inputs the
// flags name (a TIRA input directory, or the embedded args.me sample with
// the 2021 topics it was drawn for), progress bars, writing the run, and
// the closing report, with the run's evaluation when the input is the
// sample. The work itself is done by library calls: topics.Parse,
// corpus.BuildStore, lexical.Cache, retrieval.ForEach, runfile.Create and
// eval.
//
// A system registers the common Flags on its flag set, opens an Env and
// hands Env.Run one function that answers a single topic:
//
//	var f system.Flags
//	f.Register(fs)
//	// … the system's own flags, fs.Parse …
//	env, err := system.Open(ctx, f, lexical.Config{}, stderr)
//	…
//	defer env.Close()
//	_, err = env.Run(ctx, system.Job{Name: "baseline", Rules: runfile.Touche2022(), Topic: answer}, stdout)
//
// There is no package-level state: everything lives in the Env.
package system

import (
	"github.com/argsearch/argsearch/examples/internal/cli"
	"github.com/argsearch/argsearch/retrieval/lexical"
	"github.com/argsearch/argsearch/runfile/tira"
)

// Flags are the flags every example system takes. The zero value reads the
// embedded sample, caches indexes in the user's cache directory and writes
// run.txt to the current directory.
type Flags struct {
	// TIRA holds -i (the input directory: corpus and topics.xml; empty
	// means the embedded args.me sample with the 2021 topics that judge
	// it) and -o (the output directory; empty means the current one).
	TIRA tira.Job
	// CacheDir (-cache) is where indexes are kept between runs; empty
	// means lexical.UserCache, and "off" builds the index in memory on
	// every run.
	CacheDir string
	// Quiet (-quiet) turns off the progress display.
	Quiet bool
	// Workers (-workers) is the number of topics answered at once; 0
	// means 1. The run does not depend on it.
	Workers int
	// MinPairs (-min-pairs) is the fewest pairs a topic may have; -1 (the
	// flag's default) means the Touché minimum of 100 for a TIRA input
	// and no minimum for the 643-argument sample, whose topics cannot all
	// fill 100 pairs.
	MinPairs int
}

// Register defines the common flags on c, with their range checks.
func (f *Flags) Register(c *cli.Command) {
	f.TIRA.RegisterFlags(c.Flags)
	c.Flags.StringVar(&f.CacheDir, "cache", "", "index cache `directory` (default: the user cache directory + \"/argsearch\"; \"off\": no cache)")
	c.Flags.BoolVar(&f.Quiet, "quiet", false, "no progress on stderr")
	c.IntVar(&f.Workers, "workers", 1, 1, 256, "topics answered at once (the run is the same for any value)")
	c.IntVar(&f.MinPairs, "min-pairs", -1, -1, 1000, "fewest pairs per topic (-1: 100 with -i, none for the sample)")
}

// About is the paragraph a system's -h adds about the flags every system
// shares.
const About = `Input and output follow TIRA's convention: -i DIR holds the corpus (args_processed.csv, also .gz, the official .tar.gz, or args.me JSON) and topics.xml; the run is written to run.txt in the -o DIR directory (here -o is a directory; the search command's -o names the run file). Without -i the system runs on the args.me sample embedded in the module, with the ten 2021 topics it was drawn for, and prints the run's nDCG@5 against the 2021 judgments. The index and a file of the corpus's texts are cached (-cache) and built only on the first run. Progress goes to stderr (-quiet silences it): a bar on a terminal, plain lines otherwise.`

// cache returns the index cache, and false for no cache.
func (f Flags) cache() (lexical.Cache, bool, error) {
	switch f.CacheDir {
	case "off":
		return lexical.Cache{}, false, nil
	case "":
		c, err := lexical.UserCache()
		return c, err == nil, err
	}
	return lexical.Cache{Dir: f.CacheDir}, true, nil
}

// runPath returns the run file to write: run.txt in -o, or in the current
// directory.
func (f Flags) runPath() (string, error) {
	if f.TIRA.OutputDir == "" {
		return tira.RunFileName, nil
	}
	return f.TIRA.RunPath()
}
