package nilio_test

import (
	"strings"
	"testing"

	"github.com/argsearch/argsearch/classify"
	"github.com/argsearch/argsearch/corpus"
	"github.com/argsearch/argsearch/eval"
	"github.com/argsearch/argsearch/runfile"
	"github.com/argsearch/argsearch/topics"
)

// TestCallers gives every reader and writer of the library a nil
// io.Reader or io.Writer: each fails with an error, none panics.
func TestCallers(t *testing.T) {
	for name, f := range map[string]func() error{
		"topics.Parse":        func() error { _, err := topics.Parse(nil); return err },
		"corpus.NewCSVReader": func() error { _, err := corpus.NewCSVReader(nil).Read(); return err },

		"corpus.OpenReader":      func() error { _, err := corpus.OpenReader(nil, "x"); return err },
		"runfile.Reader.ReadRun": func() error { _, err := runfile.NewReader(nil).ReadRun(); return err },
		"runfile.NewWriter": func() error {
			w := runfile.NewWriter(nil, "t")
			w.Write("1", []runfile.Result{{DocID: "d", Score: 1}})
			return w.Flush()
		},
		"eval.ReadQrels":           func() error { _, err := eval.ReadQrels(nil); return err },
		"classify.ReadStanceModel": func() error { _, err := classify.ReadStanceModel(nil); return err },
		"classify.ReadArgumentModel": func() error {
			_, err := classify.ReadArgumentModel(nil)
			return err
		},
	} {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s panics: %v", name, r)
				}
			}()
			if err := f(); err == nil || !strings.Contains(err.Error(), "is nil") {
				t.Errorf("%s: got %v, want an error saying the reader or writer is nil", name, err)
			}
		}()
	}
}
