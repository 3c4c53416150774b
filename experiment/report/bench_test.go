package report_test

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/argsearch/argsearch/experiment"
	"github.com/argsearch/argsearch/experiment/report"
	"github.com/argsearch/argsearch/internal/docid"
	"github.com/argsearch/argsearch/internal/slowtest"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/stance"
	"github.com/argsearch/argsearch/system"
)

// large returns the bound's experiment: 5 systems on the 25 topics of the
// embedded 2022 sample, each topic's 10 pairs the longest pairs of
// consecutive sentences of the sample's corpus (1,250 pairs, none shared),
// so that the report is as large as the sample can make it. With predict
// the experiment trains its predictor of unjudged pairs, as an experiment
// on an Env does, and the report leads with the predicted figure; without,
// the runs are evaluated without the Env (no predictor: the estimate
// leads), which is then set for the report's texts.
func large(tb testing.TB, predict bool) (experiment.Experiment, *experiment.Table) {
	tb.Helper()
	ctx := context.Background()
	env, err := system.Open(ctx, system.Input{})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { env.Close() })
	type pair struct {
		id  string
		len int
	}
	var pairs []pair
	for a := range env.Store.Arguments() {
		for i := 1; i < len(a.Sentences); i++ {
			pairs = append(pairs, pair{docid.Pair(a.Sentences[i-1].ID, a.Sentences[i].ID), len(a.Sentences[i-1].Text) + len(a.Sentences[i].Text)})
		}
	}
	slices.SortFunc(pairs, func(a, b pair) int { return cmp.Or(cmp.Compare(b.len, a.len), cmp.Compare(a.id, b.id)) })
	const systems, perTopic = 5, 10
	if len(pairs) < systems*len(env.Topics)*perTopic {
		tb.Fatalf("the sample has %d pairs, fewer than %d", len(pairs), systems*len(env.Topics)*perTopic)
	}
	x := experiment.Experiment{Env: env}
	next := 0
	for s := range systems {
		rs := map[string][]runfile.Result{}
		for _, t := range env.Topics {
			for i := range perTopic {
				rs[t.ID] = append(rs[t.ID], runfile.Result{DocID: pairs[next].id, Score: float64(perTopic - i), Stance: stance.Pro})
				next++
			}
		}
		run, err := runfile.NewRun(fmt.Sprint("s", s), runfile.Rules{}, rs)
		if err != nil {
			tb.Fatal(err)
		}
		x.Systems = append(x.Systems, experiment.System{Name: fmt.Sprint("system-", s), Run: run})
	}
	if !predict {
		x.Env, x.Judgments = nil, env.Judgments
	}
	table, err := x.Run(ctx)
	if err != nil {
		tb.Fatal(err)
	}
	x.Env = env
	return x, table
}

// TestSize checks the bound: 5 systems × 25 topics × 10 pairs of the
// longest texts stay under 5 MB. The report leads with the predicted
// figure only with ARGSEARCH_SLOW=1: the predictor's training (it encodes
// every judged sentence) is most of the test's time, and the pair cards,
// not the figures, make the report's size.
func TestSize(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: runs an experiment on the 2022 sample")
	}
	x, table := large(t, slowtest.Enabled())
	var b bytes.Buffer
	if err := report.Write(&b, x, table, report.Options{}); err != nil {
		t.Fatal(err)
	}
	const limit = 5 << 20
	if b.Len() >= limit {
		t.Errorf("report of 5 systems × 25 topics × 10 pairs: %d bytes, want under %d", b.Len(), limit)
	}
	if cards := bytes.Count(b.Bytes(), []byte(`<article class="card`)); cards != 5*25*10 {
		t.Errorf("%d pair cards, want 1250", cards)
	}
	t.Logf("%d bytes", b.Len())
}

// BenchmarkWrite renders the bound's report: 5 systems × 25 topics × 10
// pairs, the longest of the 2022 sample.
func BenchmarkWrite(b *testing.B) {
	x, table := large(b, true)
	var n int64
	for b.Loop() {
		cw := &countWriter{}
		if err := report.Write(cw, x, table, report.Options{}); err != nil {
			b.Fatal(err)
		}
		n = cw.n
	}
	b.ReportMetric(float64(n), "bytes/report")
}

// countWriter counts what is written to it.
type countWriter struct{ n int64 }

func (w *countWriter) Write(p []byte) (int, error) {
	w.n += int64(len(p))
	return len(p), nil
}
