package normalize

import (
	"encoding/json"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/skillgen/skillgen/generator/ojson"
)

// render writes v as compact JSON, members in order.
func render(v *ojson.Value) string {
	var b strings.Builder
	var w func(v *ojson.Value)
	w = func(v *ojson.Value) {
		switch v.Kind {
		case ojson.Null:
			b.WriteString("null")
		case ojson.Bool:
			b.WriteString(strconv.FormatBool(v.Bool))
		case ojson.Number:
			b.WriteString(v.Str)
		case ojson.String:
			s, _ := json.Marshal(v.Str)
			b.Write(s)
		case ojson.Array:
			b.WriteByte('[')
			for i, e := range v.Arr {
				if i > 0 {
					b.WriteByte(',')
				}
				w(e)
			}
			b.WriteByte(']')
		case ojson.Object:
			b.WriteByte('{')
			for i, m := range v.Members {
				if i > 0 {
					b.WriteByte(',')
				}
				k, _ := json.Marshal(m.Key)
				b.Write(k)
				b.WriteByte(':')
				w(m.Value)
			}
			b.WriteByte('}')
		}
	}
	w(v)
	return b.String()
}

func parse(t *testing.T, s string) *ojson.Value {
	t.Helper()
	v, err := ojson.Parse([]byte(s))
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return v
}

// compact reformats JSON text the way render writes it.
func compact(t *testing.T, s string) string {
	t.Helper()
	return render(parse(t, s))
}

func rule(t *testing.T, name string) Rule {
	t.Helper()
	for _, r := range Rules {
		if r.Name == name {
			return r
		}
	}
	t.Fatalf("no rule %q", name)
	return Rule{}
}

// applyOne applies one rule to one schema object (not to its subschemas) and renders the
// result as the walker assembles it, the ignored members under Ignored.
func applyOne(t *testing.T, r Rule, d Draft, in string) (string, []Finding) {
	t.Helper()
	o := newObject(parse(t, in), d, "/s", false)
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
	return render(ojson.NewObject(ms)), o.findings
}

type ruleCase struct {
	draft    Draft
	in, want string
	findings []string // "warning|error POINTER: substring of the message"
}

func runRule(t *testing.T, name string, cases []ruleCase) {
	t.Helper()
	r := rule(t, name)
	for _, c := range cases {
		if !r.Applies(c.draft) {
			t.Errorf("%s does not apply to %s", name, c.draft)
			continue
		}
		got, fs := applyOne(t, r, c.draft, c.in)
		if want := compact(t, c.want); got != want {
			t.Errorf("%s, %s\n  in:   %s\n  got:  %s\n  want: %s", name, c.draft, c.in, got, want)
		}
		checkFindings(t, c.in, fs, c.findings)
	}
}

func checkFindings(t *testing.T, in string, fs []Finding, want []string) {
	t.Helper()
	if len(fs) != len(want) {
		t.Errorf("%s: findings %v, want %v", in, fs, want)
		return
	}
	for i, f := range fs {
		kind := "error"
		if f.Warning {
			kind = "warning"
		}
		head, msg, _ := strings.Cut(want[i], ": ")
		if kind+" "+f.Pointer != head || !strings.Contains(f.Message, msg) {
			t.Errorf("%s: finding %s %s: %s, want %s", in, kind, f.Pointer, f.Message, want[i])
		}
	}
}

func TestRuleRefOverridesSiblings(t *testing.T) {
	runRule(t, "ref-overrides-siblings", []ruleCase{
		{draft: Draft7, in: `{"$ref": "#/definitions/a", "type": "string", "minLength": 1}`,
			want:     `{"$ref": "#/definitions/a", "x-skillgen-ignored": {"type": "string", "minLength": 1}}`,
			findings: []string{`warning /s: "type", "minLength" ignored: up to draft-07, "$ref" overrides its sibling keywords`}},
		// Annotations, definitions, $defs and unknown keywords stay; identifiers go quietly.
		{draft: Draft4, in: `{"id": "x.json", "title": "T", "$ref": "#/definitions/a", "definitions": {"a": {}}, "markdownDescription": "m", "default": 1}`,
			want: `{"title": "T", "$ref": "#/definitions/a", "definitions": {"a": {}}, "markdownDescription": "m", "default": 1, "x-skillgen-ignored": {"id": "x.json"}}`},
		{draft: Draft6, in: `{"$ref": "#", "$defs": {}, "$id": "#a"}`, want: `{"$ref": "#", "$defs": {}, "x-skillgen-ignored": {"$id": "#a"}}`},
		{draft: Draft7, in: `{"type": "string"}`, want: `{"type": "string"}`},
	})
	if rule(t, "ref-overrides-siblings").Applies(Draft2019) {
		t.Error("ref-overrides-siblings applies to 2019-09, where $ref is an applicator beside its siblings")
	}
}

