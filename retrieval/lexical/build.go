package lexical

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"iter"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/argsearch/argsearch/analysis"
	"github.com/argsearch/argsearch/internal/crc32c"
	"github.com/argsearch/argsearch/internal/nilctx"
	"github.com/argsearch/argsearch/internal/quote"
	"github.com/argsearch/argsearch/retrieval/lexical/internal/index"

	"github.com/argsearch/argsearch/corpus"
)

// errNoArguments is Build's error for a corpus without arguments.
var errNoArguments = errors.New("the corpus has no arguments")

// batchArgs is how many arguments a worker analyses at a time.
const batchArgs = 256

// Build indexes a stream of arguments and returns the open index. With dir
// "" the index lives in memory only; otherwise dir must not hold an index
// yet (Build refuses to overwrite one; Open opens it), and the index is
// written there (the metadata file last, so a directory whose build failed
// or was cancelled holds no index).
//
// Text is analysed by c.Workers goroutines in parallel; the index does not
// depend on their number or scheduling. A nil ctx is an error before any
// work; a cancelled one stops the build with an error wrapping ctx.Err().
// An error from args ends the build with that error, and so does a corpus
// without arguments ("the corpus has no arguments"): an empty index would
// answer every query with nothing.
func Build(ctx context.Context, dir string, args iter.Seq2[corpus.Argument, error], c Config) (*Index, error) {
	if err := nilctx.Check(ctx, "lexical: Build"); err != nil {
		return nil, err
	}
	an, _, err := c.analysis()
	if err != nil {
		return nil, err
	}
	units, err := buildUnits(c.Units)
	if err != nil {
		return nil, err
	}
	if an.Stop == "frequent-fields" && !slices.Contains(units, "argument") {
		return nil, fmt.Errorf("lexical: stop %s counts the argument unit's fields, which Units leaves out: %w", quote.Q(an.Stop), errConfig)
	}
	if _, err := c.Ranking.normalized(units); err != nil {
		return nil, err
	}
	if dir != "" {
		if _, err := os.Stat(filepath.Join(dir, index.MetaFile)); err == nil {
			return nil, fmt.Errorf("lexical: build %s: %w", dir, errExists)
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("lexical: build: %w", err)
		}
	}
	bc := buildConfig{
		Analysis:          an,
		TermVectors:       !c.NoTermVectors,
		Memory:            c.BuildMemory,
		Workers:           c.Workers,
		ExpectedArguments: c.ExpectedArguments,
		MaxShingleTerms:   c.maxShingleTerms,
	}
	for _, u := range units {
		bc.Units = append(bc.Units, string(u))
	}
	if c.Progress != nil {
		bc.Progress = func(p buildProgress) { c.Progress(Progress(p)) }
	}
	d, err := buildRun(ctx, dir, args, bc)
	if err != nil {
		return nil, err
	}
	return newIndex(d, c.Ranking)
}

// buildUnits returns the units Build indexes for Config.Units: in the
// order sentence, argument; both for none. An unknown unit is an error.
func buildUnits(us []Unit) ([]Unit, error) {
	if len(us) == 0 {
		return []Unit{"sentence", "argument"}, nil
	}
	var want [2]bool
	for _, u := range us {
		switch u {
		case "sentence":
			want[0] = true
		case "argument":
			want[1] = true
		default:
			return nil, fmt.Errorf("lexical: unknown unit %s: %w", quote.Q(u), errConfig)
		}
	}
	var units []Unit
	if want[0] {
		units = append(units, "sentence")
	}
	if want[1] {
		units = append(units, "argument")
	}
	return units, nil
}

// A buildConfig configures buildRun: Build's Config, checked, with the
// defaults of the analysis filled in.
type buildConfig struct {
	Analysis    analysis.Analysis
	Units       []string // "sentence", "argument" or both, in that order
	TermVectors bool
	// Memory bounds the bytes of postings and term vectors a build to a
	// directory holds (Config.BuildMemory); 0 means defaultBuildMemory.
	Memory            int
	Workers           int // 0 means GOMAXPROCS
	Progress          func(buildProgress)
	ExpectedArguments int
	// MaxShingleTerms, if positive, replaces maxShingleTerms (for tests).
	MaxShingleTerms int
}

