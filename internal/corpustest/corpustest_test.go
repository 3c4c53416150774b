package corpustest

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/internal/pylit"
	"github.com/google/go-cmp/cmp"
)

func generate(t testing.TB, c Config) ([]byte, Stats) {
	t.Helper()
	var buf bytes.Buffer
	st, err := Write(context.Background(), &buf, c)
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), st
}

func TestWriteDeterministic(t *testing.T) {
	c := Config{Arguments: 300, Seed: 7, Vocabulary: 5000}
	a, sa := generate(t, c)
	b, sb := generate(t, c)
	if !bytes.Equal(a, b) || sa != sb {
		t.Fatalf("two runs with the same config differ: %d and %d bytes, stats %+v and %+v", len(a), len(b), sa, sb)
	}
	c.Seed = 8
	d, _ := generate(t, c)
	if bytes.Equal(a, d) {
		t.Fatal("seeds 7 and 8 gave the same corpus")
	}
}

var (
	argIDPattern = regexp.MustCompile(`^S[0-9a-f]{1,8}-A[0-9a-f]{1,8}$`)
	contextKeys  = []string{"sourceId", "previousArgumentInSourceId", "acquisitionTime", "discussionTitle",
		"sourceTitle", "sourceUrl", "nextArgumentInSourceId", "sourceDomain"}
)

// TestWriteFormat decodes every field of a generated corpus and checks it
// against the official format and against the returned Stats.
func TestWriteFormat(t *testing.T) {
	c := Config{Arguments: 2000, Seed: 1, Vocabulary: 20000, SourceTextRate: 0.2}
	out, st := generate(t, c)
	if int64(len(out)) != st.Bytes {
		t.Errorf("Stats.Bytes %d, got %d bytes", st.Bytes, len(out))
	}
	if !bytes.HasPrefix(out, []byte("id,conclusion,premises,context,sentences\r\n")) {
		t.Fatalf("header: got %q", out[:min(len(out), 60)])
	}
	r := csv.NewReader(bytes.NewReader(out))
	r.FieldsPerRecord = 5
	if _, err := r.Read(); err != nil {
		t.Fatal(err)
	}
	var got Stats
	got.Bytes = st.Bytes
	got.Debates = st.Debates
	ids := map[string]bool{}
	sourceTexts := 0
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got.Arguments++
		id, conclusion := rec[0], rec[1]
		line, _ := r.FieldPos(0)
		if !argIDPattern.MatchString(id) || ids[id] {
			t.Fatalf("line %d: bad or repeated id %q", line, id)
		}
		ids[id] = true

		prem := decode(t, line, rec[2]).([]any)
		if len(prem) != 1 {
			t.Fatalf("line %d: %d premises", line, len(prem))
		}
		p := prem[0].(pylit.Dict)
		if s, _ := p.Get("stance"); s != "PRO" && s != "CON" {
			t.Errorf("line %d: stance %v", line, s)
		}
		if a, _ := p.Get("annotations"); !cmp.Equal(a, []any{}) {
			t.Errorf("line %d: annotations %v", line, a)
		}
		premise, _ := p.Get("text")

		ctx := decode(t, line, rec[3]).(pylit.Dict)
		var keys []string
		for _, it := range ctx {
			keys = append(keys, it.Key.(string))
		}
		want := contextKeys
		if len(keys) == len(contextKeys)+1 {
			want = append(want[:len(want):len(want)], "sourceText")
			sourceTexts++
		}
		if diff := cmp.Diff(want, keys); diff != "" {
			t.Fatalf("line %d: context keys (-want +got):\n%s", line, diff)
		}
		if title, _ := ctx.Get("discussionTitle"); title != conclusion {
			t.Errorf("line %d: discussionTitle %q, conclusion %q", line, title, conclusion)
		}

		sents := decode(t, line, rec[4]).([]any)
		k := 0
		for i, s := range sents {
			d := s.(pylit.Dict)
			sid, _ := d.Get("sent_id")
			text, _ := d.Get("sent_text")
			wantID := id + "__PREMISE__" + strconv.Itoa(i+1)
			if i == len(sents)-1 && text == conclusion && strings.HasSuffix(sid.(string), "__CONC__1") {
				wantID = id + "__CONC__1"
			} else {
				k++
				if !strings.Contains(premise.(string), text.(string)) {
					t.Errorf("line %d: sentence %s not in the premise", line, sid)
				}
			}
			if sid != wantID {
				t.Fatalf("line %d: sentence id %q, want %q", line, sid, wantID)
			}
			n := len(strings.Fields(text.(string)))
			if n < 2 {
				t.Errorf("line %d: sentence %s has %d tokens", line, sid, n)
			}
			got.Sentences++
			got.Tokens += int64(n)
		}
		hasConc := len(sents) > k
		if wantConc := len(strings.Fields(conclusion)) >= 2; hasConc != wantConc {
			t.Errorf("line %d: conclusion %q: has sentence %v, want %v", line, conclusion, hasConc, wantConc)
		}
	}
	if got != st {
		t.Errorf("Stats: got %+v from the file, Write returned %+v", got, st)
	}
	if sourceTexts == 0 {
		t.Error("no context has a sourceText")
	}
}

func decode(t *testing.T, line int, s string) any {
	t.Helper()
	v, err := pylit.Decode(s)
	if err != nil {
		t.Fatalf("line %d: %v", line, err)
	}
	return v
}

