package crosscheck

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/skillgen/skillgen/generator"
	"github.com/skillgen/skillgen/generator/ir"

	shapes "github.com/skillgen/skillgen/crosscheck/shapes/go"
	skill "github.com/skillgen/skillgen/gen/go"
)

const shapesVectors = "shapes-go-vectors.json"

var (
	shapesOnce   sync.Once
	shapesSchema *Schema
	shapesErr    error
)

func loadShapes(t *testing.T) *Schema {
	t.Helper()
	shapesOnce.Do(func() { shapesSchema, shapesErr = LoadShapes(ShapesContract) })
	if shapesErr != nil {
		t.Fatal(shapesErr)
	}
	return shapesSchema
}

// TestShapesGenerated: shapes/go and shapes/ts are what skillgen writes for shapes/schema, and
// shapes/contract.json is the contract derived from it (go test ./crosscheck -update rewrites
// them all).
func TestShapesGenerated(t *testing.T) {
	outs, err := shapesOutputs(ShapesSchemaDir)
	if err != nil {
		t.Fatal(err)
	}
	docs, types, err := shapesContractDocs(ShapesSchemaDir)
	if err != nil {
		t.Fatal(err)
	}
	contract, err := encodeShapesContract(docs, types)
	if err != nil {
		t.Fatal(err)
	}
	plan, err := generator.MakePlan(outs)
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := plan.Apply(); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.FromSlash(ShapesContract), contract, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	for _, o := range plan.Write {
		t.Errorf("%s is stale (go test ./crosscheck -update)", o.Path)
	}
	for _, p := range plan.Remove {
		t.Errorf("%s is no longer generated (go test ./crosscheck -update)", p)
	}
	for _, c := range plan.Conflicts {
		t.Errorf("%s (go test ./crosscheck -update)", c)
	}
	if cur, err := os.ReadFile(filepath.FromSlash(ShapesContract)); err != nil || !bytes.Equal(cur, contract) {
		t.Errorf("%s is stale (go test ./crosscheck -update)", ShapesContract)
	}
}

// TestProperty11ShapesTypesCovered: every generated type of the shapes schema has a generator
// and a location in the contract.
func TestProperty11ShapesTypesCovered(t *testing.T) {
	t.Log(label + "every shapes type is located in the schema and has a generator")
	s := loadShapes(t)
	names := shapes.TypeNames()
	if got := len(s.LocatedTypes()); got != len(names) {
		t.Errorf("%d of %d types located", got, len(names))
	}
	for _, n := range names {
		if Shapes.Arbitrary[n] == nil {
			t.Errorf("type %s: no generator in Shapes.Arbitrary", n)
		}
	}
	if len(Shapes.Arbitrary) != len(names) {
		t.Errorf("%d generators for %d types", len(Shapes.Arbitrary), len(names))
	}
}

// TestProperty11ShapesValidDirection: instances of every shapes type, drawn from the
// arbitraries, pass the independent validator (on the contract) and ParseT, and come back equal.
func TestProperty11ShapesValidDirection(t *testing.T) {
	s := loadShapes(t)
	cases, _ := Cases()
	cases = max(cases/4, 100)
	var all Result
	for _, typ := range s.LocatedTypes() {
		t.Run(label+"valid shapes "+typ+" instances pass both validators and round-trip", func(t *testing.T) {
			r := s.CheckValid(typ, 0, cases)
			for _, f := range r.Failures {
				t.Error(f)
			}
			if r.Documents < cases {
				t.Errorf("%d documents checked, want %d", r.Documents, cases)
			}
			all.Add(r)
		})
	}
	t.Logf(label+"shapes, valid direction: %d documents over %d types (%d each), %d disagreements", all.Documents, len(s.LocatedTypes()), cases, all.Disagreements)
	totals.Lock()
	totals.valid.Add(all)
	totals.ranValid = true
	totals.Unlock()
}

