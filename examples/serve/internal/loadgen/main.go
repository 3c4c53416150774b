// Command loadgen is the load generator of examples/serve: a closed loop of
// -c clients, each sending its next request as soon as its last is
// answered, for -n requests in all (or for -d), against the server at -url:
//
//	loadgen -url http://127.0.0.1:8080/ [-mode search|page|pairs|hostile] [-c 8] [-n 10000 | -d 30s]
//	        [-k 10] [-queries FILE] [-seed 1] [-wait] [-pid PID]
//
// -mode search (the default) asks the args.me API for the top -k arguments
// of a query drawn at random from the query list (GET
// /api/v2/arguments?query=…&pageSize=k&format=json); page asks for the
// search page of a query (/?q=…), pairs for the flagship's top -k pairs
// (/api/v2/touche22/pairs). The list is -queries, a file of one query a
// line, or of "qid<TAB>query" lines (as the generated corpus's
// queries.tsv), and by default the titles of the embedded Touché topics
// of 2020 to 2022. -seed seeds the draws.
//
// -mode hostile sends random and hostile requests instead: huge, empty
// and oddly encoded queries (invalid percent-escapes and UTF-8, NUL,
// control characters), negative, huge and malformed page, pageSize and k,
// unknown parameters and fields, unknown and huge argument ids, wrong
// methods and oversized bodies, garbage paths, foreign and missing Host
// headers, malformed request lines and headers (some written raw on a
// connection, as no HTTP client would send them), and requests cut off
// before their end. Every response must have a status below 500, or be the
// 503 of the server's limit: any other 5xx is a failure.
//
// A 503 is counted apart from the answered requests; with -wait a client
// then waits the Retry-After the server asks for (as the library's clients
// do) before its next request. The latencies are those of the answered
// (non-503) requests. -pid names the server's process, whose resident
// memory (VmRSS, Linux) is printed at the start, the middle and the end,
// with the CPU time it used during the run, in all and per answered
// request (on a shared machine, a figure less noisy than the throughput).
//
// It prints one line of figures (requests, answered per second, p50, p90,
// p99 and max latency, the statuses) and exits 1 when a request failed: a
// 5xx other than 503, an error other than an expected refusal, or a search
// answered without its complete body.
package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"net/http"
	"os"
	"os/signal"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/argsearch/argsearch/examples/internal/cli"
	"github.com/argsearch/argsearch/topics"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

const about = `Sends requests to a server of examples/serve from -c clients in a closed loop (each sends its
next request when its last is answered), -n requests in all or for -d, and prints the throughput
and the p50, p90 and p99 latency of the answered requests, with the statuses. -mode search asks the
args.me API for the top -k arguments of random queries (-queries, or the embedded Touché topics'
titles); page and pairs ask for the search page and the flagship's pairs; hostile sends random and
hostile requests, and fails on any 5xx but the 503 of the server's limit. -pid reports the
server's memory at the start, the middle and the end.`

