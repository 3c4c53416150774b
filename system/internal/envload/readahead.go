package envload

import (
	"iter"
	"sync"

	"github.com/argsearch/argsearch/corpus"
)

// readAheadBatch is how many arguments ReadAhead hands over at a time, and
// readAheadBatches how many batches it reads ahead of its consumer.
const (
	readAheadBatch   = 256
	readAheadBatches = 4
)

// ReadAhead returns the arguments of args, in order, read on a goroutine
// of their own up to readAheadBatches batches ahead of the caller, so that
// reading (parsing the CSV) and what the caller does with each argument
// (building a store) run on two cores. Like args it is single-use; an
// error is yielded once and ends it. When the caller stops early, ReadAhead
// stops reading and waits for its goroutine before it returns, so that
// nothing reads args after.
func ReadAhead(args iter.Seq2[corpus.Argument, error]) iter.Seq2[corpus.Argument, error] {
	type item struct {
		a   corpus.Argument
		err error
	}
	return func(yield func(corpus.Argument, error) bool) {
		batches := make(chan []item, readAheadBatches)
		stop := make(chan struct{})
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer close(batches)
			send := func(b []item) bool {
				// Stop first: once the caller drains batches, both cases
				// below are ready and select would choose at random, so
				// reading could go on for a run of batches after a stop.
				select {
				case <-stop:
					return false
				default:
				}
				select {
				case batches <- b:
					return true
				case <-stop:
					return false
				}
			}
			b := make([]item, 0, readAheadBatch)
			for a, err := range args {
				b = append(b, item{a, err})
				if len(b) == readAheadBatch || err != nil {
					if !send(b) || err != nil {
						return
					}
					b = make([]item, 0, readAheadBatch)
				}
			}
			if len(b) > 0 {
				send(b)
			}
		}()
		defer func() {
			close(stop)
			for range batches { // let a blocked send see stop, then the goroutine ends
			}
			wg.Wait()
		}()
		for b := range batches {
			for _, it := range b {
				if !yield(it.a, it.err) {
					return
				}
			}
		}
	}
}
