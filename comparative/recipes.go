package comparative

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode"

	"github.com/argsearch/argsearch/comparative/internal/tagging"
	"github.com/argsearch/argsearch/internal/textfeat"
	"github.com/argsearch/argsearch/retrieval"
	"github.com/argsearch/argsearch/retrieval/lexical"
	"github.com/argsearch/argsearch/semantic"
	"github.com/argsearch/argsearch/topics"
)

// Resources are what the Task 2 recipes are built from: the index of the
// passages, their texts, the stance tagger, the argumentativeness scorer and
// the encoder. FindRecipe takes them.
type Resources struct {
	// Index holds the passages, each indexed as one document of the
	// sentence unit (a corpus.Argument of one sentence; see ReadPassages). Each recipe searches it with its
	// team's scoring (Index.With), without re-indexing.
	Index *lexical.Index
	// Text returns a passage's text by id (for the re-rankers and the
	// tagger).
	Text func(id string) (string, bool)
	// Tagger gives the stances of the recipes that detect stance; nil
	// writes Q0.
	Tagger *Tagger
	// Arguments scores how argumentative a sentence is, in [0, 1]
	// (classify.ArgumentModel from models.Argumentative): Grimjack's
	// argument and quality axioms. Nil leaves those axioms out.
	Arguments interface{ Score(text string) float64 }
	// Encoder encodes texts for Captain Levi's re-ranking (for example
	// use.Load()); nil leaves the re-ranking out.
	Encoder semantic.Encoder
}

// FindRecipe returns one of the Task 2 systems of Touché 2022, as far as the
// library can build it, by name:
//
//	baseline   Puss in Boots, the organisers' baseline: BM25 (k1 0.9, b 0.4, Pyserini's
//	           defaults) over the passages with the title as query; stance by Resources.Tagger
//	           (the official baseline wrote NO everywhere).
//	tempesta   Captain Tempesta (hextech_run_1): BM25 (k1 1.2, b 0.75) with the title
//	           without stop words, the score multiplied by a hand-weighted quality of the
//	           passage's words (non-informative symbols, long against short words,
//	           adjectives, comparative adjectives). Substitutes: the index's analyzer for
//	           the Lovins stemmer and their brand-name casing; adjectives found by suffix and
//	           a word list instead of a POS tagger; our weights, not theirs. No stance (the
//	           team detected none).
//	grimjack   Grimjack (grimjack-fair-reranking-argumentative-axioms): Dirichlet LM
//	           (μ 1000) top 100 for the title, the top 10 re-ranked by axioms that prefer
//	           passages with more argumentative sentences, with query terms earlier in
//	           them, with more mentions of the comparison objects and with an earlier
//	           first mention, and of higher argument quality, then ordered "fairly" by
//	           stance (FIRST, SECOND, NEUTRAL in turn). Substitutes: Resources.Arguments (the
//	           library's argumentativeness model) for TARGER's premises and claims and for
//	           IBM Project Debater's quality; Resources.Tagger for Debater's stance; the axioms'
//	           preferences summed (Copeland) instead of ir_axioms' KwikSort.
//	levi       Captain Levi (levirank_psuedo_relevance_feedback+voting): BM25 (k1 1.2,
//	           b 0.68) top 100 for the title, the title without stop words, the objects
//	           and aspects, and the title with RM3 feedback, fused by reciprocal rank
//	           ("voting"), re-ranked by the cosine of Resources.Encoder's vectors of title and
//	           passage; stance by Resources.Tagger. Substitutes: the encoder (USE-lite) for
//	           monoT5 and duoT5, Resources.Tagger for RoBERTa-large-MNLI, RM3 for their PRF,
//	           the objects-and-aspects query for their WordNet synonyms and docT5query
//	           queries.
//
// Recipes the library cannot build: Aldo Nadi (IBM Project Debater quality
// scores and the docT5query-expanded corpus field), Katana (ColBERT), Asuna
// (LexRank summaries, TARGER, Waterloo spam ranks and a random forest
// trained on 2020/2021 judgments of ClueWeb12 documents), Olivier Armstrong
// (RoBERTa object/aspect extraction and SBERT similarity).
func FindRecipe(name string, r Resources) (Pipeline, error) {
	if r.Index == nil {
		return Pipeline{}, fmt.Errorf("comparative: recipe %s: no index", name)
	}
	with := func(s lexical.Scoring) (*lexical.Index, error) {
		return r.Index.With(lexical.Ranking{Unit: "sentence", Scoring: s})
	}
	switch name {
	case "baseline":
		x, err := with(lexical.Scoring{Model: "bm25", K1: 0.9, B: 0.4})
		if err != nil {
			return Pipeline{}, fmt.Errorf("comparative: recipe %s: %w", name, err)
		}
		return Pipeline{Tag: "argsearch-t2-baseline", First: x, Tagger: r.Tagger, Text: r.Text}, nil
	case "tempesta":
		x, err := with(lexical.Scoring{Model: "bm25", K1: 1.2, B: 0.75})
		if err != nil {
			return Pipeline{}, fmt.Errorf("comparative: recipe %s: %w", name, err)
		}
		return Pipeline{
			Tag:     "argsearch-t2-tempesta",
			First:   x,
			Queries: func(t topics.Topic) []retrieval.Query { return queryVariants(t)[1:2] },
			Depth:   1000,
			Then:    []func(context.Context, topics.Topic, []retrieval.Hit) ([]retrieval.Hit, error){rescore(r.Text, wordQuality)},
		}, nil
	case "grimjack":
		x, err := with(lexical.Scoring{Model: "dirichlet", Mu: 1000})
		if err != nil {
			return Pipeline{}, fmt.Errorf("comparative: recipe %s: %w", name, err)
		}
		return Pipeline{
			Tag:    "argsearch-t2-grimjack",
			First:  x,
			Depth:  100,
			Then:   []func(context.Context, topics.Topic, []retrieval.Hit) ([]retrieval.Hit, error){axiomatic(r, 10)},
			Tagger: r.Tagger,
			Text:   r.Text,
			Fair:   10,
		}, nil
	case "levi":
		x, err := with(lexical.Scoring{Model: "bm25", K1: 1.2, B: 0.68})
		if err != nil {
			return Pipeline{}, fmt.Errorf("comparative: recipe %s: %w", name, err)
		}
		prf, err := x.With(lexical.Ranking{Unit: "sentence", Scoring: x.Ranking().Scoring, PRF: lexical.PRF{Method: "rm3"}})
		if err != nil {
			return Pipeline{}, fmt.Errorf("comparative: recipe %s: %w", name, err)
		}
		first := retrieval.RetrieverFunc(func(ctx context.Context, q retrieval.Query, k int) ([]retrieval.Hit, error) {
			if strings.HasPrefix(q.ID, prfMark) {
				q.ID = strings.TrimPrefix(q.ID, prfMark)
				return prf.Retrieve(ctx, q, k)
			}
			return x.Retrieve(ctx, q, k)
		})
		s := Pipeline{
			Tag:   "argsearch-t2-levi",
			First: first,
			Queries: func(t topics.Topic) []retrieval.Query {
				v := queryVariants(t)
				p := v[0]
				p.ID = prfMark + p.ID
				return []retrieval.Query{v[0], v[1], v[3], p}
			},
			Depth:  100,
			Tagger: r.Tagger,
			Text:   r.Text,
		}
		if r.Encoder != nil {
			s.Then = append(s.Then, similarity(r.Encoder, r.Text))
		}
		return s, nil
	}
	return Pipeline{}, fmt.Errorf("comparative: no recipe %q (baseline, tempesta, grimjack, levi)", name)
}

