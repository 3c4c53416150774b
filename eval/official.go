package eval

import (
	"bytes"
	"embed"
	"fmt"
	"strconv"
)

// officialQrels holds the official Touché Task 1 judgments, copied unchanged
// from the Touché releases (CC BY 4.0, Touché / Webis; see qrels/README.md).
//
//go:embed qrels/*.qrels
var officialQrels embed.FS

// Official returns the official Touché Task 1 judgments of a year: 2020
// and 2021 judged Relevance only (over args.me argument ids, labels -2 for
// spam, 0, 1, 2; for 2020 the "corrected" version); 2022 judged Relevance,
// Quality and Coherence (over sentence pairs "first,second", labels 0, 1,
// 2). Other years give an error. Each call parses a
// fresh copy.
//
// The judgments are by Touché / Webis and licensed CC BY 4.0.
func Official(year int) (*Judgments, error) {
	var dims []Dimension
	switch year {
	case 2020, 2021:
		dims = []Dimension{Relevance}
	case 2022:
		dims = []Dimension{Relevance, Quality, Coherence}
	default:
		return nil, fmt.Errorf("%w for Task 1 %d (have 2020, 2021, 2022)", errNotEmbedded, year)
	}
	qrels := make([]*Qrels, len(dims))
	for i, d := range dims {
		name := fmt.Sprintf("qrels/qrels-task1-%d-%s.qrels", year, d)
		data, err := officialQrels.ReadFile(name)
		if err != nil {
			return nil, fmt.Errorf("eval: embedded %s: %w", name, err)
		}
		if qrels[i], err = ReadQrels(bytes.NewReader(data)); err != nil {
			return nil, fmt.Errorf("eval: embedded %s: %w", name, err)
		}
	}
	return NewJudgments(strconv.Itoa(year), dims, qrels)
}
