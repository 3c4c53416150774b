package experiment_test

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/experiment"
	"github.com/argsearch/argsearch/pairing"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/system"
)

// TestInSample checks that a system trained on some of the topics has its
// rows marked in-sample, and every p-value that rests on them, in every
// format.
func TestInSample(t *testing.T) {
	run := newRun(t, map[string][]string{"1": {"a,b", "a,c"}, "2": {"d,e"}})
	other := newRun(t, map[string][]string{"1": {"a,c", "a,b"}, "2": {"d,e"}})
	third := newRun(t, map[string][]string{"1": {"a,c"}, "2": {"d,e"}})
	x := experiment.Experiment{
		Judgments: judgments(t),
		Systems: []experiment.System{
			{Name: "plain", Run: other},
			{Name: "learned", Run: run, TrainedOn: map[string][]string{"hand": {"1"}, "other": {"2"}}},
			{Name: "third", Run: third},
		},
		Bootstrap: eval.Bootstrap{Resamples: 100},
	}
	table, err := x.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]experiment.Row{}
	for _, r := range table.Rows {
		byName[r.System] = r
	}
	if r := byName["learned"]; r.InSample != 1 || !r.InSampleP || !strings.Contains(r.Warning, "in-sample: its system learned from 1 of these 2 topics") {
		t.Errorf("learned: in-sample %d, p %v, warning %q; want 1, true, the in-sample warning", r.InSample, r.InSampleP, r.Warning)
	}
	if r := byName["plain"]; r.InSample != 0 || r.InSampleP || strings.Contains(r.Warning, "in-sample") {
		t.Errorf("plain (the baseline): in-sample %d, p %v, warning %q; want none", r.InSample, r.InSampleP, r.Warning)
	}
	if r := byName["third"]; r.InSample != 0 || r.InSampleP {
		t.Errorf("third: in-sample %d, p %v; want 0, false (its p-values rest on the baseline's and its own)", r.InSample, r.InSampleP)
	}
	// With the in-sample system as the baseline, every p-value is marked.
	x.Baseline = 1
	if table, err = x.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, r := range table.Rows {
		if want := r.System != "learned"; r.InSampleP != want {
			t.Errorf("baseline learned: %s's p in-sample %v, want %v", r.System, r.InSampleP, want)
		}
	}
	for _, format := range []string{"text", "wide"} {
		var b bytes.Buffer
		if err := table.Write(&b, format); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		if !strings.Contains(out, "† in-sample") {
			t.Errorf("%s: no legend of the in-sample mark:\n%s", format, out)
		}
		for _, line := range strings.Split(out, "\n") {
			f := strings.Fields(line)
			if len(f) == 0 || (f[0] != "plain" && f[0] != "third") {
				continue
			}
			if !strings.Contains(line, "†") {
				t.Errorf("%s: the p-value against the in-sample baseline is not marked: %q", format, line)
			}
		}
		if format == "text" && !strings.Contains(out, "in-sample 1/2") {
			t.Errorf("text: no in-sample warning:\n%s", out)
		}
	}
	var tsv bytes.Buffer
	if err := table.Write(&tsv, "tsv"); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(tsv.String()), "\n")
	header := strings.Split(lines[0], "\t")
	col := func(name string) int {
		for i, h := range header {
			if h == name {
				return i
			}
		}
		t.Fatalf("tsv: no column %q in %q", name, lines[0])
		return -1
	}
	is, ps := col("in_sample"), col("p_in_sample")
	for _, l := range lines[1:] {
		f := strings.Split(l, "\t")
		want := map[string][2]string{"plain": {"0", "true"}, "learned": {"1", "false"}, "third": {"0", "true"}}[f[0]]
		if f[is] != want[0] || f[ps] != want[1] {
			t.Errorf("tsv: %s: in_sample %q, p_in_sample %q; want %q", f[0], f[is], f[ps], want)
		}
	}
	var js bytes.Buffer
	if err := table.Write(&js, "json"); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Rows []struct {
			System    string `json:"system"`
			InSample  int    `json:"in_sample"`
			InSampleP bool   `json:"p_in_sample"`
		} `json:"rows"`
	}
	if err := json.Unmarshal(js.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	for _, r := range got.Rows {
		if want := r.System == "learned"; (r.InSample == 1) != want || r.InSampleP == want {
			t.Errorf("json: %+v", r)
		}
	}
}

