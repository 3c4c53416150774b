// Command judge is a local web application for judging the pairs of runs
// that the official Touché 2022 judgments lack, as the Touché assessors
// judged them:
//
//	judge [-year 2022] [-k 5] [-i DIR] [-addr HOST:PORT] [-annotator NAME] -o JUDGMENTS RUN...
//
// It reads the runs (plain or gzipped, as runfile.ReadFile reads them),
// takes each topic's top k pairs of each run (in trec_eval's order), and
// keeps those the official judgments do not judge. It serves them on
// -addr (by default a free port on 127.0.0.1) and prints the address on
// standard error. It answers only requests whose Host names the address
// served (its IP, the name -addr gave it, and localhost for a loopback
// address); any other Host is refused (403), so that a web page whose name
// an attacker points at this machine (DNS rebinding) cannot judge through
// the annotator's browser, as cross-origin POSTs cannot. For each pair the page shows the topic's
// title, description and narrative, the two sentences with the conclusions
// of their arguments, and on demand the neighbouring sentences in each
// argument. The annotator labels relevance (-2 spam, 0, 1, 2), quality
// and coherence (0, 1, 2): the Touché 2022 scales. Everything works from
// the keyboard: the number keys give the three labels in turn (s for
// spam), the third saves and opens the next unjudged pair; c shows the
// neighbouring sentences, p and n go to the previous and next pair.
//
// Each judgment is appended to JUDGMENTS at once and synced to disk, so
// stopping the server (or killing it) loses at most the judgment being
// made. The file is an own-judgments file (package eval/own describes,
// reads and writes it): every line carries the annotator (-annotator, or
// the form asks) and the time. -addr is listened on before the file is
// made, and a file the command made is removed again when the command
// fails before a judgment is written. A restart reads the file
// and resumes at the first pair it lacks; changing a saved judgment
// appends a correction. A file that is not an own-judgments file is
// refused and left as it is; a last line cut by a crash is dropped, with
// a message. Give the file to evaluate and experiment with -judgments.
//
// The corpus is the embedded 2022 sample, or with -i the corpus of a TIRA
// input directory. Pairs whose sentences are not in the corpus cannot be
// shown; they are counted on stderr and listed on the overview page.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/examples/internal/cli"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/system"
	"github.com/argsearch/argsearch/topics"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr, nil))
}

const about = `Serves a local web page for judging the pairs in the top k of the RUNs (plain or
gzipped) that the official judgments of -year lack, and appends each judgment to the JUDGMENTS file
at once (synced to disk), with the annotator's name and the time. A restart resumes at the first
pair the file lacks. The page shows the topic, the two sentences, their arguments' conclusions and,
on demand, the neighbouring sentences; every action has a key (the page lists them). It answers
only requests for the address it serves (-addr). The corpus is the embedded 2022 sample, or with -i
that of a TIRA input directory. The server runs until interrupted (Ctrl-C).`

// run runs the command; ready, if not nil, is sent the server's URL once
// it listens (for tests).
func run(ctx context.Context, args []string, stdout, stderr io.Writer, ready chan<- string) int {
	c := cli.New("judge", "judge [-year 2022] [-k 5] [-i DIR] [-addr HOST:PORT] [-annotator NAME] -o JUDGMENTS RUN...", about, stdout, stderr)
	c.MinArgs, c.MaxArgs = 1, -1
	year := c.OneOf("year", []string{"2022"}, "the `year` whose official judgments leave the pairs unjudged")
	k := c.Int("k", 5, 1, 1000, "judge each run's top `k` pairs of each topic")
	input := c.Flags.String("i", "", "a TIRA input `directory` whose corpus holds the runs' sentences (default: the sample)")
	addr := c.Flags.String("addr", "127.0.0.1:0", "the `address` to serve on; port 0 picks a free one")
	out := c.Flags.String("o", "", "the own-judgments `file` to append to (created if absent)")
	annotator := c.Flags.String("annotator", "", "the annotator's `name` on every line (default: the page asks)")
	c.Check(func() error {
		if *out == "" {
			return cli.Usagef("-o: the judgments file is required")
		}
		return nil
	})
	return c.Run(args, func(runs []string) (err error) {
		_ = year // one year only, so far
		// Listen first: a bad -addr fails before the judgments file is
		// made.
		ln, err := net.Listen("tcp", *addr)
		if err != nil {
			return fmt.Errorf("-addr %s: %w", *addr, err)
		}
		defer ln.Close() // Serve closes it too
		a, err := load(ctx, runs, *input, *out, *k, stderr)
		if err != nil {
			return err
		}
		defer a.env.Close()
		defer func() {
			if err != nil {
				a.file.abandon() // a file made for nothing goes
			} else {
				a.file.close()
			}
		}()
		a.annotator = *annotator
		return serve(ctx, a, ln, servedHosts(*addr, ln.Addr()), stderr, ready)
	})
}

// load reads the runs, the corpus and the judgments file, and lists the
// pairs to judge.
func load(ctx context.Context, runPaths []string, input, out string, k int, stderr io.Writer) (*app, error) {
	runs := make([]runfile.Run, len(runPaths))
	for i, p := range runPaths {
		r, err := runfile.ReadFile(p)
		if err != nil {
			return nil, err
		}
		runs[i] = r
	}
	official, err := eval.Official(2022)
	if err != nil {
		return nil, err
	}
	env, err := system.Open(ctx, system.Input{Dir: input})
	if err != nil {
		return nil, err
	}
	a := &app{topics: make(map[string]topics.Topic), store: env.Store, now: time.Now, env: env}
	defer func() {
		if a.file == nil {
			env.Close()
		}
	}()
	all, err := topics.Task1(2022)
	if err != nil {
		return nil, err
	}
	for _, t := range append(all, env.Topics...) {
		a.topics[t.ID] = t
	}
	a.tasks, a.missing = unjudged(runs, official.Qrels(eval.Relevance), env.Store, k)
	if len(a.missing) > 0 {
		fmt.Fprintf(stderr, "judge: %d unjudged pairs cannot be shown, their sentences not being in %s (the overview lists them); the first: %s\n", len(a.missing), env.Name, a.missing[0])
	}
	jf, repaired, err := openJudgments(out)
	if err != nil {
		return nil, err
	}
	if repaired > 0 {
		fmt.Fprintf(stderr, "judge: dropped the cut last line of %s (%d bytes, an interrupted write)\n", out, repaired)
	}
	a.file = jf
	return a, nil
}

// serve serves a on ln, for requests to served, until ctx ends.
func serve(ctx context.Context, a *app, ln net.Listener, served hosts, stderr io.Writer, ready chan<- string) error {
	url := "http://" + ln.Addr().String() + "/"
	fmt.Fprintf(stderr, "judge: %d pairs to judge (%d judged) into %s; open %s (Ctrl-C stops)\n", len(a.tasks), a.judgedTasks(), a.file.name, url)
	srv := &http.Server{Handler: a.handler(served), ReadHeaderTimeout: 10 * time.Second}
	if ready != nil {
		ready <- url
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shut); err != nil {
		return err
	}
	if err := <-done; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	fmt.Fprintf(stderr, "judge: stopped; %d of %d pairs judged in %s\n", a.judgedTasks(), len(a.tasks), a.file.name)
	return nil
}
