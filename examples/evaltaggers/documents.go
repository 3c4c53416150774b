package main

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/argsearch/argsearch/classify"
	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/corpus/sample"
	"github.com/argsearch/argsearch/examples/internal/labeled"
	"github.com/argsearch/argsearch/nlp"
	"github.com/argsearch/argsearch/stance"
)

// A document is the sentences of one UKP source page on one topic, in file
// order.
type document struct {
	topic string
	sents []labeled.UKPSentence
}

// documents groups the test sentences of UKP into documents (same topic
// and URL).
func documents(test []labeled.UKPSentence) []document {
	var docs []document
	at := map[[2]string]int{}
	for _, s := range test {
		key := [2]string{s.Topic, s.URL}
		i, ok := at[key]
		if !ok {
			i = len(docs)
			at[key] = i
			docs = append(docs, document{topic: s.Topic})
		}
		docs[i].sents = append(docs[i].sents, s)
	}
	return docs
}

// goldDocument is a document's gold Touché 2023 stance, by the rule
// stance.Document applies, from the annotators' sentence labels (every
// arguing sentence weighing 1): NO without an argument, NEU when the weaker
// side has at least 30% of the arguments, else the stronger side.
func goldDocument(d document) stance.Stance {
	var pro, con float64
	for _, s := range d.sents {
		switch labeled.UKPStance(s.Label) {
		case stance.Pro:
			pro++
		case stance.Con:
			con++
		}
	}
	switch {
	case pro+con == 0:
		return stance.No
	case min(pro, con)/(pro+con) >= 0.3:
		return stance.Neutral
	case pro > con:
		return stance.Pro
	}
	return stance.Con
}

// evalDocuments evaluates stance.Document (the shipped configuration's
// stance model and the argumentativeness model, each trained with the
// document's topic left out) on the UKP test documents, four classes.
func evalDocuments(ctx context.Context, d *data, cfg, argCfg classify.TrainConfig, evalSet string, topics []string) ([]result, error) {
	var gold, pred []string
	for _, topic := range topics {
		f := d.crossTopic(topic, evalSet)
		sm, err := classify.TrainStanceModel(ctx, append(stanceExamples(f.train), claimExamples(d.claims, "")...), cfg)
		if err != nil {
			return nil, err
		}
		am, err := classify.TrainArgumentModel(ctx, argExamples(f.train), argCfg)
		if err != nil {
			return nil, err
		}
		doc := stance.Document{Tagger: sm, Argumentative: am.Score}
		for _, dc := range documents(f.test) {
			texts := make([]string, len(dc.sents))
			for i, s := range dc.sents {
				texts[i] = s.Text
			}
			st, _, err := doc.Tag(ctx, dc.topic, texts)
			if err != nil {
				return nil, err
			}
			gold, pred = append(gold, goldDocument(dc).String()), append(pred, st.String())
		}
	}
	c, err := labeled.Classify(gold, pred)
	if err != nil {
		return nil, err
	}
	m, err := labeled.Classify(gold, majorityOf(gold))
	if err != nil {
		return nil, err
	}
	setting := fmt.Sprintf("UKP %s documents (sentences of one page), cross-topic, PRO/CON/NEU/NO", evalSet)
	return []result{
		{system: "document (stance.Document: argumentative, then linear + IBM claims)", setting: setting, c: c},
		{system: "majority", setting: setting, c: m},
	}, nil
}

