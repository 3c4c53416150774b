// Package sample embeds a 643-argument sample of the args.me corpus in both
// official file formats, so that examples and tests run on real text without
// a download.
//
// The arguments are real args.me 2020-04-01 arguments (ids, conclusions,
// premise texts and stances) from the judged pools of the Touché 2021 topics
// 51, 52, 55, 57, 67, 68, 73, 74, 80 and 100. The sentence split and the
// context dictionaries of the processed CSV were reconstructed; they are not
// official rows. args.me is licensed CC BY 4.0 (Wachsmuth et al., "Building
// an Argument Search Engine for the Web", ArgMining 2017; Ajjour et al.,
// "Data Acquisition for Argument Search: The args.me Corpus", KI 2019).
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
var processedCSV []byte

//go:embed args-me_sample.json
var argsmeJSON []byte

// Topics returns the ten official Touché 2021 topics (51, 52, 55, 57, 67,
// 68, 73, 74, 80 and 100) whose judged pools the sample was drawn from, in
// the order of the topic file. The 2021 relevance judgments of these topics
// (eval.Official) judge many of the sample's arguments.
func Topics() ([]topics.Topic, error) {
	all, err := topics.Task1(2021)
	if err != nil {
		return nil, fmt.Errorf("sample: %w", err)
	}
	drawn := []string{"51", "52", "55", "57", "67", "68", "73", "74", "80", "100"}
	return slices.DeleteFunc(all, func(t topics.Topic) bool { return !slices.Contains(drawn, t.ID) }), nil
}

// ProcessedCSV returns the sample in the Touché 2022 processed CSV format
// (args_processed.csv): header id,conclusion,premises,context,sentences.
func ProcessedCSV() io.Reader { return bytes.NewReader(processedCSV) }

// JSON returns the sample in the args.me JSON format ({"arguments": […]}).
func JSON() io.Reader { return bytes.NewReader(argsmeJSON) }

// Names of the embedded files, as a reader reports them in errors.
const (
	ProcessedCSVName = "args_processed_sample.csv"
	JSONName         = "args-me_sample.json"
)
