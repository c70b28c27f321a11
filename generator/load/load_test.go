package load_test

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"github.com/skillgen/skillgen/generator/load"
	"github.com/skillgen/skillgen/generator/normalize"
)

func mustRead(t *testing.T, docs map[string]string, opts load.Options) *load.Set {
	t.Helper()
	set, err := load.Read(bytesOf(docs), opts)
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	return set
}

func bytesOf(docs map[string]string) map[string][]byte {
	out := map[string][]byte{}
	for p, d := range docs {
		out[p] = []byte(d)
	}
	return out
}

func errorsOf(t *testing.T, docs map[string]string, opts load.Options) []string {
	t.Helper()
	_, err := load.Read(bytesOf(docs), opts)
	if err == nil {
		t.Fatalf("loaded %v, want errors", docs)
	}
	var es load.Errors
	if !errors.As(err, &es) {
		t.Fatalf("error %T, not load.Errors: %v", err, err)
	}
	var out []string
	for _, e := range es {
		out = append(out, e.Error())
	}
	return out
}

// target resolves the $ref of the schema at canonical pointer p of file f.
func target(t *testing.T, set *load.Set, f *load.File, p string) load.Location {
	t.Helper()
	loc, err := set.RefTarget(f.At(p))
	if err != nil {
		t.Fatalf("%s#%s: %v", f.Path, p, err)
	}
	return loc
}

func file(t *testing.T, set *load.Set, path string) *load.File {
	t.Helper()
	for _, f := range set.Files {
		if f.Path == path {
			return f
		}
	}
	t.Fatalf("no file %s in the set", path)
	return nil
}

// TestEveryDraftResolvesTheUsersPointers: references are written against the user's file; they
// resolve to the canonical location, which remembers the user's pointer.
func TestEveryDraftResolvesTheUsersPointers(t *testing.T) {
	set := mustRead(t, map[string]string{
		"d4.json": `{"$schema": "http://json-schema.org/draft-04/schema#", "id": "http://x.test/d4.json",
			"properties": {"a": {"$ref": "#/definitions/pair/items/1"}, "b": {"$ref": "#pos"}},
			"definitions": {"pair": {"items": [{"type": "string"}, {"type": "number", "minimum": 0, "exclusiveMinimum": true}]},
				"p": {"id": "#pos", "type": "integer"}}}`,
		"d7.json": `{"$schema": "http://json-schema.org/draft-07/schema#",
			"properties": {"c": {"$ref": "d4.json#/definitions/p"}, "d": {"$ref": "#/dependencies/x"}},
			"dependencies": {"x": {"required": ["y"]}}}`,
	}, load.Options{})
	d4, d7 := file(t, set, "d4.json"), file(t, set, "d7.json")
	for _, c := range []struct {
		f         *load.File
		at        string
		ptr, user string
	}{
		{d4, "/properties/a", "/$defs/pair/prefixItems/1", "/definitions/pair/items/1"},
		{d4, "/properties/b", "/$defs/p", "/definitions/p"},
		{d7, "/properties/d", "/dependentSchemas/x", "/dependencies/x"},
	} {
		got := target(t, set, c.f, c.at)
		if got.Pointer != c.ptr || got.User != c.user {
			t.Errorf("%s#%s → %s (user %s), want %s (user %s)", c.f.Path, c.at, got.Pointer, got.User, c.ptr, c.user)
		}
	}
	// d4.json's $id answers d7.json's relative reference? No: d7.json resolves "d4.json"
	// against its own file URL, which is d4.json's file too.
	if got := target(t, set, d7, "/properties/c"); got.File != d4 || got.User != "/definitions/p" {
		t.Errorf("d7.json#/properties/c → %s#%s", got.File.Path, got.User)
	}
	if got, _ := target(t, set, d4, "/properties/a").Raw(); got.Members[1].Key != "exclusiveMinimum" {
		t.Errorf("the draft-04 bound is not normalized: %v", got.Members)
	}
	if got := set.Display(d4.At("/$defs/pair/prefixItems/1")); got != "d4.json#/definitions/pair/items/1" {
		t.Errorf("Display = %s", got)
	}
}

func TestDefaultDraft(t *testing.T) {
	doc := map[string]string{"s.json": `{"items": [{"type": "string"}], "additionalItems": false}`}
	if errs := errorsOf(t, doc, load.Options{}); len(errs) != 1 || !strings.Contains(errs[0], "s.json#/items: does not conform to the draft 2020-12 metaschema") {
		t.Errorf("2020-12 by default: %v", errs)
	}
	set := mustRead(t, doc, load.Options{Draft: normalize.Draft7})
	if _, ok := set.Files[0].Raw.Get("prefixItems"); !ok {
		t.Error("with Draft7, array items did not become prefixItems")
	}
}

