package crosscheck

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
)

// label prefixes every test name and log line of this package (grep-able).
const label = "Feature: skill-sharing-protocol, Property 11: "

var update = flag.Bool("update", false, "rewrite testdata/vectors/go-vectors.json")

const (
	examplesDir  = "../schema/examples"
	vectorsDir   = "../testdata/vectors"
	goVectors    = "go-vectors.json"
	tsVectors    = "ts-vectors.json"
	repoRootPath = ".."
)

// totals are printed by TestMain.
var totals struct {
	sync.Mutex
	valid, invalid Result
	ranValid       bool
	ranInvalid     bool
}

func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
	totals.Lock()
	if totals.ranValid || totals.ranInvalid {
		fmt.Printf("property 11 (go): valid direction %d documents, %d disagreements; invalid direction %d mutations, %d disagreements\n",
			totals.valid.Documents, totals.valid.Disagreements, totals.invalid.Documents, totals.invalid.Disagreements)
	}
	totals.Unlock()
	os.Exit(code)
}

var (
	schemaOnce sync.Once
	theSchema  *Schema
	schemaErr  error
)

func loadSchema(t *testing.T) *Schema {
	t.Helper()
	schemaOnce.Do(func() { theSchema, schemaErr = LoadSchema() })
	if schemaErr != nil {
		t.Fatal(schemaErr)
	}
	return theSchema
}

func mutationStarts(t *testing.T, s *Schema) []Document {
	t.Helper()
	examples, err := ExampleDocuments(examplesDir)
	if err != nil {
		t.Fatal(err)
	}
	if len(examples) == 0 {
		t.Fatalf("no example documents in %s", examplesDir)
	}
	_, n := Cases()
	starts, err := s.MutationStarts(examples, s.TopLevelTypes(), n)
	if err != nil {
		t.Fatal(err)
	}
	return starts
}

// TestProperty11TypesCovered checks that every generated type has a schema location and an
// arbitrary generator, so the valid direction covers all of skill.TypeNames.
func TestProperty11TypesCovered(t *testing.T) {
	t.Log(label + "every generated type is located in the schema and has a generator")
	s := loadSchema(t)
	if got, want := len(s.LocatedTypes()), len(Arbitrary); got != want {
		t.Errorf("%d types located in the schema, %d generators", got, want)
	}
	for _, n := range s.LocatedTypes() {
		if Arbitrary[n] == nil {
			t.Errorf("type %s: no generator in Arbitrary", n)
		}
	}
	for n := range Arbitrary {
		if s.Location(n) == "" {
			t.Errorf("type %s: no schema location", n)
		}
	}
	want := []string{"FindingsResponse", "Finding", "GetSessionFindingsParams", "InvocationRequest", "InvocationResponse", "ProtocolVersion", "SkillDescriptor", "SkillIndex"}
	sort.Strings(want)
	if got := s.TopLevelTypes(); !slices.Equal(got, want) {
		t.Errorf("top-level types %v, want %v", got, want)
	}
}

func TestProperty11ValidDirection(t *testing.T) {
	s := loadSchema(t)
	cases, _ := Cases()
	var all Result
	for _, typ := range s.LocatedTypes() {
		t.Run(label+"valid "+typ+" instances pass both validators and round-trip", func(t *testing.T) {
			r := s.CheckValid(typ, 0, cases)
			t.Logf(label+"valid direction, %s: %d documents, %d disagreements", typ, r.Documents, r.Disagreements)
			for _, f := range r.Failures {
				t.Error(f)
			}
			if r.Documents < cases {
				t.Errorf("%d documents checked, want %d", r.Documents, cases)
			}
			all.Add(r)
		})
	}
	t.Logf(label+"valid direction: %d documents over %d types (%d each; %s=N for more), %d disagreements",
		all.Documents, len(s.LocatedTypes()), cases, CasesEnv, all.Disagreements)
	totals.Lock()
	totals.valid.Add(all)
	totals.ranValid = true
	totals.Unlock()
}

