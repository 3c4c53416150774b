package cli

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"
)

// newTest returns a command with an int, a float and a choice flag, taking
// at most one argument, and the buffers it writes to.
func newTest() (*Command, *bytes.Buffer, *bytes.Buffer) {
	var stdout, stderr bytes.Buffer
	c := New("demo", "demo [flags] [FILE]", "Demo does nothing.", &stdout, &stderr)
	c.MaxArgs = 1
	c.Int("k", 10, 1, 1000, "results per topic")
	c.Float("threshold", 0.5, 0, 1, "a probability")
	c.OneOf("unit", []string{"sentence", "argument"}, "what to retrieve")
	return c, &stdout, &stderr
}

func TestRun(t *testing.T) {
	fail := errors.New("demo: the disk is full")
	for _, tc := range []struct {
		name     string
		args     []string
		work     error
		code     int
		stdout   string // in stdout
		stderr   string // in stderr
		worked   bool
		noStderr bool
	}{
		{name: "help", args: []string{"-h"}, code: ExitOK, stdout: "usage: demo [flags] [FILE]\n\nDemo does nothing.\n\nMore: go doc github.com/argsearch/argsearch/examples/demo\n\nflags:\n", noStderr: true},
		{name: "long help", args: []string{"-help"}, code: ExitOK, stdout: "-threshold float"},
		{name: "help after other flags", args: []string{"-k", "5", "-h"}, code: ExitOK, stdout: "usage: demo"},
		{name: "ok", args: []string{"-k", "5", "file"}, code: ExitOK, worked: true, noStderr: true},
		{name: "unknown flag", args: []string{"-nope"}, code: ExitUsage, stderr: "demo: flag provided but not defined: -nope\nrun 'demo -h' for usage"},
		{name: "bad int", args: []string{"-k", "x"}, code: ExitUsage, stderr: `-k`},
		{name: "int below range", args: []string{"-k", "0"}, code: ExitUsage, stderr: "demo: -k 0, want 1 to 1000"},
		{name: "int above range", args: []string{"-k", "1001"}, code: ExitUsage, stderr: "-k 1001, want 1 to 1000"},
		{name: "float above range", args: []string{"-threshold", "7"}, code: ExitUsage, stderr: "-threshold 7, want 0 to 1"},
		{name: "float NaN", args: []string{"-threshold", "NaN"}, code: ExitUsage, stderr: "-threshold NaN"},
		{name: "bad choice", args: []string{"-unit", "word"}, code: ExitUsage, stderr: `-unit "word", want sentence, argument`},
		{name: "stray argument", args: []string{"a", "b"}, code: ExitUsage, stderr: `unexpected argument "b"`},
		{name: "usage error from work", args: nil, work: Usagef("-k and -all exclude each other"), code: ExitUsage, stderr: "demo: -k and -all exclude each other", worked: true},
		{name: "failure, prefix once", args: nil, work: fail, code: ExitError, stderr: "demo: the disk is full\n", worked: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, stdout, stderr := newTest()
			worked := false
			code := c.Run(tc.args, func(args []string) error {
				worked = true
				return tc.work
			})
			if code != tc.code || worked != tc.worked {
				t.Errorf("got exit %d, worked %v; want %d, %v (stderr %q)", code, worked, tc.code, tc.worked, stderr.String())
			}
			if !strings.Contains(stdout.String(), tc.stdout) || !strings.Contains(stderr.String(), tc.stderr) {
				t.Errorf("stdout %q, stderr %q; want %q and %q in them", stdout.String(), stderr.String(), tc.stdout, tc.stderr)
			}
			if tc.noStderr && stderr.Len() > 0 {
				t.Errorf("stderr %q, want nothing", stderr.String())
			}
			if strings.Count(stderr.String(), "demo: demo:") > 0 {
				t.Errorf("stderr %q repeats the prefix", stderr.String())
			}
		})
	}
}

