package system

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"sync"
	"time"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/stance"
)

// TopicFunc answers one topic: the pairs to write, in any order (the run
// writer sorts them by score, then id, both descending).
type TopicFunc func(ctx context.Context, q retrieval.Query) ([]runfile.Result, error)

// A Job is one run of a system over every topic.
type Job struct {
	// Name is the system's name, for messages and the default tag.
	Name string
	// Tag is the run tag (the last column); empty means "argsearch-" + Name.
	Tag string
	// Rules check the run as it is written. Env.Rules adapts them to the
	// input (no minimum of pairs for the sample).
	Rules runfile.Rules
	// Topic answers one topic.
	Topic TopicFunc
}

// Summary is what Env.Run reports.
type Summary struct {
	RunPath  string
	Topics   int
	Pairs    int
	Fewest   int             // pairs of the topic with the fewest
	Latency  []time.Duration // per topic, in the order of Env.Queries
	Write    time.Duration   // writing and validating the run
	Total    time.Duration   // since Open began
	Setup    time.Duration   // reading the corpus and opening (or building) the index
	Rules    runfile.Rules   // the rules the run was written with
	Relaxed  bool            // the Touché minimum of 100 pairs was lowered
	Short    int             // topics with fewer than 100 pairs
	Stances  map[stance.Stance]int
	Measured *Effectiveness // the evaluation, when the input is the sample
}

// Rules returns r adapted to the input: MinResults becomes the -min-pairs
// flag when it is set, and 0 (no minimum) for the embedded sample.
func (e *Env) Rules(r runfile.Rules) runfile.Rules {
	switch {
	case e.flags.MinPairs >= 0:
		r.MinResults = e.flags.MinPairs
	case e.Sample:
		r.MinResults = 0
	}
	return r
}

// Run answers every topic with j.Topic (Workers at a time, retrieval.ForEach),
// writes the run to run.txt in the output directory, checking it against
// Env.Rules(j.Rules), and prints a one-line summary to stdout, followed by
// the evaluation when the input is the sample. The run file is only
// replaced when every topic was answered and the run is valid; a run in
// which every topic came out empty is an error, not an empty file.
func (e *Env) Run(ctx context.Context, j Job, stdout io.Writer) (Summary, error) {
	s := Summary{Rules: e.Rules(j.Rules), Stances: map[stance.Stance]int{}}
	s.Relaxed = s.Rules.MinResults < j.Rules.MinResults
	results := make([][]runfile.Result, len(e.Queries))
	s.Latency = make([]time.Duration, len(e.Queries))
	bar := e.progress("topics", int64(len(e.Queries)), nil)
	var mu sync.Mutex
	finished := 0
	err := retrieval.ForEach(ctx, e.Queries, e.flags.Workers, func(ctx context.Context, i int, q retrieval.Query) error {
		start := time.Now()
		var err error
		results[i], err = j.Topic(ctx, q)
		s.Latency[i] = time.Since(start)
		mu.Lock()
		finished++
		bar.Update(int64(finished))
		mu.Unlock()
		return err
	})
	if err != nil {
		return s, err
	}
	bar.Done(int64(finished))
	if len(e.Queries) == 0 {
		return s, errors.New("no topics: no run written")
	}
	if slices.IndexFunc(results, func(rs []runfile.Result) bool { return len(rs) > 0 }) < 0 {
		return s, fmt.Errorf("every one of the %d topics came out empty (does the configuration leave anything?): no run written", len(e.Queries))
	}
	if s.RunPath, err = e.flags.runPath(); err != nil {
		return s, err
	}
	tag := j.Tag
	if tag == "" {
		tag = "argsearch-" + j.Name
	}
	start := time.Now()
	fw, err := runfile.Create(s.RunPath, tag, s.Rules)
	if err != nil {
		return s, err
	}
	defer fw.Abort()
	s.Fewest = -1
	for i, q := range e.Queries {
		if err := fw.Write(q.ID, results[i]); err != nil {
			return s, err
		}
		n := len(results[i])
		s.Topics++
		s.Pairs += n
		if s.Fewest < 0 || n < s.Fewest {
			s.Fewest = n
		}
		if n < 100 {
			s.Short++
		}
		for _, r := range results[i] {
			s.Stances[r.Stance]++
		}
	}
	if err := fw.Close(); err != nil {
		return s, err
	}
	s.Write = time.Since(start)
	s.Setup = e.setup
	s.Total = time.Since(e.started)
	if e.Sample {
		run, err := runfile.ReadFile(s.RunPath)
		if err != nil {
			return s, err
		}
		m, err := EvaluateSample(run, eval.FirstSentence)
		if err != nil {
			return s, err
		}
		s.Measured = &m
	}
	e.report(stdout, j.Name, s)
	return s, nil
}

// report prints the summary line, and the evaluation for the sample.
func (e *Env) report(w io.Writer, name string, s Summary) {
	lat := slices.Clone(s.Latency)
	slices.Sort(lat)
	median := time.Duration(0)
	if len(lat) > 0 {
		median = lat[len(lat)/2]
		if len(lat)%2 == 0 {
			median = (lat[len(lat)/2-1] + lat[len(lat)/2]) / 2
		}
	}
	fmt.Fprintf(w, "%s: %d topics, %d pairs (fewest %d), PRO %d, CON %d, Q0 %d; %.2f s (setup %.2f s, median %.1f ms per topic, write %.0f ms) -> %s\n",
		name, s.Topics, s.Pairs, max(0, s.Fewest), s.Stances[stance.Pro], s.Stances[stance.Con], s.Stances[stance.Unknown],
		s.Total.Seconds(), s.Setup.Seconds(), float64(median)/1e6, float64(s.Write)/1e6, s.RunPath)
	if s.Relaxed && s.Short > 0 {
		fmt.Fprintf(w, "note: %d of %d topics have fewer than the 100 pairs Touché 2022 asks for; the minimum is relaxed to %d for %s\n",
			s.Short, s.Topics, s.Rules.MinResults, e.Input)
	}
	if m := s.Measured; m != nil {
		fmt.Fprintf(w, "2021 relevance, pairs mapped to arguments (-pairs %s): nDCG@5 %.3f [%.3f, %.3f], judged-only %.3f [%.3f, %.3f] (CI95, %d topics)\n",
			m.Mapping, m.NDCG5.Mean, m.NDCG5.Low, m.NDCG5.High, m.Judged.Mean, m.Judged.Low, m.Judged.High, m.Topics)
	}
}