func TestRuleForeignKeywords(t *testing.T) {
	runRule(t, "foreign-keywords", []ruleCase{
		{draft: Draft7, in: `{"type": "array", "prefixItems": [{}], "$anchor": "a", "$defs": {}}`,
			want: `{"type": "array", "$defs": {}, "x-skillgen-ignored": {"prefixItems": [{}], "$anchor": "a"}}`,
			findings: []string{
				`warning /s/prefixItems: "prefixItems" is not a keyword of draft-07 (it is a keyword from draft 2020-12 on): ignored`,
				`warning /s/$anchor: "$anchor" is not a keyword of draft-07`,
			}},
		{draft: Draft2020, in: `{"items": {}, "additionalItems": false}`,
			want:     `{"items": {}, "x-skillgen-ignored": {"additionalItems": false}}`,
			findings: []string{`warning /s/additionalItems: "additionalItems" is not a keyword of draft 2020-12 (it is a keyword up to draft 2019-09): ignored; prefixItems and items replace`}},
		{draft: Draft4, in: `{"$id": "a", "id": "b", "const": 1}`,
			want: `{"id": "b", "x-skillgen-ignored": {"$id": "a", "const": 1}}`,
			findings: []string{
				`warning /s/$id: ignored; draft-04 spells it "id"`,
				`warning /s/const: "const" is not a keyword of draft-04 (it is a keyword from draft-06 on)`,
			}},
		{draft: Draft6, in: `{"id": "a", "if": {}}`,
			want: `{"x-skillgen-ignored": {"id": "a", "if": {}}}`,
			findings: []string{
				`warning /s/id: "id" is not a keyword of draft-06 (it is a keyword up to draft-04): ignored; this draft spells it "$id"`,
				`warning /s/if: "if" is not a keyword of draft-06`,
			}},
		{draft: Draft2019, in: `{"$dynamicRef": "#a", "$recursiveRef": "#"}`,
			want:     `{"$recursiveRef": "#", "x-skillgen-ignored": {"$dynamicRef": "#a"}}`,
			findings: []string{`warning /s/$dynamicRef: "$dynamicRef" is not a keyword of draft 2019-09`}},
		{draft: Draft2020, in: `{"$recursiveRef": "#", "markdownDescription": "x"}`,
			want:     `{"markdownDescription": "x", "x-skillgen-ignored": {"$recursiveRef": "#"}}`,
			findings: []string{`warning /s/$recursiveRef: "$recursiveRef" is not a keyword of draft 2020-12 (it is a keyword up to draft 2019-09)`}},
	})
}

func TestRuleIdentifiers(t *testing.T) {
	runRule(t, "identifiers", []ruleCase{
		{draft: Draft4, in: `{"id": "http://x/y.json", "type": "string"}`, want: `{"$id": "http://x/y.json", "type": "string"}`},
		{draft: Draft4, in: `{"id": "#foo"}`, want: `{"$anchor": "foo"}`},
		{draft: Draft7, in: `{"$id": "#foo", "type": "integer"}`, want: `{"$anchor": "foo", "type": "integer"}`},
		{draft: Draft6, in: `{"$id": "http://x/y.json#bar"}`, want: `{"$id": "http://x/y.json", "$anchor": "bar"}`},
		{draft: Draft7, in: `{"$id": "http://x/y.json#"}`, want: `{"$id": "http://x/y.json"}`},
		{draft: Draft7, in: `{"$id": "#"}`, want: `{}`},
		{draft: Draft7, in: `{"$id": "http://x/y.json#/a"}`, want: `{"$id": "http://x/y.json"}`},
		{draft: Draft7, in: `{"$id": "#a%20b"}`, want: `{"$anchor": "a b"}`},
		// 2019-09 and later have $anchor; only an empty fragment is dropped.
		{draft: Draft2019, in: `{"$id": "http://x/y.json#"}`, want: `{"$id": "http://x/y.json"}`},
		{draft: Draft2020, in: `{"$id": "y.json", "$anchor": "a"}`, want: `{"$id": "y.json", "$anchor": "a"}`},
	})
}

