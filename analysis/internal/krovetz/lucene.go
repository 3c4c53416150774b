package krovetz

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"
	"fmt"
	"strings"
)

// luceneDictGz is the dictionary of Lucene 8's KStemmer: every entry of its
// built-in table (KStemData1 to KStemData8, its exception words, direct
// conflations, nationalities, supplement and proper nouns) as "word<TAB>
// root<TAB>x-if-exception" lines, the root empty when the word is its own.
// It was dumped from lucene-analyzers-common 8.8.1 (Apache-2.0) by
// testdata/kstemdump; see lucene/NOTICE.
//
//go:embed lucene/kstem-dict.tsv.gz
var luceneDictGz []byte

// A luceneEntry is one entry of Lucene's KStem dictionary.
type luceneEntry struct {
	root      string // the stem of the word: itself unless a direct conflation
	exception bool   // an exception word: rules that add an e skip it
}

// parseLuceneDict reads the embedded dictionary.
func parseLuceneDict(gz []byte) (map[string]*luceneEntry, error) {
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, fmt.Errorf("krovetz: Lucene dictionary: %w", err)
	}
	dict := make(map[string]*luceneEntry, 28000)
	sc := bufio.NewScanner(zr)
	line := 0
	for sc.Scan() {
		line++
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 3 || f[0] == "" {
			return nil, fmt.Errorf("krovetz: Lucene dictionary line %d: want word, root and exception", line)
		}
		e := &luceneEntry{root: f[1], exception: f[2] == "x"}
		if e.root == "" {
			e.root = f[0]
		}
		dict[f[0]] = e
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("krovetz: Lucene dictionary: %w", err)
	}
	return dict, zr.Close()
}

// Lucene returns a Stemmer that stems exactly as Lucene 8's KStemFilter
// does (org.apache.lucene.analysis.en.KStemmer), with Lucene's built-in
// dictionary of about 28,000 words, embedded in this package under the
// Apache License 2.0. It differs from New with that dictionary in the rule
// details Lucene's implementation has: no -ful rule and no irregular forms
// beyond its direct conflations ("children" stays), direct conflations and
// nationalities ("americans" → "america"), exception words that the -ed and
// -ing rules skip ("aided" → "aid"), and its defaults for words the
// dictionary lacks ("actualy" → "actua"). The package's tests compare it
// with KStemFilter's output on every word of the embedded args.me sample
// (testdata/kstem-sample.tsv.gz, made by testdata/kstemdump).
//
// Creating one parses the dictionary (milliseconds); create it once. Words
// that are not 3 to 49 letters a–z are returned unchanged, as Lucene does.
func Lucene() (*Stemmer, error) {
	dict, err := parseLuceneDict(luceneDictGz)
	if err != nil {
		return nil, err
	}
	return &Stemmer{lucene: dict}, nil
}

// kstem is the state of one Lucene stemming: the word being rewritten and
// the dictionary entry of the last lookup that matched (nil after one that
// did not).
type kstem struct {
	dict    map[string]*luceneEntry
	w       []byte
	matched *luceneEntry
}

// stemLucene stems word as Lucene's KStemmer does.
func (s *Stemmer) stemLucene(word string) string {
	if len(word) <= 2 || len(word) >= MaxWordLen {
		return word
	}
	if e := s.lucene[word]; e != nil {
		return e.root
	}
	if !lowerASCII(word) {
		return word
	}
	k := &kstem{dict: s.lucene, w: append(make([]byte, 0, len(word)+10), word...)}
	for _, step := range []func(){
		k.plural, k.pastTense, k.aspect, k.ity, k.ness, k.ion, k.erOr, k.ly, k.al,
		k.headwordOrIve, k.ize, k.ment, k.ble, k.ism, k.ic, k.ncy, k.nce,
	} {
		step()
		if k.matched != nil {
			return k.matched.root
		}
	}
	return string(k.w)
}

// lookup reports whether the word is in the dictionary, and remembers its
// entry (or nil).
func (k *kstem) lookup() bool {
	k.matched = k.dict[string(k.w)]
	return k.matched != nil
}

// set makes the word prefix + suffix (prefix may alias k.w) and looks it
// up.
func (k *kstem) set(prefix []byte, suffix string) bool {
	k.w = append(k.w[:len(prefix)], suffix...)
	return k.lookup()
}