func TestRefMap(t *testing.T) {
	vendor := fstest.MapFS{
		"common/money.json":  {Data: []byte(`{"$schema": "http://json-schema.org/draft-07/schema#", "definitions": {"amount": {"$ref": "number.json"}}}`)},
		"common/number.json": {Data: []byte(`{"type": "number"}`)},
		// Served at one URL, with another $id: references inside resolve against the $id.
		"moved.json":      {Data: []byte(`{"$id": "https://elsewhere.test/v2/moved.json", "$ref": "sibling.json"}`)},
		"v2/sibling.json": {Data: []byte(`{"type": "string"}`)},
		// Referred to without its extension, as Schema Store schemas refer to one another.
		"tsconfig.json": {Data: []byte(`{"definitions": {"compilerOptions": {"type": "object"}}}`)},
	}
	maps := []load.RefMap{
		{Prefix: "https://schemas.test/", FS: vendor, Display: "vendor"},
		{Prefix: "https://elsewhere.test/", FS: vendor, Display: "vendor"},
	}
	set := mustRead(t, map[string]string{"s.json": `{"properties": {
		"m": {"$ref": "https://schemas.test/common/money.json#/definitions/amount"},
		"n": {"$ref": "https://schemas.test/moved.json"},
		"t": {"$ref": "https://schemas.test/tsconfig#/definitions/compilerOptions"}}}`}, load.Options{RefMaps: maps})
	s := file(t, set, "s.json")
	m := target(t, set, s, "/properties/m")
	if m.File.Path != "schemas.test/common/money.json" || m.Pointer != "/$defs/amount" || m.File.Display != "vendor/common/money.json" {
		t.Errorf("m → %s#%s (%s)", m.File.Path, m.Pointer, m.File.Display)
	}
	if got := target(t, set, m.File, "/$defs/amount"); got.File.Path != "schemas.test/common/number.json" {
		t.Errorf("money.json's relative reference → %s", got.File.Path)
	}
	n := target(t, set, s, "/properties/n")
	if got := target(t, set, n.File, ""); got.File.Path != "elsewhere.test/v2/sibling.json" {
		t.Errorf("moved.json's reference → %s, want the file beside its $id", got.File.Path)
	}
	// -ref-map reads NAME.json when the mapped file NAME does not exist.
	if ts := target(t, set, s, "/properties/t"); ts.File.Path != "schemas.test/tsconfig" || ts.File.Display != "vendor/tsconfig.json" || ts.Pointer != "/$defs/compilerOptions" {
		t.Errorf("t → %s#%s (%s), want vendor/tsconfig.json's compilerOptions", ts.File.Path, ts.Pointer, ts.File.Display)
	}
	for _, c := range []struct{ ref, want string }{
		{"https://schemas.test/common/none", `https://schemas.test/common/none maps to vendor/common/none, which cannot be read, nor can vendor/common/none.json (-ref-map https://schemas.test/=vendor)`},
		{"https://schemas.test/common/none.json", `https://schemas.test/common/none.json maps to vendor/common/none.json, which cannot be read (-ref-map https://schemas.test/=vendor)`},
		{"https://schemas.test/%2e%2e/secret.json", `which is not a file below vendor`},
		{"https://schemas.test/common/", `which is not a file below vendor`},
		{"https://other.test/x.json", `remote reference https://other.test/x.json is not the $id of any loaded schema; skillgen never fetches (pass the file with -schema, or map the URL to a folder with -ref-map)`},
	} {
		errs := errorsOf(t, map[string]string{"s.json": `{"$ref": "` + c.ref + `"}`}, load.Options{RefMaps: maps})
		if len(errs) != 1 || !strings.HasPrefix(errs[0], "s.json#/$ref: ") || !strings.Contains(errs[0], c.want) {
			t.Errorf("%s: %v, want %q", c.ref, errs, c.want)
		}
	}
}

// TestBuiltinMetaschemas: a reference to a draft's metaschema resolves offline.
func TestBuiltinMetaschemas(t *testing.T) {
	for _, uri := range []string{"http://json-schema.org/draft-04/schema#", "http://json-schema.org/draft-06/schema#",
		"https://json-schema.org/draft-07/schema#/definitions/schemaArray", "https://json-schema.org/draft/2019-09/schema", "https://json-schema.org/draft/2020-12/meta/core"} {
		set := mustRead(t, map[string]string{"s.json": `{"$ref": "` + uri + `"}`}, load.Options{})
		got := target(t, set, file(t, set, "s.json"), "")
		if !strings.HasPrefix(got.File.Path, "json-schema.org/") {
			t.Errorf("%s → %s", uri, got.File.Path)
		}
	}
}

