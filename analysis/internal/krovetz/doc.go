// Package krovetz implements the Krovetz (KStem) English stemmer: R. Krovetz,
// "Viewing Morphology as an Inference Process", SIGIR 1993.
//
// KStem removes inflectional suffixes (plural -ies/-es/-s, past tense -ed,
// progressive -ing) and derivational suffixes (-ity, -ness, -ful, -ion,
// -er/-or, -ly, -al, -ive, -ize, -ment, -ble, -ism, -ic, -ncy, -nce), and it
// checks each candidate stem against a dictionary of English headwords: a
// rule fires when its candidate is a word. It is deliberately conservative:
// "policies" becomes "policy" and "stemming" becomes "stem" when "stem" is a
// word, but "university" does not become "univers".
//
// The original shipped a dictionary of about 30,000 headwords plus lists of
// exceptions and direct conflations. There are three ways to use this
// package.
//
//   - [Lucene] stems exactly as Lucene 8's KStemFilter, the Krovetz stemmer
//     most Touché teams ran, with Lucene's dictionary of 27,994 entries,
//     embedded under the Apache License 2.0 (lucene/NOTICE). Its tests
//     compare it with KStemFilter word by word (testdata/kstemdump).
//
// The other two take the dictionary as a [Lexicon] supplied by the caller,
// with short built-in lists written from the rules (irregular plurals and
// verbs, and words the rules must not touch):
//
//   - [New] takes a headword dictionary and follows the original: a word
//     the dictionary holds is its own stem; each rule tries its candidates in
//     order, stops at the first that is a headword, and when none is, some
//     rules still leave a default form (e.g. "foxes" → "foxe" without "fox"
//     in the dictionary, "stemming" → "stemm" without "stem"), which later
//     rules may reduce further.
//
//   - [NewVocabulary] takes a collection vocabulary instead: the terms seen
//     in the collection (with a collection frequency of at least a small
//     threshold, to keep typos out). Such a list holds inflected forms too,
//     so the "a dictionary word is its own stem" check is meaningless and is
//     skipped, no unvalidated default is ever produced (a word no rule can
//     reduce to a vocabulary term is returned unchanged), and only the
//     inflectional rules run. The derivational rules need a true headword
//     list: against a vocabulary that holds both "number" and "numb", the
//     -er rule would conflate them. This is the "corpus-derived dictionary"
//     variant; it conflates plurals, past tenses and -ing forms whose base
//     form occurs in the collection, and nothing else.
//
// Only words of 3 to 49 lower-case ASCII letters are stemmed; anything else
// (digits, upper case, non-ASCII, hyphens) is returned unchanged. Callers
// lower-case and fold first.
//
// A [Stemmer] holds no mutable state: it is safe for concurrent use when its
// Lexicon is.
package krovetz
