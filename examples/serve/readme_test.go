package main

import (
	"encoding/json"
	"net/url"
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestReadmeLines sends the README's curl line and its Python requests
// line, as the requests they make, to the command serving the embedded
// sample: both answer three arguments.
func TestReadmeLines(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	curl := regexp.MustCompile(`(?m)^curl '(http://127\.0\.0\.1:8080/[^']+)'$`).FindStringSubmatch(readme)
	py := regexp.MustCompile(`(?m)^requests\.get\("(http://127\.0\.0\.1:8080/[^"]+)", params=\{"query": "([^"]+)", "pageSize": (\d+)\}\)\.json\(\)\["arguments"\]$`).FindStringSubmatch(readme)
	if curl == nil || py == nil {
		t.Fatalf("README.md: no curl line (%v) or no Python requests line (%v) of the API on 127.0.0.1:8080", curl != nil, py != nil)
	}
	r := start(t)
	pyURL := py[1] + "?" + url.Values{"query": {py[2]}, "pageSize": {py[3]}}.Encode()
	c := newClient(t)
	for name, u := range map[string]string{"curl": curl[1], "requests": pyURL} {
		u = strings.Replace(u, "127.0.0.1:8080", r.host, 1)
		resp, body := get(t, c, u, "")
		var got struct {
			Arguments []struct {
				ID     string `json:"id"`
				Stance string `json:"stance"`
			} `json:"arguments"`
		}
		if err := json.Unmarshal(body, &got); err != nil || resp.StatusCode != 200 {
			t.Fatalf("%s: %s: status %d, %v:\n%.300s", name, u, resp.StatusCode, err, body)
		}
		if len(got.Arguments) != 3 || got.Arguments[0].ID == "" || (got.Arguments[0].Stance != "PRO" && got.Arguments[0].Stance != "CON") {
			t.Errorf("%s: %s: got %+v, want three arguments with ids and stances", name, u, got.Arguments)
		}
	}
}
