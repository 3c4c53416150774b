package corpus

import (
	"context"
	"iter"
	"slices"

	"github.com/argsearch/argsearch/internal/dup"
)

// A duplicateGroup is a set of sentences with the same text (exactly, or
// after normalization: see findDuplicates).
type duplicateGroup struct {
	// Representative is the id of the group's first sentence in corpus
	// order.
	Representative string
	// Duplicates are the ids of the other sentences, in corpus order.
	Duplicates []string
}

// duplicates lists the duplicate sentences of a corpus.
type duplicates struct {
	// Normalized says that texts were compared after normalization.
	Normalized bool
	// Sentences is the number of sentences examined.
	Sentences int
	// Count is the number of sentences that duplicate an earlier one: the
	// ids in the Duplicates of all Groups. Sentences − Count is the number
	// of distinct texts.
	Count int
	// Groups are the texts that occur more than once, ordered by the
	// corpus position of their representatives.
	Groups []duplicateGroup
}

// findDuplicates finds the duplicate sentences of a stream of arguments:
// those with byte-identical texts, or with normalized, those whose texts
// are equal after normalization, so that they differ at most in Unicode
// compatibility forms, case, whitespace and punctuation:
//
//  1. Unicode NFKC normalization (so "ﬁ" is "fi", full-width letters are
//     ASCII, composed and decomposed accents are equal);
//  2. full Unicode case folding (x/text/cases.Fold), then NFKC again, as
//     Unicode's NFKC_Casefold does;
//  3. every maximal run of characters that are not letters, marks or
//     numbers (Unicode categories L, M, N), that is whitespace,
//     punctuation, symbols (emoji included), control and format
//     characters, becomes one space, and leading and trailing runs are
//     removed.
//
// So "I accept this debate." and "i  ACCEPT this debate!" are normalized
// duplicates, and so are "don't" and "don’t" (both "don t"); "Guns don't
// kill" and "Guns dont kill", and texts that differ in accents, are not. A
// text with no letter, mark or number (only punctuation or symbols) is
// compared exactly. filter.Dedup compares sentences the same two ways.
//
// Texts are compared by their keys (the text, or its normalized form),
// never by hash alone, so two different texts are never merged. It keeps
// the id and key of every distinct text, plus about 40 bytes per distinct
// text. It stops at the first error of args and returns it unchanged. ctx
// is checked every 1024 arguments.
func findDuplicates(ctx context.Context, args iter.Seq2[Argument, error], normalized bool) (*duplicates, error) {
	mode := dup.Exact
	if normalized {
		mode = dup.Normalized
	}
	f := dup.New(mode)
	d := &duplicates{Normalized: normalized}
	groupOf := map[int]int{} // entry → group index
	var entryOf []int        // group index → entry
	n := 0
	for a, err := range args {
		if err != nil {
			return nil, err
		}
		if n++; n%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		for _, t := range a.Sentences {
			d.Sentences++
			e, isDup := f.AddEntry(t.ID, t.Text)
			if !isDup {
				continue
			}
			d.Count++
			g, ok := groupOf[e]
			if !ok {
				g = len(d.Groups)
				groupOf[e] = g
				entryOf = append(entryOf, e)
				d.Groups = append(d.Groups, duplicateGroup{Representative: f.ID(e)})
			}
			d.Groups[g].Duplicates = append(d.Groups[g].Duplicates, t.ID)
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	// Groups were created in the order of their first duplicate; order
	// them by representative, whose entries are in corpus order.
	order := make([]int, len(d.Groups))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(x, y int) int { return entryOf[x] - entryOf[y] })
	groups := make([]duplicateGroup, len(order))
	for i, g := range order {
		groups[i] = d.Groups[g]
	}
	d.Groups = groups
	return d, nil
}
