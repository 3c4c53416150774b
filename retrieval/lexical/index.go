package lexical

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"sync"

	"github.com/argsearch/argsearch/analysis"
	"github.com/argsearch/argsearch/internal/quote"
	"github.com/argsearch/argsearch/retrieval/lexical/internal/index"
	"github.com/argsearch/argsearch/retrieval/lexical/internal/search"
)

// An Index is a built index of sentences and/or arguments with a query-time
// configuration (Ranking). It is safe for concurrent use; Close must not be
// called while a Retrieve is running.
type Index struct {
	d      *shared
	search Ranking
	p      search.Params // search, as the searcher reads it
}

// shared is what all Indexes made by With from one Open or Build share.
type shared struct {
	*index.Data
	// use is held for reading by every call that reads the mapped files,
	// and for writing by Close, which so waits for them before unmapping;
	// closed is read and set under it.
	use    sync.RWMutex
	closed bool
	units  []string // the units the index holds (Data.Meta.Units)
	s      *search.Searcher
}

func newIndex(d *index.Data, s Ranking) (*Index, error) {
	sr, err := search.New(d)
	if err != nil {
		return nil, errors.Join(err, d.Close())
	}
	sh := &shared{Data: d, s: sr}
	sh.units = append(sh.units, d.Meta.Units...)
	x := &Index{d: sh}
	y, err := x.With(s)
	if err != nil {
		// Nothing else holds d: release its mapping.
		return nil, errors.Join(err, d.Close())
	}
	return y, nil
}

// Open opens the index in dir. Units limits which units are loaded (nil:
// all); asking for a unit the index lacks, or for an analyzer other than
// the one it was built with, is an error. A directory without an index
// gives an error wrapping fs.ErrNotExist: there is no index to open (Build
// makes one); a damaged one, an error that says
// "corrupt index" and names the file. The index files are mapped into
// memory (read, where the platform has no mmap), and Open checks only
// what it reads whole: the checksums and structure of the small sections
// (term dictionary, statistics, lengths, offsets, id ranks). The
// postings, term vectors and document ids, most of an index's bytes, are
// checked when a query first reads them: a term's postings against their
// checksum, their blocks and the term's statistics; term vectors and ids
// a chunk of documents at a time (the first query's ids also start the
// check of all ids on a goroutine behind the queries, so that later ones
// mostly find them checked; Close stops it). A damaged list or chunk makes the query that reads it, and every
// later one that does, fail with a "corrupt index" error naming the file,
// the field and the term or documents; other queries still work.
func Open(dir string, c Config) (*Index, error) { return openIndex(dir, c, true) }

// openIndex is Open; without checksums, it does not compare the index's
// checksums (FuzzOpenUnchecked).
func openIndex(dir string, c Config, checksums bool) (*Index, error) {
	m, err := index.ReadMeta(dir)
	if errors.Is(err, index.ErrNoIndex) {
		return nil, fmt.Errorf("lexical: open %s: %w: %w", dir, errNoIndex, fs.ErrNotExist)
	}
	if err != nil {
		return nil, err
	}
	if a, ok, err := c.analysis(); err != nil {
		return nil, err
	} else if ok && a != m.Analysis {
		return nil, fmt.Errorf("lexical: open %s: built with analysis %q, not %q: %w", dir, m.Analysis, a, errConfig)
	}
	units := m.Units
	if len(c.Units) > 0 {
		units = nil
		for _, u := range c.Units {
			units = append(units, string(u))
		}
	}
	for _, u := range units {
		if !slices.Contains(m.Units, u) {
			return nil, fmt.Errorf("lexical: open %s: unit %s not in index (has %v): %w", dir, quote.Q(u), m.Units, errConfig)
		}
	}
	d, err := index.Read(dir, m, units, checksums)
	if err != nil {
		return nil, err
	}
	return newIndex(d, c.Ranking)
}

// With returns an Index that shares x's data and searches with s. It
// checks s (an unknown model or unit, or a unit the index lacks, is an
// error).
func (x *Index) With(s Ranking) (*Index, error) {
	s, err := s.normalized(x.d.units)
	if err != nil {
		return nil, err
	}
	if s.PRF.Method != prfNone && !x.d.Meta.TermVectors {
		return nil, fmt.Errorf("lexical: PRF needs term vectors, and the index was built without: %w", errConfig)
	}
	return &Index{d: x.d, search: s, p: s.params()}, nil
}

// Ranking returns the query-time configuration of x, with defaults filled
// in.
func (x *Index) Ranking() Ranking { return x.search }

// Analysis returns the analysis the index was built with.
func (x *Index) Analysis() analysis.Analysis { return x.d.Meta.Analysis }

// Docs returns the number of documents of unit (0 if x lacks it). For
// "pair" it is the number of pairs of two sentences of one argument (0
// when the sentence ids cannot be grouped by argument, or x is closed).
func (x *Index) Docs(unit string) int {
	if unit == "pair" {
		x.d.use.RLock()
		defer x.d.use.RUnlock()
		if x.d.Unit("sentence") == nil || x.d.closed {
			return 0
		}
		n, err := x.d.s.PairCount()
		if err != nil {
			return 0
		}
		return n
	}
	if ud := x.d.Unit(unit); ud != nil {
		return ud.Docs()
	}
	return 0
}

