package build

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/skillgen/skillgen/generator/ir"
	"github.com/skillgen/skillgen/generator/load"
)

// buildOne builds one schema file and returns the IR and the warnings.
func buildOne(t *testing.T, schema string) (*ir.Schema, []string) {
	t.Helper()
	set, err := load.FromDocs(map[string][]byte{"s.json": []byte(schema)}, func(p string) string { return "schema/" + p })
	if err != nil {
		t.Fatal(err)
	}
	var warnings []string
	s, err := Build(set, Options{Warn: func(err error) { warnings = append(warnings, err.Error()) }})
	if err != nil {
		t.Fatal(err)
	}
	return s, warnings
}

func typeNamed(t *testing.T, s *ir.Schema, name string) *ir.Type {
	t.Helper()
	for _, tp := range s.Types {
		if tp.GoName == name {
			return tp
		}
	}
	t.Fatalf("no type %s", name)
	return nil
}

func fieldNamed(t *testing.T, tp *ir.Type, json string) *ir.Field {
	t.Helper()
	for _, f := range tp.Fields {
		if f.JSONName == json {
			return f
		}
	}
	t.Fatalf("%s has no field %q", tp.GoName, json)
	return nil
}

const shapesSchema = `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "title": "T",
  "type": "object",
  "required": ["pet", "nick"],
  "properties": {
    "pet": {"anyOf": [{"$ref": "#/$defs/Pet"}, {"type": "null"}]},
    "owner": {"oneOf": [{"$ref": "#/$defs/Pet"}, {"type": "null"}]},
    "nick": {"type": ["string", "null"]},
    "tags": {"type": ["array", "null"], "items": {"type": "string"}},
    "any": {},
    "home": {"type": ["object", "null"], "properties": {"city": {"type": "string"}}},
    "id": {"anyOf": [{"type": "integer"}, {"type": "string"}]},
    "media": {"oneOf": [{"$ref": "#/$defs/Pet"}, {"$ref": "#/$defs/User"}]},
    "pair": {"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}], "minItems": 1, "items": false},
    "level": {"enum": [1, 2, 3]},
    "dog": {"allOf": [{"$ref": "#/$defs/Pet"}, {"properties": {"breed": {"type": "string"}}, "required": ["breed"]}]},
    "user": {"$ref": "#/$defs/User"}
  },
  "$defs": {
    "Pet": {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]},
    "User": {"properties": {"login": {"type": "string"}}}
  }
}`

