package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/argsearch/argsearch/classify"
	"github.com/argsearch/argsearch/examples/internal/labeled"
	"github.com/argsearch/argsearch/stance"
)

// data holds the labelled corpora.
type data struct {
	ukp               []labeled.UKPSentence
	ibmTrain, ibmTest []labeled.Evidence
	claims            []labeled.Claim           // the IBM Claim Stance train split; nil when absent
	quality           []labeled.QualityArgument // Webis-ArgQuality-20; nil when absent
}

// argQualityFile is where Webis-ArgQuality-20 is read from, under the data
// directory.
const argQualityFile = "webis-argquality20/webis-argquality20-full.csv"

// loadData reads the corpora under dir (DIR/ukp-sentential/*.tsv and
// DIR/ibm-evidence/train.csv and test.csv). Missing files give an error
// that says what goes where (labeled.Missing).
func loadData(dir string) (*data, error) {
	if err := labeled.Missing(dir, labeled.UKP, labeled.IBMEvidence); err != nil {
		return nil, fmt.Errorf("%w; see 'evaltaggers -h'", err)
	}
	d := &data{}
	var err error
	if d.ukp, err = labeled.ReadUKPDir(filepath.Join(dir, labeled.UKP)); err != nil {
		return nil, err
	}
	read := func(name string) ([]labeled.Evidence, error) {
		f, err := os.Open(filepath.Join(dir, labeled.IBMEvidence, name))
		if err != nil {
			return nil, err
		}
		defer f.Close()
		return labeled.ReadIBM(f, f.Name())
	}
	if d.ibmTrain, err = read("train.csv"); err != nil {
		return nil, err
	}
	if d.ibmTest, err = read("test.csv"); err != nil {
		return nil, err
	}
	if labeled.Missing(dir, labeled.IBMClaimStance) == nil {
		path := filepath.Join(dir, labeled.IBMClaimStance, "train.csv")
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		if d.claims, err = labeled.ReadClaims(f, path); err != nil {
			return nil, err
		}
	}
	if f, err := os.Open(filepath.Join(dir, argQualityFile)); err == nil {
		defer f.Close()
		if d.quality, err = labeled.ReadArgQuality(f, f.Name()); err != nil {
			return nil, err
		}
	}
	return d, nil
}

// topics returns the UKP topics in byte order.
func (d *data) topics() []string {
	var ts []string
	for _, s := range d.ukp {
		if !slices.Contains(ts, s.Topic) {
			ts = append(ts, s.Topic)
		}
	}
	slices.Sort(ts)
	return ts
}

// asUKP maps a tagger's answer onto the UKP label set (PRO, CON, NO):
// Unknown, the answer for text a tagger cannot judge, becomes No ("holds no
// argument"), so macro-F1 is over UKP's three classes as in the published
// results, instead of counting a fourth, never-gold class with F1 0.
func asUKP(s stance.Stance) stance.Stance {
	if s == stance.Unknown || s == stance.Neutral {
		return stance.No
	}
	return s
}

// A fold is one train/test division of UKP Sentential.
type fold struct {
	name        string
	train, test []labeled.UKPSentence
}

// inTopic is the in-topic setting: the split column's train sentences of all
// topics for training, its evalSet ("test" or "val") sentences for testing.
func (d *data) inTopic(evalSet string) fold {
	f := fold{name: "in-topic"}
	for _, s := range d.ukp {
		switch s.Set {
		case "train":
			f.train = append(f.train, s)
		case evalSet:
			f.test = append(f.test, s)
		}
	}
	return f
}

// crossTopic is the leave-one-topic-out setting for one topic: the train
// and val sentences of the other seven topics for training, the held-out
// topic's evalSet sentences for testing.
func (d *data) crossTopic(topic, evalSet string) fold {
	f := fold{name: "cross-topic " + topic}
	for _, s := range d.ukp {
		switch {
		case s.Topic != topic && s.Set != "test":
			f.train = append(f.train, s)
		case s.Topic == topic && s.Set == evalSet:
			f.test = append(f.test, s)
		}
	}
	return f
}

// A stanceSystem is a tagger that may be trained on a fold's training data.
type stanceSystem struct {
	name  string
	build func(ctx context.Context, train []labeled.UKPSentence) (stance.Tagger, error)
}

// scoreStance tags every test sentence; gold and predicted labels are
// appended to the given slices.
func scoreStance(ctx context.Context, t stance.Tagger, test []labeled.UKPSentence, gold, pred []string) ([]string, []string, error) {
	for _, s := range test {
		st, _, err := t.Tag(ctx, s.Topic, s.Text)
		if err != nil {
			return nil, nil, err
		}
		gold = append(gold, labeled.UKPStance(s.Label).String())
		pred = append(pred, asUKP(st).String())
	}
	return gold, pred, nil
}

