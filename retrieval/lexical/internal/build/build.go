// Package build builds a lexical index (package retrieval/lexical) from
// a stream of arguments: the text is analysed on several goroutines and
// merged in order into growing posting lists and term vectors (held in an
// arena, and written to sorted runs beyond a memory bound), which are
// then conflated with their Krovetz stems, stopped and frozen, their terms
// in byte order and their postings in blocks, into the form of package
// index: in memory, or written to a directory and read back. A build with
// word shingles to a directory, whose terms run to the hundred million,
// writes segments instead of runs, each with a dictionary of its own, and
// merges them term by term into the unit files (merge.go).
package build

import (
	"cmp"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"iter"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/argsearch/argsearch/analysis"
	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/retrieval/lexical/internal/index"
)

// errNoArguments is Run's error for a corpus without arguments.
var errNoArguments = errors.New("the corpus has no arguments")

// batchArgs is how many arguments a worker analyses at a time.
const batchArgs = 256

// A Config configures Run: package lexical's Config, checked and
// resolved.
type Config struct {
	Analysis    analysis.Analysis // in normal form
	Units       []string          // "sentence", "argument" or both, in that order
	TermVectors bool
	// Memory bounds the bytes of postings and term vectors a build to a
	// directory holds (lexical's Config.BuildMemory); 0 means 256 MiB.
	Memory            int
	Workers           int // goroutines analysing text; 0 means GOMAXPROCS
	Progress          func(Progress)
	ExpectedArguments int // for Progress's ETA, if positive
	// MaxShingleTerms, if positive, replaces segmentTerms (for tests): the
	// distinct terms a build with shingles to a directory holds before it
	// writes a segment.
	MaxShingleTerms int
	// IDPiece, if positive, replaces runIDPiece (for tests): the documents
	// whose ids a build to a directory sorts at a time.
	IDPiece int
	// IDSpill, if positive, replaces idSpill (for tests), rounded up to a
	// multiple of index.IDEvery: the documents whose ids a build to a
	// directory codes in memory before it writes them out.
	IDSpill int
}

// Progress reports how far a build is: lexical's Progress, field for
// field.
type Progress struct {
	Arguments int
	Documents int
	Elapsed   time.Duration
	Rate      float64
	Runs      int
	ETA       time.Duration
	Done      bool
}

// Run indexes args with c, into dir or, with dir "", in memory, and
// returns the index: read back from dir (the metadata file written last),
// or built in memory. dir exists and holds no index. Text is analysed by
// c.Workers goroutines; the index does not depend on their number. A
// cancelled ctx stops the build with an error wrapping ctx.Err(); an error
// from args, or a corpus without arguments, ends it with an error.
func Run(ctx context.Context, dir string, args iter.Seq2[corpus.Argument, error], c Config) (*index.Data, error) {
	b := newBuilder(c.Analysis, c.Units, c.TermVectors)
	if dir != "" {
		b.dir, b.budget = dir, c.Memory
		b.idPiece = cmp.Or(c.IDPiece, runIDPiece)
		b.idSpill = (cmp.Or(c.IDSpill, idSpill) + index.IDEvery - 1) / index.IDEvery * index.IDEvery
		if b.budget <= 0 {
			b.budget = defaultBuildMemory
		}
		// Shingles make terms by the hundred million (see segmentTerms).
		// Krovetz conflation and frequency stop lists, which need every
		// term's statistics at once, are not combined with them
		// (analysis.Analysis.Normalized).
		if c.Analysis.Shingles > 1 && c.Analysis.Stem != "krovetz" && c.Analysis.Stop != "frequent" && c.Analysis.Stop != "frequent-fields" {
			b.segTerms = cmp.Or(c.MaxShingleTerms, segmentTerms)
		}
	}
	defer b.cleanup()
	if dir != "" {
		var err error
		if b.idSort, err = newIDSorter(dir, len(b.units), b.idPiece); err != nil {
			return nil, err
		}
		if b.idFile, err = os.Create(filepath.Join(dir, "build-ids.data")); err != nil {
			return nil, fmt.Errorf("lexical: build: %w", err)
		}
	}
	start := time.Now()
	if err := b.run(ctx, args, c, start); err != nil {
		return nil, err
	}
	if b.nargs == 0 {
		return nil, fmt.Errorf("lexical: build: %w", errNoArguments)
	}
	if err := b.finish(); err != nil {
		return nil, err
	}
	nargs, ndocs, nruns := b.nargs, b.ndocs, len(b.runs)
	m := index.Meta{Format: index.FormatVersion, Analysis: c.Analysis, Units: c.Units, TermVectors: c.TermVectors, Stopwords: b.stopwords, Vocabulary: b.vocabulary}
	d, err := b.write(ctx, dir, m)
	if err != nil {
		return nil, err
	}
	if c.Progress != nil {
		el := time.Since(start)
		c.Progress(Progress{Arguments: nargs, Documents: ndocs, Elapsed: el, Rate: rate(nargs, el), Runs: nruns, Done: true})
	}
	return d, nil
}

