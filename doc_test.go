package argsearch_test

import (
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/google/go-cmp/cmp"
)

// TestDocIsExample checks that the code and the output the package
// documentation walks through are the body and the output of the examples
// that go test compiles and runs, so the tutorial cannot drift from code
// that works.
func TestDocIsExample(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	ex, err := os.ReadFile("example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ heading, example string }{
		{"// # An experiment", "Example"},
		{"// # A system of your own", "Example_ownSystem"},
	} {
		code, output := walkthrough(string(doc), tc.heading)
		body, want := example(string(ex), tc.example)
		if len(body) < 10 {
			t.Fatalf("%s: found %d lines in example_test.go, want the whole program", tc.example, len(body))
		}
		if diff := cmp.Diff(body, code); diff != "" {
			t.Errorf("doc.go's %q differs from %s (-example +doc.go):\n%s", tc.heading, tc.example, diff)
		}
		if diff := cmp.Diff(want, output); diff != "" {
			t.Errorf("doc.go's output under %q differs from %s's (-example +doc.go):\n%s", tc.heading, tc.example, diff)
		}
	}
}

// walkthrough returns the code lines of the first indented block after
// heading in doc (blank lines left out), and the lines of the indented
// block after the next "It prints" paragraph.
func walkthrough(doc, heading string) (code, output []string) {
	_, rest, _ := strings.Cut(doc, heading+"\n")
	blocks := [][]string{nil, nil}
	b := 0
	for line := range strings.Lines(rest) {
		line = strings.TrimSuffix(line, "\n")
		switch {
		case strings.HasPrefix(line, "//\t"):
			blocks[b] = append(blocks[b], strings.TrimPrefix(line, "//\t"))
		case strings.HasPrefix(line, "// It prints"):
			b = 1
		case strings.HasPrefix(line, "// ") && len(blocks[b]) > 0 && b == 1:
			return blocks[0], blocks[1]
		}
	}
	return blocks[0], blocks[1]
}

// example returns the body of the named example and its output (blank
// lines left out of both).
func example(src, name string) (body, output []string) {
	_, rest, _ := strings.Cut(src, "func "+name+"() {\n")
	inOutput := false
	for line := range strings.Lines(rest) {
		line = strings.TrimSuffix(line, "\n")
		switch {
		case line == "}":
			return body, output
		case line == "\t// Output:":
			inOutput = true
		case inOutput && line == "\t//":
		case inOutput:
			output = append(output, strings.TrimPrefix(line, "\t// "))
		case line != "":
			body = append(body, strings.TrimPrefix(line, "\t"))
		}
	}
	return body, output
}

// TestReadmeIsExample checks that the Go code and the output the README
// shows under "A system and a variant, compared in Go" are the body and the
// output of the package's Example, which go test compiles and runs, so the
// README cannot drift from code that works.
func TestReadmeIsExample(t *testing.T) {
	readme := readFile(t, "README.md")
	ex := readFile(t, "example_test.go")
	_, section, ok := strings.Cut(readme, "\n## A system and a variant, compared in Go\n")
	if !ok {
		t.Fatal(`README.md: no section "## A system and a variant, compared in Go"`)
	}
	blocks := fencedBlocks(section)
	if len(blocks) < 2 || blocks[0].lang != "go" {
		t.Fatalf("README.md: want a go block and its output under the section, got %d blocks", len(blocks))
	}
	body, want := example(ex, "Example")
	if len(body) < 10 {
		t.Fatalf("found %d lines of Example in example_test.go, want the whole program", len(body))
	}
	if diff := cmp.Diff(body, nonBlank(blocks[0].lines)); diff != "" {
		t.Errorf("README.md's Go code differs from Example (-example +README):\n%s", diff)
	}
	if diff := cmp.Diff(want, nonBlank(blocks[1].lines)); diff != "" {
		t.Errorf("README.md's output differs from Example's (-example +README):\n%s", diff)
	}
}

// TestReadmeShort checks the README's length, which issue 44 caps at 250
// lines (the rest is in docs/), and that the Go version it asks for is
// go.mod's.
func TestReadmeShort(t *testing.T) {
	readme := readFile(t, "README.md")
	if n := strings.Count(readme, "\n"); n > 250 {
		t.Errorf("README.md: got %d lines, want at most 250 (move the detail to docs/)", n)
	}
	m := regexp.MustCompile(`Go (\d+\.\d+) or newer`).FindStringSubmatch(readme)
	if m == nil {
		t.Fatal(`README.md: no "Go X.Y or newer"`)
	}
	gomod := regexp.MustCompile(`(?m)^go (\d+\.\d+)`).FindStringSubmatch(readFile(t, "go.mod"))
	if gomod == nil {
		t.Fatal("go.mod: no go directive")
	}
	if m[1] != gomod[1] {
		t.Errorf("README.md asks for Go %s or newer, go.mod for go %s", m[1], gomod[1])
	}
}

