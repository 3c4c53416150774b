package bleveindex

import (
	"cmp"
	"fmt"

	"github.com/argsearch/argsearch/internal/quote"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/mapping"
)

// Config configures Build, Open and New. Plain and Fields are the
// query-time configuration: how Retrieve reads Query.Text and where it
// searches. Unit, Analyzer, Scoring and BatchSize say how Build indexes;
// Open and New ignore them (an index's mapping holds its analyzer and
// scoring).
//
// The zero value indexes sentences with bleve's "en" analyzer and bleve's
// default scoring (its tf-idf), in batches of 1000 documents, reads queries
// in bleve's query-string syntax and searches the mapping's default search
// field.
type Config struct {
	// Plain reads Query.Text as plain text: a bleve match query, analysed
	// like the field it searches, any of whose terms may match. Touché
	// titles are natural-language questions, and the default, bleve's
	// query-string syntax, gives their punctuation meaning (see the
	// package documentation): set Plain to retrieve for a title as it is.
	Plain bool
	// Fields are the fields searched by the words of a query that name no
	// field (in query-string syntax, field:word names one). A document
	// matches a word if any of the fields does, as with Lucene's
	// MultiFieldQueryParser. Empty means the mapping's default search
	// field: "_all" (every field indexed into it) unless the mapping says
	// otherwise, "text" for an index of sentences made by Build.
	Fields []string

	// Unit is what Build indexes, and so what the index retrieves. Its
	// fields, named as package lexical names them, are what Fields and
	// field:word queries name:
	//   - "sentence" (or ""): each sentence of an argument (doc id
	//     <argId>__PREMISE__k or <argId>__CONC__1) with one field, "text";
	//   - "argument": each argument (doc id the argument id) with three
	//     fields: "conclusion", "premise" (the premise texts joined by
	//     newlines) and "title" (the discussion title of the argument's
	//     context). All three also go into bleve's "_all" field, the
	//     default search field.
	Unit string
	// Analyzer names a bleve analyzer, for every field; "" means "en"
	// (bleve's English analyzer: Unicode word segmentation, possessive
	// 's removed, lower case, English stop words, Porter stemming). Other
	// languages' analyzers are registered by importing their bleve
	// packages (analysis/lang/...).
	Analyzer string
	// Scoring is bleve's scoring model, recorded in the mapping: "" or
	// "tf-idf" (bleve's default) or "bm25". Neither is the textbook model
	// (see the package documentation).
	Scoring string
	// BatchSize is the number of documents indexed per bleve batch; 0
	// means 1000. In memory, each batch becomes a segment of its own, and
	// bleve's "bm25" depends on the segments (see the package
	// documentation): keep it fixed to compare runs.
	BatchSize int
}

// The units Build indexes (Config.Unit).
const (
	unitSentence = "sentence"
	unitArgument = "argument"
)

// Field names of the documents Build indexes.
const (
	fieldText       = "text"
	fieldConclusion = "conclusion"
	fieldPremise    = "premise"
	fieldTitle      = "title"
)

// mapping returns the index mapping c asks for.
func (c Config) mapping() (*mapping.IndexMappingImpl, error) {
	unit := cmp.Or(c.Unit, unitSentence)
	var fields []string
	switch unit {
	case unitSentence:
		fields = []string{fieldText}
	case unitArgument:
		fields = []string{fieldConclusion, fieldPremise, fieldTitle}
	default:
		return nil, fmt.Errorf("bleveindex: unknown unit %s", quote.Q(c.Unit))
	}
	if c.BatchSize < 0 {
		return nil, fmt.Errorf("bleveindex: batch size %d < 0", c.BatchSize)
	}
	analyzer := cmp.Or(c.Analyzer, "en")
	m := bleve.NewIndexMapping()
	m.DefaultAnalyzer = analyzer
	m.ScoringModel = c.Scoring
	m.StoreDynamic = false
	m.DocValuesDynamic = false
	doc := bleve.NewDocumentStaticMapping()
	for _, f := range fields {
		fm := bleve.NewTextFieldMapping()
		fm.Analyzer = analyzer
		fm.Store = false     // Retrieve needs only the ids
		fm.DocValues = false // nor sorts or facets on fields
		// Term vectors (positions) stay: phrase queries need them.
		// A sentence has one field: "_all" would only double the index.
		fm.IncludeInAll = unit == unitArgument
		doc.AddFieldMappingsAt(f, fm)
	}
	m.DefaultMapping = doc
	if unit == unitSentence {
		m.DefaultField = fieldText
	}
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("bleveindex: mapping: %w", err)
	}
	return m, nil
}
