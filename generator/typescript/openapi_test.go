package typescript

import (
	"os"
	"testing"

	"github.com/skillgen/skillgen/generator/build"
	"github.com/skillgen/skillgen/generator/load"
)

// The petstore as an OpenAPI 3.0 YAML document and as a 3.1 JSON one generates TypeScript
// that passes tsc --strict, whose parse functions accept null where nullable says so and
// nowhere else, read 3.0's exclusiveMinimum: true as 3.1's number, report the errors of the
// branch the discriminator names, and round-trip what they accept: the same, document by
// document, as the Go of generator/openapi_test.go.
func TestOpenAPIPetstore(t *testing.T) {
	for _, file := range []string{"petstore30.yaml", "petstore31.json"} {
		t.Run(file, func(t *testing.T) {
			set, err := load.ReadFS(os.DirFS("../testdata/openapi"), file, file, load.Options{})
			if err != nil {
				t.Fatal(err)
			}
			s, err := build.Build(set, build.Options{Warn: func(error) {}})
			if err != nil {
				t.Fatal(err)
			}
			dir := project(t, s)
			typecheck(t, dir)
			compile(t, dir, "openapi.mjs")
			got := run(t, dir, "node", "openapi.mjs")
			if got != openAPIWant {
				t.Errorf("openapi.mjs printed\n%s\nwant\n%s", got, openAPIWant)
			}
		})
	}
}

// openAPIWant: the fourth line is the dog branch's error alone (the cat branch would also
// complain of "bark" and a missing "lives"): the discriminator names the branch.
const openAPIWant = `Pet: ok {"petType":"dog","name":"Rex","bark":false,"nickname":null,"age":3} (round trip true)
Pet: ok {"petType":"cat","name":"Tom","lives":9,"owner":null} (round trip true)
Pet: ok {"petType":"cat","name":"Tom","lives":7,"owner":{"name":"Ann","color":null}} (round trip true)
Pet: /name: must be at least 1 characters long
Pet: /lives: must be <= 9
Pet: /age: must be > 0
Pet: /name: expected string, got null
Pet: /owner: must match at least one of the 2 alternatives (anyOf/0 at /color: must be one of "red", "blue", null; anyOf/1: expected null, got object)
Pets: /2/lives: missing required property "lives"
Owner: ok {"name":"Ann","color":"red","extra":1} (round trip true)
`