// evalArgsMe evaluates stance.Document with the shipped models on the
// arguments of the embedded args.me sample: the topic is an argument's
// conclusion, the document its premise sentences, and the gold stance its
// premise's stance towards the conclusion (PRO or CON). A document tagged
// NEU or NO counts as wrong.
func evalArgsMe(ctx context.Context, sm *classify.StanceModel, am *classify.ArgumentModel) ([]result, error) {
	doc := stance.Document{Tagger: sm, Argumentative: am.Score}
	var gold, pred, side []string
	for a, err := range corpus.NewCSVReader(sample.Touche2021().ProcessedCSV()).All() {
		if err != nil {
			return nil, err
		}
		if len(a.Premises) == 0 || a.Premises[0].Stance != stance.Pro && a.Premises[0].Stance != stance.Con {
			continue
		}
		var texts []string
		for _, s := range a.Sentences {
			if s.ID != a.ID+"__CONC__1" {
				texts = append(texts, s.Text)
			}
		}
		if len(texts) == 0 || a.Conclusion == "" {
			continue
		}
		st, _, err := doc.Tag(ctx, a.Conclusion, texts)
		if err != nil {
			return nil, fmt.Errorf("argument %s: %w", a.ID, err)
		}
		forced := forceSide(sm, a.Conclusion, texts, st)
		gold = append(gold, a.Premises[0].Stance.String())
		pred, side = append(pred, st.String()), append(side, forced.String())
	}
	setting := fmt.Sprintf("args.me sample arguments (conclusion as topic), %d documents", len(gold))
	var out []result
	for _, row := range []struct {
		name string
		pred []string
	}{
		{"document (shipped models), PRO/CON/NEU/NO", pred},
		{"document (shipped models), forced PRO/CON", side},
	} {
		c, err := labeled.Classify(gold, row.pred)
		if err != nil {
			return nil, err
		}
		out = append(out, result{system: row.name, setting: setting, c: c})
	}
	c, err := labeled.Classify(gold, majorityOf(gold))
	if err != nil {
		return nil, err
	}
	return append(out, result{system: "majority", setting: setting, c: c}), nil
}

// pairAgreement evaluates whether the two sentences of a pair agree: for
// consecutive test sentences of one UKP document that both argue (gold PRO
// or CON), the pair agrees when their gold stances are equal, and the
// tagger says so when its sides (StanceModel.Side) are. Each topic's model
// is trained with the topic left out.
func pairAgreement(ctx context.Context, d *data, cfg classify.TrainConfig, evalSet string, topics []string) (result, error) {
	var gold, pred []string
	for _, topic := range topics {
		f := d.crossTopic(topic, evalSet)
		sm, err := classify.TrainStanceModel(ctx, append(stanceExamples(f.train), claimExamples(d.claims, "")...), cfg)
		if err != nil {
			return result{}, err
		}
		for i := 1; i < len(f.test); i++ {
			a, b := f.test[i-1], f.test[i]
			ga, gb := labeled.UKPStance(a.Label), labeled.UKPStance(b.Label)
			if a.URL != b.URL || ga == stance.No || gb == stance.No {
				continue
			}
			sa, _ := sm.Side(a.Topic, a.Text)
			sb, _ := sm.Side(b.Topic, b.Text)
			gold, pred = append(gold, agreement(ga == gb)), append(pred, agreement(sa == sb))
		}
	}
	c, err := labeled.Classify(gold, pred)
	if err != nil {
		return result{}, err
	}
	return result{system: "pair agreement (sides of linear + IBM claims)", setting: fmt.Sprintf("UKP %s consecutive arguing sentences, cross-topic", evalSet), c: c}, nil
}

func agreement(agree bool) string {
	if agree {
		return "agree"
	}
	return "disagree"
}

// forceSide returns st when it is Pro or Con, else the side the stance
// model leans to over the document's sentences read together
// (stance.Side, the library's rule for pairs too).
func forceSide(sm *classify.StanceModel, topic string, sents []string, st stance.Stance) stance.Stance {
	return stance.Side(sm, topic, st, sents...)
}

// majorityOf answers every item with the most frequent gold label.
func majorityOf(gold []string) []string {
	most := mostFrequent(gold)
	out := make([]string, len(gold))
	for i := range out {
		out[i] = most
	}
	return out
}

