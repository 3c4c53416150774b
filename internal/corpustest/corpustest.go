// Package corpustest generates synthetic args.me corpora in the Touché 2022
// processed CSV format (args_processed.csv), deterministically from a seed
// and at any size, for tests and benchmarks.
//
// The output has the format and the statistics of the real file:
//   - header id,conclusion,premises,context,sentences; rows written as
//     Python's csv.writer writes them (QUOTE_MINIMAL, "\r\n" row ends,
//     newlines kept inside quoted fields); the premises, context and
//     sentences columns are Python repr literals, as in the official file;
//   - at full scale 365,408 arguments and about 5.69 million sentences
//     (the real file has 5,690,642), grouped into debates that share a
//     conclusion, source and context;
//   - a heavy-tailed (log-normal) number of sentences per argument, and about
//     20 whitespace-separated tokens per sentence, also log-normal;
//   - a Zipf–Mandelbrot vocabulary of real English words (with their
//     inflections) and pronounceable pseudo-words;
//   - duplicate sentences across arguments: debate boilerplate
//     ("Thank you for accepting this debate."), exact copies, copies that
//     differ only in case, spacing or punctuation, whole repeated arguments,
//     and the conclusion shared by every argument of a debate;
//   - apostrophes, double and typographic quotes, backslashes, newlines,
//     tabs, non-ASCII letters, emoji, invisible and control characters
//     inside texts;
//   - a context.sourceText of 2–40 KB for a fraction of the debates.
//
// Argument ids look like the real ones, S<hex>-A<hex> with up to eight hex
// digits each (leading zeros dropped, as in the real ids). Sentence ids are
// <id>__PREMISE__k from 1 and <id>__CONC__1; as in the official
// preprocessing, sentences of fewer than two whitespace-separated tokens are
// left out of the sentences column (so a one-word conclusion has no
// conclusion sentence) but stay in the premise text.
//
// Nothing here is package-level state: everything derives from Config.Seed,
// using math/rand/v2's PCG.
package corpustest

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strconv"

	"github.com/argsearch/argsearch/internal/pylit"
)

// The size of the real args.me processed corpus (Touché 2022).
const (
	FullArguments = 365408
	FullSentences = 5690642
)

// Config says what corpus to generate. The zero value generates a
// full-scale corpus with seed 0.
type Config struct {
	// Arguments is the number of arguments (CSV rows). Zero means
	// FullArguments.
	Arguments int
	// Seed selects the corpus. The same Config always gives byte-identical
	// output with the same Go release and architecture (floating-point
	// functions and math/rand/v2's derived methods are not promised to give
	// the same bits across them). The vocabulary and the queries depend on the seed only, so a
	// smaller corpus shares them with a larger one.
	Seed int64
	// SentencesPerArgument is the mean number of sentences per argument,
	// the conclusion sentence included. Zero means
	// FullSentences/FullArguments (about 15.57).
	SentencesPerArgument float64
	// TokensPerSentence is the mean number of whitespace-separated tokens
	// per sentence. Zero means 20.
	TokensPerSentence float64
	// SourceTextRate is the fraction of debates whose arguments carry a
	// context.sourceText. Zero means 0.03; a negative value means none.
	SourceTextRate float64
	// Vocabulary is the number of pseudo-words in the vocabulary, besides
	// the real words. Zero means 300,000.
	Vocabulary int
}

func (c Config) withDefaults() Config {
	if c.Arguments == 0 {
		c.Arguments = FullArguments
	}
	if c.SentencesPerArgument == 0 {
		c.SentencesPerArgument = float64(FullSentences) / FullArguments
	}
	if c.TokensPerSentence == 0 {
		c.TokensPerSentence = realTokenMean
	}
	if c.SourceTextRate == 0 {
		c.SourceTextRate = 0.03
	}
	if c.Vocabulary == 0 {
		c.Vocabulary = 300000
	}
	return c
}