func TestProperty11InvalidDirection(t *testing.T) {
	s := loadSchema(t)
	starts := mutationStarts(t, s)
	var all Result
	for _, typ := range s.TopLevelTypes() {
		t.Run(label+"mutated "+typ+" documents get the same verdict from both validators, at the mutated location", func(t *testing.T) {
			var docs []Document
			for _, d := range starts {
				if d.Type == typ {
					docs = append(docs, d)
				}
			}
			st := s.CheckInvalid(docs)
			t.Logf(label+"invalid direction, %s: %d documents mutated, %d mutations (%d left valid by both), %d disagreements; by kind %v",
				typ, len(docs), st.Documents, st.StayValid, st.Disagreements, st.ByKind)
			for _, f := range st.Failures {
				t.Error(f)
			}
			all.Add(st.Result)
		})
	}
	t.Logf(label+"invalid direction: %d mutations, %d disagreements", all.Documents, all.Disagreements)
	totals.Lock()
	totals.invalid.Add(all)
	totals.ranInvalid = true
	totals.Unlock()
}

// TestProperty11MutationCoverage checks that the mutated corpus exercises every mutation kind
// and drops every member that a required list of the schema names (outside if and not), and
// that the sites the generated validator must report include the documented ones.
func TestProperty11MutationCoverage(t *testing.T) {
	t.Log(label + "mutations cover every kind and every required member at every depth")
	s := loadSchema(t)
	kinds := map[string]int{}
	dropped := map[string]bool{}
	sites := map[string]bool{}
	for _, d := range mutationStarts(t, s) {
		tree, err := Decode(d.Data)
		if err != nil {
			t.Fatal(err)
		}
		muts, err := s.Mutations(d.Type, tree)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range muts {
			kinds[m.Kind]++
			if m.Schema != "" {
				dropped[m.Schema] = true
			}
			sites[d.Type+" "+m.Kind+" "+m.Site] = true
		}
	}
	for _, k := range MutationKinds {
		// A const outside a tagged union's discriminator is the only site of wrong-const; the
		// canonical schema may have none.
		if k == KindWrongConst && !hasPlainConst(s.files) {
			continue
		}
		if kinds[k] == 0 {
			t.Errorf("no mutation of kind %s", k)
		}
	}
	var required []string
	for id, doc := range s.files {
		collectRequired(id+"#", doc, &required)
	}
	sort.Strings(required)
	missing := 0
	for _, r := range required {
		if !dropped[r] {
			missing++
			t.Errorf("required member %s is never dropped", r)
		}
	}
	t.Logf(label+"%d required declarations in the schema, %d dropped; mutations by kind %v", len(required), len(required)-missing, kinds)
	for _, want := range []string{
		"SkillDescriptor drop-required /auth/type",
		"SkillDescriptor drop-required /protocol/version",
		"SkillDescriptor unknown-tag /auth/type",
		"SkillDescriptor extra-key /auth/zz_unexpected",
		"SkillIndex drop-required /skills/0/id",
		"InvocationResponse drop-required /error",
		"InvocationResponse drop-dependent /timestamps/started",
	} {
		if !sites[want] {
			t.Errorf("no mutation %q", want)
		}
	}
	dupBy := regexp.MustCompile(`^SkillIndex duplicate-key /skills/[1-9][0-9]*/id$`)
	found := false
	for k := range sites {
		found = found || dupBy.MatchString(k)
	}
	if !found {
		t.Errorf("no x-unique-by duplicate in SkillIndex.skills")
	}
}

