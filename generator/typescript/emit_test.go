package typescript

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skillgen/skillgen/generator/ir"
)

func emitMap(t *testing.T, s *ir.Schema) map[string]string {
	t.Helper()
	files, err := Emit(s, Options{PackageName: "@skillgen/test", Arbitraries: true})
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]string{}
	for _, f := range files {
		m[f.Path] = string(f.Data)
	}
	return m
}

func writeFiles(t *testing.T, dir string, s *ir.Schema) {
	t.Helper()
	files, err := Emit(s, Options{PackageName: "@skillgen/test", Arbitraries: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestDump(t *testing.T) {
	dir := os.Getenv("SKILLGEN_TS_DUMP")
	if dir == "" {
		t.Skip("set SKILLGEN_TS_DUMP to write the fixture's output")
	}
	writeFiles(t, dir, fixture())
}

func TestDeterministic(t *testing.T) {
	a, err := Emit(fixture(), Options{Arbitraries: true})
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		b, err := Emit(fixture(), Options{Arbitraries: true})
		if err != nil {
			t.Fatal(err)
		}
		if len(a) != len(b) {
			t.Fatalf("file count differs")
		}
		for i := range a {
			if a[i].Path != b[i].Path || !bytes.Equal(a[i].Data, b[i].Data) {
				t.Fatalf("%s differs between runs", a[i].Path)
			}
		}
	}
}

func TestShapes(t *testing.T) {
	m := emitMap(t, fixture())
	for path, want := range map[string][]string{
		"src/types.ts": {
			`export type Access = "public" | "restricted" | "private";`,
			`export const AccessValues = ["public", "restricted", "private"] as const;`,
			`export type Auth = APIKeyAuth | NoAuth;`,
			`export type SkillID = string;`,
			"export interface APIKeyAuth {\n  type: \"api_key\";\n  in: APIKeyAuthIn;\n",
			"  count?: number | null;\n",
			"  children?: Tree[];\n",
			"  [key: string]: unknown;\n",
			`export type Counts = { [key: string]: number };`,
			"  \"__proto__\"?: string;\n",
			" * It ends a comment: *\\/ and a line\n * separator.\n",
		},
		"src/validate.ts": {
			"  validate: validateEverything,\n  is: isEverything,\n  check: checkEverything,\n  parse: parseEverything,\n  serialize: serializeEverything,\n",
			"}: rt.API<Everything> = /*#__PURE__*/ rt.api(n.",
		},
		"src/nodes.ts": {
			`export const pattern1 = new RegExp("^[a-z0-9](?:[a-z0-9._-]{0,126}[a-z0-9])?$", "u");`,
			`p[d] = "a/b";`,
			`validateNode31(v["a/b"], p, d + 1, e);`,
			`p[d] = "__proto__";`,
			`validateNode30(v["__proto__"], p, d + 1, e);`,
			`rt.duplicateByIndexes(v, "name")`,
			`switch (v["type"]) {`,
		},
		"src/arbitraries.ts": {
			"export function arbitraryTree(depth: number = 0): FC.Arbitrary<Tree> {",
			"lazy(() => arbitraryTree(depth + 2))",
			"sized(depth, { \"label\": ",
			"fc.stringMatching(n.pattern1)",
		},
		"package.json": {`"name": "@skillgen/test",`},
	} {
		for _, w := range want {
			if !strings.Contains(m[path], w) {
				t.Errorf("%s lacks %q", path, w)
			}
		}
	}
	if strings.Contains(m["src/types.ts"], "\u2028") {
		t.Errorf("types.ts keeps a U+2028")
	}
}

func TestDocComment(t *testing.T) {
	got := docComment("a */ b\r\nc\u2029d\x00e", "  ")
	want := "  /**\n   * a *\\/ b\n   * c\n   * de\n   */\n"
	if got != want {
		t.Errorf("docComment = %q, want %q", got, want)
	}
	if docComment("  ", "") != "" {
		t.Errorf("empty doc gives a comment")
	}
}

func TestBehaviourModules(t *testing.T) {
	plain := emitMap(t, fixture())
	for _, p := range []string{"src/protocol.ts", "src/superauditor.ts"} {
		if _, ok := plain[p]; ok {
			t.Errorf("%s emitted without its behaviour pack", p)
		}
	}
	if strings.Contains(plain["src/index.ts"], "protocol") || strings.Contains(plain["README.md"], "## Behaviour") {
		t.Errorf("behaviour exported without its pack")
	}
	m := emitMap(t, canonical(t))
	for p, want := range map[string]string{
		"src/protocol.ts":     Header + "\n// Skill-sharing protocol behaviour",
		"src/superauditor.ts": Header + "\n// SuperAuditor v1 behaviour",
		"src/index.ts":        "export * from \"./protocol.js\";\nexport * from \"./superauditor.js\";\n",
		"README.md":           "<!-- " + strings.TrimPrefix(Header, "// ") + " -->\n# @skillgen/test\n",
		".gitignore":          "# " + strings.TrimPrefix(Header, "// ") + "\ndist/\nnode_modules/\n",
		"LICENSE":             "MIT License\n",
		"package.json":        "\"license\": \"MIT\",",
	} {
		if !strings.Contains(m[p], want) {
			t.Errorf("%s lacks %q", p, want)
		}
	}
	s := fixture()
	s.Behaviours = []string{"nonsense"}
	if _, err := Emit(s, Options{}); err == nil || !strings.Contains(err.Error(), "nonsense") {
		t.Errorf("unknown behaviour pack: err = %v", err)
	}
}