// entry returns the dictionary entry of the word, remembering it as the
// match only if it is not an exception, unless a match is remembered
// already.
func (k *kstem) entry() *luceneEntry {
	if k.matched != nil {
		return k.matched
	}
	e := k.dict[string(k.w)]
	if e != nil && !e.exception {
		k.matched = e
	}
	return e
}

// headwordOrIve is the step after -al: a word that is now a dictionary
// word (not an exception) is the stem, unless it ends in -ive, which the
// -ive rule then handles.
func (k *kstem) headwordOrIve() {
	k.entry()
	k.ive()
}

// ends reports whether the word ends in suffix with at least one letter
// before it.
func (k *kstem) ends(suffix string) bool {
	return len(k.w) > len(suffix) && bytes.HasSuffix(k.w, []byte(suffix))
}

// cons reports whether the letter at i is a consonant: not a vowel, and
// a y only at the start or after a vowel.
func cons(w []byte, i int) bool {
	switch w[i] {
	case 'a', 'e', 'i', 'o', 'u':
		return false
	case 'y':
		return i == 0 || !cons(w, i-1)
	}
	return true
}

// doubled reports whether the letters at i-1 and i are the same consonant.
func doubled(w []byte, i int) bool {
	return i >= 1 && w[i] == w[i-1] && cons(w, i)
}

// vowelBefore reports whether w[:n] has a vowel.
func vowelBefore(w []byte, n int) bool {
	for i := range n {
		if !cons(w, i) {
			return true
		}
	}
	return false
}

// plural handles -ies, -es and -s.
func (k *kstem) plural() {
	w, n := k.w, len(k.w)
	if w[n-1] != 's' {
		return
	}
	switch {
	case k.ends("ies"):
		if k.set(w[:n-1], "") { // calories → calorie
			return
		}
		k.set(w[:n-3], "y")
	case k.ends("es"):
		j := n - 3 // the letter before -es
		tryE := j > 0 && !(w[j] == 's' && w[j-1] == 's')
		if tryE && k.set(w[:n-1], "") {
			return
		}
		if k.set(w[:n-2], "") {
			return
		}
		k.w = append(k.w, 'e') // the default keeps the e
		if !tryE {
			k.lookup()
		}
	case n > 3 && w[n-2] != 's' && !k.ends("ous"):
		k.set(w[:n-1], "")
	}
}

// pastTense handles -ied and -ed.
func (k *kstem) pastTense() {
	w, n := k.w, len(k.w)
	if n <= 4 {
		return
	}
	if k.ends("ied") {
		if k.set(w[:n-1], "") { // died → die
			return
		}
		k.set(w[:n-3], "y")
		return
	}
	if !k.ends("ed") || !vowelBefore(w, n-2) {
		return
	}
	orig := string(w)
	k.w = w[:n-1] // -ed → -e
	if e := k.entry(); e != nil && !e.exception {
		return
	}
	if k.set(w[:n-2], "") {
		return
	}
	if m := n - 2; doubled(k.w, m-1) {
		if k.set(k.w[:m-1], "") {
			return
		}
		k.w = append(k.w, k.w[m-2]) // the default keeps it doubled
		k.lookup()
		return
	}
	if orig[0] == 'u' && orig[1] == 'n' {
		k.w = append(k.w[:0], orig...) // an un- word is left alone
		return
	}
	k.w = append(k.w[:n-2], 'e')
}

// aspect handles -ing.
func (k *kstem) aspect() {
	w, n := k.w, len(k.w)
	if n <= 5 || !k.ends("ing") || !vowelBefore(w, n-3) {
		return
	}
	m := n - 3 // the stem's length
	k.w = append(w[:m], 'e')
	if e := k.entry(); e != nil && !e.exception {
		return
	}
	if k.set(k.w[:m], "") {
		return
	}
	if doubled(k.w, m-1) {
		last := k.w[m-1]
		if k.set(k.w[:m-1], "") {
			return
		}
		k.w = append(k.w, last) // the default keeps it doubled
		k.lookup()
		return
	}
	if m >= 2 && cons(k.w, m-1) && cons(k.w, m-2) {
		return // the default ends in two consonants: footstamping → footstamp
	}
	k.w = append(k.w, 'e')
}

