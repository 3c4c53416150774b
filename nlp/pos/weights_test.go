package pos

import (
	"bytes"
	"encoding/gob"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/jdkato/prose/v2"
)

// asMap returns w as the map it was read from.
func (w *weightList) asMap() map[string]map[string]float64 {
	m := make(map[string]map[string]float64, len(w.features))
	start := 0
	for i, f := range w.features {
		inner := map[string]float64{}
		for _, e := range w.entries[start:w.ends[i]] {
			inner[w.names[e.class]] = e.weight
		}
		m[f] = inner
		start = w.ends[i]
	}
	return m
}

func encodeWeights(t testing.TB, m map[string]map[string]float64) string {
	var b bytes.Buffer
	if err := gob.NewEncoder(&b).Encode(m); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// equalWeights reports whether a and b hold the same features, classes and
// weights, bit for bit (NaN included).
func equalWeights(a, b map[string]map[string]float64) bool {
	if len(a) != len(b) {
		return false
	}
	for f, ai := range a {
		bi, ok := b[f]
		if !ok || len(ai) != len(bi) {
			return false
		}
		for c, x := range ai {
			y, ok := bi[c]
			if !ok || math.Float64bits(x) != math.Float64bits(y) {
				return false
			}
		}
	}
	return true
}

// TestReadWeightsProse checks that readWeights reads prose's weights.gob
// as encoding/gob decodes it: every feature, class and weight.
func TestReadWeightsProse(t *testing.T) {
	b, err := prose.Asset("model/AveragedPerceptron/weights.gob")
	if err != nil {
		t.Fatal(err)
	}
	var want map[string]map[string]float64
	if err := gob.NewDecoder(bytes.NewReader(b)).Decode(&want); err != nil {
		t.Fatal(err)
	}
	w, err := readWeights(string(b))
	if err != nil {
		t.Fatal(err)
	}
	if len(w.features) != len(want) || len(w.features) < 1000 {
		t.Fatalf("read %d features, encoding/gob %d", len(w.features), len(want))
	}
	if !equalWeights(w.asMap(), want) {
		t.Error("readWeights and encoding/gob differ on prose's weights.gob")
	}
}

func TestReadWeights(t *testing.T) {
	for _, m := range []map[string]map[string]float64{
		{},
		{"bias": {}},
		{"bias": {"NN": 1.5, "VB": -2}, "i suffix ing": {"VBG": 3.25, "NN": math.Inf(-1), "JJ": math.SmallestNonzeroFloat64}},
		{strings.Repeat("long feature ", 30): {strings.Repeat("C", 300): math.MaxFloat64}},
	} {
		w, err := readWeights(encodeWeights(t, m))
		if err != nil {
			t.Errorf("%v: %v", m, err)
			continue
		}
		if got := w.asMap(); !equalWeights(got, m) {
			t.Errorf("read %v, want %v", got, m)
		}
	}
}

func TestReadWeightsErrors(t *testing.T) {
	m := map[string]map[string]float64{"bias": {"NN": 1.5, "VB": -2}, "x": {"DT": 0.25}}
	// An encoder sends the types once: the second value's message alone
	// is the value, and what precedes it in the first is the types.
	var b bytes.Buffer
	enc := gob.NewEncoder(&b)
	if err := enc.Encode(m); err != nil {
		t.Fatal(err)
	}
	good := b.String()
	b.Reset()
	if err := enc.Encode(m); err != nil {
		t.Fatal(err)
	}
	value := b.String()
	types := good[:len(good)-len(value)]
	var other bytes.Buffer
	if err := gob.NewEncoder(&other).Encode([]string{"a"}); err != nil {
		t.Fatal(err)
	}
	// A value message that claims 2⁶⁴−1 features, and a message that
	// claims 2⁶⁴−1 bytes: errors, not allocations of that size.
	hugeMap := types + "\x0c\xff\x82\x00\xf8\xff\xff\xff\xff\xff\xff\xff\xff"
	hugeMessage := types + "\xf8\xff\xff\xff\xff\xff\xff\xff\xff\xff\x82\x00\x00"
	cases := map[string]string{
		"empty":          "",
		"only types":     types,
		"value twice":    good + value,
		"one byte short": good[:len(good)-1],
		"byte after":     good + "\x00",
		"another type":   other.String(),
		"garbage":        "\xff\xff\xff\xff",
		"huge map":       hugeMap,
		"huge message":   hugeMessage,
		"nine-byte uint": types + "\xf7\x01\x02\x03\x04\x05\x06\x07\x08\x09",
	}
	for i := 1; i < len(good)-1; i += 3 {
		cases[fmt.Sprintf("cut at %d", i)] = good[:i]
	}
	for name, s := range cases {
		if _, err := readWeights(s); !errors.Is(err, errWeights) {
			t.Errorf("%s: err = %v, want errWeights", name, err)
		}
	}
	if _, err := readWeights(good); err != nil { // the cases differ from a good stream only as named
		t.Fatal(err)
	}
}

// FuzzReadWeights checks that readWeights never panics, and that a map
// encoding/gob writes reads back as it was.
func FuzzReadWeights(f *testing.F) {
	f.Add("bias", "NN", 1.5, []byte(nil))
	f.Add("", "", 0.0, []byte("\x0c\xff\x83\x02\x01\x02\xff\x84"))
	f.Fuzz(func(t *testing.T, feature, class string, weight float64, junk []byte) {
		m := map[string]map[string]float64{feature: {class: weight}, feature + "2": {}}
		s := encodeWeights(t, m)
		w, err := readWeights(s)
		if err != nil {
			t.Fatalf("%v: %v", m, err)
		}
		if !equalWeights(w.asMap(), m) {
			t.Fatalf("read %v, want %v", w.asMap(), m)
		}
		readWeights(string(junk))
		for i := range junk {
			readWeights(s[:len(s)*i/len(junk)] + string(junk[i:]))
		}
	})
}
