package corpus

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/argsearch/argsearch/corpus/sample"
	"github.com/argsearch/argsearch/internal/corpustest"
	"github.com/argsearch/argsearch/internal/docid"
	"github.com/argsearch/argsearch/stance"
)

// readAllT reads every argument of r, failing the test on an error.
func readAllT(t testing.TB, r *Reader) []Argument {
	t.Helper()
	var out []Argument
	for a, err := range r.All() {
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, a)
	}
	return out
}

// withoutSentences returns args with their Sentences removed, to compare
// what the two formats share.
func withoutSentences(args []Argument) []Argument {
	out := make([]Argument, len(args))
	for i, a := range args {
		a.Sentences = nil
		out[i] = a
	}
	return out
}

// TestHostileCSV reads a processed CSV written by Python's csv and repr()
// with hostile texts and compares it with what csv + ast.literal_eval read
// (testdata/make_hostile.py writes both files).
func TestHostileCSV(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "hostile.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := NewCSVReader(f)
	r.KeepSourceText = true
	got := readAllT(t, r)

	var golden []struct {
		ID, Conclusion string
		Premises       []struct{ Text, Stance string }
		Context        map[string]any
		Sentences      []struct {
			SentID   string `json:"sent_id"`
			SentText string `json:"sent_text"`
		}
	}
	data, err := os.ReadFile(filepath.Join("testdata", "hostile.golden.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &golden); err != nil {
		t.Fatal(err)
	}
	str := func(m map[string]any, k string) string {
		s, _ := m[k].(string) // None is JSON null: ""
		return s
	}
	var want []Argument
	for _, g := range golden {
		a := Argument{ID: g.ID, Conclusion: g.Conclusion}
		for _, p := range g.Premises {
			st, err := stance.Parse(p.Stance)
			if err != nil {
				t.Fatal(err)
			}
			a.Premises = append(a.Premises, Premise{Text: p.Text, Stance: st})
		}
		a.Context = Context{
			SourceID:           str(g.Context, "sourceId"),
			DiscussionTitle:    str(g.Context, "discussionTitle"),
			SourceTitle:        str(g.Context, "sourceTitle"),
			SourceURL:          str(g.Context, "sourceUrl"),
			PreviousArgumentID: str(g.Context, "previousArgumentInSourceId"),
			NextArgumentID:     str(g.Context, "nextArgumentInSourceId"),
			AcquisitionTime:    str(g.Context, "acquisitionTime"),
			SourceText:         str(g.Context, "sourceText"),
		}
		if a.Context.SourceURL != "" {
			a.Context.SourceDomain = "debate.org" // from https://www.Debate.org/…
		}
		for _, s := range g.Sentences {
			a.Sentences = append(a.Sentences, Sentence{ID: s.SentID, Text: s.SentText})
		}
		want = append(want, a)
	}
	if len(want) == 0 {
		t.Fatal("empty golden file")
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("got/want diff (-want +got):\n%s", diff)
	}
}

// TestHostileJSON reads the same arguments from the args.me JSON format.
func TestHostileJSON(t *testing.T) {
	read := func(name string, newReader func(io.Reader) *Reader) []Argument {
		f, err := os.Open(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		r := newReader(f)
		r.KeepSourceText = true
		return readAllT(t, r)
	}
	want := withoutSentences(read("hostile.csv", NewCSVReader))
	got := read("hostile.json", newJSONReader)
	for _, a := range got {
		for _, s := range a.Sentences {
			if strings.TrimSpace(s.Text) != s.Text || !hasTwoWords(s.Text) {
				t.Errorf("sentence %s = %q: want trimmed text of two words or more", s.ID, s.Text)
			}
		}
	}
	if diff := cmp.Diff(want, withoutSentences(got)); diff != "" {
		t.Errorf("got/want diff (-want CSV +got JSON):\n%s", diff)
	}
}

// TestSampleFormatsAgree checks that the two formats of the embedded sample
// hold the same arguments.
func TestSampleFormatsAgree(t *testing.T) {
	csvArgs := readAllT(t, NewCSVReader(sample.Touche2021().ProcessedCSV()))
	jsonArgs := readAllT(t, newJSONReader(sample.Touche2021().JSON()))
	if len(csvArgs) != 643 {
		t.Errorf("CSV sample: got %d arguments, want 643", len(csvArgs))
	}
	if diff := cmp.Diff(withoutSentences(csvArgs), withoutSentences(jsonArgs)); diff != "" {
		t.Errorf("got/want diff (-CSV +JSON):\n%s", diff)
	}
	ids := map[string]bool{}
	for _, a := range csvArgs {
		if ids[a.ID] {
			t.Errorf("duplicate id %s", a.ID)
		}
		ids[a.ID] = true
		for _, p := range a.Premises {
			if p.Stance != stance.Pro && p.Stance != stance.Con {
				t.Errorf("%s: premise stance %v, want PRO or CON", a.ID, p.Stance)
			}
		}
	}
}

// TestSharedSample reads the sample files in ../shared/data through Open and
// checks them against each other and against the embedded copy.
func TestSharedSample(t *testing.T) {
	dir := filepath.Join("..", "..", "shared", "data", "argsme-sample")
	csvPath := filepath.Join(dir, "args_processed_sample.csv")
	jsonPath := filepath.Join(dir, "args-me_sample.json")
	for _, p := range []string{csvPath, jsonPath} {
		if _, err := os.Stat(p); err != nil {
			t.Skipf("%s: %v", p, err)
		}
	}
	open := func(path string) []Argument {
		r, err := Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		return readAllT(t, r)
	}
	csvArgs, jsonArgs := open(csvPath), open(jsonPath)
	if len(csvArgs) != 643 || len(jsonArgs) != 643 {
		t.Fatalf("got %d CSV and %d JSON arguments, want 643 each", len(csvArgs), len(jsonArgs))
	}
	if diff := cmp.Diff(withoutSentences(csvArgs), withoutSentences(jsonArgs)); diff != "" {
		t.Errorf("got/want diff (-CSV +JSON):\n%s", diff)
	}
	if diff := cmp.Diff(readAllT(t, NewCSVReader(sample.Touche2021().ProcessedCSV())), csvArgs); diff != "" {
		t.Errorf("got/want diff (-embedded +shared):\n%s", diff)
	}
}

// TestSampleCSVMatchesPython compares the whole embedded CSV sample with
// what Python's csv and ast.literal_eval read from it, recorded by
// testdata/make_sample_golden.py as counts and a SHA-256.
func TestSampleCSVMatchesPython(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "sample.golden.txt"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for line := range strings.Lines(string(data)) {
		k, v, _ := strings.Cut(strings.TrimSpace(line), " ")
		want[k] = v
	}
	h := sha256.New()
	put := func(s string) { h.Write([]byte(s)); h.Write([]byte{'\n'}) }
	var args, premises, sentences int
	for _, a := range readAllT(t, NewCSVReader(sample.Touche2021().ProcessedCSV())) {
		args++
		put(a.ID)
		put(a.Conclusion)
		for _, p := range a.Premises {
			premises++
			put(p.Stance.String())
			put(p.Text)
		}
		for _, s := range a.Sentences {
			sentences++
			put(s.ID)
			put(s.Text)
		}
	}
	got := map[string]string{
		"arguments": fmt.Sprint(args),
		"premises":  fmt.Sprint(premises),
		"sentences": fmt.Sprint(sentences),
		"sha256":    hex.EncodeToString(h.Sum(nil)),
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("got/want diff (-Python +Go):\n%s", diff)
	}
}

func TestKeepSourceText(t *testing.T) {
	for _, name := range []string{"hostile.csv", "hostile.json"} {
		for _, keep := range []bool{false, true} {
			r, err := Open(filepath.Join("testdata", name))
			if err != nil {
				t.Fatal(err)
			}
			r.KeepSourceText = keep
			for _, a := range readAllT(t, r) {
				if got := a.Context.SourceText != ""; got != keep {
					t.Errorf("%s, KeepSourceText=%v: got source text %v, want %v", name, keep, got, keep)
				}
			}
			r.Close()
		}
	}
}

const csvHead = "id,conclusion,premises,context,sentences\n"

// csvRow builds a record with the given literal columns.
func csvRow(id, conclusion, premises, context, sentences string) string {
	q := func(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }
	return strings.Join([]string{id, q(conclusion), q(premises), q(context), q(sentences)}, ",") + "\n"
}

var goodRow = csvRow("a1", "Cats are fine", `[{'text': 'Cats are fine. Really.', 'stance': 'PRO'}]`,
	`{'sourceId': 's1', 'sourceUrl': None}`,
	`[{'sent_id': 'a1__PREMISE__1', 'sent_text': 'Cats are fine.'}, {'sent_id': 'a1__CONC__1', 'sent_text': 'Cats are fine'}]`)

func TestMalformedCSV(t *testing.T) {
	tests := []struct {
		name   string
		input  string
		record int
		line   int
		field  string
		msg    string // in the error's message
		is     error
	}{
		{"empty", "", 0, 0, "", "empty input", nil},
		{"bad header", "id,conclusion,premises,context,sentence\n" + goodRow, 0, 1, "header", `want "id,conclusion,premises,context,sentences"`, nil},
		{"short header", "id,conclusion,premises,context\n" + goodRow, 0, 1, "header", "want", nil},
		{"too few columns", csvHead + goodRow + "a2,c,[],{}\n", 2, 3, "", "got 4 fields, want 5", csv.ErrFieldCount},
		{"too many columns", csvHead + goodRow + goodRow[:len(goodRow)-1] + ",x\n", 2, 3, "", "got 6 fields, want 5", csv.ErrFieldCount},
		{"unterminated quote", csvHead + goodRow + goodRow[:len(goodRow)-20], 2, 3, "sentences", `record 2 (line 3, column 219), field sentences: unexpected EOF in quoted field: extraneous or missing " in quoted-field`, io.ErrUnexpectedEOF},
		{"unterminated quote is a bad quote", csvHead + goodRow + goodRow[:len(goodRow)-20], 2, 3, "sentences", "", csv.ErrQuote},
		{"unterminated multiline quote", csvHead + "a1,\"two\r\nlines", 1, 2, "conclusion", `record 1 (line 2), field conclusion: line 3, column 6: unexpected EOF`, io.ErrUnexpectedEOF},
		{"bare quote", csvHead + `a"1,c,[],{},[]` + "\n", 1, 2, "id", `record 1 (line 2, column 2), field id: bare " in non-quoted-field`, csv.ErrBareQuote},
		{"text after quote", csvHead + csvRow("a1", "c", "[]", "{}", "[]")[:11] + "x,{},[]\n", 1, 2, "premises", "record 1 (line 2, column 11), field premises: extraneous", csv.ErrQuote},
		{"bare CR", csvHead + "a1,c\r,[],{},[]\r\n", 1, 2, "conclusion", `record 1 (line 2, column 5), field conclusion: bare \r in non-quoted field`, nil},
		{"bad header quote", "id,\"conclusion\"x\n", 0, 1, "header", "bad.csv: line 1, column 15, field header: extraneous", csv.ErrQuote},
		{"binary", "\x8f\x01id\x00\xff\xfe\"q\x02,\r\x03", 0, 1, "header", `corpus: bad.csv: line 1, column 8, field header: bare " in non-quoted-field`, nil},
		{"empty id", csvHead + csvRow("", "c", "[]", "{}", "[]"), 1, 2, "id", "empty argument id", nil},
		{"premises not a list", csvHead + csvRow("a1", "c", "{}", "{}", "[]"), 1, 2, "premises", `expected '['`, nil},
		{"premises bad literal", csvHead + goodRow + csvRow("a2", "c", `[{'text': 'x', 'stance': 'PRO'}`, "{}", "[]"), 2, 3, "premises", "offset 31: expected ']'", nil},
		{"premise without text", csvHead + csvRow("a1", "c", `[{'stance': 'PRO'}]`, "{}", "[]"), 1, 2, "premises", "premise 1: no 'text'", nil},
		{"bad stance", csvHead + csvRow("a1", "c", `[{'text': 'x', 'stance': 'PRO'}, {'text': 'y', 'stance': 'MAYBE'}]`, "{}", "[]"), 1, 2, "premises", `premise 2: "stance": stance: unknown label "MAYBE"`, nil},
		{"duplicate id", csvHead + goodRow + csvRow("a2", "c", "[]", "{}", "[]") + goodRow, 3, 4, "id", `argument id "a1" is also the id of record 1 (line 2)`, errDuplicateID},
		{"context bad escape", csvHead + csvRow("a1", "c", "[]", `{'sourceId': 'bad \x4 escape'}`, "[]"), 1, 2, "context", `truncated \x escape`, nil},
		{"context wrong type", csvHead + csvRow("a1", "c", "[]", `{'sourceTitle': 12}`, "[]"), 1, 2, "context", `"sourceTitle": want a string or None`, nil},
		{"context trailing", csvHead + csvRow("a1", "c", "[]", `{} x`, "[]"), 1, 2, "context", "expected end of input", nil},
		{"sentences unterminated string", csvHead + csvRow("a1", "c", "[]", "{}", `[{'sent_id': 'a1__PREMISE__1', 'sent_text': 'open]`), 1, 2, "sentences", "unterminated string literal", nil},
		{"sentence without id", csvHead + csvRow("a1", "c", "[]", "{}", `[{'sent_text': 'x y'}]`), 1, 2, "sentences", "sentence 1: no 'sent_id'", nil},
		{"sentence newline", csvHead + goodRow + csvRow("a2", "multi\nline\nconclusion", "[]", "{}", "[{'sent_id': 'x', 'sent_text': 'a\nb'}]"), 2, 3, "sentences", "newline in string literal", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := NewCSVReader(strings.NewReader(tt.input))
			r.Name = "bad.csv"
			var err error
			for err == nil {
				_, err = r.Read()
			}
			var pe *formatError
			if !errors.As(err, &pe) {
				t.Fatalf("got error %v, want a *formatError", err)
			}
			if pe.File != "bad.csv" || pe.Record != tt.record || pe.Line != tt.line || pe.Field != tt.field {
				t.Errorf("got file %q record %d line %d field %q, want bad.csv record %d line %d field %q (%v)",
					pe.File, pe.Record, pe.Line, pe.Field, tt.record, tt.line, tt.field, err)
			}
			msg := err.Error()
			if !strings.Contains(msg, tt.msg) || !strings.HasPrefix(msg, "corpus: bad.csv: ") || strings.Count(msg, "corpus: ") != 1 {
				t.Errorf("got message %q, want one starting with %q, holding %q, and no second prefix", msg, "corpus: bad.csv: ", tt.msg)
			}
			if tt.field != "" && !strings.Contains(msg, "field "+tt.field) {
				t.Errorf("got message %q, want it to name field %s", msg, tt.field)
			}
			for _, pos := range regexp.MustCompile(`(line|column) \d+\b`).FindAllString(msg, -1) {
				if strings.Count(msg, pos+",")+strings.Count(msg, pos+")")+strings.Count(msg, pos+":") > 1 {
					t.Errorf("got message %q, which names %s twice", msg, pos)
				}
			}
			if tt.is != nil && !errors.Is(err, tt.is) {
				t.Errorf("got %v, want it to wrap %v", err, tt.is)
			}
			if _, again := r.Read(); again != err {
				t.Errorf("second Read: got %v, want the sticky %v", again, err)
			}
		})
	}
}

func TestMultilineRecordLines(t *testing.T) {
	row2 := csvRow("a2", "two\nlines", "[]", "{}", "[]")
	in := csvHead + goodRow + row2 + csvRow("a3", "c", "[", "{}", "[]")
	r := NewCSVReader(strings.NewReader(in))
	var err error
	n := 0
	for err == nil {
		_, err = r.Read()
		n++
	}
	var pe *formatError
	if !errors.As(err, &pe) || pe.Record != 3 || pe.Line != 5 || pe.Field != "premises" {
		t.Errorf("got %v, want record 3 (line 5), field premises", err)
	}
}

func TestMalformedJSON(t *testing.T) {
	good := `{"id": "a1", "conclusion": "Cats are fine", "premises": [{"text": "Cats are fine. Really.", "stance": "PRO"}], "context": {}}`
	tests := []struct {
		name   string
		input  string
		record int
		line   int
		field  string
		msg    string
		is     error
	}{
		{"empty", "", 0, 0, "", "empty input", nil},
		{"not an object", `"x"`, 0, 1, "", `want {"arguments": [...]}`, nil},
		{"no arguments", `{"other": [1, 2]}`, 0, 0, "", `no "arguments" array`, nil},
		{"arguments not an array", `{"arguments": {}}`, 0, 0, "arguments", "want an array", nil},
		{"syntax error", "{\"arguments\": [\n" + good + ",\n{\"id\": \"a2\" \"conclusion\": \"x\"}]}", 2, 3, "", "invalid character", nil},
		{"wrong type", "{\"arguments\": [\n" + good + ",\n\n{\"id\": \"a2\", \"premises\": [{\"text\": \"x\", \"stance\": 1}]}]}", 2, 4, "premises.stance", "found JSON number, want string", nil},
		{"bad stance", "{\"arguments\": [\n" + good + ",\n" + strings.Replace(strings.Replace(good, "PRO", "MAYBE", 1), `"a1"`, `"a2"`, 1) + "]}", 2, 3, "premises[0].stance", `unknown label "MAYBE"`, nil},
		{"duplicate id", "{\"arguments\": [\n" + good + ",\n\n" + good + "]}", 2, 4, "id", `argument id "a1" is also the id of record 1 (line 2)`, errDuplicateID},
		{"empty id", `{"arguments": [{"conclusion": "x"}]}`, 1, 1, "id", "empty or missing argument id", nil},
		{"argument not an object", "[\n{\"id\": \"a\"},\n  7]", 2, 3, "", "found JSON number, want an argument object", nil},
		{"truncated", "{\"arguments\": [\n" + good + ",\n" + good[:40], 2, 3, "", "unexpected end of input", io.ErrUnexpectedEOF},
		{"truncated after array", `{"arguments": [` + good + `]`, 0, 0, "", "unexpected end of input", io.ErrUnexpectedEOF},
		{"truncated array", `{"arguments": [` + good, 0, 0, "", "unexpected end of input", io.ErrUnexpectedEOF},
		{"trailing garbage", `{"arguments": [` + good + `]} x`, 0, 0, "", "invalid character", nil},
		{"second value", `{"arguments": [` + good + `]} {}`, 0, 0, "", "after the end of the top-level JSON value", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newJSONReader(strings.NewReader(tt.input))
			r.Name = "bad.json"
			var err error
			for err == nil {
				_, err = r.Read()
			}
			var pe *formatError
			if !errors.As(err, &pe) {
				t.Fatalf("got error %v, want a *formatError", err)
			}
			if pe.File != "bad.json" || pe.Record != tt.record || pe.Line != tt.line || pe.Field != tt.field {
				t.Errorf("got file %q record %d line %d field %q, want bad.json record %d line %d field %q (%v)",
					pe.File, pe.Record, pe.Line, pe.Field, tt.record, tt.line, tt.field, err)
			}
			if msg := err.Error(); !strings.Contains(msg, tt.msg) || !strings.HasPrefix(msg, "corpus: bad.json: ") || strings.Count(msg, "corpus: ") != 1 {
				t.Errorf("got message %q, want one starting with %q, holding %q, and no second prefix", msg, "corpus: bad.json: ", tt.msg)
			}
			if tt.is != nil && !errors.Is(err, tt.is) {
				t.Errorf("got %v, want it to wrap %v", err, tt.is)
			}
			if _, again := r.Read(); again != err {
				t.Errorf("second Read: got %v, want the sticky %v", again, err)
			}
		})
	}
}

