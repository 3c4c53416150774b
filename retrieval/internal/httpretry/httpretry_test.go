package httpretry

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// script serves the given statuses in turn (the last one repeats) and
// counts requests.
func script(t *testing.T, statuses []int, header http.Header) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var n atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		i := int(n.Add(1)) - 1
		code := statuses[min(i, len(statuses)-1)]
		for k, vs := range header {
			for _, v := range vs {
				w.Header().Add(k, v)
			}
		}
		w.WriteHeader(code)
		fmt.Fprintf(w, "response %d with status %d", i+1, code)
	}))
	t.Cleanup(srv.Close)
	return srv, &n
}

func getter(url string) func(context.Context) (*http.Request, error) {
	return func(ctx context.Context) (*http.Request, error) {
		return http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	}
}

// recorder is a Sleep that records the waits instead of waiting.
type recorder struct{ waits []time.Duration }

func (r *recorder) sleep(ctx context.Context, d time.Duration) error {
	r.waits = append(r.waits, d)
	return ctx.Err()
}

func TestRetryThenSuccess(t *testing.T) {
	srv, n := script(t, []int{503, 429, 200}, nil)
	var rec recorder
	p := Policy{Backoff: time.Second, Sleep: rec.sleep}
	body, err := p.Get(context.Background(), srv.Client(), getter(srv.URL+"/x?secret=1"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(body), "response 3 with status 200"; got != want {
		t.Errorf("body: got %q, want %q", got, want)
	}
	if got := n.Load(); got != 3 {
		t.Errorf("got %d requests, want 3", got)
	}
	if diff := cmp.Diff([]time.Duration{time.Second, 2 * time.Second}, rec.waits); diff != "" {
		t.Errorf("waits (-want +got):\n%s", diff)
	}
}

func TestBackoffDoublesUpToTheCapThenGivesUp(t *testing.T) {
	srv, n := script(t, []int{500}, nil)
	var rec recorder
	p := Policy{MaxRetries: 5, Backoff: time.Second, MaxBackoff: 3 * time.Second, Sleep: rec.sleep}
	_, err := p.Get(context.Background(), srv.Client(), getter(srv.URL+"/search?q=secret"))
	var se *StatusError
	if !errors.As(err, &se) {
		t.Fatalf("got error %v, want a *StatusError", err)
	}
	if se.StatusCode != 500 || se.Attempts != 6 {
		t.Errorf("got status %d after %d attempts, want 500 after 6", se.StatusCode, se.Attempts)
	}
	if got := n.Load(); got != 6 {
		t.Errorf("got %d requests, want 6", got)
	}
	want := []time.Duration{1, 2, 3, 3, 3}
	for i := range want {
		want[i] *= time.Second
	}
	if diff := cmp.Diff(want, rec.waits); diff != "" {
		t.Errorf("waits (-want +got):\n%s", diff)
	}
	msg := err.Error()
	for _, part := range []string{"GET " + srv.URL + "/search", "500 Internal Server Error", "after 6 attempts", "response 6 with status 500"} {
		if !strings.Contains(msg, part) {
			t.Errorf("error %q does not contain %q", msg, part)
		}
	}
	if strings.Contains(msg, "secret") {
		t.Errorf("error %q leaks the query string", msg)
	}
}

func TestRetryAfterIsHonoured(t *testing.T) {
	srv, _ := script(t, []int{429, 200}, http.Header{"Retry-After": {"7"}})
	var rec recorder
	p := Policy{Backoff: time.Second, Sleep: rec.sleep}
	if _, err := p.Get(context.Background(), srv.Client(), getter(srv.URL)); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]time.Duration{7 * time.Second}, rec.waits); diff != "" {
		t.Errorf("waits (-want +got):\n%s", diff)
	}
}

func TestRetryAfterBeyondMaxBackoffGivesUp(t *testing.T) {
	srv, n := script(t, []int{429, 200}, http.Header{"Retry-After": {"3600"}})
	var rec recorder
	p := Policy{MaxBackoff: time.Minute, Sleep: rec.sleep}
	_, err := p.Get(context.Background(), srv.Client(), getter(srv.URL))
	var se *StatusError
	if !errors.As(err, &se) || se.StatusCode != 429 || se.RetryAfter != time.Hour {
		t.Fatalf("got error %v, want a 429 *StatusError asking for 1h", err)
	}
	if !strings.Contains(err.Error(), "retry after 1h0m0s") {
		t.Errorf("error %q does not say how long the server asked to wait", err)
	}
	if got := n.Load(); got != 1 || len(rec.waits) != 0 {
		t.Errorf("got %d requests and waits %v, want 1 request and no wait", got, rec.waits)
	}
}