// TestProperty11ShapesInvalidDirection: mutations of arbitrary instances of every shapes type
// get the same verdict from both validators, and the generated one reports the mutated site.
func TestProperty11ShapesInvalidDirection(t *testing.T) {
	s := loadShapes(t)
	_, n := Cases()
	var all Result
	kinds := map[string]int{}
	for _, typ := range s.LocatedTypes() {
		docs, err := s.ArbitraryDocuments(typ, 1_000_000, n)
		if err != nil {
			t.Fatal(err)
		}
		st := s.CheckInvalid(docs)
		for _, f := range st.Failures {
			t.Errorf("%s: %s", typ, f)
		}
		for k, c := range st.ByKind {
			kinds[k] += c
		}
		all.Add(st.Result)
	}
	t.Logf(label+"shapes, invalid direction: %d mutations, %d disagreements; by kind %v", all.Documents, all.Disagreements, kinds)
	for _, k := range []string{KindDropRequired, KindWrongType, KindNull, KindOutOfEnum, KindExtraKey, KindTooLong, KindBelowMinimum, KindUnknownTag} {
		if kinds[k] == 0 {
			t.Errorf("no mutation of kind %s on the shapes", k)
		}
	}
	totals.Lock()
	totals.invalid.Add(all)
	totals.ranInvalid = true
	totals.Unlock()
}

// shapesEdges are hand-written shapes documents: null and absent apart, the narrowed values,
// and unions decided by type and by validation.
var shapesEdges = []struct{ typ, doc, note string }{
	{"Shapes", `{"pet": null, "label": null, "size": 1, "animal": {"meow": true}}`, "required and nullable members null"},
	{"Shapes", `{"pet": {"name": "a"}, "label": "x", "size": 2, "animal": {"wings": 2}, "owner": null, "note": null, "tags": null, "mixed": null, "address": null, "home": null, "ratio": null, "when": null, "list": null}`, "every optional nullable member null"},
	{"Shapes", `{"pet": null, "label": null, "size": 3, "animal": {"meow": false}, "mixed": {"a": [1, null]}, "ratio": 0.5, "when": "[x]", "id": "abc", "command": ["a"], "workspace": {"workspace": true}}`, "unions by JSON type"},
	{"Shapes", `{"pet": null, "label": null, "size": 1, "animal": {"meow": true}, "user": 5}`, "a User that is not an object: 5 (NotObject in Go)"},
	{"Shapes", `{"pet": null, "label": null, "size": 1, "animal": {"meow": true}, "user": null}`, "a User that is null"},
	{"Shapes", `{"pet": null, "label": null, "size": 1, "animal": {"meow": true}, "users": [{"login": "a"}, "b"]}`, "a User in an array"},
	{"Shapes", `{"pet": null, "label": null, "size": 1, "animal": {"meow": true, "wings": 1}}`, "oneOf: no variant accepts both members"},
	{"Shapes", `{"pet": null, "label": null, "size": 1, "animal": {"meow": true}, "item": {"isbn": "1", "tracks": 2}}`, "anyOf: the first variant that accepts it"},
	{"Shapes", `{"pet": null, "label": null, "size": 4, "animal": {"meow": true}}`, "not an enum number"},
	{"Shapes", `{"pet": null, "label": null, "size": 1.0, "animal": {"meow": true}, "level": -1}`, "integral literal of an integer enum"},
	{"Shapes", `{"pet": null, "label": null, "size": 1, "animal": {"meow": true}, "range": [1, 2, "a", "b", "c", "d"]}`, "tuple longer than maxItems"},
	{"Shapes", `{"pet": null, "label": null, "size": 1, "animal": {"meow": true}, "pair": ["a", null]}`, "tuple with a null position"},
	{"Shapes", `{"pet": null, "label": null, "size": 1, "animal": {"meow": true}, "point": [1]}`, "tuple shorter than minItems"},
	{"Shapes", `{"pet": null, "label": null, "size": 1, "animal": {"meow": true}, "list": {"head": 1, "tail": {"head": 2, "tail": null}}}`, "a recursive nullable object"},
	{"Shapes", `{"pet": null, "label": null, "size": 1, "animal": {"meow": true}, "names": ["a", null, ""]}`, "nullable named items"},
	{"Shapes", `{"pet": null, "label": null, "size": 1, "animal": {"meow": true}, "scores": {"a": 1.5, "b": null}}`, "nullable map values"},
	{"Address", `null`, "a named type whose schema accepts null: ParseAddress gives nil"},
	{"MaybeName", `null`, "a nullable named scalar: ParseMaybeName gives nil"},
	{"User", `"x"`, "a User that is a string"},
	{"User", `{"login": "x", "extra": [1]}`, "an open User"},
	{"ShapesCommand", `"go"`, "a string, not an array"},
	{"ShapesCommand", `""`, "minLength applies to the string"},
	{"Level", `10`, "integer enum"},
	{"Dog", `{"name": "", "breed": "b"}`, "the merged name keeps the base's minLength"},
	{"LonePet", `{"name": "Rex", "age": 3}`, "a Pet, but not a LonePet: the constraint beside the reference"},
	{"Shapes", `{"pet": null, "label": null, "size": 1, "animal": {"meow": true}, "kennel": {"rex": {"name": "Rex"}, "Fido": {"name": "Fido"}}}`, "map values by a pattern and by additionalProperties"},
	{"Shapes", `{"pet": null, "label": null, "size": 1, "animal": {"meow": true}, "kennel": {"Fido": {"name": ""}}}`, "a map value that is not a Pet"},
	{"Shapes", `{"pet": null, "label": null, "size": 1, "animal": {"meow": true}, "kennel": null}`, "null: the allOf's base is an object"},
	{"Shapes", `{"pet": null, "label": null, "size": 1, "animal": {"meow": true}, "source": "main.rs"}`, "a string no anyOf branch accepts"},
	{"Shapes", `{"pet": null, "label": null, "size": 1, "animal": {"meow": true}, "source": 5}`, "not a string"},
	{"Shapes", `{"pet": null, "label": null, "size": 1, "animal": {"meow": true}, "previous": null}`, "a reference to a nullable Pet inside an allOf"},
	{"Shapes", `{"pet": null, "label": null, "size": 1, "animal": {"meow": true}, "previous": {"name": ""}}`, "the Pet of an allOf is checked"},
	{"Kennel", `{"a": {"name": "a"}, "b": {"name": "b"}, "c": {"name": "c"}, "d": {"name": "d"}}`, "maxProperties"},
	{"SourceFile", `"main.go"`, "one anyOf branch"},
	{"RunsOn", `[]`, "the array's anyOf branch asks for one item"},
	{"RunsOn", `["a", "b", ""]`, "an item after the first is not empty"},
	{"RunsOn", `["a", "b", "c", "d"]`, "maxItems of the array's anyOf branch"},
	{"RunsOn", `{"a": 1}`, "neither a string nor an array"},
	{"RunsOn", `"ubuntu-latest"`, "the string variant"},
	{"RunsOn", `[""]`, "the first item has no minLength"},
	{"Permission", `true`, "the boolean variant"},
	{"Permission", `"not op"`, "the string variant"},
	{"Permission", `2.5`, "the number variant"},
	{"Permission", `null`, "null is in the enum"},
	{"Permission", `"x"`, "a string out of the enum"},
	{"Permission", `3`, "a number out of the enum"},
	{"Permission", `["op"]`, "no variant holds an array"},
	{"PermissionString", `true`, "the string variant holds strings only"},
	{"PermissionNumber", `"op"`, "the number variant holds numbers only"},
	{"Hash", `{"algorithm": "SHA-256", "value": "0123456789", "alg": "MD5"}`, "no oneOf branch: each branch's most specific error"},
	{"Hash", `"abc"`, "no oneOf branch: a type error in each"},
	{"Resource", `{"resourceType": "Cat", "lives": 10}`, "resourceType decides the branch: its errors alone"},
	{"Resource", `{"resourceType": "Fish", "fins": "x"}`, "the decided branch's every error"},
	{"Resource", `{"resourceType": "Dog"}`, "no branch named: the first three branches explained, and 1 more"},
	{"Resource", `{"resourceType": "Bag", "items": [{"resourceType": "Bird", "wings": 1}, {"resourceType": "Bag", "items": [{"resourceType": "Cow"}]}]}`, "nested decided unions: the innermost errors, and an undecided one explained"},
	{"Resource", `[]`, "not an object: every branch matches, matches 4"},
}