func (c Config) validate() error {
	switch {
	case c.Arguments < 0:
		return fmt.Errorf("corpustest: Arguments %d < 0", c.Arguments)
	case c.SentencesPerArgument < 1.5 || c.SentencesPerArgument > 1000 || math.IsNaN(c.SentencesPerArgument):
		return fmt.Errorf("corpustest: SentencesPerArgument %v outside [1.5, 1000]", c.SentencesPerArgument)
	case c.TokensPerSentence < 4 || c.TokensPerSentence > 150 || math.IsNaN(c.TokensPerSentence):
		return fmt.Errorf("corpustest: TokensPerSentence %v outside [4, 150]", c.TokensPerSentence)
	case c.SourceTextRate > 1 || math.IsNaN(c.SourceTextRate):
		return fmt.Errorf("corpustest: SourceTextRate %v > 1", c.SourceTextRate)
	case c.Vocabulary < 1000:
		return fmt.Errorf("corpustest: Vocabulary %d < 1000", c.Vocabulary)
	}
	return nil
}

// Stats describes a generated corpus.
type Stats struct {
	Arguments int
	// Debates counts the groups of consecutive arguments that share a
	// conclusion, a source and a context.
	Debates int
	// Sentences counts the entries of the sentences columns.
	Sentences int64
	// Tokens counts the whitespace-separated tokens (strings.Fields) of
	// the sentence texts.
	Tokens int64
	// Bytes is the size of the CSV output.
	Bytes int64
}

// Seeds of the independent random streams.
const (
	streamVocab   = 0x766f636162756c61
	streamCorpus  = 0x636f72707573636f
	streamQueries = 0x7175657269657321
)

// Write writes a corpus in the processed CSV format to w and returns its
// statistics. It checks ctx between debates.
func Write(ctx context.Context, w io.Writer, c Config) (Stats, error) {
	c = c.withDefaults()
	if err := c.validate(); err != nil {
		return Stats{}, err
	}
	g := newGenerator(c)
	bw := bufio.NewWriterSize(w, 1<<20)
	var st Stats
	n, err := bw.WriteString("id,conclusion,premises,context,sentences\r\n")
	st.Bytes += int64(n)
	if err != nil {
		return st, fmt.Errorf("corpustest: %w", err)
	}
	for st.Arguments < c.Arguments {
		if err := ctx.Err(); err != nil {
			return st, err
		}
		k := int(lognormal(g.rng, debateMu, debateSigma) + 0.5)
		k = max(1, min(k, maxDebate, c.Arguments-st.Arguments))
		if err := g.debate(bw, k, &st); err != nil {
			return st, fmt.Errorf("corpustest: %w", err)
		}
	}
	if err := bw.Flush(); err != nil {
		return st, fmt.Errorf("corpustest: %w", err)
	}
	return st, nil
}

type generator struct {
	c          Config
	rng        *rand.Rand
	v          *vocab
	nastyTotal float64
	tokensMu   float64 // log-normal location of the tokens per generated sentence
	premiseMu  float64 // log-normal location of the premise sentences per argument

	recent     []sent   // recent sentences, sources of copies
	recentPos  int      //
	recentArgs [][]sent // recent arguments' sentences, sources of argument copies
	sources    map[uint32]bool

	words []string // scratch
	text  []byte   // scratch
	repr  []byte   // scratch
	row   []byte   // scratch
}

func newGenerator(c Config) *generator {
	seed := uint64(c.Seed)
	g := &generator{
		c:       c,
		rng:     rand.New(rand.NewPCG(seed, streamCorpus)),
		v:       newVocab(rand.New(rand.NewPCG(seed, streamVocab)), c.Vocabulary),
		sources: map[uint32]bool{},
	}
	for _, n := range nasties {
		g.nastyTotal += n.p
	}
	// The generated sentences are longer than the mean, to make up for the
	// short boilerplate and conclusion sentences.
	share := 1 - boilerplateRate
	conclusionShare := 1 / c.SentencesPerArgument
	gen := (c.TokensPerSentence - boilerplateRate*boilerplateMean - conclusionShare*conclusionMean) / (share - conclusionShare)
	gen *= tokenScale
	g.tokensMu = math.Log(gen) - tokensSigma*tokensSigma/2
	// Premise sentences: the mean minus the conclusion sentence (present
	// for about 90% of arguments), made up for rounding and clamping.
	prem := c.SentencesPerArgument - 0.9
	g.premiseMu = math.Log(prem*premiseScale) - sentencesSigma*sentencesSigma/2
	return g
}

// premiseScale corrects the mean of the rounded, clamped log-normal number
// of premise sentences and the boilerplate sentences of one token, which are
// dropped (calibrated at full scale).
const premiseScale = 1.0

