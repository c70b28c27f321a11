package suite

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/skillgen/skillgen/generator/build"
	"github.com/skillgen/skillgen/generator/ir"
	"github.com/skillgen/skillgen/generator/load"
)

// suiteEnv overrides where the suite is looked for (the folder holding draft2020-12/ and
// remotes/). By default it is ../shared/jsonschema-test-suite from the repository root.
const suiteEnv = "SKILLGEN_JSONSCHEMA_SUITE"

// remoteBase is the URL prefix the suite serves remotes/ under.
const remoteBase = "http://localhost:1234/"

// subsetFiles are the files of the code-generator subset (the suite's README): those that test
// the keywords skillgen compiles.
var subsetFiles = map[string]bool{}

func init() {
	for _, f := range strings.Fields(`additionalProperties allOf anyOf const defs
		dependentRequired enum exclusiveMaximum exclusiveMinimum format if-then-else items
		maxItems maxLength maxProperties maximum minItems minLength minProperties minimum
		multipleOf not oneOf pattern patternProperties prefixItems properties propertyNames ref
		required type uniqueItems`) {
		subsetFiles[f+".json"] = true
	}
}

// The code-generator subset's size, as the suite's README states it.
const (
	subsetGroups = 234
	subsetCases  = 883
	pureGroups   = 208
	pureCases    = 829
)

type testCase struct {
	Description string          `json:"description"`
	Data        json.RawMessage `json:"data"`
	Valid       bool            `json:"valid"`
}

type group struct {
	File        string // e.g. "ref.json"
	Index       int    // position in the file
	Description string
	Schema      json.RawMessage
	Tests       []testCase

	Doc    string // the schema's path in the in-memory schema set, e.g. "g0042.json"
	Subset bool   // in one of the code-generator subset's files
	Pure   bool   // uses only the subset's keywords and local refs

	docs    map[string][]byte // the schema and the remotes it needs
	Refused string            // why skillgen refuses the schema ("" when accepted)
	Keyword string            // the unsupported keyword, when that is the reason

	Batch          int
	GoName, TSName string
}

// verdict is one case's outcome in one language.
type verdict struct {
	ran    bool // false: not run (refused, or the language's toolchain failed)
	valid  bool
	detail string // the errors' [pointer, keyword, message] triples as JSON, or the crash
}

// keepEnv names a folder to generate into instead of a temporary one (kept for inspection).
const keepEnv = "SKILLGEN_SUITE_KEEP"

func workDir(t *testing.T, sub string) string {
	if dir := os.Getenv(keepEnv); dir != "" {
		p, err := filepath.Abs(filepath.Join(dir, sub))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.RemoveAll(p); err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	return t.TempDir()
}

func repoRoot(t *testing.T) string {
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("suite: no go.mod above the working directory")
		}
		dir = parent
	}
}

func suiteDir(t *testing.T) string {
	dir := os.Getenv(suiteEnv)
	if dir == "" {
		dir = filepath.Join(repoRoot(t), "..", "shared", "jsonschema-test-suite")
	}
	if st, err := os.Stat(filepath.Join(dir, "draft2020-12")); err != nil || !st.IsDir() {
		t.Fatalf("suite: the JSON Schema Test Suite is missing: no folder %s (expected "+
			"../shared/jsonschema-test-suite beside the repository, or set %s)",
			filepath.Join(dir, "draft2020-12"), suiteEnv)
	}
	return dir
}

// loadSuite reads every top-level file of draft2020-12 (not optional/).
func loadSuite(t *testing.T, dir string) []*group {
	paths, err := filepath.Glob(filepath.Join(dir, "draft2020-12", "*.json"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("suite: no draft2020-12/*.json files in %s", dir)
	}
	sort.Strings(paths)
	var groups []*group
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var raw []struct {
			Description string          `json:"description"`
			Schema      json.RawMessage `json:"schema"`
			Tests       []testCase      `json:"tests"`
		}
		if err := json.Unmarshal(data, &raw); err != nil {
			t.Fatalf("suite: %s: %v", p, err)
		}
		file := filepath.Base(p)
		for i, r := range raw {
			g := &group{
				File: file, Index: i, Description: r.Description, Schema: r.Schema, Tests: r.Tests,
				Doc:    fmt.Sprintf("g%04d.json", len(groups)),
				Subset: subsetFiles[file],
			}
			var v any
			if err := json.Unmarshal(r.Schema, &v); err != nil {
				t.Fatalf("suite: %s group %d: %v", file, i, err)
			}
			g.Pure = pure(v)
			groups = append(groups, g)
		}
	}
	return groups
}

