package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skillgen/skillgen/generator"
	"github.com/skillgen/skillgen/generator/load"
	"github.com/skillgen/skillgen/generator/ojson"
)

// chdir runs the rest of the test in dir.
func chdir(t *testing.T, dir string) {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chdir(wd) })
}

const petSchema = `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "title": "Pet",
  "type": "object",
  "properties": {
    "born": {"type": "string", "format": "date-time"},
    "kind": {"$ref": "#/$defs/Kind"},
    "tags": {"type": "array", "prefixItems": [{"type": "string"}], "items": false},
    "any": true
  },
  "$defs": {"Kind": {"enum": ["cat", "dog"], "x-go-name": "Old"}}
}`

// A draft-07 file: its user pointers (definitions, items as an array) differ from the
// canonical form's ($defs, prefixItems).
const legacySchema = `{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "title": "Legacy",
  "type": "object",
  "properties": {"pair": {"type": "array", "items": [{"type": "string"}, {"$ref": "#/definitions/Size"}]}},
  "definitions": {"Size": {"type": "integer"}}
}`

func loadPets(t *testing.T) *load.Set {
	t.Helper()
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "schema", "pet.json"), petSchema)
	writeFile(t, filepath.Join(dir, "schema", "legacy.json"), legacySchema)
	chdir(t, dir)
	set, err := generator.Load(generator.Options{SchemaPath: "schema"})
	if err != nil {
		t.Fatal(err)
	}
	return set
}

func override(t *testing.T, base, loc, obj string) Override {
	t.Helper()
	f, err := Parse(filepath.Join(base, "skillgen.json"), []byte(`{"overrides": {"`+loc+`": `+obj+`}}`))
	if err != nil {
		t.Fatal(err)
	}
	return f.Overrides[0]
}

func fileOf(t *testing.T, set *load.Set, path string) *load.File {
	t.Helper()
	for _, f := range set.Files {
		if f.Path == path {
			return f
		}
	}
	t.Fatalf("%s not loaded", path)
	return nil
}

func str(t *testing.T, v *ojson.Value, key string) string {
	t.Helper()
	k, ok := v.Get(key)
	if !ok || k.Kind != ojson.String {
		t.Fatalf("no string %s in %+v", key, v)
	}
	return k.Str
}

