package corpus

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/argsearch/argsearch/corpus/sample"
	"github.com/argsearch/argsearch/nlp"
)

// readToEnd reads r until an error (io.EOF at the end), checking that the
// error is sticky.
func readToEnd(t *testing.T, r *Reader) ([]Argument, error) {
	t.Helper()
	var args []Argument
	for {
		a, err := r.Read()
		if err != nil {
			if _, again := r.Read(); again != err {
				t.Errorf("second Read after %v: got %v, want the same error", err, again)
			}
			return args, err
		}
		args = append(args, a)
	}
}

// sameError reports how got and want differ: message, *formatError fields
// and the io.ErrUnexpectedEOF they wrap; "" if they do not.
func sameError(got, want error) string {
	if (got == nil) != (want == nil) || got != nil && got.Error() != want.Error() {
		return fmt.Sprintf("got error %v, want %v", got, want)
	}
	var gp, wp *formatError
	if errors.As(got, &gp) != errors.As(want, &wp) {
		return fmt.Sprintf("got error %T, want %T", got, want)
	}
	if gp != nil && (gp.File != wp.File || gp.Line != wp.Line || gp.Record != wp.Record || gp.Field != wp.Field) {
		return fmt.Sprintf("got %+v, want %+v", *gp, *wp)
	}
	if errors.Is(got, io.ErrUnexpectedEOF) != errors.Is(want, io.ErrUnexpectedEOF) {
		return fmt.Sprintf("got %v, want %v: one wraps io.ErrUnexpectedEOF, the other not", got, want)
	}
	return ""
}

// compareWorkers reads input with Workers 0 and with each of workers and
// checks that the arguments and the final error are the same.
// A splitter s, safe for concurrent use, is shared by all readers.
func compareWorkers(t *testing.T, s nlp.Splitter, name, input string, workers ...int) {
	t.Helper()
	read := func(n int) ([]Argument, error) {
		r := newJSONReader(strings.NewReader(input))
		r.Name = "in.json"
		r.KeepSourceText = true
		r.Splitter = s
		r.Workers = n
		return readToEnd(t, r)
	}
	want, wantErr := read(0)
	for _, n := range workers {
		got, err := read(n)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s, Workers %d: got/want diff (-Workers 0 +Workers %d):\n%s", name, n, n, diff)
		}
		if msg := sameError(err, wantErr); msg != "" {
			t.Errorf("%s, Workers %d: %s", name, n, msg)
		}
	}
}

// workerInputs are JSON inputs good and bad: the sample, the hostile
// fixture, the sample cut short at several places, and errors after
// several good arguments (syntax, types, stance, id, trailing data).
func workerInputs(t *testing.T) map[string]string {
	t.Helper()
	data, err := io.ReadAll(sample.Touche2021().JSON())
	if err != nil {
		t.Fatal(err)
	}
	hostile, err := os.ReadFile(filepath.Join("testdata", "hostile.json"))
	if err != nil {
		t.Fatal(err)
	}
	js := string(data)
	in := map[string]string{
		"sample":  js,
		"hostile": string(hostile),
		"empty":   "",
		"none":    `{"arguments": []}`,
	}
	for _, frac := range []int{1, 3, 60} {
		in[fmt.Sprintf("sample cut at %d%%", frac)] = js[:len(js)*frac/100]
	}
	good := `{"id": "a%d", "conclusion": "Cats are fine", "premises": [{"text": "Cats are fine. Really. Mr. Smith agrees.", "stance": "PRO"}], "context": {"sourceText": "s"}}`
	many := func(n int, bad string) string {
		var b strings.Builder
		b.WriteString("{\"arguments\": [\n")
		for i := range n {
			fmt.Fprintf(&b, good, i)
			b.WriteString(",\n")
		}
		b.WriteString(bad)
		return b.String()
	}
	for _, n := range []int{0, 1, 5, 30} {
		in[fmt.Sprintf("bad stance after %d", n)] = many(n, `{"id": "x", "premises": [{"text": "a b", "stance": "MAYBE"}]}]}`)
		in[fmt.Sprintf("empty id after %d", n)] = many(n, `{"conclusion": "x y"}]}`)
		in[fmt.Sprintf("syntax error after %d", n)] = many(n, `{"id": "x" "conclusion": "x"}]}`)
		in[fmt.Sprintf("wrong type after %d", n)] = many(n, `{"id": "x", "premises": 7}]}`)
		in[fmt.Sprintf("truncated after %d", n)] = many(n, `{"id": "x", "conc`)
		in[fmt.Sprintf("trailing garbage after %d", n)] = many(n, `{"id": "x"}]} x`)
		in[fmt.Sprintf("good, %d", n)] = many(n, `{"id": "x"}], "more": {}}`)
	}
	return in
}

