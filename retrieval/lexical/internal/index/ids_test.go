package index

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestIDCoder checks a builder's front-coded ids, read back one at a time
// and in order from any document, over several restarts.
func TestIDCoder(t *testing.T) {
	var c IDCoder
	var ids []string
	for i := range 3*IDEvery + 5 {
		id := fmt.Sprintf("S%03d-A%d__PREMISE__%d", i/7, i%3, i)
		if i == 20 {
			id = "x"
		}
		ids = append(ids, id)
		c.Add(id)
	}
	checkCoder(t, &c, ids)
}

// countingIDs returns ids as a corpus's sentences have them, numbered in
// runs that count up (some over a carry, some from leading zeros, some
// across a restart), mixed with ids that only look like increments.
func countingIDs() []string {
	var ids []string
	for a := range 40 {
		for s := 1; s <= 3*a; s++ {
			ids = append(ids, fmt.Sprintf("S%02d-A%d__PREMISE__%d", a/3, a, s))
		}
		ids = append(ids, fmt.Sprintf("S%02d-A%d__CONC__1", a/3, a))
	}
	return append(ids,
		"9", "10", "11", "99", "100", "a09", "a10", "a199", "a1100", "a1101",
		"a9", "b10", "a8", "a9", "a9", "", "", "x", "x1", "x2", "y2", "0", "1",
		"z0099", "z0100", "z999", "z1000", "z1001", "1__", "1__1",
	)
}

// TestIDCoderIncrements: ids that count up are coded as runs of
// increments, and still read back exactly, with carries, leading zeros,
// lookalikes, duplicates and empty ids; runs make the ids far smaller
// than their text.
func TestIDCoderIncrements(t *testing.T) {
	var c IDCoder
	ids := countingIDs()
	size := 0
	for _, id := range ids {
		c.Add(id)
		size += len(id)
	}
	checkCoder(t, &c, ids)
	if len(c.Data) > size/4 {
		t.Errorf("%d ids of %d bytes in %d bytes, want a quarter or less", len(ids), size, len(c.Data))
	}
	for _, pair := range [][2]string{{"a9", "a10"}, {"a09", "a10"}, {"99", "100"}, {"a1", "a2"}, {"x__9", "x__10"}} {
		if !isIncrement([]byte(pair[0]), pair[1]) || string(increment([]byte(pair[0]))) != pair[1] {
			t.Errorf("%q then %q: not an increment", pair[0], pair[1])
		}
	}
	for _, pair := range [][2]string{{"a199", "a1100"}, {"a9", "b10"}, {"a", "a1"}, {"", "1"}, {"a1", "a1"}, {"a19", "a110"}, {"a1", "a3"}} {
		if isIncrement([]byte(pair[0]), pair[1]) {
			t.Errorf("%q then %q: an increment", pair[0], pair[1])
		}
	}
}

func checkCoder(t *testing.T, c *IDCoder, ids []string) {
	t.Helper()
	for d, want := range ids {
		if got := c.ID(d); got != want {
			t.Errorf("id(%d) = %q, want %q", d, got, want)
		}
	}
	for _, first := range []int{0, 1, IDEvery - 1, IDEvery, IDEvery + 1, len(ids) - 1, len(ids)} {
		var got []string
		c.Each(first, func(d int, id []byte) { got = append(got, string(id)) })
		if !slices.Equal(got, ids[first:]) && !(len(got) == 0 && first == len(ids)) {
			t.Errorf("each(%d) = %q, want %q", first, got, ids[first:])
		}
	}
	// Range stops at its end, also inside a run of increments.
	for _, r := range [][2]int{{0, 0}, {0, 1}, {1, 3}, {IDEvery - 1, IDEvery + 1}, {2, len(ids) - 1}, {len(ids) / 2, len(ids) + 5}} {
		var got []string
		c.Range(r[0], r[1], func(d int, id []byte) {
			if d != r[0]+len(got) {
				t.Errorf("range(%d, %d): document %d in place %d", r[0], r[1], d, len(got))
			}
			got = append(got, string(id))
		})
		if want := ids[min(r[0], len(ids)):min(r[1], len(ids))]; !slices.Equal(got, want) {
			t.Errorf("range(%d, %d) = %q, want %q", r[0], r[1], got, want)
		}
	}
	// The coded ids pass their checks, as a unit built.
	u := &Unit{Name: "sentence", IDData: slices.Clone(c.Data), IDRestart: c.Restart, IDRank: ranksOf(ids)}
	u.SetIDChecks()
	if !u.validRestarts() || !u.ranks.permutation(u.Docs()) {
		t.Fatal("the restarts or ranks of the coded ids are not valid")
	}
	if err := u.CheckAllIDs(); err != nil {
		t.Fatal(err)
	}
}

