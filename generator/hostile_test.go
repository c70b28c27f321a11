package generator_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/skillgen/skillgen/generator"
	"github.com/skillgen/skillgen/generator/load"
)

// The hostile schemas of testdata/hostile (and a few built here): each one either generates Go
// that compiles, passes go vet and behaves (ParseT accepts a valid document, refuses an invalid
// one at the right pointer, and what it accepts survives MarshalJSON → ParseT), or is refused
// with an error naming the file, the JSON Pointer and the reason. docs/hostile-input.md lists
// the cases.

// check is one document for a generated type: want "" accepts it, else the pointer and
// keyword of the first error.
type check struct {
	Type    string
	Doc     string
	Pointer string
	Keyword string
	Accept  bool
}

type hostileCase struct {
	name string
	// file is testdata/hostile/<file>.json; schema, when set, is written to a temp dir instead.
	file   string
	schema func(t *testing.T) string
	// allowUnsupported downgrades unsupported keywords to warnings; warn is a substring the
	// warnings must contain.
	allowUnsupported bool
	warn             string
	// Refusals: the error's file (suffix), pointer (a regexp matching all of it) and reason
	// (a regexp).
	errFile, errPointer, errReason string
	// Successes: documents to check with the generated package.
	checks []check
	// skipTS generates no TypeScript for the case; noCompile only generates.
	skipTS, noCompile bool
}

func accept(typ, doc string) check { return check{Type: typ, Doc: doc, Accept: true} }
func refuse(typ, doc, ptr, kw string) check {
	return check{Type: typ, Doc: doc, Pointer: ptr, Keyword: kw}
}