// ity handles -ity.
func (k *kstem) ity() {
	if !k.ends("ity") {
		return
	}
	orig := string(k.w)
	m := len(orig) - 3 // the stem's length; j = m-1 is its last letter
	if k.set(k.w[:m], "") || k.set(k.w[:m], "e") {
		return
	}
	k.w = append(k.w[:0], orig...)
	j := m - 1
	switch {
	case j > 0 && orig[j-1] == 'i' && orig[j] == 'l': // -ability, -ibility → -ble
		k.set(k.w[:j-1], "le")
		return
	case j > 0 && orig[j-1] == 'i' && orig[j] == 'v': // -ivity → -ive
		k.set(k.w[:m], "e")
		return
	case j > 0 && orig[j-1] == 'a' && orig[j] == 'l': // -ality → -al
		k.set(k.w[:m], "")
		return
	}
	if k.lookup() {
		return
	}
	k.w = k.w[:m]
}

// ness handles -ness.
func (k *kstem) ness() {
	if !k.ends("ness") {
		return
	}
	m := len(k.w) - 4
	k.w = k.w[:m]
	if k.w[m-1] == 'i' {
		k.w[m-1] = 'y'
	}
	k.lookup()
}

// ion handles -ion, -ition, -ation, -ization and -ication.
func (k *kstem) ion() {
	if !k.ends("ion") {
		return
	}
	orig := string(k.w)
	n := len(orig)
	restore := func() { k.w = append(k.w[:0], orig...) }
	if k.ends("ization") {
		k.set(k.w[:n-5], "e") // -ization → -ize
		return
	}
	if k.ends("ition") {
		if k.set(k.w[:n-5], "e") { // definition → define
			return
		}
		restore()
	} else if k.ends("ation") {
		if k.set(k.w[:n-3], "e") || k.set(k.w[:n-5], "e") || k.set(k.w[:n-5], "") {
			return
		}
		restore()
	}
	if k.ends("ication") {
		if k.set(k.w[:n-7], "y") { // amplification → amplify
			return
		}
		restore()
	}
	if k.set(k.w[:n-3], "e") || k.set(k.w[:n-3], "") {
		return
	}
	restore()
}

// erOr handles -er, -or, -ier, -eer and -izer.
func (k *kstem) erOr() {
	n := len(k.w)
	if k.w[n-1] != 'r' {
		return
	}
	if k.ends("izer") {
		k.set(k.w[:n-1], "")
		return
	}
	if !k.ends("er") && !k.ends("or") {
		return
	}
	orig := string(k.w)
	j := n - 3 // the letter before -er/-or
	p := orig[:j+1]
	if doubled(k.w, j) && k.set(k.w[:j], "") {
		return
	}
	c := orig[j+1] // e or o
	if p[j] == 'i' {
		if k.set(append(k.w[:0], p[:j]...), "y") { // -ier → -y
			return
		}
		c = 'e' // Lucene's buffer keeps the e it wrote here
	}
	if p[j] == 'e' && k.set(append(k.w[:0], p[:j]...), "") { // -eer
		return
	}
	k.w = append(k.w[:0], p...)
	if k.set(k.w, string(c)) || k.set(k.w[:j+1], "") || k.set(k.w[:j+1], "e") {
		return
	}
	k.w = append(k.w[:0], orig...)
}

// ly handles -ly.
func (k *kstem) ly() {
	if !k.ends("ly") {
		return
	}
	orig := string(k.w)
	n := len(orig)
	j := n - 3     // the letter before -ly
	k.w[n-1] = 'e' // -ly → -le
	if k.lookup() {
		return
	}
	if k.set(k.w[:n-2], "") {
		return
	}
	if j > 0 && orig[j-1] == 'a' && orig[j] == 'l' {
		return // -ally → -al
	}
	k.w = append(k.w[:0], orig...)
	if j > 0 && orig[j-1] == 'a' && orig[j] == 'b' {
		k.w[n-1] = 'e' // -ably → -able
		return
	}
	if orig[j] == 'i' {
		if k.set(k.w[:j], "y") { // militarily → military
			return
		}
		k.w = append(k.w[:0], orig...)
	}
	k.w = k.w[:n-2]
}