// learner is a System that says what it was trained on; wrapper wraps a
// System, as a timing wrapper of a command does.
type (
	learner struct{ system.Func }
	wrapper struct{ system.Func }
)

func (learner) TrainedOn() map[string][]string { return map[string][]string{"hand": {"1", "2"}} }

func (w wrapper) Unwrap() system.System { return learner{} }

// TestInSampleLearner checks that the training of a system with a TrainedOn method is
// found, through a wrapper too, and that a System's TrainedOn field
// overrides it.
func TestInSampleLearner(t *testing.T) {
	run := newRun(t, map[string][]string{"1": {"a,b"}, "2": {"d,e"}})
	advanced := system.Advanced()
	if got := advanced.TrainedOn()["2022"]; len(got) != 25 {
		t.Errorf("Advanced is trained on %d 2022 topics, want the sample's 25: %v", len(got), got)
	}
	variant := system.Advanced()
	b := variant.Pair.(pairing.Builder)
	b.Weights.Retrieval = 0.5
	variant.Pair = b
	if got := variant.TrainedOn(); got != nil {
		t.Errorf("a variant of Advanced with other weights says it was trained on %v", got)
	}
	if got := (system.Fusion{Systems: []system.System{system.Baseline{}, advanced}}).TrainedOn()["2022"]; len(got) != 25 {
		t.Errorf("a fusion with Advanced is trained on %d 2022 topics, want 25", len(got))
	}
	for name, s := range map[string]experiment.System{
		"learner":  {Name: "x", System: learner{}, Run: run},
		"wrapped":  {Name: "x", System: wrapper{}, Run: run},
		"override": {Name: "x", System: wrapper{}, Run: run, TrainedOn: map[string][]string{"hand": {"2"}}},
	} {
		table, err := experiment.Experiment{Judgments: judgments(t), Systems: []experiment.System{s}}.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		want := 2
		if name == "override" {
			want = 1
		}
		if got := table.Rows[0].InSample; got != want {
			t.Errorf("%s: in-sample %d, want %d", name, got, want)
		}
	}
}

// TestTextFits checks that the text table fits 120 columns for system
// names of 20 characters, with every line of the caption too, and that
// "wide" gives the columns "text" leaves out.
func TestTextFits(t *testing.T) {
	run := newRun(t, map[string][]string{"1": {"x,y", "a,b"}, "2": {"d,e"}})
	deep := newRun(t, map[string][]string{"1": {"u,v", "w,x", "y,z", "p,q", "r,s", "s,t", "a,b"}, "2": {"d,e"}})
	table, err := experiment.Experiment{
		Judgments: judgments(t),
		Systems: []experiment.System{
			{Name: "a-system-of-20-chars", Run: run, TrainedOn: map[string][]string{"hand": {"1", "2"}}},
			{Name: "deep", Run: deep},
		},
		Bootstrap: eval.Bootstrap{Resamples: 100},
	}.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var text, wide bytes.Buffer
	if err := table.Write(&text, "text"); err != nil {
		t.Fatal(err)
	}
	if err := table.Write(&wide, "wide"); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(text.String(), "\n") {
		if n := utf8.RuneCountInString(line); n > 120 {
			t.Errorf("a line of %d characters:\n%s", n, line)
		}
	}
	for _, want := range []string{"in-sample 2/2", "p in-sample"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, text.String())
		}
	}
	for _, want := range []string{"CI95 low", "depth mean", "labelled@5", "judged-only rests on ranks around"} {
		if strings.Contains(text.String(), want) {
			t.Errorf("text has %q, a column of wide:\n%s", want, text.String())
		}
		if !strings.Contains(wide.String(), want) {
			t.Errorf("wide lacks %q:\n%s", want, wide.String())
		}
	}
}

