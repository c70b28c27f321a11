package typescript

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/skillgen/skillgen/generator/build"
	"github.com/skillgen/skillgen/generator/ir"
)

// partsSchema is crosscheck's shapes schema (every shape with a type of its own, the values its
// types leave out among them) with more objects than one part of validate.ts holds. Their names
// sort between the shapes' (encoding/json writes a map's keys in order), so that the statements
// of the first part and of the last name narrowing functions: Shapes' in the first, the
// variants of Permission and RunsOn and the nullOr of Permission in the last.
func partsSchema(t *testing.T) *ir.Schema {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "crosscheck", "shapes", "schema", "shapes.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	defs := doc["$defs"].(map[string]any)
	for i := range validatePart + 20 {
		defs[fmt.Sprintf("Filler%03d", i)] = map[string]any{
			"type":       "object",
			"properties": map[string]any{"n": map[string]any{"type": "integer"}},
		}
	}
	if data, err = json.Marshal(doc); err != nil {
		t.Fatal(err)
	}
	return buildSchema(t, string(data), build.Options{})
}

var apiStatement = regexp.MustCompile(`(?s)\n/\*\* Validate, check, parse and serialize .*?\);\n`)

// TestValidateParts: a schema of more than validatePart named types has validate.ts in parts
// that it re-exports, with the narrowing functions in narrow.ts; the statements are those of
// the whole module, in the same order.
func TestValidateParts(t *testing.T) {
	s := partsSchema(t)
	files := emitMap(t, s)
	parts := len(s.Types)/validatePart + 1
	if len(s.Types) <= validatePart || parts < 2 {
		t.Fatalf("%d types: the schema must need parts", len(s.Types))
	}
	var statements []string
	for i := 1; i <= parts; i++ {
		src, ok := files[fmt.Sprintf("src/validate-%d.ts", i)]
		if !ok {
			t.Fatalf("no src/validate-%d.ts among %d types", i, len(s.Types))
		}
		if !strings.Contains(src, fmt.Sprintf("part %d of %d", i, parts)) {
			t.Errorf("validate-%d.ts does not say it is part %d of %d", i, i, parts)
		}
		statements = append(statements, apiStatement.FindAllString(src, -1)...)
		if !strings.Contains(files["src/validate.ts"], fmt.Sprintf("export * from \"./validate-%d.js\";\n", i)) {
			t.Errorf("validate.ts does not re-export part %d", i)
		}
	}
	if _, ok := files[fmt.Sprintf("src/validate-%d.ts", parts+1)]; ok {
		t.Errorf("more than %d parts", parts)
	}
	narrow := files["src/narrow.ts"]
	for _, f := range []string{"nullOr", "narrowShapes", "narrowPermission", "onlyRunsOnArray", "narrowRunsOnArray"} {
		if !strings.Contains(narrow, "export function "+f+"(") {
			t.Errorf("narrow.ts does not export %s: %q", f, regexp.MustCompile(`export function \w+`).FindAllString(narrow, -1))
		}
	}
	imports := regexp.MustCompile(`import \{([^}]*)\} from "\./narrow\.js";`)
	first := imports.FindStringSubmatch(files["src/validate-1.ts"])
	last := imports.FindStringSubmatch(files[fmt.Sprintf("src/validate-%d.ts", parts)])
	if first == nil || !strings.Contains(first[1], "narrowShapes") {
		t.Errorf("validate-1.ts does not import narrowShapes: %q", first)
	}
	if last == nil || !strings.Contains(last[1], "nullOr") || !strings.Contains(last[1], "onlyRunsOnArray") {
		t.Errorf("validate-%d.ts does not import nullOr and onlyRunsOnArray: %q", parts, last)
	}

	whole := validatePart
	validatePart = len(s.Types)
	defer func() { validatePart = whole }()
	one := emitMap(t, s)
	if _, ok := one["src/narrow.ts"]; ok {
		t.Error("narrow.ts written for a validate.ts in one part")
	}
	want := apiStatement.FindAllString(one["src/validate.ts"], -1)
	if len(want) != len(s.Types) {
		t.Fatalf("%d statements in the whole validate.ts for %d types", len(want), len(s.Types))
	}
	if strings.Join(statements, "") != strings.Join(want, "") {
		t.Errorf("the parts' %d statements differ from the whole module's %d", len(statements), len(want))
	}
}

// TestValidatePartsRun compiles the package in parts (tsc --strict) and runs it: every type's
// functions reached through index.js with values its arbitrary draws, and the values the types
// leave out refused by isT and parseT as in one module (docs/typescript.md, "Narrowing").
func TestValidatePartsRun(t *testing.T) {
	dir := project(t, partsSchema(t))
	typecheck(t, dir)
	compile(t, dir, "parts.mjs")
	out := run(t, dir, "node", "parts.mjs")
	if !strings.Contains(out, "arbitraries checked") {
		t.Fatalf("parts.mjs printed %q", out)
	}
	t.Log(out)
}