func TestRuleDefinitions(t *testing.T) {
	runRule(t, "definitions", []ruleCase{
		{draft: Draft7, in: `{"type": "object", "definitions": {"a": {}, "b": true}}`, want: `{"type": "object", "$defs": {"a": {}, "b": true}}`},
		{draft: Draft2020, in: `{"definitions": {"a": {}}}`, want: `{"$defs": {"a": {}}}`},
		{draft: Draft2019, in: `{"$defs": {"a": {}}, "definitions": {"b": {}, "a": {"type": "null"}}}`,
			want:     `{"$defs": {"a": {}, "b": {}}}`,
			findings: []string{`error /s/definitions/a: "a" is defined in both "$defs" and "definitions"`}},
	})
}

func TestRuleDefsBefore2019(t *testing.T) {
	runRule(t, "defs-before-2019", []ruleCase{
		{draft: Draft7, in: `{"$defs": {"a": {"type": "string"}, "description": "not a schema", "b": true}}`,
			want:     `{"$defs": {"a": {"type": "string"}, "b": true}}`,
			findings: []string{`warning /s/$defs/description: "$defs" entry "description" is not a schema: ignored (draft-07 has no "$defs" keyword`}},
		{draft: Draft4, in: `{"$defs": {"a": {}}}`, want: `{"$defs": {"a": {}}}`},
	})
	if rule(t, "defs-before-2019").Applies(Draft2019) {
		t.Error("defs-before-2019 applies to 2019-09, whose metaschema checks $defs")
	}
}

func TestRuleTupleItems(t *testing.T) {
	runRule(t, "tuple-items", []ruleCase{
		{draft: Draft7, in: `{"items": [{"type": "string"}, {}], "additionalItems": false}`, want: `{"prefixItems": [{"type": "string"}, {}], "items": false}`},
		{draft: Draft4, in: `{"items": [{}]}`, want: `{"prefixItems": [{}]}`},
		{draft: Draft2019, in: `{"additionalItems": {"type": "string"}, "items": [true]}`, want: `{"items": {"type": "string"}, "prefixItems": [true]}`},
		{draft: Draft7, in: `{"items": {"type": "string"}, "additionalItems": false}`,
			want:     `{"items": {"type": "string"}, "x-skillgen-ignored": {"additionalItems": false}}`,
			findings: []string{`warning /s/additionalItems: "additionalItems" has no effect without an array "items": ignored`}},
		{draft: Draft6, in: `{"additionalItems": false}`, want: `{"x-skillgen-ignored": {"additionalItems": false}}`,
			findings: []string{`warning /s/additionalItems: no effect`}},
	})
	if rule(t, "tuple-items").Applies(Draft2020) {
		t.Error("tuple-items applies to 2020-12, whose items is one schema")
	}
}

func TestRuleDependencies(t *testing.T) {
	runRule(t, "dependencies", []ruleCase{
		{draft: Draft7, in: `{"type": "object", "dependencies": {"a": ["b", "c"], "d": {"required": ["e"]}, "f": [], "g": false}}`,
			want: `{"type": "object", "dependentRequired": {"a": ["b", "c"], "f": []}, "dependentSchemas": {"d": {"required": ["e"]}, "g": false}}`},
		{draft: Draft4, in: `{"dependencies": {"a": {}}}`, want: `{"dependentSchemas": {"a": {}}}`},
		{draft: Draft4, in: `{"dependencies": {"a": ["b"]}}`, want: `{"dependentRequired": {"a": ["b"]}}`},
		// 2019-09 and 2020-12 validators still honour dependencies; it joins the new keywords.
		{draft: Draft2020, in: `{"dependentRequired": {"a": ["b"]}, "dependencies": {"a": ["c", "b"], "x": ["y"], "s": {}}, "dependentSchemas": {"t": {}}}`,
			want: `{"dependentRequired": {"a": ["b", "c"], "x": ["y"]}, "dependentSchemas": {"t": {}, "s": {}}}`},
		{draft: Draft2019, in: `{"dependentSchemas": {"s": {}}, "dependencies": {"s": true}}`,
			want:     `{"dependentSchemas": {"s": {}}}`,
			findings: []string{`error /s/dependencies/s: "s" has a schema in both "dependencies" and "dependentSchemas"`}},
	})
}