// subsetKeywords are the keywords of the code-generator subset, and the annotations.
var subsetKeywords = map[string]bool{}

func init() {
	for _, k := range strings.Fields(`type properties required additionalProperties enum const
		items prefixItems minItems maxItems uniqueItems minLength maxLength pattern minimum maximum
		exclusiveMinimum exclusiveMaximum multipleOf minProperties maxProperties $ref $defs allOf
		anyOf oneOf not if then else dependentRequired patternProperties propertyNames format
		$schema $comment title description default examples deprecated readOnly writeOnly`) {
		subsetKeywords[k] = true
	}
}

// pure reports whether a schema uses only the subset's keywords, with local references.
func pure(s any) bool {
	switch s := s.(type) {
	case bool:
		return true
	case map[string]any:
		for k, v := range s {
			if !subsetKeywords[k] {
				return false
			}
			switch k {
			case "$ref":
				if r, _ := v.(string); !strings.HasPrefix(r, "#") {
					return false
				}
			case "properties", "patternProperties", "$defs":
				m, _ := v.(map[string]any)
				for _, sub := range m {
					if !pure(sub) {
						return false
					}
				}
			case "items", "additionalProperties", "propertyNames", "not", "if", "then", "else":
				if !pure(v) {
					return false
				}
			case "allOf", "anyOf", "oneOf", "prefixItems":
				a, _ := v.([]any)
				for _, sub := range a {
					if !pure(sub) {
						return false
					}
				}
			}
		}
		return true
	}
	return false
}

var (
	remoteRe      = regexp.MustCompile(regexp.QuoteMeta(remoteBase) + `[^\s"'#,;)]*`)
	unsupportedRe = regexp.MustCompile(`keyword "([^"]+)" is not supported`)
)

// remote adds to docs the remote the suite serves at u, its $id set to u when it has none. A
// remote whose $id is another URL is added as it is, with a document at u that refers to it.
func remote(dir, u string, docs map[string][]byte) bool {
	p, data, id, ok := readRemote(dir, u)
	if !ok || docs[p] != nil {
		return false
	}
	docs[p] = data
	if id != "" && id != u {
		stub, _ := json.Marshal(map[string]string{"$id": u, "$ref": id})
		docs[strings.TrimSuffix(p, ".json")+".served.json"] = stub
	}
	return true
}

// readRemote reads the remote served at u: its in-memory path, content and own $id.
func readRemote(dir, u string) (string, []byte, string, bool) {
	rel := strings.TrimPrefix(u, remoteBase)
	if rel == "" || strings.HasSuffix(rel, "/") || strings.Contains(rel, "..") {
		return "", nil, "", false
	}
	data, err := os.ReadFile(filepath.Join(dir, "remotes", filepath.FromSlash(rel)))
	if err != nil {
		return "", nil, "", false
	}
	var v any
	if json.Unmarshal(data, &v) != nil {
		return "", nil, "", false
	}
	id := ""
	if m, ok := v.(map[string]any); ok {
		id, _ = m["$id"].(string)
		if _, has := m["$id"]; !has {
			trimmed := bytes.TrimSpace(data)
			id, _ := json.Marshal(u)
			rest := bytes.TrimSpace(trimmed[1:])
			sep := []byte(",")
			if len(rest) > 0 && rest[0] == '}' {
				sep = nil
			}
			data = append(append(append([]byte(`{"$id":`), id...), sep...), rest...)
		}
	}
	return "remotes/" + rel, data, id, true
}

// unmangle undoes the loader's naming of documents in messages: a document with an absolute
// $id is named by its path, also where its URL is the prefix of a longer one.
func unmangle(msg string, docs map[string][]byte) string {
	for p, data := range docs {
		var m map[string]any
		if json.Unmarshal(data, &m) != nil {
			continue
		}
		if id, ok := m["$id"].(string); ok && strings.Contains(id, "://") {
			msg = strings.ReplaceAll(msg, p, id)
		}
	}
	return msg
}

// prepare builds a group's IR alone, loading the remotes it references, and records a
// refusal.
func prepare(dir string, g *group) {
	g.docs = map[string][]byte{g.Doc: g.Schema}
	for try := 0; ; try++ {
		set, err := load.FromDocs(g.docs, nil)
		if err != nil {
			added := false
			for _, u := range remoteRe.FindAllString(unmangle(err.Error(), g.docs), -1) {
				if remote(dir, u, g.docs) {
					added = true
				}
			}
			if added && try < 20 {
				continue
			}
			g.refuse(err)
			return
		}
		s, err := build.Build(set, build.Options{})
		if err != nil {
			g.refuse(err)
			return
		}
		if rootType(s, g.Doc) == nil {
			g.Refused = "the root schema gives no named type"
		}
		return
	}
}

