// Command inspect gives a first look at an args.me corpus file: it prints
// the number of arguments, sentences, tokens, duplicate sentences and
// repaired texts, one per line, and the time taken on standard error:
//
//	go run ./examples/inspect [-quiet] [CORPUS]
//
//	arguments 643
//	sentences 17590
//	tokens 361905
//	duplicate_sentences 1125
//	repaired_texts 0
//	time 0.210s (on standard error)
//
// CORPUS is a processed CSV (args_processed.csv) or an args.me JSON file,
// plain, gzipped or the official .tar.gz (see corpus.Open). Without it,
// inspect reads the args.me sample embedded in package corpus/sample.
//
// Definitions:
//   - sentences are the entries of the corpus's sentence lists (for JSON
//     input, the sentences the reader splits off);
//   - tokens are the whitespace-separated words of the sentence texts
//     (strings.Fields: runs of Unicode white space separate them);
//   - duplicate_sentences counts the sentences whose text repeats the text
//     of an earlier sentence in corpus order after normalization (as
//     filter.Dedup's near-duplicates: NFKC, case
//     folding, punctuation and spacing ignored); that is, the sentences
//     minus the distinct texts;
//   - repaired_texts counts the texts of the file (conclusions, premises,
//     the CSV's sentences, context fields) that held invalid UTF-8, each
//     run of invalid bytes replaced by U+FFFD as corpus.Reader repairs them.
//
// While it reads a file, a progress display on standard error shows the
// megabytes read (a bar on a terminal, plain lines otherwise); -quiet
// silences it and the time line. A corpus that repeats an argument id is an
// error naming both records. A bad command line exits 2, a failure 1.
//
// The counts are computed in one pass over the file, read on one goroutine
// while the others (one per CPU) count tokens and normalize sentences; the
// counts are those of a sequential pass. Memory grows with the distinct
// sentence texts: on a generated full-scale corpus (5.7 million sentences,
// 2.2 GB) inspect peaks at 1.2 GB of memory.
package main

import (
	"context"
	"fmt"
	"io"
	"iter"
	"math/bits"
	"os"
	"runtime"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/corpus/sample"
	"github.com/argsearch/argsearch/examples/internal/cli"
	"github.com/argsearch/argsearch/internal/countio"
	"github.com/argsearch/argsearch/internal/dup"
)

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
}

// summary holds what inspect prints.
type summary struct {
	Arguments          int64
	Sentences          int64
	Tokens             int64
	DuplicateSentences int64
}

// run runs the command with args (without the program name) and returns
// the exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	c := cli.New("inspect", "inspect [-quiet] [CORPUS]",
		`Inspect gives a first look at an args.me corpus file: it prints the number of arguments, sentences, whitespace-separated tokens, duplicate sentences (after normalization: NFKC, case folding, punctuation and spacing ignored) and texts repaired because they held invalid UTF-8, one "name value" line each, and the time taken on standard error.

CORPUS is a processed CSV (args_processed.csv) or an args.me JSON file, plain, gzipped or the official .tar.gz; without it, inspect reads the args.me sample embedded in the module. A repeated argument id is an error naming both records.`,
		stdout, stderr)
	c.MaxArgs = 1
	quiet := c.Flags.Bool("quiet", false, "no progress and no time line on stderr")
	return c.Run(args, func(args []string) error {
		path := ""
		if len(args) == 1 {
			path = args[0]
		}
		return inspectFile(ctx, path, *quiet, stdout, stderr)
	})
}

// inspectFile inspects the corpus file at path, or the embedded sample for
// "", and writes the summary to stdout and the time taken to stderr.
func inspectFile(ctx context.Context, path string, quiet bool, stdout, stderr io.Writer) error {
	start := time.Now()
	var r *corpus.Reader
	args := func() iter.Seq2[corpus.Argument, error] { return r.All() }
	if path == "" {
		r = corpus.NewCSVReader(sample.Touche2021().ProcessedCSV())
		r.Name = sample.Touche2021().Name()
	} else {
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		size := int64(0)
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
			size = fi.Size()
		}
		cr := &countio.Reader{R: f}
		if r, err = corpus.OpenReader(cr, path); err != nil {
			return err
		}
		bar := cli.NewProgress(stderr, quiet, "reading", size, cli.Megabytes)
		args = func() iter.Seq2[corpus.Argument, error] {
			return func(yield func(corpus.Argument, error) bool) {
				for a, err := range r.All() {
					bar.Update(cr.N)
					if !yield(a, err) {
						return
					}
				}
				bar.Done(cr.N)
			}
		}
	}
	s, err := inspect(ctx, args())
	if cerr := r.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if _, err := fmt.Fprintf(stdout, "arguments %d\nsentences %d\ntokens %d\nduplicate_sentences %d\nrepaired_texts %d\n",
		s.Arguments, s.Sentences, s.Tokens, s.DuplicateSentences, r.Repaired); err != nil {
		return err
	}
	if quiet {
		return nil
	}
	_, err = fmt.Fprintf(stderr, "time %.3fs\n", time.Since(start).Seconds())
	return err
}

