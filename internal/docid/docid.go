// Package docid reads and writes the document ids of the Touché argument
// retrieval tasks over args.me: sentence ids and sentence-pair ids.
//
// The processed args.me corpus names the k-th premise sentence of argument
// A "A__PREMISE__k" (k from 1) and its conclusion "A__CONC__1". A Touché
// 2022 run ranks pairs of sentences, named "first,second": one token, in
// which the order of the two sentence ids matters, because the judgments
// match ids exactly.
//
// The package depends on nothing but the standard library, so that packages
// which only handle ids (run files, evaluation) need not import the corpus
// readers.
package docid

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/argsearch/argsearch/internal/quote"
)

// ErrSyntax is wrapped by the errors of ParseSentence, Argument and
// ParsePair for an id that is not of the form they parse: not a sentence
// id, or not a pair "first,second". The message says which.
var ErrSyntax = errors.New("malformed id")

// A Kind is the part of an argument a sentence comes from.
type Kind string

// The two kinds of sentence in the id scheme.
const (
	Premise    Kind = "PREMISE"
	Conclusion Kind = "CONC"
)

// A Sentence is a sentence id taken apart: sentence Number (from 1) of the
// given Kind of the argument whose id is Argument.
type Sentence struct {
	Argument string
	Kind     Kind
	Number   int
}

// String returns the sentence id, "<Argument>__<Kind>__<Number>".
func (s Sentence) String() string {
	return s.Argument + "__" + string(s.Kind) + "__" + strconv.Itoa(s.Number)
}

// Position returns where the sentence stands in the reading order of its
// argument, as the processed corpus lists sentences: premise sentence k at
// k, and the conclusion after every premise (math.MaxInt).
func (s Sentence) Position() int {
	if s.Kind == Conclusion {
		return math.MaxInt
	}
	return s.Number
}

// ParseSentence takes a sentence id apart. The argument id is everything
// before the last "__<Kind>__<Number>", so argument ids may themselves hold
// "__". An id without that suffix, with another kind, with a number that is
// not a positive decimal integer, or with an empty argument id is an error
// wrapping ErrSyntax. So is a number with a sign or a leading zero: an
// id that parses is exactly the String of its parts.
func ParseSentence(id string) (Sentence, error) {
	bad := func(why string) (Sentence, error) {
		return Sentence{}, fmt.Errorf("docid: %w %s: not a sentence id: %s", ErrSyntax, quote.Q(id), why)
	}
	i := strings.LastIndex(id, "__")
	if i < 0 {
		return bad("no __<number> suffix")
	}
	digits := id[i+2:]
	if digits == "" || digits[0] == '0' || strings.TrimLeft(digits, "0123456789") != "" {
		return bad("bad sentence number")
	}
	n, err := strconv.Atoi(digits)
	if err != nil || n < 1 {
		return bad("bad sentence number")
	}
	rest := id[:i]
	j := strings.LastIndex(rest, "__")
	if j < 0 {
		return bad("no __<kind>__ part")
	}
	kind := Kind(rest[j+2:])
	if kind != Premise && kind != Conclusion {
		return bad(fmt.Sprintf("unknown kind %q", kind))
	}
	if j == 0 {
		return bad("empty argument id")
	}
	return Sentence{Argument: rest[:j], Kind: kind, Number: n}, nil
}

// Argument returns the id of the argument a sentence id belongs to. It is
// ParseSentence(id).Argument.
func Argument(sentenceID string) (string, error) {
	s, err := ParseSentence(sentenceID)
	return s.Argument, err
}

// Pair returns the id of the pair of two sentences, "first,second".
func Pair(first, second string) string { return first + "," + second }

// ParsePair splits a pair id "first,second" into its two sentence ids. An
// id without exactly one comma, or with an empty half, is an error wrapping
// ErrSyntax. The halves are not checked to be sentence ids.
func ParsePair(id string) (first, second string, err error) {
	first, second, ok := strings.Cut(id, ",")
	if !ok || first == "" || second == "" || strings.Contains(second, ",") {
		return "", "", fmt.Errorf("docid: %w %s: not a pair: want two ids joined by one comma", ErrSyntax, quote.Q(id))
	}
	return first, second, nil
}

// Swapped reports whether sentence ids a and b, two sentences of one
// argument, are out of reading order (Sentence.Position): b comes before
// a. Ids that are not sentence ids are never swapped.
func Swapped(a, b string) bool {
	sa, errA := ParseSentence(a)
	sb, errB := ParseSentence(b)
	return errA == nil && errB == nil && sb.Position() < sa.Position()
}
