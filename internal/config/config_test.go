package config

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestParseReadsEverySetting(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "vendor", "x"), "")
	cfgPath := filepath.Join(dir, "skillgen.json")
	f, err := Parse(cfgPath, []byte(`{
  "$schema": "config/skillgen.schema.json",
  "version": 1,
  "schema": "schema",
  "draft": "draft-07",
  "ref-maps": [{"prefix": "https://example.com/s/", "dir": "vendor"}],
  "allow-unsupported": true,
  "strict": false,
  "assert-format": true,
  "go": {"out": "gen/go", "package": "pets", "import": "example.com/m/gen/go", "arbitraries": true},
  "ts": {"out": "gen/ts", "package": "@acme/pets", "version": "1.2.3", "license": "Apache-2.0", "arbitraries": false},
  "overrides": {
    "schema/pet.json#/properties/born": {"x-go-type": "time.Time", "x-go-type-import": "time", "tsType": "Date"},
    "schema/pet.json#/$defs/Kind": {"x-go-name": "Species", "x-enum-varnames": ["Cat", "Dog"], "tsEnumNames": ["Cat", "Dog"]}
  }
}`))
	if err != nil {
		t.Fatal(err)
	}
	if *f.Schema != "schema" || f.Resolve(*f.Schema) != filepath.Join(dir, "schema") || *f.Draft != "draft-07" ||
		len(f.RefMaps) != 1 || f.RefMaps[0].Prefix != "https://example.com/s/" || !*f.AllowUnsupported || *f.Strict || !*f.AssertFormat {
		t.Errorf("top-level settings: %+v", f.Config)
	}
	if f.Go.Out != "gen/go" || *f.Go.Package != "pets" || *f.Go.Import != "example.com/m/gen/go" || !*f.Go.Arbitraries {
		t.Errorf("go: %+v", *f.Go)
	}
	if f.Ts.Out != "gen/ts" || *f.Ts.Package != "@acme/pets" || *f.Ts.Version != "1.2.3" || *f.Ts.License != "Apache-2.0" || *f.Ts.Arbitraries {
		t.Errorf("ts: %+v", *f.Ts)
	}
	if len(f.Overrides) != 2 {
		t.Fatalf("overrides: %+v", f.Overrides)
	}
	// In the order of their locations, each keyword in the schema's order.
	o := f.Overrides[0]
	if o.File != "schema/pet.json" || o.Pointer != "/$defs/Kind" || o.Base != dir || len(o.Keywords) != 3 ||
		o.Keywords[0].Key != "x-go-name" || o.Keywords[1].Key != "x-enum-varnames" || len(o.Keywords[1].Value.Arr) != 2 || o.Keywords[2].Key != "tsEnumNames" {
		t.Errorf("first override: %+v", o)
	}
	if o := f.Overrides[1]; o.Pointer != "/properties/born" || o.Keywords[0].Key != "x-go-type" || o.Keywords[0].Value.Str != "time.Time" || o.Keywords[2].Key != "tsType" {
		t.Errorf("second override: %+v", o)
	}
}

