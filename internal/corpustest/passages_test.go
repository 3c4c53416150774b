package corpustest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
)

func TestWritePassages(t *testing.T) {
	var a, b bytes.Buffer
	c := Config{Seed: 3, Vocabulary: 5000}
	n, err := WritePassages(context.Background(), &a, c, 500)
	if err != nil {
		t.Fatal(err)
	}
	if n != int64(a.Len()) {
		t.Errorf("reported %d bytes, wrote %d", n, a.Len())
	}
	if _, err := WritePassages(context.Background(), &b, c, 500); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("same config, different output")
	}
	lines := strings.Split(strings.TrimSuffix(a.String(), "\n"), "\n")
	if len(lines) != 500 {
		t.Fatalf("%d lines, want 500", len(lines))
	}
	ids := map[string]bool{}
	for i, l := range lines {
		var p struct{ ID, Contents, ChatNoirURL string }
		if err := json.Unmarshal([]byte(l), &p); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		if ids[p.ID] || !strings.HasPrefix(p.ID, "clueweb12-") || !strings.Contains(p.ID, "___") || p.Contents == "" {
			t.Fatalf("line %d: id %q, contents %q", i+1, p.ID, p.Contents)
		}
		ids[p.ID] = true
	}
	// Hostile text, escaped as Python escapes it.
	for _, s := range []string{`\"`, `\\`, `\n`, `\u`} {
		if !strings.Contains(a.String(), s) {
			t.Errorf("no %s in 500 passages", s)
		}
	}
	for _, r := range a.String() {
		if r > 0x7f {
			t.Fatalf("non-ASCII %q written raw, want \\u escapes", r)
		}
	}
}

func TestAppendPyJSON(t *testing.T) {
	for in, want := range map[string]string{
		"a\"b\\c\n\t\x01é😀\xff\x7f": `"a\"b\\c\n\t\u0001\u00e9\ud83d\ude00\udcff` + "\x7f" + `"`,
	} {
		if got := string(appendPyJSON(nil, in)); got != want {
			t.Errorf("got %s, want %s", got, want)
		}
	}
}

func TestComparativeTopics(t *testing.T) {
	ts := ComparativeTopics(Config{Seed: 1, Vocabulary: 5000})
	if len(ts) != NumQueries {
		t.Fatalf("%d topics", len(ts))
	}
	for _, x := range ts {
		if x.Objects[0] == x.Objects[1] || !strings.Contains(x.Title, x.Objects[0]) || !strings.Contains(x.Title, x.Objects[1]) {
			t.Errorf("topic %+v", x)
		}
	}
}

// TestWritePassagesBadConfig checks that a configuration Write refuses is
// refused by WritePassages too, as an error rather than a panic in the
// generator (a vocabulary of 500 words once indexed past its end).
func TestWritePassagesBadConfig(t *testing.T) {
	_, err := WritePassages(context.Background(), io.Discard, Config{Vocabulary: 500}, 10)
	if err == nil || !strings.Contains(err.Error(), "corpustest: Vocabulary 500") {
		t.Fatalf("WritePassages with Vocabulary 500: error %v, want one naming the vocabulary", err)
	}
}
