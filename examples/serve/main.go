// Command serve is a self-hosted args.me: the args.me search API (v2)
// that Touché's baselines call, over the library's own index of a corpus
// one has, with a search page for people:
//
//	serve [-i DIR | -sample 2022|2021] [-cache DIR] [-addr HOST:PORT] [-public]
//	      [-limit N] [-passages FILE [-apikey KEY]] [-quiet]
//
// The corpus is that of a TIRA input directory (-i: the official 2022 CSV
// or args.me JSON, plain, gzipped or tar.gz, as system.Open reads it, and
// topics.xml), or without -i the args.me sample embedded in the module
// (-sample, 2022 by default). -cache is the index cache directory, as for
// the other commands (by default the user cache directory + "/argsearch";
// "off" keeps everything in memory): the first run on a corpus reads it and
// builds its index into the cache before it serves (minutes at full scale,
// with progress on stderr unless -quiet), later runs open the cache. While
// serving, the index and the cache are only read: nothing is written.
//
// It listens on -addr (127.0.0.1:8080 by default; port 0 picks a free
// one), and prints its URL on standard output once it serves. A
// non-loopback -addr (another interface, or ":8080", every one) is refused
// as a bad command line unless -public is given too: the server has no
// authentication. Only requests whose Host header names the address served
// are answered (its IP, the name -addr gave it, and localhost for a
// loopback address); any other Host is refused with 403, so that a web
// page whose name an attacker points at this machine (DNS rebinding)
// cannot read the answers through a visitor's browser.
//
// # The API
//
// The args.me API v2 (www.args.me/api-en.html), as package
// retrieval/argsme's Client calls it, is served at its documented paths:
// GET /api/v2/arguments (query, page, pageSize, format=json, fields) and GET
// /api/v2/arguments/{id}; GET /api/v2/touche22/pairs (query, k) is this
// server's Touché 2022 extension: the sentence pairs of the library's
// flagship, system.Advanced, for the query answered as a topic whose title
// it is. Arguments are searched with Swordsman's argument search, Dirichlet
// LM (μ 2000) over the argument unit of the library's index (conclusion,
// premises and discussion title). An argument's stance towards the query
// is its args.me label (its premises' stance towards its conclusion, mapped
// onto the query by corpus.Store.Stance) where the labels reveal one, else
// the side the shipped stance model (classify.ShippedStanceModel) gives its
// conclusion towards the query (stance.Side), flipped when its premises
// attack the conclusion (CON): every argument is PRO or CON. Package
// retrieval/argsme documents the
// parameters, the limits and the errors (400 with a JSON error naming the
// parameter, 404 for an unknown id).
//
// With -passages FILE (the Task 2 passage corpus, JSONL, plain or
// gzipped, as comparative.ReadPassages reads it), the server also answers
// ChatNoir's API over those passages, as package retrieval/chatnoir's
// Handler documents it: GET or POST /api/v1/_search, /api/v1/_phrases and
// GET /cache. The passages are read at start (the file twice) and indexed
// in memory, each passage one sentence as package comparative indexes
// them, ranked by BM25; they are served under the index name "passages"
// (a client's chatnoir.Client.Index). -apikey sets the key every search
// must carry (none by default: any key is taken). Without -passages those
// paths answer 404, with a JSON error saying so for /api/v1/.
//
// # The page
//
// The search page at / has a query box and lists a query's arguments in a
// pro and a con column, as args.me shows them, twenty a page, with the
// flagship's top five sentence pairs for the query below; a result opens
// the argument's page (its conclusion, its premises with their stance
// towards the conclusion, and its sentences). Everything works from the
// keyboard, as the page's footer says: / focuses the box, j and k (or the
// down and up arrows) move through a column's results, h and l (or left
// and right) switch to the pro or the con column, Enter opens a result,
// Escape or Backspace go back from an argument to its results (where the
// opened result has the focus again), Escape in the box leaves it, and n
// and p open the next and previous results page. The pages are rendered
// on the server from templates embedded in the command, with a style
// sheet and a small script of its own: the browser fetches nothing else
// (a Content-Security-Policy header says so).
//
// # Limits
//
// Every phase of a request has a timeout (headers 5 s, the whole request
// 10 s, the work 30 s, the response 35 s; an idle connection is closed
// after 60 s), the request line and headers are capped at 16 KiB (431
// beyond) and a body at 64 KiB (413 beyond). -limit bounds the searches
// of the args.me API answered at once (argsme.Handler.MaxSearches), the
// search page's included, as the page asks the API for its results and
// pairs, and as many again of ChatNoir's; beyond it a request is refused
// at once with 503 and a Retry-After header, which the library's clients
// honour. The caps of the parameters (pageSize at most 1000, a query at
// most 2048 bytes, results no deeper than 10000, pairs no deeper than
// 100) and the errors are the handlers'.
//
// # Stopping
//
// SIGINT (Ctrl-C) or SIGTERM stops the server gracefully: it stops
// accepting connections at once (new ones are refused), closes the idle
// ones, answers every request the connections it accepted send, those in
// flight and those that arrive after (each response then closes its
// connection), for at most 10 s, after which the requests still running
// are cancelled; it then closes the index and exits 0. A stop before it
// serves (during a first build) exits 0 too. It leaves nothing on disk: no
// lock files, no temporary files, the cache as it was.
package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"syscall"

	"github.com/argsearch/argsearch/examples/internal/cli"
	"github.com/argsearch/argsearch/system"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr, nil))
}