// collectRequired lists the location of every name in a required list of a schema node,
// skipping the subschemas of if and not (they are conditions, not constraints).
// hasPlainConst reports whether a schema file holds a const that documents must satisfy other
// than the "type" discriminator of a tagged union (properties/type/const); consts under if and
// not are conditions, not constraints.
func hasPlainConst(files map[string]map[string]any) bool {
	var walk func(v any, parent string) bool
	walk = func(v any, parent string) bool {
		switch x := v.(type) {
		case map[string]any:
			if _, ok := x["const"]; ok && parent != "type" {
				return true
			}
			for k, c := range x {
				if k != "if" && k != "not" && walk(c, k) {
					return true
				}
			}
		case []any:
			for _, c := range x {
				if walk(c, "") {
					return true
				}
			}
		}
		return false
	}
	for _, doc := range files {
		if walk(doc, "") {
			return true
		}
	}
	return false
}

func collectRequired(loc string, v any, out *[]string) {
	switch x := v.(type) {
	case map[string]any:
		for k, c := range x {
			if k == "if" || k == "not" || k == "const" || k == "enum" || k == "default" || k == "examples" {
				continue
			}
			if k == "required" {
				if names, ok := c.([]any); ok {
					for i := range names {
						*out = append(*out, fmt.Sprintf("%s/required/%d", loc, i))
					}
					continue
				}
			}
			collectRequired(loc+"/"+escapeToken(k), c, out)
		}
	case []any:
		for i, c := range x {
			collectRequired(fmt.Sprintf("%s/%d", loc, i), c, out)
		}
	}
}

// TestProperty11GoVectors rebuilds the Go corpus for the TypeScript side and fails when the
// committed testdata/vectors/go-vectors.json differs (go test ./crosscheck -update rewrites it).
func TestProperty11GoVectors(t *testing.T) {
	t.Log(label + "the Go corpus of valid and invalid documents is up to date")
	s := loadSchema(t)
	examples, err := ExampleDocuments(examplesDir)
	if err != nil {
		t.Fatal(err)
	}
	vs, err := s.BuildVectors(examples)
	if err != nil {
		t.Fatal(err)
	}
	data, err := EncodeVectors(vs)
	if err != nil {
		t.Fatal(err)
	}
	again, err := s.BuildVectors(examples)
	if err != nil {
		t.Fatal(err)
	}
	if data2, _ := EncodeVectors(again); !bytes.Equal(data, data2) {
		t.Fatal("the corpus is not deterministic: two builds differ")
	}
	types, valid := map[string]bool{}, 0
	for _, v := range vs {
		types[v.Type] = true
		if v.Valid {
			valid++
		}
	}
	t.Logf(label+"go-vectors.json: %d entries (%d valid, %d invalid) over %d types", len(vs), valid, len(vs)-valid, len(types))
	writeOrCompare(t, filepath.Join(vectorsDir, goVectors), data)
}

// writeOrCompare writes a file the tests derive (with -update), or fails when the committed
// one differs.
func writeOrCompare(t *testing.T, path string, data []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	old, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./crosscheck -update)", err)
	}
	if !bytes.Equal(old, data) {
		t.Fatalf("%s is stale: run go test ./crosscheck -update", path)
	}
}

// TestProperty11TypeScriptVectors checks that Go agrees exactly (verdict and (pointer,
// keyword) list) with the corpus the TypeScript side writes, once that corpus is committed.
func TestProperty11TypeScriptVectors(t *testing.T) {
	t.Log(label + "Go agrees with the TypeScript corpus")
	path := filepath.Join(vectorsDir, tsVectors)
	out, err := exec.Command("git", "-C", repoRootPath, "ls-files", "--error-unmatch", "testdata/vectors/"+tsVectors).CombinedOutput()
	if err != nil {
		t.Logf(label+"%s is not committed yet (TypeScript corpus not generated): nothing checked (%s)", path, strings.TrimSpace(string(out)))
		return
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%s is committed but cannot be read: %v", path, err)
	}
	var vs []Vector
	if err := json.Unmarshal(data, &vs); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if len(vs) == 0 {
		t.Fatalf("%s holds no entry", path)
	}
	bad := 0
	for i, v := range vs {
		if problem := loadSchema(t).CompareVector(v); problem != "" {
			bad++
			if bad <= MaxFailures {
				t.Errorf("%s entry %d (%s): %s\n  document: %s", path, i, v.Type, problem, v.Document)
			}
		}
	}
	t.Logf(label+"%s: %d entries, %d disagreements", path, len(vs), bad)
}

