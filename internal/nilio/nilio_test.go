package nilio

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

func TestNil(t *testing.T) {
	if _, err := Reader(nil, "x").Read(make([]byte, 1)); !errors.Is(err, ErrNil) || !strings.Contains(err.Error(), "package x") {
		t.Errorf("nil reader: got %v", err)
	}
	if _, err := Writer(nil, "x").Write([]byte("a")); !errors.Is(err, ErrNil) || !strings.Contains(err.Error(), "package x") {
		t.Errorf("nil writer: got %v", err)
	}
	var b bytes.Buffer
	if Writer(&b, "x") != &b || Reader(&b, "x") != &b {
		t.Error("a reader or writer that is not nil was replaced")
	}
}
