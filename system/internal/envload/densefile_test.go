package envload

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"iter"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/internal/crc32c"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/google/go-cmp/cmp"
)

// letters encodes a text as the counts of five letters, plus salt for the
// texts that hold "zebra" (salt 0: none), and counts the texts it encodes.
type letters struct {
	salt  float32
	texts *atomic.Int64
	// stop, if not nil, is cancelled once the texts encoded reach its at.
	stop *stopAt
}

// stopAt cancels a context once at texts are encoded.
type stopAt struct {
	cancel func()
	at     int64
}

func (l letters) Encode(ctx context.Context, texts []string) ([][]float32, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	out := make([][]float32, len(texts))
	for i, t := range texts {
		v := make([]float32, 6)
		for j, c := range "aeiost" {
			v[j%6] += float32(strings.Count(t, string(c)))
		}
		if strings.Contains(t, "zebra") {
			v[5] += l.salt
		}
		out[i] = v
	}
	if n := l.texts.Add(int64(len(texts))); l.stop != nil && n >= l.stop.at {
		l.stop.cancel()
	}
	return out, nil
}

// sentences are the texts of the test store, 300 of them.
func sentences() []string {
	words := []string{"nuclear", "power", "is", "safe", "tax", "the", "rich", "school", "uniforms", "zebra", "crossing", "votes"}
	var out []string
	for i := range 300 {
		var b strings.Builder
		for j := range 3 + i%5 {
			b.WriteString(words[(i*7+j*5)%len(words)])
			b.WriteByte(' ')
		}
		out = append(out, b.String())
	}
	return out
}

// bigStore is a store of the sentences, 10 to an argument.
func bigStore(t *testing.T) *corpus.Store {
	t.Helper()
	texts := sentences()
	s, err := corpus.BuildStore(context.Background(), iter.Seq2[corpus.Argument, error](func(yield func(corpus.Argument, error) bool) {
		for a := 0; a < len(texts); a += 10 {
			arg := corpus.Argument{ID: fmt.Sprintf("arg%03d", a/10), Conclusion: "c"}
			for i, text := range texts[a : a+10] {
				arg.Sentences = append(arg.Sentences, corpus.Sentence{ID: fmt.Sprintf("%s__PREMISE__%d", arg.ID, i+1), Text: text})
			}
			if !yield(arg, nil) {
				return
			}
		}
	}))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

var testSrc = Source{Name: "args.csv", ID: "test corpus 1"}

// hitsOf returns the hits of a few queries by the index of enc in c.
func hitsOf(t *testing.T, c *Dense, enc letters) [][]retrieval.Hit {
	t.Helper()
	ctx := context.Background()
	r, err := c.Index(ctx, enc)
	if err != nil {
		t.Fatal(err)
	}
	var out [][]retrieval.Hit
	for i, q := range []string{"nuclear power", "school uniforms tax", "zebra", "", "votes votes rich"} {
		for _, k := range []int{1, 7, 1000} {
			hits, err := r.Retrieve(ctx, retrieval.Query{ID: fmt.Sprint(i), Text: q}, k)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, hits)
		}
	}
	return out
}

// denseRun opens the index of enc in a new Dense over dir and returns its
// hits, the warnings, and whether it encoded every sentence (built the
// index) or not (mapped the file).
func denseRun(t *testing.T, store *corpus.Store, dir string, src Source, enc letters) (hits [][]retrieval.Hit, warned []string, built bool) {
	t.Helper()
	c := NewDense(store, DenseFiles{Dir: dir, Src: src, Warn: func(m string) { warned = append(warned, m) }})
	before := enc.texts.Load()
	hits = hitsOf(t, c, enc)
	built = enc.texts.Load()-before >= int64(store.NumSentences())
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	return hits, warned, built
}