// config is the command line.
type config struct {
	url     string
	mode    string
	clients int
	n       int
	d       time.Duration
	k       int
	queries []string
	seed    uint64
	wait    bool
	pid     int
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	c := cli.New("loadgen", "loadgen -url URL [-mode search|page|pairs|hostile] [-c 8] [-n 10000 | -d 30s] [-k 10]\n[-queries FILE] [-seed 1] [-wait] [-pid PID]", about, stdout, stderr)
	c.Doc = cli.DocPrefix + "serve/internal/loadgen"
	var cf config
	c.Flags.StringVar(&cf.url, "url", "", "the server's `URL`, as serve prints it")
	c.OneOfVar(&cf.mode, "mode", []string{"search", "page", "pairs", "hostile"}, "what to ask")
	c.IntVar(&cf.clients, "c", 8, 1, 4096, "concurrent clients")
	c.IntVar(&cf.n, "n", 10000, 1, 100_000_000, "requests in all")
	c.Flags.DurationVar(&cf.d, "d", 0, "run for this `duration` instead of -n requests")
	c.IntVar(&cf.k, "k", 10, 1, 1000, "arguments (pairs) a search asks for")
	queries := c.Flags.String("queries", "", "the queries, one a line or \"qid<TAB>query\" (`file`; default: the Touché topics' titles)")
	seed := c.Int("seed", 1, 0, 1<<62, "the seed of the random draws")
	c.Flags.BoolVar(&cf.wait, "wait", false, "after a 503, wait the Retry-After asked for before the next request")
	c.IntVar(&cf.pid, "pid", 0, 0, 1<<30, "the server's process `id`, whose memory is reported (Linux)")
	c.Check(func() error {
		if !strings.HasPrefix(cf.url, "http://") && !strings.HasPrefix(cf.url, "https://") {
			return cli.Usagef("-url %q: want the server's http:// URL", cf.url)
		}
		if cf.d < 0 {
			return cli.Usagef("-d %v: want a positive duration", cf.d)
		}
		return nil
	})
	return c.Run(args, func([]string) error {
		cf.seed = uint64(*seed)
		cf.url = strings.TrimSuffix(cf.url, "/")
		qs, err := readQueries(*queries)
		if err != nil {
			return err
		}
		cf.queries = qs
		s, err := load(ctx, cf)
		if err != nil {
			return err
		}
		fmt.Fprintln(stdout, s.line(cf))
		if cf.pid > 0 {
			fmt.Fprintf(stdout, "loadgen: process %d: RSS start %s, middle %s, end %s; CPU %.2f s, %.2f ms per answered request\n",
				cf.pid, s.rss[0], s.rss[1], s.rss[2], s.cpu, 1000*s.cpu/float64(max(1, len(s.latencies))))
		}
		if s.failed > 0 {
			kinds := slices.Collect(maps.Keys(s.failures))
			slices.SortFunc(kinds, func(a, b string) int { return cmp.Or(s.failures[b]-s.failures[a], strings.Compare(a, b)) })
			for _, k := range kinds[:min(len(kinds), maxFailures)] {
				fmt.Fprintf(stderr, "loadgen: %d× %s\n", s.failures[k], k)
			}
			return fmt.Errorf("%d requests failed, in %d kinds (the first %d above)", s.failed, len(kinds), min(len(kinds), maxFailures))
		}
		return nil
	})
}

// readQueries reads the query list: a file's lines (the last
// tab-separated field of each), or the embedded topics' titles.
func readQueries(path string) ([]string, error) {
	var qs []string
	if path == "" {
		for _, year := range []int{2020, 2021, 2022} {
			ts, err := topics.Task1(year)
			if err != nil {
				return nil, err
			}
			for _, t := range ts {
				qs = append(qs, t.Title)
			}
		}
		return qs, nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	for l := range strings.Lines(string(b)) {
		f := strings.Split(strings.TrimRight(l, "\r\n"), "\t")
		if q := strings.TrimSpace(f[len(f)-1]); q != "" {
			qs = append(qs, q)
		}
	}
	if len(qs) == 0 {
		return nil, fmt.Errorf("-queries %s: no queries", path)
	}
	return qs, nil
}

// stats are what the clients saw.
type stats struct {
	elapsed   time.Duration
	latencies []time.Duration // of the answered requests
	statuses  map[int]int     // 0: no response (a refusal, or a request cut off on purpose)
	failed    int
	failures  map[string]int // each kind of failure (its message, cut) with its count
	rss       [3]memory      // at the start, the middle and the end
	cpu       float64        // the server's CPU seconds during the run; -1 unknown
}

// maxFailures is the most kinds of failure printed.
const maxFailures = 20

// kind returns a failure's message cut to its first 160 bytes, so that
// failures of one kind (a status, an error) count together.
func kind(msg string) string {
	if len(msg) > 160 {
		return msg[:160] + "…"
	}
	return msg
}

// load runs the clients.
func load(ctx context.Context, cf config) (*stats, error) {
	tr := &http.Transport{MaxIdleConns: cf.clients, MaxIdleConnsPerHost: cf.clients, DisableCompression: true, IdleConnTimeout: time.Minute}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr, Timeout: time.Minute,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	s := &stats{statuses: map[int]int{}, failures: map[string]int{}}
	s.rss[0] = rss(cf.pid)
	cpu0 := cpuSeconds(cf.pid)
	var issued, finished atomic.Int64
	var midOnce sync.Once
	deadline := time.Time{}
	if cf.d > 0 {
		deadline = time.Now().Add(cf.d)
	}
	var mu sync.Mutex
	start := time.Now()
	var wg sync.WaitGroup
	for w := range cf.clients {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(cf.seed, uint64(w)))
			var lat []time.Duration
			statuses := map[int]int{}
			failures := map[string]int{}
			failed := 0
			for ctx.Err() == nil {
				if cf.d > 0 {
					if time.Now().After(deadline) {
						break
					}
				} else if issued.Add(1) > int64(cf.n) {
					break
				}
				o := do(ctx, client, cf, rng)
				statuses[o.status]++
				if o.fail != "" {
					failed++
					failures[kind(o.fail)]++
				}
				if o.status != http.StatusServiceUnavailable && o.fail == "" {
					lat = append(lat, o.latency)
				} else if o.status == http.StatusServiceUnavailable && cf.wait {
					select {
					case <-time.After(o.retryAfter):
					case <-ctx.Done():
					}
				}
				done := finished.Add(1)
				if (cf.d == 0 && done == int64(cf.n)/2) || (cf.d > 0 && time.Since(start) >= cf.d/2) {
					midOnce.Do(func() { s.rss[1] = rss(cf.pid) })
				}
			}
			mu.Lock()
			defer mu.Unlock()
			s.latencies = append(s.latencies, lat...)
			for k, v := range statuses {
				s.statuses[k] += v
			}
			s.failed += failed
			for k, v := range failures {
				s.failures[k] += v
			}
		})
	}
	wg.Wait()
	s.elapsed = time.Since(start)
	midOnce.Do(func() { s.rss[1] = rss(cf.pid) })
	s.rss[2] = rss(cf.pid)
	s.cpu = -1
	if cpu1 := cpuSeconds(cf.pid); cpu0 >= 0 && cpu1 >= 0 {
		s.cpu = cpu1 - cpu0
	}
	if ctx.Err() != nil {
		return s, errors.New("interrupted")
	}
	return s, nil
}