// TestProperty11ShapesVectors writes (with -update) and checks testdata/vectors/shapes-go-vectors.json:
// for every shapes type, arbitrary instances, mutations of them, and the edge documents, each
// with the Go verdict and (pointer, keyword) list, confirmed by the independent validator. The
// TypeScript side checks its own validators against it.
func TestProperty11ShapesVectors(t *testing.T) {
	t.Log(label + "the Go corpus of shapes documents is up to date")
	s := loadShapes(t)
	var out []Vector
	add := func(typ string, data []byte, note string) {
		_, errs, err := s.GeneratedValidate(typ, data)
		if err != nil {
			t.Fatalf("%s %s: %v", typ, data, err)
		}
		if indep := s.IndependentValidate(typ, data) == nil; indep != (errs == nil) {
			t.Fatalf("%s %s: independent valid=%v, generated errors %v", typ, data, indep, errs)
		}
		if errs == nil {
			errs = []ErrorRef{}
		}
		out = append(out, Vector{Type: typ, Document: string(data), Valid: len(errs) == 0, Errors: errs, Note: note})
	}
	types := s.LocatedTypes()
	taken := map[string]int{}
	for _, typ := range types {
		docs, err := s.ArbitraryDocuments(typ, 3000, 3)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range docs {
			add(typ, d.Data, "valid: "+d.Origin)
			tree, err := Decode(d.Data)
			if err != nil {
				t.Fatal(err)
			}
			muts, err := s.Mutations(typ, tree)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range muts {
				key := typ + " " + m.Kind
				if taken[key] >= 2 || len(m.Data) > 2000 {
					continue
				}
				taken[key]++
				add(typ, m.Data, fmt.Sprintf("%s at %q of %s", m.Kind, m.Site, d.Origin))
			}
		}
	}
	for _, e := range shapesEdges {
		add(e.typ, []byte(e.doc), e.note)
	}
	data, err := EncodeVectors(out)
	if err != nil {
		t.Fatal(err)
	}
	valid, byType := 0, map[string]int{}
	for _, v := range out {
		byType[v.Type]++
		if v.Valid {
			valid++
		}
	}
	t.Logf(label+"%s: %d entries (%d valid, %d invalid) over %d types", shapesVectors, len(out), valid, len(out)-valid, len(byType))
	writeOrCompare(t, filepath.Join(vectorsDir, shapesVectors), data)
}