// TestDenseFile checks that the index written by a first run is mapped by
// the second, and that both give the hits of the index in memory.
func TestDenseFile(t *testing.T) {
	store := bigStore(t)
	enc := letters{salt: 1, texts: new(atomic.Int64)}
	want, _, _ := denseRun(t, store, "", testSrc, enc)
	dir := t.TempDir()
	for i, wantBuilt := range []bool{true, false, false} {
		got, warned, built := denseRun(t, store, dir, testSrc, enc)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("run %d: hits differ from the index in memory (-want +got):\n%s", i+1, diff)
		}
		if built != wantBuilt || len(warned) > 0 {
			t.Errorf("run %d: built %v, warnings %q; want built %v, no warnings", i+1, built, warned, wantBuilt)
		}
	}
	names := dirNames(t, dir)
	if len(names) != 1 || !strings.HasSuffix(names[0], ".dense") {
		t.Errorf("the cache holds %q, want one .dense file", names)
	}
}

// dirNames lists dir.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

// rewriteHeader changes the header of the file at path with edit and
// writes its checksum again, as a program of another format would have.
func rewriteHeader(t *testing.T, path string, edit func(h []byte)) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	edit(b[:headerSize])
	binary.NativeEndian.PutUint32(b[headerSize-4:], crc32c.Checksum(b[:headerSize-4]))
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// flip flips a bit of the file at path at offset off (from the end when
// negative).
func flip(t *testing.T, path string, off int) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if off < 0 {
		off += len(b)
	}
	b[off] ^= 0x10
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestDenseFileRebuilt damages the file, or opens it for another corpus or
// encoder, in each way a file can be wrong, and checks that it is built
// again with a warning naming it, the hits those of the index in memory,
// never read wrongly; and sound afterwards.
func TestDenseFileRebuilt(t *testing.T) {
	store := bigStore(t)
	enc := letters{salt: 1, texts: new(atomic.Int64)}
	// The salt changes only the vectors of the corpus's texts with
	// "zebra": the probes do not see it, the rows checked on opening do.
	other := letters{salt: 2, texts: enc.texts}
	otherSrc := Source{Name: testSrc.Name, ID: "test corpus 2"}
	for _, c := range []struct {
		name   string
		damage func(t *testing.T, path string)
		src    Source
		enc    letters
	}{
		{name: "older format", damage: func(t *testing.T, path string) {
			rewriteHeader(t, path, func(h []byte) { binary.NativeEndian.PutUint32(h[len(denseMagic):], denseVersion-1) })
		}},
		{name: "other byte order", damage: func(t *testing.T, path string) {
			rewriteHeader(t, path, func(h []byte) {
				binary.BigEndian.PutUint32(h[len(denseMagic)+4:], binary.NativeEndian.Uint32(h[len(denseMagic)+4:]))
			})
		}},
		{name: "other magic", damage: func(t *testing.T, path string) { flip(t, path, 0) }},
		{name: "header damaged", damage: func(t *testing.T, path string) { flip(t, path, len(denseMagic)+20) }},
		{name: "a vector damaged", damage: func(t *testing.T, path string) { flip(t, path, headerSize+1001) }},
		{name: "an id damaged", damage: func(t *testing.T, path string) { flip(t, path, -3) }},
		{name: "an 8-bit code damaged", damage: func(t *testing.T, path string) {
			b, _ := os.ReadFile(path)
			h, err := unmarshalHeader(b)
			l, ok := h.layout()
			if err != nil || !ok || h.stride == 0 {
				t.Fatalf("header %+v, %v", h, err)
			}
			flip(t, path, int(l.codes)+21)
		}},
		{name: "truncated", damage: func(t *testing.T, path string) {
			fi, _ := os.Stat(path)
			if err := os.Truncate(path, fi.Size()/2); err != nil {
				t.Fatal(err)
			}
		}},
		{name: "truncated in the header", damage: func(t *testing.T, path string) {
			if err := os.Truncate(path, headerSize/2); err != nil {
				t.Fatal(err)
			}
		}},
		{name: "empty", damage: func(t *testing.T, path string) {
			if err := os.Truncate(path, 0); err != nil {
				t.Fatal(err)
			}
		}},
		{name: "longer", damage: func(t *testing.T, path string) {
			f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
			f.Write([]byte{0})
			f.Close()
		}},
		{name: "another corpus's file", src: otherSrc, damage: func(t *testing.T, path string) {
			// The file of one corpus where that of another is looked for.
			if err := os.Rename(path, denseFile(filepath.Dir(path), otherSrc, enc)); err != nil {
				t.Fatal(err)
			}
		}},
		{name: "another encoder of the same type", enc: other},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			denseRun(t, store, dir, testSrc, enc)
			path := denseFile(dir, testSrc, enc)
			if _, err := os.Stat(path); err != nil {
				t.Fatal(err)
			}
			src, e := testSrc, enc
			if c.damage != nil {
				c.damage(t, path)
			}
			if c.src.ID != "" {
				src = c.src
			}
			if c.enc.salt != 0 {
				e = c.enc
			}
			path = denseFile(dir, src, e)
			want, _, _ := denseRun(t, store, "", src, e)
			got, warned, built := denseRun(t, store, dir, src, e)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("hits differ from the index in memory (-want +got):\n%s", diff)
			}
			if !built || len(warned) != 1 || !strings.Contains(warned[0], path) {
				t.Errorf("built %v, warnings %q; want built again, a warning naming %s", built, warned, path)
			}
			if _, warned, built := denseRun(t, store, dir, src, e); built || len(warned) > 0 {
				t.Errorf("after the rebuild: built %v, warnings %q; want the file read", built, warned)
			}
			if names := dirNames(t, dir); len(names) != 1 {
				t.Errorf("the cache holds %q, want one file", names)
			}
		})
	}
}