// TestErrorsNameFileLineAndPointer: every mistake, of the schema's rules or of the checks beyond
// them, is reported with the file, the line and the pointer of the value, and the reason.
func TestErrorsNameFileLineAndPointer(t *testing.T) {
	for _, c := range []struct {
		name, text string
		want       []string
	}{
		{"unknown key", "{\n  \"schema\": \"s.json\",\n  \"go-out\": \"x\"\n}", []string{`cfg.json:3: #/go-out: property "go-out" is not allowed`}},
		{"unknown key in go", "{\"go\": {\n\"out\": \"x\",\n\"pkg\": \"p\"}}", []string{`cfg.json:3: #/go/pkg: property "pkg" is not allowed`}},
		{"unknown override keyword", "{\"overrides\": {\n\"a.json#/x\": {\"x-go-tipe\": \"T\"}}}", []string{`cfg.json:2: #/overrides/a.json#~1x/x-go-tipe: property "x-go-tipe" is not allowed`}},
		{"missing out", "{\n\"ts\": {\"package\": \"p\"}}", []string{`cfg.json:2: #/ts/out: missing required property "out"`}},
		{"type", "{\"strict\": \"yes\"}", []string{`cfg.json:1: #/strict: expected boolean, got string`}},
		{"draft", "{\n\n\"draft\": \"draft-08\"}", []string{`cfg.json:3: #/draft: must be one of`}},
		{"version", "{\"version\": 2}", []string{`cfg.json:1: #/version:`}},
		{"two at once", "{\n\"go\": {\"out\": 1},\n\"ts\": {\"out\": \"t\", \"license\": true}}", []string{`cfg.json:2: #/go/out: expected string`, `cfg.json:3: #/ts/license: expected string`}},
		{"go package", "{\"go\": {\n\"out\": \".\",\n\"package\": \"type\"}}", []string{`cfg.json:3: #/go/package: "type": a Go keyword`}},
		{"go import", "{\"go\": {\"out\": \".\", \"import\": \"a b\"}}", []string{`cfg.json:1: #/go/import: "a b": ' ' cannot appear in an import path`}},
		{"npm name", "{\"ts\": {\"out\": \".\",\n \"package\": \"fs\"}}", []string{`cfg.json:2: #/ts/package: "fs": the name of a Node.js core module`}},
		{"semver", "{\"ts\": {\"out\": \".\", \"version\": \"v1\"}}", []string{`cfg.json:1: #/ts/version: "v1": write the version without "v"`}},
		{"licence", "{\"ts\": {\"out\": \".\", \"license\": \"MIT OR\"}}", []string{`cfg.json:1: #/ts/license: "MIT OR": not an SPDX license expression`}},
		{"ref-map folder", "{\"ref-maps\": [\n{\"prefix\": \"https://e.com/\", \"dir\": \"nowhere\"}]}", []string{`cfg.json:2: #/ref-maps/0/dir: "nowhere": ` + filepath.Join("d", "nowhere") + " is not a folder"}},
		{"ref-map prefix", "{\"ref-maps\": [{\"prefix\": \"file:///x\", \"dir\": \".\"}]}", []string{`cfg.json:1: #/ref-maps/0/prefix: must match the pattern`}},
		{"override location", "{\"overrides\": {\"pet.json\": {\"x-go-name\": \"P\"}}}", []string{`cfg.json:1: #/overrides/pet.json: property name "pet.json" is not allowed: a location is a schema file, # and a JSON Pointer, such as schema/pet.json#/$defs/Pet`}},
		{"override pointer", "{\"overrides\": {\"pet.json#x\": {\"x-go-name\": \"P\"}}}", []string{`cfg.json:1: #/overrides/pet.json#x: property name "pet.json#x" is not allowed: a location is a schema file, # and a JSON Pointer`}},
		{"override empty", "{\"overrides\": {\"pet.json#\": {}}}", []string{`cfg.json:1: #/overrides/pet.json#: must have at least 1 properties`}},
		{"x-go-name", "{\"overrides\": {\"pet.json#\": {\"x-go-name\": \"no-dash\"}}}", []string{`cfg.json:1: #/overrides/pet.json#/x-go-name: must match the pattern`}},
		{"x-go-type-import", "{\"overrides\": {\"pet.json#\": {\"x-go-type\": \"t.T\",\n\"x-go-type-import\": {\"name\": \"t\"}}}}", []string{`cfg.json:2: #/overrides/pet.json#/x-go-type-import`}},
		{"not an object", "[]", []string{`cfg.json:1: expected object, got array`}},
		{"syntax", "{\n\"go\": {\"out\": \"x\",}\n}", []string{`cfg.json: not valid JSON: line 2, column`}},
		{"duplicate", "{\"go\": {\"out\": \"x\",\n\"out\": \"y\"}}", []string{`cfg.json: not valid JSON: line 2, column 6: duplicate key "out"`}},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse(filepath.Join("d", "cfg.json"), []byte(c.text))
			if err == nil {
				t.Fatal("accepted")
			}
			got := strings.Split(err.Error(), "\n")
			if len(got) != len(c.want) {
				t.Fatalf("%d errors, want %d:\n%s", len(got), len(c.want), err)
			}
			for i, w := range c.want {
				if !strings.HasPrefix(got[i], filepath.Join("d", w)) {
					t.Errorf("error %d:\n%s\nwant it to start with\n%s", i, got[i], filepath.Join("d", w))
				}
			}
			var e *Error
			if !errors.As(err, &e) || e.File != filepath.Join("d", "cfg.json") {
				t.Errorf("errors.As finds no *Error naming the file: %#v", err)
			}
		})
	}
}

// TestUnknownKeySuggestions: an unknown key is named with the key meant, when one is close, and
// a flag's name written as a key with where it goes.
func TestUnknownKeySuggestions(t *testing.T) {
	for text, want := range map[string]string{
		`{"go": {"out": ".", "pakage": "p"}}`:                  `#/go/pakage: property "pakage" is not allowed: did you mean "package"?`,
		`{"ts": {"out": ".", "licence": "MIT"}}`:               `#/ts/licence: property "licence" is not allowed: did you mean "license"?`,
		`{"shcema": "s"}`:                                      `#/shcema: property "shcema" is not allowed: did you mean "schema"?`,
		`{"go-out": "x"}`:                                      `#/go-out: property "go-out" is not allowed: write -go-out as out under go`,
		`{"ts-version": "1.0.0"}`:                              `#/ts-version: property "ts-version" is not allowed: write -ts-version as version under ts`,
		`{"override": {}}`:                                     `#/override: property "override" is not allowed: did you mean "overrides"?`,
		`{"ref-maps": [{"prefix": "https://e/", "dri": "."}]}`: `#/ref-maps/0/dri: property "dri" is not allowed: did you mean "dir"?`,
		`{"overrides": {"a#": {"x-go-nam": "A"}}}`:             `#/overrides/a#/x-go-nam: property "x-go-nam" is not allowed: did you mean "x-go-name"?`,
		`{"go": {"out": ".", "zzzzzz": 1}}`:                    `#/go/zzzzzz: property "zzzzzz" is not allowed`,
		`{"go-import-path": 1}`:                                `#/go-import-path: property "go-import-path" is not allowed`,
	} {
		_, err := Parse("c.json", []byte(text))
		if err == nil || !slices.Contains(strings.Split(err.Error(), "\n"), "c.json:1: "+want) {
			t.Errorf("%s:\n%v\nwant\nc.json:1: %s", text, err, want)
		}
	}
}