// TestOverridesReachTheLoadedSchema: the keywords of an override are in the loaded schema at
// the location named, where the builder reads schemas (the canonical form), a keyword already
// there replaced and the others kept.
func TestOverridesReachTheLoadedSchema(t *testing.T) {
	set := loadPets(t)
	ovs := []Override{
		override(t, ".", "schema/pet.json#/properties/born", `{"x-go-type": "time.Time", "x-go-type-import": "time", "tsType": "Date"}`),
		override(t, ".", "schema/pet.json#/$defs/Kind", `{"x-go-name": "Species", "x-enum-varnames": ["Cat", "Dog"], "tsEnumNames": ["Feline", "Canine"]}`),
		override(t, ".", "schema/pet.json#", `{"x-go-name": "Animal"}`),
		override(t, ".", "schema/pet.json#/properties/tags/prefixItems/0", `{"tsType": "Tag", "x-go-type": "tags.Label", "x-go-type-import": {"path": "example.com/tags/v2", "name": "tags"}}`),
		// A draft-07 file's pointers as its author wrote them.
		override(t, ".", "schema/legacy.json#/definitions/Size", `{"x-go-type": "uint16"}`),
		override(t, ".", "schema/legacy.json#/properties/pair/items/0", `{"x-go-name": "First"}`),
	}
	if err := Apply(set, ovs); err != nil {
		t.Fatal(err)
	}
	pet := fileOf(t, set, "pet.json")
	born, _ := pet.Raw.At("/properties/born")
	if str(t, born, "x-go-type") != "time.Time" || str(t, born, "x-go-type-import") != "time" || str(t, born, "tsType") != "Date" || str(t, born, "format") != "date-time" {
		t.Errorf("born: %+v", born)
	}
	kind, _ := pet.Raw.At("/$defs/Kind")
	if str(t, kind, "x-go-name") != "Species" {
		t.Errorf("x-go-name was not replaced: %+v", kind)
	}
	if v, _ := kind.Get("tsEnumNames"); v == nil || len(v.Arr) != 2 || v.Arr[1].Str != "Canine" {
		t.Errorf("tsEnumNames: %+v", kind)
	}
	if v, _ := kind.Get("x-enum-varnames"); v == nil || len(v.Arr) != 2 || v.Arr[0].Str != "Cat" {
		t.Errorf("x-enum-varnames: %+v", kind)
	}
	if len(kind.Members) != 4 || kind.Members[0].Key != "enum" {
		t.Errorf("Kind's members: %+v", kind.Members)
	}
	if str(t, pet.Raw, "x-go-name") != "Animal" || str(t, pet.Raw, "title") != "Pet" {
		t.Errorf("root: %+v", pet.Raw)
	}
	tag, _ := pet.Raw.At("/properties/tags/prefixItems/0")
	if str(t, tag, "tsType") != "Tag" || str(t, tag, "x-go-type") != "tags.Label" {
		t.Errorf("prefixItems/0: %+v", tag)
	}
	if imp, ok := tag.Get("x-go-type-import"); !ok || str(t, imp, "path") != "example.com/tags/v2" || str(t, imp, "name") != "tags" || len(imp.Members) != 2 {
		t.Errorf("x-go-type-import as an object: %+v", tag)
	}
	legacy := fileOf(t, set, "legacy.json")
	if size, ok := legacy.Raw.At("/$defs/Size"); !ok || str(t, size, "x-go-type") != "uint16" {
		t.Errorf("definitions/Size is not $defs/Size with the keyword: %+v", legacy.Raw)
	}
	if first, ok := legacy.Raw.At("/properties/pair/prefixItems/0"); !ok || str(t, first, "x-go-name") != "First" {
		t.Errorf("items/0 is not prefixItems/0 with the keyword: %+v", legacy.Raw)
	}
	// The set still builds: the keywords are annotations to the validator.
	if _, err := generator.BuildSet(set, generator.Options{}); err != nil {
		t.Fatal(err)
	}
}

// TestOverrideBadLocation: a location that is not a schema object of a loaded file is an error
// naming the configuration file, its line, the entry's pointer and the location.
func TestOverrideBadLocation(t *testing.T) {
	set := loadPets(t)
	for _, c := range []struct{ loc, want string }{
		{"schema/pet.json#/properties/nope", "schema/pet.json has nothing at /properties/nope"},
		{"schema/pet.json#/$defs/Kind/enum/0", "not a schema"},
		{"schema/pet.json#/properties", "not a schema"},
		{"schema/pet.json#/$defs/Kind/x-go-name", "not a schema"},
		{"schema/pet.json#/properties/any", "the boolean schema true, which holds no keywords"},
		{"schema/pet.json#/properties/tags/items", "the boolean schema false"},
		{"schema/legacy.json#/$defs/Size", "schema/legacy.json has nothing at /$defs/Size"},
		{"schema/other.json#/properties", "schema/other.json is not a schema file skillgen read (it read schema/legacy.json, schema/pet.json)"},
		{"pet.json#", "pet.json is not a schema file skillgen read"},
	} {
		f, err := Parse("skillgen.json", []byte("{\n\"overrides\": {\n\""+c.loc+"\": {\"x-go-name\": \"X\"}}}"))
		if err != nil {
			t.Fatal(err)
		}
		err = Apply(set, f.Overrides)
		want := "skillgen.json:3: #/overrides/" + ojson.EscapeToken(c.loc) + ": " + c.loc + ": " + c.want
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s: %v\nwant %s", c.loc, err, want)
		}
	}
	// Relative to the configuration file's folder: a file of another folder names the same
	// schema file by another path.
	o := override(t, "sub", "../schema/pet.json#/properties/born", `{"x-go-name": "Birth"}`)
	if err := Apply(set, []Override{o}); err != nil {
		t.Fatal(err)
	}
	if born, _ := fileOf(t, set, "pet.json").Raw.At("/properties/born"); str(t, born, "x-go-name") != "Birth" {
		t.Errorf("born: %+v", born)
	}
	if err := Apply(set, []Override{override(t, "sub", "schema/pet.json#", `{"x-go-name": "Birth"}`)}); err == nil {
		t.Error("a location relative to the current folder, not the configuration's, was found")
	}
}

