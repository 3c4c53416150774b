package comparative

import (
	"fmt"
	"strings"
)

// parseError reports malformed input: its file, line and field.
type parseError struct {
	File  string
	Line  int
	Field string
	Err   error
}

func (e *parseError) Error() string {
	var b strings.Builder
	b.WriteString("comparative: ")
	if e.File != "" {
		b.WriteString(e.File)
		b.WriteString(": ")
	}
	if e.Line > 0 {
		fmt.Fprintf(&b, "line %d", e.Line)
	}
	if e.Field != "" {
		if e.Line > 0 {
			b.WriteString(", ")
		}
		b.WriteString("field ")
		b.WriteString(e.Field)
	}
	if e.Line > 0 || e.Field != "" {
		b.WriteString(": ")
	}
	b.WriteString(e.Err.Error())
	return b.String()
}

func (e *parseError) Unwrap() error { return e.Err }
