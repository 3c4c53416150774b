// Package labeled reads the labelled argument-mining corpora the models in
// this module are trained and evaluated on: the UKP Sentential Argument
// Mining Corpus (Stab et al. 2018, CC BY-NC) and the IBM Debater Evidence
// Sentences (CC BY-SA).
package labeled

import (
	"bufio"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/argsearch/argsearch/internal/nilio"
	"github.com/argsearch/argsearch/stance"
)

// The UKP Sentential labels.
const (
	ArgumentFor     = "Argument_for"
	ArgumentAgainst = "Argument_against"
	NoArgument      = "NoArgument"
)

// A UKPSentence is one row of a UKP Sentential topic file.
type UKPSentence struct {
	Topic string // "abortion", "gun control", …
	URL   string // the retrieved URL (the document the sentence is from)
	Text  string // the tokenised sentence
	Label string // ArgumentFor, ArgumentAgainst or NoArgument
	Set   string // "train", "val" or "test"
}

// Evidence is one row of the IBM Debater Evidence Sentences.
type Evidence struct {
	Topic    string // a motion such as "We should limit executive compensation"
	Concept  string // the topic's concept, "executive compensation"
	Text     string // the candidate sentence
	Evidence bool   // whether it is evidence for or against the motion
}

// ErrField is wrapped by a ParseError for a missing or invalid field.
var ErrField = errors.New("bad field")

// A ParseError names the file, line and field of a malformed row.
type ParseError struct {
	File  string
	Line  int
	Field string
	Err   error
}

// Error returns "labeled: file:line: field name: cause".
func (e *ParseError) Error() string {
	if e.Field != "" {
		return fmt.Sprintf("labeled: %s:%d: field %s: %v", e.File, e.Line, e.Field, e.Err)
	}
	return fmt.Sprintf("labeled: %s:%d: %v", e.File, e.Line, e.Err)
}

// Unwrap returns the cause, which wraps ErrField for a bad field.
func (e *ParseError) Unwrap() error { return e.Err }

const ukpHeader = "topic\tretrievedUrl\tarchivedUrl\tsentenceHash\tsentence\tannotation\tset"

// ReadUKP reads one UKP Sentential topic file (tab-separated, with a header
// line); name is used in errors.
func ReadUKP(r io.Reader, name string) ([]UKPSentence, error) {
	sc := bufio.NewScanner(nilio.Reader(r, "labeled"))
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	var out []UKPSentence
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSuffix(sc.Text(), "\r")
		if line == 1 {
			if text != ukpHeader {
				return nil, &ParseError{File: name, Line: 1, Err: fmt.Errorf("%w: header %q, want %q", ErrField, text, ukpHeader)}
			}
			continue
		}
		if text == "" {
			continue
		}
		f := strings.Split(text, "\t")
		if len(f) != 7 {
			return nil, &ParseError{File: name, Line: line, Err: fmt.Errorf("%w: %d fields, want 7", ErrField, len(f))}
		}
		s := UKPSentence{Topic: f[0], URL: f[1], Text: f[4], Label: f[5], Set: f[6]}
		if strings.TrimSpace(s.Text) == "" {
			return nil, &ParseError{File: name, Line: line, Field: "sentence", Err: fmt.Errorf("%w: empty (the corpus's release leaves the sentences out; its completion pipeline fills them in from the Wayback Machine)", ErrField)}
		}
		switch s.Label {
		case ArgumentFor, ArgumentAgainst, NoArgument:
		default:
			return nil, &ParseError{File: name, Line: line, Field: "annotation", Err: fmt.Errorf("%w: %q", ErrField, s.Label)}
		}
		switch s.Set {
		case "train", "val", "test":
		default:
			return nil, &ParseError{File: name, Line: line, Field: "set", Err: fmt.Errorf("%w: %q", ErrField, s.Set)}
		}
		if s.Topic == "" {
			return nil, &ParseError{File: name, Line: line, Field: "topic", Err: fmt.Errorf("%w: empty", ErrField)}
		}
		out = append(out, s)
	}
	if err := sc.Err(); err != nil {
		return nil, &ParseError{File: name, Line: line + 1, Err: err}
	}
	if line == 0 {
		return nil, &ParseError{File: name, Line: 1, Err: fmt.Errorf("%w: no header", ErrField)}
	}
	return out, nil
}

// ReadUKPDir reads every *.tsv file of a UKP Sentential directory, in file
// name order.
func ReadUKPDir(dir string) ([]UKPSentence, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.tsv"))
	if err != nil {
		return nil, fmt.Errorf("labeled: %w", err)
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("labeled: no .tsv files in %s: %w", dir, os.ErrNotExist)
	}
	sort.Strings(names)
	var all []UKPSentence
	for _, n := range names {
		f, err := os.Open(n)
		if err != nil {
			return nil, fmt.Errorf("labeled: %w", err)
		}
		s, err := ReadUKP(f, n)
		f.Close()
		if err != nil {
			return nil, err
		}
		all = append(all, s...)
	}
	return all, nil
}

