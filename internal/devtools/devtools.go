// Package devtools drives headless Chromium over the Chrome DevTools
// Protocol, for the checks that load the module's HTML pages in a real
// browser: the judging page of examples/judge (its TestBrowser) and the
// experiment report (experiment/report/internal/browsercheck).
//
// It speaks the protocol over a pipe (Chromium's --remote-debugging-pipe:
// JSON messages ended by a NUL byte, the browser reading from file
// descriptor 3 and writing to 4), so it needs nothing but the standard
// library and opens no port. Start runs Chromium with the flags that keep
// it off the network by itself (no component updates, no background
// networking, no sync, no QUIC) and a fresh profile, attaches to one new
// page and enables the Page, Runtime, Log and Network domains, so that
// Conn.Events holds every request the page makes and every console message
// and exception.
//
// A Conn is not safe for concurrent use.
package devtools

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"time"
)

// A Message is a DevTools message: a command (ID and Method), its reply
// (ID, with Result or Error) or an event (Method and Params).
type Message struct {
	ID        int             `json:"id,omitempty"`
	SessionID string          `json:"sessionId,omitempty"`
	Method    string          `json:"method,omitempty"`
	Params    json.RawMessage `json:"params,omitempty"`
	Result    json.RawMessage `json:"result,omitempty"`
	Error     *struct {
		Message string `json:"message"`
	} `json:"error,omitempty"`
}

// A Conn is one DevTools connection: commands written to w, replies and
// events read from r.
type Conn struct {
	// Session is the session commands are sent to; "" addresses the
	// browser itself.
	Session string
	// Events holds the events read while waiting for replies, in order.
	// A caller may reset it (to nil) to forget the events so far.
	Events []Message

	w  io.Writer
	r  *bufio.Reader
	id int
}

// NewConn returns a connection that writes commands to w and reads
// replies and events from r.
func NewConn(w io.Writer, r io.Reader) *Conn {
	return &Conn{w: w, r: bufio.NewReader(r)}
}

// Call sends a command with its params and decodes its reply's result
// into result (unless it is nil), keeping the events that come before the
// reply. A reply with an error is an error.
func (c *Conn) Call(method string, params, result any) error {
	c.id++
	p, err := json.Marshal(params)
	if err != nil {
		return fmt.Errorf("devtools: %s: %w", method, err)
	}
	m, err := json.Marshal(Message{ID: c.id, SessionID: c.Session, Method: method, Params: p})
	if err != nil {
		return fmt.Errorf("devtools: %s: %w", method, err)
	}
	if _, err := c.w.Write(append(m, 0)); err != nil {
		return fmt.Errorf("devtools: %s: %w", method, err)
	}
	for {
		msg, err := c.read()
		if err != nil {
			return fmt.Errorf("devtools: %s: %w", method, err)
		}
		if msg.ID != c.id {
			if msg.Method != "" {
				c.Events = append(c.Events, msg)
			}
			continue
		}
		if msg.Error != nil {
			return fmt.Errorf("devtools: %s: %s", method, msg.Error.Message)
		}
		if result != nil {
			if err := json.Unmarshal(msg.Result, result); err != nil {
				return fmt.Errorf("devtools: %s: %w", method, err)
			}
		}
		return nil
	}
}

// read reads one message.
func (c *Conn) read() (Message, error) {
	raw, err := c.r.ReadBytes(0)
	if err != nil {
		return Message{}, err
	}
	var m Message
	err = json.Unmarshal(bytes.TrimSuffix(raw, []byte{0}), &m)
	return m, err
}

// WaitFor returns once an event of the method is among Events[from:],
// reading more events as long as it is not.
func (c *Conn) WaitFor(method string, from int) error {
	for i := from; ; i++ {
		for i >= len(c.Events) {
			msg, err := c.read()
			if err != nil {
				return fmt.Errorf("devtools: waiting for %s: %w", method, err)
			}
			if msg.Method != "" {
				c.Events = append(c.Events, msg)
			}
		}
		if c.Events[i].Method == method {
			return nil
		}
	}
}

// Navigate loads a URL in the page and waits for its load event.
func (c *Conn) Navigate(url string) error {
	mark := len(c.Events)
	if err := c.Call("Page.navigate", map[string]any{"url": url}, nil); err != nil {
		return err
	}
	return c.WaitFor("Page.loadEventFired", mark)
}

