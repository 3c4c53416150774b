// Package corpus reads the args.me corpus: the Touché 2022 processed CSV
// (args_processed.csv) and the args.me JSON files, plain, gzipped or in the
// official .tar.gz, as a stream of Arguments with their Sentences.
package corpus

import "github.com/argsearch/argsearch/stance"

// An Argument is one args.me argument: a conclusion supported or attacked by
// premises, with the context it was crawled from and its sentences.
type Argument struct {
	ID         string
	Conclusion string
	Premises   []Premise
	Context    Context
	// Sentences are the argument's sentences in reading order: the premise
	// sentences (<ID>__PREMISE__1, 2, …) and, when the conclusion has at
	// least two words, the conclusion (<ID>__CONC__1). The processed CSV
	// stores them; for JSON input they are split by the reader.
	Sentences []Sentence
}

// A Premise is one premise of an argument. Its Stance is relative to the
// argument's conclusion, not to any topic.
type Premise struct {
	Text   string
	Stance stance.Stance
}

// Context holds the crawl context of an argument that researchers use.
// Absent or null fields are empty strings.
type Context struct {
	SourceID           string // the debate (source) the argument was taken from
	DiscussionTitle    string
	SourceTitle        string
	SourceURL          string
	SourceDomain       string // debate.org, debatepedia.org, debatewise.org, idebate.org, parliament
	PreviousArgumentID string // previousArgumentInSourceId
	NextArgumentID     string // nextArgumentInSourceId
	AcquisitionTime    string // as stored, e.g. "2019-04-18T12:00:00Z"
	// SourceText is the whole source page, tens of KB per argument. Readers
	// keep it only when asked to (see Reader.KeepSourceText).
	SourceText string
}

// A Sentence is one sentence of an argument, with its corpus-wide id
// (package docid reads and writes the id scheme).
type Sentence struct {
	ID   string
	Text string
}
