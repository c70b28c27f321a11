package schema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/skillgen/skillgen/schema/oracle"
)

// idBase is the $id prefix of every schema file; a file's $id is idBase + its path.
const idBase = "https://skillgen.dev/schema/v1/"

// examplesDir holds valid example documents named <TypeName>.json or <TypeName>.<variant>.json.
const examplesDir = "examples"

// ---- loading -----------------------------------------------------------------------------

// schemaFile is one file of FS, decoded.
type schemaFile struct {
	path string         // relative to this folder, e.g. "defs/common.json"
	doc  map[string]any // decoded with jsonschema.UnmarshalJSON (numbers are json.Number)
}

func loadSchemaFiles(t *testing.T) []schemaFile {
	t.Helper()
	docs, err := oracle.Documents(FS)
	if err != nil {
		t.Fatal(err)
	}
	if len(docs) == 0 {
		t.Fatal("schema.FS holds no schema file")
	}
	files := make([]schemaFile, len(docs))
	for i, d := range docs {
		files[i] = schemaFile{path: d.Path, doc: d.Doc}
	}
	return files
}

// topLevelTypes returns the type names of the files at the root of FS (Finding, SkillIndex ...).
func topLevelTypes(files []schemaFile) []string {
	var names []string
	for _, f := range files {
		if !strings.Contains(f.path, "/") {
			names = append(names, strings.TrimSuffix(f.path, ".json"))
		}
	}
	sort.Strings(names)
	return names
}

// compileSchemas compiles every top-level type from FS, each file added under its $id.
func compileSchemas(t *testing.T) map[string]*jsonschema.Schema {
	t.Helper()
	files := loadSchemaFiles(t)
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	vocab, err := oracle.UniqueByVocabulary()
	if err != nil {
		t.Fatal(err)
	}
	c.RegisterVocabulary(vocab)
	c.AssertVocabs()
	for _, f := range files {
		id, _ := f.doc["$id"].(string)
		if id != idBase+f.path {
			t.Fatalf("%s: $id is %q, want %q", f.path, id, idBase+f.path)
		}
		if err := c.AddResource(id, f.doc); err != nil {
			t.Fatalf("%s: %v", f.path, err)
		}
	}
	schemas := map[string]*jsonschema.Schema{}
	for _, name := range topLevelTypes(files) {
		sch, err := c.Compile(idBase + name + ".json")
		if err != nil {
			t.Fatalf("compile %s: %v", name, err)
		}
		schemas[name] = sch
	}
	return schemas
}

// example is one document of examplesDir.
type example struct {
	file     string // relative to examplesDir
	typeName string
	data     []byte
}

