package system

import (
	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/stance"
)

// Argument returns the argument with the given id from the store, with its
// sentences (the only parts the pair builders read), and its stored form.
func (e *Env) Argument(id string) (corpus.Argument, corpus.StoredArgument, bool) {
	sa, ok := e.Store.Argument(id)
	if !ok {
		return corpus.Argument{}, sa, false
	}
	a := corpus.Argument{ID: sa.ID, Conclusion: sa.Conclusion, Sentences: make([]corpus.Sentence, len(sa.SentenceIDs))}
	for i, sid := range sa.SentenceIDs {
		a.Sentences[i] = corpus.Sentence{ID: sid, Text: e.Store.SentenceText(sa.FirstSentence + i)}
	}
	return a, sa, true
}

// ArgsMeStance is the stance of an args.me argument towards a topic from
// its labels: the premises' common stance towards the conclusion (args.me
// arguments have one premise, or premises that agree), mapped onto the
// topic by stance.ArgsMe (which flips it when the conclusion states the
// opposite of the topic). It is stance.Unknown when the premises disagree
// or the conclusion is unrelated to the topic.
func ArgsMeStance(topic string, a corpus.StoredArgument) stance.Stance {
	if len(a.Stances) == 0 {
		return stance.Unknown
	}
	for _, s := range a.Stances[1:] {
		if s != a.Stances[0] {
			return stance.Unknown
		}
	}
	s, _ := stance.ArgsMe{}.Premise(topic, a.Conclusion, a.Stances[0])
	return s
}
