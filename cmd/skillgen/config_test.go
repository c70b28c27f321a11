package main

import (
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/skillgen/skillgen/internal/config/gen"
)

// TestConfigFileAndFlags: the configuration file in the current folder sets what no flag
// sets; a flag given wins; -config names another file, whose paths are relative to its folder;
// -config "" reads none.
func TestConfigFileAndFlags(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "schema", "pet.json"), smallSchema)
	writeFile(t, filepath.Join(dir, "skillgen.json"), `{
  "schema": "schema",
  "go": {"out": "out/go", "package": "pets", "import": "example.com/m/out/go", "arbitraries": true},
  "ts": {"out": "out/ts", "package": "@acme/pets", "version": "2.0.0", "license": "Apache-2.0", "arbitraries": false}
}`)
	if code, _, stderr := runCLI(t, dir); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	files := snapshot(t, filepath.Join(dir, "out"))
	if !strings.Contains(files["go/types.go"], "package pets\n") || !strings.Contains(files["go/arbitrary/arbitrary.go"], `"example.com/m/out/go"`) {
		t.Errorf("Go output: %v", keys(files))
	}
	pkg := files["ts/package.json"]
	if !strings.Contains(pkg, `"name": "@acme/pets"`) || !strings.Contains(pkg, `"version": "2.0.0"`) || !strings.Contains(pkg, `"license": "Apache-2.0"`) {
		t.Errorf("package.json:\n%s", pkg)
	}
	if _, ok := files["ts/src/arbitraries.ts"]; ok {
		t.Error("ts.arbitraries false, yet src/arbitraries.ts was written")
	}
	// Flags win: the package name, the version, the arbitraries of both languages.
	if code, _, stderr := runCLI(t, dir, "-go-package", "animals", "-ts-version", "3.0.0", "-arbitraries=false"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	files = snapshot(t, filepath.Join(dir, "out"))
	if !strings.Contains(files["go/types.go"], "package animals\n") || !strings.Contains(files["ts/package.json"], `"version": "3.0.0"`) || !strings.Contains(files["ts/package.json"], `"name": "@acme/pets"`) {
		t.Errorf("flags did not win: %s", files["ts/package.json"])
	}
	if _, ok := files["go/arbitrary/arbitrary.go"]; ok {
		t.Error("-arbitraries=false, yet the Go arbitraries are still there")
	}
	if code, _, stderr := runCLI(t, dir, "-ts-arbitraries", "-go-package", "animals", "-ts-version", "3.0.0"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	files = snapshot(t, filepath.Join(dir, "out"))
	if _, ok := files["ts/src/arbitraries.ts"]; !ok {
		t.Error("-ts-arbitraries did not win over ts.arbitraries false")
	}
	if _, ok := files["go/arbitrary/arbitrary.go"]; !ok {
		t.Error("go.arbitraries true lost to -ts-arbitraries")
	}
	// -ts-out "" skips the file's TypeScript output; -check agrees with what is there.
	if code, stdout, stderr := runCLI(t, dir, "-ts-out", "", "-go-package", "animals", "-check"); code != 0 || stdout != "" {
		t.Errorf("-check: exit %d\n%s%s", code, stdout, stderr)
	}

	// -config from another folder: the file's paths are relative to it.
	sub := filepath.Join(dir, "sub")
	writeFile(t, filepath.Join(sub, "keep"), "")
	code, _, stderr := runCLI(t, sub, "-config", "../skillgen.json", "-go-package", "animals", "-ts-arbitraries", "-ts-version", "3.0.0", "-check")
	if code != 0 {
		t.Errorf("-config ../skillgen.json -check: exit %d: %s", code, stderr)
	}
	// -config "" reads none: the neutral defaults, Go into the current folder.
	code, _, stderr = runCLI(t, sub, "-config", "", "-schema", "../schema/pet.json", "-go-import", "")
	if code != 0 || !strings.Contains(snapshot(t, sub)["types.go"], "package sub\n") {
		t.Errorf("-config \"\": exit %d: %s %v", code, stderr, keys(snapshot(t, sub)))
	}
	if _, err := os.Stat(filepath.Join(sub, "package.json")); !os.IsNotExist(err) {
		t.Error("TypeScript written without being asked for")
	}
}

// TestConfigLanguages: a language the file does not name is generated only when its -…-out flag
// is given.
func TestConfigLanguages(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "pet.json"), smallSchema)
	writeFile(t, filepath.Join(dir, "skillgen.json"), `{"schema": "pet.json", "ts": {"out": "web"}}`)
	if code, _, stderr := runCLI(t, dir); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	files := snapshot(t, dir)
	if _, ok := files["types.go"]; ok {
		t.Error("Go written though the file names TypeScript only")
	}
	if !strings.Contains(files["web/package.json"], `"name": "web"`) {
		t.Errorf("web/package.json:\n%s", files["web/package.json"])
	}
	if code, _, stderr := runCLI(t, dir, "-go-out", "api", "-go-import", ""); code != 0 || !strings.Contains(snapshot(t, dir)["api/types.go"], "package api\n") {
		t.Fatalf("-go-out api: exit %d: %s", code, stderr)
	}
}