// TestShapesNullAndAbsent: for every member of the shapes that allows null, {"x": null}
// round-trips unchanged through ParseShapes and MarshalJSON, and leaving it out stays absent.
func TestShapesNullAndAbsent(t *testing.T) {
	base := map[string]any{"pet": nil, "label": nil, "size": 1, "animal": map[string]any{"meow": true}}
	for _, key := range []string{"owner", "note", "tags", "mixed", "address", "home", "ratio", "when", "list"} {
		for _, present := range []bool{true, false} {
			doc := map[string]any{}
			for k, v := range base {
				doc[k] = v
			}
			if present {
				doc[key] = nil
			}
			data, _ := json.Marshal(doc)
			v, err := shapes.ParseShapes(data)
			if err != nil {
				t.Fatalf("%s: %v", data, err)
			}
			out, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			var back map[string]any
			if err := json.Unmarshal(out, &back); err != nil {
				t.Fatal(err)
			}
			got, ok := back[key]
			switch {
			case present && (!ok || got != nil):
				t.Errorf("%s: %q: null became %s", data, key, out)
			case !present && ok:
				t.Errorf("%s: %q: absent became %s", data, key, out)
			}
			if !bytes.Equal(canonicalJSON(t, data), canonicalJSON(t, out)) {
				t.Errorf("round trip of %s gave %s", data, out)
			}
		}
	}
}

func canonicalJSON(t *testing.T, data []byte) []byte {
	t.Helper()
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	out, _ := json.Marshal(v) // maps are written with sorted keys
	return out
}

