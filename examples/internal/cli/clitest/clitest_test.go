package clitest

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/examples/internal/cli"
	"github.com/google/go-cmp/cmp"
)

// help returns the -h of a command with the given about and flag help.
func help(about, flagHelp string) string {
	var stdout bytes.Buffer
	c := cli.New("demo", "demo [-k N] FILE\ndemo -list", about, &stdout, &stdout)
	c.Int("k", 10, 1, 1000, "results per topic")
	c.Flags.Bool("v", false, "verbose")
	c.Flags.String("choice", "a very long default value that the machine may choose, "+strings.Repeat("x", 100), flagHelp)
	c.Run([]string{"-h"}, func([]string) error { return nil })
	return stdout.String()
}

func TestParse(t *testing.T) {
	twelve := strings.Repeat(strings.Repeat("word ", 40)+"\n\n", 6) // 6 paragraphs of 2 lines of 99 columns
	for _, tc := range []struct {
		name, stdout string
		errs         []string // in the error; nil wants none
	}{
		{name: "ok", stdout: help("Demo does nothing.", "what to do")},
		{name: "twelve lines", stdout: help(twelve, "what to do")},
		{name: "thirteen lines", stdout: help(twelve+"one more", "what to do"), errs: []string{"13 lines of prose, want at most 12"}},
		{name: "no prose", stdout: help("", "what to do"), errs: []string{"no prose"}},
		{name: "long flag help", stdout: help("Demo.", strings.Repeat("y", 93)), errs: []string{"-choice's help is 101 columns wide"}},
		{name: "longest flag help", stdout: help("Demo.", strings.Repeat("y", 92))},
		{name: "two-line flag help", stdout: help("Demo.", "what to do,\nand how"), errs: []string{"-choice's help takes more than one line"}},
		{name: "wide preformatted line", stdout: help("Demo.\n\n  "+strings.Repeat("z", 99), "what"), errs: []string{"line 6 is 101 columns wide"}},
		{name: "no usage", stdout: "Demo.\n\nMore: go doc x\n", errs: []string{`no "usage: " line first`}},
		{name: "no doc line", stdout: "usage: demo\n\nDemo.\n\nflags:\n  -v\tverbose\n", errs: []string{`no line "More: go doc IMPORTPATH"`}},
		{name: "bad doc line", stdout: "usage: demo\n\nDemo.\nMore: see the docs\n", errs: []string{`line 4 is "More: see the docs"`}},
		{name: "stray line", stdout: "usage: demo\n\nDemo.\nMore: go doc x\n\nflags:\n  -v\tverbose\nstray\n", errs: []string{`line 8 is "stray"`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(tc.stdout)
			if tc.errs == nil && err != nil {
				t.Errorf("got %v, want no error for\n%s", err, tc.stdout)
			}
			if tc.errs != nil && err == nil {
				t.Errorf("got no error, want %q for\n%s", tc.errs, tc.stdout)
			}
			for _, want := range tc.errs {
				if err != nil && !strings.Contains(err.Error(), want) {
					t.Errorf("got %v, want %q in it", err, want)
				}
			}
		})
	}
	h, err := Parse(help("Demo does nothing.", "what to do"))
	want := Help{
		Usage: []string{"demo [-k N] FILE", "demo -list"},
		Prose: []string{"Demo does nothing."},
		Doc:   cli.DocPrefix + "demo",
		Flags: []string{"choice", "k", "v"},
	}
	if diff := cmp.Diff(want, h); err != nil || diff != "" {
		t.Errorf("Parse: error %v, got -want +got:\n%s", err, diff)
	}
}