func hostileCases() []hostileCase {
	return []hostileCase{
		{name: "collide", file: "collide", checks: []check{
			accept("Collide", `{"foo_bar":"a","fooBar":1,"FooBar":true,"foo-bar":"xy","foo bar":{"x":"s"},"FOO_BAR":"z"}`),
			refuse("Collide", `{"foo_bar":"a","fooBar":1,"FooBar":true,"foo-bar":"x"}`, "/foo-bar", "minLength"),
			refuse("Collide", `{"foo_bar":"a","fooBar":1.5,"FooBar":true,"foo-bar":"xy"}`, "/fooBar", "type"),
			refuse("Collide", `{"foo_bar":"a","fooBar":1,"FooBar":true,"foo-bar":"xy","FOO_BAR":""}`, "/FOO_BAR", "minLength"),
			accept("FooBar", `{"x":"y"}`),
		}},
		{name: "keywords", file: "keywords", checks: []check{
			accept("Keywords", `{"type":"t","func":"f","__proto__":"p","constructor":"c","Validate":"v","AdditionalProperties":"a",`+
				`"default":"d","String":"s","Error":"e","toString":"ts","MarshalJSON":"m","UnmarshalJSON":"u","Tag":"g","GetDefault":"gd",`+
				`"refs":{"t":{"type":"x"},"f":"chan","p":{"__proto__":"q"},"tag":{"Tag":"Validate"},"v":{"Validate":true},"u":3},"extra":[1,{"a":null}]}`),
			refuse("Keywords", `{"type":"t","func":"f","__proto__":"p","constructor":"c","Validate":"v","AdditionalProperties":"a","refs":{"p":{}}}`, "/refs/p/__proto__", "required"),
			refuse("Keywords", `{"type":"t","func":"f","__proto__":"p","constructor":"c","Validate":"v","AdditionalProperties":"a","refs":{"tag":{"Tag":"String"}}}`, "/refs/tag/Tag", "oneOf"),
			refuse("Keywords", `{"func":"f","__proto__":"p","constructor":"c","Validate":"v","AdditionalProperties":"a"}`, "/type", "required"),
			accept("Color", `"Values"`),
			accept("ParseThing", `"x"`),
			accept("Thing2", `{"a":"b"}`),
		}},
		{name: "names", file: "names", checks: []check{
			accept("Names", `{"":"e","a/b":"abc","new\nline":"n","ünïcødé":"u","日本語":1,"*/ close":"c","\"quoted\"":"q","~tilde":"t","😀":"s"}`),
			refuse("Names", `{"":"e","a/b":"abcd"}`, "/a~1b", "maxLength"),
			refuse("Names", `{"a/b":"abc"}`, "/", "required"),
			refuse("Names", `{"":"e","a/b":"a","~tilde":1}`, "/~0tilde", "type"),
			refuse("Names", `{"":"e","a/b":"a","日本語":"x"}`, "/日本語", "type"),
			refuse("Names", `{"":"e","a/b":"a","other":1}`, "/other", "additionalProperties"),
		}},
		{name: "descriptions", file: "descriptions", checks: []check{
			accept("Descriptions", `{"a":"x","d":{"x":"y"},"e":"x"}`),
			refuse("Descriptions", `{"a":1}`, "/a", "type"),
			refuse("Descriptions", `{"a":"x","e":"y"}`, "/e", "enum"),
			accept("Union", `{"k":"two"}`),
			refuse("Union", `{"k":"three"}`, "/k", "oneOf"),
		}},
		{name: "enums", file: "enums", checks: []check{
			accept("Enums", `{"punct":"<=","quoted":"\\\"","cased":"A","mixed":{"a":null},"numbers":1e-7,"bools":true,"nulls":null,`+
				`"arrays":[[1,2],{"a":1}],"objects":{"b":[null]},"nullableEnum":null,"cNull":null,"cTrue":true,"cFalse":false,"cInt":42.0,`+
				`"cFloat":1.5,"cBig":12345678901234567890,"cString":"s\"\\\n\u2028","cEmpty":"","cArray":[1.0,"a",null,[true]],`+
				`"cObject":{"n":{"m":[1]},"k":"v"},"cTypedInt":7,"inline":">"}`),
			accept("Enums", `{"punct":""}`),
			refuse("Enums", `{"punct":"=<"}`, "/punct", "enum"),
			refuse("Enums", `{"punct":"<","cased":"B"}`, "/cased", "enum"),
			refuse("Enums", `{"punct":"<","quoted":"a\nc"}`, "/quoted", "enum"),
			refuse("Enums", `{"punct":"<","mixed":[1,"y"]}`, "/mixed", "enum"),
			refuse("Enums", `{"punct":"<","cObject":{"k":"v"}}`, "/cObject", "const"),
			refuse("Enums", `{"punct":"<","cInt":42.5}`, "/cInt", "const"),
			refuse("Enums", `{"punct":"<","cString":"s"}`, "/cString", "const"),
			refuse("Enums", `{"punct":"<","cNull":0}`, "/cNull", "const"),
			accept("Mixed", `1e300`),
			accept("Punct", `"*/"`),
			refuse("Cased", `"a "`, "", "enum"),
		}},
		{name: "recursive", file: "recursive", checks: []check{
			accept("Tree", `{"value":"r","children":[{"value":"c","children":[]}],"parent":{"value":"p"},"a":{"b":{"c":{"a":{"n":1},"tree":{"value":"t"}}}},`+
				`"list":{"head":1,"tail":{"head":2,"tail":null}},"json":{"x":[1,{"y":null,"z":"s"}]}}`),
			refuse("Tree", `{"value":"r","children":[{"value":"c","a":{"b":{"c":{"a":{"n":1.5}}}}}]}`, "/children/0/a/b/c/a/n", "type"),
			refuse("Tree", `{"value":"r","list":{"head":1,"tail":{"tail":null}}}`, "/list/tail/head", "required"),
			accept("Nested", `[[[],[[[]]]]]`),
			refuse("Nested", `[[[],[[1]]]]`, "/0/1/0/0", "type"),
			accept("Map", `{"a":{"b":{}}}`),
			accept("JSON", `{"a":[1,2,{"b":null}]}`),
		}},
		// 10,000 references generate; compiling the result takes a minute, so the program
		// check runs on a chain of 1,000.
		{name: "refchain-10000", schema: refChain(10000, false), skipTS: true, noCompile: true, checks: []check{accept("Chain", `{}`)}},
		{name: "refchain", schema: refChain(1000, false), checks: []check{
			accept("Chain", `{"x":"abc"}`),
			refuse("Chain", `{"x":"abcd"}`, "/x", "maxLength"),
			accept("D0", `"ab"`),
			accept("D999", `"ab"`),
		}},
		// Wide and deep schemas: the generated Go and TypeScript compile (tsc --strict included)
		// and behave.
		{name: "wide-object", schema: wideObject(2000), checks: []check{
			accept("Wide", `{"p0":"a","p1999":"b","extra":7}`),
			refuse("Wide", `{"p0":"a","p1000":1}`, "/p1000", "type"),
			refuse("Wide", `{"p0":"a","zzz":"x"}`, "/zzz", "type"),
		}},
		{name: "lints", schema: lints(836), checks: []check{
			accept("Lints", `{"lint_0":"warn","lint_835":{"level":"deny","priority":-1},"unknown_lint":"allow"}`),
			refuse("Lints", `{"lint_0":"loud"}`, "/lint_0", "anyOf"),
			refuse("Lints", `{"unknown_lint":{"level":"deny","priority":1.5}}`, "/unknown_lint", "anyOf"),
		}},
		{name: "wide-oneof", schema: wideOneOf(2000), checks: []check{
			accept("Branches", `{"k":0}`),
			accept("Branches", `{"k":1999}`),
			refuse("Branches", `{"k":2000}`, "", "oneOf"),
		}},
		{name: "deep-objects", schema: deepObjects(500), checks: []check{
			accept("Deep", `{"next":{"next":{"v":2}}}`),
			accept("D499", `"end"`),
			refuse("Deep", `{"next":{"next":{"v":"two"}}}`, "/next/next/v", "type"),
		}},
		// Arrays nested deeper than an inline type expression may nest: named types every
		// eight levels, each read, checked and written by its own code.
		{name: "deep-arrays", schema: deepArrays(30), checks: []check{
			accept("Nest", `{"x":`+nested(30, "9")+`}`),
			accept("Nest", `{"x":[[],[[[]]]]}`),
			refuse("Nest", `{"x":`+nested(30, "10")+`}`, "/x"+strings.Repeat("/0", 30), "maximum"),
			refuse("Nest", `{"x":`+nested(17, `[1,2,3,4]`)+`}`, "/x"+strings.Repeat("/0", 17), "maxItems"),
		}},
		{name: "wide-enum", schema: wideEnum(1000), checks: []check{
			accept("Values", `"value-0"`),
			accept("Values", `"value-999"`),
			accept("Mixed", `999`),
			accept("Mixed", `{"n":998.0}`),
			refuse("Values", `"value-1000"`, "", "enum"),
			refuse("Mixed", `{"n":999}`, "", "enum"),
		}},
		{name: "dynamicref", file: "dynamicref", checks: []check{
			accept("Dynamic", `{"a":"x","next":{"a":"y","next":{}}}`),
			refuse("Dynamic", `{"a":1}`, "/a", "type"),
			refuse("Dynamic", `{"next":{"next":{"a":2}}}`, "/next/next/a", "type"),
		}},
		{name: "unevaluated", file: "unevaluated", checks: []check{
			accept("Unevaluated", `{"a":"x","b":1}`),
			refuse("Unevaluated", `{"a":"x","c":1}`, "/c", "unevaluatedProperties"),
			// allOf/0 fails on b, so b is not evaluated either; the object step reports it first.
			refuse("Unevaluated", `{"a":"x","b":"y"}`, "/b", "unevaluatedProperties"),
		}},

		// Refusals.
		{name: "dynamicref-unresolved", file: "dynamicref_unresolved", errPointer: `/\$dynamicRef`, errReason: `reference "#node": no \$anchor "node"`},
		// 2^16 dynamic scopes reach the last definition: refused at a bound, not built.
		{name: "dynamic-scopes", schema: dynamicScopes(16), errPointer: `.*`, errReason: `dynamic references of this schema need more than 20000 validators`},
		{name: "refcycle", file: "refcycle", errPointer: `/\$defs/A`, errReason: `\$ref cycle that never descends into the document \(#/\$defs/A → #/\$defs/B → #/\$defs/C → #/\$defs/A\)`},
		{name: "selfref", file: "selfref", errPointer: `/\$defs/Self`, errReason: `\$ref cycle`},
		{name: "refcycle-10000", schema: refChain(10000, true), errPointer: `/\$defs/D0`, errReason: `\$ref cycle that never descends into the document`},
		{name: "remote", file: "remote", errPointer: `/properties/x/\$ref`, errReason: `https://example\.com/x\.json.*never fetches`},
		{name: "lookahead", file: "lookahead", errPointer: `/properties/x/pattern`, errReason: `\(\?=`},
		// Lookaheads right after a leading ^ are read (Go evaluates them apart).
		{name: "leading-lookahead", file: "leading_lookahead", checks: []check{
			accept("LeadingLookahead", `{"x":"ab1","y-1":"s","z":2}`),
			refuse("LeadingLookahead", `{"x":"ab"}`, "/x", "pattern"),
			refuse("LeadingLookahead", `{"x":"a1","z":"s"}`, "/z", "type"),
		}},
		{name: "backreference", file: "backreference", errPointer: `/properties/x/items/pattern`, errReason: `\\1`},
		{name: "pattern-properties", file: "pattern_properties", errPointer: `/patternProperties(/\(\?!y-\))?`, errReason: `\(\?!`},
		{name: "type-number", file: "type_number", errPointer: `/properties/x/type`, errReason: `does not conform to the draft 2020-12 metaschema`},
		{name: "minlength-negative", file: "minlength_negative", errPointer: `/properties/x/minLength`, errReason: `metaschema.*(minimum|-1)`},
		{name: "huge-number", file: "huge_number", errPointer: `/properties/x/maximum`, errReason: `number 1e400 is outside the range of a double`},
		{name: "not-json", file: "not_json", errPointer: ``, errReason: `not valid JSON: line 1, column 39: unexpected end of JSON`},
		{name: "bad-utf8", file: "bad_utf8", errPointer: ``, errReason: `not valid JSON: not valid UTF-8`},
		{name: "duplicate-keys", file: "duplicate_keys", errPointer: ``, errReason: `duplicate key "type"`},
	}
}

