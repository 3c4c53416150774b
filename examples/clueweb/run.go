package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/argsearch/argsearch/models"
	"github.com/argsearch/argsearch/retrieval/chatnoir"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/runfile/tira"
	"github.com/argsearch/argsearch/topics"
)

// Exit statuses of run.
const (
	exitOK    = 0
	exitError = 1 // the run failed
	exitUsage = 2 // bad flags or no API key; nothing was sent
)

// apiKeyEnv is the environment variable that holds the ChatNoir API key.
const apiKeyEnv = "CHATNOIR_API_KEY"

// errNoAPIKey is the message for a missing API key.
const errNoAPIKey = "clueweb: no ChatNoir API key: pass -apikey KEY or set " + apiKeyEnv +
	" (keys are issued at https://chatnoir.eu/apikey/)"

// run is the command: it parses args, reads the topics, runs the system
// and writes the run, returning the exit status. getenv looks up
// environment variables (os.Getenv, or a map in tests).
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) int {
	start := time.Now()
	fs := flag.NewFlagSet("clueweb", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var job tira.Job
	job.RegisterFlags(fs)
	var (
		cfg     = defaultConfig()
		apiKey  = fs.String("apikey", "", "ChatNoir API key (default $"+apiKeyEnv+")")
		baseURL = fs.String("base", chatnoir.DefaultBaseURL, "ChatNoir service `URL`")
		index   = fs.String("index", chatnoir.DefaultIndex, "ChatNoir indices to search, comma-separated")
		timeout = fs.Duration("timeout", time.Minute, "time limit of each HTTP request")
	)
	fs.IntVar(&cfg.K, "k", cfg.K, "documents per topic (1 to 1000)")
	fs.BoolVar(&cfg.Description, "description", cfg.Description, "append the topic's description to the query")
	fs.BoolVar(&cfg.FullText, "fulltext", cfg.FullText, "tag each document's full text (one request per document) instead of title and snippet")
	fs.IntVar(&cfg.Workers, "workers", cfg.Workers, "full-text requests at once")
	fs.Float64Var(&cfg.MinArgument, "minarg", cfg.MinArgument, "argumentativeness below which a document is NO")
	fs.Float64Var(&cfg.MinConfidence, "minconf", cfg.MinConfidence, "stance confidence below which a document is NEU")
	fs.StringVar(&cfg.Tag, "tag", cfg.Tag, "run tag (last column)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "clueweb: unexpected arguments %q\n", fs.Args())
		return exitUsage
	}
	key := *apiKey
	if key == "" {
		key = getenv(apiKeyEnv)
	}
	if strings.TrimSpace(key) == "" {
		fmt.Fprintln(stderr, errNoAPIKey)
		return exitUsage
	}
	if err := cfg.check(); err != nil {
		fmt.Fprintln(stderr, err)
		return exitUsage
	}

	ts, err := readTopics(job)
	if err != nil {
		fmt.Fprintln(stderr, "clueweb:", err)
		return exitError
	}
	if job.OutputDir == "" {
		job.OutputDir = "."
	}
	path, err := job.RunPath()
	if err != nil {
		fmt.Fprintln(stderr, "clueweb:", err)
		return exitError
	}
	sys, err := newSystem(cfg, &chatnoir.Client{
		BaseURL:    *baseURL,
		APIKey:     key,
		Index:      splitList(*index),
		HTTPClient: &http.Client{Timeout: *timeout},
	})
	if err != nil {
		fmt.Fprintln(stderr, "clueweb:", err)
		return exitError
	}
	sys.Progress = stderr
	sum, err := sys.WriteRun(ctx, path, ts)
	if err != nil {
		fmt.Fprintln(stderr, "clueweb:", err)
		return exitError
	}
	fmt.Fprintf(stdout, "clueweb: %s, %s in %s\n", sum, path, time.Since(start).Round(time.Millisecond))
	return exitOK
}

// defaultConfig returns the configuration the flags default to.
func defaultConfig() config {
	return config{K: 100, Workers: 4, MinArgument: 0.4, MinConfidence: 0.5, Tag: "argsearch-clueweb"}
}

// readTopics reads the topics of the job's input directory, or returns the
// embedded 2023 Task 1 topics when there is none.
func readTopics(job tira.Job) ([]topics.Topic, error) {
	if job.InputDir == "" {
		return topics.Task1(2023)
	}
	path, err := job.Topics()
	if err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	ts, err := topics.Parse(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return ts, nil
}

// newSystem loads the shipped models into a system searching with client.
func newSystem(cfg config, client *chatnoir.Client) (*system, error) {
	arg, err := models.Argumentative()
	if err != nil {
		return nil, err
	}
	st, err := models.Stance()
	if err != nil {
		return nil, err
	}
	return &system{Config: cfg, Search: client, Argument: arg, Stance: st}, nil
}

// splitList splits a comma-separated list, dropping empty items.
func splitList(s string) []string {
	var out []string
	for item := range strings.SplitSeq(s, ",") {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, item)
		}
	}
	return out
}

// WriteRun runs the system over ts and writes the run to path atomically,
// valid under runfile.Touche2023. A topic without documents has no line
// (a run must not hold a topic with none).
func (s *system) WriteRun(ctx context.Context, path string, ts []topics.Topic) (summary, error) {
	fw, err := runfile.Create(path, s.Config.Tag, runfile.Touche2023())
	if err != nil {
		return summary{}, err
	}
	defer fw.Abort()
	sum, err := s.Run(ctx, ts, fw)
	if err != nil {
		return sum, err
	}
	return sum, fw.Close()
}