// mostFrequent returns the most frequent label, ties to the first in byte
// order.
func mostFrequent(labels []string) string {
	count := map[string]int{}
	for _, l := range labels {
		count[l]++
	}
	var keys []string
	for k := range count {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	best := keys[0]
	for _, k := range keys {
		if count[k] > count[best] {
			best = k
		}
	}
	return best
}

// evalArgQuality measures document stance on Webis-ArgQuality-20 the only
// way its data allows. Its stances are relative to each topic's wording,
// which the corpus does not give, so no document can be scored against its
// topic; but two arguments of one topic agree exactly when their gold
// stances are equal, whatever the wording. Each topic is stood in for by
// its three most distinctive words (the most frequent words of its
// arguments that occur in at most three topics; no label is looked at),
// every argument gets a side from stance.Document with the shipped models
// (forced to PRO or CON by the models' lean where the document is NEU or
// NO), and every two arguments of a topic are scored as agreeing or not.
// A flip of a topic's wording would flip every side of the topic, which
// leaves agreement unchanged.
func evalArgQuality(ctx context.Context, args []labeled.QualityArgument, sm *classify.StanceModel, am *classify.ArgumentModel) (result, result, error) {
	split, err := nlp.NewProseSplitter()
	if err != nil {
		return result{}, result{}, err
	}
	byTopic := map[string][]labeled.QualityArgument{}
	var topics []string
	for _, a := range args {
		if !a.Argument {
			continue
		}
		if _, ok := byTopic[a.TopicID]; !ok {
			topics = append(topics, a.TopicID)
		}
		byTopic[a.TopicID] = append(byTopic[a.TopicID], a)
	}
	slices.Sort(topics)
	proxy := proxyTopics(byTopic)
	doc := stance.Document{Tagger: sm, Argumentative: am.Score}
	var gold, pred, always []string
	for _, t := range topics {
		var sides []stance.Stance
		for _, a := range byTopic[t] {
			sents := split.Split(nil, a.Text)
			st, _, err := doc.Tag(ctx, proxy[t], sents)
			if err != nil {
				return result{}, result{}, fmt.Errorf("topic %s: %w", t, err)
			}
			sides = append(sides, forceSide(sm, proxy[t], sents, st))
		}
		as := byTopic[t]
		for i := range as {
			for j := i + 1; j < len(as); j++ {
				gold = append(gold, agreement(as[i].Pro == as[j].Pro))
				pred = append(pred, agreement(sides[i] == sides[j]))
				always = append(always, agreement(true))
			}
		}
	}
	c, err := labeled.Classify(gold, pred)
	if err != nil {
		return result{}, result{}, err
	}
	b, err := labeled.Classify(gold, always)
	if err != nil {
		return result{}, result{}, err
	}
	setting := fmt.Sprintf("Webis-ArgQuality-20, pairs of arguments of one topic (%d topics), agree or not", len(topics))
	return result{system: "document sides (shipped models) agree", setting: setting, c: c},
		result{system: "always agree", setting: setting, c: b}, nil
}

// proxyTopics returns, for each topic, its three most frequent words (in
// the most arguments) among those that occur in at most three topics.
func proxyTopics(byTopic map[string][]labeled.QualityArgument) map[string]string {
	docs := map[string]map[string]int{} // topic → word → arguments holding it
	topicsOf := map[string]int{}        // word → topics holding it
	for t, as := range byTopic {
		docs[t] = map[string]int{}
		for _, a := range as {
			seen := map[string]bool{}
			for _, w := range nlp.Terms(nil, a.Text) {
				if len(w) < 4 || seen[w] {
					continue
				}
				seen[w] = true
				docs[t][w]++
			}
		}
		for w := range docs[t] {
			topicsOf[w]++
		}
	}
	out := map[string]string{}
	for t, counts := range docs {
		var words []string
		for w := range counts {
			if topicsOf[w] <= 3 {
				words = append(words, w)
			}
		}
		slices.SortFunc(words, func(a, b string) int {
			if counts[a] != counts[b] {
				return counts[b] - counts[a]
			}
			return strings.Compare(a, b)
		})
		out[t] = strings.Join(words[:min(3, len(words))], " ")
	}
	return out
}
