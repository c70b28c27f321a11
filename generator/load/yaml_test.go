package load

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
	"pgregory.net/rapid"

	"github.com/skillgen/skillgen/generator/ojson"
)

func TestYAMLToJSONValues(t *testing.T) {
	for _, tc := range []struct{ yaml, json string }{
		{"a: 1\nb: -0.50\nc: 1e400\nd: 123456789012345678901234567890\ne: 1.10000000000000000001E-3", `{"a":1,"b":-0.50,"c":1e400,"d":123456789012345678901234567890,"e":1.10000000000000000001E-3}`},
		{"t: true\nf: False\nn: ~\nm: null\ne:\nq: 'yes'\np: yes\ns: \"1\"", `{"t":true,"f":false,"n":null,"m":null,"e":null,"q":"yes","p":"yes","s":"1"}`},
		{"d: 2024-01-02\nts: 2001-12-14T21:59:43.10Z", `{"d":"2024-01-02","ts":"2001-12-14T21:59:43.10Z"}`},
		{"a: !!str 12\nb: !!float 3\nc: !!int 4\nd: !!null null\ne: !!bool true", `{"a":"12","b":3,"c":4,"d":null,"e":true}`},
		{"200: ok\n\"<<\": x\n'1.5': y", `{"200":"ok","<<":"x","1.5":"y"}`},
		{"a: &x {type: string}\nb: *x\nc: [*x, *x]", `{"a":{"type":"string"},"b":{"type":"string"},"c":[{"type":"string"},{"type":"string"}]}`},
		{"s: |\n  line <1>\n  \"two\"\\\n", `{"s":"line <1>\n\"two\"\\\n"}`},
		{"- \"\\u0001\\t\"\n- {}\n- []", `["\u0001\t",{},[]]`},
		{"plain", `"plain"`},
		{"---\n# only a comment\na: 1\n...\n", `{"a":1}`},
	} {
		got, err := YAMLToJSON("t.yaml", []byte(tc.yaml))
		if err != nil {
			t.Errorf("%q: %v", tc.yaml, err)
			continue
		}
		if string(got) != tc.json {
			t.Errorf("%q:\n got %s\nwant %s", tc.yaml, got, tc.json)
		}
		if !json.Valid(got) {
			t.Errorf("%q: not valid JSON: %s", tc.yaml, got)
		}
	}
}

