package main

import (
	"context"
	"fmt"
	"io"
	"net/http/httptest"
	"os"
	"path/filepath"
)

// Run the system on three topics against a local server that answers as
// ChatNoir does, with the responses in testdata/search, and print the run:
// topic, stance, document, rank, ChatNoir's score and the run tag.
func Example() {
	handler, err := loadRecordedChatNoir()
	if err != nil {
		panic(err)
	}
	chatNoir := httptest.NewServer(handler)
	defer chatNoir.Close()

	out, err := os.MkdirTemp("", "clueweb-example")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(out)
	getenv := func(name string) string { return map[string]string{"CHATNOIR_API_KEY": testKey}[name] }
	args := []string{"-i", "testdata/input", "-o", out, "-base", chatNoir.URL, "-k", "4"}
	if code := run(context.Background(), args, getenv, io.Discard, io.Discard); code != 0 {
		panic(code)
	}
	b, err := os.ReadFile(filepath.Join(out, "run.txt"))
	if err != nil {
		panic(err)
	}
	fmt.Print(string(b))
	// Output:
	// 1 NO clueweb22-en1304-92-14385 1 1893.4712 argsearch-clueweb
	// 1 CON clueweb22-en2311-05-07224 2 1650.0871 argsearch-clueweb
	// 1 NO clueweb22-en3170-97-18935 3 1502.3304 argsearch-clueweb
	// 1 NO hSPnRe4h4pI2gBPkAKdJdP 4 1377.9158 argsearch-clueweb
	// 2 CON clueweb22-en2778-85-19789 1 2104.5518 argsearch-clueweb
	// 2 PRO clueweb22-en1266-44-15131 2 1877.2391 argsearch-clueweb
	// 2 NO clueweb22-en0415-65-04416 3 1877.2391 argsearch-clueweb
	// 2 NO clueweb22-en2477-95-04525 4 1540.0067 argsearch-clueweb
	// 3 PRO clueweb22-en1643-44-07926 1 1766.1029 argsearch-clueweb
	// 3 CON clueweb22-en4425-75-19456 2 1604.442 argsearch-clueweb
	// 3 NO clueweb22-en2334-22-19395 3 1433.7712 argsearch-clueweb
	// 3 NO AMA7o6LM-rHnNuSwIYzBVR 4 1297.0385 argsearch-clueweb
}

// Without an API key, the command stops before sending any request.
func Example_noAPIKey() {
	args := []string{"-base", "http://127.0.0.1:9"} // nothing listens there
	code := run(context.Background(), args, func(string) string { return "" }, os.Stdout, os.Stdout)
	fmt.Println("exit status", code)
	// Output:
	// clueweb: no ChatNoir API key: pass -apikey KEY or set CHATNOIR_API_KEY (keys are issued at https://chatnoir.eu/apikey/)
	// run 'clueweb -h' for usage
	// exit status 2
}
