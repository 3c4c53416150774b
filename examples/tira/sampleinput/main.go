// Command sampleinput writes an args.me sample embedded in the module as a
// TIRA input directory, so that a system can be run on it as TIRA runs it
// (-i DIR):
//
//	go run ./examples/tira/sampleinput [-sample 2022|2021] DIR
//
// DIR (made if missing) receives args_processed.csv, the sample's processed
// CSV byte for byte, and topics.xml, the official topics the sample was
// drawn for (the 25 odd-numbered Touché 2022 topics, or ten 2021 topics)
// with their titles, descriptions and narratives. Files of those names
// already there are replaced; nothing else in DIR is touched.
//
// A system run with -i DIR gives the same run as the system run on the
// embedded sample without -i (examples/tira/check.sh checks it), except that with
// -i the Touché minimum of 100 pairs per topic applies, which a sample
// cannot fill: add -min-pairs 0.
package main

import (
	"encoding/xml"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/argsearch/argsearch/corpus/sample"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

const usage = "usage: sampleinput [-sample 2022|2021] DIR\n"

// run is the command: 0 when the directory was written, 1 on a failure,
// 2 for a bad command line.
func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sampleinput", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	year := fs.Int("sample", 2022, "the embedded sample to write: `year` 2022 or 2021")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, usage+"\nSampleinput writes the args.me sample embedded in the module as a TIRA input directory\nDIR: args_processed.csv and topics.xml.\n\n"+
				"More: go doc github.com/argsearch/argsearch/examples/tira/sampleinput\n\nflags:\n")
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			return 0
		}
		fmt.Fprintf(stderr, "sampleinput: %v\n%s", err, usage)
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintf(stderr, "sampleinput: want one directory, got %d arguments\n%s", fs.NArg(), usage)
		return 2
	}
	var s sample.Sample
	switch *year {
	case 2022:
		s = sample.Touche2022()
	case 2021:
		s = sample.Touche2021()
	default:
		fmt.Fprintf(stderr, "sampleinput: -sample %d: want 2022 or 2021\n%s", *year, usage)
		return 2
	}
	if err := write(fs.Arg(0), s); err != nil {
		fmt.Fprintf(stderr, "sampleinput: %v\n", err)
		return 1
	}
	return 0
}

// topicXML is a topic as topic files write it.
type topicXML struct {
	Number      string `xml:"number"`
	Title       string `xml:"title"`
	Description string `xml:"description,omitempty"`
	Narrative   string `xml:"narrative,omitempty"`
}

// write writes s into dir as a TIRA input directory.
func write(dir string, s sample.Sample) error {
	ts, err := s.Topics()
	if err != nil {
		return err
	}
	doc := struct {
		XMLName xml.Name   `xml:"topics"`
		Topics  []topicXML `xml:"topic"`
	}{}
	for _, t := range ts {
		doc.Topics = append(doc.Topics, topicXML{Number: t.ID, Title: t.Title, Description: t.Description, Narrative: t.Narrative})
	}
	topics, err := xml.MarshalIndent(doc, "", "  ")
	if err != nil {
		return err
	}
	csv, err := io.ReadAll(s.ProcessedCSV())
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "args_processed.csv"), csv, 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "topics.xml"), append([]byte(xml.Header), append(topics, '\n')...), 0o644)
}
