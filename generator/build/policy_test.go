package build_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/skillgen/skillgen/generator/build"
	"github.com/skillgen/skillgen/generator/ir"
	"github.com/skillgen/skillgen/generator/load"
	"github.com/skillgen/skillgen/generator/normalize"
)

// run loads and builds one schema file, returning the errors and the warnings as
// "FILE#POINTER: REASON" lines.
func run(t *testing.T, schema string, opts build.Options, lopts load.Options) (errs, warnings []string) {
	t.Helper()
	set, err := load.Read(map[string][]byte{"s.json": []byte(schema)}, lopts)
	if set == nil {
		t.Fatalf("load: %v", err)
	}
	opts.Warn = func(err error) { warnings = append(warnings, err.Error()) }
	_, err = build.Build(set, opts)
	var es load.Errors
	if err != nil && !errors.As(err, &es) {
		t.Fatalf("build error %T, not load.Errors: %v", err, err)
	}
	for _, e := range es {
		errs = append(errs, e.Error())
	}
	return errs, warnings
}

func check(t *testing.T, name string, gotErrs, gotWarns, wantErrs, wantWarns []string) {
	t.Helper()
	if diff := cmp.Diff(wantErrs, gotErrs); diff != "" {
		t.Errorf("%s: errors (-want +got):\n%s", name, diff)
	}
	if diff := cmp.Diff(wantWarns, gotWarns); diff != "" {
		t.Errorf("%s: warnings (-want +got):\n%s", name, diff)
	}
}

const policySchema = `{
  "title": "P",
  "type": "object",
  "$defs": {"x": {"type": "string"}},
  "markdownDescription": "**P**", "deprecationMessage": "old", "x-vendor": {"a": 1},
  "properties": {
    "a": {"type": "string", "enumDescriptions": [], "defaultSnippets": [], "errorMessage": "x", "example": "e"},
    "b": {"requried": ["x"], "maxLenght": 3, "minimun": 1},
    "c": {"descripton": "typo of an annotation", "displayOrder": 3, "meta:enum": {"a": "A"}, "meta:license": "MIT", "vendor.tool:order": 2, "ratio: 1": 1},
    "d": {"$ref": "#/properties/e/schemas/E"},
    "e": {"schemas": {"E": {"type": "integer"}}},
    "f": {"$dynamicRef": "#/$defs/x", "contentMediaType": "text/plain", "contentEncoding": "base64"}
  }
}`

func TestKeywordPolicy(t *testing.T) {
	errs, warns := run(t, policySchema, build.Options{}, load.Options{})
	check(t, "default", errs, warns, []string{
		`s.json#/properties/b/maxLenght: unknown keyword "maxLenght": did you mean "maxLength"?`,
		`s.json#/properties/b/minimun: unknown keyword "minimun": did you mean "minimum"?`,
		`s.json#/properties/b/requried: unknown keyword "requried": did you mean "required"?`,
	}, []string{
		`s.json#/properties/c/descripton: unknown keyword "descripton" ignored: did you mean "description"?`,
		`s.json#/properties/c/displayOrder: unknown keyword "displayOrder" ignored (JSON Schema treats unknown keywords as annotations)`,
		// meta:enum, meta:license and vendor.tool:order carry a vendor's prefix: silent
		// annotations, as x-* are; "ratio: 1" is no prefix (a space in it).
		`s.json#/properties/c/ratio: 1: unknown keyword "ratio: 1" ignored (JSON Schema treats unknown keywords as annotations)`,
	})

	// -allow-unsupported: every refusal of a keyword is a warning.
	errs, warns = run(t, policySchema, build.Options{AllowUnsupported: true}, load.Options{})
	check(t, "AllowUnsupported", errs, warns, nil, []string{
		`s.json#/properties/b/maxLenght: unknown keyword "maxLenght": did you mean "maxLength"?`,
		`s.json#/properties/b/minimun: unknown keyword "minimun": did you mean "minimum"?`,
		`s.json#/properties/b/requried: unknown keyword "requried": did you mean "required"?`,
		`s.json#/properties/c/descripton: unknown keyword "descripton" ignored: did you mean "description"?`,
		`s.json#/properties/c/displayOrder: unknown keyword "displayOrder" ignored (JSON Schema treats unknown keywords as annotations)`,
		`s.json#/properties/c/ratio: 1: unknown keyword "ratio: 1" ignored (JSON Schema treats unknown keywords as annotations)`,
	})

	// -strict: every warning is an error.
	errs, warns = run(t, policySchema, build.Options{AllowUnsupported: true, Strict: true}, load.Options{})
	if len(errs) != 6 || len(warns) != 0 {
		t.Errorf("Strict: %d errors, %d warnings; want 6 errors:\n%v\n%v", len(errs), len(warns), errs, warns)
	}
}