func (g *group) refuse(err error) {
	g.Refused = oneLine(err.Error())
	if m := unsupportedRe.FindStringSubmatch(g.Refused); m != nil {
		g.Keyword = m[1]
	}
}

func rootType(s *ir.Schema, doc string) *ir.Type {
	for _, t := range s.Types {
		if t.Location == doc+"#" {
			return t
		}
	}
	return nil
}

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 300 {
		s = s[:300] + "..."
	}
	return s
}

// batch is a set of accepted groups generated together into one package.
type batch struct {
	groups []*group
	docs   map[string][]byte
	schema *ir.Schema
}

// ids lists every "$id" string in a JSON document.
func ids(data []byte) []string {
	var v any
	if json.Unmarshal(data, &v) != nil {
		return nil
	}
	var out []string
	var walk func(any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			if s, ok := v["$id"].(string); ok {
				out = append(out, s)
			}
			for _, e := range v {
				walk(e)
			}
		case []any:
			for _, e := range v {
				walk(e)
			}
		}
	}
	walk(v)
	return out
}

// makeBatches puts the accepted groups into as few schema sets as possible: two groups go to
// different sets when they declare the same $id in different documents. A set that does not
// build is split into one set per group.
func makeBatches(groups []*group) ([]*batch, error) {
	type acc struct {
		b     *batch
		owner map[string]string // $id → the document declaring it
	}
	var accs []*acc
	for _, g := range groups {
		if g.Refused != "" {
			continue
		}
		var placed *acc
	next:
		for _, a := range accs {
			for p, data := range g.docs {
				for _, id := range ids(data) {
					if o, ok := a.owner[id]; ok && o != p {
						continue next
					}
				}
			}
			placed = a
			break
		}
		if placed == nil {
			placed = &acc{b: &batch{docs: map[string][]byte{}}, owner: map[string]string{}}
			accs = append(accs, placed)
		}
		placed.b.groups = append(placed.b.groups, g)
		for p, data := range g.docs {
			placed.b.docs[p] = data
			for _, id := range ids(data) {
				placed.owner[id] = p
			}
		}
	}
	var out []*batch
	for _, a := range accs {
		if err := a.b.build(); err == nil {
			out = append(out, a.b)
			continue
		}
		for _, g := range a.b.groups {
			single := &batch{groups: []*group{g}, docs: g.docs}
			if err := single.build(); err != nil {
				return nil, fmt.Errorf("%s group %d builds alone but not again: %v", g.File, g.Index, err)
			}
			out = append(out, single)
		}
	}
	for i, b := range out {
		for _, g := range b.groups {
			g.Batch = i
			t := rootType(b.schema, g.Doc)
			g.GoName, g.TSName = t.GoName, t.TSName
		}
	}
	return out, nil
}

func (b *batch) build() error {
	set, err := load.FromDocs(b.docs, nil)
	if err != nil {
		return err
	}
	s, err := build.Build(set, build.Options{})
	if err != nil {
		return err
	}
	for _, g := range b.groups {
		if rootType(s, g.Doc) == nil {
			return errors.New("no root type for " + g.Doc)
		}
	}
	b.schema = s
	return nil
}

// caseRef is one case to run: its group and index.
type caseRef struct {
	g *group
	i int
}

// allCases lists the cases of the accepted groups, in suite order.
func allCases(groups []*group) []caseRef {
	var out []caseRef
	for _, g := range groups {
		if g.Refused != "" {
			continue
		}
		for i := range g.Tests {
			out = append(out, caseRef{g, i})
		}
	}
	return out
}

// errorsDiffer lists the cases both languages find invalid (without a crash) whose error lists
// differ: docs/validation.md makes the lists identical, pointer, keyword and message alike.
func errorsDiffer(cases []caseRef, a, b *langResult) []string {
	var out []string
	for i, c := range cases {
		va, vb := a.verdicts[i], b.verdicts[i]
		if !va.ran || !vb.ran || va.valid || vb.valid || strings.HasPrefix(va.detail, "crash") ||
			strings.HasPrefix(vb.detail, "crash") || va.detail == vb.detail {
			continue
		}
		out = append(out, fmt.Sprintf("  %s #%d %q / %q\n      data: %s\n      %s: %s\n      %s: %s",
			c.g.File, c.g.Index, c.g.Description, c.g.Tests[c.i].Description, short(string(c.g.Tests[c.i].Data)),
			a.name, va.detail, b.name, vb.detail))
	}
	return out
}

