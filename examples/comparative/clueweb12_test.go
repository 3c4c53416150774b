package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/comparative"
	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/runfile"
)

// idealChatNoir answers a search for a 2020 Task 2 topic's title with that
// topic's judged ClueWeb12 documents, best label first: a run made from it
// scores judged-only nDCG@5 1 on every topic.
func idealChatNoir(t *testing.T, key string) (*httptest.Server, *int) {
	t.Helper()
	d, err := comparative.Load(2020)
	if err != nil {
		t.Fatal(err)
	}
	byTitle := map[string][]map[string]any{}
	q := d.Judgments.Qrels(eval.Relevance)
	for _, tp := range d.Topics {
		var js []eval.Judgment
		for j := range q.All() {
			if j.Topic == tp.ID {
				js = append(js, j)
			}
		}
		slices.SortStableFunc(js, func(a, b eval.Judgment) int { return b.Label - a.Label })
		for i, j := range js {
			byTitle[tp.Title] = append(byTitle[tp.Title], map[string]any{
				"index": "cw12", "uuid": "U" + j.DocID, "trec_id": j.DocID, "score": float64(1000 - i),
			})
		}
	}
	searches := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		qv := r.URL.Query()
		if r.URL.Path != "/api/v1/_search" || r.Header.Get("Authorization") != "Bearer "+key || qv.Get("index") != "cw12" {
			http.Error(w, `{"error": "bad request"}`, http.StatusBadRequest)
			return
		}
		searches++
		all := byTitle[qv.Get("query")]
		from, _ := strconv.Atoi(qv.Get("from"))
		size, _ := strconv.Atoi(qv.Get("size"))
		lo, hi := min(from, len(all)), min(from+size, len(all))
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"meta": map[string]any{"total_results": len(all)}, "results": all[lo:hi]})
	}))
	t.Cleanup(srv.Close)
	return srv, &searches
}

// TestYear2020 runs the 2020 Task 2 through a fake ChatNoir and scores the
// run against the embedded 2020 judgments.
func TestYear2020(t *testing.T) {
	srv, searches := idealChatNoir(t, "k3y")
	out := t.TempDir()
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"-year", "2020", "-o", out, "-k", "10", "-apikey", "k3y", "-base", srv.URL, "-quiet"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if *searches != 50 {
		t.Errorf("%d searches, want one per topic (50)", *searches)
	}
	path := filepath.Join(out, "run.txt")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	rr := runfile.NewReader(f)
	rr.Comparative = true
	got, err := rr.ReadRun()
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 50 || got["1"][0].Tag != "chatnoir-cw12-2020" || got["1"][0].Stance.String() != "Q0" || !strings.HasPrefix(got["1"][0].DocID, "clueweb12-") {
		t.Errorf("run: %d topics, first line %+v", len(got), got["1"][0])
	}
	stdout.Reset()
	if code := run(context.Background(), []string{"-evaluate", "-year", "2020", "-format", "tsv", path}, &stdout, &stderr); code != 0 {
		t.Fatalf("-evaluate -year 2020: exit %d: %s", code, stderr.String())
	}
	lines := strings.Split(strings.TrimRight(stdout.String(), "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("-evaluate -year 2020: want a header and one row (relevance only), got\n%s", stdout.String())
	}
	head, row := strings.Split(lines[0], "\t"), strings.Split(lines[1], "\t")
	i, jd := slices.Index(head, "ndcg5"), slices.Index(head, "judgments")
	if i < 0 || jd < 0 || len(row) != len(head) || row[jd] != "touche-2020-task-2 relevance" {
		t.Fatalf("-evaluate -year 2020: no relevance nDCG in\n%s", stdout.String())
	}
	if v, err := strconv.ParseFloat(row[i], 64); err != nil || v != 1 {
		t.Errorf("nDCG@5 of the ideal ranking: %s, want 1", row[i])
	}
}

func TestYearErrors(t *testing.T) {
	t.Setenv(apiKeyEnv, "")
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-year", "2020", "-quiet"}, 2, "API key"},
		{[]string{"-year", "2021", "-apikey", "k", "-quiet"}, 2, "-i DIR"},
		{[]string{"-year", "2019"}, 2, "-year"},
		{[]string{"-evaluate", "-year", "2021", "run.txt"}, 1, "2021 Task 2 is not embedded"},
		{[]string{"-year", "2020", "-apikey", "k", "-recipe", "levi"}, 2, "-recipe is for the 2022 passages"},
		{[]string{"-apikey", "k"}, 2, "-apikey is for running -year 2020 or 2021"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), c.args, &stdout, &stderr)
		if code != c.code || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%q: exit %d, stderr %q; want %d and %q", c.args, code, stderr.String(), c.code, c.want)
		}
	}
}
