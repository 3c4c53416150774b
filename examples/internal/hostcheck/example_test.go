package hostcheck_test

import (
	"fmt"
	"net"

	"github.com/argsearch/argsearch/examples/internal/hostcheck"
)

func Example() {
	h := hostcheck.Served("127.0.0.1:8080", &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080})
	for _, host := range []string{"127.0.0.1:8080", "localhost:8080", "LOCALHOST:8080", "evil.example:8080", "127.0.0.1:9090", "10.0.0.1:8080"} {
		fmt.Println(host, h.Allow(host))
	}
	// Output:
	// 127.0.0.1:8080 true
	// localhost:8080 true
	// LOCALHOST:8080 true
	// evil.example:8080 false
	// 127.0.0.1:9090 false
	// 10.0.0.1:8080 false
}
