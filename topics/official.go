package topics

import (
	"bytes"
	"embed"
	"fmt"
)

//go:embed official/*.xml
var official embed.FS

// Task1 returns the official topics of Touché Task 1 ("Argument Retrieval
// for Controversial Questions") for year 2020, 2021, 2022 or 2023. 2023
// reused the 2022 topics. The files are embedded unchanged from the official
// release (CC BY 4.0, see official/README.md).
func Task1(year int) ([]Topic, error) {
	name := ""
	switch year {
	case 2020, 2021, 2022:
		name = fmt.Sprintf("official/topics-task1-%d.xml", year)
	case 2023:
		name = "official/topics-task1-2022.xml"
	default:
		return nil, fmt.Errorf("topics: no official Task 1 topics for %d (have 2020-2023)", year)
	}
	b, err := official.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("topics: %w", err)
	}
	return Parse(bytes.NewReader(b))
}
