package crosscheck

import (
	"errors"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	shapes "github.com/skillgen/skillgen/crosscheck/shapes/go"
)

// deepList writes a List (shapes: {head: integer, tail?: List | null}, closed) of the given
// number of levels, each an object; the levels in bad have a string head. It returns the
// document and the violations it has. tsconformance/test/deep.test.ts builds the same
// documents for the generated TypeScript, which must give the same errors.
func deepList(levels int, bad ...int) (string, shapes.ValidationErrors) {
	var b strings.Builder
	var want shapes.ValidationErrors
	for i := range levels {
		head := strconv.Itoa(i)
		if slices.Contains(bad, i) {
			head = `"x"`
			want = append(want, shapes.ValidationError{Pointer: strings.Repeat("/tail", i) + "/head", Keyword: "type", Message: "expected integer, got string"})
		}
		if i < levels-1 {
			b.WriteString(`{"head":` + head + `,"tail":`)
		} else {
			b.WriteString(`{"head":` + head + `}`)
		}
	}
	b.WriteString(strings.Repeat("}", levels-1))
	return b.String(), want
}

func parseErrors(t *testing.T, doc string) shapes.ValidationErrors {
	t.Helper()
	_, err := shapes.ParseList([]byte(doc))
	if err == nil {
		return nil
	}
	var ve shapes.ValidationErrors
	if !errors.As(err, &ve) {
		t.Fatalf("ParseList: %v, not ValidationErrors", err)
	}
	return ve
}

// TestDeepList: the documents of deep.test.ts, in Go: 10,000 levels are read and validated,
// with every violation at its pointer, and 10,001 are refused as text.
func TestDeepList(t *testing.T) {
	doc, _ := deepList(10000)
	if got := parseErrors(t, doc); got != nil {
		t.Fatalf("10,000 levels: %v", got[:min(len(got), 3)])
	}

	doc, want := deepList(10000, 0, 2500, 6499, 6500, 9999)
	if len(want) != 5 {
		t.Fatalf("want %d violations", len(want))
	}
	if got := parseErrors(t, doc); !reflect.DeepEqual(got, want) {
		t.Fatalf("10,000 levels with violations: got %d errors, want %d", len(got), len(want))
	}
	extra := strings.Replace(doc, `{"head":9000,`, `{"head":9000,"x":true,`, 1)
	want = append(want, shapes.ValidationError{Pointer: strings.Repeat("/tail", 9000) + "/x", Keyword: "additionalProperties", Message: `property "x" is not allowed`})
	if got := parseErrors(t, extra); !reflect.DeepEqual(got, want) {
		t.Fatalf("a closed object at 9,000 levels: got %d errors, want %d (the last an additionalProperties)", len(got), len(want))
	}

	doc, _ = deepList(10001)
	got := parseErrors(t, doc)
	if len(got) != 1 || got[0].Pointer != "" || got[0].Keyword != "json" {
		t.Fatalf("10,001 levels: %v", got)
	}
}
