package typescript

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skillgen/skillgen/generator/build"
	"github.com/skillgen/skillgen/generator/load"
)

// overridesCheck is compiled with the generated package under tsc --strict: the types the
// overrides give are the ones written (tsType as written, the enum members by name, the
// x-go-name of a type leaving its TypeScript name alone).
const overridesCheck = `import { OrderStatus, OrderPriority, type Order, type Note } from "./index.js";

const opened: OrderStatus = OrderStatus.Opened;
const high: "hi" = OrderPriority.High;
const total: Order["total"] = "12.34";
// @ts-expect-error tsType: a total is a template literal type, not any string.
const notTotal: Order["total"] = "twelve";
const note: Note = { text: "fragile" };
// @ts-expect-error the enum has no member Closed.
const closed = OrderStatus.Closed;
export const used = [opened, high, total, notTotal, note, closed];
`

// TestOverrides generates the schema of generator/golang/testdata/overrides (every override)
// and type-checks it with a file using its types under tsc --strict; then the compiled package
// parses, round-trips and refuses documents as the schema says (the overrides change types and
// names, never the validation), the named enum members are their values at run time, and
// the arbitraries of every type draw valid values that round-trip.
func TestOverrides(t *testing.T) {
	schema, err := os.ReadFile("../golang/testdata/overrides/order.json")
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
	dir := project(t, s)
	if err := os.WriteFile(filepath.Join(dir, "src", "check.ts"), []byte(overridesCheck), 0o644); err != nil {
		t.Fatal(err)
	}
	typecheck(t, dir)
	types, err := os.ReadFile(filepath.Join(dir, "src", "types.ts"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"  total: `${number}.${number}`;\n",
		"  placed: string;\n",
		"export const OrderStatus = { Opened: \"open\", Shipped: \"shipped\" } as const;\n",
		"export const OrderPriority = { Low: \"lo\", High: \"hi\" } as const;\n",
		"export interface Note {\n",
	} {
		if !strings.Contains(string(types), want) {
			t.Errorf("types.ts lacks %q:\n%s", want, types)
		}
	}
	compile(t, dir, "overrides.mjs")
	got := run(t, dir, "node", "overrides.mjs")
	want := `parse: ok {"id":"A-1","placed":"2024-02-29T23:59:59.5+02:00","total":"12.34","tags":["red"],"status":"open","priority":"hi","qty":7}
round trip: true
invalid: errors [{"pointer":"/total","keyword":"pattern","message":"must match the pattern \"^[0-9]+\\\\.[0-9]{2}$\""},{"pointer":"/tags/0","keyword":"maxLength","message":"must be at most 5 characters long"},{"pointer":"/qty","keyword":"maximum","message":"must be <= 100"}]
status names: {"Opened":"open","Shipped":"shipped"} true
priority names: {"Low":"lo","High":"hi"} true
priority 'mid': errors [{"pointer":"","keyword":"oneOf","message":"must match exactly one of the 2 alternatives, matches 0 (oneOf/0: must be \"lo\"; oneOf/1: must be \"hi\")"}]
arbitraries checked: 6
`
	if got != want {
		t.Errorf("overrides.mjs printed\n%s\nwant\n%s", got, want)
	}
}
