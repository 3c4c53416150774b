package pos

import (
	"bytes"
	"encoding/gob"
	"errors"
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
	good := encodeWeights(t, map[string]map[string]float64{"bias": {"NN": 1.5, "VB": -2}, "x": {"DT": 0.25}})
	var other bytes.Buffer
	if err := gob.NewEncoder(&other).Encode([]string{"a"}); err != nil {
		t.Fatal(err)
	}
	cases := map[string]string{
		"empty":          "",
		"only types":     good[:strings.LastIndex(good, "\x00\x02")-3],
		"one byte short": good[:len(good)-1],
		"byte after":     good + "\x00",
		"another type":   other.String(),
		"garbage":        "\xff\xff\xff\xff",
	}
	for i := 1; i < len(good)-1; i += 3 {
		cases["cut at "+string(rune('A'+i%26))+string(rune('0'+i/26))] = good[:i]
	}
	for name, s := range cases {
		if _, err := readWeights(s); !errors.Is(err, errWeights) {
			t.Errorf("%s: err = %v, want errWeights", name, err)
		}
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
