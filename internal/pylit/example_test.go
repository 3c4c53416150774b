package pylit_test

import (
	"fmt"
	"log"

	"github.com/argsearch/argsearch/internal/pylit"
)

func ExampleDecode() {
	v, err := pylit.Decode(`[{'sent_id': 'a__PREMISE__1', 'sent_text': "It's \xa0here\n"}, (1,), None]`)
	if err != nil {
		log.Fatal(err)
	}
	list := v.([]any)
	text, _ := list[0].(pylit.Dict).Get("sent_text")
	fmt.Printf("%q %v %v\n", text, list[1], list[2])
	// Output: "It's \u00a0here\n" [1] <nil>
}

// A Decoder reads a known shape piece by piece, without building generic
// values; strings without escapes are substrings of the input.
func ExampleDecoder() {
	var d pylit.Decoder
	d.Reset(`[{'text': 'First.', 'stance': 'PRO'}, {'text': 'Second.', 'stance': 'CON'}]`)
	if err := d.Begin('['); err != nil {
		log.Fatal(err)
	}
	for {
		more, err := d.More()
		if err != nil {
			log.Fatal(err)
		}
		if !more {
			break
		}
		if err := d.Begin('{'); err != nil {
			log.Fatal(err)
		}
		for {
			more, err := d.More()
			if err != nil {
				log.Fatal(err)
			}
			if !more {
				break
			}
			key, err := d.Key()
			if err != nil {
				log.Fatal(err)
			}
			if key != "text" {
				if err := d.Skip(); err != nil {
					log.Fatal(err)
				}
				continue
			}
			text, err := d.Text()
			if err != nil {
				log.Fatal(err)
			}
			fmt.Println(text)
		}
	}
	if err := d.End(); err != nil {
		log.Fatal(err)
	}
	// Output:
	// First.
	// Second.
}

func ExampleSyntaxError() {
	_, err := pylit.Decode(`{'text': 'unterminated}`)
	fmt.Println(err)
	// Output: pylit: offset 9: unterminated string literal
}
