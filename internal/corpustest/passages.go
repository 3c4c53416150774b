package corpustest

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// FullPassages is the size of the Touché 2022 Task 2 passage corpus
// (touche-task2-passages-version-002.jsonl).
const FullPassages = 868655

// Seed streams of the passage corpus and its topics.
const (
	streamPassages = 0x7061737361676573
	streamTopics2  = 0x746f706963733221
)

// passageTokens is the whitespace tokens a generated passage is filled to
// (the page's last passage is shorter). The official passages were cut at
// sentence boundaries to about 250 terms (TREC CAsT's tools); 132 of the
// generator's tokens give the official file's size, 938,327,844 bytes for
// 868,655 passages, about 1,080 bytes a line.
const passageTokens = 132

// comparativeRate is the share of passage sentences that compare two topic
// objects ("X is faster than Y"), so that retrieval and stance tagging have
// something to find.
const comparativeRate = 0.04

// ComparativeTopic is a generated Task 2 topic: a title such as "Which is
// better, a kettle or a toaster?" and its two objects.
type ComparativeTopic struct {
	Title   string
	Objects [2]string
}

// ComparativeTopics returns NumQueries Task 2 topics for a corpus generated
// with c: two distinct nouns of the corpus vocabulary each, in a few title
// templates. They depend on c.Seed and c.Vocabulary only.
func ComparativeTopics(c Config) []ComparativeTopic {
	c = c.withDefaults()
	seed := uint64(c.Seed)
	v := newVocab(rand.New(rand.NewPCG(seed, streamVocab)), c.Vocabulary)
	rng := rand.New(rand.NewPCG(seed, streamTopics2))
	templates := []string{
		"Which is better, %s or %s?",
		"Should I buy %s or %s?",
		"What is better: %s or %s?",
		"Is %s better than %s?",
		"What are the advantages of %s over %s?",
	}
	out := make([]ComparativeTopic, 0, NumQueries)
	seen := map[string]bool{}
	nouns := v.nouns[:min(len(v.nouns), 3000)]
	for len(out) < NumQueries {
		a, b := pick(rng, nouns), pick(rng, nouns)
		if a == b || seen[a] || seen[b] {
			continue
		}
		seen[a], seen[b] = true, true
		out = append(out, ComparativeTopic{Title: fmt.Sprintf(pick(rng, templates), a, b), Objects: [2]string{a, b}})
	}
	return out
}

