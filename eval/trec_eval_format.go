package eval

import (
	"bufio"
	"io"
	"math"
	"strconv"
)

// WriteTrecEval writes the evaluation in trec_eval's output format: one
// "measure<TAB>qid<TAB>value" line per value, the measure name
// left-justified in 22 columns, values with 4 decimals, the counts
// (num_ret, num_rel, ...) as integers; runid prints the run's id and
// relstring a quoted string. With perTopic (trec_eval -q) each topic's
// lines come first, topic by topic, then the "all" lines. As in trec_eval,
// gm_map, gm_bpref, num_q and runid have only an "all" line, and relstring
// only per-topic ones. With Options.ZScores, the names start with "Z" and
// every value is printed with 4 decimals.
func (e *Evaluation) WriteTrecEval(w io.Writer, perTopic bool) error {
	bw := bufio.NewWriter(w)
	var buf []byte
	if perTopic {
		for ti, t := range e.Topics {
			for _, m := range e.measures {
				switch {
				case !m.def.perTopic:
				case m.def.text:
					name := m.def.name
					if m.p.text != "" {
						name += "_" + m.p.text
					}
					buf = e.appendName(buf[:0], name, false)
					buf = append(buf, t.Topic...)
					buf = append(buf, "\t'"...)
					buf = append(buf, e.relstrings[ti]...)
					buf = append(buf, "'\n"...)
					bw.Write(buf)
				default:
					for i := m.first; i < m.first+m.n; i++ {
						bw.Write(e.appendLine(buf[:0], m, i, t.Topic, t.Values[i]))
					}
				}
			}
		}
	}
	for _, m := range e.measures {
		switch {
		case m.def.name == "runid":
			buf = e.appendName(buf[:0], "runid", false)
			buf = append(buf, "all\t"...)
			buf = append(buf, e.runID...)
			bw.Write(append(buf, '\n'))
		case m.def.summary == sumNone:
		default:
			for i := m.first; i < m.first+m.n; i++ {
				bw.Write(e.appendLine(buf[:0], m, i, "all", e.Means[i]))
			}
		}
	}
	return bw.Flush()
}

// appendName appends a measure name as trec_eval prints it: "Z" first
// with z-scores, padded to 22 columns, and a tab.
func (e *Evaluation) appendName(buf []byte, name string, z bool) []byte {
	if z {
		buf = append(buf, 'Z')
	}
	buf = append(buf, name...)
	for n := len(name); n < 22; n++ {
		buf = append(buf, ' ')
	}
	return append(buf, '\t')
}

// appendLine formats one line like trec_eval's printf("%-22s\t%s\t%6.4f\n")
// or, for counts without z-scores, "%ld".
func (e *Evaluation) appendLine(buf []byte, m plannedMeasure, i int, qid string, v float64) []byte {
	buf = e.appendName(buf, e.Names[i], e.zscores)
	buf = append(buf, qid...)
	buf = append(buf, '\t')
	integer := m.def.summary == sumTotal || m.def.summary == sumCount || m.def.summary == sumNumRel
	if integer && !e.zscores {
		buf = strconv.AppendInt(buf, int64(v), 10)
	} else {
		buf = append(buf, cFloat(v, 6, 4)...)
	}
	return append(buf, '\n')
}

// cFloat formats v as C's printf("%*.*f", width, prec, v) does, with
// glibc's spelling of infinities and NaNs ("inf", "-nan").
func cFloat(v float64, width, prec int) string {
	var s string
	switch {
	case math.IsNaN(v):
		s = "nan"
		if math.Signbit(v) {
			s = "-nan"
		}
	case math.IsInf(v, 1):
		s = "inf"
	case math.IsInf(v, -1):
		s = "-inf"
	default:
		s = strconv.FormatFloat(v, 'f', prec, 64)
	}
	for len(s) < width {
		s = " " + s
	}
	return s
}