func rate(n int, d time.Duration) float64 {
	if d <= 0 {
		return 0
	}
	return float64(n) / d.Seconds()
}

// A builder accumulates the index in memory.
type builder struct {
	an        analysis.Analysis
	dict      *dictionary
	units     []*unitBuilder
	nargs     int
	ndocs     int
	stopwords []string
	// A build to a directory writes what it holds to a run in dir when it
	// holds more than budget bytes (see run); budget 0: never.
	dir    string
	budget int
	runs   []*run
	// idPiece is how many documents' ids a build to a directory sorts at
	// a time, and idSort sorts them (nil in memory).
	idPiece int
	idSort  *idSorter
	// A build to a directory writes its units' front-coded ids to idFile
	// as they are coded, every idSpill documents (see spillIDs); idErr is
	// the first error writing them, returned by finish.
	idFile  *os.File
	idSpill int
	idSize  int64
	idErr   error
	// segTerms > 0: each run is a segment (see segment), written when the
	// dictionary holds more than segTerms terms or when the budget is
	// passed, after which the dictionary starts afresh.
	segTerms int
	temps    []*os.File // files written while freezing, removed by cleanup
	tempsMu  sync.Mutex // units are frozen on several goroutines
	// With Krovetz stemming: the stemmer's vocabulary, in byte order, and
	// per provisional term id the id of its stem (nil: every term is its
	// own).
	vocabulary []string
	target     []uint32
}

type unitBuilder struct {
	unit string
	// ids front-codes the document ids: in a build to a directory, those
	// of the last documents, the earlier ones written to the builder's
	// idFile (see spillIDs) until joinIDs reads them back.
	ids      index.IDCoder
	idParts  []section // where the written ids are in idFile, in order
	idBytes  uint64    // their bytes
	idStarts []uint64  // their restarts (index.IDCoder.Restart), offsets in all of them
	docs     int       // the documents added
	runStart int       // the first document not yet written to a run
	fields   []*fieldBuilder
}

// A fieldBuilder holds a field's postings while they grow, indexed by the
// ids of the build's dictionary. Terms are renumbered in byte order at the
// end.
type fieldBuilder struct {
	name  string
	arena arena
	// terms holds, per term, its list since the last run (varint
	// (docDelta<<1 | f==1), then varint f if f > 1) and its statistics,
	// in one struct: the merge of a batch touches each of its terms once,
	// and then one cache line or two, not one per statistic.
	terms   []termStat
	store   *listStore // the complete lists, once all documents are in (builder.finish)
	scratch []byte
	vec     []byte // scratch: the current document's term vector
	bytes   int    // postings bytes
	dl      []uint32
	vectors bool
	fwd     arena    // per document since the last run: varint (term<<1 | f==1) [varint f], provisional ids
	fwdAt   []uint64 // per document since the last run: address of its entries
	fwdLen  []uint32
	fwdSize int
	touched uint64 // what touch read, so that its reads are kept
}

// A termStat is a term's list in the arena and its statistics in a
// field.
type termStat struct {
	post  plist
	last  uint32 // last document
	df    uint32
	maxTF uint32
	ttf   uint64
}

func newBuilder(an analysis.Analysis, units []string, vectors bool) *builder {
	b := &builder{an: an, dict: newDictionary()}
	for _, u := range units {
		ub := &unitBuilder{unit: u}
		for _, f := range index.UnitFields(u) {
			ub.fields = append(ub.fields, &fieldBuilder{name: f, vectors: vectors})
		}
		b.units = append(b.units, ub)
	}
	return b
}

