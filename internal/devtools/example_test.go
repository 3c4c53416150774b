package devtools_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"

	"github.com/argsearch/argsearch/internal/devtools"
)

// A Conn speaks to whatever is at the other end of the pipe; here a fake
// browser that answers every command with the value 2, after an event.
func ExampleConn() {
	toBrowser, commands := io.Pipe()
	replies, fromBrowser := io.Pipe()
	go func() {
		r := bufio.NewReader(toBrowser)
		for {
			raw, err := r.ReadBytes(0)
			if err != nil {
				return
			}
			var m devtools.Message
			json.Unmarshal(raw[:len(raw)-1], &m)
			fmt.Fprintf(fromBrowser, `{"method":"Log.entryAdded","params":{"entry":{"level":"info"}}}%c`, 0)
			fmt.Fprintf(fromBrowser, `{"id":%d,"result":{"result":{"value":2}}}%c`, m.ID, 0)
		}
	}()
	c := devtools.NewConn(commands, replies)
	var n int
	if err := c.Evaluate("1 + 1", &n); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(n, len(c.Events), c.Events[0].Method)
	// Output:
	// 2 1 Log.entryAdded
}
