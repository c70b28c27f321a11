package normalize

import (
	"testing"

	"github.com/skillgen/skillgen/generator/ojson"
)

// runOpenAPIRule applies one rule to one schema object of an OpenAPI document's schemas.
func runOpenAPIRule(t *testing.T, name string, api OpenAPI, d Draft, cases []ruleCase) {
	t.Helper()
	r := rule(t, name)
	for _, c := range cases {
		o := newObject(parse(t, c.in), d, "/s", false)
		o.oas = api
		r.apply(o)
		var ms []ojson.Member
		for _, m := range o.members {
			ms = append(ms, ojson.Member{Key: m.key, Value: m.value})
		}
		if len(o.ignored) > 0 {
			var ig []ojson.Member
			for _, m := range o.ignored {
				ig = append(ig, ojson.Member{Key: m.key, Value: m.value})
			}
			ms = append(ms, ojson.Member{Key: Ignored, Value: ojson.NewObject(ig)})
		}
		if got, want := render(ojson.NewObject(ms)), compact(t, c.want); got != want {
			t.Errorf("%s\n  in:   %s\n  got:  %s\n  want: %s", name, c.in, got, want)
		}
		checkFindings(t, c.in, o.findings, c.findings)
	}
	// Outside an OpenAPI document the rule does nothing.
	for _, c := range cases {
		o := newObject(parse(t, c.in), d, "/s", false)
		r.apply(o)
		if o.changed || len(o.findings) > 0 {
			t.Errorf("%s changed %s outside an OpenAPI document", name, c.in)
		}
	}
}

func TestRuleOpenAPINullable(t *testing.T) {
	runOpenAPIRule(t, "openapi-nullable", OpenAPI30, Draft4, []ruleCase{
		{in: `{"type": "string", "nullable": true, "maxLength": 3}`, want: `{"type": ["string", "null"], "maxLength": 3}`},
		{in: `{"type": "string", "enum": ["a", "b"], "nullable": true}`, want: `{"type": ["string", "null"], "enum": ["a", "b", null]}`},
		{in: `{"type": "string", "enum": ["a", null], "nullable": true}`, want: `{"type": ["string", "null"], "enum": ["a", null]}`},
		{in: `{"type": "integer", "nullable": false}`, want: `{"type": "integer"}`},
		{in: `{"description": "anything", "nullable": true}`, want: `{"description": "anything"}`},
		{in: `{"$ref": "#/components/schemas/A", "nullable": true}`, want: `{"$ref": "#/components/schemas/A", "x-skillgen-ignored": {"nullable": true}}`,
			findings: []string{`warning /s/nullable: "nullable" ignored: in OpenAPI 3.0 "$ref" overrides its sibling keywords`}},
		{in: `{"type": "string", "nullable": "yes"}`, want: `{"type": "string", "x-skillgen-ignored": {"nullable": "yes"}}`,
			findings: []string{`error /s/nullable: "nullable" must be a boolean, not a string`}},
	})
}

func TestRuleOpenAPIKeywords(t *testing.T) {
	for _, api := range []OpenAPI{OpenAPI30, OpenAPI31} {
		runOpenAPIRule(t, "openapi-keywords", api, Draft2020, []ruleCase{
			{in: `{"type": "integer", "example": 3}`, want: `{"type": "integer", "examples": [3]}`},
			{in: `{"example": 3, "examples": [4]}`, want: `{"examples": [4], "x-skillgen-ignored": {"example": 3}}`},
			{in: `{"type": "object", "xml": {"name": "x"}, "externalDocs": {"url": "https://example.com"}}`,
				want: `{"type": "object", "x-skillgen-ignored": {"xml": {"name": "x"}, "externalDocs": {"url": "https://example.com"}}}`},
			// The implicit value of a branch is its component's name; mapping gives others
			// (by reference or by bare name).
			{in: `{"oneOf": [{"$ref": "#/components/schemas/Dog"}, {"$ref": "#/components/schemas/Cat"}, {"$ref": "#/components/schemas/Cow"}], "discriminator": {"propertyName": "kind", "mapping": {"dog": "#/components/schemas/Dog", "cat": "Cat"}}}`,
				want: `{"oneOf": [{"$ref": "#/components/schemas/Dog"}, {"$ref": "#/components/schemas/Cat"}, {"$ref": "#/components/schemas/Cow"}], "x-skillgen-discriminator": {"keyword": "oneOf", "property": "kind", "values": ["dog", "cat", "Cow"]}, "x-skillgen-ignored": {"discriminator": {"propertyName": "kind", "mapping": {"dog": "#/components/schemas/Dog", "cat": "Cat"}}}}`},
			{in: `{"anyOf": [{"$ref": "#/components/schemas/A"}, {"$ref": "#/components/schemas/B"}], "discriminator": {"propertyName": "t"}}`,
				want: `{"anyOf": [{"$ref": "#/components/schemas/A"}, {"$ref": "#/components/schemas/B"}], "x-skillgen-discriminator": {"keyword": "anyOf", "property": "t", "values": ["A", "B"]}, "x-skillgen-ignored": {"discriminator": {"propertyName": "t"}}}`},
			// Beside allOf (the base of a hierarchy) it is an annotation.
			{in: `{"type": "object", "discriminator": {"propertyName": "t"}}`, want: `{"type": "object", "x-skillgen-ignored": {"discriminator": {"propertyName": "t"}}}`},
			{in: `{"oneOf": [{"type": "string"}, {"$ref": "#/components/schemas/B"}], "discriminator": {"propertyName": "t"}}`,
				want:     `{"oneOf": [{"type": "string"}, {"$ref": "#/components/schemas/B"}], "x-skillgen-ignored": {"discriminator": {"propertyName": "t"}}}`,
				findings: []string{`warning /s/discriminator: "discriminator" does not name oneOf branch 0`}},
			{in: `{"oneOf": [{"$ref": "#/components/schemas/A"}, {"$ref": "#/components/schemas/B"}], "discriminator": {"propertyName": "t", "mapping": {"x": "A", "A": "B"}}}`,
				want: `{"oneOf": [{"$ref": "#/components/schemas/A"}, {"$ref": "#/components/schemas/B"}], "x-skillgen-discriminator": {"keyword": "oneOf", "property": "t", "values": ["x", "A"]}, "x-skillgen-ignored": {"discriminator": {"propertyName": "t", "mapping": {"x": "A", "A": "B"}}}}`},
			{in: `{"oneOf": [{"$ref": "other.json"}, {"$ref": "#/components/schemas/B"}], "discriminator": {"propertyName": "t"}}`,
				want:     `{"oneOf": [{"$ref": "other.json"}, {"$ref": "#/components/schemas/B"}], "x-skillgen-ignored": {"discriminator": {"propertyName": "t"}}}`,
				findings: []string{`warning /s/discriminator: "discriminator" has no "mapping" value for oneOf branch 0 (other.json)`}},
			{in: `{"oneOf": [{}, {}], "discriminator": "t"}`, want: `{"oneOf": [{}, {}], "x-skillgen-ignored": {"discriminator": "t"}}`,
				findings: []string{`error /s/discriminator: "discriminator" must be an object with "propertyName"`}},
		})
	}
}