func loadExamples(t *testing.T) []example {
	t.Helper()
	var out []example
	err := filepath.WalkDir(examplesDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".json") {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(examplesDir, p)
		base := filepath.Base(p)
		typeName, _, _ := strings.Cut(base, ".")
		out = append(out, example{file: filepath.ToSlash(rel), typeName: typeName, data: data})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func decode(t *testing.T, name string, data []byte) any {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return v
}

// ---- tests -------------------------------------------------------------------------------

func TestExamplesAreValid(t *testing.T) {
	schemas := compileSchemas(t)
	examples := loadExamples(t)
	seen := map[string]int{}
	for _, ex := range examples {
		sch, ok := schemas[ex.typeName]
		if !ok {
			t.Errorf("%s: %q is not a top-level type (want one of %v)", ex.file, ex.typeName, slices.Sorted(maps.Keys(schemas)))
			continue
		}
		seen[ex.typeName]++
		if err := sch.Validate(decode(t, ex.file, ex.data)); err != nil {
			t.Errorf("%s is not a valid %s:\n%v", ex.file, ex.typeName, err)
		}
	}
	for name := range schemas {
		if seen[name] == 0 {
			t.Errorf("no example for top-level type %s (add %s/%s.json)", name, examplesDir, name)
		}
	}
}

// TestExampleCoverage checks that the SkillDescriptor examples exercise every auth variant,
// access value and capability type, and that the required InvocationResponse states appear.
func TestExampleCoverage(t *testing.T) {
	want := map[string][]string{
		"auth.type":       {"api_key", "oauth2", "custom", "none"},
		"access":          {"public", "restricted", "private"},
		"capability_type": {"plugin", "api", "knowledge", "task"},
		"status":          {"succeeded", "failed"},
	}
	got := map[string]map[string]bool{}
	note := func(key, value string) {
		if got[key] == nil {
			got[key] = map[string]bool{}
		}
		got[key][value] = true
	}
	for _, ex := range loadExamples(t) {
		var doc map[string]any
		if err := json.Unmarshal(ex.data, &doc); err != nil {
			t.Fatalf("%s: %v", ex.file, err)
		}
		switch ex.typeName {
		case "SkillDescriptor":
			if auth, ok := doc["auth"].(map[string]any); ok {
				note("auth.type", fmt.Sprint(auth["type"]))
			}
			note("access", fmt.Sprint(doc["access"]))
			note("capability_type", fmt.Sprint(doc["capability_type"]))
		case "InvocationResponse":
			note("status", fmt.Sprint(doc["status"]))
		}
	}
	for key, values := range want {
		for _, v := range values {
			if !got[key][v] {
				t.Errorf("no example has %s = %q", key, v)
			}
		}
	}
}

// TestFindingsResponseExamplesAreConsistent checks the rules of the findings contract that
// JSON Schema cannot express, on the FindingsResponse examples.
func TestFindingsResponseExamplesAreConsistent(t *testing.T) {
	for _, ex := range loadExamples(t) {
		if ex.typeName != "FindingsResponse" {
			continue
		}
		var r struct {
			Findings []struct {
				Kind     string `json:"kind"`
				Severity string `json:"severity"`
			} `json:"findings"`
			Total            int            `json:"total"`
			CountsByKind     map[string]int `json:"counts_by_kind"`
			CountsBySeverity map[string]int `json:"counts_by_severity"`
			CappedKinds      []string       `json:"capped_kinds"`
			PerKindLimit     int            `json:"per_kind_limit"`
		}
		if err := json.Unmarshal(ex.data, &r); err != nil {
			t.Fatalf("%s: %v", ex.file, err)
		}
		byKind, bySeverity := map[string]int{}, map[string]int{}
		for _, f := range r.Findings {
			byKind[f.Kind]++
			bySeverity[f.Severity]++
		}
		if r.Total != len(r.Findings) {
			t.Errorf("%s: total %d, %d findings", ex.file, r.Total, len(r.Findings))
		}
		if !equalCounts(byKind, r.CountsByKind) {
			t.Errorf("%s: counts_by_kind %v, findings give %v", ex.file, r.CountsByKind, byKind)
		}
		if !equalCounts(bySeverity, r.CountsBySeverity) {
			t.Errorf("%s: counts_by_severity %v, findings give %v", ex.file, r.CountsBySeverity, bySeverity)
		}
		for kind, n := range byKind {
			if n > r.PerKindLimit {
				t.Errorf("%s: kind %s has %d findings, above per_kind_limit %d", ex.file, kind, n, r.PerKindLimit)
			}
		}
		for _, kind := range r.CappedKinds {
			// A capped kind returned exactly per_kind_limit findings.
			if byKind[kind] != r.PerKindLimit {
				t.Errorf("%s: capped kind %s returned %d findings, want per_kind_limit %d", ex.file, kind, byKind[kind], r.PerKindLimit)
			}
		}
	}
}

func equalCounts(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// anyPointer in a test case accepts the expected keyword at any instance location.
const anyPointer = "*"

// TestInvalidDocumentsAreRejected mutates valid examples into documents that break one rule
// each and checks that validation fails at the expected place for the expected reason.
func TestInvalidDocumentsAreRejected(t *testing.T) {
	schemas := compileSchemas(t)
	tests := []struct {
		name     string
		typeName string
		example  string // file in examplesDir, the starting point
		mutate   func(doc map[string]any)
		pointer  string // instance location of the expected error, or anyPointer
		keyword  string // its keyword
	}{
		{
			name: "descriptor without auth", typeName: "SkillDescriptor",
			example: "SkillDescriptor.weather-forecast.json",
			mutate:  func(d map[string]any) { delete(d, "auth") },
			pointer: "", keyword: "required",
		},
		{
			name: "descriptor without protocol", typeName: "SkillDescriptor",
			example: "SkillDescriptor.markdown-lint.json",
			mutate:  func(d map[string]any) { delete(d, "protocol") },
			pointer: "", keyword: "required",
		},
		{
			name: "capability_type out of enum", typeName: "SkillDescriptor",
			example: "SkillDescriptor.code-search.json",
			mutate:  func(d map[string]any) { d["capability_type"] = "service" },
			pointer: "/capability_type", keyword: "enum",
		},
		{
			name: "access out of enum", typeName: "SkillDescriptor",
			example: "SkillDescriptor.code-search.json",
			mutate:  func(d map[string]any) { d["access"] = "internal" },
			pointer: "/access", keyword: "enum",
		},
		{
			name: "auth type out of enum", typeName: "SkillDescriptor",
			example: "SkillDescriptor.markdown-lint.json",
			mutate:  func(d map[string]any) { d["auth"] = map[string]any{"type": "basic"} },
			pointer: "/auth", keyword: "oneOf",
		},
		{
			name: "unknown key in a closed auth variant", typeName: "SkillDescriptor",
			example: "SkillDescriptor.weather-forecast.json",
			mutate: func(d map[string]any) {
				d["auth"].(map[string]any)["value"] = "sk_live_123"
			},
			pointer: "/auth", keyword: "oneOf",
		},
		{
			name: "plain http endpoint", typeName: "SkillDescriptor",
			example: "SkillDescriptor.weather-forecast.json",
			mutate: func(d map[string]any) {
				d["endpoint"].(map[string]any)["url"] = "http://api.nimbus-weather.example/v2/skills/forecast"
			},
			pointer: "/endpoint/url", keyword: "pattern",
		},
		{
			name: "duplicate input names", typeName: "SkillDescriptor",
			example: "SkillDescriptor.code-search.json",
			mutate: func(d map[string]any) {
				in := d["inputs"].([]any)
				d["inputs"] = append(in, in[0])
			},
			pointer: "/inputs", keyword: "x-unique-by",
		},
		{
			name: "malformed protocol version 1.2", typeName: "SkillDescriptor",
			example: "SkillDescriptor.ticket-triage.json",
			mutate:  func(d map[string]any) { d["protocol"] = map[string]any{"version": "1.2"} },
			pointer: "/protocol/version", keyword: "pattern",
		},
		{
			name: "malformed version 1.2", typeName: "ProtocolVersion",
			example: "ProtocolVersion.json",
			mutate:  func(d map[string]any) { d["version"] = "1.2" },
			pointer: "/version", keyword: "pattern",
		},
		{
			name: "version with leading zero", typeName: "ProtocolVersion",
			example: "ProtocolVersion.json",
			mutate:  func(d map[string]any) { d["version"] = "1.02.0" },
			pointer: "/version", keyword: "pattern",
		},
		{
			name: "pre-release protocol version", typeName: "ProtocolVersion",
			example: "ProtocolVersion.json",
			mutate:  func(d map[string]any) { d["version"] = "2.0.0-rc.1" },
			pointer: "/version", keyword: "pattern",
		},
		{
			name: "duplicate skill ids in an index", typeName: "SkillIndex",
			example: "SkillIndex.json",
			mutate: func(d map[string]any) {
				skills := d["skills"].([]any)
				dup := map[string]any{}
				for k, v := range skills[1].(map[string]any) {
					dup[k] = v
				}
				dup["id"] = skills[0].(map[string]any)["id"]
				d["skills"] = append(skills, dup)
			},
			pointer: "/skills", keyword: "x-unique-by",
		},
		{
			name: "http descriptor_url", typeName: "SkillIndex",
			example: "SkillIndex.json",
			mutate: func(d map[string]any) {
				d["skills"].([]any)[0].(map[string]any)["descriptor_url"] = "http://gitforge.example/skills/code-search.json"
			},
			pointer: "/skills/0/descriptor_url", keyword: "pattern",
		},
		{
			name: "request without caller type", typeName: "InvocationRequest",
			example: "InvocationRequest.json",
			mutate:  func(d map[string]any) { delete(d["caller"].(map[string]any), "type") },
			pointer: "/caller", keyword: "required",
		},
		{
			name: "request without inputs", typeName: "InvocationRequest",
			example: "InvocationRequest.ticket-triage.json",
			mutate:  func(d map[string]any) { delete(d, "inputs") },
			pointer: "", keyword: "required",
		},
		{
			name: "failed response without error", typeName: "InvocationResponse",
			example: "InvocationResponse.failed.json",
			mutate:  func(d map[string]any) { delete(d, "error") },
			pointer: "", keyword: "required",
		},
		{
			name: "status out of enum", typeName: "InvocationResponse",
			example: "InvocationResponse.succeeded.json",
			mutate:  func(d map[string]any) { d["status"] = "done" },
			pointer: "/status", keyword: "enum",
		},
		{
			name: "completed without started", typeName: "InvocationResponse",
			example: "InvocationResponse.succeeded.json",
			mutate:  func(d map[string]any) { delete(d["timestamps"].(map[string]any), "started") },
			pointer: "/timestamps", keyword: "dependentRequired",
		},
		{
			name: "timestamp without offset", typeName: "InvocationResponse",
			example: "InvocationResponse.accepted.json",
			mutate: func(d map[string]any) {
				d["timestamps"].(map[string]any)["received"] = "2026-05-02T09:02:44"
			},
			pointer: "/timestamps/received", keyword: "pattern",
		},
		{
			name: "finding without severity", typeName: "Finding",
			example: "Finding.json",
			mutate:  func(d map[string]any) { delete(d, "severity") },
			pointer: "", keyword: "required",
		},
		{
			name: "severity out of enum", typeName: "Finding",
			example: "Finding.json",
			mutate:  func(d map[string]any) { d["severity"] = "error" },
			pointer: "/severity", keyword: "enum",
		},
		{
			name: "identity_shared not a boolean", typeName: "FindingsResponse",
			example: "FindingsResponse.json",
			mutate:  func(d map[string]any) { d["identity_shared"] = "yes" },
			pointer: "/identity_shared", keyword: "type",
		},
		{
			name: "empty kind", typeName: "Finding",
			example: "Finding.json",
			mutate:  func(d map[string]any) { d["kind"] = "" },
			pointer: "/kind", keyword: "minLength",
		},
		{
			name: "capped_kinds missing", typeName: "FindingsResponse",
			example: "FindingsResponse.no-summary.json",
			mutate:  func(d map[string]any) { delete(d, "capped_kinds") },
			pointer: "", keyword: "required",
		},
		{
			name: "unknown severity key in counts", typeName: "FindingsResponse",
			example: "FindingsResponse.no-summary.json",
			mutate: func(d map[string]any) {
				d["counts_by_severity"].(map[string]any)["notice"] = json.Number("1")
			},
			// jsonschema/v6 reports propertyNames errors at a sibling's location.
			pointer: anyPointer, keyword: "propertyNames",
		},
		{
			name: "per_kind_limit negative", typeName: "GetSessionFindingsParams",
			example: "GetSessionFindingsParams.json",
			mutate:  func(d map[string]any) { d["per_kind_limit"] = json.Number("-1") },
			pointer: "/per_kind_limit", keyword: "minimum",
		},
		{
			name: "per_kind_limit above 10000", typeName: "GetSessionFindingsParams",
			example: "GetSessionFindingsParams.json",
			mutate:  func(d map[string]any) { d["per_kind_limit"] = json.Number("10001") },
			pointer: "/per_kind_limit", keyword: "maximum",
		},
		{
			name: "misspelt parameter", typeName: "GetSessionFindingsParams",
			example: "GetSessionFindingsParams.defaults.json",
			mutate:  func(d map[string]any) { d["per_kind_limt"] = json.Number("3") },
			pointer: "", keyword: "additionalProperties",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(examplesDir, tc.example))
			if err != nil {
				t.Fatal(err)
			}
			doc := decode(t, tc.example, data).(map[string]any)
			if err := schemas[tc.typeName].Validate(doc); err != nil {
				t.Fatalf("the starting point %s is not valid: %v", tc.example, err)
			}
			tc.mutate(doc)
			err = schemas[tc.typeName].Validate(doc)
			if err == nil {
				t.Fatalf("the mutated %s was accepted", tc.example)
			}
			verr, ok := err.(*jsonschema.ValidationError)
			if !ok {
				t.Fatalf("unexpected error type %T: %v", err, err)
			}
			var got []string
			for _, e := range flatten(verr) {
				p := pointer(e.InstanceLocation)
				k := ""
				if kw := e.ErrorKind.KeywordPath(); len(kw) > 0 {
					k = kw[0]
				}
				if k == tc.keyword && (tc.pointer == anyPointer || p == tc.pointer) {
					return
				}
				got = append(got, fmt.Sprintf("(%q, %s)", p, k))
			}
			t.Errorf("no error (%q, %s); got %v\n%v", tc.pointer, tc.keyword, got, err)
		})
	}
}

// TestConsumerAcceptsWhatTheStandardAllows: the findings schemas are what a consumer accepts, so
// a response another conforming server may send passes them, though a skillgen server would
// never send it (its own, narrower bounds are in the behaviour code; schema/README.md).
func TestConsumerAcceptsWhatTheStandardAllows(t *testing.T) {
	schemas := compileSchemas(t)
	long := func(n int) string { return strings.Repeat("k", n) }
	tests := []struct {
		name, typeName, example string
		mutate                  func(d map[string]any)
	}{
		{"identity_shared false (the standard says SHOULD omit, not MUST)", "FindingsResponse", "FindingsResponse.json",
			func(d map[string]any) { d["identity_shared"] = false }},
		{"a member a later minor version may add", "FindingsResponse", "FindingsResponse.json",
			func(d map[string]any) {
				d["next_cursor"] = "abc"
				d["x-stats"] = map[string]any{"ms": json.Number("3")}
			}},
		{"per_kind_limit above 10000", "FindingsResponse", "FindingsResponse.json",
			func(d map[string]any) { d["per_kind_limit"] = json.Number("50000") }},
		{"a kind longer than 200 characters", "FindingsResponse", "FindingsResponse.no-summary.json",
			func(d map[string]any) {
				d["findings"] = []any{map[string]any{"kind": long(300), "severity": "info"}}
				d["total"] = json.Number("1")
				d["counts_by_kind"] = map[string]any{long(300): json.Number("1")}
				d["counts_by_severity"] = map[string]any{"info": json.Number("1")}
				d["capped_kinds"] = []any{long(300), long(300)}
			}},
		{"a count above 10000", "FindingsResponse", "FindingsResponse.no-summary.json",
			func(d map[string]any) {
				d["per_kind_limit"] = json.Number("20000")
				d["counts_by_kind"] = map[string]any{"stale_pending": json.Number("20000")}
			}},
		{"a server_version longer than 128 characters", "FindingsResponse", "FindingsResponse.json",
			func(d map[string]any) { d["_meta"] = map[string]any{"server_version": long(500)} }},
		{"a kind longer than 200 characters in a finding", "Finding", "Finding.json",
			func(d map[string]any) { d["kind"] = long(1000) }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(examplesDir, tc.example))
			if err != nil {
				t.Fatal(err)
			}
			doc := decode(t, tc.example, data).(map[string]any)
			tc.mutate(doc)
			if err := schemas[tc.typeName].Validate(doc); err != nil {
				t.Errorf("a consumer must accept this %s: %v", tc.typeName, err)
			}
		})
	}
}

