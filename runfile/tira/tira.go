// Package tira follows the calling convention of TIRA, the platform that runs
// Touché submissions: the software is called as
//
//	software -i $inputDataset -o $outputDir
//
// without network access. The input directory holds the corpus file and
// topics.xml; the software writes its run to $outputDir/run.txt.
//
// A Job holds the two directories and finds the files in them. Register its
// flags on your own flag.FlagSet (no global flags are touched):
//
//	fs := flag.NewFlagSet("mysystem", flag.ContinueOnError)
//	var job tira.Job
//	job.RegisterFlags(fs)
//	err := fs.Parse(os.Args[1:])
//
// Corpus and Topics then report a missing -i or -o, or an input directory
// that does not exist.
package tira

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Names of the files in TIRA's input and output directories.
const (
	topicsFileName = "topics.xml"         // the topics in the input directory
	corpusFileName = "args_processed.csv" // the preferred corpus file (Touché 2022)
	runFileName    = "run.txt"            // the run in the output directory
)

// Sentinel errors, returned wrapped with the directory concerned.
var (
	errNoCorpus = errors.New("no corpus file")
	errNoTopics = errors.New("no topics file")
)

// errUsage reports a missing -i or -o.
var errUsage = errors.New("missing flag")

// A Job is one TIRA invocation.
type Job struct {
	InputDir  string // -i: the input dataset directory (corpus and topics.xml)
	OutputDir string // -o: the output directory; run.txt is written there
}

// RegisterFlags defines the flags -i and -o on fs, storing into j.
func (j *Job) RegisterFlags(fs *flag.FlagSet) {
	fs.StringVar(&j.InputDir, "i", j.InputDir, "input dataset `directory` (corpus file and "+topicsFileName+")")
	fs.StringVar(&j.OutputDir, "o", j.OutputDir, "output `directory`; the run is written to "+runFileName+" there")
}

// checkInput reports whether the input directory is given and is a
// directory.
func (j Job) checkInput() error {
	if j.InputDir == "" {
		return fmt.Errorf("tira: -i $inputDataset not given: %w", errUsage)
	}
	fi, err := os.Stat(j.InputDir)
	if err != nil {
		return fmt.Errorf("tira: input directory: %w", err)
	}
	if !fi.IsDir() {
		return fmt.Errorf("tira: input %s is not a directory", j.InputDir)
	}
	return nil
}

// corpusFiles returns the candidate corpus files in the input directory,
// best first (see Corpus).
func (j Job) corpusFiles() ([]string, error) {
	entries, err := os.ReadDir(j.InputDir)
	if err != nil {
		return nil, fmt.Errorf("tira: %w", err)
	}
	type candidate struct {
		rank int
		name string
	}
	var cs []candidate
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, ".") || isDir(j.InputDir, e) {
			continue
		}
		if rank := corpusRank(name); rank > 0 {
			cs = append(cs, candidate{rank, name})
		}
	}
	if len(cs) == 0 {
		return nil, fmt.Errorf("tira: input directory %s has no %s, *.csv, *.json, *.tar.gz or *.gz: %w",
			j.InputDir, corpusFileName, errNoCorpus)
	}
	slices.SortFunc(cs, func(a, b candidate) int {
		if a.rank != b.rank {
			return a.rank - b.rank
		}
		return strings.Compare(a.name, b.name)
	})
	paths := make([]string, len(cs))
	for i, c := range cs {
		paths[i] = filepath.Join(j.InputDir, c.name)
	}
	return paths, nil
}

// isDir reports whether the entry e of dir is a directory or a symbolic
// link to one. A link to a file is a file, as TIRA's input directories and
// a researcher's own often hold them; a link that leads nowhere is not a
// directory, so that opening it gives an error naming it.
func isDir(dir string, e os.DirEntry) bool {
	if e.Type()&os.ModeSymlink == 0 {
		return e.IsDir()
	}
	fi, err := os.Stat(filepath.Join(dir, e.Name()))
	return err == nil && fi.IsDir()
}

// corpusRank returns a file name's place in the corpusFiles order, or 0 when
// it is not a corpus candidate.
func corpusRank(name string) int {
	lower := strings.ToLower(name)
	switch {
	case lower == corpusFileName:
		return 1
	case strings.HasSuffix(lower, ".csv"):
		return 2
	case strings.HasSuffix(lower, ".json"):
		return 3
	case strings.HasSuffix(lower, ".tar.gz"), strings.HasSuffix(lower, ".tgz"):
		return 4
	case strings.HasSuffix(lower, ".gz"):
		return 5
	}
	return 0
}

// Corpus returns the preferred corpus file of the input directory (not its
// subdirectories). The preference order is:
//
//  1. args_processed.csv (the Touché 2022 processed corpus);
//  2. other *.csv files;
//  3. *.json files (args.me JSON);
//  4. *.tar.gz and *.tgz files (the official archives);
//  5. other *.gz files.
//
// Within each group names are in bytewise order. Names are matched case
// insensitively; hidden files (starting with ".") and directories (and
// symbolic links to them) are skipped, while a link to a file is taken. No
// candidate is an error naming the directory.
func (j Job) Corpus() (string, error) {
	if err := j.checkInput(); err != nil {
		return "", err
	}
	paths, err := j.corpusFiles()
	if err != nil {
		return "", err
	}
	return paths[0], nil
}

// Topics returns the path of topics.xml in the input directory or, when it
// is absent, of the only *.xml file there. Otherwise it returns an error
// naming the directory.
func (j Job) Topics() (string, error) {
	if err := j.checkInput(); err != nil {
		return "", err
	}
	p := filepath.Join(j.InputDir, topicsFileName)
	fi, err := os.Stat(p)
	if err == nil && !fi.IsDir() {
		return p, nil
	}
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return "", fmt.Errorf("tira: %w", err)
	}
	entries, err := os.ReadDir(j.InputDir)
	if err != nil {
		return "", fmt.Errorf("tira: %w", err)
	}
	var xmls []string
	for _, e := range entries {
		name := e.Name()
		if !strings.HasPrefix(name, ".") && strings.HasSuffix(strings.ToLower(name), ".xml") && !isDir(j.InputDir, e) {
			xmls = append(xmls, name)
		}
	}
	switch len(xmls) {
	case 1:
		return filepath.Join(j.InputDir, xmls[0]), nil
	case 0:
		return "", fmt.Errorf("tira: input directory %s has no %s: %w", j.InputDir, topicsFileName, errNoTopics)
	}
	return "", fmt.Errorf("tira: input directory %s has no %s and %d other XML files (%s): %w",
		j.InputDir, topicsFileName, len(xmls), strings.Join(xmls, ", "), errNoTopics)
}

// RunPath creates the output directory (and its parents) if needed and
// returns the path of the run file in it, $outputDir/run.txt.
func (j Job) RunPath() (string, error) {
	if j.OutputDir == "" {
		return "", fmt.Errorf("tira: -o $outputDir not given: %w", errUsage)
	}
	if err := os.MkdirAll(j.OutputDir, 0o755); err != nil {
		return "", fmt.Errorf("tira: output directory: %w", err)
	}
	return filepath.Join(j.OutputDir, runFileName), nil
}