// TestShapes: every shape of the issue gets its type and its Go holder.
func TestShapes(t *testing.T) {
	s, warnings := buildOne(t, shapesSchema)
	if len(warnings) > 0 {
		t.Errorf("warnings: %v", warnings)
	}
	root := typeNamed(t, s, "T")
	for _, c := range []struct {
		field    string
		kind     ir.RefKind
		named    string
		nullable bool
		hold     ir.Holder
	}{
		{"pet", ir.RefNamed, "Pet", true, ir.HoldPointer},
		{"owner", ir.RefNamed, "Pet", true, ir.HoldOptNil},
		{"nick", ir.RefString, "", true, ir.HoldPointer},
		{"tags", ir.RefArray, "", true, ir.HoldOptNil},
		{"any", ir.RefAny, "", true, ir.HoldOptNil},
		{"home", ir.RefNamed, "THome", true, ir.HoldOptNil},
		{"id", ir.RefNamed, "TID", false, ir.HoldPointer},
		{"media", ir.RefNamed, "TMedia", true, ir.HoldOptNil}, // User, without "type", accepts null
		{"pair", ir.RefNamed, "TPair", false, ir.HoldPointer},
		{"level", ir.RefNamed, "TLevel", false, ir.HoldPointer},
		{"dog", ir.RefNamed, "TDog", false, ir.HoldPointer},
		{"user", ir.RefNamed, "User", false, ir.HoldPointer},
	} {
		f := fieldNamed(t, root, c.field)
		name := ""
		if f.Type.Named != nil {
			name = f.Type.Named.GoName
		}
		if f.Type.Kind != c.kind || name != c.named || f.Nullable != c.nullable || f.Hold != c.hold {
			t.Errorf("%s: kind %d %q nullable %v hold %d, want kind %d %q nullable %v hold %d",
				c.field, f.Type.Kind, name, f.Nullable, f.Hold, c.kind, c.named, c.nullable, c.hold)
		}
	}
	if home := typeNamed(t, s, "THome"); home.Kind != ir.Struct || !home.Nullable {
		t.Errorf("THome: kind %d nullable %v, want a struct that leaves null to its references", home.Kind, home.Nullable)
	}
	if id := typeNamed(t, s, "TID"); id.Kind != ir.Union || id.Dispatch != ir.ByKind || len(id.Variants) != 2 || id.GoTag != "TIDTag" {
		t.Errorf("TID: %+v", id)
	}
	if m := typeNamed(t, s, "TMedia"); m.Kind != ir.Union || m.Dispatch != ir.ByValidation {
		t.Errorf("TMedia: kind %d dispatch %d, want a union decided by validation (both are objects)", m.Kind, m.Dispatch)
	}
	pair := typeNamed(t, s, "TPair")
	if pair.Kind != ir.Tuple || len(pair.Fields) != 2 || !pair.Fields[0].Required || pair.Fields[1].Required || pair.Rest != nil {
		t.Errorf("TPair: %+v", pair)
	}
	if lv := typeNamed(t, s, "TLevel"); lv.Kind != ir.Enum || lv.EnumBase != ir.RefInteger || lv.Values[0].GoName != "TLevel1" {
		t.Errorf("TLevel: %+v", lv)
	}
	dog := typeNamed(t, s, "TDog")
	if dog.Kind != ir.Struct || len(dog.Fields) != 2 || dog.Fields[0].JSONName != "name" || !dog.Fields[1].Required {
		t.Errorf("TDog: the allOf is not merged base first: %+v", dog.Fields)
	}
	if u := typeNamed(t, s, "User"); u.Kind != ir.Struct || u.Only != nil || u.Nullable || u.NotObjectGoName != "NotObject" || u.TSObjectName != "UserObject" {
		t.Errorf("User: kind %d objectOnly %v nullable %v, Go field %q, TypeScript interface %q; want a struct that keeps the other values (null too) in NotObject, UserObject",
			u.Kind, u.Only, u.Nullable, u.NotObjectGoName, u.TSObjectName)
	}
	sh := ir.TypedShare(s)
	if sh.Untyped() != 1 || sh.Open != 1 || sh.Degraded != 0 {
		t.Errorf("typed share %+v, want only the any member untyped", sh)
	}
}

// TestDegradedWarns: a named type or member that stays any although the schema constrains it
// is a warning naming the file, the JSON Pointer and the reason; an allOf whose parts disagree
// names both.
func TestDegradedWarns(t *testing.T) {
	s, warnings := buildOne(t, `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "title": "T",
  "type": "object",
  "properties": {
    "mixed": {"enum": ["auto", 1, {"a": 1}]},
    "both": {"allOf": [{"properties": {"x": {"type": "string"}}}, {"properties": {"x": {"type": "integer"}}}]}
  }
}`)
	text := strings.Join(warnings, "\n")
	for _, want := range []string{
		"schema/s.json#/properties/mixed: no Go or TypeScript type (any / unknown): enum values of several JSON types (string, integer, object) have no common Go type",
		`schema/s.json#/properties/both: the allOf parts give property "x" schemas of different JSON types (#/properties/both/allOf/0/properties/x and #/properties/both/allOf/1/properties/x): it is typed as any`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("warnings:\n%s\nwant one containing\n%s", text, want)
		}
	}
	sh := ir.TypedShare(s)
	if sh.Degraded != 1 {
		t.Errorf("typed share %+v, want the mixed enum degraded", sh)
	}
	for _, u := range ir.UntypedItems(s, nil) {
		if u.Go == "T.Mixed" && u.Degraded == "" {
			t.Errorf("T.Mixed: no reason")
		}
	}
}