// Each YAML feature JSON cannot express is refused with its file, line, column, pointer and
// reason.
func TestYAMLToJSONRefusals(t *testing.T) {
	for _, tc := range []struct {
		yaml      string
		line, col int
		pointer   string
		reason    string
	}{
		{"a:\n  b: &s {x: 1}\n  c:\n    <<: *s\n", 4, 5, "/a/c/<<", "merge key (<<)"},
		{"a: !foo x", 1, 4, "/a", "the YAML tag !foo has no JSON equivalent"},
		{"a: !!binary aGk=", 1, 4, "/a", "!!binary has no JSON equivalent"},
		{"a: !!timestamp 2001-12-14", 1, 4, "/a", "!!timestamp has no JSON equivalent"},
		{"a: !!set {x}", 1, 4, "/a", "!!set has no JSON equivalent"},
		{"a: !!int '12'", 1, 4, "/a", "is not an integer as written"},
		{"a: !!map [1]", 1, 4, "/a", "does not fit a sequence"},
		{"x:\n  1.5: y", 2, 3, "/x/1.5", "mapping key that is not a string (1.5, a number)"},
		{"true: y", 1, 1, "/true", "(true, a boolean)"},
		{"~: y", 1, 1, "/~0", "(~, null)"},
		{"007: y", 1, 1, "/007", "(007, an integer)"},
		{"? [a]\n: b", 1, 3, "/", "not a string (a sequence)"},
		{"a: [1, 0x1F]", 1, 8, "/a/1", "0x1F has no JSON spelling as written; write 31"},
		{"a: 0o17", 1, 4, "/a", "write 15"},
		{"a: 017", 1, 4, "/a", "YAML 1.1 reads it as octal"},
		{"a: 1_000", 1, 4, "/a", "write 1000"},
		{"a: +1", 1, 4, "/a", "write 1"},
		{"a: .5", 1, 4, "/a", "JSON's decimal notation"},
		{"a: -.inf", 1, 4, "/a", "no infinities nor NaN"},
		{"a: .NaN", 1, 4, "/a", "no infinities nor NaN"},
		{"a: &a [1, *a]", 1, 11, "/a/1", "JSON cannot express a cycle"},
		{"a: 1\nb: 2\na: 3", 3, 1, "/a", `duplicate key "a" (first at line 1)`},
		{"a: 1\n---\nb: 2", 2, 1, "", "a second YAML document"},
		{"a: [", 1, 0, "", "not valid YAML"},
		{"", 0, 0, "", "holds no document"},
		{"a: \xff", 0, 0, "", "not valid UTF-8"},
	} {
		_, err := YAMLToJSON("dir/t.yaml", []byte(tc.yaml))
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%q: want an *Error, got %v", tc.yaml, err)
			continue
		}
		if e.File != "dir/t.yaml" || e.Line != tc.line || e.Column != tc.col || e.Pointer != tc.pointer || !strings.Contains(e.Reason, tc.reason) {
			t.Errorf("%q: got %s:%d:%d #%s %q; want line %d col %d pointer %q reason with %q",
				tc.yaml, e.File, e.Line, e.Column, e.Pointer, e.Reason, tc.line, tc.col, tc.pointer, tc.reason)
		}
		if tc.line > 0 && tc.col > 0 {
			want := "dir/t.yaml:" + strconv.Itoa(tc.line) + ":" + strconv.Itoa(tc.col) + ": #" + tc.pointer + ": "
			if !strings.HasPrefix(err.Error(), want) {
				t.Errorf("%q: message %q does not start with %q", tc.yaml, err.Error(), want)
			}
		}
	}
}

// Aliases may not grow the JSON faster than the YAML: the billion laughs is refused, quickly.
func TestYAMLToJSONAliasBound(t *testing.T) {
	var b strings.Builder
	b.WriteString("l0: &l0 [\"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\", \"lol\"]\n")
	for i := 1; i < 12; i++ {
		b.WriteString("l" + strconv.Itoa(i) + ": &l" + strconv.Itoa(i) + " [")
		for j := 0; j < 9; j++ {
			if j > 0 {
				b.WriteString(", ")
			}
			b.WriteString("*l" + strconv.Itoa(i-1))
		}
		b.WriteString("]\n")
	}
	data := []byte(b.String())
	_, err := YAMLToJSON("laughs.yaml", data)
	var e *Error
	if !errors.As(err, &e) || !strings.Contains(e.Reason, "aliases expand the document") {
		t.Fatalf("want the expansion refused, got %v", err)
	}
	// Aliases may not nest values deeper than JSON documents may be.
	deep := "a: &a " + strings.Repeat("[", 6000) + strings.Repeat("]", 6000) + "\nb: " + strings.Repeat("[", 6000) + "*a" + strings.Repeat("]", 6000) + "\n"
	if _, err := YAMLToJSON("deep.yaml", []byte(deep)); err == nil || !strings.Contains(err.Error(), "nesting deeper than 10000 levels") {
		t.Errorf("deep aliases: got %v", err)
	}
	// A moderate reuse is fine.
	ok := "a: &a {type: string, maxLength: 3}\nb: [*a, *a, *a, *a]\n"
	if _, err := YAMLToJSON("ok.yaml", []byte(ok)); err != nil {
		t.Fatal(err)
	}
}

