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

// compareCSVWorkers reads the processed CSV input with Workers 0 and with
// each of workers and checks that the arguments, the Repaired counts after
// each and the final error are the same.
func compareCSVWorkers(t *testing.T, name, input string, keep bool, workers ...int) {
	t.Helper()
	type read struct {
		Arg      Argument
		Repaired int
	}
	readAll := func(n int) ([]read, error) {
		r := NewCSVReader(strings.NewReader(input))
		r.Name = "in.csv"
		r.KeepSourceText = keep
		r.Workers = n
		var got []read
		for {
			a, err := r.Read()
			if err != nil {
				if _, again := r.Read(); again != err {
					t.Errorf("%s, Workers %d: second Read after %v: got %v, want the same error", name, n, err, again)
				}
				return got, err
			}
			got = append(got, read{a, r.Repaired})
		}
	}
	want, wantErr := readAll(0)
	for _, n := range workers {
		got, err := readAll(n)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s, Workers %d: got/want diff (-Workers 0 +Workers %d):\n%s", name, n, n, diff)
		}
		if msg := sameError(err, wantErr); msg != "" {
			t.Errorf("%s, Workers %d: %s", name, n, msg)
		}
	}
}

// csvWorkerInputs are processed CSV inputs good and bad: the sample, the
// hostile fixture, the sample cut short, and errors of the scan, of the
// ids and of the literals after 0 to 300 good records (batches are of
// csvBatchRecords), some with texts to repair.
func csvWorkerInputs(t *testing.T) map[string]string {
	t.Helper()
	data, err := io.ReadAll(sample.Touche2021().ProcessedCSV())
	if err != nil {
		t.Fatal(err)
	}
	hostile, err := os.ReadFile(filepath.Join("testdata", "hostile.csv"))
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	in := map[string]string{"sample": s, "hostile": string(hostile), "empty": "", "header only": csvHead}
	for _, frac := range []int{1, 3, 60} {
		in[fmt.Sprintf("sample cut at %d%%", frac)] = s[:len(s)*frac/100]
	}
	many := func(n int, bad string) string {
		var b strings.Builder
		b.WriteString(csvHead)
		for i := range n {
			text := "Cats are fine."
			if i%7 == 3 {
				text = "Cats \xff are fine."
			}
			b.WriteString(csvRow(fmt.Sprintf("a%d", i), "Cats are fine",
				fmt.Sprintf(`[{'text': '%s Really.', 'stance': 'PRO'}]`, text), `{'sourceId': 's1', 'sourceText': 'x\\y'}`,
				fmt.Sprintf(`[{'sent_id': 'a%d__PREMISE__1', 'sent_text': '%s'}]`, i, text)))
		}
		b.WriteString(bad)
		return b.String()
	}
	for _, n := range []int{0, 1, 5, 127, 128, 129, 300} {
		in[fmt.Sprintf("good, %d", n)] = many(n, "")
		in[fmt.Sprintf("bad literal after %d", n)] = many(n, csvRow("x", "c", `[{'text': 'x', 'stance': 'PRO'}`, "{}", "[]"))
		in[fmt.Sprintf("bad stance after %d", n)] = many(n, csvRow("x", "c", `[{'text': 'x', 'stance': 'MAYBE'}]`, "{}", "[]"))
		in[fmt.Sprintf("bad sentence id after %d", n)] = many(n, csvRow("x", "c", "[]", "{}", "[{'sent_id': 'x\xff', 'sent_text': 'y'}]"))
		in[fmt.Sprintf("duplicate id after %d", n)] = many(n, csvRow("a0", "c", "[]", "{}", "[]"))
		in[fmt.Sprintf("field count after %d", n)] = many(n, "x,c,[],{}\n")
		in[fmt.Sprintf("bare quote after %d", n)] = many(n, "x\"y,c,[],{},[]\n")
		in[fmt.Sprintf("truncated after %d", n)] = many(n, `x,"open`)
		// A bad literal, then a scan error: the literal's error is first.
		in[fmt.Sprintf("bad literal then truncated after %d", n)] = many(n, csvRow("x", "c", "[", "{}", "[]")+`y,"open`)
	}
	return in
}

// TestCSVWorkersMatchSynchronous checks that reading the processed CSV
// with Workers > 1 gives the arguments, Repaired counts and errors of the
// synchronous path, in the same order.
func TestCSVWorkersMatchSynchronous(t *testing.T) {
	for name, input := range csvWorkerInputs(t) {
		for _, keep := range []bool{false, true} {
			compareCSVWorkers(t, name, input, keep, 1, 2, 3, 8)
		}
	}
}

// TestCSVWorkersAbandoned stops reading the processed CSV early, with
// batches still being decoded: the goroutines finish them, then end.
func TestCSVWorkersAbandoned(t *testing.T) {
	var b strings.Builder
	b.WriteString(csvHead)
	for i := range 10 * csvBatchRecords {
		b.WriteString(csvRow(fmt.Sprintf("a%d", i), "c", `[{'text': 'x y', 'stance': 'PRO'}]`, "{}", "[]"))
	}
	before := runtime.NumGoroutine()
	r := NewCSVReader(strings.NewReader(b.String()))
	r.Workers = 3
	for a, err := range r.All() {
		if err != nil {
			t.Fatal(err)
		}
		if a.ID == "a5" {
			break
		}
	}
	h := r.csv.ahead
	if len(h.pending) == 0 {
		t.Fatal("got no batches read ahead, want some")
	}
	for _, b := range h.pending {
		<-b.done
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	// The goroutines end once their batch is decoded (else the test hangs).
	for runtime.NumGoroutine() > before {
		runtime.Gosched()
	}
}

// FuzzCSVReaderWorkers checks that Workers changes nothing in what is
// read from any processed CSV.
func FuzzCSVReaderWorkers(f *testing.F) {
	f.Add(csvHead + goodRow + csvRow("a2", "c", `[{'text': 'x\xff', 'stance': None}]`, "{}", "[]"))
	f.Add(csvHead + goodRow + goodRow)
	f.Add(csvHead + csvRow("a", "b", `[{'text': '\x41\u00e9', 'stance': None}]`, `{'sourceText': 'a\\b', 'x': [1, (2,)]}`, `[]`) + `b,"`)
	f.Fuzz(func(t *testing.T, in string) {
		compareCSVWorkers(t, "fuzz input", in, false, 2)
	})
}