const usage = `serve [-i DIR | -sample 2022|2021] [-cache DIR] [-addr HOST:PORT] [-public]
[-limit N] [-passages FILE [-apikey KEY]] [-quiet]`

const about = `Serves the args.me search API (v2) over the library's index of a corpus, with a search page: the
arguments for a query in pro and con columns, an argument's conclusion and premises, and the
flagship system's sentence pairs, all usable from the keyboard. The corpus is that of a TIRA input
directory (-i) or the embedded sample; the first run on a corpus builds its index into the cache
(-cache) before it serves, and serving writes nothing.

It listens on -addr (loopback by default; another address only with -public) and prints its URL on
stdout. With -passages it also answers ChatNoir's /api/v1/_search over Task 2 passages. SIGINT or
SIGTERM stop it gracefully: the requests in flight are answered, and it exits 0.`

// run runs the command; ready, if not nil, is sent the server's URL once
// it serves (for tests).
func run(ctx context.Context, args []string, stdout, stderr io.Writer, ready chan<- string) int {
	c := cli.New("serve", usage, about, stdout, stderr)
	in := inputFlags(c)
	addr := c.Flags.String("addr", "127.0.0.1:8080", "the `address` to serve on; port 0 picks a free one (loopback unless -public)")
	public := c.Flags.Bool("public", false, "allow a non-loopback -addr: other machines may then search (there is no authentication)")
	limit := c.Int("limit", defaultLimit, 1, 1024, "searches answered at once; beyond, a request gets 503 and Retry-After")
	passages := c.Flags.String("passages", "", "Task 2 passages (JSONL `file`) for ChatNoir's /api/v1/_search (default: that path is off)")
	apikey := c.Flags.String("apikey", "", "the `key` ChatNoir requests must carry (-passages; default: none)")
	c.Check(func() error { return checkAddr(*addr, *public) })
	c.Check(func() error {
		if *apikey != "" && *passages == "" {
			return cli.Usagef("-apikey: the key is for ChatNoir's search, which needs -passages")
		}
		return nil
	})
	return c.Run(args, func([]string) (err error) {
		// Listen first: a bad -addr fails before the corpus is read.
		ln, err := net.Listen("tcp", *addr)
		if err != nil {
			return fmt.Errorf("-addr %s: %w", *addr, err)
		}
		defer ln.Close() // Serve closes it too
		input := in.Input(stderr)
		input.K = maxPairs
		env, err := system.Open(ctx, input)
		if err != nil {
			return stopped(ctx, err, stderr)
		}
		defer func() {
			if cerr := env.Close(); err == nil {
				err = cerr
			}
		}()
		e, err := newEngine(ctx, env)
		if err != nil {
			return stopped(ctx, err, stderr)
		}
		api, err := newAPI(ctx, e, apiConfig{limit: *limit, passages: *passages, apikey: *apikey})
		if err != nil {
			return stopped(ctx, err, stderr)
		}
		defer func() {
			if cerr := api.close(); err == nil {
				err = cerr
			}
		}()
		fmt.Fprintf(stderr, "serve: %d arguments of %s; searches at once: %d%s (Ctrl-C stops)\n", e.store.NumArguments(), env.Name, *limit, api.describe())
		h := servedHosts(*addr, ln.Addr()).check(handler(e, api, env.Name))
		if err := serve(ctx, h, ln, shutdownGrace, stdout, stderr, ready); err != nil {
			return err
		}
		fmt.Fprintln(stderr, "serve: stopped")
		return nil
	})
}

// stopped returns err, or nil when ctx was cancelled (a stop before the
// server served), after saying so on stderr.
func stopped(ctx context.Context, err error, stderr io.Writer) error {
	if ctx.Err() != nil {
		fmt.Fprintln(stderr, "serve: stopped before serving")
		return nil
	}
	return err
}

// checkAddr checks that -addr is HOST:PORT, and a loopback address unless
// public: a loopback IP, or localhost. Another name is not resolved, so
// it needs public too.
func checkAddr(addr string, public bool) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return cli.Usagef("-addr %q: want HOST:PORT (%v)", addr, err)
	}
	if public {
		return nil
	}
	if ip := net.ParseIP(host); host == "localhost" || ip != nil && ip.IsLoopback() {
		return nil
	}
	what := "not a loopback address"
	if host == "" {
		what = "every address of this machine"
	}
	return cli.Usagef("-addr %s is %s: other machines could search; give -public too to serve them", addr, what)
}

// inputFlags defines -i, -sample, -cache and -quiet as cli.SystemFlags
// defines them for the other commands, without their -o and -workers,
// which a server has no use for.
func inputFlags(c *cli.Command) *cli.SystemFlags {
	f := new(cli.SystemFlags)
	all := cli.New(c.Name, "", "", io.Discard, io.Discard)
	f.RegisterInput(all, c.Name)
	for _, name := range []string{"i", "sample", "cache", "quiet"} {
		fl := all.Flags.Lookup(name)
		c.Flags.Var(fl.Value, name, fl.Usage)
	}
	c.Check(func() error {
		if f.Sample != 2021 && f.Sample != 2022 {
			return cli.Usagef("-sample %d, want 2021 to 2022", f.Sample)
		}
		return nil
	})
	return f
}