func TestClientErrorsAreNotRetried(t *testing.T) {
	for _, code := range []int{400, 401, 403, 404} {
		srv, n := script(t, []int{code, 200}, nil)
		var rec recorder
		_, err := Policy{Sleep: rec.sleep}.Get(context.Background(), srv.Client(), getter(srv.URL))
		var se *StatusError
		if !errors.As(err, &se) || se.StatusCode != code || se.Attempts != 1 {
			t.Errorf("status %d: got error %v, want a *StatusError after 1 attempt", code, err)
		}
		if got := n.Load(); got != 1 {
			t.Errorf("status %d: got %d requests, want 1", code, got)
		}
	}
}

func TestNegativeMaxRetriesDisablesRetries(t *testing.T) {
	srv, n := script(t, []int{503, 200}, nil)
	var rec recorder
	_, err := Policy{MaxRetries: -1, Sleep: rec.sleep}.Get(context.Background(), srv.Client(), getter(srv.URL))
	if err == nil || n.Load() != 1 {
		t.Errorf("got error %v after %d requests, want an error after 1", err, n.Load())
	}
}

func TestBodyLimit(t *testing.T) {
	srv, _ := script(t, []int{200}, nil)
	_, err := Policy{MaxBodyBytes: 5}.Get(context.Background(), srv.Client(), getter(srv.URL))
	if err == nil || !strings.Contains(err.Error(), "longer than 5 bytes") {
		t.Errorf("got error %v, want one about the body limit", err)
	}
	body, err := Policy{MaxBodyBytes: 26}.Get(context.Background(), srv.Client(), getter(srv.URL))
	if err != nil || len(body) != 26 {
		t.Errorf("body of exactly the limit: got %q, %v", body, err)
	}
}

func TestCancelWhileWaiting(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	srv, _ := script(t, []int{503}, nil)
	sleeping := make(chan struct{})
	go func() {
		<-sleeping
		cancel()
	}()
	// The default timer with an hour's backoff: only cancellation ends
	// the wait.
	p := Policy{Backoff: time.Hour, MaxBackoff: time.Hour}
	p.Sleep = func(ctx context.Context, d time.Duration) error {
		close(sleeping)
		return Policy{}.sleep(ctx, d)
	}
	_, err := p.Get(ctx, srv.Client(), getter(srv.URL))
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("got error %v, want one wrapping context.Canceled", err)
	}
	var se *StatusError
	if !errors.As(err, &se) || se.StatusCode != 503 {
		t.Errorf("got error %v, want it to carry the last status too", err)
	}
}

func TestCancelledBeforeStart(t *testing.T) {
	srv, n := script(t, []int{200}, nil)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Policy{}.Get(ctx, srv.Client(), getter(srv.URL))
	if !errors.Is(err, context.Canceled) || n.Load() != 0 {
		t.Errorf("got error %v after %d requests, want context.Canceled and none", err, n.Load())
	}
}

func TestTransportErrorsAreRetried(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	url := srv.URL
	srv.Close() // connections are now refused
	var rec recorder
	_, err := Policy{MaxRetries: 2, Backoff: time.Millisecond, Sleep: rec.sleep}.Get(context.Background(), nil, getter(url))
	if err == nil {
		t.Fatal("got no error from a closed server")
	}
	if len(rec.waits) != 2 {
		t.Errorf("got %d waits, want 2 retries", len(rec.waits))
	}
	if !strings.HasPrefix(err.Error(), "GET "+url) {
		t.Errorf("error %q does not name the endpoint", err)
	}
}

func TestRetryAfterParsing(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	tests := []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"", 0, false},
		{"0", 0, true},
		{" 120 ", 2 * time.Minute, true},
		{"-1", 0, false},
		{"soon", 0, false},
		{now.Add(90 * time.Second).Format(http.TimeFormat), 90 * time.Second, true},
		{now.Add(-time.Hour).Format(http.TimeFormat), 0, true},
		{"99999999999999", 365 * 24 * time.Hour, true},
	}
	for _, tt := range tests {
		got, ok := RetryAfter(tt.in, now)
		if got != tt.want || ok != tt.ok {
			t.Errorf("RetryAfter(%q) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestExcerpt(t *testing.T) {
	if got, want := Excerpt([]byte("  a\n\tb  c ")), "a b c"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	long := strings.Repeat("é", 400)
	got := Excerpt([]byte(long))
	if !strings.HasSuffix(got, "…") || len(got) > excerptLen+len("…") || !strings.HasPrefix(long, strings.TrimSuffix(got, "…")) {
		t.Errorf("got %q, want a prefix of whole runes ending in …", got)
	}
	if got := Excerpt([]byte{0xff, 'a'}); got != "\uFFFDa" {
		t.Errorf("invalid UTF-8: got %q", got)
	}
}