// prfMark marks the query variant that Captain Levi's recipe searches with
// feedback.
const prfMark = "prf:"

// text returns a passage's text or an error.
func text(get func(string) (string, bool), id string) (string, error) {
	if get == nil {
		return "", fmt.Errorf("no Resources.Text for passage %s", id)
	}
	t, ok := get(id)
	if !ok {
		return "", fmt.Errorf("passage %s has no text", id)
	}
	return t, nil
}

// rescore multiplies every hit's score by f of its text.
func rescore(get func(string) (string, bool), f func(string) float64) func(context.Context, topics.Topic, []retrieval.Hit) ([]retrieval.Hit, error) {
	return func(ctx context.Context, _ topics.Topic, hits []retrieval.Hit) ([]retrieval.Hit, error) {
		out := slices.Clone(hits)
		for i := range out {
			t, err := text(get, out[i].ID)
			if err != nil {
				return nil, err
			}
			out[i].Score *= f(t)
		}
		slices.SortFunc(out, retrieval.CompareHits)
		return out, ctx.Err()
	}
}

// wordQuality is Captain Tempesta's kind of passage quality: a hand-weighted
// sum of word statistics, in [0.1, 2].
func wordQuality(text string) float64 {
	var words, long, short, adjectives, comparatives, symbols int
	for _, f := range strings.Fields(text) {
		letters := 0
		for _, r := range f {
			if unicode.IsLetter(r) {
				letters++
			}
		}
		if letters == 0 || strings.ContainsAny(f, "#@") || strings.HasPrefix(f, "http") {
			symbols++
			continue
		}
		words++
		w := strings.ToLower(strings.TrimFunc(f, func(r rune) bool { return !unicode.IsLetter(r) }))
		if letters > 4 {
			long++
		} else {
			short++
		}
		if isAdjective(w) {
			adjectives++
		}
		if tagging.IsComparative(w) || (strings.HasSuffix(w, "er") && isAdjective(strings.TrimSuffix(w, "er")+"y")) {
			comparatives++
		}
	}
	if words == 0 {
		return 0.1
	}
	n := float64(words + symbols)
	q := 1 + 0.5*float64(long-short)/n + 1.0*float64(adjectives)/n + 2.0*float64(comparatives)/n - 1.5*float64(symbols)/n
	return math.Max(0.1, math.Min(2, q))
}

