// Package nlp holds the text tools the pipeline shares: sentence
// splitting, the term splitter, phrases and keywords. Part-of-speech
// tagging, which costs a 5 MB model and github.com/jdkato/prose, is in the
// sub-package nlp/pos, so that only its users pay for it.
//
//   - Sentences: a Splitter splits text into sentences. NewProseSplitter's,
//     the corpus reader's default for args.me JSON, segments exactly as
//     prose v2.0.0 does, whose sentences are the closest known to the
//     official corpus's. It is an exact reimplementation of prose's Punkt,
//     checked against the original by differential tests and fuzzing (as
//     is neurosnap/sentences' English Punkt, the default before), and far
//     faster.
//   - Words and terms: Words gives every lower-case word of a text, for
//     matching phrases (debate talk, discourse markers); Terms gives its
//     content terms (no function words, plurals folded) for TF-IDF
//     similarity; Phrases groups them into runs that stand in for noun
//     phrases, the phrases texts are compared by where no tagger is at
//     hand. Index terms are package analysis's (Lucene-compatible); its doc
//     says which of the module's tokenizers is for what.
//   - Keywords: Keywords gives a text's key phrases by RAKE (Rose et al.
//     2010), split by Snowball's English stop list unless told otherwise, as General Grevious expanded queries and the Gamora recipe
//     reduces them.
//
// Everything here is deterministic and safe for concurrent use.
package nlp
