package chatnoir

import (
	"os"
	"strings"
	"testing"
)

func FuzzDecodeSearchResponse(f *testing.F) {
	raw, err := os.ReadFile("testdata/search_response.json")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(raw)
	for _, s := range []string{
		`{"results": []}`,
		`{"meta": {"total_results": -5}, "results": [{"score": 1, "uuid": "a"}]}`,
		`{"meta": {"total_results": 1e30}, "results": [{"score": 1, "trec_id": "t", "page_rank": null}]}`,
		`{"results": [{"score": 1}]}`,
		`{"results": null}`,
		`[]`,
		`null`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		page, err := decodeSearchResponse(body)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "decoding response") {
				t.Errorf("error %q does not say what failed", err)
			}
			return
		}
		if page.TotalResults < -1 {
			t.Errorf("TotalResults = %d", page.TotalResults)
		}
		for i, r := range page.Results {
			if r.ID == "" || strings.ContainsAny(r.ID, " \t\r\n") {
				t.Errorf("result %d: bad ID %q", i, r.ID)
			}
			if r.ID != r.TrecID && (r.TrecID != "" || r.ID != r.UUID) {
				t.Errorf("result %d: ID %q is neither the TREC id %q nor, without one, the UUID %q", i, r.ID, r.TrecID, r.UUID)
			}
		}
	})
}