// flatten returns the error and all its causes, depth first.
func flatten(e *jsonschema.ValidationError) []*jsonschema.ValidationError {
	out := []*jsonschema.ValidationError{e}
	for _, c := range e.Causes {
		out = append(out, flatten(c)...)
	}
	return out
}

func pointer(loc []string) string {
	var b strings.Builder
	for _, tok := range loc {
		b.WriteByte('/')
		b.WriteString(strings.NewReplacer("~", "~0", "/", "~1").Replace(tok))
	}
	return b.String()
}

// ---- conventions of the schema files -----------------------------------------------------

// allowedKeywords are the keywords the generator supports, the annotations it carries, and
// the skillgen extensions.
var allowedKeywords = func() map[string]bool {
	m := map[string]bool{}
	for _, k := range strings.Fields(`
		type properties required additionalProperties enum const items prefixItems
		minItems maxItems uniqueItems minLength maxLength pattern minimum maximum
		exclusiveMinimum exclusiveMaximum multipleOf minProperties maxProperties
		$ref $defs allOf anyOf oneOf not if then else dependentRequired
		patternProperties propertyNames format
		$schema $id title description default examples $comment deprecated readOnly writeOnly
		x-skillgen-behaviour x-skillgen-tool x-unique-by`) {
		m[k] = true
	}
	return m
}()

