package argsme

import (
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
