package corpus

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/argsearch/argsearch/corpus/sample"
	"github.com/argsearch/argsearch/internal/crc32c"
)

func writeStore(t testing.TB, s *Store) []byte {
	t.Helper()
	var buf bytes.Buffer
	n, err := s.WriteTo(&buf)
	if err != nil || n != int64(buf.Len()) {
		t.Fatalf("WriteTo: %d bytes written, %d counted, %v", buf.Len(), n, err)
	}
	return buf.Bytes()
}

// TestStoreFile writes stores and reads them back: the same arguments and
// sentences, found by the same ids.
func TestStoreFile(t *testing.T) {
	args := idArgs()
	s := buildStore(t, args)
	got, err := readStore(bytes.NewReader(writeStore(t, s)))
	if err != nil {
		t.Fatal(err)
	}
	checkStore(t, got, args)
	for _, id := range []string{"A__PREMISE__3", "odd-1", "odd__PREMISE__1"} {
		want, _ := s.Sentence(id)
		if g, ok := got.Sentence(id); !ok || g != want {
			t.Errorf("Sentence(%q) = %+v, %v; want %+v", id, g, ok, want)
		}
	}
	// The embedded sample, whole.
	sampleStore := buildStore(t, sampleArguments(t))
	again, err := readStore(bytes.NewReader(writeStore(t, sampleStore)))
	if err != nil {
		t.Fatal(err)
	}
	var want, have []Argument
	for a := range sampleStore.Arguments() {
		want = append(want, a)
	}
	for a := range again.Arguments() {
		have = append(have, a)
	}
	if len(want) != len(have) || again.NumSentences() != sampleStore.NumSentences() {
		t.Fatalf("%d arguments, %d sentences; want %d, %d", len(have), again.NumSentences(), len(want), sampleStore.NumSentences())
	}
	for i := range want {
		if want[i].ID != have[i].ID || want[i].Conclusion != have[i].Conclusion || len(want[i].Sentences) != len(have[i].Sentences) {
			t.Fatalf("argument %d differs", i)
		}
		for j := range want[i].Sentences {
			if want[i].Sentences[j] != have[i].Sentences[j] {
				t.Fatalf("argument %d sentence %d differs", i, j)
			}
		}
	}
}

// TestStoreFileLookups reads stores back from files (in place, from a copy
// at an odd address, which takes the copying path, and mapped): each
// answers every lookup as the store it was written from does.
func TestStoreFileLookups(t *testing.T) {
	sets := map[string][]Argument{
		"ids":       idArgs(),
		"2021":      sampleArguments(t),
		"2022":      readArguments(t, readAllOf(t, sample.Touche2022().ProcessedCSV())),
		"generated": generatedArguments(t, 300),
		"none":      nil,
	}
	for name, args := range sets {
		built := buildStore(t, args)
		file := writeStore(t, built)
		inPlace, err := parseStore(bytes.Clone(file))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		shifted := make([]byte, len(file)+1)
		copy(shifted[1:], file)
		copied, err := parseStore(shifted[1:])
		if err != nil {
			t.Fatalf("%s, shifted: %v", name, err)
		}
		path := filepath.Join(t.TempDir(), "s.store")
		if err := os.WriteFile(path, file, 0o644); err != nil {
			t.Fatal(err)
		}
		mapped, release, err := MapStore(path)
		if err != nil {
			t.Fatalf("%s, mapped: %v", name, err)
		}
		for how, s := range map[string]*Store{"in place": inPlace, "copied": copied, "mapped": mapped} {
			sameLookups(t, name+", "+how, s, built)
		}
		if err := release(); err != nil {
			t.Error(err)
		}
	}
}