// Evaluate evaluates a JavaScript expression in the page, waits for it
// when it is a promise, and decodes its value into value (unless it is
// nil). An exception is an error.
func (c *Conn) Evaluate(expr string, value any) error {
	var r struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails json.RawMessage `json:"exceptionDetails"`
	}
	if err := c.Call("Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true, "awaitPromise": true}, &r); err != nil {
		return err
	}
	if r.ExceptionDetails != nil {
		return fmt.Errorf("devtools: %s: %s", expr, r.ExceptionDetails)
	}
	if value == nil || r.Result.Value == nil {
		return nil
	}
	if err := json.Unmarshal(r.Result.Value, value); err != nil {
		return fmt.Errorf("devtools: %s: %w", expr, err)
	}
	return nil
}

// Screenshot captures the page as a PNG, with params added to
// Page.captureScreenshot's (such as "clip" and "captureBeyondViewport").
func (c *Conn) Screenshot(params map[string]any) ([]byte, error) {
	p := map[string]any{"format": "png"}
	for k, v := range params {
		p[k] = v
	}
	var shot struct {
		Data string `json:"data"`
	}
	if err := c.Call("Page.captureScreenshot", p, &shot); err != nil {
		return nil, err
	}
	png, err := base64.StdEncoding.DecodeString(shot.Data)
	if err != nil {
		return nil, fmt.Errorf("devtools: screenshot: %w", err)
	}
	return png, nil
}

// Find returns the path of Chromium on $PATH ("chromium", then
// "chromium-browser"), or "" when there is none.
func Find() string {
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// A Browser is a headless Chromium started by Start, with a Conn attached
// to its one page.
type Browser struct {
	*Conn

	cmd     *exec.Cmd
	pipe    *os.File // our end of the browser's input
	profile string
}

// Start runs the chromium binary headless, with a fresh profile and a
// window of width×height pixels, opens a page on about:blank, attaches to
// it and enables the Page, Runtime, Log and Network domains. The browser
// is killed when ctx is done; Close ends it and removes its profile.
func Start(ctx context.Context, chromium string, width, height int) (*Browser, error) {
	profile, err := os.MkdirTemp("", "devtools-profile-")
	if err != nil {
		return nil, fmt.Errorf("devtools: %w", err)
	}
	toBrowser, ours, err := os.Pipe() // the browser reads fd 3
	if err != nil {
		os.RemoveAll(profile)
		return nil, fmt.Errorf("devtools: %w", err)
	}
	fromBrowser, theirs, err := os.Pipe() // the browser writes fd 4
	if err != nil {
		os.RemoveAll(profile)
		toBrowser.Close()
		ours.Close()
		return nil, fmt.Errorf("devtools: %w", err)
	}
	cmd := exec.CommandContext(ctx, chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
		"--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--disable-default-apps", "--hide-scrollbars", "--user-data-dir="+profile, "--remote-debugging-pipe",
		fmt.Sprintf("--window-size=%d,%d", width, height), "about:blank")
	cmd.ExtraFiles = []*os.File{toBrowser, theirs}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err = cmd.Start()
	toBrowser.Close()
	theirs.Close()
	if err != nil {
		ours.Close()
		fromBrowser.Close()
		os.RemoveAll(profile)
		return nil, fmt.Errorf("devtools: %w", err)
	}
	go func() { <-ctx.Done(); fromBrowser.Close() }() // a hung browser ends the reads
	b := &Browser{Conn: NewConn(ours, fromBrowser), cmd: cmd, pipe: ours, profile: profile}
	if err := b.attach(); err != nil {
		b.Close()
		if msg := strings.TrimSpace(stderr.String()); msg != "" {
			return nil, fmt.Errorf("%w (chromium said: %s)", err, msg)
		}
		return nil, err
	}
	return b, nil
}

// attach opens a page, attaches the Conn to it and enables the domains.
func (b *Browser) attach() error {
	var target struct {
		TargetID string `json:"targetId"`
	}
	if err := b.Call("Target.createTarget", map[string]any{"url": "about:blank"}, &target); err != nil {
		return err
	}
	var attached struct {
		SessionID string `json:"sessionId"`
	}
	if err := b.Call("Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true}, &attached); err != nil {
		return err
	}
	b.Session = attached.SessionID
	for _, domain := range []string{"Page", "Runtime", "Log", "Network"} {
		if err := b.Call(domain+".enable", map[string]any{}, nil); err != nil {
			return err
		}
	}
	return nil
}

// Close ends the browser: it closes the browser's input, which Chromium
// takes for the end, waits up to 5 seconds for it to exit (then kills it)
// and removes its profile.
func (b *Browser) Close() error {
	b.pipe.Close()
	done := make(chan struct{})
	go func() { b.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		b.cmd.Process.Kill()
		<-done
	}
	if err := os.RemoveAll(b.profile); err != nil {
		return fmt.Errorf("devtools: %w", err)
	}
	return nil
}
