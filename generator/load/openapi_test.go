package load_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/skillgen/skillgen/generator/build"
	"github.com/skillgen/skillgen/generator/load"
	"github.com/skillgen/skillgen/generator/normalize"
)

// What is wrong in an OpenAPI document is reported at its place in the user's document (with
// its line in YAML).
func TestOpenAPIErrors(t *testing.T) {
	for _, c := range []struct{ name, doc, want string }{
		{"api.json", `{"openapi": "2.0"}`, `api.json#/openapi: OpenAPI 2.0 is not a version skillgen reads`},
		{"api.json", `{"openapi": "3.1.0", "jsonSchemaDialect": "https://example.com/dialect"}`, `api.json#/jsonSchemaDialect: jsonSchemaDialect "https://example.com/dialect" is not a dialect skillgen reads`},
		{"api.yaml", "openapi: 3.0.3\ncomponents:\n  schemas:\n    Pet:\n      type: object\n      properties:\n        a: {type: strng}\n", `api.yaml:7:13: #/components/schemas/Pet/properties/a/type: does not conform to the draft-04 metaschema`},
		{"api.yaml", "openapi: 3.1.0\ncomponents:\n  schemas:\n    Pet:\n      type: object\n      properties:\n        a: {minLength: -1}\n", `api.yaml:7:13: #/components/schemas/Pet/properties/a/minLength: does not conform to the draft 2020-12 metaschema`},
		{"api.yaml", "openapi: 3.0.3\ncomponents:\n  schemas:\n    Pet:\n      type: string\n      nullable: 1\n", `api.yaml:6:7: #/components/schemas/Pet/nullable: "nullable" must be a boolean, not a number`},
		{"api.yaml", "openapi: 3.0.3\ncomponents:\n  schemas: []\n", `api.yaml:3:3: #/components/schemas: components/schemas must be an object of schemas`},
		{"api.yaml", "openapi: 3.0.3\ncomponents:\n  schemas:\n    Pet: {$ref: '#/components/schemas/Nope'}\n", `api.yaml:4:11: #/components/schemas/Pet/$ref: reference "#/components/schemas/Nope" points at nothing`},
	} {
		set, err := load.FromDocs(map[string][]byte{c.name: []byte(c.doc)}, nil)
		if err == nil && set != nil {
			_, err = build.Build(set, build.Options{})
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v\nwant %s", c.doc, err, c.want)
		}
	}
}

// Paths and webhooks are ignored with one warning; a document without components generates
// nothing; a JSON Schema file may refer to a component, which stays one type.
func TestOpenAPIDocument(t *testing.T) {
	set, err := load.FromDocs(map[string][]byte{
		"api.yaml":  []byte("openapi: 3.1.0\npaths:\n  /a: {}\nwebhooks:\n  hook: {}\ncomponents:\n  schemas:\n    Pet: {type: object, properties: {name: {type: string}}}\n"),
		"list.json": []byte(`{"title": "PetList", "type": "array", "items": {"$ref": "api.yaml#/components/schemas/Pet"}}`),
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	ws := set.Warnings()
	if len(ws) != 1 || ws[0].Error() != "api.yaml:2:1: #/paths: paths, webhooks and their operations are out of scope: ignored (skillgen generates the types of components/schemas)" {
		t.Errorf("warnings %v", ws)
	}
	s, err := build.Build(set, build.Options{Warn: func(error) {}})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, ty := range s.Types {
		names = append(names, ty.GoName)
	}
	if strings.Join(names, " ") != "Pet PetList" && strings.Join(names, " ") != "PetList Pet" {
		t.Errorf("types %v, want Pet and PetList", names)
	}
	set, err = load.FromDocs(map[string][]byte{"api.json": []byte(`{"openapi": "3.0.0", "paths": {}}`)}, nil)
	if err != nil || len(set.Warnings()) != 0 {
		t.Fatalf("%v %v", err, set.Warnings())
	}
	if s, err := build.Build(set, build.Options{}); err != nil || len(s.Types) != 0 {
		t.Errorf("a document without schemas: %v, %d types", err, len(s.Types))
	}
}

// jsonSchemaDialect is respected: with a JSON Schema draft, OpenAPI's keywords are unknown
// ones (the discriminator names no branch, example is no examples); with OpenAPI's base
// dialect (the default) they have their meaning.
func TestOpenAPIDialect(t *testing.T) {
	doc := func(dialect string) []byte {
		return []byte(`{"openapi": "3.1.0", ` + dialect + `"components": {"schemas": {
			"Pet": {"oneOf": [{"$ref": "#/components/schemas/A"}, {"$ref": "#/components/schemas/B"}], "discriminator": {"propertyName": "t"}},
			"A": {"type": "object", "example": {}}, "B": {"type": "object"}}}}`)
	}
	for _, c := range []struct {
		dialect string
		decides bool
	}{
		{``, true},
		{`"jsonSchemaDialect": "https://spec.openapis.org/oas/3.1/dialect/base", `, true},
		{`"jsonSchemaDialect": "https://json-schema.org/draft/2020-12/schema", `, false},
	} {
		set, err := load.FromDocs(map[string][]byte{"api.json": doc(c.dialect)}, nil)
		if err != nil {
			t.Fatal(err)
		}
		pet, _ := set.Files[0].Raw.At("/$defs/Pet")
		_, decides := pet.Get(normalize.Discriminator)
		a, _ := set.Files[0].Raw.At("/$defs/A")
		_, examples := a.Get("examples")
		if decides != c.decides || examples != c.decides {
			t.Errorf("%s: discriminator read %v, example read %v; want %v", c.dialect, decides, examples, c.decides)
		}
	}
}

// YAML files are read where JSON ones are: in a folder, as a sibling a $ref names, and through
// -ref-map; an error in any of them names its line.
func TestYAMLFilesEverywhere(t *testing.T) {
	root := fstest.MapFS{
		"schemas/thing.yaml":    {Data: []byte("title: Thing\ntype: object\nproperties:\n  id: {$ref: 'defs/id.yml#/$defs/Id'}\n  unit: {$ref: 'https://units.test/v1/unit.yaml'}\n")},
		"schemas/defs/id.yml":   {Data: []byte("$defs:\n  Id: {type: string, pattern: '^[a-z]+$'}\n")},
		"schemas/other.json":    {Data: []byte(`{"title": "Other", "$ref": "thing.yaml"}`)},
		"schemas/skillgen.yaml": {Data: []byte("not: [a schema\n")},
		"schemas/notes.txt":     {Data: []byte("ignored")},
	}
	vendor := fstest.MapFS{"unit.yaml": {Data: []byte("enum: [m, s, kg]\n")}}
	maps := []load.RefMap{{Prefix: "https://units.test/v1/", FS: vendor, Display: "vendor"}}
	set, err := load.ReadFS(root, "schemas", "schemas", load.Options{RefMaps: maps})
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, f := range set.Files {
		paths = append(paths, f.Path)
	}
	if got := strings.Join(paths, " "); got != "defs/id.yml other.json thing.yaml units.test/v1/unit.yaml" {
		t.Errorf("files %s", got)
	}
	s, err := build.Build(set, build.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Types) < 3 {
		t.Errorf("%d types", len(s.Types))
	}
	vendor["unit.yaml"] = &fstest.MapFile{Data: []byte("enum: [m, s, kg]\nminLength: -1\n")}
	_, err = load.ReadFS(root, "schemas", "schemas", load.Options{RefMaps: maps})
	if err == nil || !strings.Contains(err.Error(), "vendor/unit.yaml:2:1: #/minLength: does not conform") {
		t.Errorf("got %v", err)
	}
}