// buildProgress reports how far a build is (see Progress).
type buildProgress struct {
	Arguments int
	Documents int
	Elapsed   time.Duration
	Rate      float64
	Runs      int
	ETA       time.Duration
	Done      bool
}

// buildRun indexes args with c, into dir or, with dir "", in memory, and
// returns the index's data: read back from dir, or built in memory. dir
// exists and holds no index.
func buildRun(ctx context.Context, dir string, args iter.Seq2[corpus.Argument, error], c buildConfig) (*index.Data, error) {
	b := newBuilder(c.Analysis, c.Units, c.TermVectors)
	if dir != "" {
		b.dir, b.budget = dir, c.Memory
		if b.budget <= 0 {
			b.budget = defaultBuildMemory
		}
	}
	defer b.cleanup()
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
		c.Progress(buildProgress{Arguments: nargs, Documents: ndocs, Elapsed: el, Rate: rate(nargs, el), Runs: nruns, Done: true})
	}
	return d, nil
}

// write freezes the builder's units (see freeze) and returns them in
// memory, with dir ""; otherwise it writes them and the metadata m to
// dir, and reads the index back.
func (b *builder) write(ctx context.Context, dir string, m index.Meta) (*index.Data, error) {
	d := &index.Data{Meta: m, Units: make([]*index.Unit, len(b.units))}
	// On disk, each unit is written from the lists the builder stores (in
	// the directory, when the build wrote runs) and the index is read back
	// at the end. The units share nothing but what the builder only reads
	// now, so they are frozen on goroutines of their own, one per core.
	todo := make(chan int, len(b.units))
	for i := range b.units {
		todo <- i
	}
	close(todo)
	errs := make([]error, len(b.units))
	var wg sync.WaitGroup
	for range min(len(b.units), max(1, runtime.GOMAXPROCS(0))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range todo {
				if err := ctx.Err(); err != nil {
					errs[i] = fmt.Errorf("lexical: build: %w", err)
					continue
				}
				u, streams, err := b.freeze(i, dir == "")
				if err == nil && dir != "" {
					err = index.WriteUnit(ctx, dir, u, streams)
				} else if err == nil {
					d.Units[i] = u
				}
				errs[i] = err
				b.release(i)
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	b.cleanup()
	b.dict, b.target = nil, nil
	if dir == "" {
		return d, nil
	}
	// Collect the builder and return its memory to the system before
	// the index is read back.
	d = nil
	debug.FreeOSMemory()
	if err := index.WriteMeta(dir, m); err != nil {
		return nil, err
	}
	return index.Read(dir, m, m.Units, true)
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
	dir     string
	budget  int
	runs    []*run
	temps   []*os.File // files written while freezing, removed by cleanup
	tempsMu sync.Mutex // units are frozen on several goroutines
	// With Krovetz stemming: the stemmer's vocabulary, in byte order, and
	// per provisional term id the id of its stem (nil: every term is its
	// own).
	vocabulary []string
	target     []uint32
}

type unitBuilder struct {
	unit     string
	ids      index.IDCoder // document ids, front-coded
	runStart int           // the first document not yet written to a run
	fields   []*fieldBuilder
}

// A fieldBuilder holds a field's postings while they grow, indexed by the
// ids of the build's dictionary. Terms are renumbered in byte order at the
// end.
type fieldBuilder struct {
	name    string
	arena   arena
	post    []plist    // per term: varint (docDelta<<1 | f==1), then varint f if f > 1, since the last run
	store   *listStore // the complete lists, once all documents are in (builder.finish)
	scratch []byte
	vec     []byte   // scratch: the current document's term vector
	bytes   int      // postings bytes
	last    []uint32 // per term: last document
	df      []uint32
	ttf     []uint64
	maxTF   []uint32
	dl      []uint32
	vectors bool
	fwd     arena    // per document since the last run: varint (term<<1 | f==1) [varint f], provisional ids
	fwdAt   []uint64 // per document since the last run: address of its entries
	fwdLen  []uint32
	fwdSize int
}

func newBuilder(an analysis.Analysis, units []string, vectors bool) *builder {
	b := &builder{an: an, dict: &dictionary{ids: map[string]uint32{}}}
	for _, u := range units {
		ub := &unitBuilder{unit: u}
		for _, f := range index.UnitFields(u) {
			ub.fields = append(ub.fields, &fieldBuilder{name: f, vectors: vectors})
		}
		b.units = append(b.units, ub)
	}
	return b
}

// A fieldBatch is one field's analysed documents of a batch.
type fieldBatch struct {
	gids []uint32 // per entry: term id
	tfs  []uint32 // per entry: frequency
	ends []int32  // per document: end of its entries
	dls  []uint32 // per document: length
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
}

// A worker analyses batches.
type worker struct {
	z   *analyzer
	doc int64 // documents analysed, a stamp for termEntry
}

func (w *worker) analyse(b *batch, units []string) {
	b.units = make([]unitBatch, len(units))
	for i, u := range units {
		ub := &b.units[i]
		fields := index.UnitFields(u)
		ub.fields = make([]fieldBatch, len(fields))
		for fi, f := range fields {
			fb := &ub.fields[fi]
			start := int32(0)
			add := func(text string) {
				w.z.each(text, func(e *termEntry) {
					if e.stamp == w.doc+1 {
						fb.tfs[e.pos]++
						return
					}
					e.stamp = w.doc + 1
					e.pos = int32(len(fb.gids))
					fb.gids = append(fb.gids, e.gid)
					fb.tfs = append(fb.tfs, 1)
				})
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
	b.args = nil
}

// run reads args, analyses them on workers and merges the results in
// order.
func (b *builder) run(ctx context.Context, args iter.Seq2[corpus.Argument, error], c buildConfig, start time.Time) error {
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
		z := newAnalyzer(proto)
		z.dict = b.dict
		w := &worker{z: z}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for bt := range todo {
				w.analyse(bt, units)
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
			b.merge(p)
			if limit := cmp.Or(c.MaxShingleTerms, maxShingleTerms); b.an.Shingles > 1 && b.dict.size() > limit {
				cancel()
				for range done {
				}
				// The sentinel comes first: its text ("configuration mismatch
				// or invalid") read as nonsense after the advice.
				return fmt.Errorf("lexical: build: %w: word shingles (analysis.Analysis.Shingles %d) made more than %d distinct terms after %d arguments, "+
					"too many to build in memory (a build of args.me's 5.69 million sentences with shingles of 3 was killed at 24 GB); "+
					"index a sample or a part of the corpus with shingles",
					errConfig, b.an.Shingles, limit, b.nargs)
			}
			if b.budget > 0 && b.held() > b.budget {
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
func (b *builder) report(c buildConfig, elapsed time.Duration) {
	p := buildProgress{Arguments: b.nargs, Documents: b.ndocs, Elapsed: elapsed, Rate: rate(b.nargs, elapsed), Runs: len(b.runs)}
	if c.ExpectedArguments > b.nargs && p.Rate > 0 {
		p.ETA = time.Duration(float64(c.ExpectedArguments-b.nargs) / p.Rate * float64(time.Second))
	}
	c.Progress(p)
}

func (b *builder) merge(bt *batch) {
	for i, ub := range b.units {
		rb := &bt.units[i]
		for _, id := range rb.ids {
			ub.ids.Add(id)
		}
		b.ndocs += len(rb.ids)
		for fi, fb := range ub.fields {
			fb.merge(&rb.fields[fi])
		}
	}
	b.nargs += bt.n
}

func (fb *fieldBuilder) merge(r *fieldBatch) {
	start := int32(0)
	for di, end := range r.ends {
		doc := uint32(len(fb.dl))
		fb.dl = append(fb.dl, r.dls[di])
		for e := start; e < end; e++ {
			g := r.gids[e]
			if int(g) >= len(fb.post) {
				fb.grow(int(g) + 1)
			}
			f := r.tfs[e]
			delta := doc - fb.last[g] // last is 0 before the first posting
			fb.last[g] = doc
			fb.df[g]++
			fb.ttf[g] += uint64(f)
			fb.maxTF[g] = max(fb.maxTF[g], f)
			fb.scratch = appendPosting(fb.scratch[:0], uint64(delta), f)
			fb.arena.append(&fb.post[g], fb.scratch)
			fb.bytes += len(fb.scratch)
			if fb.vectors {
				fb.vec = appendPosting(fb.vec, uint64(g), f)
			}
		}
		if fb.vectors {
			at := fb.fwd.alloc(len(fb.vec))
			copy(fb.fwd.at(at, len(fb.vec)), fb.vec)
			fb.fwdAt = append(fb.fwdAt, at)
			fb.fwdLen = append(fb.fwdLen, uint32(len(fb.vec)))
			fb.fwdSize += len(fb.vec)
			fb.vec = fb.vec[:0]
		}
		start = end
	}
}

// grow makes room for term ids below n.
func (fb *fieldBuilder) grow(n int) {
	n = max(n, 2*len(fb.post), 1024)
	fb.post = append(fb.post, make([]plist, n-len(fb.post))...)
	fb.last = append(fb.last, make([]uint32, n-len(fb.last))...)
	fb.df = append(fb.df, make([]uint32, n-len(fb.df))...)
	fb.ttf = append(fb.ttf, make([]uint64, n-len(fb.ttf))...)
	fb.maxTF = append(fb.maxTF, make([]uint32, n-len(fb.maxTF))...)
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

// finish gathers each field's complete posting lists (the runs' lists,
// once what is still held is written as the last run), conflates terms
// with their Krovetz stems, then applies a frequency-based stop list (to
// the stems).
func (b *builder) finish() error {
	if len(b.runs) > 0 {
		for _, ub := range b.units {
			if ub.ids.Docs() > ub.runStart {
				if err := b.flush(); err != nil {
					return err
				}
				break
			}
		}
	}
	for ui, ub := range b.units {
		for fi, fb := range ub.fields {
			if len(b.runs) == 0 {
				fb.store = fb.memStore()
				continue
			}
			fb.post, fb.arena = nil, arena{}
			if _, err := b.fileStore(ui, fi); err != nil {
				return err
			}
		}
	}
	if err := b.conflate(); err != nil {
		return err
	}
	switch b.an.Stop {
	case "frequent":
		b.stopwords = b.frequent(b.an.StopFrequent, func(string, string) bool { return true })
	case "frequent-fields":
		texts := b.frequent(b.an.StopFrequent, func(u string, f string) bool {
			return u == "argument" && (f == index.FieldConclusion || f == index.FieldPremise)
		})
		contexts := b.frequent(b.an.StopFrequent, func(u string, f string) bool {
			return u == "argument" && f == index.FieldTitle
		})
		b.stopwords = append(texts, contexts...)
	default:
		return nil
	}
	slices.Sort(b.stopwords)
	b.stopwords = slices.Compact(b.stopwords)
	var list []byte
	for _, ub := range b.units {
		for _, fb := range ub.fields {
			for _, t := range b.stopwords {
				g, ok := b.dict.ids[t]
				if !ok || int(g) >= len(fb.df) {
					continue
				}
				var err error
				if list, err = fb.store.list(list[:0], g); err != nil {
					return err
				}
				for doc, f := range listPostings(list) {
					fb.dl[doc] -= f
				}
				fb.store.n[g], fb.df[g], fb.ttf[g] = 0, 0, 0
			}
		}
	}
	return nil
}

// frequent returns the n terms with the most occurrences in the fields
// in (by unit and field name), most frequent first, ties in byte order.
func (b *builder) frequent(n int, in func(u, field string) bool) []string {
	total := map[string]uint64{}
	for _, ub := range b.units {
		for _, fb := range ub.fields {
			if !in(ub.unit, fb.name) {
				continue
			}
			for g, n := range fb.ttf {
				if n > 0 {
					total[b.dict.terms[g]] += n
				}
			}
		}
	}
	type tf struct {
		t string
		n uint64
	}
	all := make([]tf, 0, len(total))
	for t, n := range total {
		all = append(all, tf{t, n})
	}
	slices.SortFunc(all, func(a, b tf) int {
		if c := cmp.Compare(b.n, a.n); c != 0 {
			return c
		}
		return strings.Compare(a.t, b.t)
	})
	out := make([]string, 0, min(n, len(all)))
	for _, x := range all[:min(n, len(all))] {
		out = append(out, x.t)
	}
	return out
}

// conflate, with Krovetz stemming, chooses the vocabulary (terms with a
// collection frequency of at least KrovetzMinCF), stems every term with
// it, and merges the postings of the terms of each stem into the stem's
// own list (summing frequencies within a document). The merged lists are
// added to the fields' list stores before any list is replaced, so a stem
// that is itself conflated to another keeps apart the postings of the
// terms stemmed to it. Document lengths do not change. The term vectors
// are remapped by freeze, through b.target.
func (b *builder) conflate() error {
	if b.an.Stem != "krovetz" {
		return nil
	}
	terms := b.dict.terms
	cf := make([]uint64, len(terms))
	unitCF := make([]uint64, len(terms))
	for _, ub := range b.units {
		clear(unitCF)
		for _, fb := range ub.fields {
			for g, n := range fb.ttf[:min(len(fb.ttf), len(terms))] {
				unitCF[g] += n
			}
		}
		for g, n := range unitCF {
			cf[g] = max(cf[g], n)
		}
	}
	for g, t := range terms {
		if cf[g] >= uint64(b.an.KrovetzMinCF) {
			b.vocabulary = append(b.vocabulary, t)
		}
	}
	slices.Sort(b.vocabulary)
	stem := analysis.KrovetzStemmer(b.vocabulary)
	b.target = make([]uint32, len(terms))
	groups := map[uint32][]uint32{} // stem → the other terms stemmed to it
	for g, t := range terms {
		b.target[g] = uint32(g)
		s := stem(t)
		if s == t {
			continue
		}
		// A stem is a vocabulary term, so it has an id.
		sg, ok := b.dict.ids[s]
		if !ok {
			continue
		}
		b.target[g] = sg
		groups[sg] = append(groups[sg], uint32(g))
	}
	stems := make([]uint32, 0, len(groups))
	for sg := range groups {
		stems = append(stems, sg)
	}
	slices.Sort(stems)
	for _, ub := range b.units {
		for _, fb := range ub.fields {
			if err := fb.conflate(stems, groups, b.target); err != nil {
				return err
			}
		}
	}
	return nil
}

// conflate merges the postings of a field as builder.conflate describes.
func (fb *fieldBuilder) conflate(stems []uint32, groups map[uint32][]uint32, target []uint32) error {
	type merged struct {
		at, n uint64
		df    uint32
		ttf   uint64
		maxTF uint32
		last  uint32
	}
	s := fb.store
	out := make([]merged, len(stems))
	var ents []uint64 // doc<<32 | f
	var buf, list []byte
	for i, sg := range stems {
		ents = ents[:0]
		for _, g := range append([]uint32{sg}, groups[sg]...) {
			if int(g) >= len(fb.df) || target[g] != sg {
				continue
			}
			var err error
			if buf, err = s.list(buf[:0], g); err != nil {
				return err
			}
			fb.bytes -= len(buf) // the list is replaced or dropped below
			for doc, f := range listPostings(buf) {
				ents = append(ents, doc<<32|uint64(f))
			}
		}
		m := &out[i]
		list = appendMerged(list[:0], ents, func(doc uint64, f uint32) {
			m.df++
			m.ttf += uint64(f)
			m.maxTF = max(m.maxTF, f)
			m.last = uint32(doc)
		})
		var err error
		if m.at, err = s.add(list); err != nil {
			return err
		}
		m.n = uint64(len(list))
	}
	if len(stems) > 0 && int(stems[len(stems)-1]) >= len(fb.df) {
		fb.grow(int(stems[len(stems)-1]) + 1)
		s.grow(len(fb.df))
	}
	for g, sg := range target {
		if uint32(g) != sg && g < len(fb.df) {
			s.n[g], fb.df[g], fb.ttf[g], fb.maxTF[g] = 0, 0, 0, 0
		}
	}
	for i, sg := range stems {
		m := &out[i]
		fb.bytes += int(m.n)
		s.at[sg], s.n[sg] = m.at, m.n
		fb.df[sg], fb.ttf[sg], fb.maxTF[sg], fb.last[sg] = m.df, m.ttf, m.maxTF, m.last
	}
	return nil
}

// appendMerged sorts ents (key<<32 | frequency), sums the frequencies of
// equal keys and appends the sums as postings with key deltas; each is
// also passed to each, if not nil.
func appendMerged(dst []byte, ents []uint64, each func(key uint64, f uint32)) []byte {
	slices.Sort(ents)
	prev := uint64(0)
	for j := 0; j < len(ents); {
		key := ents[j] >> 32
		f := uint32(0)
		for ; j < len(ents) && ents[j]>>32 == key; j++ {
			f += uint32(ents[j])
		}
		dst = appendPosting(dst, key-prev, f)
		prev = key
		if each != nil {
			each(key, f)
		}
	}
	return dst
}

// listPostings iterates over the documents and frequencies of a list in
// the builder's form (document deltas, see appendPosting).
func listPostings(list []byte) iter.Seq2[uint64, uint32] {
	return func(yield func(uint64, uint32) bool) {
		doc := uint64(0)
		for p := list; len(p) > 0; {
			var delta uint64
			var f uint32
			delta, f, p = readPosting(p)
			doc += delta
			if !yield(doc, f) {
				return
			}
		}
	}
}

// readPosting decodes one (v, f) pair written by appendPosting. The input
// must be well formed (checked when an index is opened).
func readPosting(p []byte) (v uint64, f uint32, rest []byte) {
	x, n := binary.Uvarint(p)
	p = p[n:]
	if x&1 == 1 {
		return x >> 1, 1, p
	}
	y, m := binary.Uvarint(p)
	return x >> 1, uint32(y), p[m:]
}

// freeze renumbers the terms of unit ui in byte order (dropping stopped
// ones) and returns the unit's final form. In memory, the unit holds all
// its sections; otherwise the postings and term vectors are streams, to be
// written (see writeUnit) from the lists the builder stores.
//
// b.target, if not nil, maps each provisional term id to the id of the
// term whose postings now hold its occurrences (Krovetz conflation); term
// vector entries are remapped through it, summing the frequencies of terms
// that share a target.
func (b *builder) freeze(ui int, inMemory bool) (*index.Unit, []index.FieldStreams, error) {
	ub := b.units[ui]
	u := &index.Unit{Name: ub.unit, IDData: ub.ids.Data, IDRestart: ub.ids.Restart}
	var err error
	if u.IDRank, err = b.idRanks(ui); err != nil {
		return nil, nil, err
	}
	u.SetIDChecks()
	var streams []index.FieldStreams
	for fi := range ub.fields {
		f, st, err := b.freezeField(ui, fi, inMemory)
		if err != nil {
			return nil, nil, err
		}
		u.Fields = append(u.Fields, f)
		streams = append(streams, st)
	}
	return u, streams, nil
}

func (b *builder) freezeField(ui, fi int, inMemory bool) (*index.Field, index.FieldStreams, error) {
	fb := b.units[ui].fields[fi]
	terms, target, s := b.dict.terms, b.target, fb.store
	order := make([]uint32, 0, len(fb.df))
	for g, n := range fb.df {
		if n > 0 {
			order = append(order, uint32(g))
		}
	}
	slices.SortFunc(order, func(a, b uint32) int { return strings.Compare(terms[a], terms[b]) })
	newID := make([]uint32, len(fb.df))
	const dropped = ^uint32(0)
	for g := range newID {
		newID[g] = dropped
	}
	f := &index.Field{Name: fb.name}
	f.SetLengths(fb.dl)
	for d, n := range fb.dl {
		if n > index.MaxLength {
			return nil, index.FieldStreams{}, fmt.Errorf("lexical: build: document %s has %d tokens in field %s, more than the %d an index holds: %w", b.units[ui].ids.ID(d), n, fb.name, index.MaxLength, errConfig)
		}
	}
	f.TermOff = make([]uint64, 1, len(order)+1)
	f.DF = make([]uint32, len(order))
	f.TTF = make([]uint64, len(order))
	f.MaxTF = make([]uint32, len(order))
	for i, g := range order {
		newID[g] = uint32(i)
		f.TermBlob = append(f.TermBlob, terms[g]...)
		f.TermOff = append(f.TermOff, uint64(len(f.TermBlob)))
		f.DF[i] = fb.df[g]
		f.TTF[i] = fb.ttf[g]
		f.MaxTF[i] = fb.maxTF[g]
	}
	for g, sg := range target {
		if int(g) < len(newID) && int(sg) < len(newID) && newID[g] == dropped {
			newID[g] = newID[sg]
		}
	}
	var st index.FieldStreams
	post, err := b.newOutput(ui, fi, "postings", inMemory, fb.bytes)
	if err != nil {
		return nil, st, err
	}
	if err := encodePostings(f, post, s, order); err != nil {
		return nil, st, err
	}
	if f.Post, st.Post, err = post.done(inMemory); err != nil {
		return nil, st, err
	}
	s.close() // release the lists before the term vectors are made
	if fb.vectors {
		if st.Fwd, err = b.freezeVectors(ui, fi, f, newID, inMemory); err != nil {
			return nil, st, err
		}
	}
	if inMemory {
		f.SetStats()
		f.InitChecks()
	}
	return f, st, nil
}

// encodePostings writes the lists of the terms in order (provisional ids)
// from s to out in blocks (see block), and fills in f's posting offsets and
// blocks. The section ends in 8 bytes of padding, so that a block's last
// values can be read a word at a time.
func encodePostings(f *index.Field, out *output, s *listStore, order []uint32) error {
	f.PostOff = make([]uint64, 1, len(order)+1)
	f.BlockAt = make([]uint32, 1, len(order)+1)
	f.PostCRC = make([]uint32, 0, len(order))
	var list, enc []byte
	var docs, tfs [index.BlockSize]uint32
	total := uint64(0)
	for i, g := range order {
		var err error
		if list, err = s.list(list[:0], g); err != nil {
			return err
		}
		enc = enc[:0]
		prev, n := int64(-1), 0
		flush := func() {
			f.Blocks = append(f.Blocks, index.Block{Last: docs[n-1], Off: uint32(len(enc)), MaxTF: index.MaxStat, MinDL: index.MaxStat})
			b := &f.Blocks[len(f.Blocks)-1]
			bmax, bmin := uint32(0), uint32(math.MaxUint32)
			for j := range n {
				bmax = max(bmax, tfs[j])
				bmin = min(bmin, f.Length(uint64(docs[j])))
			}
			b.MaxTF, b.MinDL = uint16(min(bmax, index.MaxStat)), uint16(min(bmin, index.MaxStat))
			enc = index.AppendBlock(enc, docs[:n], tfs[:n], prev)
			prev, n = int64(docs[n-1]), 0
		}
		for doc, tf := range listPostings(list) {
			docs[n], tfs[n] = uint32(doc), tf
			if n++; n == index.BlockSize {
				flush()
			}
		}
		if n > 0 {
			flush()
		}
		if uint64(len(enc)) > math.MaxUint32 {
			return fmt.Errorf("lexical: build: the postings of term %s take %d bytes, more than this format's 4 GiB: %w", quote.Q(f.Term(i)), len(enc), errConfig)
		}
		if _, err := out.Write(enc); err != nil {
			return fmt.Errorf("lexical: build: %w", err)
		}
		total += uint64(len(enc))
		f.PostCRC = append(f.PostCRC, index.PostingsCRC(enc, f.Blocks[f.BlockAt[len(f.BlockAt)-1]:]))
		f.PostOff = append(f.PostOff, total)
		f.BlockAt = append(f.BlockAt, uint32(len(f.Blocks)))
	}
	var pad [8]byte
	if _, err := out.Write(pad[:]); err != nil {
		return fmt.Errorf("lexical: build: %w", err)
	}
	return nil
}

// An output collects a section of a unit file while the unit is frozen:
// in memory, or, for a build that wrote runs, in a file in the index
// directory.
type output struct {
	mem  *bytes.Buffer
	file *os.File
	cw   *countWriter
}

// newOutput returns an output for a section of field fi of unit ui, of
// about size bytes.
func (b *builder) newOutput(ui, fi int, what string, inMemory bool, size int) (*output, error) {
	if inMemory || len(b.runs) == 0 {
		return &output{mem: bytes.NewBuffer(make([]byte, 0, size))}, nil
	}
	name := fmt.Sprintf("build-%s-%s.%s", b.units[ui].unit, b.units[ui].fields[fi].name, what)
	f, err := os.Create(filepath.Join(b.dir, name))
	if err != nil {
		return nil, fmt.Errorf("lexical: build: %w", err)
	}
	b.tempsMu.Lock()
	b.temps = append(b.temps, f)
	b.tempsMu.Unlock()
	return &output{file: f, cw: &countWriter{w: bufio.NewWriterSize(f, 1<<20)}}, nil
}

func (o *output) Write(p []byte) (int, error) {
	if o.mem != nil {
		return o.mem.Write(p)
	}
	return o.cw.Write(p)
}

// done returns the section's bytes when the unit stays in memory, and
// otherwise the stream that writes them.
func (o *output) done(inMemory bool) ([]byte, *index.Stream, error) {
	if o.mem != nil {
		b := o.mem.Bytes()
		if inMemory {
			return b, nil, nil
		}
		return nil, &index.Stream{Size: len(b), Write: func(w io.Writer) error {
			_, err := w.Write(b)
			return err
		}}, nil
	}
	if err := o.cw.w.Flush(); err != nil {
		return nil, nil, fmt.Errorf("lexical: build: %w", err)
	}
	f, n := o.file, o.cw.n
	return nil, &index.Stream{Size: int(n), Write: func(w io.Writer) error {
		_, err := io.Copy(w, io.NewSectionReader(f, 0, n))
		return err
	}}, nil
}

// freezeVectors writes the term vectors of field fi of unit ui, with the
// final term ids newID, and returns their stream (nil in memory, where f
// holds them).
func (b *builder) freezeVectors(ui, fi int, f *index.Field, newID []uint32, inMemory bool) (*index.Stream, error) {
	fb := b.units[ui].fields[fi]
	const dropped = ^uint32(0)
	f.FwdOff = make([]uint64, 1, f.Docs()+1)
	out, err := b.newOutput(ui, fi, "vectors", inMemory, fb.fwdSize+fb.fwdSize/8)
	if err != nil {
		return nil, err
	}
	var ents []uint64 // id<<32 | f
	var enc []byte
	total := uint64(0)
	f.FwdCRC = make([]uint32, 0, index.FwdChunks(f.Docs()))
	crc := uint32(0) // of the current chunk's term vectors
	err = b.eachVector(ui, fi, func(v []byte) error {
		ents = ents[:0]
		for p := v; len(p) > 0; {
			var g uint64
			var tf uint32
			g, tf, p = readPosting(p)
			if id := newID[g]; id != dropped {
				ents = append(ents, uint64(id)<<32|uint64(tf))
			}
		}
		enc = appendMerged(enc[:0], ents, nil)
		total += uint64(len(enc))
		f.FwdOff = append(f.FwdOff, total)
		crc = crc32c.Update(crc, enc)
		if d := len(f.FwdOff) - 1; d%index.FwdChunk == 0 || d == f.Docs() {
			f.FwdCRC = append(f.FwdCRC, index.UpdateUint64s(crc, f.FwdOff[(d-1)/index.FwdChunk*index.FwdChunk:]))
			crc = 0
		}
		_, err := out.Write(enc)
		return err
	})
	if err == nil && len(f.FwdOff) != f.Docs()+1 {
		err = fmt.Errorf("internal error: term vectors of %d documents, not %d", len(f.FwdOff)-1, f.Docs())
	}
	if err != nil {
		return nil, fmt.Errorf("lexical: build: %w", err)
	}
	fb.fwd, fb.fwdAt, fb.fwdLen = arena{}, nil, nil
	var st *index.Stream
	f.Fwd, st, err = out.done(inMemory)
	return st, err
}

// release lets go of what the builder holds for unit ui, once it is
// written.
func (b *builder) release(ui int) {
	for _, fb := range b.units[ui].fields {
		fb.store.close()
	}
	b.units[ui] = nil
}