// al handles -al, -ical and -ial.
func (k *kstem) al() {
	if len(k.w) < 4 || !k.ends("al") {
		return
	}
	orig := string(k.w)
	n := len(orig)
	j := n - 3 // the letter before -al
	if k.set(k.w[:j+1], "") {
		return
	}
	if doubled(k.w, j) && k.set(k.w[:j], "") {
		return
	}
	k.w = append(k.w[:0], orig[:j+1]...)
	if k.set(k.w, "e") || k.set(k.w[:j+1], "um") {
		return
	}
	k.w = append(k.w[:0], orig...)
	if j > 0 && orig[j-1] == 'i' && orig[j] == 'c' {
		if k.set(k.w[:j-1], "") || k.set(k.w[:j-1], "y") {
			return
		}
		k.set(k.w[:j-1], "ic") // the default: -ical → -ic
		return
	}
	if orig[j] == 'i' {
		if k.set(k.w[:j], "") {
			return
		}
		k.w = append(k.w[:0], orig...)
		k.lookup()
	}
}

// ive handles -ive and -ative.
func (k *kstem) ive() {
	if !k.ends("ive") {
		return
	}
	orig := string(k.w)
	n := len(orig)
	j := n - 4 // the letter before -ive
	if k.set(k.w[:j+1], "") || k.set(k.w[:j+1], "e") {
		return
	}
	k.w = append(k.w[:0], orig...)
	if j > 0 && orig[j-1] == 'a' && orig[j] == 't' {
		if k.set(k.w[:j-1], "e") || k.set(k.w[:j-1], "") { // determinative → determine
			return
		}
		k.w = append(k.w[:0], orig...)
	}
	if k.set(k.w[:j+1], "ion") { // injunctive → injunction
		return
	}
	k.w = append(k.w[:0], orig...)
}

// ize handles -ize.
func (k *kstem) ize() {
	if !k.ends("ize") {
		return
	}
	orig := string(k.w)
	j := len(orig) - 4
	if k.set(k.w[:j+1], "") {
		return
	}
	if doubled(k.w, j) && k.set(k.w[:j], "") {
		return
	}
	if k.set(append(k.w[:0], orig[:j+1]...), "e") {
		return
	}
	k.w = append(k.w[:0], orig...)
}

// ment handles -ment.
func (k *kstem) ment() {
	if !k.ends("ment") {
		return
	}
	orig := string(k.w)
	if k.set(k.w[:len(orig)-4], "") {
		return
	}
	k.w = append(k.w[:0], orig...)
}

// ble handles -able and -ible.
func (k *kstem) ble() {
	if !k.ends("ble") {
		return
	}
	orig := string(k.w)
	j := len(orig) - 4 // the a or i of -able/-ible
	if c := orig[j]; c != 'a' && c != 'i' {
		return
	}
	if k.set(k.w[:j], "") {
		return
	}
	if doubled(k.w, j-1) && k.set(k.w[:j-1], "") {
		return
	}
	k.w = append(k.w[:0], orig[:j]...)
	if k.set(k.w, "e") || k.set(k.w[:j], "ate") {
		return
	}
	k.w = append(k.w[:0], orig...)
}

// ism handles -ism: the default removes it.
func (k *kstem) ism() {
	if k.ends("ism") {
		k.set(k.w[:len(k.w)-3], "")
	}
}

// ic handles -ic: -ical, -y, -e, or nothing.
func (k *kstem) ic() {
	if !k.ends("ic") {
		return
	}
	orig := string(k.w)
	j := len(orig) - 3
	if k.set(k.w, "al") || k.set(k.w[:j+1], "y") || k.set(k.w[:j+1], "e") || k.set(k.w[:j+1], "") {
		return
	}
	k.w = append(k.w[:0], orig...)
}

// ncy handles -ency and -ancy: -nt, else -nce.
func (k *kstem) ncy() {
	if !k.ends("ncy") {
		return
	}
	j := len(k.w) - 4
	if c := k.w[j]; c != 'e' && c != 'a' {
		return
	}
	if k.set(k.w[:j+2], "t") {
		return
	}
	k.set(k.w[:j+2], "ce")
}

// nce handles -ence and -ance.
func (k *kstem) nce() {
	if !k.ends("nce") {
		return
	}
	orig := string(k.w)
	j := len(orig) - 4
	if c := orig[j]; c != 'e' && c != 'a' {
		return
	}
	if k.set(k.w[:j], "e") || k.set(k.w[:j], "") {
		return
	}
	k.w = append(k.w[:0], orig...)
}
