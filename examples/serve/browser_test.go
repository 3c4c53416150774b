package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/argsearch/argsearch/internal/devtools"
)

var screenshot = flag.String("screenshot", "", "write a screenshot of the search page to this PNG `file` (TestBrowser)")

// TestBrowser drives the search page in headless Chromium from the
// keyboard alone: it focuses the box with /, types a query and submits it
// with Enter, finds the results in a pro and a con column, moves through
// them with j, k, l and the arrows, opens one with Enter, comes back with
// Escape (the opened result has the focus again), opens another and comes
// back with Backspace. The page must make no request off the server and
// log no error (a Content-Security-Policy violation is one). It skips
// where no Chromium is installed.
func TestBrowser(t *testing.T) {
	chromium := devtools.Find()
	if chromium == "" {
		t.Skip("no chromium on $PATH (Debian: apt-get install chromium): the browser check needs headless Chromium")
	}
	r := start(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	started, err := devtools.Start(ctx, chromium, 1200, 900)
	if err != nil {
		t.Fatal(err)
	}
	defer started.Close()
	b := &browser{Browser: started, t: t}
	b.navigate(r.url)
	if got := b.eval("document.activeElement.id"); got != "q" {
		t.Errorf("the empty search page: the focus is on %q, want the box", got)
	}
	b.keys("Escape")
	if got := b.eval("document.activeElement.id"); got == "q" {
		t.Error("Escape did not leave the box")
	}
	b.keys("/")
	if got := b.eval("document.activeElement.id"); got != "q" {
		t.Fatalf("/: the focus is on %q, want the box", got)
	}
	b.call("Input.insertText", map[string]any{"text": "Should teachers get tenure?"}, nil)
	b.expectLoad(func() { b.keys("Enter") })
	if got := b.eval("location.search"); got != "?q=Should+teachers+get+tenure%3F" {
		t.Fatalf("Enter in the box: at %v", got)
	}
	pro := b.eval("document.querySelectorAll('.column.pro .result').length")
	con := b.eval("document.querySelectorAll('.column.con .result').length")
	if pro == float64(0) || con == float64(0) {
		t.Fatalf("%v pro and %v con results, want both columns filled", pro, con)
	}
	if got := b.eval("document.querySelectorAll('.pairs .pair').length"); got == float64(0) {
		t.Error("no sentence pairs on the results page")
	}
	// Which result has the focus: its column and its place in it.
	focused := `(() => { const a = document.activeElement; const c = a.closest(".column"); return c ? c.dataset.column + " " + Array.from(c.querySelectorAll(".result a.open")).indexOf(a) : a.tagName; })()`
	for _, step := range []struct{ key, want string }{
		{"j", "pro 0"}, {"j", "pro 1"}, {"ArrowDown", "pro 2"}, {"k", "pro 1"}, {"ArrowUp", "pro 0"}, {"k", "pro 0"},
		{"l", "con 0"}, {"j", "con 1"}, {"h", "pro 1"}, {"ArrowRight", "con 1"}, {"ArrowLeft", "pro 1"},
	} {
		b.keys(step.key)
		if got := b.eval(focused); got != step.want {
			t.Fatalf("%s: the focus is on %v, want %s", step.key, got, step.want)
		}
	}
	// Open the focused result with Enter, and come back with Escape.
	conclusion := b.eval("document.activeElement.textContent")
	id := b.eval("document.activeElement.closest('.result').id")
	b.expectLoad(func() { b.keys("Enter") })
	if got := b.eval("location.pathname"); !strings.HasPrefix(got.(string), "/argument/") {
		t.Fatalf("Enter on a result: at %v", got)
	}
	if got := b.eval("document.querySelector('h1').textContent"); got != conclusion {
		t.Errorf("the argument's page is headed %q, want the result's conclusion %q", got, conclusion)
	}
	if got := b.eval("document.querySelectorAll('.premise').length"); got == float64(0) {
		t.Error("the argument's page shows no premise")
	}
	b.expectLoad(func() { b.keys("Escape") })
	if got := b.eval("location.pathname + location.search"); got != "/?q=Should+teachers+get+tenure%3F" {
		t.Fatalf("Escape on an argument: at %v", got)
	}
	if got := b.eval("document.activeElement.closest('.result') && document.activeElement.closest('.result').id"); got != id {
		t.Errorf("back from an argument: the focus is on %v, want its result %v", got, id)
	}
	// The result beside it in the con column, and back with Backspace.
	b.keys("l")
	if got := b.eval(focused); got != "con 1" {
		t.Errorf("l: the focus is on %v, want con 1", got)
	}
	b.expectLoad(func() { b.keys("Enter") })
	if got := b.eval("location.pathname"); !strings.HasPrefix(got.(string), "/argument/") {
		t.Fatalf("Enter on a con result: at %v", got)
	}
	b.expectLoad(func() { b.keys("Backspace") })
	if got := b.eval(focused); got != "con 1" {
		t.Errorf("Backspace on an argument: the focus is on %v, want con 1", got)
	}
	for _, p := range b.problems(r.url) {
		t.Error(p)
	}

	if *screenshot != "" {
		b.call("Emulation.setDeviceMetricsOverride", map[string]any{"width": 1200, "height": 860, "deviceScaleFactor": 1, "mobile": false}, nil)
		b.navigate(r.url + "?q=Should+teachers+get+tenure%3F")
		b.keys("j", "j") // a result has the focus, as the keys leave it
		shot, err := b.Screenshot(map[string]any{"captureBeyondViewport": false})
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(*screenshot, shot, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// browser is headless Chromium attached to one page, whose failures end
// the test (as examples/judge's TestBrowser drives it).
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

// specialKeys are the DevTools codes of the keys other than a letter.
var specialKeys = map[string]struct {
	code string
	vk   int
	text string
}{
	"Enter": {"Enter", 13, "\r"}, "Escape": {"Escape", 27, ""}, "Backspace": {"Backspace", 8, ""}, "/": {"Slash", 191, "/"},
	"ArrowDown": {"ArrowDown", 40, ""}, "ArrowUp": {"ArrowUp", 38, ""}, "ArrowLeft": {"ArrowLeft", 37, ""}, "ArrowRight": {"ArrowRight", 39, ""},
}

// keys presses and releases each key, as a keyboard does.
func (b *browser) keys(keys ...string) {
	b.t.Helper()
	for _, k := range keys {
		code, vk, text := "Key"+strings.ToUpper(k), int(strings.ToUpper(k)[0]), k
		if s, ok := specialKeys[k]; ok {
			code, vk, text = s.code, s.vk, s.text
		}
		down := map[string]any{"type": "keyDown", "key": k, "code": code, "windowsVirtualKeyCode": vk}
		if text != "" {
			down["text"] = text
		}
		b.call("Input.dispatchKeyEvent", down, nil)
		b.call("Input.dispatchKeyEvent", map[string]any{"type": "keyUp", "key": k, "code": code, "windowsVirtualKeyCode": vk}, nil)
	}
}

// problems lists the console errors and warnings, the exceptions and the
// requests off the server (base) the page caused.
func (b *browser) problems(base string) []string {
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
			if !strings.HasPrefix(p.Request.URL, base) && p.Request.URL != "about:blank" {
				ps = append(ps, "a request off the server: "+p.Request.URL)
			}
		}
	}
	return ps
}
