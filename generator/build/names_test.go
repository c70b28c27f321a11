package build_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/skillgen/skillgen/generator/build"
)

// TestNamesNeverCollideSilently: the Model Context Protocol's $defs Error and ParseError. The
// type ParseError keeps its name (a type's own name comes before another type's parser), Error
// is Error2 in Go and TypeScript (whose global Error it could not be anyway), parsed by
// ParseError2; the warning names both locations and the names chosen. A type that only
// TypeScript renames is a warning too; two titles alike name the first one's location.
func TestNamesNeverCollideSilently(t *testing.T) {
	for _, c := range []struct {
		name  string
		docs  map[string]string
		types map[string]string // location → Go name/TypeScript name
		warns []string
	}{
		{"Error and ParseError", map[string]string{"mcp.json": `{"$defs": {
			"Error": {"type": "object", "properties": {"code": {"type": "integer"}}},
			"ParseError": {"type": "object", "properties": {"line": {"type": "integer"}}}}}`},
			map[string]string{"mcp.json#/$defs/Error": "Error2/Error2", "mcp.json#/$defs/ParseError": "ParseError/ParseError"},
			[]string{`mcp.json#/$defs/Error: type Error named Error2 in Go (parsed by ParseError2) and Error2 in TypeScript: ParseError is the name of the type at mcp.json#/$defs/ParseError`}},
		{"ParseError first", map[string]string{"mcp.json": `{"$defs": {
			"ParseError": {"type": "object", "properties": {"line": {"type": "integer"}}},
			"Error": {"type": "object", "properties": {"code": {"type": "integer"}}}}}`},
			map[string]string{"mcp.json#/$defs/Error": "Error2/Error2", "mcp.json#/$defs/ParseError": "ParseError/ParseError"},
			[]string{`mcp.json#/$defs/Error: type Error named Error2 in Go (parsed by ParseError2) and Error2 in TypeScript: ParseError is a name of the type at mcp.json#/$defs/ParseError`}},
		{"a TypeScript global", map[string]string{"e.json": `{"$defs": {"Error": {"type": "object"}}}`},
			map[string]string{"e.json#/$defs/Error": "Error/Error2"},
			[]string{`e.json#/$defs/Error: type Error named Error in Go (parsed by ParseError) and Error2 in TypeScript: Error is a name the generated TypeScript uses (a global, or a reserved word)`}},
		{"two titles alike", map[string]string{"a.json": `{"title": "Config", "type": "object"}`, "b.json": `{"title": "Config", "type": "string"}`},
			map[string]string{"a.json#": "Config/Config", "b.json#": "Config2/Config2"},
			[]string{`b.json#: type Config named Config2 in Go (parsed by ParseConfig2) and Config2 in TypeScript: Config is a name of the type at a.json#`}},
	} {
		s, warns := buildDocs(t, c.docs, build.Options{})
		got := map[string]string{}
		for _, ty := range s.Types {
			if _, ok := c.types[ty.Location]; ok {
				got[ty.Location] = ty.GoName + "/" + ty.TSName
			}
		}
		if diff := cmp.Diff(c.types, got); diff != "" {
			t.Errorf("%s: names (-want +got):\n%s", c.name, diff)
		}
		if diff := cmp.Diff(c.warns, warns); diff != "" {
			t.Errorf("%s: warnings (-want +got):\n%s", c.name, diff)
		}
	}
}
