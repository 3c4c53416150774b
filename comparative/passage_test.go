package comparative_test

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/klauspost/compress/gzip"

	"github.com/argsearch/argsearch/comparative"
)

const passagesJSONL = `{"id":"clueweb12-0004wb-78-20304___1","contents":"Laptops are \"better\" for travel.\nDesktops\u00e9 win.","chatNoirUrl":"https://chatnoir.eu/cache?uuid=x&index=cw12&raw"}

{"contents":"Second.","id":"clueweb12-0002wb-18-34442___2","chatNoirUrl":"","extra":[1,{"a":null}]}
`

func readAll(t *testing.T, r io.Reader, name string) ([]comparative.Passage, error) {
	t.Helper()
	var ps []comparative.Passage
	for p, err := range comparative.ReadPassages(r, name) {
		if err != nil {
			return ps, err
		}
		ps = append(ps, p)
	}
	return ps, nil
}

func TestReadPassages(t *testing.T) {
	want := []comparative.Passage{
		{ID: "clueweb12-0004wb-78-20304___1", Contents: "Laptops are \"better\" for travel.\nDesktopsé win.", ChatNoirURL: "https://chatnoir.eu/cache?uuid=x&index=cw12&raw"},
		{ID: "clueweb12-0002wb-18-34442___2", Contents: "Second.", Other: map[string]jsonRaw{"extra": jsonRaw(`[1,{"a":null}]`)}},
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(passagesJSONL))
	zw.Close()
	for name, in := range map[string][]byte{"plain": []byte(passagesJSONL), "gzip": gz.Bytes()} {
		got, err := readAll(t, bytes.NewReader(in), "")
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: passages (-want +got):\n%s", name, diff)
		}
	}
	// A truncated gzip stream is an error, not a short corpus.
	if _, err := readAll(t, bytes.NewReader(gz.Bytes()[:gz.Len()-10]), "p.jsonl.gz"); !errors.Is(err, io.ErrUnexpectedEOF) || !strings.Contains(err.Error(), "p.jsonl.gz") || strings.Count(err.Error(), "gzip: ") != 1 {
		t.Errorf("truncated gzip: got %v, want io.ErrUnexpectedEOF naming the file and gzip once", err)
	}
	if _, err := readAll(t, strings.NewReader("\x1f\x8b not gzip after all"), "p.jsonl.gz"); err == nil || err.Error() != "comparative: p.jsonl.gz: gzip: invalid header" {
		t.Errorf("bad gzip header: got %v", err)
	}
}

func TestReadPassagesErrors(t *testing.T) {
	ok := `{"id":"a","contents":"x","chatNoirUrl":"u"}` + "\n"
	for _, c := range []struct{ line, want string }{
		{`not json at all`, "passages.jsonl: line 2, field object: not a JSON object"},
		{`["id","contents"]`, "passages.jsonl: line 2, field object: not a JSON object"},
		{`{"id":"b","contents":"x"`, "passages.jsonl: line 2, field object: not a JSON object"},
		{`{"id":"b","contents":"x"} {}`, "passages.jsonl: line 2, field object: not a JSON object: data after the object"},
		{`{"id":7,"contents":"x"}`, "passages.jsonl: line 2, field id: not a string"},
		{`{"id":"b","contents":null}`, "passages.jsonl: line 2, field contents: not a string"},
		{`{"id":"b","chatNoirUrl":"u"}`, "passages.jsonl: line 2, field contents: missing"},
		{`{"contents":"x"}`, "passages.jsonl: line 2, field id: missing"},
		{`{"id":"","contents":"x"}`, "passages.jsonl: line 2, field id: empty"},
		{`{"id":"b","id":"c","contents":"x"}`, "passages.jsonl: line 2, field id: given twice"},
	} {
		got, err := readAll(t, strings.NewReader(ok+c.line+"\n"+ok), "passages.jsonl")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got error %v, want one containing %q", c.line, err, c.want)
		}
		if !strings.HasPrefix(err.Error(), "comparative: ") {
			t.Errorf("%s: error %q lacks the package prefix", c.line, err)
		}
		if len(got) != 1 {
			t.Errorf("%s: %d passages before the error, want 1", c.line, len(got))
		}
	}
}

// FuzzReadPassages checks that no input panics, that a line the reader
// accepts is valid JSON, and that writing the passages back and reading
// them again gives the same passages.
func FuzzReadPassages(f *testing.F) {
	f.Add([]byte(passagesJSONL))
	f.Add([]byte(`{"id":"a","contents":"\ud800 x \u0000"}`))
	f.Add([]byte("{\"id\":\"a\",\"contents\":\"\xff\"}\r\n\n"))
	f.Fuzz(func(t *testing.T, in []byte) {
		ps, err := readAll(t, bytes.NewReader(in), "")
		if err != nil {
			return
		}
		var b bytes.Buffer
		for _, p := range ps {
			writePassage(t, &b, p)
		}
		again, err := readAll(t, &b, "")
		if err != nil {
			t.Fatalf("reading written passages: %v", err)
		}
		if diff := cmp.Diff(ps, again); diff != "" {
			t.Fatalf("round trip (-first +second):\n%s", diff)
		}
	})
}
