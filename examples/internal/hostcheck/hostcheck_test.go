package hostcheck

import (
	"net"
	"strings"
	"testing"
)

// TestAllow checks Host values against a loopback, a named and an
// unspecified address, malformed, empty, huge and hostile ones among them:
// only a name or IP of the address served, with its port, is allowed.
func TestAllow(t *testing.T) {
	loop := Served("127.0.0.1:8080", &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080})
	named := Served("judge.lan:80", &net.TCPAddr{IP: net.IPv4(192, 168, 1, 5), Port: 80})
	every := Served(":8080", &net.TCPAddr{IP: net.IPv4zero, Port: 8080})
	for _, c := range []struct {
		h    Hosts
		host string
		want bool
	}{
		{loop, "127.0.0.1:8080", true},
		{loop, "localhost:8080", true},
		{loop, "LocalHost:8080", true},
		{loop, "127.0.0.1", false}, // port 80
		{loop, "127.0.0.2:8080", false},
		{loop, "evil.example:8080", false},
		{loop, "localhost.evil.example:8080", false},
		{loop, "", false},
		{loop, ":8080", false},
		{loop, "[::1:8080", false},
		{loop, "127.0.0.1:8080:8080", false},
		{loop, "127.0.0.1:08080", false},
		{loop, "localhost\x00:8080", false},
		{loop, strings.Repeat("a", 1<<16) + ":8080", false},
		{named, "judge.lan", true},
		{named, "JUDGE.LAN:80", true},
		{named, "192.168.1.5", true},
		{named, "localhost", false},
		{named, "judge.lan:8080", false},
		{every, "10.1.2.3:8080", true},
		{every, "[::1]:8080", true},
		{every, "localhost:8080", true},
		{every, "evil.example:8080", false},
	} {
		if got := c.h.Allow(c.host); got != c.want {
			t.Errorf("Allow(%.40q) = %v, want %v", c.host, got, c.want)
		}
	}
}