// A fieldBatch is one field's analysed documents of a batch: their
// entries by document (for term vectors) and their postings by term (for
// the lists), each term's in document order.
type fieldBatch struct {
	gids []uint32 // per entry: term id
	tfs  []uint32 // per entry: frequency
	ends []int32  // per document: end of its entries
	dls  []uint32 // per document: length
	// The postings by term: per batch term (in order of first
	// occurrence; a term the analyzer's memo forgot in the batch comes
	// again, its later postings after the earlier) its id and the end of
	// its postings, and per posting its document (in the batch) and
	// frequency.
	tgids []uint32
	tends []int32
	pdocs []uint32
	ptfs  []uint32
	terms []int32 // scratch, per entry: its batch term
}

// invert fills the postings by term from the entries by document; keep
// tells whether the entries are kept (for term vectors).
func (fb *fieldBatch) invert(keep bool) {
	n := len(fb.tgids)
	fb.tends = slices.Grow(fb.tends[:0], n+1)[:n+1]
	clear(fb.tends)
	for _, t := range fb.terms {
		fb.tends[t+1]++
	}
	for t := range n {
		fb.tends[t+1] += fb.tends[t]
	}
	m := len(fb.gids)
	fb.pdocs = slices.Grow(fb.pdocs[:0], m)[:m]
	fb.ptfs = slices.Grow(fb.ptfs[:0], m)[:m]
	// tends[t] is, while they are placed, where the next posting of
	// term t goes; then the end of t's postings.
	start := int32(0)
	for d, end := range fb.ends {
		for e := start; e < end; e++ {
			t := fb.terms[e]
			at := fb.tends[t]
			fb.pdocs[at], fb.ptfs[at] = uint32(d), fb.tfs[e]
			fb.tends[t] = at + 1
		}
		start = end
	}
	fb.tends = fb.tends[:n]
	fb.terms = nil
	if !keep {
		fb.gids, fb.tfs = nil, nil
	}
}

type unitBatch struct {
	ids    []string
	fields []fieldBatch
}

type batch struct {
	seq   int
	n     int // arguments
	args  []corpus.Argument
	units []unitBatch
	gen   uint32 // the dictionary generation of its term ids
	stale bool   // the dictionary moved on while it was analysed
}

// A worker analyses batches.
type worker struct {
	z     *analyzer
	doc   int64 // documents analysed, a stamp for termEntry
	batch int64 // field batches analysed, a stamp for termEntry
}

// analyse analyses b's arguments, with term ids of the dictionary's
// current generation; it keeps b.args if keep, and the entries by
// document if vectors.
func (w *worker) analyse(b *batch, units []string, keep, vectors bool) {
	b.gen, b.stale = w.z.dict.generation(), false
	b.units = make([]unitBatch, len(units))
	for i, u := range units {
		ub := &b.units[i]
		fields := index.UnitFields(u)
		ub.fields = make([]fieldBatch, len(fields))
		for fi, f := range fields {
			fb := &ub.fields[fi]
			w.batch++
			start := int32(0)
			add := func(text string) {
				ok := w.z.each(text, b.gen, func(e *termEntry) {
					if e.stamp == w.doc+1 {
						fb.tfs[e.pos]++
						return
					}
					e.stamp = w.doc + 1
					e.pos = int32(len(fb.gids))
					if e.batch != w.batch {
						e.batch = w.batch
						e.bterm = int32(len(fb.tgids))
						fb.tgids = append(fb.tgids, e.gid)
					}
					fb.gids = append(fb.gids, e.gid)
					fb.tfs = append(fb.tfs, 1)
					fb.terms = append(fb.terms, e.bterm)
				})
				b.stale = b.stale || !ok
			}
			endDoc := func() {
				var dl uint32
				for _, f := range fb.tfs[start:] {
					dl += f
				}
				start = int32(len(fb.gids))
				fb.ends = append(fb.ends, start)
				fb.dls = append(fb.dls, dl)
				w.doc++
				w.z.trim()
			}
			for ai := range b.args {
				a := &b.args[ai]
				switch {
				case u == "sentence":
					for _, s := range a.Sentences {
						add(s.Text)
						endDoc()
					}
				case f == index.FieldConclusion:
					add(a.Conclusion)
					endDoc()
				case f == index.FieldPremise:
					for _, p := range a.Premises {
						add(p.Text)
					}
					endDoc()
				case f == index.FieldTitle:
					add(a.Context.DiscussionTitle)
					endDoc()
				}
			}
			fb.invert(vectors)
		}
		if u == "sentence" {
			for ai := range b.args {
				for _, s := range b.args[ai].Sentences {
					ub.ids = append(ub.ids, s.ID)
				}
			}
		} else {
			for ai := range b.args {
				ub.ids = append(ub.ids, b.args[ai].ID)
			}
		}
	}
	if !keep {
		b.args = nil
	}
}

