// Package cli is the command-line layer every example program shares, so
// that they behave alike:
//
//   - -h (or -help) prints to standard output the usage lines, at most
//     MaxProse lines on what the command does, wrapped at Width columns, a
//     line naming the package whose documentation ("go doc") says the
//     rest, and the flags, one line of help each; it exits 0 without
//     reading anything else;
//   - a bad command line (an unknown flag, a value out of range, a stray
//     argument) exits 2 with a message on standard error that names the
//     flag, before any work starts;
//   - a failure exits 1 with one line on standard error, prefixed once by
//     the command's name;
//   - progress goes to standard error: a bar on a terminal, otherwise a
//     plain line every few seconds and one at the end of each step.
//
// A command builds a Command, defines its flags on it (Int and Float check
// their ranges), and hands Run the function that does the work.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// Exit statuses.
const (
	ExitOK    = 0 // done, or -h
	ExitError = 1 // the work failed
	ExitUsage = 2 // a bad command line: nothing was done
)

// The limits of -h's text. Help wraps the prose at Width columns; a test
// of each command (examples/internal/cli/clitest) checks that the prose
// takes at most MaxProse lines and that every other line, a flag's help
// included, fits Width columns. What does not fit belongs in the
// command's package documentation, which -h names.
const (
	Width    = 100
	MaxProse = 12
)

// DocPrefix is the import path of the directory that holds the example
// commands: New names DocPrefix+name as a command's documentation.
const DocPrefix = "github.com/argsearch/argsearch/examples/"

// A Command is a program's command line.
type Command struct {
	// Name is the program's name, the prefix of its messages.
	Name string
	// Usage lists the forms of the command line, one per line, without
	// "usage: " ("advanced [-i DIR] [-o DIR] [flags]").
	Usage string
	// About says in a few sentences what the command does: -h wraps it
	// at Width columns, and it must fit MaxProse lines. Paragraphs are
	// separated by blank lines; a line that starts with a space or a tab
	// is printed as it is. The details belong in the package
	// documentation (Doc).
	About string
	// Doc is the import path of the package whose documentation says
	// the rest ("go doc Doc" prints it, from any directory of a clone of
	// the module); New sets it to DocPrefix+name, and "" leaves the
	// line out.
	Doc string
	// MinArgs and MaxArgs bound the number of positional arguments; a
	// negative MaxArgs means no bound. The zero values accept none.
	MinArgs, MaxArgs int
	// Flags holds the command's flags. New makes it.
	Flags *flag.FlagSet

	stdout, stderr io.Writer
	checks         []func() error
}

// New returns a Command that prints help to stdout and messages to stderr.
func New(name, usage, about string, stdout, stderr io.Writer) *Command {
	c := &Command{Name: name, Usage: usage, About: about, Doc: DocPrefix + name, stdout: stdout, stderr: stderr}
	c.Flags = flag.NewFlagSet(name, flag.ContinueOnError)
	c.Flags.SetOutput(io.Discard) // Parse reports the errors itself
	c.Flags.Usage = func() {}
	return c
}

// A UsageError is a bad command line found after the flags were parsed
// (two flags that exclude each other, say): Run exits 2 for it.
type UsageError struct{ msg string }

func (e *UsageError) Error() string { return e.msg }

// Usagef returns a UsageError; its message should name the flag.
func Usagef(format string, args ...any) error {
	return &UsageError{msg: fmt.Sprintf(format, args...)}
}

// Int defines an int flag whose value must lie in [lo, hi].
func (c *Command) Int(name string, value, lo, hi int, usage string) *int {
	p := new(int)
	c.IntVar(p, name, value, lo, hi, usage)
	return p
}

// IntVar defines an int flag stored in p whose value must lie in [lo, hi].
func (c *Command) IntVar(p *int, name string, value, lo, hi int, usage string) {
	c.Flags.IntVar(p, name, value, usage)
	c.Check(func() error {
		if *p < lo || *p > hi {
			return Usagef("-%s %d, want %d to %d", name, *p, lo, hi)
		}
		return nil
	})
}

// Float defines a float64 flag whose value must lie in [lo, hi].
func (c *Command) Float(name string, value, lo, hi float64, usage string) *float64 {
	p := new(float64)
	c.FloatVar(p, name, value, lo, hi, usage)
	return p
}

// FloatVar defines a float64 flag stored in p whose value must lie in
// [lo, hi].
func (c *Command) FloatVar(p *float64, name string, value, lo, hi float64, usage string) {
	c.Flags.Float64Var(p, name, value, usage)
	c.Check(func() error {
		if !(*p >= lo && *p <= hi) {
			return Usagef("-%s %g, want %g to %g", name, *p, lo, hi)
		}
		return nil
	})
}

// OneOf defines a string flag whose value must be one of values (the first
// is the default).
func (c *Command) OneOf(name string, values []string, usage string) *string {
	p := new(string)
	c.OneOfVar(p, name, values, usage)
	return p
}