func TestParseOverrideFlag(t *testing.T) {
	o, err := ParseOverrideFlag(`schema/pet.json#/$defs/Kind={"x-go-name": "Species", "tsEnumNames": ["A", "B"]}`)
	if err != nil {
		t.Fatal(err)
	}
	if o.File != "schema/pet.json" || o.Pointer != "/$defs/Kind" || o.Base != "" || o.Source != nil || len(o.Keywords) != 2 || o.Keywords[1].Value.Arr[1].Str != "B" {
		t.Errorf("%+v", o)
	}
	for _, c := range []struct{ arg, want string }{
		{`schema/pet.json#/x`, `want LOCATION={"keyword": value, …}`},
		{`schema/pet.json#/x={"x-go-tipe": "T"}`, `/x-go-tipe: property "x-go-tipe" is not allowed`},
		{`schema/pet.json#/x={}`, `must have at least 1 properties`},
		{`schema/pet.json={"x-go-name": "T"}`, `is not a schema location`},
		{`#/x={"x-go-name": "T"}`, `is not a schema location`},
	} {
		if _, err := ParseOverrideFlag(c.arg); err == nil || !strings.HasPrefix(err.Error(), "-override ") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.arg, err, c.want)
		}
	}
	// A bad location given with -override names the flag.
	set := loadPets(t)
	o, _ = ParseOverrideFlag(`schema/pet.json#/nope={"x-go-name": "X"}`)
	if err := Apply(set, []Override{o}); err == nil || err.Error() != "-override schema/pet.json#/nope: schema/pet.json has nothing at /nope" {
		t.Errorf("%v", err)
	}
}

// TestOverridesInOpenAPI: a location in an OpenAPI document is written as the document is, below
// components/schemas, though skillgen reads those schemas as $defs.
func TestOverridesInOpenAPI(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "api.yaml"), `openapi: 3.1.0
info: {title: Pets, version: "1"}
paths: {}
components:
  schemas:
    Pet:
      type: object
      properties:
        name: {type: string}
    Kind:
      enum: [cat, dog]
`)
	chdir(t, dir)
	set, err := generator.Load(generator.Options{SchemaPath: "api.yaml"})
	if err != nil {
		t.Fatal(err)
	}
	ovs := []Override{
		override(t, ".", "api.yaml#/components/schemas/Pet/properties/name", `{"x-go-name": "Label"}`),
		override(t, ".", "api.yaml#/components/schemas/Kind", `{"x-enum-varnames": ["Cat", "Dog"]}`),
	}
	if err := Apply(set, ovs); err != nil {
		t.Fatal(err)
	}
	api := fileOf(t, set, "api.yaml")
	if name, ok := api.Raw.At("/$defs/Pet/properties/name"); !ok || str(t, name, "x-go-name") != "Label" {
		t.Errorf("Pet's name: %+v", api.Raw)
	}
	if kind, ok := api.Raw.At("/$defs/Kind"); !ok {
		t.Errorf("Kind: %+v", api.Raw)
	} else if v, _ := kind.Get("x-enum-varnames"); v == nil || len(v.Arr) != 2 {
		t.Errorf("Kind: %+v", kind)
	}
	err = Apply(set, []Override{override(t, ".", "api.yaml#/$defs/Pet", `{"x-go-name": "P"}`)})
	if err == nil || !strings.Contains(err.Error(), "api.yaml has nothing at /$defs/Pet") {
		t.Errorf("the canonical pointer was accepted: %v", err)
	}
}