// TestMergedMemberOneConstraint: a member the merged schemas declare twice, where one of the
// schemas constrains nothing, is typed from the other, with no warning, even when that one
// allows null alone (it panicked there, indexing a second schema to name in a warning); two
// schemas of null alone agree.
func TestMergedMemberOneConstraint(t *testing.T) {
	s, warnings := buildOne(t, `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "title": "T",
  "type": "object",
  "properties": {
    "a": {"type": "null"},
    "p": {"$ref": "#", "properties": {"a": {"multipleOf": 0.25}}},
    "q": {"$ref": "#", "properties": {"a": {"const": null}}}
  }
}`)
	if len(warnings) != 0 {
		t.Errorf("warnings %q, want none", warnings)
	}
	for _, name := range []string{"p", "q"} {
		sub := fieldNamed(t, typeNamed(t, s, "T"), name).Type.Named
		if sub == nil {
			t.Fatalf("T.%s: no named type", name)
		}
		if a := fieldNamed(t, sub, "a").Type; a.Kind != ir.RefNull {
			t.Errorf("%s.a: kind %d, want null alone", sub.GoName, a.Kind)
		}
	}
}

// TestUnionBranches: a union's type names the node its variants are the branches of, also
// where the named schema wraps the union in a $ref or an allOf of one branch (the emitters
// read the discriminator and the keyword there; they crashed on the allOf).
func TestUnionBranches(t *testing.T) {
	s, _ := buildOne(t, `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$defs": {
    "Shape": {"oneOf": [
      {"type": "object", "properties": {"kind": {"const": "circle"}}, "required": ["kind"]},
      {"type": "object", "properties": {"kind": {"const": "square"}}, "required": ["kind"]}
    ]},
    "Wrapped": {"allOf": [{"oneOf": [
      {"type": "object", "properties": {"kind": {"const": "circle"}}, "required": ["kind"]},
      {"type": "object", "properties": {"kind": {"const": "square"}}, "required": ["kind"]}
    ]}]},
    "Mixed": {"allOf": [{"anyOf": [{"type": "string"}, {"type": "string", "minLength": 3}, {"type": "integer"}]}], "description": "x"}
  }
}`)
	for _, c := range []struct {
		name, keyword string
		dispatch      ir.Dispatch
	}{{"Shape", "oneOf", ir.ByTag}, {"Wrapped", "oneOf", ir.ByTag}, {"Mixed", "anyOf", ir.ByKind}} {
		u := typeNamed(t, s, c.name)
		if u.Kind != ir.Union || u.Dispatch != c.dispatch || u.Branches == nil {
			t.Fatalf("%s: kind %d dispatch %d branches %v, want a union dispatched by %d", c.name, u.Kind, u.Dispatch, u.Branches, c.dispatch)
		}
		if got := map[bool]string{true: "oneOf", false: "anyOf"}[len(u.Branches.OneOf) > 0]; got != c.keyword {
			t.Errorf("%s: branches of %s, want %s", c.name, got, c.keyword)
		}
		if d := u.Branches.Discriminator; (d != nil) != (c.dispatch == ir.ByTag) || d != nil && d.Property != "kind" {
			t.Errorf("%s: discriminator %+v", c.name, d)
		}
	}
}