// ReadIBM reads an IBM Debater Evidence Sentences CSV file (train.csv or
// test.csv); name is used in errors.
func ReadIBM(r io.Reader, name string) ([]Evidence, error) {
	var out []Evidence
	err := readCSV(r, name, []string{"topic", "the concept of the topic", "candidate", "label"}, func(line int, get func(string) string) error {
		l, err := strconv.Atoi(get("label"))
		if err != nil || (l != 0 && l != 1) {
			return &ParseError{File: name, Line: line, Field: "label", Err: fmt.Errorf("%w: %q", ErrField, get("label"))}
		}
		out = append(out, Evidence{Topic: get("topic"), Concept: get("the concept of the topic"), Text: get("candidate"), Evidence: l == 1})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// readCSV reads a CSV file with a header line that must name the columns
// need, calling row for each record with its line and a lookup of its
// fields by column name. Malformed input is a *ParseError.
func readCSV(r io.Reader, name string, need []string, row func(line int, get func(string) string) error) error {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	head, err := cr.Read()
	if err != nil {
		return &ParseError{File: name, Line: 1, Err: fmt.Errorf("%w: header: %v", ErrField, err)}
	}
	col := map[string]int{}
	for i, h := range head {
		col[h] = i
	}
	for _, c := range need {
		if _, ok := col[c]; !ok {
			return &ParseError{File: name, Line: 1, Field: c, Err: fmt.Errorf("%w: missing column", ErrField)}
		}
	}
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			line := 0
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				line = pe.Line
			}
			return &ParseError{File: name, Line: line, Err: err}
		}
		line, _ := cr.FieldPos(0)
		if len(rec) != len(head) {
			return &ParseError{File: name, Line: line, Err: fmt.Errorf("%w: %d fields, want %d", ErrField, len(rec), len(head))}
		}
		if err := row(line, func(c string) string { return rec[col[c]] }); err != nil {
			return err
		}
	}
}

// A Claim is one row of the IBM Debater Claim Stance dataset: a claim and
// its stance towards a motion.
type Claim struct {
	TopicID string // the motion's id, e.g. "441"
	Topic   string // the motion, "This house believes that …"
	Text    string // the claim (claims.claimCorrectedText)
	Pro     bool   // the claim supports the motion (PRO); else it opposes it (CON)
}

// ReadClaims reads an IBM Debater Claim Stance CSV file (claim_stance
// dataset, one row per claim with the columns topicId, topicText,
// claims.stance and claims.claimCorrectedText among others); name is used in
// errors.
func ReadClaims(r io.Reader, name string) ([]Claim, error) {
	var out []Claim
	err := readCSV(r, name, []string{"topicId", "topicText", "claims.stance", "claims.claimCorrectedText"}, func(line int, get func(string) string) error {
		c := Claim{TopicID: get("topicId"), Topic: get("topicText"), Text: get("claims.claimCorrectedText")}
		switch st := get("claims.stance"); st {
		case "PRO":
			c.Pro = true
		case "CON":
		default:
			return &ParseError{File: name, Line: line, Field: "claims.stance", Err: fmt.Errorf("%w: %q, want PRO or CON", ErrField, st)}
		}
		if strings.TrimSpace(c.Text) == "" || strings.TrimSpace(c.Topic) == "" {
			return &ParseError{File: name, Line: line, Field: "claims.claimCorrectedText", Err: fmt.Errorf("%w: empty claim or topic", ErrField)}
		}
		out = append(out, c)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// A QualityArgument is one row of Webis-ArgQuality-20 (Gienapp et al., ACL
// 2020): a debate-portal argument of args.me on one of 20 topics, with its
// stance. The corpus gives no topic titles, so a stance is only comparable
// with the stances of arguments of the same topic.
type QualityArgument struct {
	TopicID  string // "1" to "20"
	Text     string // the premise
	Argument bool   // "Is Argument?"
	Pro      bool   // "Stance": true for PRO towards the topic's (unstated) wording
}

// ReadArgQuality reads webis-argquality20-full.csv (the columns Topic ID,
// Premise, Is Argument? and Stance, True or False, among others); name is
// used in errors.
func ReadArgQuality(r io.Reader, name string) ([]QualityArgument, error) {
	var out []QualityArgument
	boolean := func(line int, field, v string) (bool, error) {
		switch v {
		case "True":
			return true, nil
		case "False":
			return false, nil
		}
		return false, &ParseError{File: name, Line: line, Field: field, Err: fmt.Errorf("%w: %q, want True or False", ErrField, v)}
	}
	err := readCSV(r, name, []string{"Topic ID", "Premise", "Is Argument?", "Stance"}, func(line int, get func(string) string) error {
		a := QualityArgument{TopicID: get("Topic ID"), Text: get("Premise")}
		var err error
		if a.Argument, err = boolean(line, "Is Argument?", get("Is Argument?")); err != nil {
			return err
		}
		if a.Pro, err = boolean(line, "Stance", get("Stance")); err != nil {
			return err
		}
		if strings.TrimSpace(a.TopicID) == "" || strings.TrimSpace(a.Text) == "" {
			return &ParseError{File: name, Line: line, Field: "Premise", Err: fmt.Errorf("%w: empty topic id or premise", ErrField)}
		}
		out = append(out, a)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// UKPStance maps a UKP Sentential label onto a stance: Argument_for is Pro,
// Argument_against Con, anything else (NoArgument) No.
func UKPStance(label string) stance.Stance {
	switch label {
	case ArgumentFor:
		return stance.Pro
	case ArgumentAgainst:
		return stance.Con
	}
	return stance.No
}

// Stance returns the claim's stance towards its motion, Pro or Con.
func (c Claim) Stance() stance.Stance {
	if c.Pro {
		return stance.Pro
	}
	return stance.Con
}