// TestDocLinks checks that every relative link and image of README.md and
// docs/*.md names a file that exists and, with a #fragment into a markdown
// file, one of its headings as GitHub makes anchors of them.
func TestDocLinks(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	files = append([]string{"README.md"}, files...)
	if len(files) < 2 {
		t.Fatalf("got %d markdown files, want README.md and docs/*.md", len(files))
	}
	anchors := map[string]map[string]bool{} // file → its anchors
	anchorsOf := func(file string) map[string]bool {
		if a, ok := anchors[file]; ok {
			return a
		}
		a := headingAnchors(readFile(t, file))
		anchors[file] = a
		return a
	}
	checked := 0
	for _, file := range files {
		for _, link := range markdownLinks(readFile(t, file)) {
			if strings.Contains(link, "://") || strings.HasPrefix(link, "mailto:") {
				continue
			}
			checked++
			path, fragment, _ := strings.Cut(link, "#")
			target := file
			if path != "" {
				target = filepath.Join(filepath.Dir(file), filepath.FromSlash(path))
				if _, err := os.Stat(target); err != nil {
					t.Errorf("%s: link %q: %v", file, link, err)
					continue
				}
			}
			if fragment == "" {
				continue
			}
			if !strings.HasSuffix(target, ".md") {
				t.Errorf("%s: link %q: a fragment into a file that is not markdown", file, link)
				continue
			}
			if !anchorsOf(target)[fragment] {
				t.Errorf("%s: link %q: %s has no heading whose anchor is %q", file, link, target, fragment)
			}
		}
	}
	if checked < 20 {
		t.Errorf("got %d relative links in %s, want the docs' (is the link parser broken?)", checked, strings.Join(files, ", "))
	}
}

// TestDocCommandsAndPackages checks that the README's command table names
// every command under examples/, and that docs/packages.md names every
// command and every library package, so a new one cannot go unmentioned.
func TestDocCommandsAndPackages(t *testing.T) {
	commands, packages := modulePackages(t)
	if len(commands) < 10 || len(packages) < 20 {
		t.Fatalf("found %d commands and %d packages, want the module's", len(commands), len(packages))
	}
	readme := readFile(t, "README.md")
	pkgDoc := readFile(t, filepath.Join("docs", "packages.md"))
	for _, c := range []struct {
		file, text, section string
		want                []string
	}{
		{"README.md", readme, "## Commands", commands},
		{"docs/packages.md", pkgDoc, "## Commands", commands},
		{"docs/packages.md", pkgDoc, "## Library packages", packages},
	} {
		named := tableNames(c.text, c.section)
		for _, name := range c.want {
			if !named[name] {
				t.Errorf("%s: the table under %q does not name %s", c.file, c.section, name)
			}
		}
		for name := range named {
			if !slices.Contains(c.want, name) {
				t.Errorf("%s: the table under %q names %s, which is not in the module", c.file, c.section, name)
			}
		}
	}
}