// Close releases the index (it unmaps the index files); later calls of
// Retrieve on it, or on any Index made from it by With, fail with an
// error saying "index closed". A Close while queries run waits for them to end.
func (x *Index) Close() error {
	x.d.use.Lock()
	defer x.d.use.Unlock()
	if x.d.closed {
		return nil
	}
	x.d.closed = true
	return x.d.Data.Close()
}

func (s Ranking) normalized(units []string) (Ranking, error) {
	if s.Unit == "" {
		s.Unit = "sentence"
		if len(units) > 0 && !slices.Contains(units, "sentence") {
			s.Unit = units[0]
		}
	}
	if s.Unit != "sentence" && s.Unit != "argument" && s.Unit != "pair" {
		return s, fmt.Errorf("lexical: unknown unit %s: %w", quote.Q(s.Unit), errConfig)
	}
	if s.Unit == "pair" {
		if err := s.pairCheck(units); err != nil {
			return s, err
		}
	} else if !slices.Contains(units, s.Unit) {
		return s, fmt.Errorf("lexical: unit %s not in index (has %v): %w", quote.Q(s.Unit), units, errConfig)
	}
	if s.PairTitle && s.Unit != "pair" {
		return s, fmt.Errorf("lexical: PairTitle is for the pair unit, not %s: %w", quote.Q(s.Unit), errConfig)
	}
	var err error
	if s.Scoring, err = s.Scoring.normalized(); err != nil {
		return s, err
	}
	if s.Fields == (FieldWeights{}) {
		s.Fields = FieldWeights{1, 1, 1}
	}
	if s.Fields.Conclusion < 0 || s.Fields.Premise < 0 || s.Fields.Title < 0 {
		return s, fmt.Errorf("lexical: negative field weight (conclusion %g, premise %g, title %g): %w", s.Fields.Conclusion, s.Fields.Premise, s.Fields.Title, errConfig)
	}
	if s.Query == (QueryWeights{}) {
		s.Query.Title = 1
	}
	if s.Query.Title < 0 || s.Query.Description < 0 || s.Query.Narrative < 0 {
		return s, fmt.Errorf("lexical: negative query weight (title %g, description %g, narrative %g): %w", s.Query.Title, s.Query.Description, s.Query.Narrative, errConfig)
	}
	switch s.PRF.Method {
	case prfNone:
	case prfRM3, prfBo1:
		if s.PRF.Docs == 0 {
			s.PRF.Docs = 10
			if s.PRF.Method == prfBo1 {
				s.PRF.Docs = 3
			}
		}
		if s.PRF.Terms == 0 {
			s.PRF.Terms = 10
		}
		if s.PRF.OriginalWeight == 0 {
			s.PRF.OriginalWeight = 0.5
		}
		if s.PRF.Docs < 0 || s.PRF.Terms < 0 || s.PRF.OriginalWeight < 0 || s.PRF.OriginalWeight > 1 {
			return s, fmt.Errorf("lexical: PRF parameters out of range (%d docs, %d terms, original weight %g): %w", s.PRF.Docs, s.PRF.Terms, s.PRF.OriginalWeight, errConfig)
		}
	default:
		return s, fmt.Errorf("lexical: unknown PRF method %s: %w", quote.Q(s.PRF.Method), errConfig)
	}
	return s, nil
}

// params returns s, normalized, as the searcher reads it.
func (s Ranking) params() search.Params {
	return search.Params{
		Scoring: search.Scoring{
			Model:           string(s.Scoring.Model),
			K1:              s.Scoring.K1,
			B:               s.Scoring.B,
			Mu:              s.Scoring.Mu,
			QuantizeLengths: s.Scoring.QuantizeLengths,
		},
		Fields:    search.FieldWeights(s.Fields),
		Query:     search.QueryWeights(s.Query),
		PRF:       search.PRF(s.PRF),
		PairTitle: s.PairTitle,
	}
}

// pairCheck checks what the pair unit needs: the sentence unit (and the
// argument unit for PairTitle), and a search it can do.
func (s Ranking) pairCheck(units []string) error {
	if !slices.Contains(units, "sentence") {
		return fmt.Errorf("lexical: the pair unit needs the sentence unit (index has %v): %w", units, errConfig)
	}
	if s.PairTitle && !slices.Contains(units, "argument") {
		return fmt.Errorf("lexical: PairTitle needs the argument unit's titles (index has %v): %w", units, errConfig)
	}
	switch {
	case s.Scoring.Model == "dirichlet":
		return fmt.Errorf("lexical: the pair unit cannot score dirichlet (use lucene-dirichlet): %w", errConfig)
	case s.PRF.Method != prfNone:
		return fmt.Errorf("lexical: the pair unit has no term vectors for feedback: %w", errConfig)
	case s.Boolean:
		return fmt.Errorf("lexical: the pair unit has no Boolean search: %w", errConfig)
	}
	return nil
}
