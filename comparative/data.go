package comparative

import (
	"bytes"
	"embed"
	"fmt"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/topics"
)

//go:embed data/topics-task2-2022.xml data/touche-task2-2022-relevance.qrels data/touche-task2-2022-quality.qrels data/touche-task2-2022-stance.qrels
var data embed.FS

// Topics returns the 50 official topics of Touché 2022 Task 2, each with its
// two comparison objects, in file order. Each call parses a fresh copy.
func Topics() ([]topics.Topic, error) {
	b, err := data.ReadFile("data/topics-task2-2022.xml")
	if err != nil {
		return nil, fmt.Errorf("comparative: %w", err)
	}
	return ParseTopics(bytes.NewReader(b), "topics-task2-2022.xml")
}

// Judgments returns the official Touché 2022 Task 2 judgments of relevance
// and quality (labels 0, 1, 2 over passage ids), as eval.Relevance and
// eval.Quality. Each call parses a fresh copy.
func Judgments() (*eval.Judgments, error) {
	var qs []*eval.Qrels
	for _, name := range []string{"relevance", "quality"} {
		b, err := data.ReadFile("data/touche-task2-2022-" + name + ".qrels")
		if err != nil {
			return nil, fmt.Errorf("comparative: %w", err)
		}
		q, err := eval.ReadQrels(bytes.NewReader(b))
		if err != nil {
			return nil, fmt.Errorf("comparative: %s judgments: %w", name, err)
		}
		qs = append(qs, q)
	}
	return eval.NewJudgments("touche-2022-task-2", []eval.Dimension{eval.Relevance, eval.Quality}, qs)
}

// Stances returns the official stance judgments of Touché 2022 Task 2. Each
// call parses a fresh copy.
func Stances() (*StanceJudgments, error) {
	b, err := data.ReadFile("data/touche-task2-2022-stance.qrels")
	if err != nil {
		return nil, fmt.Errorf("comparative: %w", err)
	}
	return ReadStances(bytes.NewReader(b), "touche-task2-2022-stance.qrels")
}