// refChain writes a schema whose $defs D0 … D(n-1) each refer to the next; the last is a
// string type, or (cycle) refers back to D0.
func refChain(n int, cycle bool) func(t *testing.T) string {
	return func(t *testing.T) string {
		var b strings.Builder
		b.WriteString(`{"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "Chain", "type": "object",` +
			` "properties": {"x": {"$ref": "#/$defs/D0"}}, "$defs": {`)
		for i := 0; i < n-1; i++ {
			fmt.Fprintf(&b, `"D%d": {"$ref": "#/$defs/D%d"}, `, i, i+1)
		}
		if cycle {
			fmt.Fprintf(&b, `"D%d": {"$ref": "#/$defs/D0"}}}`, n-1)
		} else {
			fmt.Fprintf(&b, `"D%d": {"type": "string", "maxLength": 3}}}`, n-1)
		}
		p := filepath.Join(t.TempDir(), "chain.json")
		if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
}

// dynamicScopes is a schema in which a chain of k definitions may enter, or not, each of k
// resources declaring a dynamic anchor of its own: 2^k dynamic scopes reach the end of the
// chain, whose dynamic references look for every anchor.
func dynamicScopes(k int) func(t *testing.T) string {
	return func(t *testing.T) string {
		var b strings.Builder
		b.WriteString(`{"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://example.com/root", "title": "Scopes", "$ref": "#/$defs/S0", "$defs": {`)
		for i := 0; i < k; i++ {
			fmt.Fprintf(&b, `"S%d": {"anyOf": [{"$ref": "r%d"}, {"$ref": "#/$defs/S%d"}]}, `, i, i, i+1)
			fmt.Fprintf(&b, `"R%d": {"$id": "r%d", "$dynamicAnchor": "a%d", "$ref": "root#/$defs/S%d"}, `, i, i, i, i+1)
		}
		fmt.Fprintf(&b, `"S%d": {"properties": {`, k)
		for i := 0; i < k; i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, `"p%d": {"$dynamicRef": "r%d#a%d"}`, i, i, i)
		}
		b.WriteString(`}}}}`)
		return writeSchema(t, "scopes", b.String())
	}
}