// scorePairs tags pairs of consecutive test sentences of one document (same
// topic and URL, in file order): each sentence with t, the two combined by
// stance.Combine, the library's rule for two sentences. A pair's gold label is
// stance.Combine of its sentences' gold labels at confidence 1; pairs whose
// sentences have opposite gold stances have none and are skipped.
func scorePairs(ctx context.Context, t stance.Tagger, test []labeled.UKPSentence, gold, pred []string) ([]string, []string, error) {
	for i := 1; i < len(test); i++ {
		a, b := test[i-1], test[i]
		if a.Topic != b.Topic || a.URL != b.URL {
			continue
		}
		g, _ := stance.Combine(labeled.UKPStance(a.Label), 1, labeled.UKPStance(b.Label), 1)
		if g == stance.Unknown {
			continue
		}
		sa, ca, err := t.Tag(ctx, a.Topic, a.Text)
		if err != nil {
			return nil, nil, err
		}
		sb, cb, err := t.Tag(ctx, b.Topic, b.Text)
		if err != nil {
			return nil, nil, err
		}
		s, _ := stance.Combine(sa, ca, sb, cb)
		gold = append(gold, g.String())
		pred = append(pred, asUKP(s).String())
	}
	return gold, pred, nil
}

// A result is one row of the results table.
type result struct {
	system, setting string
	c               labeled.Classification
	// topicMeanF1 is the mean over held-out topics of each topic's
	// macro-F1 (cross-topic settings only; 0 otherwise).
	topicMeanF1 float64
}

// evalStance evaluates a system in-topic and cross-topic (pooled over the
// held-out topics, and the per-topic mean of macro-F1).
func evalStance(ctx context.Context, d *data, sys stanceSystem, evalSet string, topics []string) ([]result, error) {
	var out []result
	f := d.inTopic(evalSet)
	t, err := sys.build(ctx, f.train)
	if err != nil {
		return nil, err
	}
	gold, pred, err := scoreStance(ctx, t, f.test, nil, nil)
	if err != nil {
		return nil, err
	}
	c, err := labeled.Classify(gold, pred)
	if err != nil {
		return nil, err
	}
	out = append(out, result{system: sys.name, setting: "in-topic", c: c})
	pg, pp, err := scorePairs(ctx, t, f.test, nil, nil)
	if err != nil {
		return nil, err
	}
	if c, err = labeled.Classify(pg, pp); err != nil {
		return nil, err
	}
	out = append(out, result{system: "pair of " + sys.name, setting: "in-topic", c: c})
	if len(topics) == 0 {
		return out, nil
	}
	gold, pred, pg, pp = nil, nil, nil, nil
	sum := 0.0
	for _, topic := range topics {
		f := d.crossTopic(topic, evalSet)
		t, err := sys.build(ctx, f.train)
		if err != nil {
			return nil, err
		}
		n := len(gold)
		if gold, pred, err = scoreStance(ctx, t, f.test, gold, pred); err != nil {
			return nil, err
		}
		if pg, pp, err = scorePairs(ctx, t, f.test, pg, pp); err != nil {
			return nil, err
		}
		ct, err := labeled.Classify(gold[n:], pred[n:])
		if err != nil {
			return nil, err
		}
		sum += ct.MacroF1
	}
	if c, err = labeled.Classify(gold, pred); err != nil {
		return nil, err
	}
	out = append(out, result{system: sys.name, setting: "cross-topic", c: c, topicMeanF1: sum / float64(len(topics))})
	if c, err = labeled.Classify(pg, pp); err != nil {
		return nil, err
	}
	out = append(out, result{system: "pair of " + sys.name, setting: "cross-topic", c: c})
	return out, nil
}

// stanceSystems returns the taggers evaluated, each trained per fold where
// it learns anything; with claims, also the linear model trained on the
// fold and all of them (the shipped model's configuration: no IBM motion is
// a UKP topic, so the held-out topic stays unseen).
func stanceSystems(seed uint64, cfg classify.TrainConfig, claims []labeled.Claim) []stanceSystem {
	cfg.Seed = seed
	systems := []stanceSystem{
		{name: "majority", build: func(_ context.Context, train []labeled.UKPSentence) (stance.Tagger, error) {
			var labels []stance.Stance
			for _, s := range train {
				labels = append(labels, labeled.UKPStance(s.Label))
			}
			return majorityTagger(labels), nil
		}},
		{name: "lexical", build: func(context.Context, []labeled.UKPSentence) (stance.Tagger, error) {
			return stance.Lexical{}, nil
		}},
		{name: "args.me alignment (sentence as conclusion)", build: func(context.Context, []labeled.UKPSentence) (stance.Tagger, error) {
			return stance.ArgsMe{}, nil
		}},
		{name: "linear", build: func(ctx context.Context, train []labeled.UKPSentence) (stance.Tagger, error) {
			return classify.TrainStanceModel(ctx, stanceExamples(train), cfg)
		}},
	}
	if len(claims) > 0 {
		systems = append(systems, stanceSystem{name: "linear + IBM claims", build: func(ctx context.Context, train []labeled.UKPSentence) (stance.Tagger, error) {
			return classify.TrainStanceModel(ctx, append(stanceExamples(train), claimExamples(claims, "")...), cfg)
		}})
	}
	return systems
}

