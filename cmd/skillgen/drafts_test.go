package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A schema without $schema in draft-07 form: array items and additionalItems, definitions.
const draft7Schema = `{
  "title": "Pair",
  "type": "array",
  "items": [{"type": "string"}, {"$ref": "#/definitions/n"}],
  "additionalItems": false,
  "definitions": {"n": {"type": "number"}}
}`

func TestDraftFlag(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "pair.json"), draft7Schema)
	args := []string{"-schema", "pair.json", "-go-out", "out", "-go-package", "pair", "-ts-out", "", "-go-import", ""}
	// Read as 2020-12 (the default), array items do not conform to the metaschema.
	code, _, stderr := runCLI(t, dir, args...)
	if code != 1 || !strings.Contains(stderr, "pair.json#/items: does not conform to the draft 2020-12 metaschema") {
		t.Fatalf("default draft: code %d\n%s", code, stderr)
	}
	code, _, stderr = runCLI(t, dir, append(args, "-draft", "draft-07")...)
	if code != 0 || stderr != "" {
		t.Fatalf("-draft draft-07: code %d\n%s", code, stderr)
	}
	types, err := os.ReadFile(filepath.Join(dir, "out", "types.go"))
	if err != nil {
		t.Fatal(err)
	}
	// The named type of definitions/n, with the location as the user wrote it.
	if !strings.Contains(string(types), "pair.json#/definitions/n") {
		t.Errorf("types.go does not name pair.json#/definitions/n:\n%s", types)
	}
	// A declared $schema wins over -draft.
	writeFile(t, filepath.Join(dir, "pair.json"), strings.Replace(draft7Schema, "{", `{"$schema": "http://json-schema.org/draft-07/schema#",`, 1))
	if code, _, stderr := runCLI(t, dir, append(args, "-draft", "2020-12")...); code != 0 {
		t.Fatalf("$schema draft-07 with -draft 2020-12: code %d\n%s", code, stderr)
	}
}

func TestDraftFlagsAreChecked(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "s.json"), smallSchema)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-draft", "draft-03"}, `unknown draft "draft-03"`},
		{[]string{"-ref-map", "nothing"}, "want URL_PREFIX=DIR"},
		{[]string{"-ref-map", "relative/=" + dir}, "is not an absolute URL prefix"},
		{[]string{"-ref-map", "https://example.com/=" + filepath.Join(dir, "missing")}, "is not a folder"},
	} {
		code, _, stderr := runCLI(t, dir, append([]string{"-schema", "s.json", "-go-out", "out", "-ts-out", "", "-go-import", ""}, c.args...)...)
		if code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: code %d, want 2 and %q:\n%s", c.args, code, c.want, stderr)
		}
		if _, err := os.Stat(filepath.Join(dir, "out")); !os.IsNotExist(err) {
			t.Fatalf("%v: wrote output", c.args)
		}
	}
}

func TestRefMapFlag(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "schema", "order.json"), `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "title": "Order",
  "type": "object",
  "properties": {"price": {"$ref": "https://schemas.example.com/common/money.json"}}
}`)
	writeFile(t, filepath.Join(dir, "vendor", "common", "money.json"), `{"$schema": "http://json-schema.org/draft-04/schema#", "title": "Money", "type": "number", "minimum": 0, "exclusiveMinimum": true}`)
	args := []string{"-schema", "schema", "-go-out", "out", "-go-package", "order", "-ts-out", "", "-go-import", ""}
	code, _, stderr := runCLI(t, dir, args...)
	if code != 1 || !strings.Contains(stderr, "schema/order.json#/properties/price/$ref") || !strings.Contains(stderr, "-ref-map") {
		t.Fatalf("without -ref-map: code %d\n%s", code, stderr)
	}
	code, _, stderr = runCLI(t, dir, append(args, "-ref-map", "https://schemas.example.com/=vendor")...)
	if code != 0 || stderr != "" {
		t.Fatalf("with -ref-map: code %d\n%s", code, stderr)
	}
	types, err := os.ReadFile(filepath.Join(dir, "out", "types.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(types), "type Money ") || strings.Contains(string(types), dir) {
		t.Errorf("types.go has no type Money, or names the folder on disk:\n%s", types)
	}
	// A mapped file that is missing is named in the error.
	code, _, stderr = runCLI(t, dir, append(args, "-ref-map", "https://schemas.example.com/common/=schema")...)
	if code != 1 || !strings.Contains(stderr, "schema/money.json, which cannot be read") {
		t.Fatalf("mapped to a folder without the file: code %d\n%s", code, stderr)
	}
}

