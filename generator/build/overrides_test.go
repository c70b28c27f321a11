package build_test

import (
	"testing"

	"github.com/skillgen/skillgen/generator/build"
	"github.com/skillgen/skillgen/generator/ir"
	"github.com/skillgen/skillgen/generator/load"
)

// TestOverrideErrors: an override that cannot hold its schema's values, or that names
// something another name has, is an error naming the keyword's pointer and the reason.
func TestOverrideErrors(t *testing.T) {
	for _, c := range []struct {
		name, schema string
		opts         build.Options
		want         []string
	}{
		{"predeclared type too narrow", `{"type": "object", "properties": {"a": {"type": ["string", "integer"], "x-go-type": "string"}}}`, build.Options{},
			[]string{"s.json#/properties/a/x-go-type: x-go-type string holds string only, but the schema also allows integer"}},
		{"qualified type without import", `{"type": "string", "x-go-type": "uuid.UUID"}`, build.Options{},
			[]string{`s.json#/x-go-type: x-go-type "uuid.UUID" needs the import path of uuid in x-go-type-import`}},
		{"import name differs from qualifier", `{"type": "string", "x-go-type": "uuid.UUID", "x-go-type-import": {"path": "github.com/google/uuid", "name": "guuid"}}`, build.Options{},
			[]string{`s.json#/x-go-type: x-go-type "uuid.UUID" names the package uuid, but x-go-type-import imports it as guuid`}},
		{"unexported type", `{"type": "string", "x-go-type": "uuid.id", "x-go-type-import": "github.com/google/uuid"}`, build.Options{},
			[]string{`s.json#/x-go-type: x-go-type "uuid.id" is not a type of another package (pkg.Name, Name exported)`}},
		{"import without type", `{"type": "string", "x-go-type-import": "github.com/google/uuid"}`, build.Options{},
			[]string{"s.json#/x-go-type-import: x-go-type-import without x-go-type"}},
		{"bad import path", `{"type": "string", "x-go-type": "u.U", "x-go-type-import": {"path": "a//b"}}`, build.Options{},
			[]string{`s.json#/x-go-type-import: x-go-type-import must be an import path, or {"path": "import/path", "name": "alias"}`}},
		{"varnames length", `{"enum": ["a", "b"], "x-enum-varnames": ["A"]}`, build.Options{},
			[]string{"s.json#/x-enum-varnames: x-enum-varnames has 1 names for the 2 values of enum"}},
		{"tsEnumNames length", `{"enum": ["a", "b"], "tsEnumNames": ["A", "B", "C"]}`, build.Options{},
			[]string{"s.json#/tsEnumNames: tsEnumNames has 3 names for the 2 values of enum"}},
		{"varnames duplicate", `{"enum": ["a", "b"], "x-enum-varnames": ["A", "A"]}`, build.Options{},
			[]string{`s.json#/x-enum-varnames/1: "A" names enum value 0 already`}},
		{"varnames not identifiers", `{"enum": ["a", "b"], "x-enum-varnames": ["A", "b-c"]}`, build.Options{},
			[]string{`s.json#/x-enum-varnames/1: "b-c" is not a Go identifier (letters, digits and underscores)`}},
		{"varnames without enum", `{"type": "string", "x-enum-varnames": ["A"]}`, build.Options{},
			[]string{"s.json#/x-enum-varnames: x-enum-varnames names the values of an enum, and this schema has no enum"}},
		{"varnames taken", `{"$defs": {"E": {"enum": ["a", "b"], "x-enum-varnames": ["A", "B"]}, "EA": {"type": "string"}}}`, build.Options{},
			[]string{"s.json#/$defs/E/x-enum-varnames: x-enum-varnames EA: the name is taken (by another member, type or constant, or a method the generated code declares)"}},
		{"x-go-name unexported", `{"type": "object", "properties": {"a": {"type": "string", "x-go-name": "lower"}}}`, build.Options{},
			[]string{`s.json#/properties/a/x-go-name: x-go-name "lower" is not an exported Go identifier (a capital letter, then letters, digits and underscores)`}},
		{"x-go-name of another member", `{"type": "object", "properties": {"a": {"type": "string", "x-go-name": "B"}, "b": {"type": "string"}}}`, build.Options{},
			[]string{`s.json#/properties/a/x-go-name: x-go-name B: the member "b" is named B too`}},
		{"x-go-name of another type", `{"$defs": {"A": {"type": "string", "x-go-name": "B"}, "B": {"type": "integer"}}}`, build.Options{},
			[]string{"s.json#/$defs/A/x-go-name: x-go-name B: the type at s.json#/$defs/B is named B too"}},
		{"two types, one x-go-name", `{"$defs": {"A": {"type": "string", "x-go-name": "C"}, "B": {"type": "integer", "x-go-name": "C"}}}`, build.Options{},
			[]string{"s.json#/$defs/B/x-go-name: x-go-name C: the type at s.json#/$defs/A is named C too"}},
		{"mapped format beside other types", `{"type": "object", "properties": {"a": {"format": "date-time"}}}`, build.Options{MapFormats: []string{"date-time"}},
			[]string{`s.json#/properties/a/format: format date-time is mapped to time.Time (-map-formats), which holds strings only, but the schema also allows boolean, number, array, object: add "type": "string", or leave the format out of -map-formats`}},
	} {
		errs, _ := run(t, c.schema, c.opts, load.Options{})
		check(t, c.name, errs, nil, c.want, nil)
	}
}