// TestHeadline checks what Table.Headline's documentation says it is:
// "estimated" for judgments of sentence pairs without a predictor,
// "judged" for judgments of arguments, and "predicted" with a predictor
// (TestPredictedHeadline), and that the text table leads with it.
func TestHeadline(t *testing.T) {
	args, err := eval.Official(2021)
	if err != nil {
		t.Fatal(err)
	}
	argRun := newRun(t, map[string][]string{"51": {"S1", "S2"}})
	for _, c := range []struct {
		name      string
		judgments *eval.Judgments
		run       runfile.Run
		want      string
		header    string
	}{
		{"pairs", judgments(t), newRun(t, map[string][]string{"1": {"a,b"}}), "estimated", "estimated judged-only nDCG@5"},
		{"arguments", args, argRun, "judged", "judged-only nDCG@5"},
	} {
		table, err := experiment.Experiment{Judgments: c.judgments, Systems: []experiment.System{{Name: "a", Run: c.run}}}.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if table.Headline != c.want {
			t.Errorf("%s: headline %q, want %q", c.name, table.Headline, c.want)
		}
		var b bytes.Buffer
		if err := table.Write(&b, "text"); err != nil {
			t.Fatal(err)
		}
		if h := tableHeader(b.String()); !strings.HasPrefix(h, "system judgments "+c.header+" CI95") {
			t.Errorf("%s: header %q, want it to lead with %q", c.name, h, c.header)
		}
	}
}

// TestSurfaceErrors checks the errors of bad arguments and inputs: each
// names what the caller gave, before any work.
func TestSurfaceErrors(t *testing.T) {
	run := newRun(t, map[string][]string{"1": {"a,b"}})
	empty := runfile.Run{}
	x := experiment.Experiment{Judgments: judgments(t), Systems: []experiment.System{{Name: "a", Run: run}}}
	//lint:ignore SA1012 a nil ctx is what is tested
	if _, err := x.Run(nil); err == nil || !strings.Contains(err.Error(), "nil context.Context") {
		t.Errorf("nil ctx: %v", err)
	}
	for name, c := range map[string]struct {
		x    experiment.Experiment
		want string
	}{
		"empty run":      {experiment.Experiment{Judgments: judgments(t), Systems: []experiment.System{{Name: "mine", Run: empty}}}, "experiment: mine: the run is empty"},
		"min judged 2":   {experiment.Experiment{Judgments: judgments(t), Systems: []experiment.System{{Name: "a", Run: run}}, MinJudged: 2}, "MinJudged 2"},
		"lines-less run": {experiment.Experiment{Judgments: judgments(t), Systems: []experiment.System{{Name: "mine", Run: runfile.Run{"1": nil}}}}, "the run is empty"},
	} {
		_, err := c.x.Run(context.Background())
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", name, err, c.want)
		}
	}
	table, err := x.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if err := table.Write(nil, "text"); err == nil {
		t.Error("Write to a nil writer: no error")
	}
	var b bytes.Buffer
	if err := table.Write(&b, "text"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "one system, so no p-values") || strings.Contains(b.String(), "up to 0") {
		t.Errorf("a table of one system:\n%s", b.String())
	}
}

// TestMinJudgedNegative checks that a negative MinJudged tests every run
// and the caption says so (not "at least -1.00").
func TestMinJudgedNegative(t *testing.T) {
	run := newRun(t, map[string][]string{"1": {"x,y", "a,b"}, "2": {"d,e"}})
	other := newRun(t, map[string][]string{"1": {"a,b"}, "2": {"d,e"}})
	for _, c := range []struct {
		min   float64
		want  float64
		words string
	}{
		{0, 0.2, "at least 0.20"},
		{-1, -1, "tested for every run"},
		{-0.5, -1, "tested for every run"},
		{0.3, 0.3, "at least 0.30"},
	} {
		table, err := experiment.Experiment{Judgments: judgments(t), Systems: []experiment.System{{Name: "a", Run: run}, {Name: "b", Run: other}}, MinJudged: c.min}.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := table.Write(&b, "text"); err != nil {
			t.Fatal(err)
		}
		if table.MinJudged != c.want || !strings.Contains(strings.Join(strings.Fields(b.String()), " "), c.words) || strings.Contains(b.String(), "at least -") {
			t.Errorf("MinJudged %v: table's %v; caption:\n%s\nwant %q", c.min, table.MinJudged, b.String(), c.words)
		}
	}
}