// TestShapesGoAPI: the generated API of the shapes (union constructors and tags, zero unions,
// nil required slices, OptNil) behaves as docs/generated-go.md says.
func TestShapesGoAPI(t *testing.T) {
	u := shapes.NewAnimalBird(shapes.AnimalBird{Wings: 2})
	if u.Tag() != shapes.AnimalTagBird || u.Bird == nil || u.Cat != nil {
		t.Errorf("NewAnimalBird: %+v, tag %q", u, u.Tag())
	}
	switch c := shapes.NewShapesCommandArray(nil); c.Tag() {
	case shapes.ShapesCommandTagArray:
		if c.Array == nil {
			t.Error("NewShapesCommandArray(nil) holds a nil slice: no variant is set")
		}
	default:
		t.Errorf("NewShapesCommandArray(nil).Tag() = %q", c.Tag())
	}
	// A zero union is a validation error at its member, not a marshalling failure.
	v := shapes.Shapes{Size: shapes.ShapesSize1}
	err := v.Validate()
	var verrs shapes.ValidationErrors
	if !errors.As(err, &verrs) || len(verrs) != 1 || verrs[0].Pointer != "/animal" || verrs[0].Keyword != "oneOf" || !strings.Contains(verrs[0].Message, "no variant of Animal is set") {
		t.Errorf("zero union: Validate() = %v, want one oneOf error at /animal naming Animal", err)
	}
	// Unions in an array and in a map are located by index and key.
	w := shapes.Shapes{Size: shapes.ShapesSize1, Animal: shapes.NewAnimalCat(shapes.AnimalCat{Meow: true}), Workspace: &shapes.MaybeWorkspace{}}
	if err := w.Validate(); !errors.As(err, &verrs) || verrs[0].Pointer != "/workspace" {
		t.Errorf("zero MaybeWorkspace: %v", err)
	}
	// Required slices and maps left nil are written as [] and {}, optional nil members are
	// left out.
	data, err := json.Marshal(skill.FindingsResponse{})
	if err != nil || !strings.Contains(string(data), `"findings":[],"total":0,"counts_by_kind":{},"counts_by_severity":{},"capped_kinds":[]`) {
		t.Errorf("FindingsResponse{}: %s %v", data, err)
	}
	data, err = json.Marshal(shapes.Range{Item0: 1})
	if err != nil || string(data) != "[1]" {
		t.Errorf("Range{Item0: 1}: %s %v", data, err)
	}
	if _, err := json.Marshal(shapes.ShapesPair{Item1: shapes.NewOptNil(int64(2))}); err == nil {
		t.Error("a tuple with a gap marshals")
	}
	// A named type that is another with a constraint beside it is a type of its own: its
	// Validate, MarshalJSON and UnmarshalJSON are its schema's, not Pet's.
	two := shapes.Pet{Name: "Rex", AdditionalProperties: map[string]json.RawMessage{"age": json.RawMessage("3")}}
	if err := two.Validate(); err != nil {
		t.Errorf("Pet with an extra member: %v", err)
	}
	if err := shapes.LonePet(two).Validate(); !errors.As(err, &verrs) || len(verrs) != 1 || verrs[0].Keyword != "maxProperties" {
		t.Errorf("LonePet with two members: Validate() = %v, want one maxProperties error", err)
	}
	var lone shapes.LonePet
	if err := json.Unmarshal([]byte(`{"name":"Rex","age":3}`), &lone); err != nil || lone.Name != "Rex" || string(lone.AdditionalProperties["age"]) != "3" {
		t.Errorf("json.Unmarshal into LonePet: %+v, %v", lone, err)
	}
	if data, err := json.Marshal(lone); err != nil || string(data) != `{"name":"Rex","age":3}` {
		t.Errorf("json.Marshal(LonePet) = %s, %v", data, err)
	}
	if _, err := shapes.ParseLonePet([]byte(`{"name":"Rex","age":3}`)); !errors.As(err, &verrs) || verrs[0].Keyword != "maxProperties" {
		t.Errorf("ParseLonePet with two members = %v", err)
	}
	// The map, the string and the nullable reference inside an allOf have the types of what
	// they refer to.
	doc, err := shapes.ParseShapes([]byte(`{"pet": null, "label": null, "size": 1, "animal": {"meow": true},
		"kennel": {"Fido": {"name": "F"}}, "source": "a.go", "previous": {"name": "P"}, "runsOn": ["self-hosted", "gpu"]}`))
	if err != nil {
		t.Fatalf("ParseShapes: %v", err)
	}
	var kennel map[string]shapes.Pet = doc.Kennel
	var source *shapes.SourceFile = doc.Source
	previous, set := doc.Previous.Get()
	if kennel["Fido"].Name != "F" || source == nil || *source != "a.go" || !set || previous.Name != "P" {
		t.Errorf("ParseShapes: kennel %+v, source %v, previous %+v (%v)", kennel, source, previous, set)
	}
	// An array narrowing its untyped anyOf branch is that branch's tuple, inside the union.
	var runners *shapes.RunsOnArray
	if doc.RunsOn != nil {
		runners = doc.RunsOn.Array
	}
	if runners == nil || runners.Item0 != "self-hosted" || !slices.Equal(runners.Rest, []string{"gpu"}) {
		t.Errorf("ParseShapes: runsOn %+v", doc.RunsOn)
	}
	// A named type whose schema accepts null: ParseT gives a *T, nil for null, and Parse what
	// ParseT gives; Validate is the schema's verdict.
	if err := shapes.Validate("Address", []byte(`null`)); err != nil {
		t.Errorf("Validate(Address, null) = %v, want valid", err)
	}
	if a, err := shapes.ParseAddress([]byte(`null`)); err != nil || a != nil {
		t.Errorf("ParseAddress(null) = %+v, %v; want nil, nil", a, err)
	}
	if a, err := shapes.ParseAddress([]byte(`{"street": "Main"}`)); err != nil || a == nil || a.Street != "Main" {
		t.Errorf("ParseAddress of an object = %+v, %v", a, err)
	}
	if v, err := shapes.Parse("Address", []byte(`null`)); err != nil || v != (*shapes.Address)(nil) {
		t.Errorf("Parse(Address, null) = %#v, %v; want a nil *Address", v, err)
	}
	if _, err := shapes.ParseAddress([]byte(`5`)); !errors.As(err, &verrs) || verrs[0].Keyword != "type" {
		t.Errorf("ParseAddress(5) = %v, want a type error", err)
	}
	// A struct whose schema has no "type": "object" holds the schema's other values too, as
	// their text, and writes them back.
	for _, doc := range []string{`"x"`, `5`, `null`, `[true, "check"]`} {
		u, err := shapes.ParseUser([]byte(doc))
		if err != nil || string(u.NotObject) != strings.ReplaceAll(doc, " ", "") {
			t.Errorf("ParseUser(%s) = %+v, %v; want NotObject %s", doc, u, err, doc)
			continue
		}
		if data, err := json.Marshal(u); err != nil || string(data) != string(u.NotObject) {
			t.Errorf("User{NotObject: %s} marshals as %s, %v", u.NotObject, data, err)
		}
	}
	if s, err := shapes.ParseShapes([]byte(`{"pet": null, "label": null, "size": 1, "animal": {"meow": true}, "user": 5}`)); err != nil || s.User == nil || string(s.User.NotObject) != "5" {
		t.Errorf("ParseShapes with user 5: %+v, %v", s.User, err)
	}
	if u, err := shapes.ParseUser([]byte(`{"login": "a"}`)); err != nil || u.NotObject != nil || u.Login != "a" {
		t.Errorf("ParseUser of an object: %+v, %v", u, err)
	}
	// OptNil keeps absent, null and a value apart.
	var o shapes.OptNil[string]
	if _, ok := o.Get(); ok || o.Set {
		t.Error("zero OptNil is not absent")
	}
	o.SetToNull()
	if _, ok := o.Get(); ok || !o.Set || !o.Null {
		t.Error("SetToNull")
	}
	o.SetTo("x")
	if x, ok := o.Get(); !ok || x != "x" {
		t.Error("SetTo")
	}
	if p := shapes.Ptr("x"); p == nil || *p != "x" {
		t.Error("Ptr")
	}
	if shapes.ShapesOpLessEqual != "<=" || shapes.ShapesOpMinus1 != "-1" || shapes.ShapesOpPlus1 != "+1" {
		t.Error("punctuation constants")
	}
}

