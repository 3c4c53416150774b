// Package clitest checks that a command's -h keeps to the rules of
// package cli, so that every example command's help reads alike and stays
// short: the usage lines, at most cli.MaxProse lines of prose, one line
// naming the command's documentation ("More: go doc PATH"), then the
// flags, one line of help each, and no line wider than cli.Width columns.
// The details belong in the command's package documentation, which the
// checks require to be the command's own and to name every flag.
//
// Each command has a test that runs its own -h and hands the result to
// CheckHelp; this package's tests check that every command under
// examples/ has one.
package clitest

import (
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/examples/internal/cli"
)

// Help is a command's -h output, parsed.
type Help struct {
	Usage []string // the usage lines, without "usage: "
	Prose []string // the lines of prose, blank lines left out
	Doc   string   // the import path the "More: go doc" line names
	Flags []string // the flags' names, without "-"
}

// Parse parses the output of -h as package cli prints it. Its error lists
// every rule the output breaks: usage lines first, one to cli.MaxProse
// lines of prose, one "More: go doc PATH" line, the flags with one line
// of help each, and every line within cli.Width columns (a flag's help
// without the " (default ...)" the flag package appends, which depends on
// the machine for some flags).
func Parse(stdout string) (Help, error) {
	var h Help
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	for i, l := range lines {
		if w := width(l); w > cli.Width && !strings.HasPrefix(l, "    \t") {
			bad("line %d is %d columns wide, want at most %d: %q", i+1, w, cli.Width, l)
		}
	}
	i := 0
	for ; i < len(lines); i++ {
		l := lines[i]
		switch {
		case i == 0 && strings.HasPrefix(l, "usage: "):
			h.Usage = append(h.Usage, strings.TrimPrefix(l, "usage: "))
			continue
		case i > 0 && strings.HasPrefix(l, "       ") && strings.TrimSpace(l) != "":
			h.Usage = append(h.Usage, strings.TrimSpace(l))
			continue
		}
		break
	}
	if len(h.Usage) == 0 {
		bad("no %q line first", "usage: ")
	}
	for ; i < len(lines) && !strings.HasPrefix(lines[i], "More: ") && lines[i] != "flags:"; i++ {
		if strings.TrimSpace(lines[i]) != "" {
			h.Prose = append(h.Prose, lines[i])
		}
	}
	switch n := len(h.Prose); {
	case n == 0:
		bad("no prose: say in a line or two what the command does")
	case n > cli.MaxProse:
		bad("%d lines of prose, want at most %d: move the details to the package documentation", n, cli.MaxProse)
	}
	if i < len(lines) && strings.HasPrefix(lines[i], "More: ") {
		doc, ok := strings.CutPrefix(lines[i], "More: go doc ")
		if !ok || doc == "" || strings.ContainsAny(doc, " \t") {
			bad("line %d is %q, want %q", i+1, lines[i], "More: go doc IMPORTPATH")
		}
		h.Doc = doc
		i++
	} else {
		bad("no line %q after the prose", "More: go doc IMPORTPATH")
	}
	for ; i < len(lines) && strings.TrimSpace(lines[i]) == ""; i++ {
	}
	if i == len(lines) {
		return h, errors.Join(errs...)
	}
	if lines[i] != "flags:" {
		bad("line %d is %q, want %q", i+1, lines[i], "flags:")
	}
	helpLines := 0 // of the current flag
	for i++; i < len(lines); i++ {
		l := lines[i]
		if name, ok := strings.CutPrefix(l, "  -"); ok {
			name, _, _ = strings.Cut(name, " ")
			name, _, _ = strings.Cut(name, "\t")
			h.Flags = append(h.Flags, name)
			helpLines = strings.Count(l, "\t") // a short flag's help shares its line
			continue
		}
		usage, ok := strings.CutPrefix(l, "    \t")
		if !ok || len(h.Flags) == 0 {
			bad("line %d is %q, want a flag (\"  -name\") or its help (\"    \\t...\")", i+1, l)
			continue
		}
		flag := h.Flags[len(h.Flags)-1]
		if helpLines++; helpLines == 2 {
			bad("-%s's help takes more than one line: move the details to the package documentation", flag)
		}
		if m := defaultSuffix.FindStringSubmatch(usage); m != nil {
			usage = m[1]
		}
		if w := width("    \t" + usage); w > cli.Width {
			bad("-%s's help is %d columns wide, want at most %d: move the details to the package documentation: %q", flag, w, cli.Width, usage)
		}
	}
	return h, errors.Join(errs...)
}

// defaultSuffix matches the " (default ...)" the flag package appends to
// a flag's help.
var defaultSuffix = regexp.MustCompile(`^(.*) \(default .*\)$`)

