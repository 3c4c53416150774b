package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/eval/own"
	"github.com/argsearch/argsearch/internal/devtools"
)

var screenshot = flag.String("screenshot", "", "write a screenshot of the judging page to this PNG `file` (TestBrowser)")

// TestBrowser loads the judging page in headless Chromium, judges three
// pairs with key events, reloads, and finds them saved: in the file and
// checked on the page. It skips where no Chromium is installed.
func TestBrowser(t *testing.T) {
	chromium := devtools.Find()
	if chromium == "" {
		t.Skip("no chromium on $PATH (Debian: apt-get install chromium): the browser check needs headless Chromium")
	}
	out := filepath.Join(t.TempDir(), "own.tsv")
	a := newApp(t, out, "Ada Lovelace", baselineRun)
	srv := httptest.NewUnstartedServer(nil)
	srv.Config.Handler = a.handler(servedHosts(srv.Listener.Addr().String(), srv.Listener.Addr()))
	srv.Start()
	defer srv.Close()

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	started, err := devtools.Start(ctx, chromium, 1100, 900)
	if err != nil {
		t.Fatal(err)
	}
	defer started.Close()
	b := &browser{Browser: started, t: t}
	b.navigate(srv.URL + "/")
	if got := b.eval("location.pathname"); got != "/pair/1" {
		t.Fatalf("the start page is %v, want /pair/1", got)
	}
	// Three pairs, judged by keys: relevance, quality, coherence; the
	// third key saves and opens the next unjudged pair.
	typed := [][3]string{{"2", "1", "0"}, {"s", "0", "0"}, {"1", "2", "2"}}
	want := [][3]int{{2, 1, 0}, {-2, 0, 0}, {1, 2, 2}}
	for i, keys := range typed {
		b.keys(keys[0], keys[1])
		b.expectLoad(func() { b.keys(keys[2]) })
		if got, want := b.eval("location.pathname"), fmt.Sprintf("/pair/%d", i+2); got != want {
			t.Fatalf("after judging pair %d: at %v, want %s", i+1, got, want)
		}
	}
	// Back with p, neighbours with c, forward with n.
	b.expectLoad(func() { b.keys("p") })
	if got := b.eval("location.pathname"); got != "/pair/3" {
		t.Errorf("p: at %v, want /pair/3", got)
	}
	b.expectLoad(func() { b.keys("c") })
	if got := b.eval("document.querySelectorAll('.context').length"); got == float64(0) {
		t.Error("c: no neighbouring sentences shown")
	}
	b.expectLoad(func() { b.keys("n") })
	if got := b.eval("location.pathname"); got != "/pair/4" {
		t.Errorf("n: at %v, want /pair/4", got)
	}

	// Reload, and find the three judged.
	b.expectLoad(func() { b.call("Page.reload", map[string]any{}, nil) })
	for i, w := range want {
		b.navigate(fmt.Sprintf("%s/pair/%d", srv.URL, i+1))
		got := b.eval(`["relevance","quality","coherence"].map(n => { const r = document.querySelector("input[name="+n+"]:checked"); return r ? Number(r.value) : null; }).join(" ")`)
		if w := fmt.Sprintf("%d %d %d", w[0], w[1], w[2]); got != w {
			t.Errorf("pair %d after a reload: checked %v, want %s", i+1, got, w)
		}
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	mine, err := own.Read(f, out)
	if err != nil {
		t.Fatal(err)
	}
	j := mine.Judgments()
	for i, w := range want {
		task := a.tasks[i]
		for d, dim := range []eval.Dimension{eval.Relevance, eval.Quality, eval.Coherence} {
			if l, ok := j.Qrels(dim).Label(task.topic, task.pair); !ok || l != w[d] {
				t.Errorf("pair %d, %s in the file: %d (judged %v), want %d", i+1, dim, l, ok, w[d])
			}
		}
	}
	if n := j.Qrels(eval.Relevance).Len(); n != 3 {
		t.Errorf("%d judgments in the file, want 3", n)
	}
	if got := mine.Annotators(); len(got) != 1 || got[0] != "Ada Lovelace" {
		t.Errorf("annotators %q, want Ada Lovelace", got)
	}
	for _, p := range b.problems() {
		t.Error(p)
	}

	if *screenshot != "" {
		b.call("Emulation.setDeviceMetricsOverride", map[string]any{"width": 1100, "height": 800, "deviceScaleFactor": 1, "mobile": false}, nil)
		b.navigate(srv.URL + "/pair/6?neighbours=1")
		b.keys("2", "1") // two labels typed, the third to come
		png, err := b.Screenshot(map[string]any{"captureBeyondViewport": false})
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(*screenshot, png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// browser is headless Chromium attached to one page, whose failures end
// the test.
type browser struct {
	*devtools.Browser
	t *testing.T
}

// call sends a DevTools command (see devtools.Conn.Call).
func (b *browser) call(method string, params, result any) {
	b.t.Helper()
	if err := b.Call(method, params, result); err != nil {
		b.t.Fatal(err)
	}
}

// expectLoad runs action and waits for the page load it causes.
func (b *browser) expectLoad(action func()) {
	b.t.Helper()
	mark := len(b.Events)
	action()
	if err := b.WaitFor("Page.loadEventFired", mark); err != nil {
		b.t.Fatal(err)
	}
}

func (b *browser) navigate(url string) {
	b.t.Helper()
	if err := b.Navigate(url); err != nil {
		b.t.Fatal(err)
	}
}

// eval returns the value of a JavaScript expression in the page.
func (b *browser) eval(expr string) any {
	b.t.Helper()
	var v any
	if err := b.Evaluate(expr, &v); err != nil {
		b.t.Fatal(err)
	}
	return v
}

// keys presses and releases each key, as a keyboard does.
func (b *browser) keys(keys ...string) {
	b.t.Helper()
	for _, k := range keys {
		code, vk := "Key"+strings.ToUpper(k), int(strings.ToUpper(k)[0])
		if k[0] >= '0' && k[0] <= '9' {
			code = "Digit" + k
		}
		b.call("Input.dispatchKeyEvent", map[string]any{"type": "keyDown", "key": k, "code": code, "text": k, "windowsVirtualKeyCode": vk}, nil)
		b.call("Input.dispatchKeyEvent", map[string]any{"type": "keyUp", "key": k, "code": code, "windowsVirtualKeyCode": vk}, nil)
	}
}

// problems lists the console errors, exceptions and requests off the
// test server the page caused.
func (b *browser) problems() []string {
	var ps []string
	for _, e := range b.Events {
		switch e.Method {
		case "Runtime.exceptionThrown":
			ps = append(ps, "exception: "+string(e.Params))
		case "Log.entryAdded", "Runtime.consoleAPICalled":
			if bytes.Contains(e.Params, []byte(`"error"`)) || bytes.Contains(e.Params, []byte(`"warning"`)) {
				ps = append(ps, e.Method+": "+string(e.Params))
			}
		case "Network.requestWillBeSent":
			var p struct {
				Request struct{ URL string } `json:"request"`
			}
			json.Unmarshal(e.Params, &p)
			if !strings.HasPrefix(p.Request.URL, "http://127.0.0.1:") && p.Request.URL != "about:blank" {
				ps = append(ps, "a request off the server: "+p.Request.URL)
			}
		}
	}
	return ps
}