// TestHelpDoc checks the line that names the documentation: Doc, or
// none when Doc is empty.
func TestHelpDoc(t *testing.T) {
	c, stdout, _ := newTest()
	c.Doc = "example.com/demo"
	c.Run([]string{"-h"}, nil)
	if !strings.Contains(stdout.String(), "\n\nMore: go doc example.com/demo\n\nflags:\n") {
		t.Errorf("Doc %q: got\n%s", c.Doc, stdout.String())
	}
	c, stdout, _ = newTest()
	c.Doc = ""
	c.Run([]string{"-h"}, nil)
	if strings.Contains(stdout.String(), "More:") || !strings.Contains(stdout.String(), "Demo does nothing.\n\nflags:\n") {
		t.Errorf("no Doc: got\n%s", stdout.String())
	}
}

func TestWrap(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"\n \n", ""},
		{"a b c", "a b c\n"},
		{"aaa bbb ccc ddd", "aaa bbb\nccc ddd\n"},
		{"aaa\nbbb ccc", "aaa bbb\nccc\n"},    // lines of a paragraph join
		{"aaaaaaaaaaa b", "aaaaaaaaaaa\nb\n"}, // a word wider than the line gets a line of its own
		{"éééé ü", "éééé ü\n"},                // columns are runes
		{"\n\naaa\n\n\n\nbbb\n\n", "aaa\n\nbbb\n"},
		{"aaa\n  x   y  \n\tz\nbbb ccc ddd", "aaa\n  x   y\n\tz\nbbb ccc\nddd\n"}, // indented lines are kept
	} {
		if got := wrap(tc.in, 7); got != tc.want {
			t.Errorf("wrap(%q, 7): got %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestMinArgs(t *testing.T) {
	c, _, stderr := newTest()
	c.MinArgs, c.MaxArgs = 2, -1
	if code := c.Run([]string{"a"}, func([]string) error { return nil }); code != ExitUsage || !strings.Contains(stderr.String(), "missing arguments") {
		t.Errorf("one argument of at least two: exit %d, stderr %q", code, stderr.String())
	}
	var got []string
	c, _, _ = newTest()
	c.MaxArgs = -1
	c.Run([]string{"-k", "3", "a", "b", "c"}, func(args []string) error { got = args; return nil })
	if strings.Join(got, ",") != "a,b,c" {
		t.Errorf("got arguments %q", got)
	}
}

func TestProgressLine(t *testing.T) {
	p := NewProgress(&bytes.Buffer{}, false, "indexing", 200, nil)
	if got, want := p.line(50, 10*time.Second), "indexing [#####...............]  25%  50/200  10s  ETA 30s   "; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	p = NewProgress(&bytes.Buffer{}, false, "reading", 0, Megabytes)
	if got, want := p.line(3_000_000, time.Second), "reading  3 MB  1s   "; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	var nilBar *Progress
	nilBar.Update(1) // must not panic
	nilBar.Done(1)
	if NewProgress(&bytes.Buffer{}, true, "x", 1, nil) != nil || NewProgress(nil, false, "x", 1, nil) != nil {
		t.Error("quiet or without a writer: want a nil Progress")
	}
}

// TestProgressPlain checks the display off a terminal: plain lines, no
// carriage returns, one every ten seconds and one at the end, once.
func TestProgressPlain(t *testing.T) {
	var b bytes.Buffer
	p := NewProgress(&b, false, "topics", 4, nil)
	clock := p.start
	p.now = func() time.Time { return clock }
	p.Update(1) // too soon
	clock = clock.Add(11 * time.Second)
	p.Update(2)
	clock = clock.Add(time.Second)
	p.Update(3) // too soon
	p.Done(4)
	p.Done(4)
	p.Update(4)
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if strings.Contains(b.String(), "\r") || len(lines) != 2 || !strings.HasPrefix(lines[0], "topics [##########") || !strings.Contains(lines[1], "100%  4/4") {
		t.Errorf("got %q, want two plain lines, at 50%% and 100%%", b.String())
	}
}

// TestProgressTerminal checks the display on a terminal: a bar redrawn
// with carriage returns, ended with a newline.
func TestProgressTerminal(t *testing.T) {
	var b bytes.Buffer
	p := NewProgress(&b, false, "topics", 2, nil)
	p.terminal, p.every = true, 0
	p.Update(1)
	p.Done(2)
	if !strings.HasSuffix(b.String(), "100%  2/2  0s   \n") || !strings.HasPrefix(b.String(), "\rtopics [") {
		t.Errorf("got %q, want a bar redrawn with \\r and ended at 100%% with a newline", b.String())
	}
}