func TestJSONVariants(t *testing.T) {
	arg := `{"id": "a1", "conclusion": "Cats are fine", "premises": [{"text": "Cats are fine. Really nice.", "stance": "CON", "annotations": []}],
	"context": {"sourceUrl": "http://www.debatewise.org/x", "aspects": [{"name": "cats"}], "sourceText": null}, "extra": 1}`
	want := []Argument{{
		ID:         "a1",
		Conclusion: "Cats are fine",
		Premises:   []Premise{{Text: "Cats are fine. Really nice.", Stance: stance.Con}},
		Context:    Context{SourceURL: "http://www.debatewise.org/x", SourceDomain: "debatewise.org"},
		Sentences: []Sentence{
			{ID: "a1__PREMISE__1", Text: "Cats are fine."},
			{ID: "a1__PREMISE__2", Text: "Really nice."},
			{ID: "a1__CONC__1", Text: "Cats are fine"},
		},
	}}
	for _, in := range []string{
		`{"arguments": [` + arg + `]}`,
		`{"before": {"x": [1]}, "arguments": [` + arg + `], "after": "y"}`,
		`[` + arg + `]`,
		"\ufeff \n" + `{"arguments": [` + arg + `]}` + "\n\n",
	} {
		r := newJSONReader(strings.NewReader(in))
		if strings.HasPrefix(in, "\ufeff") {
			var err error
			if r, err = OpenReader(strings.NewReader(in), "bom.json"); err != nil {
				t.Fatal(err)
			}
		}
		if diff := cmp.Diff(want, readAllT(t, r)); diff != "" {
			t.Errorf("%.40q: got/want diff (-want +got):\n%s", in, diff)
		}
	}
}

