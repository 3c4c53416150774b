// Package hostcheck tells whether a request's Host header names the
// address a command serves. A page of another site whose name an attacker
// points at this machine (DNS rebinding) sends its own name as Host, with
// an Origin to match, so that checks of the origin alone would let its
// script use the server; the commands that serve a page (judge, serve)
// refuse such requests with this check.
package hostcheck

import (
	"fmt"
	"net"
	"strings"
)

// Hosts are the values of a request's Host header that name the address
// served.
type Hosts struct {
	port  string          // the port served
	names map[string]bool // lower-case names and IP literals, without the port
	anyIP bool            // served on every address: any IP literal
}

// Served returns the hosts that name bound, the address listened on,
// which the command line gave as given: its IP and the name given,
// "localhost" for a loopback or unspecified address, and, for an
// unspecified address (":8080"), every IP literal.
func Served(given string, bound net.Addr) Hosts {
	h := Hosts{names: make(map[string]bool)}
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

// Allow reports whether a Host header names the address served (a Host
// without a port names port 80).
func (h Hosts) Allow(host string) bool {
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
