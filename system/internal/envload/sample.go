package envload

import (
	"fmt"
	"io"

	"github.com/argsearch/argsearch/corpus/sample"
	"github.com/argsearch/argsearch/topics"
)

// Sample returns the embedded sample of the Touché year (2021 or 2022;
// 0 means 2022): its processed CSV as a Source, the topics it was drawn
// for, and its year. Another year is an error.
func Sample(year int) (Source, []topics.Topic, int, error) {
	var s sample.Sample
	switch year {
	case 0, 2022:
		s = sample.Touche2022()
	case 2021:
		s = sample.Touche2021()
	default:
		return Source{}, nil, 0, fmt.Errorf("no embedded sample of %d (2021 or 2022)", year)
	}
	ts, err := s.Topics()
	if err != nil {
		return Source{}, nil, 0, err
	}
	data, err := io.ReadAll(s.ProcessedCSV())
	if err != nil {
		return Source{}, nil, 0, err
	}
	return Embedded(s.Name(), data), ts, s.Year(), nil
}