// TestJSONSentenceNumbering checks that sentences under two words are
// dropped and take no number, across premises, and that a one-word
// conclusion has no sentence.
func TestJSONSentenceNumbering(t *testing.T) {
	in := `{"arguments": [{"id": "x", "conclusion": " Cats ", "premises": [
		{"text": "First one here. No. Second one here.", "stance": "PRO"},
		{"text": "Yes! Third one here.", "stance": "CON"}]}]}`
	// Split after every ". " or "! ".
	split := splitFunc(func(dst []string, text string) []string {
		start := 0
		for i := 0; i+1 < len(text); i++ {
			if (text[i] == '.' || text[i] == '!') && text[i+1] == ' ' {
				dst = append(dst, strings.TrimSpace(text[start:i+1]))
				start = i + 1
			}
		}
		return append(dst, strings.TrimSpace(text[start:]))
	})
	r := newJSONReader(strings.NewReader(in))
	r.Splitter = split
	got := readAllT(t, r)[0].Sentences
	want := []Sentence{
		{ID: "x__PREMISE__1", Text: "First one here."},
		{ID: "x__PREMISE__2", Text: "Second one here."},
		{ID: "x__PREMISE__3", Text: "Third one here."},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("got/want diff (-want +got):\n%s", diff)
	}

	// Another Splitter: each premise is one sentence.
	r = newJSONReader(strings.NewReader(in))
	r.Splitter = splitFunc(func(dst []string, text string) []string { return append(dst, text) })
	got = readAllT(t, r)[0].Sentences
	want = []Sentence{
		{ID: "x__PREMISE__1", Text: "First one here. No. Second one here."},
		{ID: "x__PREMISE__2", Text: "Yes! Third one here."},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("custom splitter: got/want diff (-want +got):\n%s", diff)
	}
}