// TestCheckDoc checks the documentation line against a module made for
// the test: it must name the command's own directory, a package main
// whose documentation starts "Command NAME" and names every flag.
func TestCheckDoc(t *testing.T) {
	root := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		path := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/m\n\ngo 1.25\n")
	write("cmd/demo/main.go", "// Command demo does nothing with -k\n// and -v.\npackage main\n\nfunc main() {}\n")
	write("cmd/demo/main_test.go", "// Not the doc.\npackage main\n")
	write("cmd/nodoc/main.go", "package main\n\nfunc main() {}\n")
	write("cmd/other/main.go", "// Command demo is misnamed.\npackage main\n")
	write("lib/lib.go", "// Command lib is a library.\npackage lib\n")
	dir := func(d string) string { return filepath.Join(root, filepath.FromSlash(d)) }
	flags := []string{"k", "v"}
	for _, tc := range []struct {
		dir, doc string
		flags    []string
		err      string // "" wants none
	}{
		{dir: "cmd/demo", doc: "example.com/m/cmd/demo", flags: flags},
		{dir: "cmd/demo", doc: "example.com/m/cmd/demo", flags: []string{"k", "v", "kv", "quiet"}, err: "does not name -kv, -quiet"},
		{dir: "cmd/demo", doc: "./cmd/demo", flags: flags, err: `-h names "./cmd/demo"; the command is "example.com/m/cmd/demo"`},
		{dir: "cmd/demo", doc: "example.com/m/cmd/other", flags: flags, err: "the command is"},
		{dir: "cmd/nodoc", doc: "example.com/m/cmd/nodoc", err: "no documentation comment"},
		{dir: "cmd/other", doc: "example.com/m/cmd/other", err: `starts "Command demo is misnamed.", want "Command other ..."`},
		{dir: "lib", doc: "example.com/m/lib", err: "package lib, not a command"},
	} {
		err := checkDoc(dir(tc.dir), Help{Doc: tc.doc, Flags: tc.flags})
		if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("%s, %q, %q: got %v, want %q", tc.dir, tc.doc, tc.flags, err, tc.err)
		}
	}
	t.Chdir(dir("cmd/demo"))
	if got, want := Doc(t), "Command demo does nothing with -k and -v."; got != want {
		t.Errorf("Doc: got %q, want %q", got, want)
	}
}

// TestEveryCommand checks that every command under examples/ has a test
// that hands its -h to CheckHelp, so that no command escapes the rules.
func TestEveryCommand(t *testing.T) {
	root, module, err := moduleOf(".")
	if err != nil {
		t.Fatal(err)
	}
	var commands, unchecked []string
	err = filepath.WalkDir(filepath.Join(root, "examples"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if name := d.Name(); name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
			return filepath.SkipDir
		}
		isMain, checked, err := scan(path)
		if err != nil || !isMain {
			return err
		}
		p, err := importPath(path)
		if err != nil {
			return err
		}
		commands = append(commands, strings.TrimPrefix(p, module+"/"))
		if !checked {
			unchecked = append(unchecked, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(unchecked) > 0 {
		t.Errorf("commands without a test that calls clitest.CheckHelp on their -h: %s", strings.Join(unchecked, ", "))
	}
	for _, want := range []string{"examples/advanced", "examples/evaluate", "examples/tira/sampleinput"} {
		if !slices.Contains(commands, want) {
			t.Errorf("found the commands %q, not %s", commands, want)
		}
	}
}

// scan reports whether dir holds a package main, and whether one of its
// test files calls clitest.CheckHelp.
func scan(dir string) (isMain, checked bool, err error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return false, false, err
	}
	for _, name := range files {
		test := strings.HasSuffix(name, "_test.go")
		mode := parser.PackageClauseOnly
		if test {
			mode = parser.SkipObjectResolution
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, mode)
		if err != nil {
			return false, false, err
		}
		if !test {
			isMain = isMain || f.Name.Name == "main"
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if s, ok := n.(*ast.SelectorExpr); ok {
				if x, ok := s.X.(*ast.Ident); ok && x.Name == "clitest" && s.Sel.Name == "CheckHelp" {
					checked = true
				}
			}
			return !checked
		})
	}
	return isMain, checked, nil
}
