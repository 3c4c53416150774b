package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

func TestTagBadInput(t *testing.T) {
	long := strings.Repeat("Nuclear energy is dangerous because of waste . ", 2200) // ~100 KB
	in := "nuclear energy\t\n" +
		"nuclear energy\t?!.,;:\n" +
		"nuclear energy\thttp://a.example/x www.b.example\n" +
		"nuclear energy\t" + long + "\n" +
		"nuclear energy\tАтомная энергия опасна .\n" +
		"nuclear energy\t原子力は危険です。\n"
	var out bytes.Buffer
	if err := run(context.Background(), strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	want := []string{"Q0\t0.0000\t0.0000", "Q0\t0.0000\t0.0000", "Q0\t0.0000\t0.0000", "", "Q0\t0.0000\t0.0000", "Q0\t0.0000\t0.0000"}
	if len(lines) != len(want) {
		t.Fatalf("got %d lines, want %d:\n%s", len(lines), len(want), out.String())
	}
	for i, w := range want {
		if w == "" {
			if !strings.HasPrefix(lines[i], "CON\t") && !strings.HasPrefix(lines[i], "PRO\t") && !strings.HasPrefix(lines[i], "NO\t") {
				t.Errorf("line %d: got %q, want a stance", i+1, lines[i])
			}
			continue
		}
		if lines[i] != w {
			t.Errorf("line %d: got %q, want %q", i+1, lines[i], w)
		}
	}
}

func TestTagNoTab(t *testing.T) {
	err := run(context.Background(), strings.NewReader("topic\tok text here\nno tab here\n"), &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("got %v, want an error naming line 2", err)
	}
}