// yamlPosition finds the line of a pointer, or of its nearest ancestor.
func TestYAMLPosition(t *testing.T) {
	src := "type: object\nproperties:\n  a~b:\n    type: string\n  list:\n    items:\n      - {type: integer}\n      - &x {type: number}\n  ref: *x\n"
	_, root, err := yamlToJSON("p.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		ptr       string
		line, col int
	}{
		{"", 1, 1},
		{"/properties", 2, 1},
		{"/properties/a~0b/type", 4, 5},
		{"/properties/list/items/1/type", 8, 13},
		{"/properties/list/items/1", 8, 9},
		{"/properties/ref/type", 8, 13},
		{"/properties/list/items/7", 6, 5},
		{"/properties/missing/x", 2, 1},
	} {
		l, c := yamlPosition(root, tc.ptr, map[*yaml.Node]map[string]int{})
		if l != tc.line || c != tc.col {
			t.Errorf("%s: got %d:%d, want %d:%d", tc.ptr, l, c, tc.line, tc.col)
		}
	}
}

// A JSON document re-emitted as YAML (by a YAML encoder, in block or flow style) converts back
// to the same JSON: the same members in the same order, strings, and numbers' text.
func TestYAMLRoundTripsJSON(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := jsonValue(t, 0)
		flow := rapid.Bool().Draw(t, "flow")
		node := yamlNode(v, flow)
		var buf bytes.Buffer
		enc := yaml.NewEncoder(&buf)
		enc.SetIndent(rapid.IntRange(2, 4).Draw(t, "indent"))
		if err := enc.Encode(node); err != nil {
			t.Fatalf("encode: %v", err)
		}
		got, err := YAMLToJSON("r.yaml", buf.Bytes())
		if err != nil {
			t.Fatalf("%v\nYAML:\n%s", err, buf.String())
		}
		back, err := ojson.Parse(got)
		if err != nil {
			t.Fatalf("not JSON: %v\n%s", err, got)
		}
		if !sameJSON(back, v) {
			t.Fatalf("YAML:\n%s\ngot %s", buf.String(), got)
		}
	})
}

func jsonValue(t *rapid.T, depth int) *ojson.Value {
	kinds := 4
	if depth < 3 {
		kinds = 6
	}
	switch rapid.IntRange(0, kinds-1).Draw(t, "kind") {
	case 0:
		return &ojson.Value{Kind: ojson.Null}
	case 1:
		return &ojson.Value{Kind: ojson.Bool, Bool: rapid.Bool().Draw(t, "bool")}
	case 2:
		return &ojson.Value{Kind: ojson.Number, Str: rapid.StringMatching(`-?(0|[1-9][0-9]{0,30})(\.[0-9]{1,25})?([eE][-+]?[0-9]{1,3})?`).Draw(t, "number")}
	case 3:
		return &ojson.Value{Kind: ojson.String, Str: yamlishString(t)}
	case 4:
		n := rapid.IntRange(0, 4).Draw(t, "len")
		arr := make([]*ojson.Value, n)
		for i := range arr {
			arr[i] = jsonValue(t, depth+1)
		}
		return &ojson.Value{Kind: ojson.Array, Arr: arr}
	}
	n := rapid.IntRange(0, 4).Draw(t, "members")
	seen := map[string]bool{}
	var ms []ojson.Member
	for i := 0; i < n; i++ {
		k := yamlishString(t)
		if seen[k] {
			continue
		}
		seen[k] = true
		ms = append(ms, ojson.Member{Key: k, Value: jsonValue(t, depth+1)})
	}
	return ojson.NewObject(ms)
}

// yamlishString draws strings that look like YAML's other types as often as ordinary ones.
func yamlishString(t *rapid.T) string {
	return rapid.OneOf(
		rapid.String(),
		rapid.SampledFrom([]string{"", "true", "False", "yes", "null", "~", "1", "1.5", "1e400", "0x1F", "017",
			".inf", "-.nan", "<<", "2024-01-02", "- a", "a: b", "#c", "&a", "*a", "!t", "{}", "[]", " lead", "trail ",
			"multi\nline", "tab\there", "quote\"s", "back\\slash", "\u0085next", "\u2028ls", "é"}),
		rapid.StringMatching(`[-a-z0-9 :#.&*!?|>'"%@\x60]{0,8}`),
	).Draw(t, "string")
}

