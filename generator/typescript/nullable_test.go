package typescript

import (
	"testing"

	"github.com/skillgen/skillgen/generator/build"
	"github.com/skillgen/skillgen/generator/load"
)

// TestNullableRootParse: the functions of a root whose schema accepts null beside values of a
// type of its own (the official test suite's enum.json "heterogeneous enum-with-null
// validation" and type.json "type: array, object or null") are over T | null: parseT("null")
// gives null (it was refused with a type error, a valid document the typed API refused), as
// Go's ParseT gives nil; other valid documents give their value, invalid ones the schema's
// errors. The declarations are type-checked under tsc --strict.
func TestNullableRootParse(t *testing.T) {
	set, err := load.FromDocs(map[string][]byte{
		"null-enum.json":  []byte(`{"enum": [6, null]}`),
		"null-types.json": []byte(`{"type": ["array", "object", "null"]}`),
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := build.Build(set, build.Options{})
	if err != nil {
		t.Fatal(err)
	}
	dir := project(t, s)
	typecheck(t, dir)
	compile(t, dir, "nullable.mjs")
	got := run(t, dir, "node", "nullable.mjs")
	want := `parseNullEnum(null): ok null
parseNullEnum(6): ok 6
parseNullEnum(7): errors [{"pointer":"","keyword":"enum","message":"must be one of 6, null"}]
parseNullEnum("6"): errors [{"pointer":"","keyword":"enum","message":"must be one of 6, null"}]
checkNullEnum(null): ok null
isNullEnum(null): true
serializeNullEnum(null): null
parseNullTypes(null): ok null
parseNullTypes([1]): ok [1]
parseNullTypes({"a": 1}): ok {"a":1}
parseNullTypes(5): errors [{"pointer":"","keyword":"type","message":"expected array or object or null, got integer"}]
checkNullTypes(null): ok null
isNullTypes(null): true
serializeNullTypes(null): null
`
	if got != want {
		t.Errorf("nullable.mjs printed\n%s\nwant\n%s", got, want)
	}
}
