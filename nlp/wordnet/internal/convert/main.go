// Command convert turns a WordNet 3.0 dict directory into package
// wordnet's embedded file:
//
//	apt-get download wordnet-base && dpkg-deb -x wordnet-base_*.deb wn
//	go run ./nlp/wordnet/internal/convert -dict wn/usr/share/wordnet -o nlp/wordnet/synsets.gz
//
// Debian's wordnet-base 1:3.0-37 (wordnet-base_1:3.0-37_all.deb, sha256
// 61060d960f9ada8fa120872312eccd3ecebfbab8c4579e4f5a74e1cf67620752) gives
// the committed file (sha256
// 44f00cdf1d63ed1442f9aa4343d69706d045d7e827e0ffdc13ddb1adbe0360f4, with Go
// 1.26's compress/gzip).
//
// It reads data.*, index.* and *.exc for the four parts of speech and
// keeps only what synonym lookup needs: each synset's lemmas, each lemma's
// synsets in sense order, and the morphological exceptions. Underscores
// become spaces and the adjective markers "(a)", "(p)" and "(ip)" are
// dropped; glosses and pointers are not kept. The same dict directory gives
// the same file, byte for byte (gzip without a name or time stamp).
//
// The file is gzip'd UTF-8 text. Its first line is "wordnet-synsets 1";
// then, for each part of speech in the order n, v, a, r, a line
//
//	pos <p> <synsets> <lemmas> <exceptions>
//
// followed by that many synset lines (the synset's lemmas, tab-separated,
// in the data file's order; synsets are numbered from 0 in offset order),
// lemma lines (the lemma, a tab, and its synsets' numbers separated by
// spaces, first sense first; in the index file's order) and exception
// lines (an inflected form and its base forms, tab-separated).
package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

func main() {
	dict := flag.String("dict", "/usr/share/wordnet", "WordNet 3.0 dict directory (data.noun, index.noun, noun.exc, …)")
	out := flag.String("o", "synsets.gz", "output file")
	flag.Parse()
	b, err := convert(*dict)
	if err == nil {
		err = os.WriteFile(*out, b, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "convert:", err)
		os.Exit(1)
	}
}

var parts = []struct{ letter, name string }{
	{"n", "noun"}, {"v", "verb"}, {"a", "adj"}, {"r", "adv"},
}

func convert(dict string) ([]byte, error) {
	var text bytes.Buffer
	text.WriteString("wordnet-synsets 1\n")
	for _, p := range parts {
		if err := convertPOS(&text, dict, p.letter, p.name); err != nil {
			return nil, err
		}
	}
	var out bytes.Buffer
	zw, err := gzip.NewWriterLevel(&out, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(text.Bytes()); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// lemma turns a data or index file word into the form the package uses.
func lemma(w string) string {
	for _, m := range []string{"(a)", "(p)", "(ip)"} {
		w = strings.TrimSuffix(w, m)
	}
	return strings.ReplaceAll(w, "_", " ")
}

func lines(path string, each func(line string, n int) error) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if strings.HasPrefix(line, "  ") { // the licence header
			continue
		}
		if err := each(line, n); err != nil {
			return fmt.Errorf("%s:%d: %w", path, n, err)
		}
	}
	return sc.Err()
}

func convertPOS(out *bytes.Buffer, dict, letter, name string) error {
	// Synsets, in offset order.
	var synsets [][]string
	number := map[int]int{} // offset → synset number
	err := lines(filepath.Join(dict, "data."+name), func(line string, _ int) error {
		f := strings.Fields(line)
		if len(f) < 4 {
			return errors.New("short synset line")
		}
		off, err := strconv.Atoi(f[0])
		if err != nil {
			return err
		}
		n, err := strconv.ParseUint(f[3], 16, 8)
		if err != nil {
			return err
		}
		if len(f) < 4+2*int(n) || n == 0 {
			return errors.New("bad word count")
		}
		ws := make([]string, n)
		for i := range ws {
			ws[i] = lemma(f[4+2*i])
			if strings.ContainsAny(ws[i], "\t\n") || ws[i] == "" {
				return fmt.Errorf("bad word %q", f[4+2*i])
			}
		}
		number[off] = len(synsets)
		synsets = append(synsets, ws)
		return nil
	})
	if err != nil {
		return err
	}

	// Lemmas, in index order, with their synsets in sense order.
	var index strings.Builder
	nlemmas := 0
	err = lines(filepath.Join(dict, "index."+name), func(line string, _ int) error {
		f := strings.Fields(line)
		if len(f) < 6 {
			return errors.New("short index line")
		}
		nsyn, err1 := strconv.Atoi(f[2])
		nptr, err2 := strconv.Atoi(f[3])
		if err := errors.Join(err1, err2); err != nil {
			return err
		}
		offs := f[4+nptr+2:]
		if len(offs) != nsyn {
			return fmt.Errorf("%d synsets, want %d", len(offs), nsyn)
		}
		l := lemma(f[0])
		index.WriteString(l)
		for i, o := range offs {
			off, err := strconv.Atoi(o)
			if err != nil {
				return err
			}
			s, ok := number[off]
			if !ok {
				return fmt.Errorf("no synset at offset %s", o)
			}
			found := false
			for _, w := range synsets[s] {
				found = found || strings.ToLower(w) == l
			}
			if !found {
				return fmt.Errorf("%q is not in synset %s", l, o)
			}
			if i == 0 {
				index.WriteByte('\t')
			} else {
				index.WriteByte(' ')
			}
			index.WriteString(strconv.Itoa(s))
		}
		index.WriteByte('\n')
		nlemmas++
		return nil
	})
	if err != nil {
		return err
	}

	var exc strings.Builder
	nexc := 0
	err = lines(filepath.Join(dict, name+".exc"), func(line string, _ int) error {
		f := strings.Fields(line)
		if len(f) < 2 {
			return errors.New("short exception line")
		}
		for i, w := range f {
			if i > 0 {
				exc.WriteByte('\t')
			}
			exc.WriteString(lemma(w))
		}
		exc.WriteByte('\n')
		nexc++
		return nil
	})
	if err != nil {
		return err
	}

	fmt.Fprintf(out, "pos %s %d %d %d\n", letter, len(synsets), nlemmas, nexc)
	for _, s := range synsets {
		out.WriteString(strings.Join(s, "\t"))
		out.WriteByte('\n')
	}
	out.WriteString(index.String())
	out.WriteString(exc.String())
	return nil
}