// tokenScale corrects the mean tokens per sentence for the rounding and
// clamping of the log-normal and for the tokens nasties add (calibrated at
// full scale).
const tokenScale = 0.993

type domain struct {
	name string
	p    float64
}

// Shares of the args.me source portals.
var domains = []domain{
	{"debate.org", 0.872},
	{"debatepedia.org", 0.055},
	{"debatewise.org", 0.037},
	{"idebate.org", 0.034},
	{"parliament", 0.002},
}

type generatedArgument struct {
	id        string
	stance    string
	premise   string
	sentences []sent
}

// A debateSource is what every argument of one debate shares: its
// conclusion and the source it was crawled from.
type debateSource struct {
	conclusion           string
	conclusionTokens     int
	conclusionIsSentence bool
	acquired, id         string // acquisition time; the sourceId
	title, sourceTitle   string
	domain, url          string
	noTitle              bool   // sourceTitle is None
	hasText              bool   // the arguments carry a sourceText
	text                 string // the sourceText
}

// debate generates k arguments of one debate and writes them to w. The
// order of its steps fixes the order of the random draws, and so the file.
func (g *generator) debate(w *bufio.Writer, k int, st *Stats) error {
	ids := g.argumentIDs(k)
	src := g.source(g.conclusion())
	args := g.arguments(ids)
	if src.hasText = g.rng.Float64() < g.c.SourceTextRate; src.hasText {
		src.text = g.sourceText(&src, args)
	}
	for j, a := range args {
		if err := g.writeArgument(w, &src, a, j, k, st); err != nil {
			return err
		}
	}
	st.Debates++
	return nil
}

// argumentIDs draws a source id not used before and k distinct argument
// ids within it.
func (g *generator) argumentIDs(k int) []string {
	rng := g.rng
	var src uint32
	for {
		src = rng.Uint32()
		if !g.sources[src] {
			g.sources[src] = true
			break
		}
	}
	prefix := "S" + strconv.FormatUint(uint64(src), 16) + "-A"
	ids := make([]string, 0, k)
	seen := map[uint32]bool{}
	for len(ids) < k {
		a := rng.Uint32()
		if !seen[a] {
			seen[a] = true
			ids = append(ids, prefix+strconv.FormatUint(uint64(a), 16))
		}
	}
	return ids
}

// source draws the source of a debate with the given conclusion: its
// acquisition time, id, domain, URL and title.
func (g *generator) source(conclusion string) debateSource {
	rng := g.rng
	src := debateSource{conclusion: conclusion, conclusionTokens: countFields(conclusion)}
	src.conclusionIsSentence = src.conclusionTokens >= 2
	src.acquired = fmt.Sprintf("2019-04-%02dT%02d:%02d:%02dZ", 17+rng.IntN(3), rng.IntN(24), rng.IntN(60), rng.IntN(60))
	src.id = fmt.Sprintf("%08x-%s", rng.Uint32(), src.acquired)
	title := flatten(conclusion)
	src.title = title
	dom := domains[len(domains)-1].name
	u := rng.Float64()
	for _, d := range domains {
		if u < d.p {
			dom = d.name
			break
		}
		u -= d.p
	}
	src.domain = dom
	slug := slugify(title)
	switch dom {
	case "debate.org":
		src.url = "https://www.debate.org/debates/" + slug + "/" + itoa(1+rng.IntN(3)) + "/"
		src.sourceTitle = "Debate Argument: " + title + " | Debate.org"
	case "debatepedia.org":
		src.url = "http://www.debatepedia.org/en/index.php/Debate:_" + slug
		src.sourceTitle = "Debate: " + title + " - Debatepedia"
	case "debatewise.org":
		src.url = "https://debatewise.org/debates/" + itoa(100+rng.IntN(9900)) + "-" + slug + "/"
		src.sourceTitle = title + " - DebateWise"
	case "idebate.org":
		src.url = "https://idebate.org/debatabase/" + slug
		src.sourceTitle = title + " | idebate.org"
	default:
		src.url = "https://www.parliament.uk/business/debates/" + itoa(rng.IntN(100000))
		src.sourceTitle = title
	}
	src.noTitle = rng.Float64() < 0.05
	return src
}

