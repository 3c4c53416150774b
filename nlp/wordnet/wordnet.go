// Package wordnet gives WordNet 3.0 synonyms for query expansion, as
// Touché 2022's teams Gamora and D'Artagnan expanded queries with WordNet
// synonyms (and General Grevious with Datamuse, for which WordNet stands
// in here).
//
// The data are embedded (synsets.gz, 2.1 MB, so only a program that
// imports this package carries them): for each part of speech, the lemmas
// of every synset in WordNet's order, every lemma's synsets in sense
// order (the index files' order, most frequent first), and the
// morphological exception lists; glosses and pointers (hypernyms,
// antonyms, …) are not kept. internal/convert makes the file from
// Debian's wordnet-base package.
//
// A word is found as WordNet's own search (the wn command) finds it: the
// word as given and its spelling variants (hyphens for spaces and back,
// without hyphens and spaces, without periods), then the base forms of
// WordNet's morphy: the exception lists ("ran" → "run", "better" →
// "good", "well"), the detachment rules ("dogs" → "dog", "legalized" →
// "legalize"), word by word in collocations ("gun controls" → "gun control") and verbs
// followed by a preposition ("gave up" → "give up"). Tests compare
// its base forms and synsets with wn's output for 63 searches.
//
// Base forms are returned as WordNet writes them, with spaces for its
// underscores and with their case ("Axis", "PET"); lookups ignore case.
// A WordNet is immutable and safe for concurrent use.
//
// Licence: WordNet 3.0 Copyright 2006 by Princeton University, under the
// WordNet 3.0 license, which permits use and redistribution with its
// notice; NOTICE, next to the data, holds it.
package wordnet

import (
	_ "embed"
	"fmt"
	"strings"
)

//go:embed synsets.gz
var synsetsFile []byte

// partOfSpeech is a part of speech, as WordNet's files name them.
type partOfSpeech byte

// The parts of speech.
const (
	posNoun partOfSpeech = 'n'
	posVerb partOfSpeech = 'v'
	posAdj  partOfSpeech = 'a' // adjectives, satellites included
	posAdv  partOfSpeech = 'r'
)

// parsePOS returns the part of speech wn names name: "noun", "verb",
// "adj" or "adv". It panics for any other name.
func parsePOS(name string) partOfSpeech {
	switch name {
	case "noun":
		return posNoun
	case "verb":
		return posVerb
	case "adj":
		return posAdj
	case "adv":
		return posAdv
	}
	panic(fmt.Sprintf("wordnet: invalid part of speech %q (want noun, verb, adj or adv)", name))
}

// WordNet is the embedded WordNet 3.0 synsets. It is immutable and safe
// for concurrent use.
type WordNet struct {
	parts [4]part // noun, verb, adj, adv
}

// Load decodes the embedded data. Load once and share.
func Load() (*WordNet, error) {
	return decode(synsetsFile)
}

func (w *WordNet) part(p partOfSpeech) *part {
	switch p {
	case posNoun:
		return &w.parts[0]
	case posVerb:
		return &w.parts[1]
	case posAdj:
		return &w.parts[2]
	case posAdv:
		return &w.parts[3]
	}
	panic(fmt.Sprintf("wordnet: invalid part of speech %q", rune(p)))
}

// normalize lower-cases a word and writes its words (separated by spaces
// or underscores) with single spaces.
func normalize(word string) string {
	return strings.Join(strings.FieldsFunc(strings.ToLower(word), func(r rune) bool {
		return r == '_' || r == ' ' || r == '\t' || r == '\n' || r == '\r'
	}), " ")
}

// baseForms returns the base forms under which WordNet has word as pos
// ("noun", "verb", "adj" or "adv"), in the order wn searches them: the
// word itself and its spelling variants, then morphy's base forms and
// theirs, each once, in lower case with spaces between words. It returns
// nil if WordNet has none. It panics if pos is not one of the four.
func (w *WordNet) baseForms(word string, pos string) []string {
	return w.lemmas(word, parsePOS(pos))
}

func (w *WordNet) lemmas(word string, pos partOfSpeech) []string {
	pt := w.part(pos)
	word = normalize(word)
	if word == "" {
		return nil
	}
	var out []string
	for _, f := range append([]string{word}, w.morphs(word, pos)...) {
		for _, v := range variants(f) {
			if _, ok := pt.index[v]; ok && !contains(out, v) {
				out = append(out, v)
			}
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// synsetsOf returns the synsets of a base form as pos ("noun", "verb",
// "adj" or "adv"), first sense first,
// each as its lemmas in WordNet's order. It does no morphology (Lemmas
// does): lemma is matched ignoring case, with spaces or underscores
// between words. It returns nil if WordNet has no such lemma. It panics if
// pos is not one of the four.
func (w *WordNet) synsetsOf(lemma string, pos string) [][]string {
	pt := w.part(parsePOS(pos))
	ids := pt.synsetsOf(normalize(lemma))
	if ids == nil {
		return nil
	}
	out := make([][]string, len(ids))
	for i, id := range ids {
		out[i] = append([]string(nil), pt.synset(id)...)
	}
	return out
}

// Synonyms returns the synonyms of word for query expansion: the lemmas of
// the synsets of its base forms as the given parts of speech
// ("noun", "verb", "adj", "adv"), or as all four if none is given. Only the first
// senses of each base form are used, at most senses of them, or all if
// senses is 0 or less: senses counts a base form's senses, not the
// synonyms returned, which may be many for one sense or none.
//
// The order is deterministic and puts frequent senses first: every base
// form's first sense (parts of speech in the order given, base forms in
// the base forms' order, lemmas in the synset's order), then every second sense,
// and so on. A lemma is given once, in its first spelling, and neither
// the word nor its base forms are given (all compared ignoring case). It
// returns nil if there are none. It panics if a pos is not one of the
// four.
func (w *WordNet) Synonyms(word string, senses int, pos ...string) []string {
	parts := []partOfSpeech{posNoun, posVerb, posAdj, posAdv}
	if len(pos) > 0 {
		parts = make([]partOfSpeech, len(pos))
		for i, name := range pos {
			parts[i] = parsePOS(name)
		}
	}
	type source struct {
		pt  *part
		ids []int32
	}
	var sources []source
	seen := map[string]bool{normalize(word): true}
	for _, p := range parts {
		pt := w.part(p)
		for _, l := range w.lemmas(word, p) {
			seen[l] = true
			sources = append(sources, source{pt, pt.synsetsOf(l)})
		}
	}
	var out []string
	for rank := 0; senses <= 0 || rank < senses; rank++ {
		more := false
		for _, s := range sources {
			if rank >= len(s.ids) {
				continue
			}
			more = true
			for _, l := range s.pt.synset(s.ids[rank]) {
				key := strings.ToLower(l)
				if !seen[key] {
					seen[key] = true
					out = append(out, l)
				}
			}
		}
		if !more {
			break
		}
	}
	return out
}
