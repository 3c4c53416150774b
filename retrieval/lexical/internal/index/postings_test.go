package index

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestBlockRoundTrip encodes blocks of every gap and frequency width, full
// and short, and decodes them, with and without bytes after the block.
func TestBlockRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for width := 0; width <= 32; width++ {
		for _, n := range []int{1, 7, BlockSize - 1, BlockSize} {
			docs := make([]uint32, n)
			tfs := make([]uint32, n)
			prev := int64(r.IntN(1000)) - 1
			first := uint32(prev + 1)
			for j := range docs {
				gap := uint64(0)
				if width > 0 {
					gap = uint64(1)<<(width-1) | r.Uint64N(uint64(1)<<(width-1))
				}
				gap = min(gap, uint64(math.MaxUint32)-uint64(prev+1)-uint64(n))
				prev += 1 + int64(gap)
				docs[j] = uint32(prev)
				tfs[j] = 1 + uint32(r.Uint64N(uint64(1)<<width)) // up to 2^width
				if width == 32 {
					tfs[j] = math.MaxUint32
				}
			}
			enc := AppendBlock(nil, docs, tfs, int64(first)-1)
			size, ok := blockBytes(enc, n)
			if !ok || size != len(enc) {
				t.Fatalf("width %d, %d postings: size %d, %v for %d bytes", width, n, size, ok, len(enc))
			}
			for _, tail := range [][]byte{nil, make([]byte, 8)} {
				gotDocs, gotTFs := make([]uint32, n), make([]uint32, n)
				DecodeBlock(gotDocs, gotTFs, append(slices.Clone(enc), tail...), first)
				if !slices.Equal(gotDocs, docs) || !slices.Equal(gotTFs, tfs) {
					t.Fatalf("width %d, %d postings, %d bytes after: decoded\n%v %v\nwant\n%v %v", width, n, len(tail), gotDocs, gotTFs, docs, tfs)
				}
			}
		}
	}
}

// TestBlockExceptions: a block of small values with a few wide ones packs
// the small width and patches in the wide ones (exceptions), in the gaps
// and the frequencies alike, smaller than packing them all wide, and
// decodes exactly.
func TestBlockExceptions(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, wide := range []int{0, 1, 3, 12} {
		for _, n := range []int{1, 9, BlockSize} {
			docs, tfs := make([]uint32, n), make([]uint32, n)
			prev := int64(-1)
			for j := range docs {
				gap := 1 + r.Uint64N(16)
				tf := uint32(1)
				if j%(BlockSize/max(1, wide)) == 3 && wide > 0 {
					gap, tf = 1<<20+r.Uint64N(1<<20), 1000+uint32(j)
				}
				prev += int64(gap)
				docs[j], tfs[j] = uint32(prev), tf
			}
			enc := AppendBlock(nil, docs, tfs, -1)
			size, ok := blockBytes(enc, n)
			if !ok || size != len(enc) {
				t.Fatalf("%d wide of %d: size %d, %v for %d bytes", wide, n, size, ok, len(enc))
			}
			if wide > 0 && n == BlockSize {
				if enc[0]&excFlag == 0 || enc[1]&excFlag == 0 || len(enc) > 2+BlockSize*5/8+BlockSize/8+2*(2+wide*4) {
					t.Errorf("%d wide of %d: %d bytes, header %x %x: want exceptions", wide, n, len(enc), enc[0], enc[1])
				}
			}
			for _, tail := range [][]byte{nil, make([]byte, 8)} {
				gotDocs, gotTFs := make([]uint32, n), make([]uint32, n)
				DecodeBlock(gotDocs, gotTFs, append(slices.Clone(enc), tail...), 0)
				if !slices.Equal(gotDocs, docs) || !slices.Equal(gotTFs, tfs) {
					t.Fatalf("%d wide of %d, %d bytes after: decoded\n%v %v\nwant\n%v %v", wide, n, len(tail), gotDocs, gotTFs, docs, tfs)
				}
			}
			// A block whose exceptions point outside it, or whose widths
			// exceed 32 bits, is refused.
			if enc[0]&excFlag != 0 {
				at := 2 + (n*int(enc[0]&^excFlag)+7)/8 + (n*int(enc[1]&^excFlag)+7)/8
				for _, bad := range []func(b []byte){
					func(b []byte) { b[at+2] = byte(n) },
					func(b []byte) { b[at] = 0 },
					func(b []byte) { b[at] = byte(n + 1) },
					func(b []byte) { b[at+1] = 33 - b[0]&^excFlag },
					func(b []byte) { b[0] |= 0x40 },
				} {
					b := slices.Clone(enc)
					bad(b)
					if _, ok := blockBytes(b, n); ok {
						t.Errorf("%d wide of %d: a damaged block passes blockBytes", wide, n)
					}
				}
			}
		}
	}
}

