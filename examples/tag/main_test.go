package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/classify"
	"github.com/argsearch/argsearch/examples/internal/cli"
)

// tagLines runs tag with args on in and returns its output lines.
func tagLines(t *testing.T, in string, args ...string) []string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), args, strings.NewReader(in), &stdout, &stderr); code != cli.ExitOK {
		t.Fatalf("tag %q: exit %d: %s", args, code, stderr.String())
	}
	return strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
}

// TestTagUnjudgeable: text that cannot be judged gets Q0 (and PRO with
// 0.5000 with -force).
func TestTagUnjudgeable(t *testing.T) {
	in := "nuclear energy\t?!.,;:\n" +
		"nuclear energy\thttp://a.example/x www.b.example\n" +
		"nuclear energy\tАтомная энергия опасна .\n" +
		"nuclear energy\t原子力は危険です。\n"
	for _, l := range tagLines(t, in) {
		if l != "Q0\t0.0000\t0.0000" {
			t.Errorf("got %q, want Q0", l)
		}
	}
	for _, l := range tagLines(t, in, "-force") {
		if l != "PRO\t0.5000\t0.0000" {
			t.Errorf("-force: got %q, want PRO 0.5000", l)
		}
	}
}

// TestTagBadInput: a line the tagger cannot take (an empty topic or text,
// invalid UTF-8, a text of 1 MB) stops the command with exit 1 and an error
// naming the line, with and without -force; the lines before it are
// written.
func TestTagBadInput(t *testing.T) {
	good := "nuclear energy\tNuclear power plants produce dangerous waste .\n"
	for _, c := range []struct{ line, want string }{
		{"nuclear energy\t", "empty text"},
		{"\tNuclear waste is dangerous .", "empty topic"},
		{"nuclear energy\t\xff\xfe not UTF-8 \xc3", "not valid UTF-8"},
		{"nuclear energy\t" + strings.Repeat("Nuclear waste is dangerous . ", 36000), "longer than"},     // 1 MB
		{"nuclear energy\t" + strings.Repeat("Nuclear waste is dangerous . ", 360000), "stance's limit"}, // 10 MB, beyond a line
	} {
		for _, args := range [][]string{nil, {"-force"}} {
			var stdout, stderr bytes.Buffer
			code := run(context.Background(), args, strings.NewReader(good+c.line+"\n"+good), &stdout, &stderr)
			if code != cli.ExitError || !strings.Contains(stderr.String(), "line 2") || !strings.Contains(stderr.String(), c.want) || stderr.Len() > 1000 {
				t.Errorf("%q %.30q: exit %d, stderr %q; want 1 naming line 2 and %q", args, c.line, code, stderr.String(), c.want)
			}
			if n := strings.Count(stdout.String(), "\n"); n != 1 {
				t.Errorf("%q %.30q: %d lines written before the error, want 1", args, c.line, n)
			}
		}
	}
}

// TestForce checks -force: PRO or CON on every line, with a confidence of
// at least 0.5; where the three-way tagger already says PRO or CON, the
// same side; for a text that cannot be judged, PRO with 0.5.
func TestForce(t *testing.T) {
	in := "school uniforms\tUniforms create a sense of equality and help students focus on learning .\n" +
		"school uniforms\tSchool uniforms are expensive and restrict students' freedom of expression .\n" +
		"nuclear energy\tThe weather was nice yesterday .\n" +
		"nuclear energy\tNuclear power plants produce dangerous waste that lasts for millennia .\n" +
		"nuclear energy\t?!\n"
	plain := tagLines(t, in)
	forced := tagLines(t, in, "-force")
	if len(forced) != len(plain) {
		t.Fatalf("-force: %d lines for %d inputs", len(forced), len(plain))
	}
	for i, l := range forced {
		f := strings.Split(l, "\t")
		p := strings.Split(plain[i], "\t")
		conf, err := strconv.ParseFloat(f[1], 64)
		if len(f) != 3 || err != nil || (f[0] != "PRO" && f[0] != "CON") || conf < 0.5 || conf > 1 {
			t.Errorf("line %d: got %q, want PRO or CON with a confidence in [0.5, 1]", i+1, l)
			continue
		}
		if (p[0] == "PRO" || p[0] == "CON") && f[0] != p[0] {
			t.Errorf("line %d: -force says %s, the tagger %s", i+1, f[0], p[0])
		}
		if p[0] == "Q0" && (f[0] != "PRO" || f[1] != "0.5000") {
			t.Errorf("line %d (cannot be judged): got %q, want PRO with 0.5000", i+1, l)
		}
		if f[2] != p[2] {
			t.Errorf("line %d: argumentativeness %s with -force, %s without", i+1, f[2], p[2])
		}
	}
	if forced[0] == plain[0] && forced[1] == plain[1] && forced[3] == plain[3] {
		t.Errorf("-force renormalised no confidence: %q", forced)
	}
}

// TestModelFiles checks that -stance-model and -arg-model read model files
// (here the shipped models, written out) and that a bad file is an error
// naming it.
func TestModelFiles(t *testing.T) {
	dir := t.TempDir()
	st, _ := classify.ShippedStanceModel()
	arg, _ := classify.ShippedArgumentModel()
	var sb, ab bytes.Buffer
	st.WriteTo(&sb)
	arg.WriteTo(&ab)
	sp, ap, bad := filepath.Join(dir, "stance.lin"), filepath.Join(dir, "arg.lin"), filepath.Join(dir, "bad.lin")
	os.WriteFile(sp, sb.Bytes(), 0o644)
	os.WriteFile(ap, ab.Bytes(), 0o644)
	os.WriteFile(bad, []byte("not a model"), 0o644)
	in := "school uniforms\tUniforms help students focus on learning .\n"
	if got, want := tagLines(t, in, "-stance-model", sp, "-arg-model", ap), tagLines(t, in); got[0] != want[0] {
		t.Errorf("with the model files: %q, shipped models: %q", got, want)
	}
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"-stance-model", bad}, strings.NewReader(in), &stdout, &stderr); code != cli.ExitError ||
		!strings.Contains(stderr.String(), "bad.lin") {
		t.Errorf("bad model: exit %d, stderr %q; want 1 naming the file", code, stderr.String())
	}
}

func TestTagNoTab(t *testing.T) {
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), nil, strings.NewReader("topic\tok text here\nno tab here\n"), &stdout, &stderr)
	if code != cli.ExitError || !strings.Contains(stderr.String(), "line 2") {
		t.Errorf("exit %d, stderr %q; want 1 and an error naming line 2", code, stderr.String())
	}
}

// unread fails the test if it is read.
type unread struct{ t *testing.T }

func (u unread) Read([]byte) (int, error) {
	u.t.Error("standard input was read")
	return 0, nil
}

// TestCommandLine checks that -h and bad flags do not read standard input.
func TestCommandLine(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		status int
		want   string
	}{
		{[]string{"-h"}, cli.ExitOK, "usage: tag"},
		{[]string{"-no-such-flag"}, cli.ExitUsage, "-no-such-flag"},
		{[]string{"extra"}, cli.ExitUsage, `unexpected argument "extra"`},
	} {
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), tc.args, unread{t}, &stdout, &stderr)
		out := stderr.String()
		if tc.status == cli.ExitOK {
			out = stdout.String()
		}
		if code != tc.status || !strings.Contains(out, tc.want) {
			t.Errorf("%q: exit %d, output %q; want %d and %q", tc.args, code, out, tc.status, tc.want)
		}
	}
}
