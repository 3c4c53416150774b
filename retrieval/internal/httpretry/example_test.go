package httpretry_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"time"

	"github.com/argsearch/argsearch/retrieval/internal/httpretry"
)

// A server that is overloaded once, then answers.
func ExamplePolicy_Get() {
	calls := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls++
		if calls == 1 {
			w.Header().Set("Retry-After", "0")
			http.Error(w, "slow down", http.StatusTooManyRequests)
			return
		}
		fmt.Fprint(w, `{"ok":true}`)
	}))
	defer srv.Close()

	p := httpretry.Policy{MaxRetries: 3, Backoff: time.Millisecond}
	body, err := p.Get(context.Background(), srv.Client(), func(ctx context.Context) (*http.Request, error) {
		return http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+"/status", nil)
	})
	fmt.Println(string(body), err, calls)
	// Output: {"ok":true} <nil> 2
}