// TestProperty11ChecksCanFail copies the module's generated package and this package into a
// temporary module, deletes SkillDescriptor's required check of "name" from the copied
// validate.go, and runs the invalid direction for SkillDescriptor there: it must report
// disagreements.
func TestProperty11ChecksCanFail(t *testing.T) {
	t.Log(label + "the invalid direction detects a generated validator missing one required check")
	if testing.Short() {
		t.Skip("builds a copy of the module")
	}
	tmp := t.TempDir()
	copyFiles := func(dir string, keep func(name string) bool) {
		t.Helper()
		src := filepath.Join(repoRootPath, dir)
		entries, err := os.ReadDir(src)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Join(tmp, dir), 0o755); err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if e.IsDir() || !keep(e.Name()) {
				continue
			}
			data, err := os.ReadFile(filepath.Join(src, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(tmp, dir, e.Name()), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	goSource := func(n string) bool { return strings.HasSuffix(n, ".go") && !strings.HasSuffix(n, "_test.go") }
	isJSON := func(n string) bool { return strings.HasSuffix(n, ".json") }
	copyFiles(".", func(n string) bool { return n == "go.mod" || n == "go.sum" })
	copyFiles("gen/go", goSource)
	copyFiles("gen/go/arbitrary", goSource)
	copyFiles("schema", func(n string) bool { return goSource(n) || isJSON(n) })
	copyFiles("schema/oracle", goSource)
	copyFiles("schema/defs", isJSON)
	copyFiles("schema/examples", isJSON)
	copyFiles("crosscheck", goSource)
	copyFiles("crosscheck/cmd/p11", goSource)
	copyFiles("crosscheck/shapes/go", goSource)
	copyFiles("crosscheck/shapes/go/arbitrary", goSource)

	validate := filepath.Join(tmp, "gen/go/validate.go")
	src, err := os.ReadFile(validate)
	if err != nil {
		t.Fatal(err)
	}
	text := string(src)
	start := strings.Index(text, "\nfunc vSkillDescriptor(")
	if start < 0 {
		t.Fatal("func vSkillDescriptor not found in gen/go/validate.go")
	}
	end := start + 1 + strings.Index(text[start+1:], "\nfunc ")
	check := "\tif v.get(\"name\") == nil {\n\t\te.addKey(p, \"name\", \"required\", \"missing required property \\\"name\\\"\")\n\t}\n"
	body := text[start:end]
	if strings.Count(body, check) != 1 {
		t.Fatalf("the required check of \"name\" is not found exactly once in vSkillDescriptor:\n%s", check)
	}
	text = text[:start] + strings.Replace(body, check, "", 1) + text[end:]
	if err := os.WriteFile(validate, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}

	cmd := exec.Command("go", "run", "./crosscheck/cmd/p11", "-valid=false", "-types", "SkillDescriptor", "-docs", "5")
	cmd.Dir = tmp
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off")
	outb, err := cmd.CombinedOutput()
	output := string(outb)
	if err == nil {
		t.Fatalf("the invalid direction passed on a validator without SkillDescriptor's required check of name:\n%s", output)
	}
	m := regexp.MustCompile(`invalid direction (\d+) mutations, (\d+) disagreements`).FindStringSubmatch(output)
	if m == nil || m[2] == "0" {
		t.Fatalf("no disagreement reported (exit %v):\n%s", err, output)
	}
	if !strings.Contains(output, `drop-required at "/name"`) {
		t.Errorf("the disagreements do not name the dropped member /name:\n%s", output)
	}
	// The copy is broken on purpose: its failure is the expected result, reported as caught.
	t.Logf(label+"caught: the deliberately broken copy (SkillDescriptor without its required check of name) was flagged on %s of %s mutations, drop-required at /name among them", m[2], m[1])
}
