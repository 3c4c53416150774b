// Package topics parses Touché topic files and embeds the official Task 1
// topic sets.
//
// A topic file is XML: <topics><topic><number>N</number><title>…</title>
// <description>…</description><narrative>…</narrative></topic>…</topics>.
// Task 2 (comparative questions) topics also carry <objects>A, B</objects>.
package topics

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/argsearch/argsearch/internal/quote"

	"github.com/argsearch/argsearch/internal/nilio"
)

// A Topic is one information need of a Touché task.
type Topic struct {
	// ID is the topic's number as the file writes it ("51"), which is the
	// qid of run files and judgments.
	ID          string
	Title       string // the query, e.g. "Should teachers get tenure?"
	Description string // empty when the file has none (2021 has titles only)
	Narrative   string // what makes a result relevant; empty when absent
	// Objects are the two objects a Task 2 comparative question compares,
	// as listed in <objects>; nil for Task 1 topics.
	Objects []string
}

// errInvalid is wrapped by Parse's errors for a file that is not a topic
// set: a topic without a number or a title, with a number that is not an
// integer or that an earlier topic has, or no topic at all (an empty file,
// <topics></topics>: a system given one would write an empty run). The
// message says which, and names the topic.
var errInvalid = errors.New("invalid topic")

// xmlTopic mirrors the XML of one topic.
type xmlTopic struct {
	Number      string  `xml:"number"`
	Title       string  `xml:"title"`
	Description string  `xml:"description"`
	Narrative   string  `xml:"narrative"`
	Objects     *string `xml:"objects"` // nil when the topic has no <objects>
}

// errObjects is wrapped by Parse's errors for the objects of Task 2 topics.
var errObjects = errors.New("a comparative topic needs two objects")

// Parse reads a topic file and returns its topics in file order.
//
// Texts are trimmed of surrounding white space; XML and HTML character
// entities are decoded. A topic without a number or title, or with a number
// that is not an integer or used twice, or a file without topics, is an
// error ("invalid topic", naming the topic). A malformed file gives an
// error wrapping *xml.SyntaxError.
//
// Task 2 files of 2022 and later give every topic an <objects> element
// naming exactly two objects ("laptop, desktop"); those of 2020 and 2021,
// and Task 1 files, give none, and their topics have Objects nil. So a file
// has objects in every topic or in none: a topic without objects in a file
// whose other topics have them, or a topic with another number of objects,
// is an error naming the topic's line and the field "objects".
func Parse(r io.Reader) ([]Topic, error) {
	d := xml.NewDecoder(nilio.Reader(r, "topics"))
	d.Entity = xml.HTMLEntity
	var ts []Topic
	seen := make(map[string]bool)
	var objects objectsCheck
	for {
		line, _ := d.InputPos()
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("topics: %w", err)
		}
		start, ok := tok.(xml.StartElement)
		if !ok || start.Name.Local != "topic" {
			continue
		}
		var x xmlTopic
		if err := d.DecodeElement(&x, &start); err != nil {
			return nil, fmt.Errorf("topics: topic %d: %w", len(ts)+1, err)
		}
		t, err := x.topic()
		if err != nil {
			return nil, fmt.Errorf("topics: topic %d in the file%s: %w", len(ts)+1, x.numberNote(), err)
		}
		if seen[t.ID] {
			return nil, fmt.Errorf("topics: topic %d in the file (number %s): %w: the number of an earlier topic", len(ts)+1, t.ID, errInvalid)
		}
		if err := objects.check(t, x.Objects, line); err != nil {
			return nil, err
		}
		seen[t.ID] = true
		ts = append(ts, t)
	}
	if len(ts) == 0 {
		return nil, fmt.Errorf("topics: %w: no topics in the file", errInvalid)
	}
	return ts, nil
}

func (x xmlTopic) numberNote() string {
	if n := strings.TrimSpace(x.Number); n != "" {
		return fmt.Sprintf(" (number %q)", n)
	}
	return ""
}

func (x xmlTopic) topic() (Topic, error) {
	num := strings.TrimSpace(x.Number)
	if num == "" {
		return Topic{}, fmt.Errorf("%w: no number", errInvalid)
	}
	if strings.TrimLeft(num, "0123456789") != "" {
		return Topic{}, fmt.Errorf("%w: number %s is not an integer", errInvalid, quote.Q(num))
	}
	t := Topic{
		ID:          num,
		Title:       strings.TrimSpace(x.Title),
		Description: strings.TrimSpace(x.Description),
		Narrative:   strings.TrimSpace(x.Narrative),
	}
	if t.Title == "" {
		return Topic{}, fmt.Errorf("%w: no title", errInvalid)
	}
	if x.Objects == nil {
		return t, nil
	}
	if objs := strings.TrimSpace(*x.Objects); objs != "" {
		for o := range strings.SplitSeq(objs, ",") {
			if o = strings.TrimSpace(o); o != "" {
				t.Objects = append(t.Objects, o)
			}
		}
	}
	return t, nil
}

// objectsCheck checks that a file's topics all have two objects, or none
// has any (see Parse).
type objectsCheck struct {
	topics      int    // topics checked
	without     int    // of them, without <objects>
	firstID     string // the first topic's id
	firstLine   int    // and line
	withObjects string // the id of a topic with objects, once one is seen
}

// check checks topic t, whose <objects> text is objs (nil when absent), at
// line.
func (c *objectsCheck) check(t Topic, objs *string, line int) error {
	defer func() { c.topics++ }()
	if c.topics == 0 {
		c.firstID, c.firstLine = t.ID, line
	}
	fail := func(line int, format string, args ...any) error {
		return fmt.Errorf("topics: line %d, field objects: %s: %w", line, fmt.Sprintf(format, args...), errObjects)
	}
	if objs == nil {
		if c.withObjects != "" {
			return fail(line, "topic %s has no <objects>, earlier topics have", t.ID)
		}
		c.without++
		return nil
	}
	if c.without > 0 {
		return fail(c.firstLine, "topic %s has no <objects>, topic %s has", c.firstID, t.ID)
	}
	c.withObjects = t.ID
	if n := len(t.Objects); n != 2 || strings.Count(*objs, ",") != 1 {
		return fail(line, "topic %s lists %q, %d objects", t.ID, strings.TrimSpace(*objs), n)
	}
	return nil
}