// writeSchema writes a generated schema into the test's temp dir.
func writeSchema(t *testing.T, name, text string) string {
	t.Helper()
	if !json.Valid([]byte(text)) {
		t.Fatalf("%s: the test built invalid JSON", name)
	}
	p := filepath.Join(t.TempDir(), name+".json")
	writeFile(t, p, text)
	return p
}

// list joins n items made by item with ", ".
func list(n int, item func(i int) string) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = item(i)
	}
	return strings.Join(parts, ", ")
}

const draft = `"$schema": "https://json-schema.org/draft/2020-12/schema"`

// wideObject: an object of n string properties with a schema (integer) for the others.
func wideObject(n int) func(t *testing.T) string {
	return func(t *testing.T) string {
		return writeSchema(t, "wide", `{`+draft+`, "title": "Wide", "type": "object", "properties": {`+
			list(n, func(i int) string {
				return fmt.Sprintf(`"p%d": {"type": "string", "description": "property %d"}`, i, i)
			})+
			`}, "required": ["p0"], "additionalProperties": {"type": "integer"}}`)
	}
}

// lints has the shape of SchemaStore's cargo-lints schemas (clippy's has 836 lints): every
// lint a level or a detailed setting, and the same for lints the schema does not list.
func lints(n int) func(t *testing.T) string {
	return func(t *testing.T) string {
		return writeSchema(t, "lints", `{`+draft+`, "title": "Lints", "type": "object", "properties": {`+
			list(n, func(i int) string {
				return fmt.Sprintf(`"lint_%d": {"$ref": "#/$defs/Lint", "title": "Lint %d", "description": "The `+"`lint_%d`"+` lint checks for *something*.", "default": "warn"}`, i, i, i)
			})+
			`}, "additionalProperties": {"$ref": "#/$defs/Lint"}, "$defs": {`+
			`"Lint": {"anyOf": [{"$ref": "#/$defs/LintLevel"}, {"$ref": "#/$defs/DetailedLint"}]},`+
			`"LintLevel": {"type": "string", "enum": ["forbid", "deny", "warn", "allow"]},`+
			`"DetailedLint": {"type": "object", "properties": {"level": {"$ref": "#/$defs/LintLevel"}, "priority": {"type": "integer"},`+
			` "check-cfg": {"type": "array", "items": {"type": "string"}}}}}}`)
	}
}