// TestWriteHostileText checks that a corpus of moderate size holds every
// kind of hard text the real corpus has, in the raw CSV bytes.
func TestWriteHostileText(t *testing.T) {
	out, _ := generate(t, Config{Arguments: 5000, Seed: 3, Vocabulary: 20000})
	for _, c := range []struct{ what, want string }{
		{"apostrophe in a double-quoted repr", `'sent_text': "`},
		{"escaped backslash", `\\`},
		{"escaped newline", `\n`},
		{"\\x escape (control character)", `\x`},
		{"\\u escape (invisible character)", `\u`},
		{"doubled CSV quote", `""`},
		{"non-ASCII letter", "é"},
		{"emoji", "\U0001F600"},
		{"typographic apostrophe", "\u2019"},
	} {
		if !bytes.Contains(out, []byte(c.want)) {
			t.Errorf("no %s (%q) in the output", c.what, c.want)
		}
	}
}

// TestWriteDuplicates checks that sentences repeat across arguments.
func TestWriteDuplicates(t *testing.T) {
	out, st := generate(t, Config{Arguments: 3000, Seed: 4, Vocabulary: 20000})
	r := csv.NewReader(bytes.NewReader(out))
	r.Read()
	seen := map[string]string{} // text → first argument
	across := 0
	for {
		rec, err := r.Read()
		if err != nil {
			break
		}
		for _, s := range decode(t, 0, rec[4]).([]any) {
			text, _ := s.(pylit.Dict).Get("sent_text")
			if first, ok := seen[text.(string)]; !ok {
				seen[text.(string)] = rec[0]
			} else if first != rec[0] {
				across++
			}
		}
	}
	// Boilerplate, copies and shared conclusions make a few percent.
	if frac := float64(across) / float64(st.Sentences); frac < 0.02 || frac > 0.3 {
		t.Errorf("%d of %d sentences (%.3f) repeat a sentence of another argument, want 2%%–30%%", across, st.Sentences, frac)
	}
}

func TestWriteConfigErrors(t *testing.T) {
	for _, c := range []Config{
		{Arguments: -1},
		{Arguments: 1, SentencesPerArgument: 1},
		{Arguments: 1, TokensPerSentence: 1000},
		{Arguments: 1, SourceTextRate: 2},
		{Arguments: 1, Vocabulary: 10},
	} {
		if _, err := Write(context.Background(), io.Discard, c); err == nil || !strings.HasPrefix(err.Error(), "corpustest: ") {
			t.Errorf("Write(%+v): got error %v, want a corpustest error", c, err)
		}
	}
}

func TestWriteCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Write(ctx, io.Discard, Config{Arguments: 100, Vocabulary: 1000})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWriteError(t *testing.T) {
	_, err := Write(context.Background(), failingWriter{}, Config{Arguments: 10, Vocabulary: 1000})
	if err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Fatalf("got %v, want the writer's error", err)
	}
}

func TestQueries(t *testing.T) {
	a := Queries(Config{Seed: 1, Vocabulary: 5000})
	b := Queries(Config{Seed: 1, Vocabulary: 5000, Arguments: 10})
	if diff := cmp.Diff(a, b); diff != "" {
		t.Fatalf("queries depend on the corpus size (-a +b):\n%s", diff)
	}
	if len(a) != NumQueries {
		t.Fatalf("got %d queries, want %d", len(a), NumQueries)
	}
	seen := map[string]bool{}
	for _, q := range a {
		if n := len(strings.Fields(q)); n < 3 || n > 9 || !strings.HasSuffix(q, "?") || seen[q] {
			t.Errorf("bad or repeated query %q", q)
		}
		seen[q] = true
	}
	if cmp.Equal(a, Queries(Config{Seed: 2, Vocabulary: 5000})) {
		t.Error("seeds 1 and 2 gave the same queries")
	}
}

func TestAppendCSVField(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"plain text", "plain text"},
		{" leading space", " leading space"},
		{"a,b", `"a,b"`},
		{`say "hi"`, `"say ""hi"""`},
		{"two\nlines", "\"two\nlines\""},
		{"cr\r", "\"cr\r\""},
		{"it's", "it's"},
	} {
		if got := string(appendCSVField(nil, c.in)); got != c.want {
			t.Errorf("appendCSVField(%q): got %q, want %q", c.in, got, c.want)
		}
	}
}

func TestCountFields(t *testing.T) {
	for _, s := range []string{"", " ", "a", " a  b ", "a\u00a0b", "a\u200bb", "a\u0085b\u3000c", "é ü\tx\n"} {
		if got, want := countFields(s), len(strings.Fields(s)); got != want {
			t.Errorf("countFields(%q): got %d, want %d", s, got, want)
		}
	}
}

func FuzzAppendRepr(f *testing.F) {
	for _, s := range []string{"", "plain", "it's", `say "hi"`, `both ' and "`, `back\slash`, "tab\t", "é", "\x7f"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := string(appendRepr(nil, s)), string(pylit.AppendString(nil, s)); got != want {
			t.Fatalf("appendRepr(%q): got %s, want %s", s, got, want)
		}
	})
}

func FuzzCountFields(f *testing.F) {
	f.Add("a b\u00a0c\u2028d")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := countFields(s), len(strings.Fields(s)); got != want {
			t.Fatalf("countFields(%q): got %d, want %d", s, got, want)
		}
	})
}