// shapesIR builds the IR of the shapes schema (dir is shapes/schema).
func shapesIR(dir string) (*ir.Schema, error) {
	return generator.Build(generator.Options{SchemaPath: dir})
}

// shapesOutputs generates the shapes packages (paths relative to the crosscheck folder).
func shapesOutputs(dir string) ([]generator.Output, error) {
	return generator.Generate(generator.Options{
		SchemaPath: dir, GoOut: ShapesGoOut, GoPackage: "shapes", GoImportPath: ShapesImport,
		TSOut: ShapesTSOut, TSPackage: "@skillgen/shapes", Arbitraries: true,
	})
}

// shapesContractDocs writes the contract of the generated types as schema documents: the
// shapes schema, where the types leave values out, says so (docs/typescript.md,
// "Narrowing"; docs/generated-go.md). A named type whose schema accepts null, or that holds
// some of its node's JSON types only, is validated through a document of its own that
// excludes the rest. It returns
// the documents ($id → document) and the location of every generated type.
func shapesContractDocs(dir string) (map[string]map[string]any, map[string]string, error) {
	s, err := shapesIR(dir)
	if err != nil {
		return nil, nil, err
	}
	docs := map[string]map[string]any{}
	for _, src := range s.Sources {
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(src)))
		if err != nil {
			return nil, nil, err
		}
		var doc map[string]any
		if err := json.Unmarshal(data, &doc); err != nil {
			return nil, nil, fmt.Errorf("%s: %w", src, err)
		}
		docs[ShapesIDBase+src] = doc
	}
	types := map[string]string{}
	for _, t := range s.Types {
		file, ptr, _ := strings.Cut(t.Node.Location, "#")
		loc := ShapesIDBase + file + "#" + ptr
		types[t.GoName] = loc
		if t.Only != nil {
			// The type holds some of its node's JSON types only (a variant of a union of JSON
			// types): it is validated through a document that says so. (A type whose schema
			// accepts null holds it as ParseT's nil, so its contract is its schema.)
			id := ShapesIDBase + "defs/contract-" + t.GoName + ".json"
			doc := map[string]any{"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": id, "$ref": loc}
			if len(t.Only) == 1 {
				doc["type"] = t.Only[0]
			} else {
				doc["type"] = t.Only
			}
			docs[id] = doc
			types[t.GoName] = id + "#"
		}
	}
	return docs, types, nil
}

