package eval

import (
	"bufio"
	"io"
	"strconv"
)

// WriteTrecEval writes the evaluation in trec_eval's output format: one
// "measure<TAB>qid<TAB>value" line per value, the measure name left-justified
// in 22 columns, values with 4 decimals, num_ret and num_rel_ret as integers.
// With perTopic (trec_eval -q) each topic's lines come first, topic by topic;
// the "all" lines with the means follow.
func (e *Evaluation) WriteTrecEval(w io.Writer, perTopic bool) error {
	bw := bufio.NewWriter(w)
	var buf []byte
	if perTopic {
		for _, t := range e.Topics {
			for i, v := range t.Values {
				buf = e.appendLine(buf[:0], i, t.Topic, v)
				bw.Write(buf)
			}
		}
	}
	for i, v := range e.Means {
		buf = e.appendLine(buf[:0], i, "all", v)
		bw.Write(buf)
	}
	return bw.Flush()
}

// appendLine formats one line like trec_eval's printf("%-22s\t%s\t%6.4f\n")
// or, for integer values, "%ld".
func (e *Evaluation) appendLine(buf []byte, i int, qid string, v float64) []byte {
	name := e.Names[i]
	buf = append(buf, name...)
	for n := len(name); n < 22; n++ {
		buf = append(buf, ' ')
	}
	buf = append(buf, '\t')
	buf = append(buf, qid...)
	buf = append(buf, '\t')
	if e.integer[i] {
		buf = strconv.AppendInt(buf, int64(v), 10)
	} else {
		start := len(buf)
		buf = strconv.AppendFloat(buf, v, 'f', 4, 64)
		for len(buf)-start < 6 { // %6.4f pads on the left to width 6
			buf = append(buf[:start+1], buf[start:]...)
			buf[start] = ' '
		}
	}
	return append(buf, '\n')
}
