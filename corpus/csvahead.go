package corpus

// The processed CSV decoded on several goroutines (Reader.Workers > 1):
// the caller's goroutine scans the records and checks their ids, in order,
// and copies them into batches; goroutines decode the batches' Python
// literals into Arguments; Read returns them batch after batch, in order.

// csvBatchRecords is how many records a batch holds at most: enough that
// handing a batch to a goroutine costs little next to decoding it (a
// record of the processed corpus is a few KB), few enough that the
// batches ahead hold little memory.
const csvBatchRecords = 128

// csvAhead is the state of readCSVAhead.
type csvAhead struct {
	name           string // the Reader's Name, for the errors of the goroutines
	keepSourceText bool
	max            int            // batches in flight at most
	states         chan *csvState // decoders not in use, one a goroutine at most
	pending        []*csvBatch    // sent to decode, oldest first
	free           []*csvBatch    // decoded and returned, for reuse
	cur            *csvBatch      // the batch Read is returning from, or nil
	next           int            // the next argument of cur to return
	stop           error          // what stopped the scan: io.EOF or an error
}

// A csvBatch is a run of consecutive records: copied by the scan, then
// decoded by a goroutine.
type csvBatch struct {
	buf  []byte      // the records' fields, one after the other
	recs []csvRecord // where they are in buf
	stop error       // what stopped the scan after the records, or nil

	// Set by the goroutine that decodes the batch, before done is closed.
	args     []Argument // the arguments of recs[:len(args)]
	repaired []int      // how many texts of each argument were repaired
	err      error      // the error of recs[len(args)], or nil
	panicked any        // what decoding panicked with, if it did
	done     chan struct{}
}

// csvRecord is a record of a batch: the ends of its fields in the batch's
// buf, its number in the file and the line where it starts.
type csvRecord struct {
	ends         [len(csvHeader)]int
	record, line int
}

// readCSVAhead is readCSV for Workers > 1. It scans and checks records in
// order on the calling goroutine, up to 4×Workers batches ahead of the one
// it returns from, and hands each batch to a goroutine of its own that
// decodes it with one of Workers decoders (so at most Workers decode at
// once, and none outlives the batches already scanned). The error that
// stops the scan (io.EOF at the end) is returned after the arguments before
// it, and a decoding error ends the arguments of its batch, so the
// arguments and errors are those of the synchronous path, in its order.
func (r *Reader) readCSVAhead() (Argument, error) {
	c := r.csv
	if c.ahead == nil {
		w := max(r.Workers, 1)
		c.ahead = &csvAhead{name: r.Name, keepSourceText: r.KeepSourceText,
			max: aheadPerWorker * w, states: make(chan *csvState, w)}
		for range w {
			c.ahead.states <- new(csvState)
		}
	}
	h := c.ahead
	for {
		if b := h.cur; b != nil {
			if h.next < len(b.args) {
				a := b.args[h.next]
				b.args[h.next] = Argument{} // hold nothing the caller may drop
				r.Repaired += b.repaired[h.next]
				h.next++
				return a, nil
			}
			err := b.err
			if err == nil {
				err = b.stop
			}
			if err != nil {
				h.stop = err
				h.pending = nil
				return Argument{}, err
			}
			h.free = append(h.free, b)
			h.cur = nil
		}
		for len(h.pending) < h.max && h.stop == nil {
			r.scanCSVBatch()
		}
		if len(h.pending) == 0 {
			return Argument{}, h.stop
		}
		b := h.pending[0]
		n := copy(h.pending, h.pending[1:])
		h.pending[n] = nil
		h.pending = h.pending[:n]
		<-b.done
		if b.panicked != nil {
			panic(b.panicked) // in the caller's goroutine, as the synchronous path would
		}
		h.cur, h.next = b, 0
	}
}

// scanCSVBatch scans up to csvBatchRecords records into a batch and starts
// its decoding. The error that ends the scan is set in the batch and in
// h.stop.
func (r *Reader) scanCSVBatch() {
	h := r.csv.ahead
	var b *csvBatch
	if n := len(h.free); n > 0 {
		b = h.free[n-1]
		h.free = h.free[:n-1]
	} else {
		b = new(csvBatch)
	}
	b.buf, b.recs, b.stop = b.buf[:0], b.recs[:0], nil
	for len(b.recs) < csvBatchRecords {
		rec, line, err := r.nextCSVRecord()
		if err != nil {
			b.stop, h.stop = err, err
			break
		}
		cr := csvRecord{record: r.record, line: line}
		for i, f := range rec {
			b.buf = append(b.buf, f...)
			cr.ends[i] = len(b.buf)
		}
		b.recs = append(b.recs, cr)
	}
	b.done = make(chan struct{})
	h.pending = append(h.pending, b)
	go h.decode(b)
}

// decode decodes the records of b with a decoder of h.states, stopping at
// the first error, and closes b.done.
func (h *csvAhead) decode(b *csvBatch) {
	c := <-h.states
	defer func() {
		if v := recover(); v != nil {
			b.panicked = v
			c = new(csvState) // its state is unknown
		}
		h.states <- c
		close(b.done)
	}()
	b.args, b.repaired, b.err = b.args[:0], b.repaired[:0], nil
	var fields [len(csvHeader)][]byte
	start := 0 // of the record's first field: records follow one another in buf
	for _, cr := range b.recs {
		for i, end := range cr.ends {
			fields[i] = b.buf[start:end:end]
			start = end
		}
		a, col, err := c.decode(fields[:], h.keepSourceText)
		field := ""
		if err == nil {
			var n int
			n, err = repairCSV(&a, c.valid)
			field = "sentences"
			b.repaired = append(b.repaired, n)
		} else {
			field = csvHeader[col]
		}
		if err != nil {
			b.err = &formatError{File: h.name, Line: cr.line, Record: cr.record, Field: field, Err: err}
			b.repaired = b.repaired[:len(b.args)]
			return
		}
		b.args = append(b.args, a)
	}
}
