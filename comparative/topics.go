package comparative

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/argsearch/argsearch/topics"
)

// errObjects is what a Task 2 topic without exactly two objects gives.
var errObjects = errors.New("a comparative topic needs two objects")

// ParseTopics reads a Task 2 topic file: the topics of topics.Parse. In a
// file of 2022 or later every topic has an <objects> element naming exactly
// two objects ("laptop, desktop"); the files of 2020 and 2021 have none,
// and their topics come back with Objects nil. So a file is read either with
// objects in every topic or with none: a topic without objects in a file
// whose other topics have them, or a topic with another number of objects,
// is an error naming the file (name, which may be empty), the topic's line
// and the field "objects"; other errors are topics.Parse's.
func ParseTopics(r io.Reader, name string) ([]topics.Topic, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("comparative: %s: %w", name, err)
	}
	ts, err := topics.Parse(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("comparative: %s: %w", name, err)
	}
	// topics.Parse accepted the file, so it is well-formed XML: find each
	// topic's line and check its objects.
	d := xml.NewDecoder(bytes.NewReader(b))
	d.Entity = xml.HTMLEntity
	i := 0
	var missing []int // lines of the topics without <objects>
	for {
		line, _ := d.InputPos()
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("comparative: %s: %w", name, err)
		}
		start, ok := tok.(xml.StartElement)
		if !ok || start.Name.Local != "topic" {
			continue
		}
		var x struct {
			Objects *string `xml:"objects"`
		}
		if err := d.DecodeElement(&x, &start); err != nil {
			return nil, fmt.Errorf("comparative: %s: %w", name, err)
		}
		if i >= len(ts) {
			break
		}
		if x.Objects == nil {
			if len(missing) < i {
				return nil, &parseError{File: name, Line: line, Field: "objects", Err: fmt.Errorf("topic %s has no <objects>, earlier topics have: %w", ts[i].ID, errObjects)}
			}
			missing = append(missing, line)
			i++
			continue
		}
		if len(missing) > 0 {
			return nil, &parseError{File: name, Line: missing[0], Field: "objects", Err: fmt.Errorf("topic %s has no <objects>, topic %s has: %w", ts[0].ID, ts[i].ID, errObjects)}
		}
		if n := len(ts[i].Objects); n != 2 || strings.Count(*x.Objects, ",") != 1 {
			return nil, &parseError{File: name, Line: line, Field: "objects", Err: fmt.Errorf("topic %s lists %q, %d objects: %w", ts[i].ID, strings.TrimSpace(*x.Objects), n, errObjects)}
		}
		i++
	}
	return ts, nil
}