// parseVerdicts reads "<index> valid" / "<index> invalid ..." / "<index> crash ..." lines.
func parseVerdicts(out []byte, into []verdict) (last int) {
	last = -1
	for _, line := range strings.Split(string(out), "\n") {
		idx, rest, ok := strings.Cut(line, " ")
		if !ok {
			continue
		}
		i, err := strconv.Atoi(idx)
		if err != nil || i < 0 || i >= len(into) {
			continue
		}
		word, detail, _ := strings.Cut(rest, " ")
		switch word {
		case "valid":
			into[i] = verdict{ran: true, valid: true}
		case "invalid":
			into[i] = verdict{ran: true, detail: detail}
		case "crash":
			into[i] = verdict{ran: true, detail: "crash: " + detail}
		default:
			continue
		}
		last = i
	}
	return last
}

// langResult is one language's verdicts for the cases of allCases.
type langResult struct {
	name     string
	verdicts []verdict
	problem  string // why the language did not run at all, or compile diagnostics
}

// knownFailures are groups of the code-generator subset that fail for a known, reported reason
// outside this harness, by language and "file#group". They are still counted and listed as
// failed, but do not fail the test.
var knownFailures = map[string]map[string]string{}

func TestJSONSchemaSuite(t *testing.T) {
	dir := suiteDir(t)
	groups := loadSuite(t, dir)
	for _, g := range groups {
		prepare(dir, g)
	}
	batches, err := makeBatches(groups)
	if err != nil {
		t.Fatal(err)
	}
	cases := allCases(groups)
	start := time.Now()
	results := []*langResult{runGo(t, batches, cases)}
	goTime := time.Since(start)
	tsNote := "TypeScript skipped (-short)"
	if !testing.Short() {
		start = time.Now()
		if r := runTS(t, batches, cases); r != nil {
			results = append(results, r)
			tsNote = fmt.Sprintf("TypeScript %.1fs", time.Since(start).Seconds())
		} else {
			tsNote = "TypeScript skipped (node is not installed)"
		}
	}
	rep := report(groups, cases, results)
	fmt.Printf("%d groups accepted, generated in %d schema set(s); Go %.1fs, %s.\n\n",
		len(groups)-rep.refusedGroups, len(batches), goTime.Seconds(), tsNote)
	fmt.Print(rep.text)
	if p := os.Getenv("SKILLGEN_SUITE_REPORT"); p != "" {
		if err := os.WriteFile(p, []byte(rep.text), 0o644); err != nil {
			t.Error(err)
		}
	}
	if len(results) == 2 {
		diff := errorsDiffer(cases, results[0], results[1])
		fmt.Printf("\nGo and TypeScript: cases both find invalid whose [pointer, keyword, message] lists differ (%d):\n", len(diff))
		for _, d := range diff {
			fmt.Println(d)
		}
		if len(diff) > 0 {
			t.Errorf("Go and TypeScript report different errors for %d case(s) (listed above)", len(diff))
		}
	}
	if rep.subsetGroups != subsetGroups || rep.subsetCases != subsetCases {
		t.Errorf("code-generator subset: %d groups, %d cases; the suite's README says %d and %d",
			rep.subsetGroups, rep.subsetCases, subsetGroups, subsetCases)
	}
	if rep.pureGroups != pureGroups || rep.pureCases != pureCases {
		t.Errorf("subset groups using only the subset's keywords: %d groups, %d cases; the suite's README says %d and %d",
			rep.pureGroups, rep.pureCases, pureGroups, pureCases)
	}
	for _, r := range results {
		if r.problem != "" {
			t.Logf("%s: %s", r.name, r.problem)
		}
		if n := rep.subsetFailed[r.name]; n > 0 {
			t.Errorf("%s: %d case(s) of the code-generator subset fail (listed above)", r.name, n)
		}
		if n := rep.knownFailed[r.name]; n > 0 {
			t.Logf("%s: %d case(s) of the code-generator subset fail for known reasons (listed above)", r.name, n)
		}
		for _, k := range rep.knownPassing[r.name] {
			t.Logf("%s: %s passes now: remove it from knownFailures", r.name, k)
		}
	}
}