// statsField returns a field of one term "t" whose postings are docs with
// frequencies tfs, in documents of lengths dl, with the block statistics
// the postings have (changed by edit, if not nil) and the checksum of
// what they then are.
func statsField(docs, tfs, dl []uint32, edit func(b []Block)) *Field {
	f := &Field{Name: "text", TermBlob: []byte("t"), TermOff: []uint64{0, 1}}
	f.SetLengths(dl)
	var post []byte
	var blocks []Block
	maxTF := uint32(0)
	for lo := 0; lo < len(docs); lo += BlockSize {
		hi := min(lo+BlockSize, len(docs))
		prev := int64(-1)
		if lo > 0 {
			prev = int64(docs[lo-1])
		}
		b := Block{Last: docs[hi-1], Off: uint32(len(post))}
		bmax, bmin := uint32(0), uint32(math.MaxUint32)
		for j := lo; j < hi; j++ {
			bmax, bmin = max(bmax, tfs[j]), min(bmin, dl[docs[j]])
		}
		b.MaxTF, b.MinDL = uint16(min(bmax, MaxStat)), uint16(min(bmin, MaxStat))
		maxTF = max(maxTF, bmax)
		post = AppendBlock(post, docs[lo:hi], tfs[lo:hi], prev)
		blocks = append(blocks, b)
	}
	if edit != nil {
		edit(blocks)
	}
	f.DF, f.MaxTF = []uint32{uint32(len(docs))}, []uint32{maxTF}
	f.PostOff = []uint64{0, uint64(len(post))}
	f.PostCRC = []uint32{PostingsCRC(post, blocks)}
	f.Post = append(post, make([]byte, 8)...)
	f.Blocks, f.BlockAt = blocks, blockStarts(f.DF)
	f.InitChecks()
	return f
}

// TestCheckTermStats: the first read of a term's postings accepts blocks
// whose statistics are those of their postings, among them blocks whose
// documents are all 255 tokens or longer (their shortest length is not
// in DL8), and refuses a block whose shortest length or largest frequency
// is off by one, even with a checksum that matches.
func TestCheckTermStats(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	const ndocs = 4000
	for _, long := range []bool{false, true} {
		dl := make([]uint32, ndocs)
		for d := range dl {
			dl[d] = 1 + uint32(r.IntN(200))
			if long || d%7 == 0 {
				dl[d] = 255 + uint32(r.IntN(1000))
			}
		}
		var docs, tfs []uint32
		for d := range uint32(ndocs) {
			if r.IntN(3) == 0 {
				docs = append(docs, d)
				tfs = append(tfs, 1+uint32(r.IntN(3))*uint32(r.IntN(2)))
			}
		}
		if _, err := statsField(docs, tfs, dl, nil).TermBlocks(0); err != nil {
			t.Fatalf("long %v: sound postings: %v", long, err)
		}
		for _, edit := range []func(b []Block){
			func(b []Block) { b[1].MinDL++ },
			func(b []Block) { b[1].MinDL-- },
			func(b []Block) { b[2].MaxTF++ },
			func(b []Block) { b[len(b)-1].MaxTF-- },
		} {
			_, err := statsField(docs, tfs, dl, edit).TermBlocks(0)
			if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "block statistics") {
				t.Errorf("long %v: wrong block statistics: %v, want a corrupt index", long, err)
			}
		}
	}
}