func TestFind(t *testing.T) {
	dir := t.TempDir()
	if p, err := Find(dir); p != "" || err != nil {
		t.Fatalf("empty folder: %q, %v", p, err)
	}
	// A configuration in a parent folder is not looked at.
	writeFile(t, filepath.Join(dir, "skillgen.json"), "{}")
	if p, err := Find(filepath.Join(dir, "sub")); p != "" || err != nil {
		t.Fatalf("sub folder: %q, %v", p, err)
	}
	if p, err := Find(dir); p != filepath.Join(dir, "skillgen.json") || err != nil {
		t.Fatalf("one file: %q, %v", p, err)
	}
	writeFile(t, filepath.Join(dir, "skillgen.yaml"), "{}")
	if _, err := Find(dir); err == nil || !strings.Contains(err.Error(), "skillgen.yaml and "+filepath.Join(dir, "skillgen.json")) {
		t.Fatalf("two files: %v", err)
	}
}

func TestJSONLine(t *testing.T) {
	data := []byte("{\n  \"a\": 1,\n  \"b\": {\n    \"c\": [\n      10,\n      {\"d~/\": true}\n    ]\n  },\n  \"e\":\n    \"x\"\n}")
	for ptr, want := range map[string]int{"": 1, "/a": 2, "/b": 3, "/b/c": 4, "/b/c/0": 5, "/b/c/1": 6, "/b/c/1/d~0~1": 6, "/e": 10, "/z": 0, "/b/c/2": 0, "/a/x": 0} {
		if got := jsonLine(data, ptr); got != want {
			t.Errorf("jsonLine(%q) = %d, want %d", ptr, got, want)
		}
	}
}

// TestYAML: a YAML configuration reads as its JSON form, and its mistakes name the YAML lines.
func TestYAML(t *testing.T) {
	f, err := Parse("skillgen.yaml", []byte(`# yaml-language-server: $schema=config/skillgen.schema.json
schema: schema
draft: 2020-12
go:
  out: gen/go
  package: skill
  arbitraries: true
ts:
  out: gen/ts
  package: "@skillgen/skill-protocol"
  version: 1.0.0
overrides:
  "schema/pet.json#/$defs/Kind":
    x-enum-varnames: [Cat, Dog]
`))
	if err != nil {
		t.Fatal(err)
	}
	if *f.Schema != "schema" || *f.Draft != "2020-12" || f.Go.Out != "gen/go" || *f.Go.Package != "skill" || !*f.Go.Arbitraries ||
		*f.Ts.Package != "@skillgen/skill-protocol" || *f.Ts.Version != "1.0.0" || len(f.Overrides) != 1 || len(f.Overrides[0].Keywords[0].Value.Arr) != 2 {
		t.Errorf("%+v", f.Config)
	}
	for _, c := range []struct{ text, want string }{
		{"schema: s.json\ngo:\n  out: x\n  packge: p\n", "skillgen.yaml:4: #/go/packge: property \"packge\" is not allowed"},
		{"go:\n  package: p\n", "skillgen.yaml:1: #/go/out: missing required property \"out\""},
		{"ts:\n  out: t\n  version: 1.0\n", "skillgen.yaml:3: #/ts/version: expected string, got integer"},
		{"ref-maps:\n  - prefix: https://e.com/\n    dir: .\n  - prefix: x\n    dir: .\n", "skillgen.yaml:4: #/ref-maps/1/prefix: must match the pattern"},
		{"go:\n  out: x\n  package: func\n", "skillgen.yaml:3: #/go/package: \"func\": a Go keyword"},
		{"base: &b\n  out: x\ngo:\n  <<: *b\n", "skillgen.yaml:4:"},
		{"go: [\n", "skillgen.yaml:"},
		{"go:\n  out: x\n  out: y\n", "skillgen.yaml:3:"},
	} {
		_, err := Parse("skillgen.yaml", []byte(c.text))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: %v\nwant it to start with %s", c.text, err, c.want)
		}
	}
}