// TestDenseFileCancel cancels the build of an index while the sentences
// are encoded, and just after (while the file is written), and checks
// that each is an error that leaves nothing in the cache; and that a
// leftover of a killed run is removed by the next build, with a warning.
func TestDenseFileCancel(t *testing.T) {
	store := bigStore(t)
	n := int64(store.NumSentences())
	for _, at := range []int64{n / 2, n + int64(len(probeTexts))} {
		dir := t.TempDir()
		ctx, cancel := context.WithCancel(context.Background())
		texts := new(atomic.Int64)
		enc := letters{salt: 1, texts: texts, stop: &stopAt{cancel, at}}
		c := NewDense(store, DenseFiles{Dir: dir, Src: testSrc})
		if _, err := c.Index(ctx, enc); !errors.Is(err, context.Canceled) {
			t.Errorf("cancelled after %d texts: got error %v, want context.Canceled", at, err)
		}
		if texts.Load() < at {
			t.Errorf("cancelled after %d texts: only %d encoded", at, texts.Load())
		}
		if names := dirNames(t, dir); len(names) > 0 {
			t.Errorf("cancelled after %d texts: the cache holds %q, want nothing", at, names)
		}
		cancel()
	}

	dir := t.TempDir()
	enc := letters{salt: 1, texts: new(atomic.Int64)}
	leftover := denseFile(dir, testSrc, enc) + ".tmp12345"
	if err := os.WriteFile(leftover, []byte("half a file"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, warned, built := denseRun(t, store, dir, testSrc, enc)
	if !built || !slices.ContainsFunc(warned, func(m string) bool { return strings.Contains(m, leftover) }) {
		t.Errorf("built %v, warnings %q; want a warning naming %s", built, warned, leftover)
	}
	if _, err := os.Stat(leftover); err == nil {
		t.Errorf("%s is still there", leftover)
	}
}

// TestDenseFileNoCache checks that without a cache directory nothing is
// written and every Dense builds.
func TestDenseFileNoCache(t *testing.T) {
	store := bigStore(t)
	enc := letters{salt: 1, texts: new(atomic.Int64)}
	for range 2 {
		if _, _, built := denseRun(t, store, "", testSrc, enc); !built {
			t.Error("no cache directory: the index was not built")
		}
	}
	if got := filepath.Base(denseFile("/c", testSrc, enc)); !strings.HasPrefix(got, "args.csv-") || !strings.HasSuffix(got, ".envload.letters.dense") {
		t.Errorf("file name %q", got)
	}
}