// unportableRegexp matches regular-expression constructs that RE2 or ECMAScript (u flag)
// lacks or reads differently: lookaround, backreferences, named groups, \s \S \w \W \d \D
// \b \B (Unicode-dependent), \p \P, \x{...}, \k, \z, \A and \Q. Possessive and atomic
// groups need no entry: RE2 rejects them, which the compile check reports.
var unportableRegexp = regexp.MustCompile(`\(\?[=!<>P]|\\[1-9]|\\[sSwWdDbBAzQpPxk]`)

func TestSchemaConventions(t *testing.T) {
	files := loadSchemaFiles(t)
	for _, f := range files {
		if f.doc["$schema"] != "https://json-schema.org/draft/2020-12/schema" {
			t.Errorf("%s: $schema is %v", f.path, f.doc["$schema"])
		}
		if !strings.Contains(f.path, "/") {
			if want := strings.TrimSuffix(path.Base(f.path), ".json"); f.doc["title"] != want {
				t.Errorf("%s: title is %v, want %q (the type name)", f.path, f.doc["title"], want)
			}
		}
		checkNode(t, f.path+"#", f.doc, true, true)
	}
}

// checkNode checks one schema node: known keywords only, portable patterns, an explicit
// additionalProperties on object schemas, and a real description wherever the node is a file root, a $defs entry or a property (properties
// inside the conditions of if/then/else and not only restate constraints and need none).
// declares is false below such a condition.
func checkNode(t *testing.T, loc string, node any, needsDescription, declares bool) {
	t.Helper()
	obj, ok := node.(map[string]any)
	if !ok {
		if _, isBool := node.(bool); !isBool {
			t.Errorf("%s: a schema must be an object or a boolean", loc)
		}
		return
	}
	if needsDescription {
		d, _ := obj["description"].(string)
		if len(strings.TrimSpace(strings.Trim(d, "."))) < 10 || strings.Contains(d, "...") {
			t.Errorf("%s: missing or placeholder description %q", loc, d)
		}
	}
	if declares && obj["type"] == "object" {
		if _, ok := obj["additionalProperties"]; !ok {
			t.Errorf("%s: an object schema must say additionalProperties explicitly (open or closed)", loc)
		}
	}
	for key, v := range obj {
		if !allowedKeywords[key] {
			t.Errorf("%s: keyword %q is not allowed", loc, key)
		}
		switch key {
		case "properties", "$defs", "patternProperties":
			for name, sub := range v.(map[string]any) {
				checkNode(t, loc+"/"+key+"/"+name, sub, declares && key != "patternProperties", declares)
			}
		case "items", "additionalProperties", "propertyNames":
			checkNode(t, loc+"/"+key, v, false, declares)
		case "not", "if", "then", "else":
			checkNode(t, loc+"/"+key, v, false, false)
		case "allOf", "anyOf", "oneOf", "prefixItems":
			for i, sub := range v.([]any) {
				checkNode(t, fmt.Sprintf("%s/%s/%d", loc, key, i), sub, false, declares)
			}
		case "pattern":
			src := v.(string)
			if _, err := regexp.Compile(src); err != nil {
				t.Errorf("%s: pattern does not compile in RE2: %v", loc, err)
			}
			if unportableRegexp.MatchString(src) {
				t.Errorf("%s: pattern %q uses a construct that RE2 and ECMAScript read differently", loc, src)
			}
		}
	}
}