func TestStrictFlag(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "s.json"), `{"title": "S", "type": "object", "x-ok": 1, "markdownDescription": "fine", "displayOrder": 3}`)
	args := []string{"-schema", "s.json", "-go-out", "out", "-go-package", "s", "-ts-out", "", "-go-import", ""}
	code, _, stderr := runCLI(t, dir, args...)
	if code != 0 || strings.TrimSpace(stderr) != `skillgen: warning: s.json#/displayOrder: unknown keyword "displayOrder" ignored (JSON Schema treats unknown keywords as annotations)` {
		t.Fatalf("without -strict: code %d\n%s", code, stderr)
	}
	code, _, stderr = runCLI(t, t.TempDir(), append([]string{"-strict"}, "-schema", filepath.Join(dir, "s.json"), "-go-out", filepath.Join(dir, "strict"), "-ts-out", "", "-go-import", "")...)
	if code != 1 || !strings.Contains(stderr, `unknown keyword "displayOrder" ignored (JSON Schema treats unknown keywords as annotations) (an error with -strict)`) {
		t.Fatalf("-strict: code %d\n%s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "strict")); !os.IsNotExist(err) {
		t.Fatal("-strict refused the schema but wrote output")
	}
}

// TestEveryErrorOnce: all the schema's errors in one run, one per line, sorted by file and
// pointer, the same bytes every time.
func TestEveryErrorOnce(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "schema", "b.json"), `{"title": "B", "properties": {"x": {"type": "strng"}, "y": {"minLength": -1}}}`)
	writeFile(t, filepath.Join(dir, "schema", "a.json"), `{"title": "A", "properties": {
		"p10": {"requried": ["q"]}, "p2": {"$ref": "#/$defs/missing"}, "p1": {"maxLenght": 2}}}`)
	args := []string{"-schema", "schema", "-go-out", "out", "-ts-out", "", "-go-import", ""}
	want := strings.Join([]string{
		`skillgen: schema/a.json#/properties/p1/maxLenght: unknown keyword "maxLenght": did you mean "maxLength"?`,
		`skillgen: schema/a.json#/properties/p10/requried: unknown keyword "requried": did you mean "required"?`,
		`skillgen: schema/a.json#/properties/p2/$ref: reference "#/$defs/missing" points at nothing (no /$defs/missing in schema/a.json)`,
		`skillgen: schema/b.json#/properties/x/type: does not conform to the draft 2020-12 metaschema: "strng" is not one of "array", "boolean", "integer", "null", "number", "object", "string" (did you mean "string"?)`,
		`skillgen: schema/b.json#/properties/y/minLength: does not conform to the draft 2020-12 metaschema: -1: minimum: got -1, want 0`,
	}, "\n") + "\n"
	for i := 0; i < 5; i++ {
		code, _, stderr := runCLI(t, dir, args...)
		if code != 1 || stderr != want {
			t.Fatalf("run %d: code %d\n got:\n%s\nwant:\n%s", i, code, stderr, want)
		}
	}
}

// TestAssertFormatFlag: a draft-07 schema's format is asserted by default; -assert-format=false
// leaves it an annotation; a 2020-12 schema's only with -assert-format.
func TestAssertFormatFlag(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "d7.json"), `{"$schema": "http://json-schema.org/draft-07/schema#", "title": "D7", "type": "string", "format": "uri"}`)
	writeFile(t, filepath.Join(dir, "d20.json"), `{"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "D20", "type": "string", "format": "uri"}`)
	for _, c := range []struct {
		schema string
		flags  []string
		assert bool
	}{
		{"d7.json", nil, true},
		{"d7.json", []string{"-assert-format=false"}, false},
		{"d7.json", []string{"-assert-format"}, true},
		{"d20.json", nil, false},
		{"d20.json", []string{"-assert-format"}, true},
		{"d20.json", []string{"-assert-format=true"}, true},
	} {
		out := filepath.Join(dir, "out")
		args := append([]string{"-schema", c.schema, "-go-out", "out", "-go-import", "", "-ts-out", ""}, c.flags...)
		if code, _, stderr := runCLI(t, dir, args...); code != 0 {
			t.Fatalf("%s %v: code %d: %s", c.schema, c.flags, code, stderr)
		}
		src, err := os.ReadFile(filepath.Join(out, "validate.go"))
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(string(src), "sgFormatURI(s)"); got != c.assert {
			t.Errorf("%s %v: format asserted %v, want %v", c.schema, c.flags, got, c.assert)
		}
	}
	if code, _, _ := runCLI(t, dir, "-schema", "d7.json", "-assert-format=maybe"); code != 2 {
		t.Errorf("-assert-format=maybe: code %d, want 2", code)
	}
}