func readAllOf(t *testing.T, r io.Reader) []byte {
	t.Helper()
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// sameLookups checks that got answers every lookup as want does: for every
// argument and sentence id of want, and for ids neither has.
func sameLookups(t *testing.T, name string, got, want *Store) {
	t.Helper()
	if got.NumArguments() != want.NumArguments() || got.NumSentences() != want.NumSentences() {
		t.Fatalf("%s: %d arguments, %d sentences; want %d, %d", name, got.NumArguments(), got.NumSentences(), want.NumArguments(), want.NumSentences())
	}
	missing := []string{"", "nope", "nope__PREMISE__1", "A__PREMISE__99", "A__CONC__2", "odd-2"}
	argIDs, sentIDs, firstIDs := slices.Clone(missing), slices.Clone(missing), slices.Clone(missing)
	for a := range want.Arguments() {
		argIDs = append(argIDs, a.ID, a.ID+"x")
		for _, x := range a.Sentences {
			sentIDs = append(sentIDs, x.ID)
		}
		if len(a.Sentences) > 0 {
			firstIDs = append(firstIDs, a.Sentences[0].ID)
		}
	}
	// A stance is the argument's: one sentence of each is enough.
	for _, id := range firstIDs {
		const topic = "Should teachers get tenure?"
		gs, gc := got.Stance(topic, id)
		ws, wc := want.Stance(topic, id)
		if gs != ws || gc != wc {
			t.Fatalf("%s: Stance(%q, %q) = %v, %v; want %v, %v", name, topic, id, gs, gc, ws, wc)
		}
	}
	for _, id := range argIDs {
		g, gok := got.Argument(id)
		w, wok := want.Argument(id)
		if diff := cmp.Diff(w, g); gok != wok || diff != "" {
			t.Fatalf("%s: Argument(%q): found %v, want %v (-want +got):\n%s", name, id, gok, wok, diff)
		}
		if diff := cmp.Diff(want.SentenceIDs(id), got.SentenceIDs(id)); diff != "" {
			t.Fatalf("%s: SentenceIDs(%q) (-want +got):\n%s", name, id, diff)
		}
	}
	for _, id := range sentIDs {
		g, gok := got.Sentence(id)
		w, wok := want.Sentence(id)
		if g != w || gok != wok {
			t.Fatalf("%s: Sentence(%q) = %+v, %v; want %+v, %v", name, id, g, gok, w, wok)
		}
		ga, gok := got.ArgumentOf(id)
		wa, wok := want.ArgumentOf(id)
		if ga != wa || gok != wok {
			t.Fatalf("%s: ArgumentOf(%q) = %q, %v; want %q, %v", name, id, ga, gok, wa, wok)
		}
	}
	if diff := cmp.Diff(slices.Collect(want.Sentences()), slices.Collect(got.Sentences())); diff != "" {
		t.Fatalf("%s: Sentences (-want +got):\n%s", name, diff)
	}
	if diff := cmp.Diff(slices.Collect(want.Arguments()), slices.Collect(got.Arguments())); diff != "" {
		t.Fatalf("%s: Arguments (-want +got):\n%s", name, diff)
	}
}

// storeSection returns the offset in file of section k of a store file's
// body (0 the ids, 1 their ends, 2 the argument records, 3 the stances, 4
// the sentence ends, 5 the id order, 6 the first text block).
func storeSection(t testing.TB, file []byte, k int) int {
	t.Helper()
	r := &storeReader{b: file[len(storeMagic) : len(file)-4], off: len(storeMagic)}
	r.u64()
	r.u64()
	for range k {
		r.section()
	}
	if k == 6 {
		r.u64() // the block count
	}
	sec := r.section()
	if r.bad {
		t.Fatalf("no section %d", k)
	}
	return r.off - len(sec)
}

// TestStoreFileDamaged: a file with a byte changed, cut short, of the
// older format, or with consistent checksums over inconsistent contents is
// an error wrapping errStoreFile.
func TestStoreFileDamaged(t *testing.T) {
	good := writeStore(t, buildStore(t, idArgs()))
	cases := map[string][]byte{
		"empty":     nil,
		"header":    []byte("ARGSTOR\x02rest"),
		"truncated": good[:len(good)-9],
	}
	flipped := bytes.Clone(good)
	flipped[len(flipped)/2] ^= 0x40
	cases["a flipped byte"] = flipped
	// Consistent checksums over inconsistent contents.
	// edit sets uint32s at offsets in a section: at, v, at, v…
	edit := func(name string, section int, atv ...int) {
		bad := bytes.Clone(good)
		for i := 0; i < len(atv); i += 2 {
			binary.LittleEndian.PutUint32(bad[storeSection(t, bad, section)+atv[i]:], uint32(atv[i+1]))
		}
		binary.LittleEndian.PutUint32(bad[len(bad)-4:], crc32c.Checksum(bad[:len(bad)-4]))
		cases[name] = bad
	}
	edit("a conclusion past its block", 2, 8, 1<<30)
	edit("an unknown flag", 2, 24, 4)
	// Argument "empty": 2^32-1 premises and a conclusion make 0 sentences
	// in uint32s.
	edit("premises that wrap around", 2, 28+20, 1<<32-1, 28+24, argConclusion)
	edit("ids out of order", 1, 4, 0)
	edit("an id past the id bytes", 1, 4*8, 1<<20)
	edit("a sentence past its block", 4, 0, 1<<30)
	edit("an id order that is no permutation", 5, 0, 1)
	for name, b := range cases {
		_, err := readStore(bytes.NewReader(b))
		if !errors.Is(err, errStoreFile) {
			t.Errorf("%s: got %v, want errStoreFile", name, err)
		}
		t.Logf("%s: %v", name, err)
	}
}

// TestStoreFileDeterministic: two stores built from the same arguments
// write the same bytes, and a store read back writes them again.
func TestStoreFileDeterministic(t *testing.T) {
	for _, args := range [][]Argument{idArgs(), sampleArguments(t)} {
		first := writeStore(t, buildStore(t, args))
		if second := writeStore(t, buildStore(t, args)); !bytes.Equal(first, second) {
			t.Error("two builds wrote different files")
		}
		back, err := parseStore(bytes.Clone(first))
		if err != nil {
			t.Fatal(err)
		}
		if again := writeStore(t, back); !bytes.Equal(first, again) {
			t.Error("a store read back wrote a different file")
		}
	}
}

// TestStoreFileOldFormat: a store file of format 1 is an error that says
// so and says to remove it.
func TestStoreFileOldFormat(t *testing.T) {
	good := writeStore(t, buildStore(t, idArgs()))
	old := bytes.Clone(good)
	old[len(storeMagic)-1] = 1
	path := filepath.Join(t.TempDir(), "old.store")
	if err := os.WriteFile(path, old, 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, err := MapStore(path)
	if !errors.Is(err, errStoreFile) || !strings.Contains(err.Error(), "format version 1") || !strings.Contains(err.Error(), "remove it") {
		t.Errorf("got %v, want errStoreFile naming version 1 and saying to remove the file", err)
	}
}

// FuzzReadStore changes bytes of a store file and makes the checksum
// match, so that the consistency checks are exercised: ReadStore returns an
// error or a store whose every argument and sentence can be read.
func FuzzReadStore(f *testing.F) {
	good := writeStore(f, buildStore(f, idArgs()))
	f.Add(good[:len(good)-4], 0, byte(0))
	// Changes to the first bytes of each section.
	for k := range 7 {
		f.Add(good[:len(good)-4], storeSection(f, good, k), byte(0x41))
		f.Add(good[:len(good)-4], storeSection(f, good, k)+4, byte(0x80))
	}
	f.Fuzz(func(t *testing.T, body []byte, pos int, v byte) {
		if len(body) > 0 {
			if pos < 0 {
				pos = -pos
			}
			body[pos%len(body)] ^= v
		}
		file := binary.LittleEndian.AppendUint32(bytes.Clone(body), crc32c.Checksum(body))
		s, err := readStore(bytes.NewReader(file))
		if err != nil {
			if !errors.Is(err, errStoreFile) {
				t.Fatalf("error %v does not wrap errStoreFile", err)
			}
			return
		}
		for a := range s.Arguments() {
			s.Argument(a.ID)
			for _, snt := range a.Sentences {
				s.Sentence(snt.ID)
				s.ArgumentOf(snt.ID)
			}
		}
	})
}

// TestMapStore maps a store file: the same store as ReadStore's; a damaged
// file is an error and stays unmapped.
func TestMapStore(t *testing.T) {
	args := idArgs()
	path := filepath.Join(t.TempDir(), "s.store")
	good := writeStore(t, buildStore(t, args))
	if err := os.WriteFile(path, good, 0o644); err != nil {
		t.Fatal(err)
	}
	s, release, err := MapStore(path)
	if err != nil {
		t.Fatal(err)
	}
	checkStore(t, s, args)
	if err := release(); err != nil {
		t.Error(err)
	}
	bad := bytes.Clone(good)
	bad[len(bad)/3] ^= 1
	os.WriteFile(path, bad, 0o644)
	if _, _, err := MapStore(path); !errors.Is(err, errStoreFile) {
		t.Errorf("damaged file: got %v, want errStoreFile", err)
	}
	if _, _, err := MapStore(filepath.Join(t.TempDir(), "missing")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: got %v, want fs.ErrNotExist", err)
	}
}

// TestWriteStoreFails writes a store to a writer that fails as a full disk
// does: the error is the writer's, wrapped.
func TestWriteStoreFails(t *testing.T) {
	s, err := BuildStore(context.Background(), seqOf(sampleArguments(t)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.WriteTo(fullDisk{}); !errors.Is(err, syscall.ENOSPC) {
		t.Errorf("got %v, want an error wrapping ENOSPC", err)
	}
}

// fullDisk fails every write as a full disk does.
type fullDisk struct{}

func (fullDisk) Write([]byte) (int, error) { return 0, syscall.ENOSPC }

// readStore reads a store file from r, as MapStore does from a path.
func readStore(r io.Reader) (*Store, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return parseStore(b)
}

// TestStoreFileWriteSize: WriteTo writes at most storeWriteSize bytes at
// once, also of a text block larger than that, and the pieces make the
// file.
func TestStoreFileWriteSize(t *testing.T) {
	s := buildStore(t, sampleArguments(t))
	if !slices.ContainsFunc(s.blocks, func(b string) bool { return len(b) > storeWriteSize }) {
		t.Fatalf("no text block of the sample is larger than %d bytes", storeWriteSize)
	}
	var w writeSizes
	if _, err := s.WriteTo(&w); err != nil {
		t.Fatal(err)
	}
	if w.most > storeWriteSize {
		t.Errorf("a write of %d bytes, want at most %d", w.most, storeWriteSize)
	}
	if want := writeStore(t, s); !bytes.Equal(w.Bytes(), want) {
		t.Error("the pieces written are not the store file")
	}
}

// writeSizes keeps what is written to it, and the size of the largest
// write.
type writeSizes struct {
	bytes.Buffer
	most int
}

func (w *writeSizes) Write(b []byte) (int, error) {
	w.most = max(w.most, len(b))
	return w.Buffer.Write(b)
}