// wideOneOf: a oneOf of n object branches without a string discriminator (every branch tried).
func wideOneOf(n int) func(t *testing.T) string {
	return func(t *testing.T) string {
		return writeSchema(t, "oneof", `{`+draft+`, "title": "Branches", "oneOf": [`+
			list(n, func(i int) string {
				return fmt.Sprintf(`{"type": "object", "properties": {"k": {"const": %d}}, "required": ["k"]}`, i)
			})+`]}`)
	}
}

// deepObjects: a chain of n object types, each with a property holding the next.
func deepObjects(n int) func(t *testing.T) string {
	return func(t *testing.T) string {
		return writeSchema(t, "deep", `{`+draft+`, "title": "Deep", "$ref": "#/$defs/D0", "$defs": {`+
			list(n-1, func(i int) string {
				return fmt.Sprintf(`"D%d": {"type": "object", "properties": {"v": {"type": "integer"}, "next": {"$ref": "#/$defs/D%d"}}}`, i, i+1)
			})+fmt.Sprintf(`, "D%d": {"type": "string"}}}`, n-1))
	}
}

// deepArrays: n arrays of at most three items nested in one another, integers of at most 9 in
// the innermost.
func deepArrays(n int) func(t *testing.T) string {
	return func(t *testing.T) string {
		return writeSchema(t, "nest", `{`+draft+`, "title": "Nest", "type": "object", "properties": {"x": `+
			strings.Repeat(`{"type": "array", "maxItems": 3, "items": `, n)+`{"type": "integer", "maximum": 9}`+
			strings.Repeat(`}`, n)+`}}`)
	}
}

// nested is the JSON of leaf in depth arrays of one item each.
func nested(depth int, leaf string) string {
	return strings.Repeat("[", depth) + leaf + strings.Repeat("]", depth)
}

// wideEnum: a string enum of n values, and one of n values of mixed JSON types.
func wideEnum(n int) func(t *testing.T) string {
	return func(t *testing.T) string {
		return writeSchema(t, "enum", `{`+draft+`, "$defs": {"Values": {"type": "string", "enum": [`+
			list(n, func(i int) string { return fmt.Sprintf(`"value-%d"`, i) })+
			`]}, "Mixed": {"enum": [`+
			list(n, func(i int) string {
				switch i % 3 {
				case 0:
					return fmt.Sprint(i)
				case 1:
					return fmt.Sprintf(`"s%d"`, i)
				}
				return fmt.Sprintf(`{"n": %d}`, i)
			})+`]}}}`)
	}
}

// noNetwork fails the test if anything uses the default HTTP transport.
type noNetwork struct{ t *testing.T }

func (n noNetwork) RoundTrip(r *http.Request) (*http.Response, error) {
	n.t.Errorf("network access: %s", r.URL)
	return nil, errors.New("no network in tests")
}

