package punkt

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/neurosnap/sentences/data"
	prosedata "gopkg.in/neurosnap/sentences.v1/data"
)

// A Model is the trained Punkt data: abbreviations, collocations, frequent
// sentence starters and orthographic contexts. It is never modified after
// it is made, so one Model can serve any number of Tokenizers on any
// number of goroutines.
type Model struct {
	abbrevs      map[string]bool
	collocations map[string]bool
	starters     map[string]bool
	ortho        map[string]int
	// prose selects the rules of prose v2.0.0's segmenter (see Prose)
	// instead of those of neurosnap/sentences v1.1.2's English tokenizer.
	prose bool
}

// English returns the English model of github.com/neurosnap/sentences with
// the abbreviations its English tokenizer adds ("sgt", "gov", "no").
// Loading it takes a few milliseconds: make it once.
func English() (*Model, error) {
	b, err := data.Asset("data/english.json")
	if err != nil {
		return nil, fmt.Errorf("punkt: %w", err)
	}
	m, err := parseModel(b)
	if err != nil {
		return nil, fmt.Errorf("punkt: parsing the English model: %w", err)
	}
	for _, a := range []string{"sgt", "gov", "no"} {
		m.abbrevs[a] = true
	}
	return m, nil
}

// Prose returns the model of the sentence segmenter of
// github.com/jdkato/prose/v2 (v2.0.0): the English data of the
// neurosnap/sentences version prose is built on (gopkg.in/neurosnap/
// sentences.v1 v1.0.6), with the abbreviations prose adds ("sgt", "gov",
// "no", "mt"). A Tokenizer using it follows prose's rules, which differ
// from English's (see the package documentation).
func Prose() (*Model, error) {
	b, err := prosedata.Asset("data/english.json")
	if err != nil {
		return nil, fmt.Errorf("punkt: %w", err)
	}
	m, err := parseModel(b)
	if err != nil {
		return nil, fmt.Errorf("punkt: parsing prose's English model: %w", err)
	}
	for _, a := range []string{"sgt", "gov", "no", "mt"} {
		m.abbrevs[a] = true
	}
	m.prose = true
	return m, nil
}

// parseModel reads a model in the JSON of sentences.Storage:
// {"AbbrevTypes": {"word": 1, …}, "Collocations": {…}, "SentStarters":
// {…}, "OrthoContext": {"word": flags, …}}. Members of the three sets are
// the keys with a non-zero value, as sentences.SetString.Has has it. It is
// a hand-written reader of just this shape, ten times faster than
// encoding/json's reflection into maps.
func parseModel(b []byte) (*Model, error) {
	m := &Model{
		abbrevs:      map[string]bool{},
		collocations: map[string]bool{},
		starters:     map[string]bool{},
		ortho:        make(map[string]int, 1<<15),
	}
	// Keys are substrings of one copy of the input: one allocation for all.
	p := &modelParser{b: b, s: string(b)}
	if err := p.expect('{'); err != nil {
		return nil, err
	}
	seen := 0
	for first := true; ; first = false {
		if p.peek() == '}' {
			p.i++
			break
		}
		if !first {
			if err := p.expect(','); err != nil {
				return nil, err
			}
		}
		key, err := p.str()
		if err != nil {
			return nil, err
		}
		if err := p.expect(':'); err != nil {
			return nil, err
		}
		var set map[string]bool
		switch key {
		case "AbbrevTypes":
			set = m.abbrevs
		case "Collocations":
			set = m.collocations
		case "SentStarters":
			set = m.starters
		case "OrthoContext":
		default:
			return nil, fmt.Errorf("unknown key %q at byte %d", key, p.i)
		}
		seen++
		err = p.object(func(k string, v int) {
			switch {
			case set != nil && v != 0:
				set[k] = true
			case set == nil && v != 0:
				m.ortho[k] = v
			}
		})
		if err != nil {
			return nil, fmt.Errorf("%s: %w", key, err)
		}
	}
	if p.peek() != 0 {
		return nil, fmt.Errorf("data after the model at byte %d", p.i)
	}
	if seen != 4 || len(m.ortho) == 0 {
		return nil, errors.New("want the four tables AbbrevTypes, Collocations, SentStarters and OrthoContext")
	}
	return m, nil
}

type modelParser struct {
	b []byte
	s string // string(b)
	i int
}

// peek skips white space and returns the next byte, or 0 at the end.
func (p *modelParser) peek() byte {
	for p.i < len(p.b) {
		switch c := p.b[p.i]; c {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return c
		}
	}
	return 0
}

func (p *modelParser) expect(c byte) error {
	if got := p.peek(); got != c {
		return fmt.Errorf("byte %d: found %q, want %q", p.i, got, c)
	}
	p.i++
	return nil
}

// str reads a JSON string.
func (p *modelParser) str() (string, error) {
	if err := p.expect('"'); err != nil {
		return "", err
	}
	start := p.i
	plain := true // no escapes, control or non-ASCII characters
	for p.i < len(p.b) {
		switch c := p.b[p.i]; {
		case c == '\\':
			plain = false
			p.i += 2
			continue
		case c == '"':
			p.i++
			if plain {
				return p.s[start : p.i-1], nil
			}
			// encoding/json unescapes, rejects control characters and
			// turns invalid UTF-8 into U+FFFD.
			var s string
			if err := json.Unmarshal(p.b[start-1:p.i], &s); err != nil {
				return "", fmt.Errorf("byte %d: %w", start, err)
			}
			return s, nil
		case c < ' ' || c >= utf8.RuneSelf:
			plain = false
		}
		p.i++
	}
	return "", fmt.Errorf("byte %d: unterminated string", start)
}

// object reads an object of integers, calling f for each member.
func (p *modelParser) object(f func(string, int)) error {
	if err := p.expect('{'); err != nil {
		return err
	}
	for first := true; ; first = false {
		if p.peek() == '}' {
			p.i++
			return nil
		}
		if !first {
			if err := p.expect(','); err != nil {
				return err
			}
		}
		k, err := p.str()
		if err != nil {
			return err
		}
		if err := p.expect(':'); err != nil {
			return err
		}
		p.peek()
		start := p.i
		for p.i < len(p.b) && (p.b[p.i] == '-' || '0' <= p.b[p.i] && p.b[p.i] <= '9') {
			p.i++
		}
		v, err := strconv.Atoi(string(p.b[start:p.i]))
		if err != nil {
			return fmt.Errorf("byte %d: value of %q: %w", start, k, err)
		}
		f(k, v)
	}
}
