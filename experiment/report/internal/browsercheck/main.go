// Command browsercheck loads an HTML file in headless Chromium and checks
// that it logs no console error, throws no exception and makes no network
// request; it then writes screenshots of elements of the page. It is the
// second half of ../../testdata/browser-check.sh, which says how to run it.
//
//	browsercheck [-chromium PATH] [-out DIR] [-width 1400] [-height 1600] FILE [NAME=SELECTOR ...]
//
// It speaks the Chrome DevTools Protocol over a pipe (Chromium's
// --remote-debugging-pipe: JSON messages ended by a NUL byte, the browser
// reading from file descriptor 3 and writing to 4), so it needs nothing
// but the standard library and opens no port. Chromium runs with the
// flags that keep it off the network by itself (no component updates, no
// background networking, no sync, no QUIC) and a fresh profile; the
// Network domain then reports every request the page makes, and the
// Runtime and Log domains every console message and exception. Any request
// but the one for FILE itself fails the check, as does any console message
// of level error or warning, any exception, and any <script> element in
// the loaded document.
//
// Each NAME=SELECTOR writes DIR/NAME.png, the element the CSS selector
// finds, scrolled to and clipped to at most -height pixels.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

func main() {
	chromium := flag.String("chromium", "chromium", "the Chromium `binary`")
	out := flag.String("out", ".", "the `directory` of the screenshots")
	width := flag.Int("width", 1400, "the window's width in pixels")
	height := flag.Int("height", 1600, "the screenshots' largest height in pixels")
	flag.Parse()
	if flag.NArg() < 1 {
		fmt.Fprintln(os.Stderr, "usage: browsercheck [-chromium PATH] [-out DIR] [-width 1400] [-height 1600] FILE [NAME=SELECTOR ...]")
		os.Exit(2)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if err := check(ctx, *chromium, flag.Arg(0), *out, *width, float64(*height), flag.Args()[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "browsercheck:", err)
		os.Exit(1)
	}
}

// browser is a Chromium driven over its DevTools pipe.
type browser struct {
	w      io.Writer
	r      *bufio.Reader
	id     int
	events []message // events read while waiting for a reply, in order
}

// message is a DevTools message: a reply (ID) or an event (Method).
type message struct {
	ID        int             `json:"id,omitempty"`
	SessionID string          `json:"sessionId,omitempty"`
	Method    string          `json:"method,omitempty"`
	Params    json.RawMessage `json:"params,omitempty"`
	Result    json.RawMessage `json:"result,omitempty"`
	Error     *struct {
		Message string `json:"message"`
	} `json:"error,omitempty"`
}

// call sends a command and returns its result, keeping the events that
// come before it.
func (b *browser) call(session, method string, params any, result any) error {
	b.id++
	p, err := json.Marshal(params)
	if err != nil {
		return err
	}
	m, err := json.Marshal(message{ID: b.id, SessionID: session, Method: method, Params: p})
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

// read reads one message.
func (b *browser) read() (message, error) {
	raw, err := b.r.ReadBytes(0)
	if err != nil {
		return message{}, err
	}
	var m message
	err = json.Unmarshal(bytes.TrimSuffix(raw, []byte{0}), &m)
	return m, err
}

// waitFor reads until an event of the method comes (or was kept).
func (b *browser) waitFor(method string) error {
	for _, e := range b.events {
		if e.Method == method {
			return nil
		}
	}
	for {
		msg, err := b.read()
		if err != nil {
			return fmt.Errorf("waiting for %s: %w", method, err)
		}
		if msg.Method != "" {
			b.events = append(b.events, msg)
		}
		if msg.Method == method {
			return nil
		}
	}
}

func check(ctx context.Context, chromium, file, out string, width int, height float64, shots []string) error {
	abs, err := filepath.Abs(file)
	if err != nil {
		return err
	}
	page := (&url.URL{Scheme: "file", Path: abs}).String()
	profile, err := os.MkdirTemp("", "browsercheck-profile-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(profile)

	toBrowser, ourEnd, err := os.Pipe() // the browser reads fd 3
	if err != nil {
		return err
	}
	fromBrowser, theirEnd, err := os.Pipe() // the browser writes fd 4
	if err != nil {
		return err
	}
	cmd := exec.CommandContext(ctx, chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
		"--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--disable-default-apps", "--hide-scrollbars", "--user-data-dir="+profile, "--remote-debugging-pipe",
		fmt.Sprintf("--window-size=%d,1000", width), "about:blank")
	cmd.ExtraFiles = []*os.File{toBrowser, theirEnd}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		return err
	}
	toBrowser.Close()
	theirEnd.Close()
	defer func() {
		ourEnd.Close()
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	}()
	b := &browser{w: ourEnd, r: bufio.NewReader(fromBrowser)}
	go func() { <-ctx.Done(); fromBrowser.Close() }() // a hung browser ends the reads

	var target struct {
		TargetID string `json:"targetId"`
	}
	if err := b.call("", "Target.createTarget", map[string]any{"url": "about:blank"}, &target); err != nil {
		return fmt.Errorf("%w (chromium said: %s)", err, strings.TrimSpace(stderr.String()))
	}
	var attached struct {
		SessionID string `json:"sessionId"`
	}
	if err := b.call("", "Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true}, &attached); err != nil {
		return err
	}
	s := attached.SessionID
	for _, domain := range []string{"Runtime", "Log", "Network", "Page"} {
		if err := b.call(s, domain+".enable", map[string]any{}, nil); err != nil {
			return err
		}
	}
	if err := b.call(s, "Emulation.setDeviceMetricsOverride", map[string]any{"width": width, "height": 1000, "deviceScaleFactor": 1, "mobile": false}, nil); err != nil {
		return err
	}
	b.events = nil // about:blank's
	if err := b.call(s, "Page.navigate", map[string]any{"url": page}, nil); err != nil {
		return err
	}
	if err := b.waitFor("Page.loadEventFired"); err != nil {
		return err
	}
	// Let anything late (a lazy image, a font) show itself.
	if err := b.call(s, "Runtime.evaluate", map[string]any{"expression": "new Promise(r => setTimeout(r, 1000))", "awaitPromise": true}, nil); err != nil {
		return err
	}
	var scripts struct {
		Result struct {
			Value int `json:"value"`
		} `json:"result"`
	}
	if err := b.call(s, "Runtime.evaluate", map[string]any{"expression": "document.querySelectorAll('script').length", "returnByValue": true}, &scripts); err != nil {
		return err
	}

	var problems []string
	requests := 0
	for _, e := range b.events {
		switch e.Method {
		case "Network.requestWillBeSent":
			var p struct {
				Request struct {
					URL string `json:"url"`
				} `json:"request"`
			}
			json.Unmarshal(e.Params, &p)
			requests++
			if p.Request.URL != page {
				problems = append(problems, "network request: "+p.Request.URL)
			}
		case "Runtime.consoleAPICalled":
			var p struct {
				Type string `json:"type"`
				Args []struct {
					Value any `json:"value"`
				} `json:"args"`
			}
			json.Unmarshal(e.Params, &p)
			problems = append(problems, fmt.Sprintf("console.%s: %v", p.Type, p.Args))
		case "Runtime.exceptionThrown":
			problems = append(problems, "exception: "+string(e.Params))
		case "Log.entryAdded":
			var p struct {
				Entry struct {
					Level, Source, Text, URL string
				} `json:"entry"`
			}
			json.Unmarshal(e.Params, &p)
			if p.Entry.Level == "error" || p.Entry.Level == "warning" {
				problems = append(problems, fmt.Sprintf("log %s (%s): %s %s", p.Entry.Level, p.Entry.Source, p.Entry.Text, p.Entry.URL))
			}
		}
	}
	if scripts.Result.Value != 0 {
		problems = append(problems, fmt.Sprintf("%d <script> elements in the document", scripts.Result.Value))
	}
	fmt.Printf("loaded %s: %d request (the file itself), %d events, %d problems\n", page, requests, len(b.events), len(problems))
	if requests == 0 {
		problems = append(problems, "no request for the file itself: the Network domain saw nothing, so the check proves nothing")
	}

	for _, shot := range shots {
		name, selector, ok := strings.Cut(shot, "=")
		if !ok {
			return fmt.Errorf("screenshot %q: want NAME=SELECTOR", shot)
		}
		if err := screenshot(b, s, selector, filepath.Join(out, name+".png"), height); err != nil {
			return err
		}
	}
	if len(problems) > 0 {
		return errors.New(strings.Join(problems, "\n"))
	}
	return nil
}

// screenshot writes a PNG of the element a selector finds.
func screenshot(b *browser, s, selector, path string, height float64) error {
	sel, err := json.Marshal(selector)
	if err != nil {
		return err
	}
	expr := `(() => { const e = document.querySelector(` + string(sel) + `); if (!e) return null;
		e.scrollIntoView(); const r = e.getBoundingClientRect();
		return {x: r.left + window.scrollX, y: r.top + window.scrollY, width: r.width, height: r.height}; })()`
	var box struct {
		Result struct {
			Value *struct{ X, Y, Width, Height float64 } `json:"value"`
		} `json:"result"`
	}
	if err := b.call(s, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true}, &box); err != nil {
		return err
	}
	v := box.Result.Value
	if v == nil || v.Width == 0 || v.Height == 0 {
		return fmt.Errorf("screenshot: nothing to see at %s", selector)
	}
	var shot struct {
		Data string `json:"data"`
	}
	clip := map[string]any{"x": v.X, "y": v.Y, "width": v.Width, "height": min(v.Height, height), "scale": 1}
	if err := b.call(s, "Page.captureScreenshot", map[string]any{"format": "png", "clip": clip, "captureBeyondViewport": true}, &shot); err != nil {
		return err
	}
	png, err := base64.StdEncoding.DecodeString(shot.Data)
	if err != nil {
		return err
	}
	fmt.Printf("wrote %s: %s, %.0f×%.0f\n", path, selector, v.Width, min(v.Height, height))
	return os.WriteFile(path, png, 0o644)
}
