package lexical

import (
	"fmt"
	"math/bits"
	"os"
	"testing"
)

func TestZZBytes(t *testing.T) {
	x, err := Open(os.Getenv("LEXICAL_INDEX"), Config{})
	if err != nil {
		t.Skip(err)
	}
	f := x.d.units[0].fields[0]
	type agg struct{ terms, post, bytes, dbits, tbits, blocks int }
	var by [12]agg
	for id := range f.df {
		df := int(f.df[id])
		k := min(bits.Len(uint(df))/2, 11)
		a := &by[k]
		a.terms++
		a.post += df
		a.bytes += int(f.postOff[id+1] - f.postOff[id])
		bl, _ := f.termBlocks(id)
		a.blocks += len(bl)
		for i, b := range bl {
			n := min(blockSize, df-i*blockSize)
			p := f.post[f.postOff[id]+uint64(b.off):]
			a.dbits += n * int(p[0])
			a.tbits += n * int(p[1])
		}
	}
	for k, a := range by {
		if a.terms == 0 {
			continue
		}
		fmt.Printf("df<2^%2d terms %8d postings %10d bytes %10d B/p %.2f gapbits %.1f tfbits %.2f hdr %.3f\n", 2*k, a.terms, a.post, a.bytes, float64(a.bytes)/float64(a.post), float64(a.dbits)/float64(a.post), float64(a.tbits)/float64(a.post), float64(2*a.blocks)/float64(a.post))
	}
}