// run reads args, analyses them on workers and merges the results in
// order.
func (b *builder) run(ctx context.Context, args iter.Seq2[corpus.Argument, error], c Config, start time.Time) error {
	units := make([]string, len(b.units))
	for i, u := range b.units {
		units[i] = u.unit
	}
	nw := c.Workers
	if nw <= 0 {
		nw = runtime.GOMAXPROCS(0)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	todo := make(chan *batch, nw)
	done := make(chan *batch, nw)
	var wg sync.WaitGroup
	proto, err := analysis.NewAnalyzer(b.an)
	if err != nil {
		return fmt.Errorf("lexical: %w", err)
	}
	for range nw {
		w := &worker{z: newAnalyzer(proto, b.dict)}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for bt := range todo {
				w.analyse(bt, units, b.segTerms > 0, c.TermVectors)
				select {
				case done <- bt:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	// The merger runs here; reading runs in its own goroutine.
	readErr := make(chan error, 1)
	go func() { readErr <- readBatches(ctx, args, todo) }()
	go func() {
		wg.Wait()
		close(done)
	}()
	// A batch analysed with the ids of an earlier generation of the
	// dictionary than the current (it was analysed while a segment was
	// written) is analysed again here.
	again := &worker{z: newAnalyzer(proto, b.dict)}
	pending := map[int]*batch{}
	next := 0
	lastReport := start
	for bt := range done {
		pending[bt.seq] = bt
		for {
			p, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			if b.segTerms > 0 && (p.stale || p.gen != b.dict.generation()) {
				again.analyse(p, units, false, c.TermVectors)
			}
			p.args = nil
			b.merge(p)
			if b.budget > 0 && b.held() > b.budget || b.segTerms > 0 && b.dict.size() > b.segTerms {
				if err := b.flush(); err != nil {
					cancel()
					for range done {
					}
					return err
				}
			}
		}
		if c.Progress != nil && time.Since(lastReport) >= 500*time.Millisecond {
			lastReport = time.Now()
			b.report(c, lastReport.Sub(start))
		}
		if ctx.Err() != nil {
			break
		}
	}
	if err := ctx.Err(); err != nil {
		for range done {
		}
		return fmt.Errorf("lexical: build: %w", err)
	}
	if err := <-readErr; err != nil {
		cancel()
		for range done {
		}
		return fmt.Errorf("lexical: build: reading arguments: %w", err)
	}
	if len(pending) > 0 {
		return errors.New("lexical: build: internal error: batches lost")
	}
	return nil
}

// readBatches sends the arguments of args to todo in batches of
// batchArgs, numbered in order, and closes todo. It returns the error args
// yields, if any; it stops early, without error, when ctx is done.
func readBatches(ctx context.Context, args iter.Seq2[corpus.Argument, error], todo chan<- *batch) error {
	defer close(todo)
	seq := 0
	cur := &batch{}
	send := func() bool {
		cur.seq = seq
		cur.n = len(cur.args)
		seq++
		select {
		case todo <- cur:
		case <-ctx.Done():
			return false
		}
		cur = &batch{}
		return true
	}
	for a, err := range args {
		if err != nil {
			return err
		}
		if ctx.Err() != nil {
			return nil
		}
		cur.args = append(cur.args, a)
		if len(cur.args) == batchArgs && !send() {
			return nil
		}
	}
	if len(cur.args) > 0 {
		send()
	}
	return nil
}

// report calls c.Progress with the build's progress after elapsed.
func (b *builder) report(c Config, elapsed time.Duration) {
	p := Progress{Arguments: b.nargs, Documents: b.ndocs, Elapsed: elapsed, Rate: rate(b.nargs, elapsed), Runs: len(b.runs)}
	if c.ExpectedArguments > b.nargs && p.Rate > 0 {
		p.ETA = time.Duration(float64(c.ExpectedArguments-b.nargs) / p.Rate * float64(time.Second))
	}
	c.Progress(p)
}

func (b *builder) merge(bt *batch) {
	for i, ub := range b.units {
		rb := &bt.units[i]
		if b.idSort != nil {
			b.idSort.add(i, ub.docs, rb.ids)
		}
		for _, id := range rb.ids {
			ub.ids.Add(id)
			if b.idFile != nil && ub.ids.Docs() == b.idSpill {
				b.spillIDs(ub)
			}
		}
		ub.docs += len(rb.ids)
		b.ndocs += len(rb.ids)
		for fi, fb := range ub.fields {
			fb.merge(&rb.fields[fi])
		}
	}
	b.nargs += bt.n
}

func (fb *fieldBuilder) merge(r *fieldBatch) {
	base := uint32(len(fb.dl))
	fb.dl = append(fb.dl, r.dls...)
	start := int32(0)
	for t, g := range r.tgids {
		if t%touchTerms == 0 {
			fb.touch(r.tgids[t:min(t+touchTerms, len(r.tgids))])
		}
		if int(g) >= len(fb.terms) {
			fb.grow(int(g) + 1)
		}
		st := &fb.terms[g]
		end := r.tends[t]
		buf := fb.scratch[:0]
		last, maxTF, ttf := st.last, st.maxTF, st.ttf
		for i := start; i < end; i++ {
			doc, f := base+r.pdocs[i], r.ptfs[i]
			buf = appendPosting(buf, uint64(doc-last), f) // last is 0 before the first posting
			last = doc
			ttf += uint64(f)
			maxTF = max(maxTF, f)
		}
		st.last, st.maxTF, st.ttf = last, maxTF, ttf
		st.df += uint32(end - start)
		fb.arena.append(&st.post, buf)
		fb.bytes += len(buf)
		fb.scratch = buf
		start = end
	}
	if !fb.vectors {
		return
	}
	start = 0
	for _, end := range r.ends {
		for e := start; e < end; e++ {
			fb.vec = appendPosting(fb.vec, uint64(r.gids[e]), r.tfs[e])
		}
		at := fb.fwd.alloc(len(fb.vec))
		copy(fb.fwd.at(at, len(fb.vec)), fb.vec)
		fb.fwdAt = append(fb.fwdAt, at)
		fb.fwdLen = append(fb.fwdLen, uint32(len(fb.vec)))
		fb.fwdSize += len(fb.vec)
		fb.vec = fb.vec[:0]
		start = end
	}
}

// touchTerms is how many terms of a batch fieldBuilder.merge reads ahead
// (see touch).
const touchTerms = 64

// touch reads the statistics of the terms gids, then the places in the
// arena where their postings go next, before merge writes them: the terms
// of a batch are scattered over the field's tables and the arena, their
// reads miss the caches, and merge would wait for each in turn, while
// these reads are independent of each other and the processor overlaps
// them.
func (fb *fieldBuilder) touch(gids []uint32) {
	sum := uint64(0)
	for _, g := range gids {
		if int(g) < len(fb.terms) {
			sum += uint64(fb.terms[g].df)
		}
	}
	for _, g := range gids {
		if int(g) < len(fb.terms) {
			if l := &fb.terms[g].post; l.used < l.size {
				sum += uint64(fb.arena.at(l.tail+blockHeader+uint64(l.used), 1)[0])
			}
		}
	}
	fb.touched += sum
}

// grow makes room for term ids below n.
func (fb *fieldBuilder) grow(n int) {
	n = max(n, 2*len(fb.terms), 1024)
	fb.terms = append(fb.terms, make([]termStat, n-len(fb.terms))...)
}

// appendPosting appends (v, f) as varint(v<<1 | f==1) and, when f > 1,
// varint(f).
func appendPosting(dst []byte, v uint64, f uint32) []byte {
	if f == 1 {
		return binary.AppendUvarint(dst, v<<1|1)
	}
	dst = binary.AppendUvarint(dst, v<<1)
	return binary.AppendUvarint(dst, uint64(f))
}
