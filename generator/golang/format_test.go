package golang

import (
	"strings"
	"testing"
)

// TestFormatFailureShowsFewLines: source that does not parse gives an error with the lines
// around the problem, numbered, and not the rest of the source.
func TestFormatFailureShowsFewLines(t *testing.T) {
	var src strings.Builder
	src.WriteString("package p\n\n")
	for i := range 2000 {
		if i == 1000 {
			src.WriteString("func broken( {\n")
		}
		src.WriteString("var v" + strings.Repeat("x", i%7) + "_" + string(rune('a'+i%26)) + " = 1 // " + strings.Repeat("long ", 60) + "\n")
	}
	_, err := formatSource([]byte(src.String()))
	if err == nil {
		t.Fatal("source that does not parse was formatted")
	}
	msg := err.Error()
	lines := strings.Split(msg, "\n")
	if len(lines) > 6 || len(msg) > 1200 {
		t.Fatalf("the error has %d lines, %d bytes:\n%s", len(lines), len(msg), msg)
	}
	if !strings.Contains(msg, ">  1003 | func broken( {") {
		t.Fatalf("the error does not point at the broken line:\n%s", msg)
	}
	if _, err := formatSource([]byte("package p\nvar x=1\n")); err != nil {
		t.Fatalf("valid source: %v", err)
	}
}
