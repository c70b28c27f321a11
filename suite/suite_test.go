package suite

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/skillgen/skillgen/generator/build"
	"github.com/skillgen/skillgen/generator/ir"
	"github.com/skillgen/skillgen/generator/load"
	"github.com/skillgen/skillgen/generator/normalize"
	"github.com/skillgen/skillgen/internal/datadir"
	"github.com/skillgen/skillgen/internal/genrun"
)

// remoteBase is the URL prefix the suite serves remotes/ under; the harness maps it to the
// suite's remotes/ folder as -ref-map http://localhost:1234/=<suite>/remotes would.
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
	Draft       normalize.Draft
	File        string // e.g. "ref.json"
	Index       int    // position in the file
	Description string
	Schema      json.RawMessage
	Tests       []testCase

	Doc    string // the schema's path in the in-memory schema set, e.g. "g0042.json"
	Format bool   // from optional/format/, generated with format asserted (-assert-format)
	Subset bool   // in one of the code-generator subset's files (draft 2020-12)
	Pure   bool   // uses only the subset's keywords and local refs

	docs    map[string][]byte // the schema
	remotes []string          // the URLs of the remotes it reads
	Refused string            // why skillgen refuses the schema ("" when accepted)

	Batch          int
	GoName, TSName string
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

// formatDir is the folder of the format tests below a draft's folder.
const formatDir = "optional/format"