func TestJSONLines(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "hostile.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	data, err := io.ReadAll(f)
	if err != nil {
		t.Fatal(err)
	}
	// The line of each argument's opening brace, found by hand: in the
	// indented file each argument starts with a line "  {".
	var want []int
	for i, line := range strings.Split(string(data), "\n") {
		if line == "  {" {
			want = append(want, i+1)
		}
	}
	r := newJSONReader(bytes.NewReader(data))
	var got []int
	for {
		_, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, r.json.lines.markedLine())
	}
	if len(want) == 0 || !cmp.Equal(want, got) {
		t.Errorf("argument lines: got %v, want %v", got, want)
	}
}

func TestAllStopsAtError(t *testing.T) {
	in := csvHead + goodRow + csvRow("a2", "c", "[", "{}", "[]") + goodRow
	var ids []string
	var errs []error
	for a, err := range NewCSVReader(strings.NewReader(in)).All() {
		if err != nil {
			errs = append(errs, err)
			continue
		}
		ids = append(ids, a.ID)
	}
	if !cmp.Equal(ids, []string{"a1"}) || len(errs) != 1 {
		t.Errorf("got ids %v and errors %v, want [a1] and one error", ids, errs)
	}
	// Breaking out of the loop early is fine.
	r := NewCSVReader(strings.NewReader(csvHead + goodRow + strings.Replace(goodRow, "a1", "a2", 1)))
	for range r.All() {
		break
	}
	if a, err := r.Read(); err != nil || a.ID != "a2" {
		t.Errorf("Read after break: got %q, %v, want the second argument", a.ID, err)
	}
}

