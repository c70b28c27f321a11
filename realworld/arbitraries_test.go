package realworld

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/skillgen/skillgen/generator"
	"github.com/skillgen/skillgen/generator/build"
	"github.com/skillgen/skillgen/internal/genrun"
)

// chainSchema has the shape that made the Go arbitraries of real schemas (jreleaser,
// azure-iot-edgeagent, renovate) fail: an object of optional members only at the end of a
// chain of required members deeper than the depth bound. It drew nothing there, so the whole
// value drew nothing, which rapid refuses.
const chainSchema = `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "properties": {"chain": {"$ref": "#/$defs/Chain0"}},
  "$defs": {
    "Chain0": {"type": "object", "required": ["next"], "properties": {"next": {"$ref": "#/$defs/Chain1"}}},
    "Chain1": {"type": "object", "required": ["next"], "properties": {"next": {"$ref": "#/$defs/Chain2"}}},
    "Chain2": {"type": "object", "required": ["next"], "properties": {"next": {"$ref": "#/$defs/Chain3"}}},
    "Chain3": {"type": "object", "additionalProperties": false, "properties": {"flag": {"type": "boolean"}, "name": {"type": "string"}}}
  }
}`

// TestGoArbitrariesEnd draws values of every type of chainSchema from the generated rapid
// arbitraries: each gives values that parse and write back the same.
func TestGoArbitrariesEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a Go program")
	}
	cases, verdicts := drawGo(t, chainSchema, build.FormatByDraft)
	if len(cases) != 5 {
		t.Fatalf("%d types generated, want the root and 4 of the chain", len(cases))
	}
	for i, v := range verdicts {
		if !v.Ran || !v.Valid {
			t.Errorf("arbitrary of %s: %+v", cases[i].Type, v)
		}
	}
}

// TestGoArbitrariesFormats: the arbitraries of a type whose members have asserted formats give
// values (drawn from ir.FormatSamples) that pass the validator, parse and write back the same.
// A string drawn at random is almost never of a format, so they gave no value for such types,
// or, for one as large as renovate's root, ran out of time trying (draft-07 asserts format by
// default). The schema has a member of every format skillgen checks; TypeScript's twin is
// generator/typescript TestFormatArbitraries.
func TestGoArbitrariesFormats(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a Go program")
	}
	schema, err := os.ReadFile(filepath.Join("..", "generator", "ir", "testdata", "formats.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	cases, verdicts := drawGo(t, string(schema), build.FormatAlways)
	for i, v := range verdicts {
		if !v.Ran || !v.Valid {
			t.Errorf("arbitrary of %s: %+v", cases[i].Type, v)
		}
	}
}

// drawGo generates schema's Go with its arbitraries and draws values of every type
// (genrun.Arbitrary).
func drawGo(t *testing.T, schema string, format build.FormatMode) ([]genrun.Case, []genrun.Verdict) {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "s.json")
	if err := os.WriteFile(path, []byte(schema), 0o644); err != nil {
		t.Fatal(err)
	}
	opts := generator.Options{SchemaPath: path, GoOut: "p0", GoPackage: "p0", GoImportPath: "corpusgen/p0", Arbitraries: true, Format: format}
	s, err := generator.Build(opts)
	if err != nil {
		t.Fatal(err)
	}
	outs, err := generator.Emit(s, opts)
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
	return cases, verdicts
}