// TestEnumOfScalarTypes: an enum whose values are of several scalar JSON types is a union
// decided by JSON type, each variant the enum's values of its type (named constants for the
// strings, a boolean for true and false).
func TestEnumOfScalarTypes(t *testing.T) {
	s, warnings := buildOne(t, `{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "definitions": {"Default": {"enum": [true, false, "op", "not op", null]}},
  "type": "object",
  "properties": {"d": {"$ref": "#/definitions/Default"}}
}`)
	if len(warnings) > 0 {
		t.Errorf("warnings: %v", warnings)
	}
	d := typeNamed(t, s, "Default")
	if d.Kind != ir.Union || d.Dispatch != ir.ByKind || len(d.Variants) != 2 || !d.Nullable {
		t.Fatalf("Default: kind %d dispatch %d nullable %v, %d variants; want a nullable union of 2 decided by JSON type", d.Kind, d.Dispatch, d.Nullable, len(d.Variants))
	}
	str, boolean := d.Variants[0], d.Variants[1]
	if str.Type == nil || str.Type.Kind != ir.Enum || len(str.Type.Values) != 2 || !slices.Equal(str.Type.Only, []string{"string"}) {
		t.Errorf("Default's first variant: %+v; want an enum of the two strings, holding strings only", str.Ref)
	}
	if boolean.Ref.Kind != ir.RefBool {
		t.Errorf("Default's second variant: %+v; want a boolean", boolean.Ref)
	}
	if sh := ir.TypedShare(s); sh.Untyped() != 0 {
		t.Errorf("typed share %+v, want everything typed", sh)
	}
	// Fractions alone are a variant of numbers (as 1.5 is a number, not an integer).
	s, _ = buildOne(t, `{"$schema": "http://json-schema.org/draft-06/schema#", "title": "F", "enum": ["", 1.5]}`)
	f := typeNamed(t, s, "F")
	if f.Kind != ir.Union || len(f.Variants) != 2 || !slices.Equal(f.Variants[1].Kinds, []string{"number"}) ||
		f.Variants[1].Type == nil || !slices.Equal(f.Variants[1].Type.Only, []string{"number"}) {
		t.Errorf("F: %+v; want a union whose second variant holds numbers", f.Variants)
	}
}

// TestKindsFromBranches: a node without a "type" of its own whose $ref or allOf branches leave
// it several JSON types (a tslint rule: a boolean, an array or an object) is a union of them,
// not a struct that refuses the others.
func TestKindsFromBranches(t *testing.T) {
	s, _ := buildOne(t, `{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "definitions": {
    "rule": {"type": ["boolean", "object", "array"], "properties": {"severity": {"type": "string"}}},
    "Align": {"allOf": [{"$ref": "#/definitions/rule"}, {"items": [{"type": "boolean"}], "additionalItems": {"type": "string"}, "properties": {"options": {"type": "string"}}}]}
  },
  "type": "object",
  "properties": {"r": {"$ref": "#/definitions/Align"}}
}`)
	r := typeNamed(t, s, "Align")
	if r.Kind != ir.Union || r.Dispatch != ir.ByKind || len(r.Variants) != 3 {
		t.Fatalf("Align: kind %d dispatch %d, %d variants; want a union of 3 decided by JSON type", r.Kind, r.Dispatch, len(r.Variants))
	}
	var kinds []string
	for _, v := range r.Variants {
		k := "named"
		if v.Ref.Kind == ir.RefBool {
			k = "boolean"
		} else if v.Ref.Kind == ir.RefNamed {
			k = map[ir.TypeKind]string{ir.Struct: "struct", ir.Tuple: "tuple"}[v.Ref.Named.Kind]
		}
		kinds = append(kinds, k)
	}
	if got := strings.Join(kinds, " "); got != "struct tuple boolean" {
		t.Errorf("Align's variants: %s, want struct tuple boolean", got)
	}
}

