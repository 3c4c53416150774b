package report

import (
	"cmp"
	"slices"
	"strconv"

	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/internal/docid"
	"github.com/argsearch/argsearch/runfile"
)

// ranked returns a topic's lines in the order the evaluation ranks them:
// by score, then document id, both descending (trec_eval), or with byRank
// by the rank column, equal ranks as by score.
func ranked(lines []runfile.Line, byRank bool) []runfile.Line {
	out := slices.Clone(lines)
	slices.SortStableFunc(out, func(a, b runfile.Line) int {
		if byRank {
			if c := cmp.Compare(a.Rank, b.Rank); c != 0 {
				return c
			}
		}
		if c := cmp.Compare(b.Score, a.Score); c != 0 {
			return c
		}
		return cmp.Compare(b.DocID, a.DocID)
	})
	return out
}

// labels returns a document's label on every dimension of j for a topic:
// the pair's own, or with a mapping m (judgments of arguments) that of the
// argument the pair stands for, chosen as eval.Mapping says.
func labels(j *eval.Judgments, topic, id string, m eval.Mapping) []labelView {
	if j == nil {
		return nil
	}
	var out []labelView
	for _, d := range j.Dimensions() {
		q := j.Qrels(d)
		key, via := id, ""
		if m != 0 {
			if arg, ok := argumentOf(q, topic, id, m); ok {
				key, via = arg, valid(arg)
			}
		}
		v := labelView{Dimension: valid(string(d)), Via: via, Text: "unjudged", Class: "unjudged"}
		if label, judged := q.Label(topic, key); judged {
			switch {
			case label < 0:
				v.Text, v.Class = "spam", "spam"
			default:
				v.Text, v.Class = strconv.Itoa(label), "l"+strconv.Itoa(min(label, 2))
			}
		}
		out = append(out, v)
	}
	return out
}

// argumentOf returns the argument a pair (or sentence) stands for under
// mapping m, as eval.Mapping describes it: the first sentence's argument,
// or with BestJudged whichever of the two the judgments rate higher for the
// topic (a judged one before an unjudged one, the first on a tie).
func argumentOf(q *eval.Qrels, topic, id string, m eval.Mapping) (string, bool) {
	first, second, err := docid.ParsePair(id)
	if err != nil {
		arg, err := docid.Argument(id)
		return arg, err == nil
	}
	a, errA := docid.Argument(first)
	b, errB := docid.Argument(second)
	if errA != nil || errB != nil {
		return "", false
	}
	if m == eval.FirstSentence || a == b {
		return a, true
	}
	la, ja := q.Label(topic, a)
	lb, jb := q.Label(topic, b)
	if jb && (!ja || lb > la) {
		return b, true
	}
	return a, true
}

// texts looks up sentences and conclusions in a store, keeping the
// conclusions it has looked up.
type texts struct {
	store       *corpus.Store
	conclusions map[string]string
}

func newTexts(store *corpus.Store) *texts {
	return &texts{store: store, conclusions: map[string]string{}}
}

// pair returns the sentences of a run's document (a pair, a sentence or an
// argument) and the conclusions of their arguments, each once.
func (t *texts) pair(id string) ([]sentenceView, []conclusionView) {
	var ids []string
	if first, second, err := docid.ParsePair(id); err == nil {
		ids = []string{first, second}
	} else if t.store != nil {
		if _, ok := t.store.Sentence(id); ok {
			ids = []string{id}
		} else if a, ok := t.store.Argument(id); ok {
			return nil, []conclusionView{{Argument: valid(id), Text: valid(a.Conclusion)}}
		}
	}
	var sentences []sentenceView
	var conclusions []conclusionView
	for _, sid := range ids {
		s := sentenceView{ID: valid(sid), Missing: true}
		if t.store == nil {
			sentences = append(sentences, s)
			continue
		}
		if got, ok := t.store.Sentence(sid); ok {
			s.Text, s.Rest = split(valid(got.Text))
			s.Missing = false
		}
		sentences = append(sentences, s)
		arg, ok := t.store.ArgumentOf(sid)
		if !ok || slices.ContainsFunc(conclusions, func(c conclusionView) bool { return c.Argument == valid(arg) }) {
			continue
		}
		c, ok := t.conclusions[arg]
		if !ok {
			a, _ := t.store.Argument(arg)
			c = a.Conclusion
			t.conclusions[arg] = c
		}
		conclusions = append(conclusions, conclusionView{Argument: valid(arg), Text: valid(c)})
	}
	return sentences, conclusions
}

// Long texts are shown in part, the rest behind a "more" toggle.
const (
	longText = 420 // characters
	headText = 300
)

// split returns a long text's head, cut at a space, and its rest; a text
// of at most longText characters is all head.
func split(s string) (head, rest string) {
	r := []rune(s)
	if len(r) <= longText {
		return s, ""
	}
	cut := headText
	for i := headText; i > headText/2; i-- {
		if r[i] == ' ' {
			cut = i
			break
		}
	}
	return string(r[:cut]), string(r[cut:])
}