func TestHostileSchemas(t *testing.T) {
	old := http.DefaultTransport
	http.DefaultTransport = noNetwork{t}
	defer func() { http.DefaultTransport = old }()

	modDir := t.TempDir()
	tsDir := t.TempDir()
	writeFile(t, filepath.Join(modDir, "go.mod"), "module hostile\n\ngo 1.26\n")
	var built []hostileCase
	for _, c := range hostileCases() {
		path := filepath.Join("testdata", "hostile", c.file+".json")
		if c.schema != nil {
			path = c.schema(t)
		}
		pkg := goPackage(c.name)
		var warnings []string
		start := time.Now()
		tsOut := c.name
		if c.skipTS {
			tsOut = ""
		}
		outs, err := generator.Generate(generator.Options{
			SchemaPath: path, GoOut: pkg, GoPackage: pkg, TSOut: tsOut, TSPackage: "hostile-" + c.name,
			AllowUnsupported: c.allowUnsupported,
			Warn:             func(err error) { warnings = append(warnings, err.Error()) },
		})
		// The time is logged, not asserted: speed is measured by make bench, never by a timed
		// assertion on a shared machine.
		if d := time.Since(start); d > time.Second {
			t.Logf("%s: generation took %v", c.name, d)
		}
		if c.checks == nil {
			checkRefusal(t, c, path, err)
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if c.warn != "" && !strings.Contains(strings.Join(warnings, "\n"), c.warn) {
			t.Errorf("%s: warnings %q, want one containing %q", c.name, warnings, c.warn)
		}
		for _, o := range outs {
			dir := modDir
			if !strings.HasPrefix(o.Path, pkg+"/") {
				dir = tsDir
			}
			if c.noCompile {
				continue
			}
			writeFile(t, filepath.Join(dir, filepath.FromSlash(o.Path)), string(o.Data))
			if dir == modDir {
				checkGoText(t, c.name, o)
			}
		}
		if !c.noCompile {
			built = append(built, c)
		}
	}
	if t.Failed() {
		return
	}
	runGoChecks(t, modDir, built)
	if testing.Short() {
		t.Log("-short: TypeScript not compiled")
		return
	}
	compileTS(t, tsDir, built)
}

func goPackage(name string) string {
	return "h" + strings.NewReplacer("-", "").Replace(name)
}

func writeFile(t *testing.T, p, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

var generatedLine = regexp.MustCompile(`(?m)^// Code generated .* DO NOT EDIT\.$`)

// checkGoText: schema text never becomes a directive or a second generated-code header.
func checkGoText(t *testing.T, name string, o generator.Output) {
	t.Helper()
	for i, line := range strings.Split(string(o.Data), "\n") {
		if strings.HasPrefix(line, "//go:") || strings.HasPrefix(line, "//line ") || strings.HasPrefix(line, "/*line ") {
			t.Errorf("%s: %s:%d is a directive: %q", name, o.Path, i+1, line)
		}
	}
	if n := len(generatedLine.FindAll(o.Data, -1)); n != 1 {
		t.Errorf("%s: %s has %d generated-code header lines, want 1", name, o.Path, n)
	}
}

func checkRefusal(t *testing.T, c hostileCase, path string, err error) {
	t.Helper()
	if err == nil {
		t.Errorf("%s: generated, want a refusal at #%s: %s", c.name, c.errPointer, c.errReason)
		return
	}
	var le *load.Error
	if !errors.As(err, &le) {
		t.Errorf("%s: error %T %v, want *load.Error", c.name, err, err)
		return
	}
	wantFile := filepath.ToSlash(path)
	if c.errFile != "" {
		wantFile = c.errFile
	}
	if !strings.HasSuffix(le.File, wantFile) || !regexp.MustCompile("^(?:"+c.errPointer+")$").MatchString(le.Pointer) ||
		!regexp.MustCompile(c.errReason).MatchString(le.Reason) {
		t.Errorf("%s: got file %q pointer %q reason %q\nwant file %q pointer %q reason matching %q",
			c.name, le.File, le.Pointer, le.Reason, wantFile, c.errPointer, c.errReason)
	}
	if msg := err.Error(); !strings.Contains(msg, le.File+"#"+le.Pointer+": ") {
		t.Errorf("%s: message %q does not name FILE#POINTER", c.name, msg)
	}
}

// runGoChecks vets every generated package and runs one program that applies the checks.
func runGoChecks(t *testing.T, modDir string, cases []hostileCase) {
	t.Helper()
	var imports, entries strings.Builder
	var want []check
	for _, c := range cases {
		pkg := goPackage(c.name)
		fmt.Fprintf(&imports, "\t%q\n", "hostile/"+pkg)
		for _, ch := range c.checks {
			fmt.Fprintf(&entries, "\t{%q, %s.Parse, %q, %q},\n", c.name, pkg, ch.Type, ch.Doc)
			want = append(want, ch)
		}
	}
	prog := strings.Replace(strings.Replace(checkProgram, "\t// IMPORTS\n", imports.String(), 1), "\t// ENTRIES\n", entries.String(), 1)
	writeFile(t, filepath.Join(modDir, "cmd", "check", "main.go"), prog)

	goCmd := func(args ...string) []byte {
		cmd := exec.Command("go", args...)
		cmd.Dir = modDir
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off", "GOPROXY=off")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, truncate(out))
		}
		return out
	}
	// go vet every generated package but the chain of 1,000 types (compiled by go run below),
	// whose analysis is slow.
	vet := []string{"vet"}
	for _, c := range cases {
		if c.name != "refchain" {
			vet = append(vet, "./"+goPackage(c.name))
		}
	}
	start := time.Now()
	goCmd(vet...)
	t.Logf("go vet: %v", time.Since(start))
	start = time.Now()
	out := goCmd("run", "./cmd/check")
	t.Logf("go run: %v", time.Since(start))
	var got []result
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("check program output: %v\n%s", err, truncate(out))
	}
	if len(got) != len(want) {
		t.Fatalf("got %d results, want %d", len(got), len(want))
	}
	for i, r := range got {
		w := want[i]
		label := fmt.Sprintf("%s: Parse %s %.80q", r.Case, w.Type, w.Doc)
		switch {
		case r.Problem != "":
			t.Errorf("%s: %s", label, r.Problem)
		case w.Accept && len(r.Errors) > 0:
			t.Errorf("%s: refused: %v", label, r.Errors)
		case !w.Accept && len(r.Errors) == 0:
			t.Errorf("%s: accepted, want %s at %q", label, w.Keyword, w.Pointer)
		case !w.Accept && (r.Errors[0].Pointer != w.Pointer || r.Errors[0].Keyword != w.Keyword):
			t.Errorf("%s: got %v, want first error %s at %q", label, r.Errors, w.Keyword, w.Pointer)
		}
	}
}