// OneOfVar defines a string flag stored in p whose value must be one of
// values (the first is the default).
func (c *Command) OneOfVar(p *string, name string, values []string, usage string) {
	c.Flags.StringVar(p, name, values[0], usage+" ("+strings.Join(values, ", ")+")")
	c.Check(func() error {
		for _, v := range values {
			if *p == v {
				return nil
			}
		}
		return Usagef("-%s %q, want %s", name, *p, strings.Join(values, ", "))
	})
}

// Check adds a check that runs after parsing, before any work; it returns
// a UsageError (Usagef) naming the flag, or nil.
func (c *Command) Check(check func() error) { c.checks = append(c.checks, check) }

// Run parses args and, unless they ask for help or are bad, calls work with
// the positional arguments. It returns the exit status: ExitOK after -h or
// when work succeeds; ExitUsage, with the message and a pointer to -h on
// stderr, for a bad command line (work may return a UsageError too);
// ExitError, with the error on stderr, when work fails.
func (c *Command) Run(args []string, work func(args []string) error) int {
	pos, err := c.parse(args)
	if errors.Is(err, flag.ErrHelp) {
		c.help()
		return ExitOK
	}
	if err == nil {
		err = work(pos)
	}
	var ue *UsageError
	switch {
	case err == nil:
		return ExitOK
	case errors.As(err, &ue):
		fmt.Fprintf(c.stderr, "%s: %s\nrun '%s -h' for usage\n", c.Name, c.trim(err.Error()), c.Name)
		return ExitUsage
	}
	fmt.Fprintf(c.stderr, "%s: %s\n", c.Name, c.trim(err.Error()))
	return ExitError
}

// trim removes the command's own name from the front of a message, so that
// it is printed once.
func (c *Command) trim(msg string) string {
	for {
		rest, ok := strings.CutPrefix(msg, c.Name+": ")
		if !ok {
			return msg
		}
		msg = rest
	}
}

// parse parses args and checks the flags and the positional arguments.
func (c *Command) parse(args []string) ([]string, error) {
	if err := c.Flags.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, err
		}
		return nil, Usagef("%v", err)
	}
	for _, check := range c.checks {
		if err := check(); err != nil {
			return nil, err
		}
	}
	pos := c.Flags.Args()
	switch {
	case len(pos) < c.MinArgs:
		return nil, Usagef("missing arguments: usage: %s", firstLine(c.Usage))
	case c.MaxArgs >= 0 && len(pos) > c.MaxArgs:
		if c.MaxArgs == 0 {
			return nil, Usagef("unexpected argument %q (flags come before arguments)", pos[0])
		}
		return nil, Usagef("unexpected argument %q after %d: usage: %s", pos[c.MaxArgs], c.MaxArgs, firstLine(c.Usage))
	}
	return pos, nil
}

// help prints the usage lines, the prose, the line naming the
// documentation and the flags to stdout.
func (c *Command) help() {
	w := c.stdout
	for i, l := range strings.Split(strings.TrimSpace(c.Usage), "\n") {
		if i == 0 {
			fmt.Fprintf(w, "usage: %s\n", strings.TrimSpace(l))
		} else {
			fmt.Fprintf(w, "       %s\n", strings.TrimSpace(l))
		}
	}
	if about := wrap(c.About, Width); about != "" {
		fmt.Fprintf(w, "\n%s", about)
	}
	if c.Doc != "" {
		fmt.Fprintf(w, "\nMore: go doc %s\n", c.Doc)
	}
	n := 0
	c.Flags.VisitAll(func(*flag.Flag) { n++ })
	if n > 0 {
		fmt.Fprintf(w, "\nflags:\n")
		c.Flags.SetOutput(w)
		c.Flags.PrintDefaults()
		c.Flags.SetOutput(io.Discard)
	}
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return strings.TrimSpace(l)
}

// wrap wraps the paragraphs of text (separated by blank lines) at width
// columns, with a blank line between them; a line that starts with a
// space or a tab is kept as it is, on a line of its own. Each line ends
// with a newline.
func wrap(text string, width int) string {
	var b strings.Builder
	n := 0       // columns on the current line; 0 at the start of a line
	gap := false // a blank line is due before the next text
	for _, l := range strings.Split(text, "\n") {
		if strings.TrimSpace(l) == "" {
			if n > 0 {
				b.WriteString("\n")
				n = 0
			}
			gap = b.Len() > 0
			continue
		}
		if gap {
			b.WriteString("\n")
			gap = false
		}
		if l[0] == ' ' || l[0] == '\t' {
			if n > 0 {
				b.WriteString("\n")
				n = 0
			}
			b.WriteString(strings.TrimRight(l, " \t") + "\n")
			continue
		}
		for _, word := range strings.Fields(l) {
			switch k := utf8.RuneCountInString(word); {
			case n == 0:
				n = k
			case n+1+k > width:
				b.WriteString("\n")
				n = k
			default:
				b.WriteString(" ")
				n += 1 + k
			}
			b.WriteString(word)
		}
	}
	if n > 0 {
		b.WriteString("\n")
	}
	return b.String()
}
