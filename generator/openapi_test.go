package generator_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skillgen/skillgen/generator"
)

// openAPIProgram decodes documents with the packages generated from the 3.0 (YAML) and the 3.1
// (JSON) petstore, which say the same thing in their two dialects, and prints what each gave.
const openAPIProgram = `package main

import (
	"encoding/json"
	"fmt"

	"petstore/pets30"
	"petstore/pets31"
)

type api struct {
	name  string
	pet   func([]byte) (any, error)
	pets  func([]byte) (any, error)
	owner func([]byte) (any, error)
}

func main() {
	apis := []api{
		{"3.0",
			func(b []byte) (any, error) { return pets30.ParsePet(b) },
			func(b []byte) (any, error) { return pets30.ParsePets(b) },
			func(b []byte) (any, error) { return pets30.ParseOwner(b) }},
		{"3.1",
			func(b []byte) (any, error) { return pets31.ParsePet(b) },
			func(b []byte) (any, error) { return pets31.ParsePets(b) },
			func(b []byte) (any, error) { return pets31.ParseOwner(b) }},
	}
	docs := []struct{ kind, doc string }{
		{"pet", ` + "`" + `{"petType": "dog", "name": "Rex", "bark": false, "nickname": null, "age": 3}` + "`" + `},
		{"pet", ` + "`" + `{"petType": "cat", "name": "Tom", "lives": 9, "owner": null}` + "`" + `},
		{"pet", ` + "`" + `{"petType": "cat", "name": "Tom", "lives": 7, "owner": {"name": "Ann", "color": null}}` + "`" + `},
		{"pet", ` + "`" + `{"petType": "dog", "name": "", "bark": true}` + "`" + `},
		{"pet", ` + "`" + `{"petType": "cat", "name": "Tom", "lives": 10}` + "`" + `},
		{"pet", ` + "`" + `{"petType": "dog", "name": "Rex", "bark": true, "age": 0}` + "`" + `},
		{"pet", ` + "`" + `{"petType": "dog", "name": null, "bark": true}` + "`" + `},
		{"pet", ` + "`" + `{"petType": "cat", "name": "Tom", "lives": 1, "owner": {"color": "green"}}` + "`" + `},
		{"pets", ` + "`" + `[{"petType": "dog", "name": "Rex", "bark": true}, {"petType": "cat", "name": "Tom", "lives": 1}, {"petType": "cat", "name": "Tim"}]` + "`" + `},
		{"owner", ` + "`" + `{"name": "Ann", "color": "red", "extra": 1}` + "`" + `},
	}
	for _, d := range docs {
		for _, a := range apis {
			parse := map[string]func([]byte) (any, error){"pet": a.pet, "pets": a.pets, "owner": a.owner}[d.kind]
			v, err := parse([]byte(d.doc))
			if err != nil {
				fmt.Printf("%s %s: %v\n", a.name, d.kind, err)
				continue
			}
			out, err := json.Marshal(v)
			if err != nil {
				fmt.Printf("%s %s: marshal: %v\n", a.name, d.kind, err)
				continue
			}
			back, err := parse(out)
			same := false
			if err == nil {
				again, _ := json.Marshal(back)
				same = string(again) == string(out)
			}
			fmt.Printf("%s %s: ok %s (round trip %v)\n", a.name, d.kind, out, same)
		}
	}
}
`

// The petstore as an OpenAPI 3.0 YAML document and as a 3.1 JSON one generates compiling Go
// whose components are named types (Pets is a []Pet, no PetsItem), nullable accepts null
// where it says so and nowhere else, exclusiveMinimum: true (3.0) is the 3.1 number, and the
// discriminator names the branch whose errors are reported. Exactly one warning says the
// paths are ignored.
func TestOpenAPIPetstoreGo(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles and runs the generated Go")
	}
	dir := t.TempDir()
	write := func(rel string, data []byte) {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", []byte("module petstore\n\ngo 1.26\n"))
	write("main.go", []byte(openAPIProgram))
	for pkg, file := range map[string]string{"pets30": "petstore30.yaml", "pets31": "petstore31.json"} {
		var warnings []string
		outs, err := generator.Generate(generator.Options{
			SchemaPath: filepath.Join("testdata", "openapi", file),
			GoOut:      pkg, GoPackage: pkg,
			Warn: func(err error) { warnings = append(warnings, err.Error()) },
		})
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		if len(warnings) != 1 || !strings.Contains(warnings[0], "#/paths: paths and their operations are out of scope: ignored") {
			t.Errorf("%s: want one warning about the paths, got %q", file, warnings)
		}
		for _, o := range outs {
			if o.Path == pkg+"/types.go" {
				types := string(o.Data)
				for _, want := range []string{"type Pet struct", "type Dog struct", "type Cat struct", "type Owner struct", "type Pets []Pet\n", "Owner   OptNil[Owner]"} {
					if !strings.Contains(types, want) {
						t.Errorf("%s: types.go lacks %q", file, want)
					}
				}
				if strings.Contains(types, "PetsItem") {
					t.Errorf("%s: a duplicate PetsItem type", file)
				}
			}
			write(o.Path, o.Data)
		}
	}
	cmd := exec.Command("go", "run", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=", "GOTOOLCHAIN=local")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go run: %v\n%s", err, out)
	}
	var want strings.Builder
	for _, line := range strings.Split(strings.TrimSpace(openAPIWant), "\n") {
		for _, v := range []string{"3.0", "3.1"} {
			want.WriteString(v + " " + line + "\n")
		}
	}
	if string(out) != want.String() {
		t.Errorf("the generated Go gave\n%s\nwant\n%s", out, want.String())
	}
}

// openAPIWant is what both packages give, document by document. The third error is the dog
// branch's alone (the cat branch would also complain of "bark" and a missing "lives"): the
// discriminator names the branch; the last error is the cat branch's.
const openAPIWant = `
pet: ok {"petType":"dog","name":"Rex","bark":false,"nickname":null,"age":3} (round trip true)
pet: ok {"petType":"cat","name":"Tom","lives":9,"owner":null} (round trip true)
pet: ok {"petType":"cat","name":"Tom","lives":7,"owner":{"name":"Ann","color":null}} (round trip true)
pet: /name: must be at least 1 characters long
pet: /lives: must be <= 9
pet: /age: must be > 0
pet: /name: expected string, got null
pet: /owner: must match at least one of the 2 alternatives (anyOf/0 at /color: must be one of "red", "blue", null; anyOf/1: expected null, got object)
pets: /2/lives: missing required property "lives"
owner: ok {"name":"Ann","color":"red","extra":1} (round trip true)
`