func TestRuleBooleanExclusiveBounds(t *testing.T) {
	runRule(t, "boolean-exclusive-bounds", []ruleCase{
		{draft: Draft4, in: `{"minimum": 1, "exclusiveMinimum": true, "maximum": 5, "exclusiveMaximum": false}`, want: `{"exclusiveMinimum": 1, "maximum": 5}`},
		{draft: Draft4, in: `{"exclusiveMaximum": true, "type": "number", "maximum": 2.5}`, want: `{"type": "number", "exclusiveMaximum": 2.5}`},
		{draft: Draft4, in: `{"exclusiveMinimum": true}`, want: `{}`},
		{draft: Draft4, in: `{"minimum": 0}`, want: `{"minimum": 0}`},
	})
	for _, d := range []Draft{Draft6, Draft7, Draft2019, Draft2020} {
		if rule(t, "boolean-exclusive-bounds").Applies(d) {
			t.Errorf("boolean-exclusive-bounds applies to %s, whose exclusive bounds are numbers", d)
		}
	}
}

// TestNormalize: whole documents, every rule at every depth, and the user's pointer of every
// rewritten location.
func TestNormalize(t *testing.T) {
	for _, c := range []struct {
		name  string
		draft Draft
		in    string
		want  string
		// pointers: normalized pointer → user pointer (UserPointer), and back (Pointer).
		pointers map[string]string
	}{
		{name: "draft-07 tuple inside definitions", draft: Draft7,
			in:   `{"definitions": {"pair": {"type": "array", "items": [{"type": "string"}, {"$ref": "#/definitions/n", "minimum": 1}], "additionalItems": false}, "n": {"type": "number"}}}`,
			want: `{"$defs": {"pair": {"type": "array", "prefixItems": [{"type": "string"}, {"$ref": "#/definitions/n", "x-skillgen-ignored": {"minimum": 1}}], "items": false}, "n": {"type": "number"}}}`,
			pointers: map[string]string{
				"/$defs/pair":               "/definitions/pair",
				"/$defs/pair/prefixItems/1": "/definitions/pair/items/1",
				"/$defs/pair/prefixItems/1/x-skillgen-ignored/minimum": "/definitions/pair/items/1/minimum",
				"/$defs/pair/items": "/definitions/pair/additionalItems",
				"/$defs/n/type":     "/definitions/n/type",
			}},
		{name: "draft-04 dependencies and bounds", draft: Draft4,
			in:   `{"properties": {"a": {"dependencies": {"b": {"properties": {"c": {"minimum": 0, "exclusiveMinimum": true}}}, "d": ["e"]}}}}`,
			want: `{"properties": {"a": {"dependentRequired": {"d": ["e"]}, "dependentSchemas": {"b": {"properties": {"c": {"exclusiveMinimum": 0}}}}}}}`,
			pointers: map[string]string{
				"/properties/a/dependentSchemas/b":                               "/properties/a/dependencies/b",
				"/properties/a/dependentSchemas/b/properties/c/exclusiveMinimum": "/properties/a/dependencies/b/properties/c/minimum",
				"/properties/a/dependentRequired/d":                              "/properties/a/dependencies/d",
			}},
		{name: "unknown keywords are normalized in case a reference reaches them", draft: Draft7,
			in:   `{"components": {"schemas": {"A": {"definitions": {"x": {}}, "items": [{}]}}}, "x-list": [{"id": "k", "additionalItems": true, "items": [true]}]}`,
			want: `{"components": {"schemas": {"A": {"$defs": {"x": {}}, "prefixItems": [{}]}}}, "x-list": [{"items": true, "prefixItems": [true], "x-skillgen-ignored": {"id": "k"}}]}`,
			pointers: map[string]string{
				"/components/schemas/A/$defs/x": "/components/schemas/A/definitions/x",
				"/x-list/0/items":               "/x-list/0/additionalItems",
			}},
		{name: "data is not rewritten", draft: Draft4,
			in:   `{"enum": [{"definitions": {}}], "const": {"id": "x"}, "default": {"items": []}, "examples": [{"dependencies": {}}]}`,
			want: `{"enum": [{"definitions": {}}], "default": {"items": []}, "examples": [{"dependencies": {}}], "x-skillgen-ignored": {"const": {"id": "x"}}}`},
		{name: "2020-12 documents come out unchanged", draft: Draft2020,
			in:   `{"$defs": {"a": {"prefixItems": [{}], "items": false, "dependentRequired": {"a": []}, "$anchor": "x"}}}`,
			want: `{"$defs": {"a": {"prefixItems": [{}], "items": false, "dependentRequired": {"a": []}, "$anchor": "x"}}}`},
		{name: "an embedded resource of another draft", draft: Draft2020,
			in:   `{"$defs": {"old": {"$schema": "http://json-schema.org/draft-04/schema#", "id": "http://x/old.json", "items": [{}], "properties": {"p": {"minimum": 1, "exclusiveMinimum": true}}}, "new": {"$schema": "http://json-schema.org/draft-07/schema#", "items": [{}]}}}`,
			want: `{"$defs": {"old": {"$schema": "http://json-schema.org/draft-04/schema#", "$id": "http://x/old.json", "prefixItems": [{}], "properties": {"p": {"exclusiveMinimum": 1}}}, "new": {"$schema": "http://json-schema.org/draft-07/schema#", "items": [{}]}}}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := parse(t, c.in)
			doc, _ := Normalize(in, c.draft)
			if got, want := render(doc.Root), compact(t, c.want); got != want {
				t.Errorf("got  %s\nwant %s", got, want)
			}
			if got := render(in); got != compact(t, c.in) {
				t.Errorf("the input was modified: %s", got)
			}
			for np, up := range c.pointers {
				if got := doc.UserPointer(np); got != up {
					t.Errorf("UserPointer(%s) = %s, want %s", np, got, up)
				}
				if got := doc.Pointer(up); got != np {
					t.Errorf("Pointer(%s) = %s, want %s", up, got, np)
				}
				if _, ok := doc.Root.At(np); !ok {
					t.Errorf("no normalized location %s", np)
				}
			}
			again, _ := Normalize(parse(t, c.in), c.draft)
			if render(again.Root) != render(doc.Root) {
				t.Error("normalizing twice gives different results")
			}
		})
	}
}

func TestNormalizeFindings(t *testing.T) {
	in := parse(t, `{"definitions": {"a": {"$ref": "#/definitions/b", "type": "string"}, "b": {"prefixItems": []}},
		"x-notes": {"$ref": "#", "type": "string", "prefixItems": []},
		"$defs": {"c": {"$schema": "https://example.com/custom", "$id": "http://x/c"}}}`)
	_, fs := Normalize(in, Draft7)
	var got []string
	for _, f := range fs {
		kind := "error"
		if f.Warning {
			kind = "warning"
		}
		got = append(got, kind+" "+f.Pointer)
	}
	sort.Strings(got)
	// Nothing is reported inside the unknown keyword x-notes.
	want := []string{"error /$defs/c/$schema", "warning /definitions/a", "warning /definitions/b/prefixItems"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("findings (-want +got):\n%s\n%v", diff, fs)
	}
}

// TestSharesUnchanged: a document that needs no rewriting is returned as it is, and the
// unchanged parts of one that does are shared, not copied.
func TestSharesUnchanged(t *testing.T) {
	in := parse(t, `{"properties": {"a": {"type": "string"}}, "definitions": {"b": {"type": "integer"}}}`)
	doc, _ := Normalize(in, Draft7)
	props, _ := in.Get("properties")
	got, _ := doc.Root.Get("properties")
	if props != got {
		t.Error("an unchanged subschema was copied")
	}
	in2020 := parse(t, `{"properties": {"a": {"type": "string"}}}`)
	if doc, _ := Normalize(in2020, Draft2020); doc.Root != in2020 {
		t.Error("a 2020-12 document without anything to rewrite was copied")
	}
}

func TestParseDraft(t *testing.T) {
	for in, want := range map[string]Draft{
		"draft-04": Draft4, "draft4": Draft4, "4": Draft4, "04": Draft4,
		"draft-06": Draft6, "6": Draft6, "Draft-07": Draft7, "7": Draft7, "draft7": Draft7,
		"2019-09": Draft2019, "draft2019-09": Draft2019, "2020-12": Draft2020, "draft 2020-12": Draft2020,
		"http://json-schema.org/draft-07/schema#": Draft7, "https://json-schema.org/draft/2019-09/schema": Draft2019,
	} {
		got, err := ParseDraft(in)
		if err != nil || got != want {
			t.Errorf("ParseDraft(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "3", "draft-03", "2021", "http://json-schema.org/draft-03/schema#"} {
		if _, err := ParseDraft(bad); err == nil {
			t.Errorf("ParseDraft(%q) succeeded", bad)
		}
	}
	for _, d := range Drafts {
		if got, ok := FromURI(d.URI()); !ok || got != d {
			t.Errorf("FromURI(%s.URI()) = %v", d, got)
		}
		if got, err := ParseDraft(d.String()); err != nil || got != d {
			t.Errorf("ParseDraft(%q) = %v, %v", d.String(), got, err)
		}
	}
}