func truncate(b []byte) []byte {
	if len(b) > 8000 {
		return append(b[:8000:8000], "…"...)
	}
	return b
}

type result struct {
	Case    string
	Problem string
	Errors  []struct{ Pointer, Keyword string }
}

// checkProgram parses each document with the generated Parse of its package, reads the
// ValidationErrors by reflection (each package has its own type), and round-trips accepted
// values through json.Marshal and Parse.
const checkProgram = `package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"reflect"

	// IMPORTS
)

type entry struct {
	name  string
	parse func(string, []byte) (any, error)
	typ   string
	doc   string
}

var entries = []entry{
	// ENTRIES
}

type verr struct{ Pointer, Keyword string }

type result struct {
	Case    string
	Problem string ` + "`json:\",omitempty\"`" + `
	Errors  []verr ` + "`json:\",omitempty\"`" + `
}

func errorsOf(err error) ([]verr, bool) {
	v := reflect.ValueOf(err)
	if v.Kind() != reflect.Slice || v.Type().Name() != "ValidationErrors" {
		return nil, false
	}
	out := []verr{}
	for i := 0; i < v.Len(); i++ {
		e := v.Index(i)
		out = append(out, verr{e.FieldByName("Pointer").String(), e.FieldByName("Keyword").String()})
	}
	return out, len(out) > 0
}

func main() {
	var results []result
	for _, e := range entries {
		r := result{Case: e.name}
		x, err := e.parse(e.typ, []byte(e.doc))
		if err != nil {
			errs, ok := errorsOf(err)
			if !ok {
				r.Problem = fmt.Sprintf("error %T is not a non-empty ValidationErrors: %v", err, err)
			}
			r.Errors = errs
		} else if out, err := json.Marshal(x); err != nil {
			r.Problem = "marshal: " + err.Error()
		} else if y, err := e.parse(e.typ, out); err != nil {
			r.Problem = fmt.Sprintf("marshalled value %s does not parse: %v", out, err)
		} else if again, err := json.Marshal(y); err != nil || !bytes.Equal(out, again) {
			r.Problem = fmt.Sprintf("round trip changed %s into %s (%v)", out, again, err)
		} else if !reflect.DeepEqual(x, y) {
			r.Problem = fmt.Sprintf("round trip changed the value: %#v → %#v", x, y)
		}
		results = append(results, r)
	}
	if err := json.NewEncoder(os.Stdout).Encode(results); err != nil {
		panic(err)
	}
}
`

// The TypeScript toolchain, installed once into a temp dir.
var tsToolchain = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "skillgen-hostile-ts-")
	if err != nil {
		return "", err
	}
	pkg := `{"name": "hostile-ts", "private": true, "type": "module", "devDependencies": {"fast-check": "4.11.0", "typescript": "5.9.3"}}`
	if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(pkg), 0o644); err != nil {
		return "", err
	}
	cmd := exec.Command("npm", "install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("npm install: %v\n%s", err, out)
	}
	return dir, nil
})