// ranksOf returns the rank of each id in byte order (ties by position).
func ranksOf(ids []string) []uint32 {
	order := make([]int, len(ids))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return strings.Compare(ids[a], ids[b]) })
	ranks := make([]uint32, len(ids))
	for r, d := range order {
		ranks[d] = uint32(r)
	}
	return ranks
}

// TestCheckIDsDamage: every change of a byte of the coded ids that the
// checksum does not see (it is skipped here) is caught by the structure
// checks or leaves ids that decode without a panic.
func TestCheckIDsDamage(t *testing.T) {
	var c IDCoder
	ids := countingIDs()
	for _, id := range ids {
		c.Add(id)
	}
	for i := range c.Data {
		for _, x := range []byte{0x01, 0x80, 0xfe} {
			data := slices.Clone(c.Data)
			data[i] ^= x
			u := &Unit{Name: "sentence", IDData: data, IDRestart: c.Restart, IDRank: ranksOf(ids)}
			u.SetIDChecks()
			u.skipCRC = true
			if u.CheckAllIDs() != nil {
				continue
			}
			for d := range uint32(len(ids)) {
				_ = u.ID(d)
			}
		}
	}
}

// TestRanks: the id ranks, coded a byte each from a base per group with
// the groups whose ranks lie far apart whole, are the ranks, after a
// round trip through a unit file too.
func TestRanks(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, docs := range []int{0, 1, rankGroup - 1, rankGroup, 64*rankGroup + 3, 5000} {
		// Runs of nearby ranks, with some groups shuffled across all.
		ranks := make([]uint32, docs)
		for i := range ranks {
			ranks[i] = uint32(i)
		}
		for i := 0; i+10 < docs; i += 37 {
			j := r.IntN(docs)
			ranks[i], ranks[j] = ranks[j], ranks[i]
		}
		u, dir := writeIDUnit(t, "d%d", ranks)
		d, err := Read(dir, Meta{Format: FormatVersion}, []string{"sentence"}, true)
		if err != nil {
			t.Fatal(err)
		}
		got := d.Units[0]
		got.IDRank = nil // Rank must not need them
		for _, v := range []*Unit{u, got} {
			if v.Docs() != docs {
				t.Fatalf("%d documents: Docs %d", docs, v.Docs())
			}
			for i, want := range ranks {
				if r := v.Rank(uint32(i)); r != want {
					t.Fatalf("%d documents: rank of %d = %d, want %d", docs, i, r, want)
				}
			}
		}
		if docs > 100 && len(got.ranks.wide) == 0 {
			t.Errorf("%d documents: no group of ranks stored whole", docs)
		}
		d.Close()
	}
}

// emptyField returns a field of docs documents without terms.
func emptyField(docs int) *Field {
	return &Field{Name: FieldText, TermOff: []uint64{0}, PostOff: []uint64{0}, Post: make([]byte, 8), BlockAt: []uint32{0}, DL8: make([]uint8, docs)}
}

