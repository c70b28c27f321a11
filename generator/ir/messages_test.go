package ir

import (
	"strings"
	"testing"
)

// TestMessagesCoverEveryKeyword: every keyword a generated validator can report has its text
// in the table (the supported keywords of README.md that assert something, boolean false
// schemas, x-unique-by and the discriminator dispatch of tagged unions).
func TestMessagesCoverEveryKeyword(t *testing.T) {
	for _, k := range strings.Fields(`false type enum const minLength maxLength pattern minimum
		maximum exclusiveMinimum exclusiveMaximum multipleOf required additionalProperties
		propertyNames minProperties maxProperties dependentRequired minItems maxItems uniqueItems
		x-unique-by minContains maxContains anyOf oneOf discriminator not unevaluatedProperties
		unevaluatedItems`) {
		if _, ok := Messages[k]; !ok {
			t.Errorf("no message for %s", k)
		}
	}
	for name, text := range Messages {
		if text == "" || strings.TrimSpace(text) != text {
			t.Errorf("%s: %q", name, text)
		}
	}
}

func TestNewMessage(t *testing.T) {
	for _, c := range []struct {
		name string
		args []string
		want Message
	}{
		{"false", nil, Message{{Text: "no value is allowed here"}}},
		{"minLength", []string{"n", "3"}, Message{{Text: "must be at least 3 characters long"}}},
		{"maximum", []string{"n", "1e3"}, Message{{Text: "must be <= 1e3"}}},
		{"exclusiveMinimum", []string{"n", "0"}, Message{{Text: "must be > 0"}}},
		{"type", []string{"types", "string or null"}, Message{{Text: "expected string or null, got "}, {Hole: HoleType}}},
		{"additionalProperties", nil, Message{{Text: "property "}, {Hole: HoleKey}, {Text: " is not allowed"}}},
		{"dependentRequired", []string{"name", `"b"`, "property", `"a"`}, Message{{Text: `property "b" is required when "a" is present`}}},
		{"minContains", []string{"n", "1", "items", "item"}, Message{{Text: `must contain at least 1 item matching the schema in "contains", has `}, {Hole: HoleCount}}},
	} {
		got := NewMessage(c.name, c.args...)
		if len(got) != len(c.want) {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
			}
		}
	}
	if s, ok := NewMessage("required", "name", QuoteForMessage("a<b")).Literal(); !ok || s != `missing required property "a\u003cb"` {
		t.Errorf("Literal: %q %v", s, ok)
	}
	if _, ok := NewMessage("propertyNames").Literal(); ok {
		t.Errorf("a message with a hole is not literal")
	}
	for _, bad := range [][]string{{"nonesuch"}, {"minLength"}, {"minLength", "n"}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("NewMessage(%q) did not panic", bad)
				}
			}()
			NewMessage(bad[0], bad[1:]...)
		}()
	}
}

func TestValuesForMessage(t *testing.T) {
	vals := []Value{{Kind: String, String: "a"}, {Kind: Number, Number: "1e3"}, {Kind: Null}, {Kind: Bool, Bool: true},
		{Kind: Array, Array: []Value{{Kind: Number, Number: "1"}}}, {Kind: Object, Object: []Member{{Key: "k", Value: Value{Kind: String, String: "<"}}}}}
	if got := ValuesForMessage(vals); got != `"a", 1e3, null, true, [1], {"k":"\u003c"}` {
		t.Errorf("%s", got)
	}
	var many []Value
	for range 12 {
		many = append(many, Value{Kind: Number, Number: "7"})
	}
	if got := ValuesForMessage(many); got != "7, 7, 7, 7, 7, 7, 7, 7, 7, 7, … (12 values)" {
		t.Errorf("%s", got)
	}
	if ItemsForMessage(1) != "item" || ItemsForMessage(0) != "items" || ItemsForMessage(2) != "items" {
		t.Errorf("ItemsForMessage")
	}
}
