// Package envload loads what a system.Env holds besides its topics: the
// corpus (a file of a TIRA input directory or an embedded sample) and the
// store file kept for it in the cache directory (corpusfile.go), the dense
// indexes of its sentences, one for each encoder (densecache.go), and the
// library's shipped models and data (shipped.go): each on its first use,
// once for the Env's life, so that an Env that needs none of them loads
// none, and each by a method of its own, so that a program that cannot ask
// for a model does not link it.
package envload
