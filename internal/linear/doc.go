// Package linear holds the linear-model machinery shared by the
// argumentativeness model and the stance tagger: hashed sparse features,
// multinomial logistic regression trained by seeded SGD, and a small
// versioned model file.
//
// # Features
//
// A feature is a name such as "w:because" or "b:should|not", hashed into one
// of 2^Bits buckets. The hash is 32-bit FNV-1a over the name's bytes; the
// bucket is the hash's low Bits bits after folding the high bits in (h ^
// h>>Bits), and bit 31 of the hash gives the feature a sign of +1 or -1, so
// that colliding features tend to cancel instead of adding up
// (Weinberger et al. 2009, "Feature hashing for large scale multitask
// learning"). A Vector collects the features of one text.
//
// # Training
//
// Train fits a softmax (multinomial logistic) regression with L2
// regularisation by stochastic gradient descent. Examples are visited in an
// order shuffled by a PCG generator seeded from TrainConfig.Seed, so the same
// examples and configuration give bit-identical weights on the same platform.
//
// # Files
//
// WriteTo and Read store a model as the 8-byte magic "ARGSLIN1" followed by a
// gzip stream holding a JSON header line (labels, bits, metadata) and the
// little-endian float32 weights of the buckets that are not zero. Read
// reports a foreign, truncated or corrupt file as an error wrapping ErrFormat.
//
// A Model is never modified after Train or Read returns it, so it is safe for
// concurrent use by readers.
package linear
