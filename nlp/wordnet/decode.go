package wordnet

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// part is one part of speech's synsets, index and exceptions.
type part struct {
	lemmas []string            // every synset's lemmas, one synset after another
	start  []int32             // synset i's lemmas are lemmas[start[i]:start[i+1]]
	senses []int32             // every index lemma's synsets, one lemma after another
	index  map[string]span     // index lemma (lower case) → its synsets in senses
	exc    map[string][]string // inflected form → base forms
}

type span struct{ lo, hi int32 }

func (pt *part) synset(id int32) []string {
	return pt.lemmas[pt.start[id]:pt.start[id+1]:pt.start[id+1]]
}

// synsetsOf returns the synsets of an index lemma, or nil.
func (pt *part) synsetsOf(lemma string) []int32 {
	s, ok := pt.index[lemma]
	if !ok {
		return nil
	}
	return pt.senses[s.lo:s.hi:s.hi]
}

// decode reads the file internal/convert writes; its doc describes the
// format. The strings returned share the decompressed text.
func decode(file []byte) (*WordNet, error) {
	zr, err := gzip.NewReader(bytes.NewReader(file))
	if err != nil {
		return nil, fmt.Errorf("wordnet: synsets.gz: %w", err)
	}
	var text strings.Builder
	if n := len(file); n >= 4 {
		// gzip's trailer gives the size (modulo 4 GiB); it is only a hint.
		text.Grow(min(int(binary.LittleEndian.Uint32(file[n-4:])), 64<<20))
	}
	if _, err := io.Copy(&text, zr); err != nil {
		return nil, fmt.Errorf("wordnet: synsets.gz: %w", err)
	}
	d := decoder{text: text.String()}
	w := new(WordNet)
	if d.line() != "wordnet-synsets 1" {
		return nil, errors.New("wordnet: synsets.gz: not a version 1 synsets file")
	}
	for i, p := range []partOfSpeech{posNoun, posVerb, posAdj, posAdv} {
		if err := d.part(&w.parts[i], p); err != nil {
			return nil, fmt.Errorf("wordnet: synsets.gz: line %d: %w", d.n, err)
		}
	}
	if d.text != "" {
		return nil, fmt.Errorf("wordnet: synsets.gz: line %d: trailing data", d.n+1)
	}
	return w, nil
}

type decoder struct {
	text string // what is left
	n    int    // lines read
}

func (d *decoder) line() string {
	d.n++
	l, rest, _ := strings.Cut(d.text, "\n")
	d.text = rest
	return l
}

func (d *decoder) part(pt *part, p partOfSpeech) error {
	f := strings.Fields(d.line())
	if len(f) != 5 || f[0] != "pos" || f[1] != string(rune(p)) {
		return fmt.Errorf("want the header of part of speech %q", string(rune(p)))
	}
	var counts [3]int
	for i := range counts {
		n, err := strconv.Atoi(f[2+i])
		if err != nil || n < 0 || n > 1<<30 {
			return fmt.Errorf("bad count %q", f[2+i])
		}
		counts[i] = n
	}
	nsyn, nlem, nexc := counts[0], counts[1], counts[2]

	pt.start = make([]int32, 0, nsyn+1)
	for range nsyn {
		l := d.line()
		if l == "" {
			return errors.New("empty synset")
		}
		pt.start = append(pt.start, int32(len(pt.lemmas)))
		for w := range strings.SplitSeq(l, "\t") {
			pt.lemmas = append(pt.lemmas, w)
		}
	}
	pt.start = append(pt.start, int32(len(pt.lemmas)))

	pt.index = make(map[string]span, nlem)
	for range nlem {
		lemma, ids, ok := strings.Cut(d.line(), "\t")
		if !ok || lemma == "" {
			return errors.New("bad lemma line")
		}
		s := span{lo: int32(len(pt.senses))}
		for id := range strings.SplitSeq(ids, " ") {
			n, err := strconv.Atoi(id)
			if err != nil || n < 0 || n >= nsyn {
				return fmt.Errorf("bad synset number %q", id)
			}
			pt.senses = append(pt.senses, int32(n))
		}
		s.hi = int32(len(pt.senses))
		pt.index[lemma] = s
	}

	pt.exc = make(map[string][]string, nexc)
	for range nexc {
		f := strings.Split(d.line(), "\t")
		if len(f) < 2 {
			return errors.New("bad exception line")
		}
		pt.exc[f[0]] = f[1:len(f):len(f)]
	}
	return nil
}
