package analysis

import (
	"fmt"
	"strings"
)

// String describes the analysis for people, in the order its steps run:
// "fold, possessive 's, stop words english, stem porter2" or "lower case,
// tokens of 3 to 20 characters, stop words lucene, stem kstem (Lucene's
// KStemFilter), shingles of 2 to 3 terms".
func (a Analysis) String() string {
	var parts []string
	if a.Fold {
		parts = append(parts, "fold")
	} else {
		parts = append(parts, "lower case")
	}
	if a.Possessive {
		parts = append(parts, "possessive 's")
	}
	switch {
	case a.MinLength > 0 && a.MaxLength > 0:
		parts = append(parts, fmt.Sprintf("tokens of %d to %d characters", a.MinLength, a.MaxLength))
	case a.MinLength > 0:
		parts = append(parts, fmt.Sprintf("tokens of %d or more characters", a.MinLength))
	case a.MaxLength > 0:
		parts = append(parts, fmt.Sprintf("tokens of %d or fewer characters", a.MaxLength))
	}
	switch a.Stop {
	case "", stopNone:
		parts = append(parts, "no stop words")
	case stopFrequent:
		parts = append(parts, fmt.Sprintf("stop words: the %d most frequent terms", a.StopFrequent))
	case stopFrequentFields:
		parts = append(parts, fmt.Sprintf("stop words: the %d most frequent terms of the argument texts and of the discussion titles", a.StopFrequent))
	default:
		parts = append(parts, "stop words "+string(a.Stop))
	}
	switch a.Stem {
	case "", stemNone:
		parts = append(parts, "no stemming")
	case stemKrovetz:
		parts = append(parts, fmt.Sprintf("stem krovetz (vocabulary of terms with collection frequency %d or more)", max(a.KrovetzMinCF, defaultKrovetzMinCF)))
	case stemKStem:
		parts = append(parts, "stem kstem (Lucene's KStemFilter)")
	default:
		parts = append(parts, "stem "+string(a.Stem))
	}
	if a.Shingles > 1 {
		parts = append(parts, fmt.Sprintf("shingles of 2 to %d terms", a.Shingles))
	}
	return strings.Join(parts, ", ")
}