// TestOverrideNames: the names the overrides give reach the IR: x-go-name for a member and a
// type (the TypeScript name stays the key's), x-enum-varnames after the type's name,
// tsEnumNames as written, a oneOf of titled consts an enum named by the titles, and x-go-type
// and tsType on the member's TypeRef, x-go-name on a tuple position.
func TestOverrideNames(t *testing.T) {
	set, err := load.FromDocs(map[string][]byte{"s.json": []byte(`{
  "title": "Order",
  "type": "object",
  "properties": {
    "id": {"type": "string", "x-go-name": "OrderID"},
    "status": {"enum": ["open", "shut"], "x-enum-varnames": ["Open", "closed"], "tsEnumNames": ["Opened", "Closed"]},
    "level": {"anyOf": [{"const": 1, "title": "low level"}, {"const": 2, "title": "High"}]},
    "at": {"type": "string", "format": "date-time", "tsType": "Date"},
    "note": {"$ref": "#/$defs/Note"},
    "pair": {"type": "array", "prefixItems": [{"type": "string", "x-go-name": "Left"}, {"type": "integer"}], "items": false}
  },
  "$defs": {"Note": {"type": "object", "x-go-name": "Remark", "properties": {"text": {"type": "string"}}}}
}`)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := build.Build(set, build.Options{MapFormats: []string{"date-time"}})
	if err != nil {
		t.Fatal(err)
	}
	types := map[string]*ir.Type{}
	for _, ty := range s.Types {
		types[ty.GoName] = ty
	}
	order := types["Order"]
	if order == nil {
		t.Fatalf("no Order among %v", s.Types)
	}
	fields := map[string]*ir.Field{}
	for _, f := range order.Fields {
		fields[f.JSONName] = f
	}
	if f := fields["id"]; f.GoName != "OrderID" || f.TSName != "id" {
		t.Errorf("id: Go %s, TypeScript %s", f.GoName, f.TSName)
	}
	if gt := fields["at"].Type.Go; gt == nil || gt.Path != "time" || gt.Name != "Time" || fields["at"].Type.TS != "Date" {
		t.Errorf("at: Go type %+v, TypeScript %q", gt, fields["at"].Type.TS)
	}
	if pair := types["OrderPair"]; pair == nil || len(pair.Fields) != 2 || pair.Fields[0].GoName != "Left" || pair.Fields[1].GoName != "Item1" {
		t.Errorf("the tuple's positions are not named Left and Item1: %+v", pair)
	}
	if ty := types["Remark"]; ty == nil || ty.TSName != "Note" {
		t.Errorf("Note: %+v", ty)
	}
	values := func(name string) [][3]string {
		ty := types[name]
		if ty == nil || ty.Kind != ir.Enum {
			t.Fatalf("%s is not an enum: %+v", name, ty)
		}
		var out [][3]string
		for _, v := range ty.Values {
			out = append(out, [3]string{v.Value, v.GoName, v.TSName})
		}
		return out
	}
	for name, want := range map[string][][3]string{
		"OrderStatus": {{"open", "OrderStatusOpen", "Opened"}, {"shut", "OrderStatusClosed", "Closed"}},
		"OrderLevel":  {{"1", "OrderLevelLowLevel", "LowLevel"}, {"2", "OrderLevelHigh", "High"}},
	} {
		got := values(name)
		if len(got) != len(want) {
			t.Errorf("%s: %v, want %v", name, got, want)
			continue
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("%s: %v, want %v", name, got, want)
			}
		}
	}
}