// WriteTopics writes topics as a Task 2 topic file, numbered from 1.
func WriteTopics(w io.Writer, topics []ComparativeTopic) error {
	var b strings.Builder
	b.WriteString("<topics>\n")
	for i, t := range topics {
		fmt.Fprintf(&b, "<topic>\n<number>%d</number>\n<title>%s</title>\n<objects>%s, %s</objects>\n<description>A user compares %s and %s.</description>\n<narrative>Relevant passages compare %s and %s.</narrative>\n</topic>\n",
			i+1, xmlEscape(t.Title), xmlEscape(t.Objects[0]), xmlEscape(t.Objects[1]), xmlEscape(t.Objects[0]), xmlEscape(t.Objects[1]), xmlEscape(t.Objects[0]), xmlEscape(t.Objects[1]))
	}
	b.WriteString("</topics>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func xmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}

// WritePassages writes n passages (0 means FullPassages) in the format of
// touche-task2-passages-version-002.jsonl: one JSON object per line with
// "id" (clueweb12-XXXXwb-XX-XXXXX___k, the passages of a page numbered from
// 1), "contents" (sentences of the args.me generator joined up to
// passageTokens, with their quotes, backslashes, newlines, tabs, control characters,
// non-ASCII letters, emoji and lone surrogates) and "chatNoirUrl". Strings are
// escaped as Python's json.dumps escapes them by default (ensure_ascii):
// every non-ASCII character as \uXXXX, astral ones as surrogate pairs. A
// share of the sentences compare the two objects of a topic of
// ComparativeTopics(c) with a comparative adjective. The output depends on
// c.Seed, c.Vocabulary and n only. It returns the bytes written.
func WritePassages(ctx context.Context, w io.Writer, c Config, n int) (int64, error) {
	if n == 0 {
		n = FullPassages
	}
	if n < 0 {
		return 0, fmt.Errorf("corpustest: %d passages", n)
	}
	c = c.withDefaults()
	if err := c.validate(); err != nil {
		return 0, err
	}
	g := newGenerator(c)
	g.rng = rand.New(rand.NewPCG(uint64(c.Seed), streamPassages))
	topics := ComparativeTopics(c)
	bw := bufio.NewWriterSize(w, 1<<20)
	var written int64
	var line []byte
	page, k := 0, 0
	pageLen := 0
	var text strings.Builder
	for i := range n {
		if i%4096 == 0 && ctx.Err() != nil {
			return written, ctx.Err()
		}
		if k >= pageLen { // a new page of 1 to ~40 passages
			page++
			k = 0
			pageLen = 1 + int(lognormal(g.rng, 2.0, 1.0))
		}
		k++
		text.Reset()
		want := passageTokens
		if k == pageLen { // a page's last passage is shorter
			want = 20 + g.rng.IntN(passageTokens)
		}
		for tokens := 0; tokens < want; {
			var s string
			if g.rng.Float64() < comparativeRate {
				s = comparativeSentence(g.rng, g.v, topics[g.rng.IntN(len(topics))])
			} else {
				s = g.sentence().text
			}
			if text.Len() > 0 {
				text.WriteByte(' ')
			}
			text.WriteString(s)
			tokens += countFields(s)
		}
		id := fmt.Sprintf("clueweb12-%04dwb-%02d-%05d___%d", page/100000%10000, page/1000%100, page%100000, k)
		line = append(line[:0], `{"id": `...)
		line = appendPyJSON(line, id)
		line = append(line, `, "contents": `...)
		line = appendPyJSON(line, text.String())
		line = append(line, `, "chatNoirUrl": `...)
		line = appendPyJSON(line, "https://chatnoir.eu/cache?uuid="+pseudoUUID(g.rng)+"&index=cw12&raw")
		line = append(line, "}\n"...)
		m, err := bw.Write(line)
		written += int64(m)
		if err != nil {
			return written, err
		}
	}
	return written, bw.Flush()
}

var comparatives = [][2]string{
	{"better", "worse"}, {"faster", "slower"}, {"cheaper", "more expensive"}, {"easier", "harder"},
	{"more reliable", "less reliable"}, {"superior to", "inferior to"},
}

// comparativeSentence says that one object of t is better or worse than the
// other.
func comparativeSentence(rng *rand.Rand, v *vocab, t ComparativeTopic) string {
	a, b := t.Objects[0], t.Objects[1]
	if rng.IntN(2) == 0 {
		a, b = b, a
	}
	adj := comparatives[rng.IntN(len(comparatives))][rng.IntN(2)]
	than := " than "
	if strings.HasSuffix(adj, " to") {
		than = " "
	}
	return capitalize(a) + " is " + adj + than + b + " because of the " + v.word(rng) + "."
}

// pseudoUUID returns 32 hex digits in UUID form.
func pseudoUUID(rng *rand.Rand) string {
	const hex = "0123456789abcdef"
	b := make([]byte, 0, 36)
	for i := range 32 {
		if i == 8 || i == 12 || i == 16 || i == 20 {
			b = append(b, '-')
		}
		b = append(b, hex[rng.IntN(16)])
	}
	return string(b)
}

// appendPyJSON appends s as a JSON string the way Python's json.dumps writes
// it with ensure_ascii: ASCII as is (but '"', '\\' and control characters
// escaped), everything else as \uXXXX. Invalid UTF-8 bytes are written as
// lone surrogates (\udcXX, Python's surrogateescape), which JSON readers
// decode to U+FFFD.
func appendPyJSON(dst []byte, s string) []byte {
	dst = append(dst, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch c {
			case '"':
				dst = append(dst, `\"`...)
			case '\\':
				dst = append(dst, `\\`...)
			case '\n':
				dst = append(dst, `\n`...)
			case '\r':
				dst = append(dst, `\r`...)
			case '\t':
				dst = append(dst, `\t`...)
			case '\b':
				dst = append(dst, `\b`...)
			case '\f':
				dst = append(dst, `\f`...)
			default:
				if c < 0x20 {
					dst = appendU(dst, rune(c))
				} else {
					dst = append(dst, c)
				}
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			dst = appendU(dst, 0xdc00+rune(c))
		case r > 0xffff:
			r1, r2 := utf16.EncodeRune(r)
			dst = appendU(appendU(dst, r1), r2)
		default:
			dst = appendU(dst, r)
		}
		i += size
	}
	return append(dst, '"')
}

func appendU(dst []byte, r rune) []byte {
	dst = append(dst, `\u`...)
	h := strconv.FormatInt(int64(r), 16)
	for range 4 - len(h) {
		dst = append(dst, '0')
	}
	return append(dst, h...)
}