// TestReferenceIntoUnknownKeyword: a reference may treat an object inside an unknown keyword
// as a schema; what it reaches is walked, so that references there resolve too.
func TestReferenceIntoUnknownKeyword(t *testing.T) {
	set := mustRead(t, map[string]string{"s.json": `{"$schema": "http://json-schema.org/draft-07/schema#",
		"properties": {"a": {"$ref": "#/definitions/A/full"}},
		"definitions": {"A": {"full": {"properties": {"b": {"$ref": "#/definitions/B"}}, "items": [{"$ref": "#/definitions/B"}]}}, "B": {"type": "string"}}}`}, load.Options{})
	s := file(t, set, "s.json")
	full := target(t, set, s, "/properties/a")
	if full.Pointer != "/$defs/A/full" || full.User != "/definitions/A/full" {
		t.Fatalf("→ %+v", full)
	}
	if got := target(t, set, s, "/$defs/A/full/properties/b"); got.User != "/definitions/B" {
		t.Errorf("nested reference → %s", got.User)
	}
	if got := target(t, set, s, "/$defs/A/full/prefixItems/0"); got.User != "/definitions/B" {
		t.Errorf("nested reference in draft-07 array items → %s", got.User)
	}
	if !set.Referenced(s.At("/$defs/A/full")) || !set.Referenced(s.At("/$defs/A")) || set.Referenced(s.At("/properties")) {
		t.Error("Referenced does not hold the targets and their ancestors only")
	}
}

func TestReferenceErrors(t *testing.T) {
	got := errorsOf(t, map[string]string{
		"a.json": `{"properties": {"e": {"$ref": "#/$defs/x/enum"}, "m": {"$ref": "#/$defs/none"}, "s": {"$ref": "#/$defs/x/title"},
			"n": {"$ref": "#nowhere"}, "f": {"$ref": "b.json#/properties/q"}, "o": {"$ref": "../out.json"}}, "$defs": {"x": {"enum": [1], "title": "X"}}}`,
		"b.json": `{"properties": {"q": {"type": "strng"}}}`,
	}, load.Options{})
	want := []string{
		`a.json#/properties/e/$ref: reference "#/$defs/x/enum" points at an array, which is not a schema`,
		`a.json#/properties/m/$ref: reference "#/$defs/none" points at nothing (no /$defs/none in a.json)`,
		`a.json#/properties/n/$ref: reference "#nowhere": no $anchor "nowhere" in file:///skillgen-schema-root/a.json`,
		`a.json#/properties/o/$ref: reference "../out.json" leaves the schema root`,
		`a.json#/properties/s/$ref: reference "#/$defs/x/title" points at a string ("X"), which is not a schema`,
		// The reference into b.json is not reported: b.json's own error says why it is missing.
		`b.json#/properties/q/type: does not conform to the draft 2020-12 metaschema: "strng" is not one of "array", "boolean", "integer", "null", "number", "object", "string" (did you mean "string"?)`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("errors (-want +got):\n%s", diff)
	}
}

// TestMetaschemaErrorsNameTheValue: each place that breaks the metaschema is reported once,
// with the value found there, the same on every run.
func TestMetaschemaErrorsNameTheValue(t *testing.T) {
	docs := map[string]string{"s.json": `{"$schema": "http://json-schema.org/draft-07/schema#", "properties": {
		"a": {"type": "strng"}, "b": {"type": ["string", 5]}, "c": {"minLength": -1}, "d": {"required": "x"},
		"e": {"additionalProperties": "no"}, "f": {"enum": 3}, "g": {"pattern": 7}}}`}
	want := []string{
		`s.json#/properties/a/type: does not conform to the draft-07 metaschema: "strng" is not one of "array", "boolean", "integer", "null", "number", "object", "string" (did you mean "string"?)`,
		`s.json#/properties/b/type/1: does not conform to the draft-07 metaschema: 5 is not one of "array", "boolean", "integer", "null", "number", "object", "string"`,
		`s.json#/properties/c/minLength: does not conform to the draft-07 metaschema: -1: minimum: got -1, want 0`,
		`s.json#/properties/d/required: does not conform to the draft-07 metaschema: "x" is a string, want array`,
		`s.json#/properties/e/additionalProperties: does not conform to the draft-07 metaschema: "no" is a string, want boolean or object`,
		`s.json#/properties/f/enum: does not conform to the draft-07 metaschema: 3 is a number, want array`,
		`s.json#/properties/g/pattern: does not conform to the draft-07 metaschema: 7 is a number, want string`,
	}
	for i := 0; i < 10; i++ {
		got := errorsOf(t, docs, load.Options{})
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("run %d: errors (-want +got):\n%s", i, diff)
		}
	}
}