func TestDomainOf(t *testing.T) {
	tests := map[string]string{
		"":                                     "",
		"debate.org/x":                         "",
		"https://www.debate.org/debates/x/":    "debate.org",
		"http://WWW.Debatewise.org":            "debatewise.org",
		"https://idebate.org/debatabase?x=1":   "idebate.org",
		"http://user@debatepedia.org:8080/a#b": "debatepedia.org",
		"https://[::1]:80/x":                   "[::1]",
	}
	for in, want := range tests {
		if got := domainOf(in); got != want {
			t.Errorf("domainOf(%q) = %q, want %q", in, got, want)
		}
	}
	// A stored sourceDomain wins over the URL's host.
	in := csvHead + csvRow("a1", "c", "[]", `{'sourceDomain': 'parliament', 'sourceUrl': 'https://www.example.org/'}`, "[]")
	if got := readAllT(t, NewCSVReader(strings.NewReader(in)))[0].Context.SourceDomain; got != "parliament" {
		t.Errorf("got domain %q, want parliament", got)
	}
}

func TestHasTwoWords(t *testing.T) {
	tests := map[string]bool{"": false, "one": false, " one. ": false, "two words": true, "a\u00a0b": true,
		"a\x1fb": true, "“Hi” there": true, "2.": false, "1. 2.": true}
	for in, want := range tests {
		if got := hasTwoWords(in); got != want {
			t.Errorf("hasTwoWords(%q) = %v, want %v", in, got, want)
		}
	}
}