// TestNormalizeWarningsReachWarn: what the normalize stage ignored is reported with the
// builder's warnings, sorted, in user pointers.
func TestNormalizeWarningsReachWarn(t *testing.T) {
	errs, warns := run(t, `{"$schema": "http://json-schema.org/draft-07/schema#", "title": "W",
		"properties": {"z": {"$ref": "#/definitions/a", "type": "string"}, "a": {"prefixItems": [], "tpye": "x"}},
		"definitions": {"a": {}}}`, build.Options{AllowUnsupported: true}, load.Options{})
	check(t, "draft-07", errs, warns, nil, []string{
		`s.json#/properties/a/prefixItems: "prefixItems" is not a keyword of draft-07 (it is a keyword from draft 2020-12 on): ignored`,
		`s.json#/properties/a/tpye: unknown keyword "tpye": did you mean "type"?`,
		`s.json#/properties/z: "type" ignored: up to draft-07, "$ref" overrides its sibling keywords (wrap them with the $ref in allOf to apply them)`,
	})
}

// TestDraftsBuildAlike: the same schema written for each draft builds the same IR (the same
// named types, validators and shapes): after normalization nothing knows the draft.
func TestDraftsBuildAlike(t *testing.T) {
	versions := map[normalize.Draft]string{
		normalize.Draft4: `{"$schema": "http://json-schema.org/draft-04/schema#", "title": "T", "type": "object",
			"properties": {"pair": {"type": "array", "items": [{"type": "string"}, {"$ref": "#/definitions/pos"}], "additionalItems": false},
				"n": {"type": "number", "minimum": 0, "exclusiveMinimum": true}},
			"dependencies": {"pair": ["n"]},
			"definitions": {"pos": {"type": "integer", "maximum": 10, "exclusiveMaximum": true}}}`,
		normalize.Draft7: `{"$schema": "http://json-schema.org/draft-07/schema#", "title": "T", "type": "object",
			"properties": {"pair": {"type": "array", "items": [{"type": "string"}, {"$ref": "#/definitions/pos"}], "additionalItems": false},
				"n": {"type": "number", "exclusiveMinimum": 0}},
			"dependencies": {"pair": ["n"]},
			"definitions": {"pos": {"type": "integer", "exclusiveMaximum": 10}}}`,
		normalize.Draft2019: `{"$schema": "https://json-schema.org/draft/2019-09/schema", "title": "T", "type": "object",
			"properties": {"pair": {"type": "array", "items": [{"type": "string"}, {"$ref": "#/$defs/pos"}], "additionalItems": false},
				"n": {"type": "number", "exclusiveMinimum": 0}},
			"dependentRequired": {"pair": ["n"]},
			"$defs": {"pos": {"type": "integer", "exclusiveMaximum": 10}}}`,
		normalize.Draft2020: `{"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "T", "type": "object",
			"properties": {"pair": {"type": "array", "prefixItems": [{"type": "string"}, {"$ref": "#/$defs/pos"}], "items": false},
				"n": {"type": "number", "exclusiveMinimum": 0}},
			"dependentRequired": {"pair": ["n"]},
			"$defs": {"pos": {"type": "integer", "exclusiveMaximum": 10}}}`,
	}
	var want string
	for _, d := range normalize.Drafts {
		v, ok := versions[d]
		if !ok {
			continue
		}
		set, err := load.Read(map[string][]byte{"t.json": []byte(v)}, load.Options{})
		if err != nil {
			t.Fatalf("%s: %v", d, err)
		}
		s, err := build.Build(set, build.Options{})
		if err != nil {
			t.Fatalf("%s: %v", d, err)
		}
		got := describeIR(s)
		if want == "" {
			want = got
			continue
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s builds another IR than draft-04 (-draft-04 +%s):\n%s", d, d, diff)
		}
	}
}

// describeIR renders what the emitters see of an IR, locations aside: each named type (names,
// kind, its schema with references inlined) and each validator's names.
func describeIR(s *ir.Schema) string {
	var b strings.Builder
	for _, t := range s.Types {
		js, err := t.Node.SchemaJSON()
		if err != nil {
			js = []byte(err.Error())
		}
		fmt.Fprintf(&b, "type %s/%s kind %v: %s\n", t.GoName, t.TSName, t.Kind, js)
	}
	for _, n := range s.Nodes {
		fmt.Fprintf(&b, "node %s %s %s %s\n", n.GoFunc, n.TSFunc, n.GoAnnFunc, n.TSAnnFunc)
	}
	return b.String()
}
