package main

import (
	"fmt"
	"net"
	"net/http"

	"github.com/argsearch/argsearch/examples/internal/hostcheck"
	"github.com/argsearch/argsearch/internal/quote"
)

// hosts are the values of a request's Host header that name the address
// served (hostcheck.Hosts).
type hosts struct{ hostcheck.Hosts }

// servedHosts returns the hosts that name bound, the address listened on,
// which -addr gave as given (hostcheck.Served).
func servedHosts(given string, bound net.Addr) hosts { return hosts{hostcheck.Served(given, bound)} }

// check refuses (403) every request whose Host does not name the address
// served, before next sees it.
func (h hosts) check(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !h.Allow(r.Host) {
			http.Error(w, fmt.Sprintf("judge: the Host %s is not the address served: refused (a page of another site could judge through it)", quote.Q(r.Host)), http.StatusForbidden)
			return
		}
		next.ServeHTTP(w, r)
	})
}