// arguments draws the stance and the premise of each argument: a copy of a
// recent argument's sentences, or new ones.
func (g *generator) arguments(ids []string) []generatedArgument {
	rng := g.rng
	args := make([]generatedArgument, len(ids))
	for j := range args {
		a := &args[j]
		a.id = ids[j]
		a.stance = "PRO"
		if (j%2 == 1) != (rng.Float64() < 0.1) {
			a.stance = "CON"
		}
		texts := g.premiseSentences()
		sep := " "
		if rng.Float64() < 0.05 {
			sep = pick(rng, []string{"\n", "\r\n", "\n\n", "  "})
		}
		b := g.text[:0]
		for i, t := range texts {
			if i > 0 {
				b = append(b, sep...)
			}
			b = append(b, t.text...)
			if t.tokens >= 2 {
				a.sentences = append(a.sentences, t)
			}
		}
		a.premise = string(b)
		g.text = b[:0]
	}
	return args
}

// premiseSentences returns the sentences of one premise: a recent
// argument's (an exact copy), or new ones, which may replace a recent
// argument.
func (g *generator) premiseSentences() []sent {
	rng := g.rng
	if len(g.recentArgs) > 0 && rng.Float64() < argumentCopy {
		return g.recentArgs[rng.IntN(len(g.recentArgs))]
	}
	m := int(lognormal(rng, g.premiseMu, sentencesSigma) + 0.5)
	m = max(1, min(m, maxSentences))
	texts := make([]sent, m)
	for i := range texts {
		texts[i] = g.sentence()
	}
	if len(g.recentArgs) < recentArguments {
		g.recentArgs = append(g.recentArgs, texts)
	} else if rng.Float64() < 0.05 {
		g.recentArgs[rng.IntN(recentArguments)] = texts
	}
	return texts
}

// sourceText draws the page a debate was crawled from: its title, the
// arguments' premises by stance, then new sentences up to a length drawn
// log-uniformly.
func (g *generator) sourceText(src *debateSource, args []generatedArgument) string {
	rng := g.rng
	target := int(math.Exp(math.Log(sourceTextMin) + rng.Float64()*math.Log(sourceTextMax/sourceTextMin)))
	b := fmt.Appendf(nil, "%s\n%s\nStarted by: %x\nRound 1\n", src.title, src.sourceTitle, rng.Uint32())
	for _, a := range args {
		if len(b) >= target {
			break
		}
		b = append(b, '\n')
		if a.stance == "PRO" {
			b = append(b, "Pro\n"...)
		} else {
			b = append(b, "Con\n"...)
		}
		b = append(b, a.premise...)
		b = append(b, '\n')
	}
	for len(b) < target {
		b = append(b, g.sentence().text...)
		b = append(b, ' ')
	}
	return string(b)
}

// writeArgument writes the j-th of the k arguments of a debate as one CSV
// row: id, conclusion, premises, context and sentences.
func (g *generator) writeArgument(w *bufio.Writer, src *debateSource, a generatedArgument, j, k int, st *Stats) error {
	r := g.row[:0]
	r = append(r, a.id...)
	r = append(r, ',')
	r = appendCSVField(r, src.conclusion)
	r = append(r, ',')

	p := append(g.repr[:0], "[{'text': "...)
	p = appendRepr(p, a.premise)
	p = append(p, ", 'stance': '"...)
	p = append(p, a.stance...)
	p = append(p, "', 'annotations': []}]"...)
	r = appendCSVField(r, p)
	r = append(r, ',')

	p = appendContext(p[:0], src, j, k)
	r = appendCSVField(r, p)
	r = append(r, ',')

	var n int
	p, n = appendSentences(p[:0], src, a, st)
	st.Sentences += int64(n)
	r = appendCSVField(r, p)
	r = append(r, '\r', '\n')
	g.repr, g.row = p, r
	m, err := w.Write(r)
	st.Bytes += int64(m)
	if err != nil {
		return err
	}
	st.Arguments++
	return nil
}

