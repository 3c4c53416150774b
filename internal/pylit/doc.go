// Package pylit decodes and encodes the subset of Python literals that
// repr() produces for the columns of the args.me processed CSV
// (premises, context, sentences): strings in either quote style with every
// escape, None, True, False, ints, floats, lists, tuples and dicts.
package pylit