// loadSuite reads every file of one draft's tests in its folder sub: "" (the top level, not
// optional/) or formatDir. Groups are numbered from *next on, across drafts.
func loadSuite(t *testing.T, suite datadir.Suite, d normalize.Draft, sub string, next *int) []*group {
	paths, err := filepath.Glob(filepath.Join(suite.Draft(d.Folder()), filepath.FromSlash(sub), "*.json"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("suite: no %s/*.json files in %s", filepath.Join(d.Folder(), sub), suite.Tests)
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
				Draft: d, File: file, Index: i, Description: r.Description, Schema: r.Schema, Tests: r.Tests,
				Doc:    fmt.Sprintf("g%04d.json", *next),
				Subset: d == normalize.Draft2020 && subsetFiles[file] && sub == "",
				Format: sub == formatDir,
			}
			*next++
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

// loadOptions are the loader's options for one draft's groups: the draft for schemas without
// $schema, and the suite's remotes answering http://localhost:1234/.
func loadOptions(d normalize.Draft, remotes string) load.Options {
	return load.Options{Draft: d, RefMaps: []load.RefMap{{Prefix: remoteBase, FS: os.DirFS(remotes), Display: "remotes"}}}
}

// prepare builds a group's IR alone and records a refusal.
func prepare(remotes string, g *group) {
	g.docs = map[string][]byte{g.Doc: g.Schema}
	set, err := load.Read(g.docs, loadOptions(g.Draft, remotes))
	if set != nil {
		for _, f := range set.Files {
			if u := "http://" + f.Path; strings.HasPrefix(u, remoteBase) {
				g.remotes = append(g.remotes, u)
			}
		}
	}
	if err != nil && set == nil {
		g.refuse(err)
		return
	}
	s, err := build.Build(set, build.Options{Format: formatMode(g.Format, g.Draft)})
	if err != nil {
		g.refuse(err)
		return
	}
	if rootType(s, g.Doc) == nil {
		g.Refused = "the root schema gives no named type"
	}
}

func (g *group) refuse(err error) { g.Refused = oneLine(err.Error()) }

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

// batch is a set of accepted groups (of one draft) generated together into one package.
type batch struct {
	groups []*group
	docs   map[string][]byte
	opts   load.Options
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

// makeBatches puts the accepted groups of one draft into as few schema sets as possible: two
// groups go to different sets when they declare the same $id in different documents, or one
// declares the URL of a remote the other reads. A set that does not build is split into one
// set per group.
func makeBatches(groups []*group, opts load.Options) ([]*batch, error) {
	type acc struct {
		b     *batch
		owner map[string]string // $id → the document declaring it
	}
	var accs []*acc
	for _, g := range groups {
		if g.Refused != "" {
			continue
		}
		owns := map[string]string{} // $id or remote URL → the document declaring it
		for p, data := range g.docs {
			for _, id := range ids(data) {
				owns[id] = p
			}
		}
		for _, u := range g.remotes {
			owns[u] = "remotes/"
		}
		var placed *acc
	next:
		for _, a := range accs {
			for id, p := range owns {
				if o, ok := a.owner[id]; ok && o != p {
					continue next
				}
			}
			placed = a
			break
		}
		if placed == nil {
			placed = &acc{b: &batch{docs: map[string][]byte{}, opts: opts}, owner: map[string]string{}}
			accs = append(accs, placed)
		}
		placed.b.groups = append(placed.b.groups, g)
		for p, data := range g.docs {
			placed.b.docs[p] = data
		}
		for id, p := range owns {
			placed.owner[id] = p
		}
	}
	var out []*batch
	for _, a := range accs {
		if err := a.b.build(); err == nil {
			out = append(out, a.b)
			continue
		}
		for _, g := range a.b.groups {
			single := &batch{groups: []*group{g}, docs: g.docs, opts: opts}
			if err := single.build(); err != nil {
				return nil, fmt.Errorf("%s group %d builds alone but not again: %v", g.File, g.Index, err)
			}
			out = append(out, single)
		}
	}
	for _, b := range out {
		for _, g := range b.groups {
			t := rootType(b.schema, g.Doc)
			g.GoName, g.TSName = t.GoName, t.TSName
		}
	}
	return out, nil
}

func (b *batch) build() error {
	set, err := load.Read(b.docs, b.opts)
	if err != nil {
		return err
	}
	s, err := build.Build(set, build.Options{Format: formatMode(b.groups[0].Format, b.groups[0].Draft)})
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
		if !va.Ran || !vb.Ran || va.Valid || vb.Valid || va.Crashed() || vb.Crashed() || va.Detail == vb.Detail {
			continue
		}
		out = append(out, fmt.Sprintf("  %s #%d %q / %q\n      data: %s\n      %s: %s\n      %s: %s",
			c.g.File, c.g.Index, c.g.Description, c.g.Tests[c.i].Description, short(string(c.g.Tests[c.i].Data)),
			a.name, va.Detail, b.name, vb.Detail))
	}
	return out
}

// langResult is the verdicts of one entry point of one language for the cases of allCases: the
// schema's verdict (Validate(typeName, data) in Go, validateT in TypeScript) or the typed parse
// of the group's root type (ParseT, parseT).
type langResult struct {
	name     string // the table's column: "Go", "Go ParseT", "TypeScript", "TypeScript parseT"
	lang     string // "Go" or "TypeScript"
	typed    bool   // the typed parse, not the verdict
	verdicts []genrun.Verdict
	problem  string // why the language did not run at all, or compile diagnostics
}

// knownFailures are groups that fail for a known, reported reason outside this harness, by
// language and "draft/file#group" (e.g. "draft7/ref.json#3"). They are still counted and listed
// as failed, but do not fail the test.
var knownFailures = map[string]map[string]string{}

func TestJSONSchemaSuite(t *testing.T) {
	suite, err := datadir.FindSuite()
	if err != nil {
		t.Fatal(err)
	}
	var groups []*group
	var batches []*batch
	next := 0
	for _, sub := range []string{"", formatDir} {
		for _, d := range normalize.Drafts {
			gs := loadSuite(t, suite, d, sub, &next)
			for _, g := range gs {
				prepare(suite.Remotes, g)
			}
			bs, err := makeBatches(gs, loadOptions(d, suite.Remotes))
			if err != nil {
				t.Fatal(err)
			}
			groups = append(groups, gs...)
			batches = append(batches, bs...)
		}
	}
	for i, b := range batches {
		for _, g := range b.groups {
			g.Batch = i
		}
	}
	cases := allCases(groups)
	start := time.Now()
	results := runGo(t, batches, cases)
	goTime := time.Since(start)
	tsNote := "TypeScript skipped (-short)"
	if !testing.Short() {
		start = time.Now()
		if r := runTS(t, batches, cases); r != nil {
			results = append(results, r...)
			tsNote = fmt.Sprintf("TypeScript %.1fs", time.Since(start).Seconds())
		} else {
			tsNote = "TypeScript skipped (node is not installed)"
		}
	}
	var reps, formatReps []reportOut
	for _, format := range []bool{false, true} {
		for _, d := range normalize.Drafts {
			var gs []*group
			for _, g := range groups {
				if g.Draft == d && g.Format == format {
					gs = append(gs, g)
				}
			}
			if format {
				formatReps = append(formatReps, report(d, gs, cases, results))
			} else {
				reps = append(reps, report(d, gs, cases, results))
			}
		}
	}
	accepted := 0
	for _, g := range groups {
		if g.Refused == "" {
			accepted++
		}
	}
	text := summary("every draft (top level; format asserted in draft-04, -06 and -07, an annotation in 2019-09 and 2020-12: the default)", reps, results) + "\n" + summary("optional/format: format asserted by default in draft-04, -06 and -07, with -assert-format in 2019-09 and 2020-12", formatReps, results)
	for _, r := range append(reps, formatReps...) {
		text += "\n" + r.text
	}
	fmt.Printf("%d groups of 5 drafts (top level and optional/format) accepted, generated in %d schema set(s); Go %.1fs, %s.\n\n", accepted, len(batches), goTime.Seconds(), tsNote)
	fmt.Print(text)
	if p := os.Getenv("SKILLGEN_SUITE_REPORT"); p != "" {
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Error(err)
		}
	}
	// The same entry point of the two languages: the verdicts, then the typed parses.
	for _, goR := range results {
		for _, tsR := range results {
			if goR.lang != "Go" || tsR.lang != "TypeScript" || goR.typed != tsR.typed {
				continue
			}
			diff := errorsDiffer(cases, goR, tsR)
			fmt.Printf("\n%s and %s: cases both find invalid whose [pointer, keyword, message] lists differ (%d):\n", goR.name, tsR.name, len(diff))
			for _, d := range diff {
				fmt.Println(d)
			}
			if len(diff) > 0 {
				t.Errorf("%s and %s report different errors for %d case(s) (listed above)", goR.name, tsR.name, len(diff))
			}
		}
	}
	r2020 := reps[len(reps)-1]
	if r2020.subsetGroups != subsetGroups || r2020.subsetCases != subsetCases {
		t.Errorf("code-generator subset: %d groups, %d cases; the suite's README says %d and %d",
			r2020.subsetGroups, r2020.subsetCases, subsetGroups, subsetCases)
	}
	if r2020.pureGroups != pureGroups || r2020.pureCases != pureCases {
		t.Errorf("subset groups using only the subset's keywords: %d groups, %d cases; the suite's README says %d and %d",
			r2020.pureGroups, r2020.pureCases, pureGroups, pureCases)
	}
	for _, rep := range append(reps, formatReps...) {
		if rep.refusedGroups > 0 {
			t.Errorf("%s: %d group(s) refused (listed above): skillgen implements every keyword of every draft", rep.draft, rep.refusedGroups)
		}
		for _, r := range results {
			if n := rep.failed[r.name]; n > 0 {
				t.Errorf("%s, %s: %d case(s) fail (listed above)", rep.draft, r.name, n)
			}
			if n := rep.knownFailed[r.name]; n > 0 {
				t.Logf("%s, %s: %d case(s) fail for known reasons (listed above)", rep.draft, r.name, n)
			}
			for _, k := range rep.knownPassing[r.name] {
				t.Logf("%s: %s passes now: remove it from knownFailures", r.name, k)
			}
		}
	}
	for _, r := range results {
		if r.problem != "" {
			t.Logf("%s: %s", r.name, r.problem)
		}
	}
}

// formatMode is how a group of draft d is generated: as skillgen generates by default (format
// asserted in draft-04, -06 and -07, an annotation in 2019-09 and 2020-12), except
// optional/format of 2019-09 and 2020-12, generated with format asserted (-assert-format). So
// the optional/format cases of draft-04, -06 and -07 prove that the default asserts format.
func formatMode(optionalFormat bool, d normalize.Draft) build.FormatMode {
	if optionalFormat && d >= normalize.Draft2019 {
		return build.FormatAlways
	}
	return build.FormatByDraft
}