// TestSelfContainingUnnamedSchema: a schema with no name of its own whose values hold values
// of its own through arrays and maps only gets a named type that refers to itself (building
// it recursed without end).
func TestSelfContainingUnnamedSchema(t *testing.T) {
	for _, c := range []struct{ schema, root, inner string }{
		{`{"title": "T", "type": "array", "items": {"$ref": "#", "items": {"enum": [null]}}}`, "T", "TItem"},
		{`{"title": "T", "type": "object", "properties": {"x": {"type": "array", "items": {"$ref": "#/properties/x", "maxItems": 2}}}}`, "T", "TXItem"},
	} {
		s, _ := buildOne(t, c.schema)
		inner := typeNamed(t, s, c.inner)
		if inner.Kind != ir.Alias || inner.Alias.Kind != ir.RefArray || inner.Alias.Elem.Named != inner {
			t.Errorf("%s: %s is %+v, want an array of itself", c.schema, c.inner, inner.Alias)
		}
		typeNamed(t, s, c.root)
	}
}

// TestUnevaluatedAsAdditional: unevaluatedItems and unevaluatedProperties type the items and
// members the other keywords leave where nothing else can evaluate one (no contains, no
// in-place applicator), as items and additionalProperties do; elsewhere those stay any.
func TestUnevaluatedAsAdditional(t *testing.T) {
	s, _ := buildOne(t, `{
  "title": "U",
  "type": "object",
  "properties": {
    "tuple": {"type": "array", "prefixItems": [{"type": "string"}], "unevaluatedItems": {"type": "integer"}},
    "closed": {"type": "array", "prefixItems": [{"type": "string"}], "unevaluatedItems": false},
    "list": {"type": "array", "unevaluatedItems": {"type": "integer"}},
    "map": {"type": "object", "unevaluatedProperties": {"type": "integer"}},
    "obj": {"type": "object", "properties": {"a": {"type": "string"}}, "unevaluatedProperties": {"type": "integer"}},
    "contains": {"type": "array", "contains": {"type": "string"}, "unevaluatedItems": {"type": "integer"}},
    "allOf": {"type": "object", "allOf": [{"properties": {"b": true}}], "unevaluatedProperties": {"type": "integer"}}
  }
}`)
	root := typeNamed(t, s, "U")
	elem := func(name string) ir.RefKind {
		r := fieldNamed(t, root, name).Type
		if r.Kind == ir.RefNamed {
			if tp := r.Named; tp.Kind == ir.Tuple && tp.Rest != nil {
				return tp.Rest.Kind
			} else if tp.Kind == ir.Struct && tp.Extra != nil {
				return tp.Extra.Kind
			}
			return ir.RefNull
		}
		return r.Elem.Kind
	}
	for name, want := range map[string]ir.RefKind{
		"tuple": ir.RefInteger, "list": ir.RefInteger, "map": ir.RefInteger, "obj": ir.RefInteger,
		"contains": ir.RefAny, "allOf": ir.RefAny,
	} {
		if got := elem(name); got != want {
			t.Errorf("%s: items or other members of kind %d, want %d", name, got, want)
		}
	}
	if closed := fieldNamed(t, root, "closed").Type.Named; closed == nil || closed.Rest != nil {
		t.Errorf("closed: a tuple with unevaluatedItems false has no Rest: %+v", closed)
	}
}

func TestTypeBase(t *testing.T) {
	long := "Deep" + strings.Repeat("Item", 40)
	got := typeBase(long)
	if len(got) > maxTypeName || !strings.HasPrefix(long, got) || !strings.HasSuffix(got, "Item") {
		t.Errorf("typeBase(%q) = %q: want a prefix of at most %d bytes ending with a whole word", long, got, maxTypeName)
	}
	if got := typeBase("Deep" + strings.Repeat("Item", 28) + "Item2" + strings.Repeat("Item", 10)); got != "Deep"+strings.Repeat("Item", 28) {
		t.Errorf("typeBase kept the number of the context: %q", got)
	}
	if got := typeBase("Short"); got != "Short" {
		t.Errorf("typeBase(Short) = %q", got)
	}
	runes := strings.Repeat("ä", 100) // 200 bytes, no capital letter
	got = typeBase(runes)
	if len(got) > maxTypeName || !utf8.ValidString(got) {
		t.Errorf("typeBase cut %q into %q", runes, got)
	}
}
