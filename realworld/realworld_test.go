package realworld

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/skillgen/skillgen/generator"
	"github.com/skillgen/skillgen/generator/load"
)

func TestReason(t *testing.T) {
	for reason, want := range map[string]string{
		`remote reference https://x.test/a.json is not the $id of any loaded schema; skillgen never fetches (…)`:                                                             "remote reference to another site",
		`reference "a.json": https://json.schemastore.org/a.json maps to d/a.json, which cannot be read (-ref-map …): no file`:                                               "remote reference to a Schema Store file not in the corpus",
		`reference "tsconfig#/definitions/x": https://json.schemastore.org/tsconfig maps to d/tsconfig, which cannot be read, nor can d/tsconfig.json (-ref-map …): no file`: "remote reference to a Schema Store file not in the corpus",
		`reference "b.json": no schema file b.json in the schema root`:                                                                                                       "reference to a schema file beside it that is not in the corpus",
		`keyword "contentMediaType" is not supported by skillgen`:                                                                                                            "unsupported keyword contentMediaType",
		`unknown keyword "requried": did you mean "required"?`:                                                                                                               "misspelt keyword",
		`pattern "a(?=b)" uses lookaround or backreferences, which RE2 (Go) cannot compile (…)`:                                                                              "pattern with lookaround or backreference (RE2 cannot compile it)",
		`does not conform to the draft-07 metaschema: 5 is a number, want string`:                                                                                            "does not conform to its metaschema",
		`reference "#/x" points at nothing (no /x in s.json)`:                                                                                                                "reference points at nothing",
		`something else`: "something else",
	} {
		if got := Reason(&load.Error{File: "s.json", Reason: reason}); got != want {
			t.Errorf("Reason(%q) = %q, want %q", reason, got, want)
		}
	}
}

// TestMeasureTyped generates a small schema with a typed member, a member that may be any value
// and one whose values have no common Go type (an enum of a number, a string and an object),
// and checks what MeasureTyped finds in its output, and in the output changed where TypeScript
// loses a type or a declaration is gone.
func TestMeasureTyped(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "doc.json")
	schema := `{"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "Doc", "type": "object",
		"properties": {"name": {"type": "string"}, "extra": {}, "mixed": {"enum": [1, "a", {"b": true}]}}, "required": ["name"]}`
	if err := os.WriteFile(path, []byte(schema), 0o644); err != nil {
		t.Fatal(err)
	}
	var warnings []string
	opts := generator.Options{SchemaPath: path, GoOut: "go", GoPackage: "doc", TSOut: "ts", TSPackage: "doc", Arbitraries: true,
		Warn: func(err error) { warnings = append(warnings, err.Error()) }}
	s, err := generator.Build(opts)
	if err != nil {
		t.Fatal(err)
	}
	outs, err := generator.Emit(s, opts)
	if err != nil {
		t.Fatal(err)
	}
	m := MeasureTyped(s, outs, "go", "ts", warnings)
	if m.Share.Open < 1 || m.Share.Degraded != 1 || m.Share.Typed < 2 || m.Share.Typed+m.Share.Open+m.Share.Degraded != m.Share.Items {
		t.Errorf("share %+v: want the type and name typed, extra open, mixed degraded", m.Share)
	}
	if len(m.Degraded) != 1 || !strings.Contains(m.Degraded[0], "Mixed") || !strings.Contains(m.Degraded[0], "properties/mixed") {
		t.Errorf("degraded %q, want Doc.Mixed at #/properties/mixed", m.Degraded)
	}
	if len(m.Unwarned) != 0 || len(m.TSUnknown) != 0 || len(m.Undeclared) != 0 || m.Compared != 4 {
		t.Errorf("unwarned %q, TypeScript unknown %q, undeclared %q, %d compared; want none, none, none, 4 (Doc and its three members)",
			m.Unwarned, m.TSUnknown, m.Undeclared, m.Compared)
	}
	if m := MeasureTyped(s, outs, "go", "ts", nil); !slices.Equal(m.Unwarned, m.Degraded) {
		t.Errorf("without the warnings: unwarned %q, want %q", m.Unwarned, m.Degraded)
	}

	// The same output with TypeScript's name unknown, then with Go's Name field gone.
	edit := func(file, old, new string) []generator.Output {
		var out []generator.Output
		found := false
		for _, o := range outs {
			if o.Path == file {
				found = strings.Contains(string(o.Data), old)
				o.Data = []byte(strings.Replace(string(o.Data), old, new, 1))
			}
			out = append(out, o)
		}
		if !found {
			t.Fatalf("%s has no %q", file, old)
		}
		return out
	}
	if m := MeasureTyped(s, edit("ts/src/types.ts", "  name: string;", "  name: unknown;"), "go", "ts", warnings); !slices.Equal(m.TSUnknown, []string{"Doc.name (doc.json#)"}) {
		t.Errorf("TypeScript unknown %q, want Doc.name", m.TSUnknown)
	}
	if m := MeasureTyped(s, edit("go/types.go", "\tName ", "\t// Name "), "go", "ts", warnings); !slices.Equal(m.Undeclared, []string{"Go Doc.Name"}) {
		t.Errorf("undeclared %q, want Go Doc.Name", m.Undeclared)
	}
}

func TestUntypedDeclarations(t *testing.T) {
	for decl, want := range map[string]bool{
		"any": true, "[]any": true, "map[string][]any": true, "*any": true, "OptNil[any]": true, "= any": true,
		"string": false, "[]Item": false, "OptNil[map[string]int64]": false, "anything": false,
	} {
		if got := goUntyped(decl); got != want {
			t.Errorf("goUntyped(%q) = %v, want %v", decl, got, want)
		}
	}
	for decl, want := range map[string]bool{
		"unknown": true, "unknown[]": true, "(unknown | null)[]": true, "{ [key: string]: unknown }": true, "unknown | null": true,
		"string": false, "Item[]": false, "{ [key: string]: number }": false, "unknown | string": false,
	} {
		if got := tsUntyped(decl); got != want {
			t.Errorf("tsUntyped(%q) = %v, want %v", decl, got, want)
		}
	}
}