// TestConfigErrors: a configuration file with mistakes is exit 2, every mistake on its own line
// naming the file, the line and the pointer, before anything is read or written.
func TestConfigErrors(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "skillgen.json"), "{\n  \"schema\": \"missing.json\",\n  \"go\": {\"out\": \"out\", \"packge\": \"pets\"},\n  \"ts\": {\"out\": \"ts\", \"version\": \"1.0\"}\n}")
	code, stdout, stderr := runCLI(t, dir)
	want := "skillgen: skillgen.json:3: #/go/packge: property \"packge\" is not allowed: did you mean \"package\"?\n"
	if code != 2 || stdout != "" || stderr != want {
		t.Errorf("exit %d, stderr:\n%s\nwant:\n%s", code, stderr, want)
	}
	writeFile(t, filepath.Join(dir, "skillgen.json"), "{\n  \"schema\": \"missing.json\",\n  \"go\": {\"out\": \"out\", \"package\": \"main\"},\n  \"ts\": {\"out\": \"ts\", \"version\": \"1.0\"}\n}")
	code, _, stderr = runCLI(t, dir)
	want = "skillgen: skillgen.json:3: #/go/package: \"main\": package main is a command, which nothing can import; the generated package is imported by your code\n" +
		"skillgen: skillgen.json:4: #/ts/version: \"1.0\": not a semantic version MAJOR.MINOR.PATCH[-PRERELEASE][+BUILD] (semver.org)\n"
	if code != 2 || stderr != want {
		t.Errorf("exit %d, stderr:\n%s\nwant:\n%s", code, stderr, want)
	}
	// A flag does not excuse the file's mistakes.
	if code, _, _ := runCLI(t, dir, "-go-package", "pets", "-ts-version", "1.0.0"); code != 2 {
		t.Errorf("exit %d with flags over the mistakes", code)
	}
	code, _, stderr = runCLI(t, dir, "-config", "nowhere.json")
	if code != 2 || !strings.Contains(stderr, "nowhere.json") {
		t.Errorf("-config nowhere.json: exit %d, %s", code, stderr)
	}
	writeFile(t, filepath.Join(dir, "skillgen.yaml"), "go:\n  out: x\n")
	code, _, stderr = runCLI(t, dir)
	if code != 2 || !strings.Contains(stderr, "skillgen.yaml and skillgen.json are both configuration files") {
		t.Errorf("two files: exit %d, %s", code, stderr)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("a refused configuration wrote %v", entries)
	}
}

// TestConfigOverrides: overrides of the file and of -override reach generation; a location
// that is not in the schema is exit 1 naming the file, the line and the location, and nothing
// is written.
func TestConfigOverrides(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "schema", "pet.json"), smallSchema)
	writeFile(t, filepath.Join(dir, "skillgen.json"), `{
  "schema": "schema",
  "go": {"out": "out"},
  "overrides": {
    "schema/pet.json#/properties/name": {"x-go-name": "Label"},
    "schema/pet.json#/properties/nickname": {"x-go-name": "Nick"}
  }
}`)
	code, _, stderr := runCLI(t, dir)
	want := "skillgen: skillgen.json:6: #/overrides/schema~1pet.json#~1properties~1nickname: schema/pet.json#/properties/nickname: schema/pet.json has nothing at /properties/nickname\n"
	if code != 1 || stderr != want {
		t.Errorf("exit %d, stderr:\n%s\nwant:\n%s", code, stderr, want)
	}
	if _, err := os.Stat(filepath.Join(dir, "out")); !os.IsNotExist(err) {
		t.Error("output written despite the bad override")
	}
	// -override for the same location replaces the file's entry.
	code, _, stderr = runCLI(t, dir, "-override", `schema/pet.json#/properties/nickname={"x-go-name": "Nick"}`)
	if code != 1 || !strings.Contains(stderr, "-override schema/pet.json#/properties/nickname: schema/pet.json has nothing at /properties/nickname") {
		t.Errorf("-override: exit %d, %s", code, stderr)
	}
	code, _, stderr = runCLI(t, dir, "-override", `schema/pet.json#/properties/nickname=`)
	if code != 2 || !strings.Contains(stderr, `want LOCATION={"keyword": value, …}`) {
		t.Errorf("-override without keywords: exit %d, %s", code, stderr)
	}
	writeFile(t, filepath.Join(dir, "skillgen.json"), `{"schema": "schema", "go": {"out": "out"}, "overrides": {"schema/pet.json#/properties/name": {"x-go-name": "Label"}}}`)
	if code, _, stderr := runCLI(t, dir, "-override", `schema/pet.json#/properties/age={"x-go-name": "Years"}`); code != 0 {
		t.Errorf("exit %d: %s", code, stderr)
	}
}

