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

// ParseTopics reads a Task 2 topic file: the topics of topics.Parse, each of
// which must have an <objects> element naming exactly two objects
// ("laptop, desktop"). A topic without it, or with another number of
// objects, is an error naming the file (name, which may be empty), the
// topic's line and the field "objects"; other errors are topics.Parse's.
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
			return nil, &parseError{File: name, Line: line, Field: "objects", Err: fmt.Errorf("topic %s has no <objects>: %w", ts[i].ID, errObjects)}
		}
		if n := len(ts[i].Objects); n != 2 || strings.Count(*x.Objects, ",") != 1 {
			return nil, &parseError{File: name, Line: line, Field: "objects", Err: fmt.Errorf("topic %s lists %q, %d objects: %w", ts[i].ID, strings.TrimSpace(*x.Objects), n, errObjects)}
		}
		i++
	}
	return ts, nil
}
