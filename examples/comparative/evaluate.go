package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/argsearch/argsearch/comparative"
	"github.com/argsearch/argsearch/experiment"
	"github.com/argsearch/argsearch/experiment/report"
	"github.com/argsearch/argsearch/runfile"
)

// evaluateRuns scores Task 2 run files against the embedded 2022
// judgments, the first run being the baseline, and writes the table to
// stdout in format, and the report to html if it is not "".
func evaluateRuns(ctx context.Context, paths []string, year int, format, html string, command []string, stdout io.Writer) error {
	d, err := comparative.Load(year)
	if err != nil {
		return err
	}
	x := experiment.Experiment{Judgments: d.Judgments, ByRank: true}
	if d.Stances != nil {
		x.Stances = d.Stances
	}
	for _, p := range paths {
		run, err := readRun(p)
		if err != nil {
			return err
		}
		x.Systems = append(x.Systems, experiment.System{Name: filepath.Base(p), Run: run})
	}
	t, err := x.Run(ctx)
	if err != nil {
		return err
	}
	if html != "" {
		if err := writeHTML(html, fmt.Sprintf("Touché %d Task 2", year), x, t, command); err != nil {
			return err
		}
	}
	switch format {
	case "tsv":
		return t.Write(stdout, "tsv")
	case "json":
		return t.Write(stdout, "json")
	}
	runs := fmt.Sprintf("%d runs", len(paths))
	if len(paths) == 1 {
		runs = "1 run"
	}
	fmt.Fprintf(stdout, "%s on Touché %d Task 2; judged-only nDCG@5 in rank order, p against %s\n\n", runs, year, t.Baseline)
	return t.Write(stdout, "text")
}

// readRun reads a Task 2 run file (the stance column FIRST, SECOND,
// NEUTRAL, NO or Q0).
func readRun(path string) (runfile.Run, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := runfile.NewReader(f)
	r.Name = path
	r.Comparative = true
	return r.ReadRun()
}

// writeHTML writes the report of an experiment to path, atomically: a
// temporary file beside it, renamed when it is whole.
func writeHTML(path, title string, x experiment.Experiment, t *experiment.Table, command []string) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name()) // after the rename, there is nothing to remove
	if err := report.Write(f, x, t, report.Options{Title: title, Command: command}); err != nil {
		f.Close()
		return err
	}
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}
