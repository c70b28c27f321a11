package crosscheck

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/skillgen/skillgen/crosscheck/corpus"
	"github.com/skillgen/skillgen/generator"
	"github.com/skillgen/skillgen/generator/ir"
)

// corpusSchemas loads the corpus once (it is beside the repository, not in it: without it the
// corpus tests are skipped).
func corpusSchemas(t *testing.T) []corpus.Schema {
	t.Helper()
	dir := filepath.Join(repoRootPath, corpus.Dir)
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("no corpus at %s", dir)
	}
	schemas, skipped, err := corpus.Schemas(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d corpus schemas generate; skipped %v", len(schemas), skipped)
	return schemas
}

// TestCorpusTypedShare: at least 95% of the Go fields and named types of the corpus schemas
// that generate are typed, and no untyped item is one the schema constrains without a warning
// saying so.
func TestCorpusTypedShare(t *testing.T) {
	schemas := corpusSchemas(t)
	var all ir.Share
	for _, c := range schemas {
		all = all.Add(c.Share)
		for _, u := range ir.UntypedItems(c.Schema, nil) {
			if u.Degraded == "" {
				continue
			}
			warned := false
			for _, w := range c.Warnings {
				warned = warned || strings.Contains(w, u.Degraded)
			}
			if !warned {
				t.Errorf("%s: %s (%s) is any without a warning: %s", c.Name, u.Go, u.Location, u.Degraded)
			}
		}
	}
	t.Logf("typed share of the corpus:\n%s", corpus.Table(schemas))
	t.Logf("corpus: %d schemas, %d named types and fields, %d typed (%.1f%%), %d any where the schema allows any value, %d degraded",
		len(schemas), all.Items, all.Typed, all.Percent(), all.Open, all.Degraded)
	if all.Percent() < 95 {
		t.Errorf("typed share %.1f%%, want at least 95%%", all.Percent())
	}
}

var (
	goFieldLine = regexp.MustCompile("^\t(\\p{Lu}[\\p{L}\\p{N}_]*) +(.+?) +`json:\"([^\"]*)\"`$")
	tsFieldLine = regexp.MustCompile(`^  ("(?:[^"\\]|\\.)*"|[A-Za-z_$][A-Za-z0-9_$]*)\??: (.+);$`)
	goTypeLine  = regexp.MustCompile(`^type (\p{Lu}[\p{L}\p{N}_]*) (struct \{|=? ?(.+))$`)
	tsTypeLine  = regexp.MustCompile(`^export (?:interface ([\p{L}\p{N}_$]+) \{|type ([\p{L}\p{N}_$]+) = (.+);)$`)
)

// TestCorpusTypeScriptTyped: wherever the Go output of a corpus schema has a type, the
// TypeScript output has one too (no unknown for a member or named type Go types), read from
// the generated sources.
func TestCorpusTypeScriptTyped(t *testing.T) {
	schemas := corpusSchemas(t)
	checked := 0
	for _, c := range schemas {
		outs, err := generator.Emit(c.Schema, generator.Options{GoOut: "go", GoPackage: "corpus", TSOut: "ts", TSPackage: "corpus"})
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		goAny, tsUnknown := map[string]bool{}, map[string]bool{}
		for _, o := range outs {
			switch {
			case strings.HasPrefix(o.Path, "go/types") && strings.HasSuffix(o.Path, ".go"):
				readDecls(string(o.Data), goTypeLine, goFieldLine, func(typ, member, decl string) {
					goAny[typ+"."+member] = goUntyped(decl)
				})
			case o.Path == "ts/src/types.ts":
				readDecls(string(o.Data), tsTypeLine, tsFieldLine, func(typ, member, decl string) {
					tsUnknown[typ+"."+member] = tsUntyped(decl)
				})
			}
		}
		for _, tp := range c.Schema.Types {
			for _, m := range members(tp) {
				k := tp.GoName + "." + m.goName
				tk := tp.TSName + "." + m.tsName
				if _, ok := goAny[k]; !ok {
					t.Errorf("%s: Go declaration %s not found", c.Name, k)
					continue
				}
				unk, ok := tsUnknown[tk]
				if !ok {
					t.Errorf("%s: TypeScript declaration %s not found", c.Name, tk)
					continue
				}
				checked++
				if unk && !goAny[k] {
					t.Errorf("%s: %s is unknown in TypeScript but typed in Go", c.Name, tk)
				}
			}
		}
	}
	t.Logf("%d named types and members compared: TypeScript has no unknown where Go has a type", checked)
}

type member struct{ goName, tsName string }

// members lists the declarations of a named type that both languages write: the type itself
// ("" member) and, for a struct, its fields with a Go field.
func members(t *ir.Type) []member {
	out := []member{{"", ""}}
	if t.Kind != ir.Struct {
		return out
	}
	for _, f := range t.Fields {
		if f.Const == nil && validJSONTag(f.JSONName) {
			out = append(out, member{f.GoName, f.TSName})
		}
	}
	return out
}

