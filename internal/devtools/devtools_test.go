package devtools

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// TestStart loads a page from a test server in headless Chromium, reads a
// value of it, finds the request in the events and takes a screenshot. It
// skips where no Chromium is installed.
func TestStart(t *testing.T) {
	chromium := Find()
	if chromium == "" {
		t.Skip("no chromium on $PATH (Debian: apt-get install chromium)")
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(`<!doctype html><title>t</title><p id="x">forty-two</p>`))
	}))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	b, err := Start(ctx, chromium, 400, 300)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if err := b.Navigate(srv.URL + "/"); err != nil {
		t.Fatal(err)
	}
	var text string
	if err := b.Evaluate(`document.getElementById("x").textContent`, &text); err != nil || text != "forty-two" {
		t.Errorf("the page's text: got %q, %v; want forty-two", text, err)
	}
	if err := b.Evaluate(`nosuchname.x`, nil); err == nil {
		t.Error("an exception: got no error")
	}
	requested := false
	for _, e := range b.Events {
		if e.Method == "Network.requestWillBeSent" && bytes.Contains(e.Params, []byte(srv.URL)) {
			requested = true
		}
	}
	if !requested {
		t.Errorf("no Network.requestWillBeSent for %s among %d events", srv.URL, len(b.Events))
	}
	png, err := b.Screenshot(nil)
	if err != nil || !bytes.HasPrefix(png, []byte("\x89PNG")) {
		t.Errorf("screenshot: got %d bytes, %v; want a PNG", len(png), err)
	}
}
