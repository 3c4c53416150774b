// Package sample embeds two samples of the args.me corpus in both official
// file formats, each with the official Touché topics it was drawn for, so
// that examples and tests run on real text, and are scored with real
// judgments, without a download:
//
//   - Touche2022: 690 arguments judged for the 25 odd-numbered Touché 2022
//     topics (1, 3, …, 49). The official 2022 judgments (eval.Official)
//     rate 1,885 sentence pairs whose two sentences are both in the sample,
//     10 to 120 a topic, on relevance, quality and coherence. This is the
//     sample a Touché 2022 system is developed on.
//   - Touche2021: 643 arguments from the judged pools of the Touché 2021
//     topics 51, 52, 55, 57, 67, 68, 73, 74, 80 and 100, whose 2021
//     judgments rate whole arguments.
//
// Both are re-ranking samples: retrieving among a few hundred judged
// arguments is easier than among the 365,408 of args.me, so figures on them
// are not comparable with the official Touché tables.
//
// The arguments are real args.me 2020-04-01 arguments (ids, conclusions,
// premise texts and stances). args.me is licensed CC BY 4.0 (Wachsmuth et
// al., "Building an Argument Search Engine for the Web", ArgMining 2017;
// Ajjour et al., "Data Acquisition for Argument Search: The args.me
// Corpus", KI 2019). The official processed corpus's sentence split and
// context dictionaries were not available, so they were reconstructed:
// sentences are numbered as prose v2.0.0's segmenter splits the premise,
// sentences under two words dropped (__PREMISE__k from 1, then the
// conclusion as __CONC__1). Of the premise sentences the 2022 judgments
// name in the arguments of the 2022 sample, 98.4% exist under this split;
// the texts of the 2022 sample come from the Elasticsearch result dumps a
// Touché 2020 participant published (Nicolas-le/argumentRetrieval), where
// checked byte-identical to the corpus, and their context fields other
// than the discussion title and source id are empty.
package sample

import (
	"bytes"
	_ "embed"
	"fmt"
	"io"
	"slices"

	"github.com/argsearch/argsearch/topics"
)

//go:embed args_processed_sample.csv
var csv2021 []byte

//go:embed args-me_sample.json
var json2021 []byte

//go:embed args_processed_2022_sample.csv
var csv2022 []byte

//go:embed args-me_2022_sample.json
var json2022 []byte

// A Sample is one of the embedded samples. The zero value is the 2022
// sample, Touche2022.
type Sample struct {
	year int // 2021, or 0 for 2022
}

// Touche2022 returns the 690-argument sample drawn for the odd-numbered
// Touché 2022 topics.
func Touche2022() Sample { return Sample{} }

// Touche2021 returns the 643-argument sample drawn for ten Touché 2021
// topics.
func Touche2021() Sample { return Sample{year: 2021} }

// Year returns the year of the Touché topics and judgments the sample was
// drawn for: 2021 or 2022.
func (s Sample) Year() int {
	if s.year == 2021 {
		return 2021
	}
	return 2022
}

// Name returns the file name of the sample's processed CSV, as readers
// report it in errors: "args_processed_2022_sample.csv" or
// "args_processed_sample.csv" (2021).
func (s Sample) Name() string {
	if s.Year() == 2021 {
		return "args_processed_sample.csv"
	}
	return "args_processed_2022_sample.csv"
}

// ProcessedCSV returns the sample in the Touché 2022 processed CSV format
// (args_processed.csv): header id,conclusion,premises,context,sentences.
func (s Sample) ProcessedCSV() io.Reader {
	if s.Year() == 2021 {
		return bytes.NewReader(csv2021)
	}
	return bytes.NewReader(csv2022)
}

// JSON returns the sample in the args.me JSON format ({"arguments": […]}).
func (s Sample) JSON() io.Reader {
	if s.Year() == 2021 {
		return bytes.NewReader(json2021)
	}
	return bytes.NewReader(json2022)
}

// Topics returns the official topics the sample was drawn for, in the
// order of the topic file: the 25 odd-numbered Touché 2022 topics, or the
// ten Touché 2021 topics 51, 52, 55, 57, 67, 68, 73, 74, 80 and 100.
func (s Sample) Topics() ([]topics.Topic, error) {
	all, err := topics.Task1(s.Year())
	if err != nil {
		return nil, fmt.Errorf("sample: %w", err)
	}
	drawn := func(t topics.Topic) bool {
		if s.Year() == 2021 {
			return slices.Contains([]string{"51", "52", "55", "57", "67", "68", "73", "74", "80", "100"}, t.ID)
		}
		var n int
		_, err := fmt.Sscan(t.ID, &n)
		return err == nil && n%2 == 1
	}
	return slices.DeleteFunc(all, func(t topics.Topic) bool { return !drawn(t) }), nil
}