// encodeShapesContract writes the contract documents and type locations as one JSON file
// (shapes/contract.json, which the TypeScript side reads too).
func encodeShapesContract(docs map[string]map[string]any, types map[string]string) ([]byte, error) {
	ids := make([]string, 0, len(docs))
	for id := range docs {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	var list []map[string]any
	for _, id := range ids {
		list = append(list, docs[id])
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(map[string]any{
		"comment":   "Written by go test ./crosscheck -update from shapes/schema: the schema the generated types follow (docs/crosscheck.md).",
		"documents": list,
		"types":     types,
	}); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// TestGeneratedNamesDoNotCollide: a user's file in the generated package may declare the
// common names a runtime would use (ptr, check, field, valid, errs, decode …, and every helper
// of the runtime without its sg prefix): the package still builds and vets. Checked on the
// canonical package (with its behaviour packs) and on the shapes package.
func TestGeneratedNamesDoNotCollide(t *testing.T) {
	if testing.Short() {
		t.Skip("builds copies of the generated packages")
	}
	runtime, err := os.ReadFile(filepath.Join(repoRootPath, "gen", "go", "runtime.go"))
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, n := range []string{"ptr", "check", "field", "valid", "errs", "decode", "encode", "value", "values", "parse",
		"validate", "pointer", "member", "item", "items", "extra", "known", "tag", "kind", "quote", "itoa", "runes", "maxDepth",
		"parser", "mustValue", "toValue", "jsonError", "unmarshal", "marshal", "optNil", "newOptNil", "slice"} {
		names[n] = true
	}
	// The runtime's own helpers, without their prefix (the names they had before it).
	imports := map[string]bool{"bytes": true, "json": true, "errors": true, "fmt": true, "math": true, "big": true, "reflect": true,
		"sort": true, "strconv": true, "strings": true, "sync": true, "utf16": true, "utf8": true}
	for _, m := range regexp.MustCompile(`(?m)^(?:func|type|var|const) (?:\([^)]*\) )?sg([A-Z][A-Za-z0-9_]*)`).FindAllSubmatch(runtime, -1) {
		n := strings.ToLower(string(m[1][:1])) + string(m[1][1:])
		if !imports[n] && !goKeywords[n] {
			names[n] = true
		}
	}
	var decls strings.Builder
	sorted := make([]string, 0, len(names))
	for n := range names {
		sorted = append(sorted, n)
	}
	sort.Strings(sorted)
	for _, n := range sorted {
		fmt.Fprintf(&decls, "var %s = %q\n", n, n)
	}
	if len(sorted) < 50 {
		t.Fatalf("only %d names to declare", len(sorted))
	}
	tmp := t.TempDir()
	gomod, _ := os.ReadFile(filepath.Join(repoRootPath, "go.mod"))
	gosum, _ := os.ReadFile(filepath.Join(repoRootPath, "go.sum"))
	write := func(rel, data string) {
		p := filepath.Join(tmp, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", strings.Replace(string(gomod), "module github.com/skillgen/skillgen", "module collide", 1))
	write("go.sum", string(gosum))
	for dir, pkg := range map[string]string{filepath.Join(repoRootPath, "gen", "go"): "skill", ShapesGoOut: "shapes"} {
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
				continue
			}
			data, err := os.ReadFile(filepath.Join(dir, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			write(filepath.Join(pkg, e.Name()), string(data))
		}
		// The user's file: every name declared, and the exported helper used.
		write(filepath.Join(pkg, "user.go"), "package "+pkg+"\n\n// Declarations a user might write beside the generated code.\n"+decls.String()+
			"\nfunc init() { _ = Ptr(ptr) }\n")
	}
	cmd := exec.Command("go", "vet", "./...")
	cmd.Dir = tmp
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off", "GOPROXY=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the generated packages do not build beside a user's declarations of %d common names: %v\n%s", len(sorted), err, out)
	}
	t.Logf("%d names declared beside the generated packages: %s", len(sorted), strings.Join(sorted, ", "))
}

var goKeywords = map[string]bool{"break": true, "case": true, "chan": true, "const": true, "continue": true, "default": true,
	"defer": true, "else": true, "fallthrough": true, "for": true, "func": true, "go": true, "goto": true, "if": true,
	"import": true, "interface": true, "map": true, "package": true, "range": true, "return": true, "select": true,
	"struct": true, "switch": true, "type": true, "var": true}

// TestUnionErrorsExplain: a oneOf no branch matches names each branch's most specific error,
// at its pointer relative to the union, the first three branches and then a count; a branch
// the const of resourceType names is the one whose errors are reported, alone
// (docs/validation.md, "Unions"). tsconformance/test/shapes.test.ts checks the same words.
func TestUnionErrorsExplain(t *testing.T) {
	for _, c := range []struct {
		doc  string
		want []shapes.ValidationError
		hash bool
	}{
		{`{"algorithm": "SHA-256", "value": "0123456789", "alg": "MD5"}`, []shapes.ValidationError{{Pointer: "", Keyword: "oneOf",
			Message: `must match exactly one of the 2 alternatives, matches 0 (oneOf/0 at /content: missing required property "content"; oneOf/1 at /value: must be at most 8 characters long)`}}, true},
		{`{"resourceType": "Cat", "lives": 10}`, []shapes.ValidationError{{Pointer: "/lives", Keyword: "maximum", Message: "must be <= 9"}}, false},
		{`{"resourceType": "Dog"}`, []shapes.ValidationError{{Pointer: "", Keyword: "oneOf",
			Message: `must match exactly one of the 4 alternatives, matches 0 (oneOf/0 at /resourceType: must be "Cat"; oneOf/1 at /resourceType: must be "Bird"; oneOf/2 at /water: missing required property "water"; and 1 more)`}}, false},
		{`{"resourceType": "Bag", "items": [{"resourceType": "Bag", "items": [{"resourceType": "Cow"}]}]}`, []shapes.ValidationError{{Pointer: "/items/0/items/0", Keyword: "oneOf",
			Message: `must match exactly one of the 4 alternatives, matches 0 (oneOf/0 at /resourceType: must be "Cat"; oneOf/1 at /resourceType: must be "Bird"; oneOf/2 at /water: missing required property "water"; and 1 more)`}}, false},
	} {
		var err error
		if c.hash {
			_, err = shapes.ParseHash([]byte(c.doc))
		} else {
			_, err = shapes.ParseResource([]byte(c.doc))
		}
		var got shapes.ValidationErrors
		if !errors.As(err, &got) {
			t.Fatalf("%s: %v, want validation errors", c.doc, err)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s:\n got %q\nwant %q", c.doc, got, c.want)
		}
	}
}

// TestShapesNamesGiven: the names the schema gives (docs/overrides.md) are the generated Go
// names, and the values behind them are the schema's: x-go-name names the field, x-enum-varnames
// the constants, the titles of a oneOf of consts the constants of that enum. (The TypeScript
// names, from tsEnumNames and the same titles, are checked in tsconformance/test/shapes.test.ts.)
func TestShapesNamesGiven(t *testing.T) {
	ref := "T-1"
	v := shapes.Ticket{Reference: &ref, Status: shapes.TicketStatusClosed, Priority: shapes.TicketPriorityHigh}
	b, err := v.MarshalJSON()
	if err != nil || string(b) != `{"ref":"T-1","status":"closed","priority":"hi"}` {
		t.Fatalf("MarshalJSON = %s, %v", b, err)
	}
	got, err := shapes.ParseTicket([]byte(`{"status":"open","priority":"lo","ref":"x"}`))
	if err != nil || got.Status != shapes.TicketStatusOpen || got.Priority != shapes.TicketPriorityLow || got.Reference == nil || *got.Reference != "x" {
		t.Errorf("ParseTicket = %+v, %v", got, err)
	}
	// The validator still checks the schema's constraints on the named members.
	_, err = shapes.ParseTicket([]byte(`{"status":"opened","priority":"mid","ref":""}`))
	var verrs shapes.ValidationErrors
	if !errors.As(err, &verrs) {
		t.Fatalf("ParseTicket of a bad ticket: %v", err)
	}
	var at []string
	for _, e := range verrs {
		at = append(at, e.Pointer+" "+e.Keyword)
	}
	if want := []string{"/ref minLength", "/status enum", "/priority oneOf"}; !slices.Equal(at, want) {
		t.Errorf("errors at %q, want %q", at, want)
	}
}
