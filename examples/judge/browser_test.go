package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/argsearch/argsearch/eval"
)

var screenshot = flag.String("screenshot", "", "write a screenshot of the judging page to this PNG `file` (TestBrowser)")

// TestBrowser loads the judging page in headless Chromium, judges three
// pairs with key events, reloads, and finds them saved: in the file and
// checked on the page. It skips where no Chromium is installed.
func TestBrowser(t *testing.T) {
	chromium := ""
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			chromium = p
			break
		}
	}
	if chromium == "" {
		t.Skip("no chromium on $PATH (Debian: apt-get install chromium): the browser check needs headless Chromium")
	}
	out := filepath.Join(t.TempDir(), "own.tsv")
	a := newApp(t, out, "Ada Lovelace", baselineRun)
	srv := httptest.NewServer(a.handler())
	defer srv.Close()

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	b, err := startBrowser(ctx, t, chromium)
	if err != nil {
		t.Fatal(err)
	}
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
	own, err := eval.ReadAnnotations(f, out)
	if err != nil {
		t.Fatal(err)
	}
	j := own.Judgments()
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
	if got := own.Annotators(); len(got) != 1 || got[0] != "Ada Lovelace" {
		t.Errorf("annotators %q, want Ada Lovelace", got)
	}
	for _, p := range b.problems() {
		t.Error(p)
	}

	if *screenshot != "" {
		b.call("Emulation.setDeviceMetricsOverride", map[string]any{"width": 1100, "height": 800, "deviceScaleFactor": 1, "mobile": false}, nil)
		b.navigate(srv.URL + "/pair/6?neighbours=1")
		b.keys("2", "1") // two labels typed, the third to come
		var shot struct {
			Data string `json:"data"`
		}
		b.call("Page.captureScreenshot", map[string]any{"format": "png", "captureBeyondViewport": false}, &shot)
		png, err := base64.StdEncoding.DecodeString(shot.Data)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(*screenshot, png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// browser is headless Chromium driven over the DevTools protocol on a pipe
// (--remote-debugging-pipe: JSON messages ended by a NUL byte; the browser
// reads file descriptor 3 and writes 4), attached to one page.
type browser struct {
	t       *testing.T
	w       io.Writer
	r       *bufio.Reader
	id      int
	session string
	events  []cdpMessage
}

type cdpMessage struct {
	ID        int             `json:"id,omitempty"`
	SessionID string          `json:"sessionId,omitempty"`
	Method    string          `json:"method,omitempty"`
	Params    json.RawMessage `json:"params,omitempty"`
	Result    json.RawMessage `json:"result,omitempty"`
	Error     *struct {
		Message string `json:"message"`
	} `json:"error,omitempty"`
}

func startBrowser(ctx context.Context, t *testing.T, chromium string) (*browser, error) {
	profile := t.TempDir()
	toBrowser, ours, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	fromBrowser, theirs, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
		"--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--disable-default-apps", "--hide-scrollbars", "--user-data-dir="+profile, "--remote-debugging-pipe",
		"--window-size=1100,900", "about:blank")
	cmd.ExtraFiles = []*os.File{toBrowser, theirs}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	toBrowser.Close()
	theirs.Close()
	t.Cleanup(func() {
		ours.Close()
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	})
	go func() { <-ctx.Done(); fromBrowser.Close() }()
	b := &browser{t: t, w: ours, r: bufio.NewReader(fromBrowser)}
	var target struct {
		TargetID string `json:"targetId"`
	}
	if err := b.send("Target.createTarget", map[string]any{"url": "about:blank"}, &target); err != nil {
		return nil, fmt.Errorf("%w (chromium said: %s)", err, strings.TrimSpace(stderr.String()))
	}
	var attached struct {
		SessionID string `json:"sessionId"`
	}
	if err := b.send("Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true}, &attached); err != nil {
		return nil, err
	}
	b.session = attached.SessionID
	for _, domain := range []string{"Page", "Runtime", "Log", "Network"} {
		b.call(domain+".enable", map[string]any{}, nil)
	}
	return b, nil
}

// send sends a command and reads until its reply, keeping the events.
func (b *browser) send(method string, params, result any) error {
	b.id++
	p, err := json.Marshal(params)
	if err != nil {
		return err
	}
	m, err := json.Marshal(cdpMessage{ID: b.id, SessionID: b.session, Method: method, Params: p})
	if err != nil {
		return err
	}
	if _, err := b.w.Write(append(m, 0)); err != nil {
		return fmt.Errorf("%s: %w", method, err)
	}
	for {
		msg, err := b.read()
		if err != nil {
			return fmt.Errorf("%s: %w", method, err)
		}
		if msg.ID != b.id {
			if msg.Method != "" {
				b.events = append(b.events, msg)
			}
			continue
		}
		if msg.Error != nil {
			return fmt.Errorf("%s: %s", method, msg.Error.Message)
		}
		if result != nil {
			return json.Unmarshal(msg.Result, result)
		}
		return nil
	}
}

func (b *browser) call(method string, params, result any) {
	b.t.Helper()
	if err := b.send(method, params, result); err != nil {
		b.t.Fatal(err)
	}
}

func (b *browser) read() (cdpMessage, error) {
	raw, err := b.r.ReadBytes(0)
	if err != nil {
		return cdpMessage{}, err
	}
	var m cdpMessage
	err = json.Unmarshal(bytes.TrimSuffix(raw, []byte{0}), &m)
	return m, err
}

// expectLoad runs action and waits for the page load it causes.
func (b *browser) expectLoad(action func()) {
	b.t.Helper()
	mark := len(b.events)
	action()
	for i := mark; ; i++ {
		for i >= len(b.events) {
			msg, err := b.read()
			if err != nil {
				b.t.Fatalf("waiting for a page load: %v", err)
			}
			if msg.Method != "" {
				b.events = append(b.events, msg)
			}
		}
		if b.events[i].Method == "Page.loadEventFired" {
			return
		}
	}
}

func (b *browser) navigate(url string) {
	b.t.Helper()
	b.expectLoad(func() { b.call("Page.navigate", map[string]any{"url": url}, nil) })
}

// eval returns the value of a JavaScript expression in the page.
func (b *browser) eval(expr string) any {
	b.t.Helper()
	var r struct {
		Result struct {
			Value any `json:"value"`
		} `json:"result"`
		ExceptionDetails json.RawMessage `json:"exceptionDetails"`
	}
	b.call("Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true}, &r)
	if r.ExceptionDetails != nil {
		b.t.Fatalf("%s: %s", expr, r.ExceptionDetails)
	}
	return r.Result.Value
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
	for _, e := range b.events {
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