// width returns the columns l takes, with tabs stopping every 8 columns.
func width(l string) int {
	n := 0
	for _, r := range l {
		if r == '\t' {
			n += 8 - n%8
		} else {
			n++
		}
	}
	return n
}

// CheckHelp reports, as errors of t, every way in which the result of a
// command's -h breaks the rules: an exit status other than 0, anything on
// stderr, what Parse finds, and a documentation line that does not name
// the command being tested. It must be called from a test of the command,
// whose working directory is the command's directory: the line must name
// that directory's import path, whose package main has a documentation
// comment that starts "Command NAME" (NAME is the directory's name) and
// names every flag of -h, as "-flag".
func CheckHelp(t testing.TB, code int, stdout, stderr string) {
	t.Helper()
	if code != cli.ExitOK || stderr != "" {
		t.Errorf("-h: exit %d, stderr %q; want %d and nothing", code, stderr, cli.ExitOK)
	}
	h, err := Parse(stdout)
	if err != nil {
		t.Errorf("-h breaks the rules of package cli:\n%v\n-h printed:\n%s", err, stdout)
	}
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := checkDoc(dir, h); err != nil {
		t.Errorf("-h's documentation: %v", err)
	}
}

// Doc returns the documentation comment of the command in the current
// directory (a test's working directory is its package's), as go doc
// prints it, with each run of spaces and newlines made one space: a test
// can look for a phrase in it wherever the comment's lines break.
func Doc(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	doc, err := packageDoc(dir)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(strings.Fields(doc), " ")
}

// checkDoc checks that h.Doc is the import path of dir, a package main
// whose documentation starts "Command NAME" and names every flag of h.
func checkDoc(dir string, h Help) error {
	path, err := importPath(dir)
	if err != nil {
		return err
	}
	if h.Doc != path {
		return fmt.Errorf("-h names %q; the command is %q (go doc %s)", h.Doc, path, path)
	}
	doc, err := packageDoc(dir)
	if err != nil {
		return err
	}
	name := filepath.Base(dir)
	if !strings.HasPrefix(doc, "Command "+name+" ") {
		return fmt.Errorf("%s's package documentation starts %q, want \"Command %s ...\"", path, firstLine(doc), name)
	}
	var missing []string
	for _, f := range h.Flags {
		if !regexp.MustCompile(`(^|[^\w-])-` + regexp.QuoteMeta(f) + `([^\w-]|$)`).MatchString(doc) {
			missing = append(missing, "-"+f)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("%s's package documentation does not name %s", path, strings.Join(missing, ", "))
	}
	return nil
}

// importPath returns the import path of dir, from the go.mod of the module
// that holds it.
func importPath(dir string) (string, error) {
	root, module, err := moduleOf(dir)
	if err != nil {
		return "", err
	}
	rel, err := filepath.Rel(root, dir)
	if err != nil {
		return "", err
	}
	if rel == "." {
		return module, nil
	}
	return module + "/" + filepath.ToSlash(rel), nil
}

// moduleOf returns the root directory and the path of the module that
// holds dir.
func moduleOf(dir string) (root, module string, err error) {
	dir, err = filepath.Abs(dir)
	if err != nil {
		return "", "", err
	}
	for d := dir; ; {
		b, err := os.ReadFile(filepath.Join(d, "go.mod"))
		if err == nil {
			for _, l := range strings.Split(string(b), "\n") {
				if m, ok := strings.CutPrefix(strings.TrimSpace(l), "module "); ok {
					return d, strings.Trim(strings.TrimSpace(m), `"`), nil
				}
			}
			return "", "", fmt.Errorf("clitest: %s has no module line", filepath.Join(d, "go.mod"))
		}
		up := filepath.Dir(d)
		if up == d {
			return "", "", fmt.Errorf("clitest: no go.mod above %s", dir)
		}
		d = up
	}
}

// packageDoc returns the documentation comment of the package main in dir.
func packageDoc(dir string) (string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return "", err
	}
	var doc strings.Builder
	found := false
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.PackageClauseOnly|parser.ParseComments)
		if err != nil {
			return "", fmt.Errorf("clitest: %w", err)
		}
		if f.Name.Name != "main" {
			return "", fmt.Errorf("clitest: %s is package %s, not a command", name, f.Name.Name)
		}
		found = true
		if f.Doc != nil {
			doc.WriteString(f.Doc.Text())
		}
	}
	switch {
	case !found:
		return "", fmt.Errorf("clitest: no Go file in %s", dir)
	case doc.Len() == 0:
		return "", fmt.Errorf("clitest: the package in %s has no documentation comment", dir)
	}
	return doc.String(), nil
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}
