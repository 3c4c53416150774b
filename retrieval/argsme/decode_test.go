package argsme

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/argsearch/argsearch/stance"
)

func FuzzDecodeSearchResponse(f *testing.F) {
	for _, file := range []string{"testdata/search_response.json", "testdata/argument.json"} {
		raw, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(raw)
	}
	for _, s := range []string{
		`{"arguments": [], "totalSize": 0}`,
		`{"totalSize": 0}`,
		`{"totalSize": -3, "arguments": [{"id": "a", "explanation": {"score": 2}, "stance": "CON"}]}`,
		`{"arguments": [{"id": "a", "explanation": {"score": 2}, "premises": [{"text": null, "stance": "PRO"}], "context": null}]}`,
		`{"arguments": [{"id": "a b", "explanation": {"score": 2}}]}`,
		`{"arguments": null}`,
		`[]`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		resp, err := decodeSearchResponse(body)
		if err == nil {
			if resp.TotalSize < -1 {
				t.Errorf("TotalSize = %d", resp.TotalSize)
			}
			for i, r := range resp.Results {
				checkArgument(t, i, r.Argument.ID)
				if r.Stance != stance.Unknown && r.Stance != stance.Pro && r.Stance != stance.Con {
					t.Errorf("result %d: stance %v", i, r.Stance)
				}
			}
		} else if !strings.HasPrefix(err.Error(), "decoding response") {
			t.Errorf("error %q does not say what failed", err)
		}
		a, err := decodeArgument(body)
		if err == nil {
			checkArgument(t, 0, a.ID)
		} else if !strings.HasPrefix(err.Error(), "decoding response") {
			t.Errorf("error %q does not say what failed", err)
		}
	})
}

func checkArgument(t *testing.T, i int, id string) {
	t.Helper()
	if id == "" || strings.ContainsAny(id, " \t\r\n") {
		t.Errorf("result %d: bad id %q", i, id)
	}
}

// BenchmarkDecodeSearchResponse decodes a page of 100 whole arguments with
// premises of about 2 KB, as Search receives them.
func BenchmarkDecodeSearchResponse(b *testing.B) {
	var page strings.Builder
	page.WriteString(`{"query": {"text": "sex education", "properties": {}, "start": "2022-03-01T10:15:00Z"}, "arguments": [`)
	for i := range 100 {
		if i > 0 {
			page.WriteString(",")
		}
		fmt.Fprintf(&page, `{"id": "S%08x-A%08x", "conclusion": "Sex education should be taught in schools %d.",
		  "premises": [{"text": %q, "stance": "PRO", "annotations": []}],
		  "context": {"sourceId": "S%08x", "previousArgumentInSourceId": "", "acquisitionTime": "2019-04-18T12:00:00Z",
		    "discussionTitle": "Sex education", "sourceTitle": null, "sourceUrl": null, "nextArgumentInSourceId": ""},
		  "summary": "", "explanation": {"score": %g, "name": "relevance", "details": []}, "stance": "CON"}`,
			i, 7*i, i, strings.Repeat("Many would object to this stance, as it is a sensitive subject. ", 32), i, 2000-float64(i))
	}
	page.WriteString(`], "totalSize": 5000, "resultsBefore": 0, "retrievalTimeInMilliseconds": 38}`)
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
