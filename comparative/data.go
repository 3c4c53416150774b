package comparative

import (
	"bytes"
	"embed"
	"fmt"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/topics"
)

//go:embed data/topics-task2-2022.xml data/touche-task2-2022-relevance.qrels data/touche-task2-2022-quality.qrels data/touche-task2-2022-stance.qrels
//go:embed data/topics-task2-2020.xml data/touche2020-task2-relevance-withbaseline.qrels
var data embed.FS

// Data is one year of Touché Task 2 as it is embedded: its topics and its
// judgments. Load returns it.
type Data struct {
	// Year is the year of the lab: 2020 or 2022.
	Year int
	// Topics are the year's 50 topics in file order. Those of 2022 carry
	// their two comparison objects (topics.Topic.Objects); those of 2020
	// have none (Objects is nil: the 2020 and 2021 topic files have no
	// <objects> element), so the Tagger and the recipes that use the
	// objects refuse them, naming the topic.
	Topics []topics.Topic
	// Judgments are the year's graded judgments over the corpus's ids:
	// eval.Relevance and eval.Quality (labels 0, 1, 2) for 2022, passage
	// ids; eval.Relevance alone (0, 1, 2) for 2020, ClueWeb12 ids (the
	// 2020 lab judged no quality).
	Judgments *eval.Judgments
	// Stances are the stance judgments (2022 only; nil for 2020, whose
	// lab judged no stance).
	Stances *StanceJudgments
}

// Load returns the embedded data of the Touché Task 2 of a year, each call a
// fresh copy:
//
//	2022  50 topics with objects; relevance, quality and stance of 2,107
//	      passages of touche-task2-passages-version-002 (Zenodo 6873567)
//	2020  50 topics without objects; relevance of 1,783 ClueWeb12
//	      documents (touche2020-task2-relevance-withbaseline.qrels, Zenodo
//	      6797876)
//
// 2021 (topics 51-100 with relevance and quality of ClueWeb12 documents,
// Zenodo 6798217) is not embedded: no copy of its files could be found and
// checked (see data/README.md). Read its topics with topics.Parse and its
// judgments with eval.ReadQrels and eval.NewJudgments. Another year is an
// error.
func Load(year int) (Data, error) {
	d := Data{Year: year}
	var err error
	switch year {
	case 2022:
		if d.Topics, err = embeddedTopics("topics-task2-2022.xml"); err != nil {
			return Data{}, err
		}
		if d.Judgments, err = embeddedJudgments("touche-2022-task-2", "touche-task2-2022-relevance.qrels", "touche-task2-2022-quality.qrels"); err != nil {
			return Data{}, err
		}
		b, err := data.ReadFile("data/touche-task2-2022-stance.qrels")
		if err != nil {
			return Data{}, fmt.Errorf("comparative: %w", err)
		}
		if d.Stances, err = readStances(bytes.NewReader(b), "touche-task2-2022-stance.qrels"); err != nil {
			return Data{}, err
		}
	case 2020:
		if d.Topics, err = embeddedTopics("topics-task2-2020.xml"); err != nil {
			return Data{}, err
		}
		if d.Judgments, err = embeddedJudgments("touche-2020-task-2", "touche2020-task2-relevance-withbaseline.qrels"); err != nil {
			return Data{}, err
		}
	case 2021:
		return Data{}, fmt.Errorf("comparative: Touché 2021 Task 2 is not embedded (its topics and judgments are on Zenodo, record 6798217; read them with topics.Parse and eval.ReadQrels)")
	default:
		return Data{}, fmt.Errorf("comparative: no Touché Task 2 in %d (embedded: 2020, 2022)", year)
	}
	return d, nil
}

func embeddedTopics(name string) ([]topics.Topic, error) {
	b, err := data.ReadFile("data/" + name)
	if err != nil {
		return nil, fmt.Errorf("comparative: %w", err)
	}
	ts, err := topics.Parse(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("comparative: %s: %w", name, err)
	}
	return ts, nil
}

// embeddedJudgments reads the relevance qrels and, if given, the quality
// qrels.
func embeddedJudgments(name string, files ...string) (*eval.Judgments, error) {
	dims := []eval.Dimension{eval.Relevance, eval.Quality}[:len(files)]
	var qs []*eval.Qrels
	for i, f := range files {
		b, err := data.ReadFile("data/" + f)
		if err != nil {
			return nil, fmt.Errorf("comparative: %w", err)
		}
		q, err := eval.ReadQrels(bytes.NewReader(b))
		if err != nil {
			return nil, fmt.Errorf("comparative: %s judgments (%s): %w", dims[i], f, err)
		}
		qs = append(qs, q)
	}
	return eval.NewJudgments(name, dims, qs)
}