// TestNeutralDefaults: with no configuration file and no output flags, Go goes into the current
// folder, its package named by the Go files already there, else by the folder (made a Go
// identifier), and no TypeScript is written; -ts-out names the npm package after its folder.
func TestNeutralDefaults(t *testing.T) {
	root := t.TempDir()
	schema := filepath.Join(root, "pet.json")
	writeFile(t, schema, smallSchema)
	for _, c := range []struct{ folder, existing, want string }{
		{"my-api.v2", "", "myapiv2"},
		{"2024", "", "pkg2024"},
		{"type", "", "typepkg"},
		{"Models", "", "models"},
		{"anything", "// Package pets is mine.\npackage pets\n", "pets"},
		// go build's view: test files and files its build constraints exclude do not count.
		{"mixed", "//go:build tools\n\npackage tools\n", "mixed"},
	} {
		dir := filepath.Join(root, c.folder)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if c.existing != "" {
			writeFile(t, filepath.Join(dir, "doc.go"), c.existing)
			writeFile(t, filepath.Join(dir, "doc_test.go"), "package "+c.want+"_test\n")
		}
		code, _, stderr := runCLI(t, dir, "-schema", schema, "-go-import", "")
		if code != 0 {
			t.Errorf("%s: exit %d: %s", c.folder, code, stderr)
			continue
		}
		files := snapshot(t, dir)
		if !strings.Contains(files["types.go"], "package "+c.want+"\n") {
			t.Errorf("%s: types.go is not package %s:\n%.200s", c.folder, c.want, files["types.go"])
		}
		if _, ok := files["package.json"]; ok {
			t.Errorf("%s: TypeScript written without -ts-out", c.folder)
		}
	}
	// package main, and two packages, cannot be the generated package: exit 2, nothing written.
	for _, c := range []struct {
		files map[string]string
		want  string
	}{
		{map[string]string{"main.go": "package main\n"}, "are package main, a command"},
		{map[string]string{"a.go": "package a\n", "b.go": "package b\n"}, "are of packages a (a.go) and b (b.go): pass -go-package"},
	} {
		dir := t.TempDir()
		for name, text := range c.files {
			writeFile(t, filepath.Join(dir, name), text)
		}
		code, _, stderr := runCLI(t, dir, "-schema", schema)
		if code != 2 || !strings.Contains(stderr, c.want) || len(snapshot(t, dir)) != len(c.files) {
			t.Errorf("%v: exit %d, %s", keys(c.files), code, stderr)
		}
	}
	// -ts-out alone names the only output: TypeScript, no Go.
	dir := filepath.Join(root, "Web Client")
	writeFile(t, filepath.Join(dir, "keep"), "")
	if code, _, stderr := runCLI(t, dir, "-schema", schema, "-ts-out", "."); code != 0 {
		t.Fatalf("-ts-out .: exit %d: %s", code, stderr)
	}
	files := snapshot(t, dir)
	if pkg := files["package.json"]; !strings.Contains(pkg, `"name": "web-client"`) {
		t.Errorf("package.json:\n%s", pkg)
	}
	if _, ok := files["types.go"]; ok {
		t.Error("-ts-out alone also wrote Go")
	}
	for in, want := range map[string]string{"gen/ts": "ts", "_private": "private", "http": "http-types", "@@@": "skillgen-types", "A.B_c": "a.b_c"} {
		if got := npmPackageOf(in); got != want {
			t.Errorf("npmPackageOf(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestRepositoryConfigRegeneratesGen: this repository's own configuration files (what make
// generate and make check run) produce gen/ and internal/config/gen as they are checked in.
func TestRepositoryConfigRegeneratesGen(t *testing.T) {
	for _, args := range [][]string{{"-check"}, {"-check", "-config", "internal/config/skillgen.yaml"}} {
		code, stdout, stderr := runCLI(t, "../..", args...)
		if code != 0 || stdout != "" {
			t.Errorf("%v: exit %d\n%.2000s\n%s", args, code, stdout, stderr)
		}
	}
}

func keys(m map[string]string) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}

// TestConfigSchemaSettings: the file's settings about reading the schema (ref-maps relative to
// the file's folder, draft, strict, allow-unsupported, assert-format) reach generation, and
// -ref-map flags replace the file's ref-maps.
func TestConfigSchemaSettings(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "api", "schema", "order.json"), `{
  "title": "Order",
  "type": "object",
  "properties": {
    "price": {"$ref": "https://schemas.example.com/common/money.json"},
    "at": {"type": "string", "format": "date-time"},
    "note": {"type": "string", "maxLenght": 3}
  },
  "definitions": {"Unused": {"type": "string"}}
}`)
	writeFile(t, filepath.Join(dir, "api", "vendor", "common", "money.json"), `{"title": "Money", "type": "number", "minimum": 0}`)
	writeFile(t, filepath.Join(dir, "api", "elsewhere", "keep"), "")
	cfg := func(extra string) {
		writeFile(t, filepath.Join(dir, "api", "skillgen.yaml"), "schema: schema/order.json\ndraft: draft-07\nref-maps:\n  - prefix: https://schemas.example.com/\n    dir: vendor\ngo:\n  out: out\n  import: example.com/x/out\n"+extra)
	}
	run := func(args ...string) (int, string) {
		code, _, stderr := runCLI(t, dir, append([]string{"-config", "api/skillgen.yaml"}, args...)...)
		return code, stderr
	}
	// The misspelt keyword is refused, until allow-unsupported.
	cfg("")
	if code, stderr := run(); code != 1 || !strings.Contains(stderr, "api/schema/order.json#/properties/note/maxLenght") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	cfg("allow-unsupported: true\n")
	code, stderr := run()
	if code != 0 || !strings.Contains(stderr, "maxLenght") {
		t.Fatalf("allow-unsupported: exit %d: %s", code, stderr)
	}
	types := snapshot(t, filepath.Join(dir, "api", "out"))["types.go"]
	// draft-07: definitions is read as $defs (a named type); the ref-map answers money.json,
	// from the folder beside the file.
	if !strings.Contains(types, "type Money ") || !strings.Contains(types, "type Unused ") {
		t.Errorf("types.go:\n%s", types)
	}
	// draft-07 asserts format by default; assert-format: false turns it off.
	if !strings.Contains(snapshot(t, filepath.Join(dir, "api", "out"))["validate.go"], "date-time") {
		t.Error("draft-07 and no assert-format: format is not asserted")
	}
	cfg("allow-unsupported: true\nassert-format: false\n")
	if code, stderr := run(); code != 0 || strings.Contains(snapshot(t, filepath.Join(dir, "api", "out"))["validate.go"], "date-time") {
		t.Errorf("assert-format false: exit %d %s", code, stderr)
	}
	// strict makes the warning an error.
	cfg("allow-unsupported: true\nstrict: true\n")
	if code, stderr := run(); code != 1 || !strings.Contains(stderr, "maxLenght") {
		t.Errorf("strict: exit %d: %s", code, stderr)
	}
	// -ref-map replaces the file's ref-maps: the folder it names lacks money.json.
	cfg("allow-unsupported: true\n")
	if code, stderr := run("-ref-map", "https://schemas.example.com/="+filepath.Join("api", "elsewhere")); code != 1 || !strings.Contains(stderr, "money.json") {
		t.Errorf("-ref-map: exit %d: %s", code, stderr)
	}
	// A file naming no output, and no output flag: nothing to generate, said with the file.
	writeFile(t, filepath.Join(dir, "api", "skillgen.yaml"), "schema: schema/order.json\n")
	if code, stderr := run(); code != 2 || !strings.Contains(stderr, "nothing to generate: api/skillgen.yaml has neither go nor ts") {
		t.Errorf("no output: exit %d: %s", code, stderr)
	}
}

// TestEverySettingHasAFlag: every key of the configuration file (the generated types of its
// schema) has the flag of the same meaning: a top-level key its own name (ref-maps and
// overrides in the singular, as the flags are repeated), a key of go or ts the language's
// prefix.
func TestEverySettingHasAFlag(t *testing.T) {
	fl := flag.NewFlagSet("skillgen", flag.ContinueOnError)
	(&config{}).bind(fl)
	keys := func(v any) []string {
		var ks []string
		rt := reflect.TypeOf(v)
		for i := range rt.NumField() {
			name, _, _ := strings.Cut(rt.Field(i).Tag.Get("json"), ",")
			ks = append(ks, name)
		}
		return ks
	}
	n := 0
	for _, k := range keys(gen.Config{}) {
		var flags []string
		switch k {
		case "$schema", "version":
			continue // for editors, and the format's version
		case "go":
			for _, sub := range keys(gen.GoOutput{}) {
				flags = append(flags, "go-"+sub)
			}
		case "ts":
			for _, sub := range keys(gen.TSOutput{}) {
				flags = append(flags, "ts-"+sub)
			}
		default:
			flags = []string{strings.TrimSuffix(k, "s")}
			if fl.Lookup(k) != nil {
				flags = []string{k}
			}
		}
		for _, f := range flags {
			n++
			if fl.Lookup(f) == nil {
				t.Errorf("the configuration's %s has no flag -%s", k, f)
			}
		}
	}
	if n < 15 {
		t.Fatalf("only %d settings found", n)
	}
}
