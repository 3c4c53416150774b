package eval

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/argsearch/argsearch/internal/nilio"
	"github.com/argsearch/argsearch/internal/quote"
)

// ZScores holds, for each topic and value name, the mean and standard
// deviation that trec_eval's -Z option turns values into z-scores with:
// with Options.ZScores set, Evaluate replaces each topic's value v by
// (v - mean) / sd before averaging, and WriteTrecEval prefixes the
// measure names with "Z". As in trec_eval, a value whose topic or name the
// file lacks becomes -1000000, and so does one whose sd is 0 unless v
// equals the mean (which gives 0). Read them with ReadZScores; a ZScores
// is never modified, so it may be shared.
type ZScores struct {
	entries []zEntry // sorted by topic, then measure (byte order)
	topics  []zTopic // sorted by topic
}

type zEntry struct {
	topic, measure string
	mean, sd       float64
}

// zTopic is a topic's entries, entries[start:start+n].
type zTopic struct {
	topic    string
	start, n int
}

// missingZScore is the value trec_eval gives a value it has no mean for.
const missingZScore = -1000000

// ReadZScores reads a z-score file as trec_eval -Z reads it: one "qid
// measure mean sd" line per value, separated by white space, measure
// spelled as Evaluation.Names spells it ("P_5"); mean and sd are read as
// C's atof reads them. Blank lines and lines starting with '#' are skipped.
// A line with another number of fields, or a mean or sd that is not a
// number (strconv.ParseFloat) is an error naming the line: a file of another format, such as qrels
// ("qid 0 docid label", which trec_eval would read as measure "0" with
// every value missing), is refused rather than read as z-scores of nothing.
// A gzip-compressed input is decompressed, as ReadQrels does.
func ReadZScores(r io.Reader) (*ZScores, error) {
	z := &ZScores{}
	err := lines(nilio.Reader(r, "eval"), func(line int, f []string) error {
		if len(f) != 4 {
			return &parseError{Line: line, Err: fmt.Errorf("%d fields, want 4 (qid measure mean sd): %w", len(f), errZScoreLine), format: "z-score"}
		}
		for i, name := range []string{"mean", "sd"} {
			i += 2 // fields 3 and 4
			if _, err := strconv.ParseFloat(f[i], 64); err != nil && !errors.Is(err, strconv.ErrRange) {
				return &parseError{Line: line, Field: name, Err: fmt.Errorf("%s is not a number; a z-score line holds qid measure mean sd, such as \"1 P_5 0.42 0.1\" (is this a qrels file?): %w", quote.Q(f[i]), errZScoreLine), format: "z-score"}
			}
		}
		z.entries = append(z.entries, zEntry{f[0], f[1], atof(f[2]), atof(f[3])})
		return nil
	})
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(z.entries, func(a, b zEntry) int {
		return cmp.Or(strings.Compare(a.topic, b.topic), strings.Compare(a.measure, b.measure))
	})
	for i, e := range z.entries {
		if i == 0 || e.topic != z.entries[i-1].topic {
			z.topics = append(z.topics, zTopic{topic: e.topic, start: i})
		}
		z.topics[len(z.topics)-1].n++
	}
	return z, nil
}

// find returns the entry of a topic's value, or nil. It searches as
// trec_eval does, whose binary searches look one place past the end of
// what they search: past a topic's measures into the next topic's first,
// which it may take for its own (past the last topic, into memory it does
// not own, is taken to find nothing here).
func (z *ZScores) find(topic, measure string) *zEntry {
	lo, hi := 0, len(z.topics)
	t := -1
	for lo <= hi {
		cur := (lo + hi) / 2
		c := -1
		if cur < len(z.topics) {
			c = strings.Compare(topic, z.topics[cur].topic)
		}
		switch {
		case c < 0:
			hi = cur - 1
		case c > 0:
			lo = cur + 1
		default:
			t = cur
		}
		if t >= 0 {
			break
		}
	}
	if t < 0 {
		return nil
	}
	base := z.entries[z.topics[t].start:]
	lo, hi = 0, z.topics[t].n
	for lo <= hi {
		cur := (lo + hi) / 2
		c := -1
		if cur < len(base) {
			c = strings.Compare(measure, base[cur].measure)
		}
		switch {
		case c < 0:
			hi = cur - 1
		case c > 0:
			lo = cur + 1
		default:
			return &base[cur]
		}
	}
	return nil
}

// convert replaces a topic's values, named by names, by their z-scores.
func (z *ZScores) convert(topic string, names []string, values []float64) {
	for i, name := range names {
		e := z.find(topic, name)
		switch {
		case e == nil:
			values[i] = missingZScore
		case e.sd != 0:
			values[i] = (values[i] - e.mean) / e.sd
		case values[i] == e.mean:
			values[i] = 0
		default:
			values[i] = missingZScore
		}
	}
}