// TestReadFormat5: an index of format 5 (written by the version before
// this format) is refused, never misread: its metadata says the format
// (a FormatError, which a cache rebuilds), and its unit file, if read
// anyway, is not of this format.
func TestReadFormat5(t *testing.T) {
	dir := filepath.Join("testdata", "format5")
	_, err := ReadMeta(dir)
	var fe *FormatError
	if !errors.As(err, &fe) || fe.Format != 5 || !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "index format 5, this version reads 6") {
		t.Fatalf("ReadMeta of format 5: %v, want a FormatError for format 5", err)
	}
	tmp := t.TempDir()
	lex, err := os.ReadFile(filepath.Join(dir, "sentence.lex"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(tmp, "sentence.lex"), lex, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Read(tmp, Meta{Format: FormatVersion}, []string{"sentence"}, true)
	if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "not an index file of this format") {
		t.Fatalf("Read of a format 5 unit file: %v, want it refused as not of this format", err)
	}
}

// TestAddDecimal: adding k at once is k increments.
func TestAddDecimal(t *testing.T) {
	for _, id := range []string{"0", "9", "a9", "a09", "x__98", "99", "1__999", "a0", "007"} {
		want := []byte(id)
		for k := range 130 {
			if got := addDecimal([]byte(id), k); string(got) != string(want) {
				t.Fatalf("%q + %d = %q, want %q", id, k, got, want)
			}
			want = increment(want)
		}
	}
}

// TestRankPermutation: the check that the id ranks are a permutation
// catches a repeated rank and one out of range, in a group of one-byte
// offsets and in a group of wide ranks, and passes the ranks of a build.
func TestRankPermutation(t *testing.T) {
	const docs = 20*rankGroup + 3
	rank := make([]uint32, docs)
	for d := range rank {
		rank[d] = uint32(d)
	}
	rank[rankGroup], rank[docs-1] = rank[docs-1], rank[rankGroup] // a wide group
	rand.New(rand.NewPCG(1, 2)).Shuffle(3*rankGroup, func(i, j int) { rank[i+2*rankGroup], rank[j+2*rankGroup] = rank[j+2*rankGroup], rank[i+2*rankGroup] })
	check := func(what string, rank []uint32, want bool) {
		t.Helper()
		tb := newRankTable(rank)
		if !tb.valid(docs) {
			t.Fatalf("%s: the table is not valid", what)
		}
		if got := tb.permutation(docs); got != want {
			t.Errorf("%s: permutation = %v, want %v", what, got, want)
		}
	}
	check("a permutation", rank, true)
	if newRankTable(rank).exc[0] == 0 {
		t.Fatal("no group of wide ranks")
	}
	for _, d := range []int{0, rankGroup, 2 * rankGroup, docs - 1} {
		bad := slices.Clone(rank)
		bad[d] = bad[(d+1)%docs]
		check(fmt.Sprintf("rank of %d repeated", d), bad, false)
		bad[d] = docs
		check(fmt.Sprintf("rank of %d out of range", d), bad, false)
	}
}

// TestIDsCheckedBehind: the ids that the first CheckID has checked on a
// goroutine behind the queries are found as CheckID finds them, a damaged
// chunk damaged (with the error naming the file) and the others sound;
// before it nothing is checked; a Close right after Read, or right after
// the first CheckID, stops that goroutine before it unmaps the file.
func TestIDsCheckedBehind(t *testing.T) {
	const docs = 3*IDChunk + 5
	ranks := make([]uint32, docs)
	for d := range docs {
		ranks[d] = uint32(d)
	}
	u, dir := writeIDUnit(t, "d%07d", ranks)
	for i := range 20 {
		d, err := Read(dir, Meta{Format: FormatVersion}, []string{"sentence"}, true)
		if err != nil {
			t.Fatal(err)
		}
		if i%2 == 1 {
			if err := d.Units[0].CheckID(docs - 1); err != nil {
				t.Fatal(err)
			}
		}
		if err := d.Close(); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(dir, "sentence.lex")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	at := len(Magic) + 8 + int(u.IDRestart[IDChunk/IDEvery]) + 3 // in the ids of the second chunk
	b[at] ^= 0x04
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	d, err := Read(dir, Meta{Format: FormatVersion}, []string{"sentence"}, true)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	got := d.Units[0]
	got.behind.Wait()
	for ch := range got.idCheck {
		if s := got.idCheck[ch].Load(); s != Unchecked {
			t.Fatalf("chunk %d: state %d before any CheckID", ch, s)
		}
	}
	if err := got.CheckID(0); err != nil {
		t.Errorf("CheckID in a sound chunk: %v", err)
	}
	got.behind.Wait()
	for ch, want := range []uint32{Sound, Damaged, Sound, Sound} {
		if s := got.idCheck[ch].Load(); s != want {
			t.Errorf("chunk %d: state %d after the check behind, want %d", ch, s, want)
		}
	}
	if err := got.CheckID(IDChunk + 7); !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), path) {
		t.Errorf("CheckID in the damaged chunk: %v, want ErrCorrupt naming %s", err, path)
	}
}