// compileTS type-checks every emitted TypeScript package in one tsc run, then, on failure,
// names the cases whose files have errors.
func compileTS(t *testing.T, tsDir string, cases []hostileCase) {
	t.Helper()
	if _, err := exec.LookPath("npm"); err != nil {
		t.Skip("npm not found: TypeScript not compiled")
	}
	tc, err := tsToolchain()
	if err != nil {
		t.Skipf("TypeScript toolchain unavailable: %v", err)
	}
	defer os.RemoveAll(tc)
	if err := os.Symlink(filepath.Join(tc, "node_modules"), filepath.Join(tsDir, "node_modules")); err != nil {
		t.Fatal(err)
	}
	var include []string
	for _, c := range cases {
		if !c.skipTS {
			include = append(include, c.name+"/src")
		}
	}
	cfg := map[string]any{
		"compilerOptions": map[string]any{
			"target": "ES2022", "lib": []string{"ES2022"}, "module": "NodeNext", "moduleResolution": "NodeNext",
			"strict": true, "exactOptionalPropertyTypes": true, "noUncheckedIndexedAccess": true,
			"noEmit": true, "skipLibCheck": true,
		},
		"include": include,
	}
	data, _ := json.MarshalIndent(cfg, "", "  ")
	writeFile(t, filepath.Join(tsDir, "tsconfig.json"), string(data))
	writeFile(t, filepath.Join(tsDir, "package.json"), `{"name": "hostile-ts-check", "private": true, "type": "module"}`)
	cmd := exec.Command("node", filepath.Join("node_modules", "typescript", "bin", "tsc"), "-p", ".")
	cmd.Dir = tsDir
	out, err := cmd.CombinedOutput()
	if err == nil {
		return
	}
	failed := map[string][]string{}
	for _, line := range strings.Split(string(out), "\n") {
		if i := strings.Index(line, "/src/"); i > 0 && !strings.HasPrefix(line, " ") {
			name := line[:i]
			failed[name] = append(failed[name], line)
		}
	}
	var names []string
	for n := range failed {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		lines := failed[n]
		if len(lines) > 5 {
			lines = append(lines[:5:5], fmt.Sprintf("… %d errors", len(failed[n])))
		}
		t.Errorf("TypeScript of %s does not compile:\n%s", n, strings.Join(lines, "\n"))
	}
	if len(names) == 0 {
		t.Errorf("tsc: %v\n%s", err, truncate(out))
	}
}

// TestHostileEscapingRefs: references that leave the schema root are refused, and nothing
// outside the root is read: the file they name would make the schema valid if it were.
func TestHostileEscapingRefs(t *testing.T) {
	dir := t.TempDir()
	root := filepath.Join(dir, "root")
	outside := filepath.Join(dir, "outside.json")
	writeFile(t, outside, `{"type": "string", "description": "outside the root"}`)
	for name, ref := range map[string]string{
		"relative": "../outside.json",
		"absolute": "file://" + filepath.ToSlash(outside),
		"nested":   "sub/../../outside.json",
		"encoded":  "%2e%2e/outside.json",
	} {
		writeFile(t, filepath.Join(root, "s.json"), `{"title": "S", "type": "object", "properties": {"a": {"$ref": "`+ref+`"}}}`)
		_, err := generator.Generate(generator.Options{SchemaPath: root, GoOut: "go", TSOut: "ts"})
		var le *load.Error
		if !errors.As(err, &le) {
			t.Errorf("%s: got %v, want a refusal", name, err)
			continue
		}
		if !strings.HasSuffix(le.File, "root/s.json") || le.Pointer != "/properties/a/$ref" ||
			!(strings.Contains(le.Reason, "leaves the schema root") || strings.Contains(le.Reason, "no schema file")) {
			t.Errorf("%s: got %v", name, err)
		}
		if strings.Contains(err.Error(), "outside the root") {
			t.Errorf("%s: the error quotes the outside file: %v", name, err)
		}
	}
}

// TestHostileLargeSchema: a 10 MB schema (2,000 types with long descriptions, a 20,000-value
// enum) generates Go and TypeScript.
func TestHostileLargeSchema(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {`)
	desc := strings.Repeat("A long description with */ and `backticks`. ", 100)
	for i := 0; i < 2000; i++ {
		fmt.Fprintf(&b, `"T%d": {"type": "object", "description": %q, "properties": {`, i, desc)
		for j := 0; j < 10; j++ {
			if j > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, `"p%d": {"type": "string", "maxLength": %d, "description": "member %d"}`, j, j+1, j)
		}
		fmt.Fprintf(&b, `, "next": {"$ref": "#/$defs/T%d"}}, "required": ["p0"]}, `, (i+1)%2000)
	}
	b.WriteString(`"Big": {"type": "string", "enum": [`)
	for i := 0; i < 20000; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, `"value-%d"`, i)
	}
	b.WriteString(`]}}}`)
	if b.Len() < 10<<20 {
		t.Fatalf("schema is %d bytes, want 10 MB", b.Len())
	}
	p := filepath.Join(t.TempDir(), "large.json")
	writeFile(t, p, b.String())
	start := time.Now()
	ts := "ts"
	if testing.Short() {
		ts = ""
	}
	outs, err := generator.Generate(generator.Options{SchemaPath: p, GoOut: "go", GoPackage: "large", TSOut: ts})
	if err != nil {
		t.Fatal(err)
	}
	d := time.Since(start)
	size := 0
	for _, o := range outs {
		size += len(o.Data)
	}
	// The time is logged, not asserted: speed is measured by make bench, never by a timed
	// assertion on a shared machine.
	t.Logf("10 MB schema: %d files, %d bytes, in %v", len(outs), size, d)
}