func TestUnknownSchemaDraft(t *testing.T) {
	got := errorsOf(t, map[string]string{
		"a.json": `{"$schema": "http://json-schema.org/draft-03/schema#"}`,
		"b.json": `{"$schema": "https://example.test/custom-meta"}`,
	}, load.Options{})
	want := []string{
		`a.json#/$schema: $schema "http://json-schema.org/draft-03/schema#" is not a draft skillgen reads (draft-04, -06, -07, 2019-09, 2020-12)`,
		`b.json#/$schema: $schema "https://example.test/custom-meta" is not a draft skillgen reads (draft-04, -06, -07, 2019-09, 2020-12)`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("errors (-want +got):\n%s", diff)
	}
	// A custom metaschema a RefMap answers gives its draft.
	meta := fstest.MapFS{"meta.json": {Data: []byte(`{"$schema": "http://json-schema.org/draft-07/schema#", "allOf": [{"$ref": "http://json-schema.org/draft-07/schema#"}]}`)}}
	set := mustRead(t, map[string]string{"s.json": `{"$schema": "https://example.test/meta.json", "items": [{}]}`},
		load.Options{RefMaps: []load.RefMap{{Prefix: "https://example.test/", FS: meta, Display: "meta"}}})
	if len(set.Files) != 1 {
		t.Errorf("the metaschema was loaded as a schema file: %d files", len(set.Files))
	}
	if _, ok := set.Files[0].Raw.Get("prefixItems"); !ok {
		t.Error("a schema of a custom draft-07 metaschema was not read as draft-07")
	}
}

func TestErrorsAreSortedByPointer(t *testing.T) {
	es := []*load.Error{
		{File: "b.json", Pointer: "/a"}, {File: "a.json", Pointer: "/items/10"}, {File: "a.json", Pointer: "/items/2"},
		{File: "a.json", Pointer: "/items/2/x"}, {File: "a.json", Pointer: ""}, {File: "a.json", Pointer: "/items/2"},
	}
	var got []string
	for _, e := range load.Sorted(es) {
		got = append(got, e.File+"#"+e.Pointer)
	}
	want := []string{"a.json#", "a.json#/items/2", "a.json#/items/2/x", "a.json#/items/10", "b.json#/a"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestNearest(t *testing.T) {
	words := []string{"required", "maxLength", "minimum", "type", "$defs", "additionalProperties", "examples", "if"}
	for in, want := range map[string]string{
		"requried": "required", "maxLenght": "maxLength", "minimun": "minimum", "MaxLength": "maxLength",
		"tpye": "type", "defs": "$defs", "additionalProperty": "additionalProperties", "IF": "if",
		"typeof": "", "refs": "", "if2": "", "exemplary": "", "name": "",
	} {
		if got := load.Nearest(in, words); got != want {
			t.Errorf("Nearest(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestSiblingFilesAreReadOnDemand: with a single schema file, the files of its folder a
// reference reaches are read too (and only those); the folder's bounds still hold.
func TestSiblingFilesAreReadOnDemand(t *testing.T) {
	fsys := fstest.MapFS{
		"schemas/main.json":       {Data: []byte(`{"properties": {"p": {"$ref": "parts/part.json"}, "q": {"$ref": "parts/part.json#/$defs/n"}}}`)},
		"schemas/parts/part.json": {Data: []byte(`{"$schema": "http://json-schema.org/draft-07/schema#", "type": "string", "definitions": {"n": {"type": "number"}}}`)},
		"schemas/unused.json":     {Data: []byte(`not JSON`)},
		"outside.json":            {Data: []byte(`{}`)},
	}
	set, err := load.ReadFS(fsys, "schemas/main.json", "in/main.json", load.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range set.Files {
		got = append(got, f.Path+" "+f.Display)
	}
	if diff := cmp.Diff([]string{"main.json in/main.json", "parts/part.json in/parts/part.json"}, got); diff != "" {
		t.Errorf("files (-want +got):\n%s", diff)
	}
	if q := target(t, set, file(t, set, "main.json"), "/properties/q"); q.Pointer != "/$defs/n" {
		t.Errorf("q → %s", q.Pointer)
	}
	for ref, want := range map[string]string{
		"missing.json":    `in/main.json#/$ref: reference "missing.json": no schema file missing.json in the schema root`,
		"../outside.json": `in/main.json#/$ref: reference "../outside.json" leaves the schema root`,
	} {
		fsys["schemas/main.json"] = &fstest.MapFile{Data: []byte(`{"$ref": "` + ref + `"}`)}
		_, err := load.ReadFS(fsys, "schemas/main.json", "in/main.json", load.Options{})
		if err == nil || err.Error() != want {
			t.Errorf("%s: got %v, want %s", ref, err, want)
		}
	}
}