// validJSONTag mirrors the generator's rule for struct tags (other names are tagged "-").
func validJSONTag(name string) bool {
	if name == "" {
		return false
	}
	for _, c := range name {
		if !(strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c) || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c > 127) {
			return false
		}
	}
	return true
}

// readDecls reads the declarations of generated types.go or types.ts: every named type (member
// "") and every struct or interface member, with its declared type.
func readDecls(src string, typeLine, fieldLine *regexp.Regexp, add func(typ, member, decl string)) {
	cur := ""
	for _, line := range strings.Split(src, "\n") {
		if m := typeLine.FindStringSubmatch(line); m != nil {
			name, decl := m[1], m[len(m)-1]
			if name == "" {
				name = m[2]
			}
			cur = ""
			if strings.HasSuffix(line, "{") {
				cur = name
				decl = "struct"
			}
			add(name, "", decl)
			continue
		}
		if line == "}" {
			cur = ""
			continue
		}
		if cur == "" {
			continue
		}
		if m := fieldLine.FindStringSubmatch(line); m != nil {
			name := m[1]
			if fieldLine == goFieldLine {
				if m[3] == "-" {
					continue
				}
			}
			add(cur, name, m[2])
		}
	}
}

// tsUntyped: a TypeScript type that is unknown, or an array or map of untyped items.
func tsUntyped(decl string) bool {
	d := strings.TrimSuffix(decl, " | null")
	for {
		switch {
		case strings.HasSuffix(d, "[]"):
			d = strings.TrimSuffix(strings.TrimSuffix(strings.TrimPrefix(d, "("), "[]"), ")")
		case strings.HasPrefix(d, "{ [key: string]: ") && strings.HasSuffix(d, " }"):
			d = strings.TrimSuffix(strings.TrimPrefix(d, "{ [key: string]: "), " }")
		default:
			return strings.TrimSuffix(d, " | null") == "unknown"
		}
	}
}

// goUntyped: a Go type that is any, or a slice or map of untyped items (through OptNil).
func goUntyped(decl string) bool {
	d := strings.TrimPrefix(decl, "= ")
	for {
		switch {
		case strings.HasPrefix(d, "*"):
			d = d[1:]
		case strings.HasPrefix(d, "[]"):
			d = d[2:]
		case strings.HasPrefix(d, "map[string]"):
			d = d[len("map[string]"):]
		case strings.HasPrefix(d, "OptNil[") && strings.HasSuffix(d, "]"):
			d = d[len("OptNil[") : len(d)-1]
		default:
			return d == "any"
		}
	}
}

// corpusCheck is added to every generated arbitraries package of the corpus: for every named
// type, values drawn from its arbitrary pass ParseT after json.Marshal and come back equal.
const corpusCheck = `package arbitrary

import (
	"encoding/json"
	"fmt"
	"reflect"

	"pgregory.net/rapid"
)

func example[T any](g *rapid.Generator[T], seed int) (v T, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%%v", r)
		}
	}()
	return g.Example(seed), nil
}

// Check draws n values of every type, checks them and returns every failure.
func Check(n int) []string {
	var out []string
	%s
	return out
}

func check[T any](name string, g *rapid.Generator[T], n int, parse func(string, []byte) (any, error)) []string {
	for seed := 0; seed < n; seed++ {
		v, err := example(g, seed)
		if err != nil {
			return []string{fmt.Sprintf("no value: %%s: %%v", name, err)}
		}
		data, err := json.Marshal(v)
		if err != nil {
			return []string{fmt.Sprintf("%%s seed %%d: json.Marshal: %%v", name, seed, err)}
		}
		back, err := parse(name, data)
		if err != nil {
			return []string{fmt.Sprintf("%%s seed %%d: %%s: Parse: %%v", name, seed, data, err)}
		}
		if !reflect.DeepEqual(any(v), back) {
			return []string{fmt.Sprintf("%%s seed %%d: %%s: parsed back to %%#v, drawn %%#v", name, seed, data, back, v)}
		}
	}
	return nil
}
`