// TestDataFileSizes checks the sizes docs/data-and-licences.md gives the
// embedded model and data files against the files.
func TestDataFileSizes(t *testing.T) {
	doc := readFile(t, filepath.Join("docs", "data-and-licences.md"))
	_, section, ok := strings.Cut(doc, "\n## Embedded models and data files\n")
	if !ok {
		t.Fatal(`docs/data-and-licences.md: no section "## Embedded models and data files"`)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	rows := 0
	for line := range strings.Lines(section) {
		cells := strings.Split(strings.TrimSpace(line), "|")
		if len(cells) < 5 || !strings.HasPrefix(strings.TrimSpace(cells[1]), "`") {
			continue
		}
		rows++
		path := strings.Trim(strings.TrimSpace(cells[1]), "`")
		want, err := strconv.ParseInt(strings.ReplaceAll(strings.TrimSpace(cells[3]), ",", ""), 10, 64)
		if err != nil {
			t.Errorf("docs/data-and-licences.md: %s: size %q: %v", path, cells[3], err)
			continue
		}
		fi, err := os.Stat(filepath.FromSlash(path))
		if err != nil {
			t.Errorf("docs/data-and-licences.md: %v", err)
			continue
		}
		if fi.Size() != want {
			t.Errorf("docs/data-and-licences.md: %s: got %d bytes, the page says %d", path, fi.Size(), want)
		}
	}
	if rows < 5 {
		t.Errorf("docs/data-and-licences.md: got %d rows of embedded files, want at least 5", rows)
	}
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// A block is a fenced code block of a markdown text: its language and
// its lines.
type block struct {
	lang  string
	lines []string
}

// fencedBlocks returns the fenced code blocks of a markdown text, in order.
func fencedBlocks(text string) []block {
	var blocks []block
	in := false
	for line := range strings.Lines(text) {
		line = strings.TrimSuffix(line, "\n")
		switch {
		case !in && strings.HasPrefix(line, "```"):
			in = true
			blocks = append(blocks, block{lang: strings.TrimPrefix(line, "```")})
		case in && line == "```":
			in = false
		case in:
			blocks[len(blocks)-1].lines = append(blocks[len(blocks)-1].lines, line)
		}
	}
	return blocks
}

func nonBlank(lines []string) []string {
	var out []string
	for _, l := range lines {
		if strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	return out
}

// prose returns a markdown text without its fenced code blocks and code
// spans, where links are not links.
func prose(text string) string {
	var b strings.Builder
	in := false
	for line := range strings.Lines(text) {
		if strings.HasPrefix(line, "```") {
			in = !in
			b.WriteString("\n")
			continue
		}
		if !in {
			b.WriteString(line)
		} else {
			b.WriteString("\n")
		}
	}
	return regexp.MustCompile("`[^`\n]*`").ReplaceAllString(b.String(), "")
}

// markdownLinks returns the targets of a markdown text's inline links and
// images, [text](target) and ![alt](target); the text may span lines.
func markdownLinks(text string) []string {
	var links []string
	for _, m := range regexp.MustCompile(`\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)`).FindAllStringSubmatch(prose(text), -1) {
		links = append(links, m[1])
	}
	return links
}

// headingAnchors returns the anchors GitHub gives the headings of a
// markdown text: lower case, every character but letters, digits, spaces,
// hyphens and underscores dropped, spaces made hyphens, and "-1", "-2", …
// added to repeats.
func headingAnchors(text string) map[string]bool {
	anchors := map[string]bool{}
	seen := map[string]int{}
	for line := range strings.Lines(prose(strings.ReplaceAll(text, "`", ""))) {
		line = strings.TrimSpace(line)
		level := len(line) - len(strings.TrimLeft(line, "#"))
		if level == 0 || level > 6 || !strings.HasPrefix(line[level:], " ") {
			continue
		}
		var b strings.Builder
		for _, r := range strings.ToLower(strings.TrimSpace(line[level:])) {
			switch {
			case unicode.IsLetter(r), unicode.IsDigit(r), r == '-', r == '_':
				b.WriteRune(r)
			case r == ' ':
				b.WriteRune('-')
			}
		}
		a := b.String()
		if n := seen[a]; n > 0 {
			anchors[fmt.Sprintf("%s-%d", a, n)] = true
		} else {
			anchors[a] = true
		}
		seen[a]++
	}
	return anchors
}

// tableNames returns the names in code spans in the first cells of the
// table rows under a section heading of a markdown text.
func tableNames(text, heading string) map[string]bool {
	named := map[string]bool{}
	_, section, ok := strings.Cut(text, "\n"+heading+"\n")
	if !ok {
		return named
	}
	section, _, _ = strings.Cut(section, "\n## ")
	for line := range strings.Lines(section) {
		cells := strings.Split(line, "|")
		if !strings.HasPrefix(line, "|") || len(cells) < 3 {
			continue
		}
		for _, m := range regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(cells[1], -1) {
			named[m[1]] = true
		}
	}
	return named
}

// modulePackages returns the module's commands under examples/ (as
// "advanced", "tira/sampleinput") and its library packages (as "corpus",
// "retrieval/lexical"), leaving out the root package, internal packages and
// testdata.
func modulePackages(t *testing.T) (commands, packages []string) {
	t.Helper()
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		name := d.Name()
		if path != "." && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || name == "internal") {
			return filepath.SkipDir
		}
		if path == "." {
			return nil
		}
		goFiles, err := filepath.Glob(filepath.Join(path, "*.go"))
		if err != nil {
			return err
		}
		for _, f := range goFiles {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			file, err := parser.ParseFile(fset, f, nil, parser.PackageClauseOnly)
			if err != nil {
				return err
			}
			slash := filepath.ToSlash(path)
			if file.Name.Name != "main" {
				packages = append(packages, slash)
			} else if cmd, ok := strings.CutPrefix(slash, "examples/"); ok {
				commands = append(commands, cmd)
			}
			break
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return commands, packages
}