// inspect counts the arguments, sentences, tokens and normalized duplicate
// sentences of a stream of arguments.
//
// The arguments are read on the calling goroutine and handed over in
// batches: worker goroutines, one per CPU, count the tokens of a batch and
// normalize and hash its sentences (dup.Keyer), and one goroutine adds the
// keys to the dup.Filter batch after batch, in corpus order, so that the
// counts are those of adding the sentences one at a time. At most
// 4×GOMAXPROCS batches are in flight, and no goroutine outlives inspect.
func inspect(ctx context.Context, args iter.Seq2[corpus.Argument, error]) (summary, error) {
	var s summary
	dups := dup.New(dup.Normalized) // filter.Dedup's core (internal/dup)
	workers := runtime.GOMAXPROCS(0)
	free := make(chan *batch, 4*workers) // every batch, when not in flight
	for range cap(free) {
		free <- new(batch)
	}
	work := make(chan *batch, cap(free))    // to the workers
	ordered := make(chan *batch, cap(free)) // to the adder, in corpus order
	var wg sync.WaitGroup
	for range workers {
		k := dups.Keyer()
		wg.Go(func() {
			for b := range work {
				b.prepare(k)
			}
		})
	}
	var tokens, duplicates int64 // the adder's, read after wg.Wait
	wg.Go(func() {
		for b := range ordered {
			<-b.done
			tokens += b.tokens
			// inspect needs no representatives: AddKeys's empty ids
			// save the memory of the distinct texts' ids.
			duplicates += int64(dups.AddKeys(b.keys, b.ends, b.hashes))
			clear(b.args)
			b.args = b.args[:0]
			free <- b
		}
	})

	b := <-free
	send := func() {
		b.done = make(chan struct{})
		work <- b
		ordered <- b
	}
	err := func() error {
		n := 0 // sentences in b
		for a, err := range args {
			if err != nil {
				return err
			}
			if s.Arguments++; s.Arguments%1024 == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			s.Sentences += int64(len(a.Sentences))
			b.args = append(b.args, a)
			if n += len(a.Sentences); n >= batchSentences {
				send()
				b, n = <-free, 0
			}
		}
		if len(b.args) > 0 {
			send()
		}
		return nil
	}()
	close(work)
	close(ordered)
	wg.Wait()
	s.Tokens, s.DuplicateSentences = tokens, duplicates
	return s, err
}

// batchSentences is about how many sentences a batch holds: enough to make
// handing it over cheap, few enough to keep the goroutines busy.
const batchSentences = 2048

// A batch is a run of consecutive arguments with what a worker computed of
// their sentences.
type batch struct {
	args   []corpus.Argument
	done   chan struct{} // closed when prepare has filled the fields below
	tokens int64         // the tokens of the sentences
	keys   []byte        // the sentences' dup keys, one after the other
	ends   []int         // ends[i] is the end of sentence i's key in keys
	hashes []uint64      // hashes[i] is the hash of sentence i's key
}

// prepare counts the tokens of b's sentences and computes their keys and
// hashes with k, then closes b.done.
func (b *batch) prepare(k *dup.Keyer) {
	b.tokens = 0
	b.keys, b.ends, b.hashes = b.keys[:0], b.ends[:0], b.hashes[:0]
	for _, a := range b.args {
		for _, t := range a.Sentences {
			b.tokens += int64(countTokens(t.Text))
			var h uint64
			b.keys, h = k.AppendKey(b.keys, t.Text)
			b.ends = append(b.ends, len(b.keys))
			b.hashes = append(b.hashes, h)
		}
	}
	close(b.done)
}

// countTokens returns len(strings.Fields(s)) without allocating: the
// number of starts of runs of non-space characters. Runs of ASCII are
// classified eight bytes at a time (countASCIIWord), other characters one
// at a time: prose is mostly ASCII.
func countTokens(s string) int {
	n := 0
	prev := uint64(1) // 1 when the previous character is white space, or at the start
	for i := 0; i < len(s); {
		for ; i+8 <= len(s); i += 8 {
			w := s[i : i+8]
			x := uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
				uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
			if x&highBits != 0 {
				break // a byte that is not ASCII
			}
			if (x+(0x80-' ')*ones)&highBits == highBits {
				// No control character, as in most of prose: the
				// white space is the bytes below '!'.
				space := ^(x + (0x80-'!')*ones) & highBits
				n += bits.OnesCount64(^space & (space<<8 | prev<<7) & highBits)
				prev = space >> 63
				continue
			}
			var starts int
			starts, prev = countASCIIWord(x, prev)
			n += starts
		}
		if i == len(s) {
			break
		}
		c := s[i]
		var space uint64
		if c < utf8.RuneSelf {
			// ' ' and '\t'..'\r' are the ASCII space of unicode.IsSpace.
			space = uint64(b2i(c == ' ') | b2i(c-'\t' <= '\r'-'\t'))
			i++
		} else {
			r, size := utf8.DecodeRuneInString(s[i:])
			space = uint64(b2i(unicode.IsSpace(r)))
			i += size
		}
		n += int(prev &^ space)
		prev = space
	}
	return n
}

const (
	highBits = 0x8080808080808080 // the high bit of each byte of a word
	ones     = 0x0101010101010101 // 1 in each byte of a word
)

// countASCIIWord counts the starts of tokens among eight ASCII bytes, the
// first in the low byte of x, when prev is 1 if the byte before them is
// white space and 0 if not; it returns them and the same flag for the
// last byte. Each byte's high bit is made 1 when the byte is white space
// (' ', or '\t'..'\r' = 9..13): with bytes below 0x80, the sums below
// carry into no other byte.
func countASCIIWord(x, prev uint64) (starts int, last uint64) {
	t := x ^ ' '*ones // 0 where a byte is ' '
	nonzero := (t&^highBits + (highBits - ones)) | t
	blank := ^nonzero & highBits
	ge9 := (x + (0x80-'\t')*ones) & highBits     // byte >= 9
	lt14 := ^(x + (0x80-'\r'-1)*ones) & highBits // byte <= 13
	space := blank | ge9&lt14
	spaceBefore := space<<8 | prev<<7
	return bits.OnesCount64(^space & spaceBefore & highBits), space >> 63
}

// b2i returns 1 for true and 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