// line formats the figures.
func (s *stats) line(cf config) string {
	slices.Sort(s.latencies)
	total := 0
	for _, n := range s.statuses {
		total += n
	}
	var codes []int
	for c := range s.statuses {
		codes = append(codes, c)
	}
	sort.Ints(codes)
	var st []string
	for _, c := range codes {
		name := fmt.Sprint(c)
		if c == 0 {
			name = "none"
		}
		st = append(st, fmt.Sprintf("%s %d", name, s.statuses[c]))
	}
	secs := s.elapsed.Seconds()
	return fmt.Sprintf("loadgen: %s, %d clients, %d requests in %.2f s: %.1f answered/s; latency p50 %s, p90 %s, p99 %s, max %s; statuses %s; failed %d",
		cf.mode, cf.clients, total, secs, float64(len(s.latencies))/secs,
		ms(pct(s.latencies, 0.50)), ms(pct(s.latencies, 0.90)), ms(pct(s.latencies, 0.99)), ms(pct(s.latencies, 1)),
		strings.Join(st, ", "), s.failed)
}

// pct returns the p-quantile of sorted durations (nearest rank).
func pct(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := int(p*float64(len(sorted))+0.999999) - 1
	return sorted[max(0, min(i, len(sorted)-1))]
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d)/1e6) }

func mb(b int64) string {
	if b < 0 {
		return "?"
	}
	return fmt.Sprintf("%.0f MB", float64(b)/1e6)
}

// cpuSeconds returns the user and system CPU time process pid has used,
// in seconds (from /proc/PID/stat, in clock ticks of 1/100 s, Linux's
// USER_HZ), or -1.
func cpuSeconds(pid int) float64 {
	if pid <= 0 {
		return -1
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return -1
	}
	// The command name, field 2, is in parentheses and may hold spaces.
	i := strings.LastIndexByte(string(b), ')')
	if i < 0 {
		return -1
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 13 {
		return -1
	}
	var utime, stime int64
	fmt.Sscan(f[11], &utime)
	fmt.Sscan(f[12], &stime)
	return float64(utime+stime) / 100
}

// memory is a process's resident memory: in all, anonymous (the heap,
// the stacks) and file-backed (mapped files: the index and the store, which
// the page cache holds and the kernel may drop), in bytes; -1 unknown.
type memory struct{ all, anon, file int64 }

func (m memory) String() string {
	return fmt.Sprintf("%s (anon %s, file %s)", mb(m.all), mb(m.anon), mb(m.file))
}

// rss returns the resident memory of process pid (Linux's
// /proc/PID/status: VmRSS, RssAnon, RssFile).
func rss(pid int) memory {
	m := memory{-1, -1, -1}
	if pid <= 0 {
		return m
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return m
	}
	for l := range strings.Lines(string(b)) {
		name, v, ok := strings.Cut(l, ":")
		if !ok {
			continue
		}
		var kb int64
		fmt.Sscanf(strings.TrimSpace(v), "%d", &kb)
		switch name {
		case "VmRSS":
			m.all = kb * 1024
		case "RssAnon":
			m.anon = kb * 1024
		case "RssFile":
			m.file = kb * 1024
		}
	}
	return m
}
