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
	"syscall"
	"testing"

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

// TestStoreFileDamaged: a file with a byte changed, cut short, or
// consistent checksums over inconsistent contents is an error wrapping
// errStoreFile.
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
	// A consistent checksum over an argument whose id runs past its block.
	bad := bytes.Clone(good)
	off := len(storeMagic) + 8 + 8 // past numSents and the block count
	blockLen := int(binary.LittleEndian.Uint64(bad[off:]))
	off += 8 + blockLen + 8                           // past the block and the argument count
	binary.LittleEndian.PutUint32(bad[off+8:], 1<<30) // the first argument's idLen
	binary.LittleEndian.PutUint32(bad[len(bad)-4:], crc32c.Checksum(bad[:len(bad)-4]))
	cases["offsets past the block"] = bad
	for name, b := range cases {
		if _, err := readStore(bytes.NewReader(b)); !errors.Is(err, errStoreFile) {
			t.Errorf("%s: got %v, want errStoreFile", name, err)
		}
	}
}

// FuzzReadStore changes bytes of a store file and makes the checksum
// match, so that the consistency checks are exercised: ReadStore returns an
// error or a store whose every argument and sentence can be read.
func FuzzReadStore(f *testing.F) {
	good := writeStore(f, buildStore(f, idArgs()))
	f.Add(good[:len(good)-4], 0, byte(0))
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