// claimExamples returns the claims as stance examples, leaving out those
// of the motion held out ("" leaves none out).
func claimExamples(claims []labeled.Claim, heldOut string) []classify.StanceExample {
	var xs []classify.StanceExample
	for _, c := range claims {
		if c.TopicID != heldOut || heldOut == "" {
			xs = append(xs, classify.StanceExample{Topic: c.Topic, Text: c.Text, Stance: c.Stance()})
		}
	}
	return xs
}

func stanceExamples(train []labeled.UKPSentence) []classify.StanceExample {
	xs := make([]classify.StanceExample, len(train))
	for i, s := range train {
		xs[i] = classify.StanceExample{Topic: s.Topic, Text: s.Text, Stance: labeled.UKPStance(s.Label)}
	}
	return xs
}

func argExamples(train []labeled.UKPSentence) []classify.ArgumentExample {
	xs := make([]classify.ArgumentExample, len(train))
	for i, s := range train {
		xs[i] = classify.ArgumentExample{Text: s.Text, Argument: s.Label != labeled.NoArgument}
	}
	return xs
}

// argumentThreshold is the argumentativeness score at or above which a text
// counts as an argument: the more probable of the model's two classes.
const argumentThreshold = 0.5

func argLabel(b bool) string {
	if b {
		return "argument"
	}
	return "none"
}

// evalArgumentative evaluates the argumentativeness model in-topic,
// cross-topic and on the IBM evidence test split (trained on UKP train+val
// of all topics, and trained on the IBM train split).
func evalArgumentative(ctx context.Context, d *data, cfg classify.TrainConfig, evalSet string, topics []string) ([]result, error) {
	score := func(m *classify.ArgumentModel, texts []string, gold []bool, g, p []string) ([]string, []string) {
		for i, t := range texts {
			g = append(g, argLabel(gold[i]))
			p = append(p, argLabel(m.Score(t) >= argumentThreshold))
		}
		return g, p
	}
	ukpTexts := func(ss []labeled.UKPSentence) ([]string, []bool) {
		var ts []string
		var gs []bool
		for _, s := range ss {
			ts = append(ts, s.Text)
			gs = append(gs, s.Label != labeled.NoArgument)
		}
		return ts, gs
	}
	var out []result
	f := d.inTopic(evalSet)
	m, err := classify.TrainArgumentModel(ctx, argExamples(f.train), cfg)
	if err != nil {
		return nil, err
	}
	ts, gs := ukpTexts(f.test)
	g, p := score(m, ts, gs, nil, nil)
	c, err := labeled.Classify(g, p)
	if err != nil {
		return nil, err
	}
	out = append(out, result{system: "argumentative", setting: "in-topic", c: c})
	if len(topics) > 0 {
		g, p = nil, nil
		sum := 0.0
		for _, topic := range topics {
			f := d.crossTopic(topic, evalSet)
			m, err := classify.TrainArgumentModel(ctx, argExamples(f.train), cfg)
			if err != nil {
				return nil, err
			}
			ts, gs := ukpTexts(f.test)
			n := len(g)
			g, p = score(m, ts, gs, g, p)
			ct, err := labeled.Classify(g[n:], p[n:])
			if err != nil {
				return nil, err
			}
			sum += ct.MacroF1
		}
		if c, err = labeled.Classify(g, p); err != nil {
			return nil, err
		}
		out = append(out, result{system: "argumentative", setting: "cross-topic", c: c, topicMeanF1: sum / float64(len(topics))})
	}
	var ibmTexts []string
	var ibmGold []bool
	for _, e := range d.ibmTest {
		ibmTexts = append(ibmTexts, e.Text)
		ibmGold = append(ibmGold, e.Evidence)
	}
	// Trained on all of UKP (train and val), tested on IBM test.
	var all []labeled.UKPSentence
	for _, s := range d.ukp {
		if s.Set != "test" {
			all = append(all, s)
		}
	}
	if m, err = classify.TrainArgumentModel(ctx, argExamples(all), cfg); err != nil {
		return nil, err
	}
	g, p = score(m, ibmTexts, ibmGold, nil, nil)
	if c, err = labeled.Classify(g, p); err != nil {
		return nil, err
	}
	out = append(out, result{system: "argumentative (UKP-trained)", setting: "IBM evidence test", c: c})
	var ibmTrain []classify.ArgumentExample
	for _, e := range d.ibmTrain {
		ibmTrain = append(ibmTrain, classify.ArgumentExample{Text: e.Text, Argument: e.Evidence})
	}
	if m, err = classify.TrainArgumentModel(ctx, ibmTrain, cfg); err != nil {
		return nil, err
	}
	g, p = score(m, ibmTexts, ibmGold, nil, nil)
	if c, err = labeled.Classify(g, p); err != nil {
		return nil, err
	}
	out = append(out, result{system: "argumentative (IBM-trained)", setting: "IBM evidence test", c: c})
	return out, nil
}

// String returns the result as a row of the Markdown table.
func (r result) String() string {
	mean := ""
	if r.topicMeanF1 != 0 {
		mean = fmt.Sprintf("%.3f", r.topicMeanF1)
	}
	return fmt.Sprintf("| %s | %s | %d | %.3f | %.3f | %s |", r.system, r.setting, r.c.N, r.c.Accuracy, r.c.MacroF1, mean)
}
