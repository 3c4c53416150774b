package pos

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
)

// weightList is the perceptron's weights as prose's weights.gob holds
// them (a map from feature to a map from class to weight), read into flat
// lists: feature i has the entries [ends[i-1], ends[i]) of entries, each a
// class, numbered in the order of first appearance (names), and a weight.
// Its strings are substrings of the stream it was read from.
type weightList struct {
	features []string
	ends     []int
	names    []string
	entries  []classWeight
}

// errWeights is wrapped by every error about a stream that is not a gob
// of one map[string]map[string]float64.
var errWeights = errors.New("not a gob stream of map[string]map[string]float64")

// readWeights reads a gob stream (encoding/gob's wire format) that holds
// one value of type map[string]map[string]float64, as prose's
// model/AveragedPerceptron/weights.gob does, without making a map per
// feature: decoding it with encoding/gob allocates every inner map and
// takes most of Load's time. The stream's type definitions are
// skipped, not checked: a stream of another type whose values read as
// these would be accepted, which encoding/gob would refuse. Anything after
// the value, or a value that does not fill its message, is an error.
func readWeights(stream string) (*weightList, error) {
	r := gobReader{s: stream}
	for r.err == nil && len(r.s) > 0 {
		n := r.uint()
		if r.err == nil && n > uint64(len(r.s)) {
			r.fail("a message of %d bytes, and %d are left", n, len(r.s))
		}
		if r.err != nil {
			break
		}
		msg := gobReader{s: r.s[:n]}
		r.s = r.s[n:]
		if id := msg.int(); msg.err != nil || id < 0 {
			continue // a type definition (or a broken one: the value's check fails)
		}
		if len(r.s) != 0 {
			return nil, fmt.Errorf("%w: %d bytes after the value", errWeights, len(r.s))
		}
		if msg.uint() != 0 { // a value that is not a struct is sent as field 0 of one
			msg.fail("no singleton mark before the value")
		}
		w := msg.weights()
		if msg.err == nil && len(msg.s) != 0 {
			msg.fail("%d bytes left in the value's message", len(msg.s))
		}
		if msg.err != nil {
			return nil, msg.err
		}
		return w, nil
	}
	if r.err != nil {
		return nil, r.err
	}
	return nil, fmt.Errorf("%w: no value", errWeights)
}

// gobReader reads the items of encoding/gob's wire format from s: an
// unsigned integer is one byte below 128, or a byte holding the negated
// count of the big-endian bytes that follow; a signed integer is an
// unsigned one with the sign in its lowest bit; a string is its length and
// its bytes; a float64 is its bits with the bytes reversed, as an unsigned
// integer. The first error stops it; every read after it returns zero.
type gobReader struct {
	s   string
	err error
}

func (r *gobReader) fail(format string, args ...any) {
	if r.err == nil {
		r.err = fmt.Errorf("%w: "+format, append([]any{errWeights}, args...)...)
	}
}

func (r *gobReader) uint() uint64 {
	if r.err != nil {
		return 0
	}
	if len(r.s) == 0 {
		r.fail("the stream ends inside an item")
		return 0
	}
	c := r.s[0]
	if c < 0x80 {
		r.s = r.s[1:]
		return uint64(c)
	}
	n := 256 - int(c) // the negated count as a byte: 0xff is 1, 0xf8 is 8
	if n > 8 || len(r.s) < 1+n {
		r.fail("an unsigned integer of %d bytes, and %d are left", n, len(r.s)-1)
		return 0
	}
	var u uint64
	for i := 1; i <= n; i++ {
		u = u<<8 | uint64(r.s[i])
	}
	r.s = r.s[1+n:]
	return u
}

func (r *gobReader) int() int64 {
	u := r.uint()
	if u&1 != 0 {
		return ^int64(u >> 1)
	}
	return int64(u >> 1)
}

func (r *gobReader) string() string {
	n := r.uint()
	if r.err == nil && n > uint64(len(r.s)) {
		r.fail("a string of %d bytes, and %d are left", n, len(r.s))
	}
	if r.err != nil {
		return ""
	}
	s := r.s[:n]
	r.s = r.s[n:]
	return s
}

func (r *gobReader) float64() float64 {
	return math.Float64frombits(bits.ReverseBytes64(r.uint()))
}

// count reads the length of a map whose entries take at least min bytes
// each, and checks that they fit in what is left.
func (r *gobReader) count(min int) int {
	n := r.uint()
	if r.err == nil && n > uint64(len(r.s)/min) {
		r.fail("a map of %d entries in %d bytes", n, len(r.s))
	}
	if r.err != nil {
		return 0
	}
	return int(n)
}

// weights reads a map[string]map[string]float64: first to count its
// features and entries, then again to fill lists of those lengths.
func (r *gobReader) weights() *weightList {
	counter := *r
	features, entries := counter.walk(nil)
	if counter.err != nil {
		r.err = counter.err
		return nil
	}
	w := &weightList{features: make([]string, 0, features), ends: make([]int, 0, features), entries: make([]classWeight, 0, entries)}
	r.walk(w)
	if r.err != nil {
		return nil
	}
	return w
}

// walk reads a map[string]map[string]float64, appending it to w unless w
// is nil, and returns the numbers of its features and of its entries.
func (r *gobReader) walk(w *weightList) (features, entries int) {
	ids := map[string]int32{}
	features = r.count(2) // a key's length and an inner map's count
	for range features {
		f := r.string()
		n := r.count(2) // a class's length and a weight
		entries += n
		for range n {
			c, x := r.string(), r.float64()
			if w == nil {
				continue
			}
			id, ok := ids[c]
			if !ok {
				id = int32(len(w.names))
				ids[c] = id
				w.names = append(w.names, c)
			}
			w.entries = append(w.entries, classWeight{id, x})
		}
		if r.err != nil {
			return 0, 0
		}
		if w != nil {
			w.features = append(w.features, f)
			w.ends = append(w.ends, len(w.entries))
		}
	}
	return features, entries
}
