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

// TestOverridesEndToEnd generates testdata/overrides/order.json, which uses every override
// (x-go-type with and without an import name, a predeclared x-go-type, x-go-name on a member
// and on a type, x-enum-varnames, a oneOf of titled consts, format date-time mapped to
// time.Time), into a module beside two packages of the user's (money.Amount has JSON methods,
// tags.Label has none). The generated code must vet; a program parses valid and invalid
// documents, encodes, parses back and validates Go values (the schema's pattern, maxLength
// and maximum still hold on the overridden members); the arbitraries' values round-trip.
func TestOverridesEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles and runs the generated Go")
	}
	schema, err := os.ReadFile("testdata/overrides/order.json")
	if err != nil {
		t.Fatal(err)
	}
	set, err := load.FromDocs(map[string][]byte{"order.json": schema}, nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := build.Build(set, build.Options{MapFormats: []string{"date-time"}})
	if err != nil {
		t.Fatal(err)
	}
	files, err := Emit(s, Options{Package: "order", ImportPath: "overroot/order", Arbitraries: true})
	if err != nil {
		t.Fatal(err)
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
	copyIn := func(from, to string) {
		data, err := os.ReadFile(filepath.Join("testdata/overrides", from))
		if err != nil {
			t.Fatal(err)
		}
		write(to, data)
	}
	goSum, err := os.ReadFile("../../go.sum")
	if err != nil {
		t.Fatal(err)
	}
	write("go.mod", []byte("module overroot\n\ngo 1.26\n\nrequire pgregory.net/rapid v1.3.0\n"))
	write("go.sum", goSum)
	copyIn("money.go.txt", "money/money.go")
	copyIn("tags.go.txt", "tags/v2/tags.go")
	copyIn("main.go.txt", "main.go")
	copyIn("roundtrip_test.go.txt", "roundtrip_test.go")
	var types string
	for _, f := range files {
		write("order/"+f.Path, f.Data)
		if f.Path == "types.go" {
			types = string(f.Data)
		}
	}
	for _, want := range []string{
		"OrderID  string            `json:\"id\"`",
		"Placed   time.Time         `json:\"placed\"`",
		"Total    money.Amount      `json:\"total\"`",
		"Tags     []tags.Label      `json:\"tags,omitzero\"`",
		"Qty      *int32            `json:\"qty,omitzero\"`",
		"Note     *Remark           `json:\"note,omitzero\"`",
		`tags "overroot/tags/v2"`,
		"OrderStatusOpen    OrderStatus = \"open\"",
		"OrderPriorityHigh OrderPriority = \"hi\"",
	} {
		if !strings.Contains(types, want) {
			t.Errorf("types.go lacks %q:\n%s", want, types)
		}
	}
	if strings.Contains(types, "type Tag ") || strings.Contains(types, "type Count ") {
		t.Errorf("types.go declares a type the user's type stands for:\n%s", types)
	}
	goCmd := func(args ...string) string {
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOTOOLCHAIN=local")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	goCmd("vet", "./...")
	got := goCmd("run", ".")
	want := `parse: <nil>
id: A-1 placed: 2024-02-29T23:59:59.5+02:00 due set/null: true true
total cents: 1234 tags: [red blue] qty: 7 note: fragile
status open: true priority high: true
marshal: <nil>
{"id":"A-1","placed":"2024-02-29T23:59:59.5+02:00","due":null,"total":"12.34","tags":["red","blue"],"status":"open","priority":"hi","qty":7,"note":{"text":"fragile"}}
parse back: <nil>
same again: true placed equal: true
invalid: /total: must match the pattern "^[0-9]+\\.[0-9]{2}$"; /tags/0: must be at most 5 characters long; /qty: must be <= 100
bad date: /placed: cannot be held by the Go type time.Time: parsing time "not a date" as "2006-01-02T15:04:05Z07:00": cannot parse "not a date" as "2006"
qty 1e2: 100 <nil>
validate: /tags/0: must be at most 5 characters long
validate ok: <nil>
`
	if got != want {
		t.Errorf("the program printed\n%s\nwant\n%s", got, want)
	}
	if out := goCmd("test", "-v", "-run", "TestOrderRoundTrip", "-rapid.checks=200", "."); !strings.Contains(out, "--- PASS: TestOrderRoundTrip") {
		t.Errorf("the round-trip property did not pass:\n%s", out)
	}
}
