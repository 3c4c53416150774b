// Command browsercheck loads an HTML file in headless Chromium and checks
// that it logs no console error, throws no exception and makes no network
// request; it then writes screenshots of elements of the page. It is the
// second half of ../../testdata/browser-check.sh, which says how to run it.
//
//	browsercheck [-chromium PATH] [-out DIR] [-width 1400] [-height 1600] FILE [NAME=SELECTOR ...]
//
// It drives Chromium with internal/devtools: the DevTools Protocol over a
// pipe, so it needs nothing but the standard library and opens no port.
// Chromium runs with the flags that keep it off the network by itself (no
// component updates, no background networking, no sync, no QUIC) and a
// fresh profile; the Network domain then reports every request the page
// makes, and the Runtime and Log domains every console message and
// exception. Any request
// but the one for FILE itself fails the check, as does any console message
// of level error or warning, any exception, and any <script> element in
// the loaded document.
//
// Each NAME=SELECTOR writes DIR/NAME.png, the element the CSS selector
// finds, scrolled to and clipped to at most -height pixels.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/argsearch/argsearch/internal/devtools"
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

// check loads file in Chromium, reports what it loaded, writes the
// screenshots and returns the problems as one error.
func check(ctx context.Context, chromium, file, out string, width int, height float64, shots []string) error {
	abs, err := filepath.Abs(file)
	if err != nil {
		return err
	}
	page := (&url.URL{Scheme: "file", Path: abs}).String()
	b, err := devtools.Start(ctx, chromium, width, 1000)
	if err != nil {
		return err
	}
	defer b.Close()
	scripts, err := load(b, page, width)
	if err != nil {
		return err
	}
	problems, requests := pageProblems(b.Events, page)
	if scripts != 0 {
		problems = append(problems, fmt.Sprintf("%d <script> elements in the document", scripts))
	}
	fmt.Printf("loaded %s: %d request (the file itself), %d events, %d problems\n", page, requests, len(b.Events), len(problems))
	if requests == 0 {
		problems = append(problems, "no request for the file itself: the Network domain saw nothing, so the check proves nothing")
	}
	for _, shot := range shots {
		name, selector, ok := strings.Cut(shot, "=")
		if !ok {
			return fmt.Errorf("screenshot %q: want NAME=SELECTOR", shot)
		}
		if err := screenshot(b, selector, filepath.Join(out, name+".png"), height); err != nil {
			return err
		}
	}
	if len(problems) > 0 {
		return errors.New(strings.Join(problems, "\n"))
	}
	return nil
}

// load sizes the viewport, forgets about:blank's events, loads the page,
// gives anything late (a lazy image, a font) a second to show itself, and
// returns the number of <script> elements in the document.
func load(b *devtools.Browser, page string, width int) (scripts int, err error) {
	if err := b.Call("Emulation.setDeviceMetricsOverride", map[string]any{"width": width, "height": 1000, "deviceScaleFactor": 1, "mobile": false}, nil); err != nil {
		return 0, err
	}
	b.Events = nil // about:blank's
	if err := b.Navigate(page); err != nil {
		return 0, err
	}
	if err := b.Evaluate("new Promise(r => setTimeout(r, 1000))", nil); err != nil {
		return 0, err
	}
	err = b.Evaluate("document.querySelectorAll('script').length", &scripts)
	return scripts, err
}

// pageProblems returns what the events show going wrong: any request but
// the one for page, any console message, any exception, and any log entry
// of level error or warning; and the number of requests.
func pageProblems(events []devtools.Message, page string) (problems []string, requests int) {
	for _, e := range events {
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
	return problems, requests
}

// screenshot writes a PNG of the element a selector finds.
func screenshot(b *devtools.Browser, selector, path string, height float64) error {
	sel, err := json.Marshal(selector)
	if err != nil {
		return err
	}
	expr := `(() => { const e = document.querySelector(` + string(sel) + `); if (!e) return null;
		e.scrollIntoView(); const r = e.getBoundingClientRect();
		return {x: r.left + window.scrollX, y: r.top + window.scrollY, width: r.width, height: r.height}; })()`
	var v *struct{ X, Y, Width, Height float64 }
	if err := b.Evaluate(expr, &v); err != nil {
		return err
	}
	if v == nil || v.Width == 0 || v.Height == 0 {
		return fmt.Errorf("screenshot: nothing to see at %s", selector)
	}
	clip := map[string]any{"x": v.X, "y": v.Y, "width": v.Width, "height": min(v.Height, height), "scale": 1}
	png, err := b.Screenshot(map[string]any{"clip": clip, "captureBeyondViewport": true})
	if err != nil {
		return err
	}
	fmt.Printf("wrote %s: %s, %.0f×%.0f\n", path, selector, v.Width, min(v.Height, height))
	return os.WriteFile(path, png, 0o644)
}
