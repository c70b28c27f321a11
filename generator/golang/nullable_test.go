package golang

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skillgen/skillgen/generator/build"
	"github.com/skillgen/skillgen/generator/load"
)

// nullableRoots are roots whose schema accepts null beside values of a type of their own (the
// official test suite's enum.json "heterogeneous enum-with-null validation" and type.json
// "type: array, object or null"), by the package they are generated into.
var nullableRoots = map[string]string{
	"nullenum":  `{"enum": [6, null]}`,
	"nulltypes": `{"type": ["array", "object", "null"]}`,
}

// nullableProgram parses documents with the ParseRoot of both packages and prints what it got.
const nullableProgram = `package main

import (
	"encoding/json"
	"fmt"

	"nullroot/nullenum"
	"nullroot/nulltypes"
)

func main() {
	e, err := nullenum.ParseRoot([]byte("null"))
	fmt.Println("enum null:", e == nil, err)
	e, err = nullenum.ParseRoot([]byte("6"))
	fmt.Println("enum 6:", e != nil && *e == nullenum.Root6, err)
	_, err = nullenum.ParseRoot([]byte("7"))
	fmt.Println("enum 7:", err)
	_, err = nullenum.ParseRoot([]byte("\"6\""))
	fmt.Println("enum \"6\":", err)
	r, err := nulltypes.ParseRoot([]byte("null"))
	text, _ := json.Marshal(r)
	fmt.Println("types null:", r == nil, err, string(text))
	r, err = nulltypes.ParseRoot([]byte("[1]"))
	fmt.Println("types array:", r != nil && len(r.Array) == 1, err)
	r, err = nulltypes.ParseRoot([]byte(` + "`" + `{"a": 1}` + "`" + `))
	fmt.Println("types object:", r != nil && r.Object != nil, err)
	_, err = nulltypes.ParseRoot([]byte("5"))
	fmt.Println("types 5:", err)
	v, err := nulltypes.Parse("Root", []byte("null"))
	fmt.Printf("Parse(Root, null): %T %v %v\n", v, v == (*nulltypes.Root)(nil), err)
}
`

// TestNullableRootParse: ParseRoot of a root whose schema accepts null returns a *Root, nil for
// the document null (it refused null with a type error, a valid document the typed API
// refused), a pointer to the value for any other valid document, and the schema's errors for
// an invalid one.
func TestNullableRootParse(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles and runs the generated Go")
	}
	dir := t.TempDir()
	write := func(rel, text string) {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module nullroot\n\ngo 1.26\n")
	write("main.go", nullableProgram)
	for pkg, schema := range nullableRoots {
		set, err := load.FromDocs(map[string][]byte{"root.json": []byte(schema)}, nil)
		if err != nil {
			t.Fatal(err)
		}
		s, err := build.Build(set, build.Options{})
		if err != nil {
			t.Fatal(err)
		}
		files, err := Emit(s, Options{Package: pkg})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if f.Path == "codec.go" && !strings.Contains(string(f.Data), "func ParseRoot(data []byte) (*Root, error)") {
				t.Errorf("%s: ParseRoot does not return a *Root:\n%s", schema, f.Data)
			}
			write(pkg+"/"+f.Path, string(f.Data))
		}
	}
	cmd := exec.Command("go", "run", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=", "GOTOOLCHAIN=local")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go run: %v\n%s", err, out)
	}
	want := `enum null: true <nil>
enum 6: true <nil>
enum 7: (document): must be one of 6, null
enum "6": (document): must be one of 6, null
types null: true <nil> null
types array: true <nil>
types object: true <nil>
types 5: (document): expected array or object or null, got integer
Parse(Root, null): *nulltypes.Root true <nil>
`
	if string(out) != want {
		t.Errorf("the generated ParseRoot gave\n%s\nwant\n%s", out, want)
	}
}
