package generator_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/skillgen/skillgen/generator"
)

// TestNestingLinear: the output of a schema nested n levels deep grows with n, not faster. At
// 1,000 levels of "items" the output once held every level's full location in the comment of
// every level below it, and type expressions of a thousand brackets (7.5 MB, and 101 MB at
// 4,000 levels); now arrays get a named type every eight levels, inline type names stop growing
// and comments abbreviate long locations.
func TestNestingLinear(t *testing.T) {
	size := func(levels int) int {
		schema := writeSchema(t, fmt.Sprintf("nest%d", levels), `{`+draft+`, "title": "Nest", "type": "object", "properties": {"x": `+
			strings.Repeat(`{"type": "array", "items": `, levels)+`{"type": "string"}`+strings.Repeat(`}`, levels)+`}}`)
		outs, err := generator.Generate(generator.Options{SchemaPath: schema, GoOut: "go", GoPackage: "nest", TSOut: "ts"})
		if err != nil {
			t.Fatalf("%d levels: %v", levels, err)
		}
		n := 0
		for _, o := range outs {
			n += len(o.Data)
			for i, line := range strings.Split(string(o.Data), "\n") {
				if len(line) > 600 {
					t.Fatalf("%d levels: %s:%d is %d bytes long", levels, o.Path, i+1, len(line))
				}
			}
		}
		return n
	}
	small, large := size(1000), size(8000)
	t.Logf("output: %d bytes at 1,000 levels, %d at 8,000 (%.2f×)", small, large, float64(large)/float64(small))
	if large > 9*small {
		t.Errorf("8 times the levels give %.1f times the output (%d bytes, %d at 1,000 levels): more than linear",
			float64(large)/float64(small), large, small)
	}
}
