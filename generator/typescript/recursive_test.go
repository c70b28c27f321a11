package typescript

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/skillgen/skillgen/generator/build"
	"github.com/skillgen/skillgen/generator/ir"
	"github.com/skillgen/skillgen/generator/load"
)

// recursiveSchema recurses in the ways real schemas do: through a union whose other branches
// end it (a template of strings and nested templates), through arrays that need an item, and
// through an object with many optional recursive members (a copy of a metaschema).
var recursiveSchema = `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$ref": "#/$defs/Schema",
  "$defs": {
    "Template": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/Item"}},
    "Item": {"anyOf": [{"type": "string"}, {"$ref": "#/$defs/Template"}, {"$ref": "#/$defs/Pattern"}]},
    "Pattern": {"type": "object", "properties": {"template": {"$ref": "#/$defs/Template"}, "or": {"$ref": "#/$defs/Template"}}},
    "Schema": {
      "type": ["object", "boolean"],
      "properties": {
        "not": {"$ref": "#/$defs/Schema"}, "if": {"$ref": "#/$defs/Schema"}, "then": {"$ref": "#/$defs/Schema"},
        "else": {"$ref": "#/$defs/Schema"}, "items": {"$ref": "#/$defs/Schema"}, "contains": {"$ref": "#/$defs/Schema"},
        "additionalProperties": {"$ref": "#/$defs/Schema"}, "propertyNames": {"$ref": "#/$defs/Schema"},
        "allOf": {"$ref": "#/$defs/SchemaArray"}, "anyOf": {"$ref": "#/$defs/SchemaArray"}, "oneOf": {"$ref": "#/$defs/SchemaArray"},
        "properties": {"type": "object", "additionalProperties": {"$ref": "#/$defs/Schema"}},
        "title": {"type": "string"}
      }
    },
    "SchemaArray": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/Schema"}},
` + wideDefs(5, 12) + `
  }
}`

// wideDefs writes levels types that nest without recursing, as SARIF's do: each an object of
// width optional members, arrays of objects of the next level. Drawn with every optional member
// at every level, a value of the first holds some (width × 5) ^ levels objects.
func wideDefs(levels, width int) string {
	var defs []string
	for l := range levels {
		var members []string
		for m := range width {
			item := `{"type": "string"}`
			if l+1 < levels {
				item = fmt.Sprintf(`{"$ref": "#/$defs/Wide%d"}`, l+1)
			}
			members = append(members, fmt.Sprintf(`"m%d": {"type": "array", "items": %s}`, m, item))
		}
		members = append(members, `"name": {"type": "string"}`)
		defs = append(defs, fmt.Sprintf(`"Wide%d": {"type": "object", "properties": {%s}}`, l, strings.Join(members, ", ")))
	}
	return strings.Join(defs, ",\n")
}

// TestRecursiveArbitrariesEnd draws values of recursive types and of wide types that nest:
// before the depth bound reached unions and arrays with a required item, the first overflowed
// the stack and the metaschema copy drew values too large to validate in minutes; before every
// level of nesting counted towards it, one value of the wide types took longer than that.
func TestRecursiveArbitrariesEnd(t *testing.T) {
	out := drawArbitraries(t, recursiveSchema)
	if !strings.Contains(out, "arbitraries checked") {
		t.Fatalf("recursive.mjs printed %q", out)
	}
	t.Log(out)
}

// drawArbitraries generates the TypeScript of one schema and runs recursive.mjs over it: every
// arbitrary gives values that validate and round-trip, bounded in depth and size.
func drawArbitraries(t *testing.T, schema string) string {
	t.Helper()
	return drawArbitrariesWith(t, schema, build.Options{})
}

// drawArbitrariesWith is drawArbitraries with the build's options.
func drawArbitrariesWith(t *testing.T, schema string, opts build.Options) string {
	t.Helper()
	dir := project(t, buildSchema(t, schema, opts))
	compile(t, dir, "recursive.mjs")
	return run(t, dir, "node", "recursive.mjs")
}

// buildSchema loads one schema document and builds its IR.
func buildSchema(t *testing.T, schema string, opts build.Options) *ir.Schema {
	t.Helper()
	set, err := load.FromFS(fstest.MapFS{"s.json": {Data: []byte(schema)}}, "s.json", "s.json")
	if err != nil {
		t.Fatal(err)
	}
	s, err := build.Build(set, opts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// wordBoundarySchema has patterns with \b and \B, which fast-check's stringMatching does not
// draw: a URL as dein's schema writes it, and a boundary after a leading lookahead.
var wordBoundarySchema = `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$ref": "#/$defs/Plugin",
  "$defs": {
    "URL": {"type": "string", "pattern": "^https?:\\/\\/(www\\.)?[-a-zA-Z0-9@:%._\\+~#=]{1,256}\\.[a-zA-Z0-9()]{1,6}\\b([-a-zA-Z0-9()@:%_\\+.~#?&//=]*)$"},
    "Word": {"type": "string", "pattern": "^(?=.*o)\\bfo[a-z]\\B[a-z]\\b$"},
    "Plugin": {"type": "object", "required": ["repo"], "properties": {"repo": {"$ref": "#/$defs/URL"}, "word": {"$ref": "#/$defs/Word"}}}
  }
}`

// TestWordBoundaryArbitraries: before word boundaries were left to the filter, fast-check
// threw "Meta character \b not implemented yet" on these.
func TestWordBoundaryArbitraries(t *testing.T) {
	if out := drawArbitraries(t, wordBoundarySchema); !strings.Contains(out, "4 arbitraries checked") {
		t.Fatalf("recursive.mjs printed %q", out)
	}
}

// TestFormatArbitraries: the arbitraries of a type whose members have asserted formats give
// values (drawn from ir.FormatSamples) that pass the validator and round-trip; fast-check's
// filter looked for a random string of each format without end. Go's twin is realworld
// TestGoArbitrariesFormats, on the same schema.
func TestFormatArbitraries(t *testing.T) {
	schema, err := os.ReadFile(filepath.Join("..", "ir", "testdata", "formats.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	if out := drawArbitrariesWith(t, string(schema), build.Options{Format: build.FormatAlways}); !strings.Contains(out, "1 arbitraries checked") {
		t.Fatalf("recursive.mjs printed %q", out)
	}
}

func TestWithoutWordBoundaries(t *testing.T) {
	for _, c := range []struct {
		in, out string
		found   bool
	}{
		{`^a\bb$`, `^ab$`, true},
		{`^\Ba\\b$`, `^a\\b$`, true},
		{`^[\b]\d$`, `^[\b]\d$`, false},
		{`^[a\]\b]\b$`, `^[a\]\b]$`, true},
		{`^x$`, `^x$`, false},
	} {
		got, found := withoutWordBoundaries(c.in)
		if got != c.out || found != c.found {
			t.Errorf("withoutWordBoundaries(%q) = %q, %v; want %q, %v", c.in, got, found, c.out, c.found)
		}
	}
}
