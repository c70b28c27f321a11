package realworld

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skillgen/skillgen/generator"
	"github.com/skillgen/skillgen/internal/genrun"
)

// boundedSchema has the shapes that made the Go arbitraries of real schemas fail or slow: an
// object of optional members only at the end of a chain of required members deeper than the
// depth bound (it drew nothing there, so the whole value drew nothing, which rapid refuses),
// and objects of many optional members, objects and arrays of objects, that nest a few levels
// (renovate's and SARIF's).
func boundedSchema(levels, width int) string {
	var defs []string
	for l := range levels {
		var members []string
		for m := range width {
			item := `{"type": "string"}`
			if l+1 < levels {
				item = fmt.Sprintf(`{"$ref": "#/$defs/Wide%d"}`, l+1)
			}
			members = append(members, fmt.Sprintf(`"m%d": {"type": "array", "items": %s}, "o%d": %s`, m, item, m, item))
		}
		defs = append(defs, fmt.Sprintf(`"Wide%d": {"type": "object", "properties": {%s}}`, l, strings.Join(members, ", ")))
	}
	for l := range 3 {
		defs = append(defs, fmt.Sprintf(`"Chain%d": {"type": "object", "required": ["next"], "properties": {"next": {"$ref": "#/$defs/Chain%d"}}}`, l, l+1))
	}
	defs = append(defs, `"Chain3": {"type": "object", "additionalProperties": false, "properties": {"flag": {"type": "boolean"}, "name": {"type": "string"}}}`)
	return `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "properties": {"wide": {"$ref": "#/$defs/Wide0"}, "chain": {"$ref": "#/$defs/Chain0"}},
  "$defs": {` + strings.Join(defs, ",\n") + `}
}`
}

// TestGoArbitrariesEnd draws values of every type of boundedSchema from the generated rapid
// arbitraries: each gives values that parse and write back the same.
func TestGoArbitrariesEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a Go program")
	}
	dir := t.TempDir()
	schema := filepath.Join(dir, "bounded.json")
	if err := os.WriteFile(schema, []byte(boundedSchema(4, 12)), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := generator.Build(generator.Options{SchemaPath: schema, GoOut: "p0", GoPackage: "p0", GoImportPath: "corpusgen/p0"})
	if err != nil {
		t.Fatal(err)
	}
	outs, err := generator.Emit(s, generator.Options{SchemaPath: schema, GoOut: "p0", GoPackage: "p0", GoImportPath: "corpusgen/p0"})
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range outs {
		dst := filepath.Join(dir, filepath.FromSlash(o.Path))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, o.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := writeGoMod(dir); err != nil {
		t.Fatal(err)
	}
	var cases []genrun.Case
	for _, ty := range s.Types {
		cases = append(cases, genrun.Case{Package: 0, Type: ty.GoName})
	}
	verdicts, err := genrun.RunGo(dir, "corpusgen", []string{"corpusgen/p0"}, cases, genrun.Arbitrary)
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) < 9 {
		t.Fatalf("%d types generated, want the root, 4 wide ones and 4 of the chain", len(cases))
	}
	for i, v := range verdicts {
		if !v.Ran || !v.Valid {
			t.Errorf("arbitrary of %s: %+v", cases[i].Type, v)
		}
	}
}
