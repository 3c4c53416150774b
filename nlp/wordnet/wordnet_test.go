package wordnet

import (
	"bufio"
	"compress/gzip"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var loaded = sync.OnceValues(Load)

func load(t testing.TB) *WordNet {
	t.Helper()
	w, err := loaded()
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// block is one "N senses of X" block of wn's output.
type block struct {
	lemma  string
	count  int            // N
	senses map[int]string // sense number → its lemma line, cleaned
}

var (
	sensesLine = regexp.MustCompile(`^(\d+) senses? of (.+?)\s*$`)
	// wn adds antonyms to adjectives and spells out their markers.
	antonym = regexp.MustCompile(` \(vs\. [^)]*\)`)
	marker  = regexp.MustCompile(`\((predicate|prenominal|postnominal)\)`)
)

func parseWN(t *testing.T, path string) []block {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var blocks []block
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if m := sensesLine.FindStringSubmatch(line); m != nil {
			n, _ := strconv.Atoi(m[1])
			blocks = append(blocks, block{lemma: m[2], count: n, senses: map[int]string{}})
			continue
		}
		if k, ok := strings.CutPrefix(line, "Sense "); ok && len(blocks) > 0 {
			n, err := strconv.Atoi(k)
			if err != nil || !sc.Scan() {
				t.Fatalf("%s: bad sense %q", path, line)
			}
			l := marker.ReplaceAllString(antonym.ReplaceAllString(sc.Text(), ""), "")
			blocks[len(blocks)-1].senses[n] = l
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return blocks
}

// TestWN compares Lemmas and Synsets with WordNet's wn command's
// synonym searches in testdata/wn (gen.sh made them). wn prints a block
// for each base form it finds, in Lemmas' order, but skips a synset it
// has already printed for another spelling of the same form (and a
// block whose synsets are all skipped).
func TestWN(t *testing.T) {
	w := load(t)
	files, err := filepath.Glob("testdata/wn/*.syns?")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 40 {
		t.Fatalf("%d wn outputs, want at least 40", len(files))
	}
	for _, path := range files {
		name := filepath.Base(path)
		word := strings.ReplaceAll(strings.TrimSuffix(name, filepath.Ext(name)), "_", " ")
		pos := posName(partOfSpeech(name[len(name)-1]))
		t.Run(name, func(t *testing.T) {
			blocks := parseWN(t, path)
			lemmas := w.baseForms(word, pos)
			printed := map[string]bool{}
			i := 0 // next lemma to match a block
			for _, b := range blocks {
				for i < len(lemmas) && lemmas[i] != b.lemma {
					checkCovered(t, w, lemmas[i], pos, printed)
					i++
				}
				if i == len(lemmas) {
					t.Fatalf("Lemmas(%q, %v) = %q: no %q, or not in wn's order", word, pos, lemmas, b.lemma)
				}
				i++
				syn := w.synsetsOf(b.lemma, pos)
				if len(syn) != b.count {
					t.Errorf("Synsets(%q, %v): got %d, want %d", b.lemma, pos, len(syn), b.count)
					continue
				}
				got := map[int]string{}
				for k, s := range syn {
					l := strings.Join(s, ", ")
					if _, ok := b.senses[k+1]; ok {
						got[k+1] = l
					} else if !printed[l] {
						t.Errorf("%q sense %d (%s): wn skipped it but did not print it before", b.lemma, k+1, l)
					}
				}
				if diff := cmp.Diff(b.senses, got); diff != "" {
					t.Errorf("Synsets(%q, %v): got … want (-want +got):\n%s", b.lemma, pos, diff)
				}
				for _, l := range got {
					printed[l] = true
				}
			}
			for ; i < len(lemmas); i++ {
				checkCovered(t, w, lemmas[i], pos, printed)
			}
		})
	}
}

// checkCovered checks that wn would have printed no block for a lemma:
// all its synsets are printed already.
func checkCovered(t *testing.T, w *WordNet, lemma string, pos string, printed map[string]bool) {
	t.Helper()
	for _, s := range w.synsetsOf(lemma, pos) {
		if !printed[strings.Join(s, ", ")] {
			t.Errorf("Lemmas gives %q, for which wn printed nothing, and its synset %q was not printed before", lemma, s)
		}
	}
}

func TestSynonyms(t *testing.T) {
	w := load(t)
	for _, c := range []struct {
		word   string
		senses int
		pos    []string
		want   []string
	}{
		{"car", 1, []string{"noun"}, []string{"auto", "automobile", "machine", "motorcar"}},
		{"Car", 2, []string{"noun"}, []string{"auto", "automobile", "machine", "motorcar", "railcar", "railway car", "railroad car"}},
		{"dogs", 1, []string{"noun"}, []string{"domestic dog", "Canis familiaris"}},
		{"ran", 2, []string{"verb"}, []string{"scat", "scarper", "turn tail", "lam", "run away", "hightail it", "bunk", "head for the hills", "take to the woods", "escape", "fly the coop", "break away"}},
		// better (adj) sense 1, good sense 1, well sense 1; better's 2nd…
		{"better", 1, []string{"adj"}, nil},
		{"death_penalty", 0, nil, []string{"execution", "executing", "capital punishment"}},
		{"legalized", 0, []string{"verb"}, []string{"legalise", "decriminalize", "decriminalise", "legitimize", "legitimise", "legitimate", "legitimatize", "legitimatise"}},
		// The first sense of each part of speech, nouns first.
		{"ban", 1, nil, []string{"prohibition", "proscription", "censor"}},
		{"school uniforms", 0, nil, nil},
		// A collocation word by word: "nuclear powers" is "nuclear power".
		{"nuclear powers", 1, []string{"noun"}, []string{"atomic power"}},
		{"", 0, nil, nil},
		{"xyzzy", 0, nil, nil},
	} {
		got := w.Synonyms(c.word, c.senses, c.pos...)
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("Synonyms(%q, %d, %v): got … want (-want +got):\n%s", c.word, c.senses, c.pos, diff)
		}
	}
}

func TestSynonymsAllSenses(t *testing.T) {
	w := load(t)
	// Every lemma of every sense once, first sense first.
	got := w.Synonyms("quickly", 0, "adv")
	want := []string{"rapidly", "speedily", "chop-chop", "apace", "promptly", "quick", "cursorily"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("got … want (-want +got):\n%s", diff)
	}
}

func TestInvalidPOS(t *testing.T) {
	w := load(t)
	defer func() {
		if r := recover(); r == nil {
			t.Error("Lemmas with part of speech \"x\" did not panic")
		}
	}()
	w.baseForms("car", "x")
}

func TestDecodeErrors(t *testing.T) {
	gz := func(s string) []byte {
		var b strings.Builder
		zw := gzip.NewWriter(&b)
		zw.Write([]byte(s))
		zw.Close()
		return []byte(b.String())
	}
	for _, c := range []struct {
		name string
		file []byte
	}{
		{"not gzip", []byte("wordnet")},
		{"no header", gz("hello\n")},
		{"no parts", gz("wordnet-synsets 1\n")},
		{"bad synset number", gz("wordnet-synsets 1\npos n 1 1 0\ncar\tauto\ncar\t1\n")},
		{"trailing", gz("wordnet-synsets 1\npos n 0 0 0\npos v 0 0 0\npos a 0 0 0\npos r 0 0 0\nmore\n")},
	} {
		_, err := decode(c.file)
		if err == nil || !strings.HasPrefix(err.Error(), "wordnet: ") {
			t.Errorf("%s: got error %v, want one starting \"wordnet: \"", c.name, err)
		}
	}
	_, err := decode([]byte("wordnet-synsets 1\npos n 0 0 0\n"))
	if !errors.Is(err, gzip.ErrHeader) {
		t.Errorf("not gzip: got %v, want it to wrap gzip.ErrHeader", err)
	}
	w, err := decode(gz("wordnet-synsets 1\npos n 1 1 0\ncar\tauto\ncar\t0\npos v 0 0 0\npos a 0 0 0\npos r 0 0 0\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got := w.Synonyms("car", 0); !cmp.Equal(got, []string{"auto"}) {
		t.Errorf("got %q, want [auto]", got)
	}
}

func BenchmarkLoad(b *testing.B) {
	var w *WordNet
	for b.Loop() {
		var err error
		if w, err = Load(); err != nil {
			b.Fatal(err)
		}
	}
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	b.ReportMetric(float64(m.HeapAlloc)/(1<<20), "heap-MB")
	runtime.KeepAlive(w)
}

func BenchmarkSynonyms(b *testing.B) {
	w := load(b)
	words := strings.Fields("should the death penalty be abolished vaccination mandatory nuclear energy ban school uniforms dogs better ran")
	for b.Loop() {
		for _, word := range words {
			w.Synonyms(word, 2)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(words)), "ns/word")
}

func TestConcurrent(t *testing.T) {
	w := load(t)
	want := w.Synonyms("vaccination", 0)
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for range 50 {
				if got := w.Synonyms("vaccination", 0); !cmp.Equal(got, want) {
					t.Errorf("got %q, want %q", got, want)
				}
				w.baseForms("took into accounts", "verb")
			}
		})
	}
	wg.Wait()
}

// FuzzLemmas checks that no word makes morphy panic and that every lemma
// it gives has synsets.
func FuzzLemmas(f *testing.F) {
	for _, s := range []string{"dogs", "took into accounts", "e-mail", "p.m.", "handsful", "a--b", "-", " ", "gave up the ghosts", "freedoms-of speech"} {
		f.Add(s)
	}
	w := load(f)
	f.Fuzz(func(t *testing.T, word string) {
		for _, p := range []string{"noun", "verb", "adj", "adv"} {
			for _, l := range w.baseForms(word, p) {
				if len(w.synsetsOf(l, p)) == 0 {
					t.Errorf("Lemmas(%q, %v) gives %q, which has no synsets", word, p, l)
				}
			}
		}
		w.Synonyms(word, 2)
	})
}

// posName names a part of speech as the exported methods take it.
func posName(p partOfSpeech) string {
	return map[partOfSpeech]string{posNoun: "noun", posVerb: "verb", posAdj: "adj", posAdv: "adv"}[p]
}