// TestCorpusGenerated (with SKILLGEN_CORPUS_BUILD=1: a minute with a warm build cache, up to ten
// without) generates the Go package and its
// arbitraries for every corpus schema, vets and builds them, draws values of every named type
// from the arbitraries (they must pass Validate, and ParseT after json.Marshal must give them
// back), and type-checks the TypeScript packages with tsc --strict.
func TestCorpusGenerated(t *testing.T) {
	if os.Getenv("SKILLGEN_CORPUS_BUILD") == "" {
		t.Skip("SKILLGEN_CORPUS_BUILD=1 (make corpus-typed) builds every corpus schema's generated code: minutes without a build cache")
	}
	schemas := corpusSchemas(t)
	tmp := t.TempDir()
	if d := os.Getenv("SKILLGEN_CORPUS_OUT"); d != "" {
		// Keep the generated module (for looking into a failure).
		tmp = d
	}
	write := func(rel, data string) {
		p := filepath.Join(tmp, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	gomod, err := os.ReadFile(filepath.Join(repoRootPath, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	rapidReq := regexp.MustCompile(`(?m)^\s*pgregory\.net/rapid v\S+`).Find(gomod)
	gosum, _ := os.ReadFile(filepath.Join(repoRootPath, "go.sum"))
	write("go/go.mod", "module corpusgen\n\ngo 1.26\n\nrequire "+strings.TrimSpace(string(rapidReq))+"\n")
	write("go/go.sum", string(gosum))
	var imports, calls strings.Builder
	var tsDirs []string
	for i, c := range schemas {
		pkg := fmt.Sprintf("s%d", i)
		outs, err := generator.Emit(c.Schema, generator.Options{GoOut: pkg, GoPackage: pkg, GoImportPath: "corpusgen/" + pkg, TSOut: "ts/" + pkg, TSPackage: pkg})
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		for _, o := range outs {
			if strings.HasPrefix(o.Path, "ts/") {
				if strings.Contains(o.Path, "/src/") || strings.HasSuffix(o.Path, "tsconfig.json") {
					write(o.Path, string(o.Data))
				}
				continue
			}
			write("go/"+o.Path, string(o.Data))
		}
		tsDirs = append(tsDirs, "ts/"+pkg)
		var checks strings.Builder
		for _, tp := range c.Schema.Types {
			fmt.Fprintf(&checks, "out = append(out, check(%q, %s(), n, %s.Parse)...)\n\t", tp.GoName, tp.GoName, pkg)
		}
		src := fmt.Sprintf(corpusCheck, checks.String())
		src = strings.Replace(src, "\t\"pgregory.net/rapid\"\n", "\t\"pgregory.net/rapid\"\n\n\t"+pkg+" \"corpusgen/"+pkg+"\"\n", 1)
		write("go/"+pkg+"/arbitrary/corpus_check.go", src)
		fmt.Fprintf(&imports, "\t%s \"corpusgen/%s/arbitrary\"\n", pkg, pkg)
		fmt.Fprintf(&calls, "\tfor _, f := range %s.Check(n) {\n\t\tfmt.Printf(\"%%s: %%s\\n\", %q, f)\n\t\tfailed = failed || !strings.HasPrefix(f, \"no value: \")\n\t}\n", pkg, c.Name)
	}
	write("go/main.go", "package main\n\nimport (\n\t\"fmt\"\n\t\"os\"\n\t\"strings\"\n\n"+imports.String()+")\n\nfunc main() {\n\tn := 20\n\tfailed := false\n"+calls.String()+"\tif failed {\n\t\tos.Exit(1)\n\t}\n}\n")

	run := func(dir string, name string, args ...string) []byte {
		t.Helper()
		start := time.Now()
		cmd := exec.Command(name, args...)
		cmd.Dir = filepath.Join(tmp, dir)
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off", "GOPROXY=off")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, truncateOutput(out))
		}
		t.Logf("%s %s: %v", name, args[0], time.Since(start).Round(time.Millisecond))
		return out
	}
	run("go", "go", "vet", "./...")
	types := 0
	for _, c := range schemas {
		types += len(c.Schema.Types)
	}
	// A schema whose values the arbitraries cannot find (if/then over undeclared members, for
	// example) is listed; a value found that does not survive ParseT is a failure.
	out := run("go", "go", "run", ".")
	none := strings.Count(string(out), ": no value: ")
	t.Logf("%d named types of %d schemas: %d with values drawn, checked and round-tripped (20 each), %d without a value found:\n%s",
		types, len(schemas), types-none, none, out)

	tsc := filepath.Join(repoRootPath, "tsconformance", "node_modules", "typescript", "bin", "tsc")
	if _, err := os.Stat(tsc); err != nil {
		t.Logf("TypeScript not checked: %s is missing (cd tsconformance && npm ci)", tsc)
		return
	}
	var includes []string
	for _, d := range tsDirs {
		includes = append(includes, `"`+strings.TrimPrefix(d, "ts/")+`/src"`)
	}
	fc, _ := filepath.Abs(filepath.Join(repoRootPath, "tsconformance", "node_modules", "fast-check"))
	data, _ := json.Marshal(fc + "/lib/fast-check.d.ts")
	write("ts/tsconfig.json", `{"compilerOptions": {"target": "ES2022", "lib": ["ES2022"], "module": "NodeNext", "moduleResolution": "NodeNext",
  "strict": true, "exactOptionalPropertyTypes": true, "noUncheckedIndexedAccess": true, "noEmit": true, "skipLibCheck": true, "types": [],
  "paths": {"fast-check": [`+string(data)+`]}}, "include": [`+strings.Join(includes, ", ")+`]}`)
	node, err := exec.LookPath("node")
	if err != nil {
		t.Logf("TypeScript not checked: no node")
		return
	}
	abs, _ := filepath.Abs(tsc)
	run("ts", node, abs, "-p", ".")
}

func truncateOutput(b []byte) []byte {
	if len(b) > 6000 {
		return append(b[:6000:6000], "…"...)
	}
	return b
}
