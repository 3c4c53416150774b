package main

import (
	"fmt"
	"net"
	"net/http"
	"strings"

	"github.com/argsearch/argsearch/internal/quote"
)

// hosts are the values of a request's Host header that name the address
// served. A page of another site whose name an attacker points at this
// machine (DNS rebinding) sends its own name as Host, with an Origin to
// match, so that without this check its script could read the answers.
type hosts struct {
	port  string          // the port served
	names map[string]bool // lower-case names and IP literals, without the port
	anyIP bool            // served on every address: any IP literal
}

// servedHosts returns the hosts that name bound, the address listened on,
// which -addr gave as given: its IP and the name -addr gave it, "localhost"
// for a loopback or unspecified address, and, for an unspecified address
// (":8080"), every IP literal.
func servedHosts(given string, bound net.Addr) hosts {
	h := hosts{names: make(map[string]bool)}
	ip := net.IPv4zero
	if t, ok := bound.(*net.TCPAddr); ok {
		ip, h.port = t.IP, fmt.Sprint(t.Port)
	} else if host, port, err := net.SplitHostPort(bound.String()); err == nil {
		ip, h.port = net.ParseIP(host), port
	}
	if ip != nil {
		h.names[ip.String()] = true
	}
	if name, _, err := net.SplitHostPort(given); err == nil && name != "" {
		h.names[strings.ToLower(name)] = true
	}
	switch {
	case ip == nil:
	case ip.IsUnspecified():
		h.anyIP = true
		h.names["localhost"] = true
	case ip.IsLoopback():
		h.names["localhost"] = true
	}
	return h
}

// allow reports whether a Host header names the address served.
func (h hosts) allow(host string) bool {
	name, port, err := net.SplitHostPort(host)
	if err != nil { // no port: the scheme's
		name, port = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]"), "80"
	}
	if port != h.port || name == "" {
		return false
	}
	if ip := net.ParseIP(name); ip != nil {
		return h.anyIP || h.names[ip.String()]
	}
	return h.names[strings.ToLower(name)]
}

// check refuses (403) every request whose Host does not name the address
// served, before next sees it.
func (h hosts) check(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !h.allow(r.Host) {
			msg := fmt.Sprintf("serve: the Host %s is not the address served: refused (a page of another site could read it through a name pointed at this machine)", quote.Q(r.Host))
			if isAPI(r) {
				writeJSONError(w, http.StatusForbidden, msg)
			} else {
				http.Error(w, msg, http.StatusForbidden)
			}
			return
		}
		next.ServeHTTP(w, r)
	})
}