// writeIDUnit writes, to a new directory, a sentence unit of len(ranks)
// documents without postings, document d's id format with d, its rank
// ranks[d]; it returns the unit and the directory.
func writeIDUnit(t *testing.T, format string, ranks []uint32) (*Unit, string) {
	t.Helper()
	var c IDCoder
	for d := range ranks {
		c.Add(fmt.Sprintf(format, d))
	}
	u := &Unit{Name: "sentence", IDData: slices.Clone(c.Data), IDRestart: c.Restart, IDRank: ranks}
	u.SetIDChecks()
	u.Fields = []*Field{emptyField(len(ranks))}
	dir := t.TempDir()
	if err := WriteUnit(context.Background(), dir, u, nil); err != nil {
		t.Fatal(err)
	}
	return u, dir
}

// checkIDsEntries is checkIDs reading every entry with nextEntry: what
// checkIDs, which reads the usual entries itself, must agree with.
func (u *Unit) checkIDsEntries(c int) bool {
	start, end := u.idBytes(c)
	data := u.IDData[:end]
	off := start
	var id []byte
	for d, hi := c*IDChunk, min((c+1)*IDChunk, u.Docs()); d < hi; {
		if d%IDEvery == 0 {
			if u.IDRestart[d/IDEvery] != off {
				return false
			}
			id = id[:0]
		}
		e, next, ok := nextEntry(data, off)
		if !ok {
			return false
		}
		off = next
		if e.n > 0 {
			if len(id) == 0 || !isDigit(id[len(id)-1]) || d%IDEvery+e.n > IDEvery || d+e.n > hi {
				return false
			}
			id = e.apply(id, e.n)
			d += e.n
			continue
		}
		if e.drop > uint64(len(id)) || uint64(len(id))-e.drop+uint64(len(e.rest)) > 1<<20 {
			return false
		}
		id = e.apply(id, 0)
		d++
	}
	return off == end
}

// TestCheckIDsEntries: with any byte of the coded ids changed (the
// checksum skipped), checkIDs finds each chunk sound or damaged as
// reading every entry with nextEntry does.
func TestCheckIDsEntries(t *testing.T) {
	var c IDCoder
	ids := countingIDs()
	long := strings.Repeat("x", 200) // rests of two-byte varints
	for i := range 300 {
		ids = append(ids, fmt.Sprintf("%s%d__PREMISE__%d", long[:i%3*70], i/7, i%7))
	}
	for _, id := range ids {
		c.Add(id)
	}
	u := &Unit{Name: "sentence", IDData: slices.Clone(c.Data), IDRestart: c.Restart, IDRank: ranksOf(ids)}
	u.SetIDChecks()
	u.skipCRC = true
	sound := 0
	for i := range c.Data {
		for _, x := range []byte{0x01, 0x02, 0x80, 0xfe} {
			u.IDData[i] ^= x
			for ch := range u.idCheck {
				if start, end := u.idBytes(ch); uint64(i) < start || uint64(i) >= end {
					continue
				}
				got, want := u.checkIDs(ch), u.checkIDsEntries(ch)
				if got != want {
					t.Fatalf("byte %d ^ %#x, chunk %d: checkIDs %v, reading every entry %v", i, x, ch, got, want)
				}
				if got {
					sound++
				}
			}
			u.IDData[i] ^= x
		}
	}
	if sound == 0 {
		t.Fatal("no chunk stayed sound")
	}
}
