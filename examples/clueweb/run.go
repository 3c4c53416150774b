package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"
	"unicode"

	"github.com/argsearch/argsearch/classify"
	"github.com/argsearch/argsearch/examples/internal/cli"
	"github.com/argsearch/argsearch/internal/outpath"
	"github.com/argsearch/argsearch/retrieval/chatnoir"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/runfile/tira"
	"github.com/argsearch/argsearch/topics"
)

// apiKeyEnv is the environment variable that holds the ChatNoir API key.
const apiKeyEnv = "CHATNOIR_API_KEY"

// errNoAPIKey is the message for a missing API key.
const errNoAPIKey = "no ChatNoir API key: pass -apikey KEY or set " + apiKeyEnv +
	" (keys are issued at https://chatnoir.eu/apikey/)"

const about = `Clueweb is a Touché 2023 Task 1 system: for each topic it searches ClueWeb22 through the ChatNoir API, tags every document PRO, CON, NEU or NO with the shipped models, and writes a TREC run.

It reads the topics from -i DIR/topics.xml (without -i, the official 2023 Task 1 topics embedded in the module) and writes run.txt to the -o directory, TIRA's convention. Searching needs a ChatNoir API key (https://chatnoir.eu/apikey/): -apikey, or better the environment variable ` + apiKeyEnv + `; without one, clueweb exits 2 before sending any request. Progress goes to stderr (-quiet silences it), a one-line summary to stdout.`

// run is the command: it parses args, reads the topics, runs the system
// and writes the run, returning the exit status. getenv looks up
// environment variables (os.Getenv, or a map in tests).
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) int {
	start := time.Now()
	c := cli.New("clueweb", `clueweb [-i DIR] [-o DIR] [-k 100] [-description] [-fulltext [-workers 4]] [flags]`, about, stdout, stderr)
	var job tira.Job
	job.RegisterFlags(c.Flags)
	fs := c.Flags
	// Only the topics are read from the input directory: ClueWeb22 is
	// searched through ChatNoir.
	fs.Lookup("i").Usage = "input `directory`; only its topics.xml (or its only *.xml file) is read"
	var (
		cfg     = defaultConfig()
		apiKey  = fs.String("apikey", "", "ChatNoir API key (default $"+apiKeyEnv+")")
		baseURL = fs.String("base", "https://chatnoir.eu", "ChatNoir service `URL`")
		index   = fs.String("index", "cw22", "ChatNoir indices to search, comma-separated")
		timeout = fs.Duration("timeout", time.Minute, "time limit of each HTTP request")
		quiet   = fs.Bool("quiet", false, "no progress display on stderr")
	)
	c.IntVar(&cfg.K, "k", cfg.K, 1, maxK, "documents per topic")
	fs.BoolVar(&cfg.Description, "description", cfg.Description, "append the topic's description to the query")
	fs.BoolVar(&cfg.FullText, "fulltext", cfg.FullText, "tag each document's full text (one request per document) instead of title and snippet")
	c.IntVar(&cfg.Workers, "workers", cfg.Workers, 1, 256, "full-text requests at once")
	c.FloatVar(&cfg.MinArgument, "minarg", cfg.MinArgument, 0, 1, "argumentativeness a sentence needs to argue (a document where none does is NO)")
	c.FloatVar(&cfg.MinConfidence, "minconf", cfg.MinConfidence, 0, 1, "stance confidence a sentence's PRO or CON needs to count")
	fs.StringVar(&cfg.Tag, "tag", cfg.Tag, "run tag (last column)")
	c.Check(func() error {
		switch {
		case *timeout <= 0:
			return cli.Usagef("-timeout %v, want more than 0", *timeout)
		case cfg.Tag == "" || strings.ContainsFunc(cfg.Tag, unicode.IsSpace):
			return cli.Usagef("-tag %q, want a non-empty tag without spaces", cfg.Tag)
		case *baseURL != "" && !isHTTP(*baseURL):
			return cli.Usagef("-base %q, want an http or https URL", *baseURL)
		}
		return nil
	})
	key := ""
	c.Check(func() error { // last: the flags are checked first
		if key = *apiKey; key == "" {
			key = getenv(apiKeyEnv)
		}
		if strings.TrimSpace(key) == "" {
			return cli.Usagef("%s", errNoAPIKey)
		}
		return nil
	})
	return c.Run(args, func([]string) error {
		ts, err := readTopics(job)
		if err != nil {
			return err
		}
		if job.OutputDir == "" {
			job.OutputDir = "."
		}
		if err := outpath.Dir("-o", job.OutputDir); err != nil {
			return err
		}
		path, err := job.RunPath()
		if err != nil {
			return err
		}
		sys, err := newSystem(cfg, &chatnoir.Client{
			BaseURL:    *baseURL,
			APIKey:     key,
			Index:      splitList(*index),
			HTTPClient: &http.Client{Timeout: *timeout},
		})
		if err != nil {
			return err
		}
		sys.Progress = cli.NewProgress(stderr, *quiet, "topics", int64(len(ts)), nil)
		sum, err := sys.WriteRun(ctx, path, ts)
		for _, id := range sum.Missing {
			fmt.Fprintf(stderr, "clueweb: document %s: no full text in the cache; tagged by title and snippet\n", id)
		}
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "clueweb: %s, %s in %s\n", sum, path, time.Since(start).Round(time.Millisecond))
		return nil
	})
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
	arg, err := classify.ShippedArgumentModel()
	if err != nil {
		return nil, err
	}
	st, err := classify.ShippedStanceModel()
	if err != nil {
		return nil, err
	}
	return &system{Config: cfg, Search: client, Argument: arg, Stance: st}, nil
}

// isHTTP reports whether s is an absolute http or https URL with a host.
func isHTTP(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
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
	results := collector{}
	sum, err := s.Run(ctx, ts, results)
	if err != nil {
		return sum, err
	}
	if sum.Documents == 0 {
		return sum, fmt.Errorf("ChatNoir found no document for any of the %d topics: no run written", len(ts))
	}
	run, err := runfile.NewRun(s.Config.Tag, runfile.Touche2023(), results)
	if err != nil {
		return sum, err
	}
	return sum, runfile.WriteFile(path, run, runfile.Touche2023())
}

// collector keeps each topic's results, for runfile.NewRun.
type collector map[string][]runfile.Result

func (c collector) Write(qid string, rs []runfile.Result) error {
	if _, dup := c[qid]; dup {
		return fmt.Errorf("topic %s written twice: %w", qid, runfile.ErrDuplicate)
	}
	c[qid] = rs
	return nil
}