// TestWorkersMatchSynchronous checks that reading with Workers > 1 gives
// the arguments and errors of the synchronous path, in the same order.
func TestWorkersMatchSynchronous(t *testing.T) {
	s := defaultSplitter(t)
	for name, input := range workerInputs(t) {
		workers := []int{1, 2, 3, 8}
		if len(input) > 100000 {
			workers = []int{2, 3} // the sample: enough, and faster with -race
		}
		compareWorkers(t, s, name, input, workers...)
	}
}

// TestWorkersAbandoned stops reading early: the goroutines still finish
// the arguments decoded ahead, then end.
func TestWorkersAbandoned(t *testing.T) {
	r := newJSONReader(sample.Touche2021().JSON())
	r.Workers = 3
	for range 5 {
		if _, err := r.Read(); err != nil {
			t.Fatal(err)
		}
	}
	ahead := r.json.ahead
	if len(ahead) == 0 {
		t.Fatal("got no arguments decoded ahead, want some")
	}
	for _, p := range ahead {
		<-p.done
	}
	// The goroutines end once the queue is empty (else the test hangs).
	q := r.json.queue
	for {
		q.mu.Lock()
		running, queued := q.running, len(q.queued)
		q.mu.Unlock()
		if queued != 0 {
			t.Fatalf("got %d arguments still queued after all were split", queued)
		}
		if running == 0 {
			break
		}
		runtime.Gosched()
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestWorkersPanic checks that a Splitter's panic reaches the caller of
// Read, with the argument it happened on, as without Workers.
func TestWorkersPanic(t *testing.T) {
	input := `[{"id": "a", "premises": [{"text": "fine text", "stance": "PRO"}]}, {"id": "b", "premises": [{"text": "boom", "stance": "PRO"}]}]`
	for _, workers := range []int{0, 2} {
		r := newJSONReader(strings.NewReader(input))
		r.Workers = workers
		r.Splitter = splitFunc(func(dst []string, text string) []string {
			if text == "boom" {
				panic("splitter failed")
			}
			return append(dst, text)
		})
		if _, err := r.Read(); err != nil {
			t.Fatal(err)
		}
		func() {
			defer func() {
				if v := recover(); v != "splitter failed" {
					t.Errorf("Workers %d: got panic %v, want %q", workers, v, "splitter failed")
				}
			}()
			r.Read()
		}()
	}
}

// FuzzJSONReaderWorkers checks that Workers changes nothing in what is
// read from any input.
func FuzzJSONReaderWorkers(f *testing.F) {
	f.Add(`{"arguments": [{"id": "a1", "conclusion": "Cats are fine", "premises": [{"text": "Cats are fine. Really.", "stance": "PRO"}], "context": {"sourceUrl": "http://x.org/"}}, {"id": "a2", "premises": [{"text": "x y. Z w.", "stance": "CON"}]}]}`)
	f.Add(`[{"id": "a", "premises": [{"text": "\u00e9\n\"x\" y. Z w.", "stance": "CON"}], "context": {"sourceText": "s"}}, {"id": ""}]`)
	f.Add(`[{"id": "a"}, {"id": "b", "premises": [{"stance": "NO"}]}, 7]`)
	s := defaultSplitter(f)
	f.Fuzz(func(t *testing.T, in string) {
		compareWorkers(t, s, "fuzz input", in, 2)
	})
}

func defaultSplitter(tb testing.TB) nlp.Splitter {
	tb.Helper()
	s, err := nlp.NewProseSplitter()
	if err != nil {
		tb.Fatal(err)
	}
	return s
}