func FuzzCSVReader(f *testing.F) {
	data, err := os.ReadFile(filepath.Join("testdata", "hostile.csv"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(string(data[:bytes.Index(data, []byte("\nShostile02"))+1]))
	f.Add(csvHead + goodRow)
	f.Add(strings.ReplaceAll(csvHead, "\n", "\r\n") + csvRow("a1", "two\r\nlines, lone\r \"quoted\"", "[]", "{}", "[]"))
	f.Add(csvHead + csvRow("a", "b", `[{'text': '\x41\u00e9', 'stance': None}]`, `{'sourceText': 'a\\b', 'x': [1, (2,)]}`, `[]`))
	f.Fuzz(func(t *testing.T, in string) {
		for _, keep := range []bool{false, true} {
			r := NewCSVReader(strings.NewReader(in))
			r.KeepSourceText = keep
			checkFuzzRead(t, r)
		}
	})
}

func FuzzJSONReader(f *testing.F) {
	f.Add(`{"arguments": [{"id": "a1", "conclusion": "Cats are fine", "premises": [{"text": "Cats are fine. Really.", "stance": "PRO"}], "context": {"sourceUrl": "http://x.org/"}}]}`)
	f.Add(`[{"id": "a", "premises": [{"text": "\u00e9\n\"x\" y. Z w.", "stance": "CON"}], "context": {"sourceText": "s"}}]`)
	f.Add(`{"x": 1, "arguments": []}`)
	f.Fuzz(func(t *testing.T, in string) {
		r := newJSONReader(strings.NewReader(in))
		r.KeepSourceText = true
		checkFuzzRead(t, r)
	})
}

// checkFuzzRead reads r to its end, checking that it ends with io.EOF or a
// *formatError and that every sentence id is well formed for its argument.
func checkFuzzRead(t *testing.T, r *Reader) {
	repaired := 0
	for n := 0; ; n++ {
		a, err := r.Read()
		if err == io.EOF {
			return
		}
		if err != nil {
			var pe *formatError
			if !errors.As(err, &pe) {
				t.Fatalf("got %T %v, want a *formatError", err, err)
			}
			if pe.Record > n+1 {
				t.Fatalf("error names record %d after %d arguments", pe.Record, n)
			}
			return
		}
		if a.ID == "" {
			t.Fatalf("argument %d has no id", n+1)
		}
		if repaired < 0 || r.Repaired < repaired {
			t.Fatalf("Repaired went from %d to %d", repaired, r.Repaired)
		}
		repaired = r.Repaired
		c := a.Context
		texts := []string{a.ID, a.Conclusion, c.SourceID, c.DiscussionTitle, c.SourceTitle, c.SourceURL, c.SourceDomain,
			c.PreviousArgumentID, c.NextArgumentID, c.AcquisitionTime, c.SourceText}
		for _, p := range a.Premises {
			texts = append(texts, p.Text)
		}
		for _, s := range a.Sentences {
			texts = append(texts, s.ID, s.Text)
		}
		for _, s := range texts {
			if !utf8.ValidString(s) {
				t.Fatalf("argument %d holds %q, which is not UTF-8", n+1, s)
			}
		}
		if r.json != nil {
			for _, s := range a.Sentences {
				if id, err := docid.Argument(s.ID); err != nil || id != a.ID {
					t.Fatalf("sentence id %q of argument %q: %v", s.ID, a.ID, err)
				}
			}
		}
	}
}

// TestGeneratedCorpus reads a small corpus from the corpustest generator and
// checks it against the generator's own statistics.
func TestGeneratedCorpus(t *testing.T) {
	var buf bytes.Buffer
	stats, err := corpustest.Write(context.Background(), &buf, corpustest.Config{Arguments: 300, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	r := NewCSVReader(&buf)
	r.KeepSourceText = true
	var args int
	var sentences, tokens int64
	for _, a := range readAllT(t, r) {
		args++
		for _, s := range a.Sentences {
			sentences++
			tokens += int64(len(strings.Fields(s.Text)))
			if id, err := docid.Argument(s.ID); err != nil || id != a.ID {
				t.Fatalf("sentence id %q of argument %q: %v", s.ID, a.ID, err)
			}
		}
	}
	if args != stats.Arguments || sentences != stats.Sentences || tokens != stats.Tokens {
		t.Errorf("got %d arguments, %d sentences, %d tokens; generator says %d, %d, %d",
			args, sentences, tokens, stats.Arguments, stats.Sentences, stats.Tokens)
	}
}

// TestCSVHeaderOnly checks that a file with the header and no argument
// reads as empty, whatever its line break.
func TestCSVHeaderOnly(t *testing.T) {
	header := strings.TrimSuffix(csvHead, "\n")
	for _, in := range []string{header, header + "\n", header + "\r\n", "\ufeff" + header + "\r\n", header + "\r\n\r\n"} {
		r := NewCSVReader(strings.NewReader(in))
		if a, err := r.Read(); err != io.EOF {
			t.Errorf("%q: got %+v, %v, want io.EOF", in, a, err)
		}
	}
}

// TestInvalidUTF8 checks the one repair of text that is not UTF-8: each
// invalid sequence becomes U+FFFD in both formats, and Repaired counts the
// texts; an argument id that is not UTF-8 is an error naming record, line
// and field.
func TestInvalidUTF8(t *testing.T) {
	row := csvRow("a1", "Cats \xff are fine", `[{'text': 'Cats are fine. Really.', 'stance': 'PRO'}]`,
		`{'sourceId': 's1', 'sourceUrl': None}`,
		"[{'sent_id': 'a1__PREMISE__1', 'sent_text': 'Cats \xfe\xff are fine.'}, {'sent_id': 'a1__CONC__1', 'sent_text': 'Cats are fine'}]")
	r := NewCSVReader(strings.NewReader(csvHead + row))
	a, err := r.Read()
	if err != nil {
		t.Fatal(err)
	}
	if a.Conclusion != "Cats \uFFFD are fine" || a.Sentences[0].Text != "Cats \uFFFD are fine." || r.Repaired != 2 {
		t.Errorf("CSV: got %q, %q, %d repaired; want U+FFFD in both and 2 repaired", a.Conclusion, a.Sentences[0].Text, r.Repaired)
	}
	// JSON: the same run of two invalid bytes becomes one U+FFFD, as in the
	// CSV; the conclusion and a premise count, not the sentences the reader
	// cuts from them; with Workers the same.
	const doc = "{\"arguments\": [{\"id\": \"a1\", \"conclusion\": \"Cats \xfe\xff are fine\", \"premises\": [{\"text\": \"Cats are \xff fine. Really.\", \"stance\": \"PRO\"}], \"context\": {\"sourceId\": \"s\ufffd1\"}}]}"
	for _, workers := range []int{0, 2} {
		j := newJSONReader(strings.NewReader(doc))
		j.Workers = workers
		if a, err = j.Read(); err != nil {
			t.Fatal(err)
		}
		if a.Conclusion != "Cats \uFFFD are fine" || a.Premises[0].Text != "Cats are \uFFFD fine. Really." || a.Context.SourceID != "s\uFFFD1" || j.Repaired != 2 {
			t.Errorf("JSON, %d workers: got %q, %q, %q, %d repaired; want one U+FFFD for each run and 2 repaired", workers, a.Conclusion, a.Premises[0].Text, a.Context.SourceID, j.Repaired)
		}
	}
	// A valid file whose texts hold U+FFFD (escaped or not) repairs nothing.
	valid := newJSONReader(strings.NewReader("[{\"id\": \"a1\", \"conclusion\": \"Cats \uFFFD are fine\", \"premises\": [{\"text\": \"Cats are \\ufffd fine.\", \"stance\": \"PRO\"}]}]"))
	if _, err := valid.Read(); err != nil || valid.Repaired != 0 {
		t.Errorf("valid JSON holding U+FFFD: %v, %d repaired; want none", err, valid.Repaired)
	}
	badJSON := newJSONReader(strings.NewReader("[{\"id\": \"a1\", \"conclusion\": \"c\"},\n{\"id\": \"a\xff2\", \"conclusion\": \"c\"}]"))
	badJSON.Name = "args.json"
	badJSON.Read()
	_, err = badJSON.Read()
	var jpe *formatError
	if !errors.As(err, &jpe) || jpe.Record != 2 || jpe.Line != 2 || jpe.Field != "id" || !strings.Contains(err.Error(), "not valid UTF-8") {
		t.Errorf("a JSON id that is not UTF-8: got %v, want a formatError of record 2, line 2, field id", err)
	}
	bad := NewCSVReader(strings.NewReader(csvHead + goodRow + csvRow("a\xff2", "c", "[]", "{}", "[]")))
	bad.Name = "args.csv"
	bad.Read()
	_, err = bad.Read()
	var pe *formatError
	if !errors.As(err, &pe) || pe.Record != 2 || pe.Line != 3 || pe.Field != "id" || !strings.Contains(err.Error(), "not valid UTF-8") {
		t.Errorf("an id that is not UTF-8: got %v, want a formatError of record 2, line 3, field id", err)
	}
}