// isAdjective guesses from common adjective suffixes.
func isAdjective(w string) bool {
	if len(w) < 5 {
		return false
	}
	for _, suf := range []string{"able", "ible", "ful", "ous", "ive", "less", "ical", "ish", "ent", "ant", "ic", "al", "y"} {
		if strings.HasSuffix(w, suf) {
			return true
		}
	}
	return false
}

// axiomatic re-ranks the first n hits by the sum of pairwise axiom
// preferences (each hit's wins minus losses), keeping the order for ties and
// the hits after n as they are.
func axiomatic(res Resources, n int) func(context.Context, topics.Topic, []retrieval.Hit) ([]retrieval.Hit, error) {
	return func(ctx context.Context, t topics.Topic, hits []retrieval.Hit) ([]retrieval.Hit, error) {
		n := min(n, len(hits))
		if n == 0 {
			return hits, nil
		}
		type feat struct {
			args, quality           float64
			firstQuery, firstObject int
			objectMentions          int
		}
		feats := make([]feat, n)
		heads := make([]string, 0, 2)
		for _, o := range t.Objects {
			if h := tagging.ObjectHead(o); h != "" {
				heads = append(heads, h)
			}
		}
		qterms := map[string]bool{}
		for _, w := range textfeat.Tokenize(nil, t.Title) {
			if !textfeat.IsPunct(w) && !textfeat.IsStopword(w) {
				qterms[textfeat.Stem(w)] = true
			}
		}
		for i := range n {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			txt, err := text(res.Text, hits[i].ID)
			if err != nil {
				return nil, err
			}
			f := feat{firstQuery: math.MaxInt, firstObject: math.MaxInt}
			toks := textfeat.Tokenize(nil, txt)
			for j, tok := range toks {
				st := textfeat.Stem(tok)
				if qterms[st] && f.firstQuery == math.MaxInt {
					f.firstQuery = j
				}
				if slices.Contains(heads, st) {
					f.objectMentions++
					f.firstObject = min(f.firstObject, j)
				}
			}
			if res.Arguments != nil {
				sum, count := 0.0, 0
				for _, s := range splitSentences(txt) {
					sc := res.Arguments.Score(s)
					sum += sc
					count++
					if sc >= 0.5 {
						f.args++
					}
				}
				if count > 0 {
					f.quality = sum / float64(count)
				}
			}
			feats[i] = f
		}
		prefer := func(a, b feat) int { // > 0: a preferred
			v := 0
			v += sign(a.args - b.args)
			v += sign(float64(b.firstQuery - a.firstQuery))
			v += sign(float64(a.objectMentions - b.objectMentions))
			v += sign(float64(b.firstObject - a.firstObject))
			if math.Abs(a.quality-b.quality) > 0.1 {
				v += sign(a.quality - b.quality)
			}
			return v
		}
		wins := make([]int, n)
		for i := range n {
			for j := range n {
				if i != j {
					wins[i] += sign(float64(prefer(feats[i], feats[j])))
				}
			}
		}
		idx := make([]int, n)
		for i := range idx {
			idx[i] = i
		}
		slices.SortStableFunc(idx, func(a, b int) int { return wins[b] - wins[a] })
		out := slices.Clone(hits)
		top := hits[0].Score
		for r, i := range idx {
			out[r] = retrieval.Hit{ID: hits[i].ID, Score: top + float64(n-r)}
		}
		return out, nil
	}
}

func sign(x float64) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// splitSentences splits a passage at sentence ends (., ! and ? before a
// space).
func splitSentences(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		if (s[i] == '.' || s[i] == '!' || s[i] == '?') && (i+1 == len(s) || s[i+1] == ' ' || s[i+1] == '\n') {
			if t := strings.TrimSpace(s[start : i+1]); t != "" {
				out = append(out, t)
			}
			start = i + 1
		}
	}
	if t := strings.TrimSpace(s[start:]); t != "" {
		out = append(out, t)
	}
	return out
}

// similarity re-scores hits by the cosine of the encoder's vectors of the
// title and the passage.
func similarity(enc semantic.Encoder, get func(string) (string, bool)) func(context.Context, topics.Topic, []retrieval.Hit) ([]retrieval.Hit, error) {
	return func(ctx context.Context, t topics.Topic, hits []retrieval.Hit) ([]retrieval.Hit, error) {
		texts := make([]string, 0, len(hits)+1)
		texts = append(texts, t.Title)
		for _, h := range hits {
			txt, err := text(get, h.ID)
			if err != nil {
				return nil, err
			}
			texts = append(texts, txt)
		}
		vs, err := enc.Encode(ctx, texts)
		if err != nil {
			return nil, err
		}
		out := slices.Clone(hits)
		for i := range out {
			out[i].Score = semantic.Cosine(vs[0], vs[i+1])
		}
		slices.SortFunc(out, retrieval.CompareHits)
		return out, nil
	}
}
