package eval

import (
	"bytes"
	"embed"
	"fmt"
)

// officialQrels holds the official Touché Task 1 judgments, copied unchanged
// from the Touché releases (CC BY 4.0, Touché / Webis; see qrels/README.md).
//
//go:embed qrels/*.qrels
var officialQrels embed.FS

// Official returns the official Touché Task 1 judgments of a year and
// dimension: 2020 and 2021 have Relevance only (over args.me argument ids,
// labels -2 for spam, 0, 1, 2; for 2020 the "corrected" version); 2022 has
// Relevance, Quality and Coherence (over sentence pairs "first,second",
// labels 0, 1, 2). Other years and dimensions give an error wrapping
// ErrNotEmbedded. Each call parses a fresh copy.
//
// The judgments are by Touché / Webis and licensed CC BY 4.0.
func Official(year int, d Dimension) (*Qrels, error) {
	ok := false
	switch year {
	case 2020, 2021:
		ok = d == Relevance
	case 2022:
		ok = d == Relevance || d == Quality || d == Coherence
	}
	if !ok {
		return nil, fmt.Errorf("%w for Task 1 %d, %q", ErrNotEmbedded, year, d)
	}
	name := fmt.Sprintf("qrels/qrels-task1-%d-%s.qrels", year, d)
	data, err := officialQrels.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("eval: embedded %s: %w", name, err)
	}
	q, err := ReadQrels(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("eval: embedded %s: %w", name, err)
	}
	return q, nil
}

// Official2022 returns the Touché 2022 Task 1 judgment set: relevance,
// quality and coherence of the same sentence pairs.
func Official2022() (*JudgmentSet, error) {
	var qs [3]*Qrels
	for i, d := range []Dimension{Relevance, Quality, Coherence} {
		q, err := Official(2022, d)
		if err != nil {
			return nil, err
		}
		qs[i] = q
	}
	return NewJudgmentSet(qs[0], qs[1], qs[2])
}

// OfficialDimensions returns the dimensions judged in a Touché Task 1 year
// whose judgments are embedded, or nil for other years.
func OfficialDimensions(year int) []Dimension {
	switch year {
	case 2020, 2021:
		return []Dimension{Relevance}
	case 2022:
		return []Dimension{Relevance, Quality, Coherence}
	}
	return nil
}