// yamlNode renders a JSON value as a YAML node; strings that YAML's core schema would read as
// another type are quoted (the encoder leaves a few, such as 1e400, plain).
func yamlNode(v *ojson.Value, flow bool) *yaml.Node {
	style := yaml.Style(0)
	if flow {
		style = yaml.FlowStyle
	}
	switch v.Kind {
	case ojson.Null:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "null"}
	case ojson.Bool:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: strconv.FormatBool(v.Bool)}
	case ojson.Number:
		tag := "!!int"
		if strings.ContainsAny(v.Str, ".eE") {
			tag = "!!float"
		}
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: v.Str}
	case ojson.String:
		n := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: v.Str}
		// The encoder's literal blocks lose a leading line break ("\nA" becomes "A"): strings
		// with line breaks are double-quoted, as are those YAML 1.2 reads as another type.
		if plainTag(v.Str) != "!!str" || strings.ContainsAny(v.Str, "\n\r") {
			n.Style = yaml.DoubleQuotedStyle
		}
		return n
	case ojson.Array:
		n := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Style: style}
		for _, e := range v.Arr {
			n.Content = append(n.Content, yamlNode(e, flow))
		}
		return n
	}
	n := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Style: style}
	for _, m := range v.Members {
		n.Content = append(n.Content, yamlNode(&ojson.Value{Kind: ojson.String, Str: m.Key}, flow), yamlNode(m.Value, flow))
	}
	return n
}

// sameJSON: the same kinds, members in the same order, strings, and number literals.
func sameJSON(a, b *ojson.Value) bool {
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case ojson.Bool:
		return a.Bool == b.Bool
	case ojson.Number, ojson.String:
		return a.Str == b.Str
	case ojson.Array:
		if len(a.Arr) != len(b.Arr) {
			return false
		}
		for i := range a.Arr {
			if !sameJSON(a.Arr[i], b.Arr[i]) {
				return false
			}
		}
	case ojson.Object:
		if len(a.Members) != len(b.Members) {
			return false
		}
		for i := range a.Members {
			if a.Members[i].Key != b.Members[i].Key || !sameJSON(a.Members[i].Value, b.Members[i].Value) {
				return false
			}
		}
	}
	return true
}

// FuzzYAMLToJSON: any input gives JSON that parses, no bigger than the bound on alias growth,
// or an *Error naming the file; loading it as a schema file gives a set or load.Errors;
// nothing panics.
func FuzzYAMLToJSON(f *testing.F) {
	for _, s := range []string{"a: 1", "a: &x [1, *x]", "<<: {}", "- !!str 1\n- 0x1", "{a: [b, {c: d}]}", "a: |\n  x\n", "? [a]\n: b", "a: *x", "&a a: b", "a: !!float 1", "'\\x': \"\\x01\"", "--- 1\n--- 2",
		"openapi: 3.0.3\ncomponents:\n  schemas:\n    A: {type: string, nullable: true}\n    B: {oneOf: [{$ref: '#/components/schemas/A'}, {$ref: '#/components/schemas/C'}], discriminator: {propertyName: t}}\n    C: {nullable: true, allOf: [{$ref: '#/components/schemas/A'}]}\n",
		"openapi: 3.1.0\njsonSchemaDialect: https://json-schema.org/draft/2020-12/schema\ncomponents: {schemas: {A: {type: [string, 'null']}}}\npaths: {/a: {}}\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		// Loaded as a schema (or an OpenAPI document), it is read or refused with *Errors.
		if _, err := FromDocs(map[string][]byte{"s.yaml": data}, nil); err != nil {
			var es Errors
			if !errors.As(err, &es) || len(es) == 0 {
				t.Fatalf("loading: not load.Errors: %v", err)
			}
		}
		out, err := YAMLToJSON("f.yaml", data)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.File != "f.yaml" {
				t.Fatalf("not an *Error naming the file: %v", err)
			}
			return
		}
		if _, err := ojson.Parse(out); err != nil {
			t.Fatalf("%q gave %q, not JSON: %v", data, out, err)
		}
		if len(out) > yamlGrowth*len(data)+yamlSlack+len(data) {
			t.Fatalf("%d bytes of JSON from %d of YAML", len(out), len(data))
		}
	})
}