// appendContext appends the context column of the j-th of the k arguments
// of a debate, a Python dict literal.
func appendContext(p []byte, src *debateSource, j, k int) []byte {
	p = append(p, "{'sourceId': "...)
	p = appendRepr(p, src.id)
	p = append(p, ", 'previousArgumentInSourceId': "...)
	p = appendRepr(p, neighbour(src.id, j-1, k))
	p = append(p, ", 'acquisitionTime': "...)
	p = appendRepr(p, src.acquired)
	p = append(p, ", 'discussionTitle': "...)
	p = appendRepr(p, src.conclusion)
	p = append(p, ", 'sourceTitle': "...)
	if src.noTitle {
		p = append(p, "None"...)
	} else {
		p = appendRepr(p, src.sourceTitle)
	}
	p = append(p, ", 'sourceUrl': "...)
	p = appendRepr(p, src.url)
	p = append(p, ", 'nextArgumentInSourceId': "...)
	p = appendRepr(p, neighbour(src.id, j+1, k))
	p = append(p, ", 'sourceDomain': "...)
	p = appendRepr(p, src.domain)
	if src.hasText {
		p = append(p, ", 'sourceText': "...)
		p = appendRepr(p, src.text)
	}
	return append(p, '}')
}

// appendSentences appends the sentences column of an argument, a Python
// list literal of its premise sentences and its conclusion (when that is a
// sentence), and returns it with the number of sentences. It adds their
// tokens to st.
func appendSentences(p []byte, src *debateSource, a generatedArgument, st *Stats) ([]byte, int) {
	p = append(p, '[')
	n := 0
	add := func(kind string, k int, s sent) {
		if n > 0 {
			p = append(p, ", "...)
		}
		n++
		p = append(p, "{'sent_id': '"...)
		p = append(p, a.id...)
		p = append(p, "__"...)
		p = append(p, kind...)
		p = append(p, "__"...)
		p = strconv.AppendInt(p, int64(k), 10)
		p = append(p, "', 'sent_text': "...)
		p = appendRepr(p, s.text)
		p = append(p, '}')
		st.Tokens += int64(s.tokens)
	}
	for i, t := range a.sentences {
		add("PREMISE", i+1, t)
	}
	if src.conclusionIsSentence {
		add("CONC", 1, sent{src.conclusion, src.conclusionTokens})
	}
	return append(p, ']'), n
}

// neighbour returns the args.me id of the i-th argument of a source with k
// arguments, or "" outside it.
func neighbour(sourceID string, i, k int) string {
	if i < 0 || i >= k {
		return ""
	}
	return fmt.Sprintf("%s-%05d-000", sourceID, i)
}

// flatten replaces runs of whitespace with one space.
func flatten(s string) string {
	b := make([]byte, 0, len(s))
	space := false
	for _, r := range s {
		if r == ' ' || r == '\n' || r == '\r' || r == '\t' {
			space = true
			continue
		}
		if space && len(b) > 0 {
			b = append(b, ' ')
		}
		space = false
		b = append(b, string(r)...)
	}
	return string(b)
}

func slugify(title string) string {
	b := make([]byte, 0, len(title))
	for i := 0; i < len(title) && len(b) < 80; i++ {
		c := title[i]
		switch {
		case 'a' <= c && c <= 'z', '0' <= c && c <= '9':
			b = append(b, c)
		case 'A' <= c && c <= 'Z':
			b = append(b, c-'A'+'a')
		case c == ' ' && len(b) > 0 && b[len(b)-1] != '-':
			b = append(b, '-')
		}
	}
	return string(b)
}

// appendRepr appends Python's repr(s) to dst, as pylit.AppendString, with a
// fast path for printable ASCII.
func appendRepr(dst []byte, s string) []byte {
	single, double := false, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c < ' ' || c >= 0x7f || c == '\\':
			return pylit.AppendString(dst, s)
		case c == '\'':
			single = true
		case c == '"':
			double = true
		}
	}
	quote := byte('\'')
	switch {
	case single && double:
		return pylit.AppendString(dst, s)
	case single:
		quote = '"'
	}
	dst = append(dst, quote)
	dst = append(dst, s...)
	return append(dst, quote)
}

// appendCSVField appends f as Python's csv.writer writes a field with
// QUOTE_MINIMAL: quoted when it holds a comma, a double quote, "\r" or
// "\n", with double quotes doubled; otherwise as is.
func appendCSVField[T string | []byte](dst []byte, f T) []byte {
	quote := false
	for i := 0; i < len(f); i++ {
		switch f[i] {
		case ',', '"', '\r', '\n':
			quote = true
		}
		if quote {
			break
		}
	}
	if !quote {
		return append(dst, f...)
	}
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(f); i++ {
		if f[i] == '"' {
			dst = append(dst, f[start:i+1]...)
			dst = append(dst, '"')
			start = i + 1
		}
	}
	dst = append(dst, f[start:]...)
	return append(dst, '"')
}