// NormalizeOpenAPI makes the components the $defs, maps every location back to the user's
// document, and reads a nullable schema without type as an anyOf with null.
func TestNormalizeOpenAPI(t *testing.T) {
	doc := parse(t, `{"openapi": "3.0.3", "paths": {"/x": {}}, "components": {"schemas": {
		"A": {"type": "object", "properties": {"b": {"nullable": true, "allOf": [{"$ref": "#/components/schemas/B"}]}, "n": {"type": "number", "minimum": 0, "exclusiveMinimum": true}}},
		"B": {"type": "string", "nullable": true, "example": "x"},
		"C": {"type": "object", "nullable": true, "allOf": [{"$ref": "#/components/schemas/A"}]}}}}`)
	norm, findings := NormalizeOpenAPI(doc, Dialect{Draft: Draft4}, OpenAPI30)
	if len(findings) != 0 {
		t.Errorf("findings %v", findings)
	}
	want := compact(t, `{"$defs": {
		"A": {"type": "object", "properties": {"b": {"anyOf": [{"allOf": [{"$ref": "#/components/schemas/B"}]}, {"type": "null"}]}, "n": {"type": "number", "exclusiveMinimum": 0}}},
		"B": {"type": ["string", "null"], "examples": ["x"]},
		"C": {"anyOf": [{"type": "object", "allOf": [{"$ref": "#/components/schemas/A"}]}, {"type": "null"}]}}}`)
	if got := render(norm.Root); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	for canonical, user := range map[string]string{
		"/$defs/A/properties/n":                  "/components/schemas/A/properties/n",
		"/$defs/A/properties/b":                  "/components/schemas/A/properties/b",
		"/$defs/A/properties/b/anyOf/0/allOf/0":  "/components/schemas/A/properties/b/allOf/0",
		"/$defs/A/properties/b/anyOf/1":          "/components/schemas/A/properties/b/nullable",
		"/$defs/A/properties/n/exclusiveMinimum": "/components/schemas/A/properties/n/minimum",
		"/$defs/B/examples":                      "/components/schemas/B/example",
	} {
		if got := norm.UserPointer(canonical); got != user {
			t.Errorf("UserPointer(%s) = %s, want %s", canonical, got, user)
		}
	}
	for user, canonical := range map[string]string{
		"/components/schemas/B":                      "/$defs/B",
		"/components/schemas/A/properties/b":         "/$defs/A/properties/b",
		"/components/schemas/A/properties/b/allOf/0": "/$defs/A/properties/b/anyOf/0/allOf/0",
	} {
		if got := norm.Pointer(user); got != canonical {
			t.Errorf("Pointer(%s) = %s, want %s", user, got, canonical)
		}
	}
}

func TestOpenAPIVersion(t *testing.T) {
	for _, c := range []struct {
		doc  string
		api  OpenAPI
		ok   bool
		fail bool
	}{
		{`{"openapi": "3.0.3"}`, OpenAPI30, true, false},
		{`{"openapi": "3.1.0"}`, OpenAPI31, true, false},
		{`{"openapi": "3.2.0"}`, OpenAPI31, true, false},
		{`{"openapi": "2.0"}`, NotOpenAPI, true, true},
		{`{"openapi": 3.1}`, NotOpenAPI, true, true},
		{`{"swagger": "2.0"}`, NotOpenAPI, false, false},
		{`{"type": "object"}`, NotOpenAPI, false, false},
		{`[]`, NotOpenAPI, false, false},
	} {
		api, ok, err := OpenAPIVersion(parse(t, c.doc))
		if api != c.api || ok != c.ok || (err != nil) != c.fail {
			t.Errorf("%s: got %v %v %v", c.doc, api, ok, err)
		}
	}
	if !IsOpenAPIDialect("https://spec.openapis.org/oas/3.1/dialect/base") || IsOpenAPIDialect("https://json-schema.org/draft/2020-12/schema") {
		t.Error("IsOpenAPIDialect")
	}
}
