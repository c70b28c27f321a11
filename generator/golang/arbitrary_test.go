package golang

import (
	"regexp"
	"testing"

	"github.com/skillgen/skillgen/generator/build"
	"github.com/skillgen/skillgen/generator/load"
)

// TestArbitraryUndeclaredMembers: the generator of an open struct draws undeclared members
// (any value, random names) only where no patternProperties could refuse them, also when the
// patternProperties are in a schema the struct's allOf names (it looked at the struct's own
// node only, and drew members its Filter then threw away).
func TestArbitraryUndeclaredMembers(t *testing.T) {
	set, err := load.FromDocs(map[string][]byte{"s.json": []byte(`{
  "$defs": {
    "Open": {"type": "object", "properties": {"a": {"type": "string"}}},
    "Patterned": {"type": "object", "properties": {"a": {"type": "string"}}, "patternProperties": {"^x": {"type": "integer"}}},
    "Wrapped": {"allOf": [{"type": "object", "properties": {"a": {"type": "string"}}, "patternProperties": {"^x": {"type": "integer"}}}], "description": "d"}
  }
}`)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := build.Build(set, build.Options{})
	if err != nil {
		t.Fatal(err)
	}
	files, err := Emit(s, Options{Package: "p", ImportPath: "example.com/p", Arbitraries: true})
	if err != nil {
		t.Fatal(err)
	}
	var text string
	for _, f := range files {
		if f.Path == "arbitrary/arbitrary.go" {
			text = string(f.Data)
		}
	}
	if text == "" {
		t.Fatal("no arbitrary/arbitrary.go")
	}
	for name, want := range map[string]bool{"Open": true, "Patterned": false, "Wrapped": false} {
		body := regexp.MustCompile(`(?s)func draw` + name + `\(.*?\n}\n`).FindString(text)
		if body == "" {
			t.Fatalf("no draw%s in\n%s", name, text)
		}
		if got := regexp.MustCompile(`extraMembers\(`).MatchString(body); got != want {
			t.Errorf("draw%s draws undeclared members: %v, want %v\n%s", name, got, want, body)
		}
	}
}
