package chatnoir

import (
	"fmt"
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

// BenchmarkDecodeSearchResponse decodes a page of 100 results with
// snippets of about 300 bytes.
func BenchmarkDecodeSearchResponse(b *testing.B) {
	var page strings.Builder
	page.WriteString(`{"meta": {"indices": ["cw22"], "query_time": 300, "total_results": 5000}, "results": [`)
	for i := range 100 {
		if i > 0 {
			page.WriteString(",")
		}
		fmt.Fprintf(&page, `{"index": "cw22", "uuid": "UUID%018d", "warc_id": "d80b9e3a-204e-44a2-9758-%012d",
		  "trec_id": "clueweb22-en%04d-06-02359", "score": %g, "target_uri": "https://site%d.example/a/b",
		  "cache_uri": "https://chatnoir-webcontent.web.webis.de?index=cw22&uuid=UUID%018d",
		  "target_hostname": "site%d.example", "crawl_date": "2022-08-28T06:21:41", "page_rank": null, "spam_rank": 80,
		  "title": "Should <em>school</em> <em>uniforms</em> be mandatory? %d", "snippet": %q, "content_type": "text/html", "lang": "en"}`,
			i, i, i, 2000-float64(i), i, i, i, i, strings.Repeat("Supporters say <em>uniforms</em> reduce bullying. ", 6))
	}
	page.WriteString("]}")
	body := []byte(page.String())
	if _, err := decodeSearchResponse(body); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		if _, err := decodeSearchResponse(body); err != nil {
			b.Fatal(err)
		}
	}
}
