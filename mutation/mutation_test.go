package main

import (
	"encoding/json"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestListApplies checks the list against the current tree, without running any suite: every
// mutation names a known suite, changes text that occurs exactly once in its file, and leaves a
// Go file that still parses and a JSON file that is still JSON.
func TestListApplies(t *testing.T) {
	root, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	id := regexp.MustCompile(`^(go|ts)-[a-z0-9]+(-[a-z0-9]+)*$`)
	seen := map[string]bool{}
	for _, m := range mutations {
		t.Run(m.ID, func(t *testing.T) {
			if !id.MatchString(m.ID) || seen[m.ID] {
				t.Errorf("id %q is not unique kebab-case", m.ID)
			}
			seen[m.ID] = true
			lang, _, _ := strings.Cut(m.ID, "-")
			if _, ok := suites[m.Suite]; !ok || !strings.HasPrefix(m.Suite, lang) {
				t.Errorf("suite %q: unknown or not of the language of the id", m.Suite)
			}
			if !validGroup(m.Group) {
				t.Errorf("group %q", m.Group)
			}
			if m.Find == m.Replace || m.Why == "" {
				t.Errorf("a mutation changes something and says what it breaks")
			}
			data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(m.File)))
			if err != nil {
				t.Fatal(err)
			}
			if n := strings.Count(string(data), m.Find); n != 1 {
				t.Fatalf("%s holds the text to mutate %d times, want once: %q", m.File, n, m.Find)
			}
			mutated := strings.Replace(string(data), m.Find, m.Replace, 1)
			switch {
			case strings.HasSuffix(m.File, ".go") || strings.HasSuffix(m.File, ".go.tmpl"):
				if _, err := parser.ParseFile(token.NewFileSet(), m.File, mutated, 0); err != nil {
					t.Errorf("the mutated Go does not parse: %v", err)
				}
			case strings.HasSuffix(m.File, ".json"):
				if !json.Valid([]byte(mutated)) {
					t.Errorf("the mutated JSON is not JSON")
				}
			}
		})
	}
}

func validGroup(g string) bool {
	for i := 1; i <= 11; i++ {
		if g == fmt.Sprintf("P%d", i) {
			return true
		}
	}
	for i := 1; i <= 9; i++ {
		if g == fmt.Sprintf("C%d", i) {
			return true
		}
	}
	switch g {
	case "§4", "§5.1", "§5.2", "§5.3", "§6", "interop":
		return true
	}
	return false
}

// TestListCovers checks that the list covers what it must: at least forty mutations, every
// Property and every C-item in both languages, and, in the bounded run, every mutation that once
// survived and both languages.
func TestListCovers(t *testing.T) {
	if len(mutations) < 40 {
		t.Errorf("%d mutations, want at least 40", len(mutations))
	}
	by := map[string]map[string]int{} // group -> language -> count
	for _, m := range mutations {
		lang, _, _ := strings.Cut(m.ID, "-")
		if by[m.Group] == nil {
			by[m.Group] = map[string]int{}
		}
		by[m.Group][lang]++
	}
	var groups []string
	for i := 1; i <= 11; i++ {
		groups = append(groups, fmt.Sprintf("P%d", i))
	}
	for i := 1; i <= 9; i++ {
		groups = append(groups, fmt.Sprintf("C%d", i))
	}
	groups = append(groups, "§5.1", "§5.2", "§5.3", "interop")
	for _, g := range groups {
		for _, lang := range []string{"go", "ts"} {
			if by[g][lang] == 0 {
				t.Errorf("no %s mutation in group %s", lang, g)
			}
		}
	}
	// The mutations that once survived every suite, and the gaps found beside them.
	for _, id := range []string{
		"ts-c2-fetch-limit-not-plus-one", "ts-s51-default-limit-10", "ts-c6-unmapped-ignored",
		"ts-c9-unknown-mode-off", "ts-c9-default-re-encodes", "ts-c7-tenant-filter",
		"go-p2-extra-capability-type", "ts-p2-capability-type-value-removed",
		"go-c9-unknown-mode-silent", "ts-s52-summary-from-untruncated-set",
	} {
		found := false
		for _, m := range mutations {
			if m.ID == id {
				found = true
				if !m.CI {
					t.Errorf("%s is not in the bounded run", id)
				}
			}
		}
		if !found {
			t.Errorf("%s is missing from the list", id)
		}
	}
	ci := map[string]bool{}
	for _, m := range mutations {
		if m.CI {
			lang, _, _ := strings.Cut(m.ID, "-")
			ci[lang] = true
		}
	}
	if !ci["go"] || !ci["ts"] {
		t.Errorf("the bounded run lacks a language: %v", ci)
	}
}

// TestApplyRefusesStaleText: a mutation whose text is missing, or repeated, is refused rather
// than applied somewhere else.
func TestApplyRefusesStaleText(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "f.txt"), []byte("a b a"), 0o644); err != nil {
		t.Fatal(err)
	}
	for find, want := range map[string]string{"zz": "not there", "a": "occurs 2 times"} {
		err := apply(dir, Mutation{File: "f.txt", Find: find, Replace: "x"})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("apply %q: %v, want an error containing %q", find, err, want)
		}
	}
	if err := apply(dir, Mutation{File: "f.txt", Find: "b", Replace: "c"}); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "f.txt")); string(data) != "a c a" {
		t.Errorf("applied: %q", data)
	}
}

// TestFailures: the report names the failed tests of both runners.
func TestFailures(t *testing.T) {
	goOut := "--- FAIL: TestC9BroadcastKnob (0.01s)\n    --- FAIL: TestC9BroadcastKnob/off (0.00s)\nFAIL\n"
	if got := failures("go", goOut+"FAIL\tgithub.com/skillgen/skillgen/gen/go\t0.8s\n"); got != "TestC9BroadcastKnob; TestC9BroadcastKnob/off" {
		t.Errorf("go: %q", got)
	}
	tsOut := "   × SuperAuditor v1, C6: the coverage check fails 12ms\n FAIL  test/x.test.ts > C6\n"
	if got := failures("ts-superauditor", tsOut); !strings.Contains(got, "SuperAuditor v1, C6: the coverage check fails") {
		t.Errorf("ts: %q", got)
	}
	if got := failures("go", "exit status 1"); got != "the suite failed" {
		t.Errorf("none: %q", got)
	}
	if !brokenBuild("go", "FAIL\tgithub.com/x [build failed]") || brokenBuild("go", "--- FAIL: TestX") {
		t.Errorf("go build detection")
	}
	if !brokenBuild("ts-superauditor", "Error: Transform failed with 1 error") || brokenBuild("ts-superauditor", "AssertionError: expected") {
		t.Errorf("ts build detection")
	}
}

// TestToolScores: the reports of StrykerJS and gremlins are read into scores per file; timed-out
// mutants count as detected, survivors and mutants no test reaches against the score.
func TestToolScores(t *testing.T) {
	stryker := `{"schemaVersion":"2","files":{"gen/ts/src/b.ts":{"mutants":[
		{"mutatorName":"EqualityOperator","replacement":"a <= b","status":"Survived","location":{"start":{"line":3,"column":7}}},
		{"mutatorName":"BooleanLiteral","replacement":"true","status":"Killed","location":{"start":{"line":4,"column":1}}},
		{"mutatorName":"BlockStatement","replacement":"{}","status":"Timeout","location":{"start":{"line":5,"column":1}}},
		{"mutatorName":"StringLiteral","replacement":"\"\"","status":"CompileError","location":{"start":{"line":6,"column":1}}},
		{"mutatorName":"ConditionalExpression","replacement":"false","status":"NoCoverage","location":{"start":{"line":7,"column":2}}}]},
		"gen/ts/src/a.ts":{"mutants":[{"mutatorName":"X","replacement":"y","status":"Killed","location":{"start":{"line":1,"column":1}}}]}}}`
	scores, err := strykerScores([]byte(stryker))
	if err != nil {
		t.Fatal(err)
	}
	if len(scores) != 2 || scores[0].File != "gen/ts/src/a.ts" || scores[0].Score() != 100 {
		t.Fatalf("stryker scores %+v", scores)
	}
	b := scores[1]
	if b.Killed != 1 || b.Timeout != 1 || b.Survived != 1 || b.NoCoverage != 1 || b.Other != 1 || b.Score() != 50 || len(b.Survivors) != 2 {
		t.Errorf("stryker b.ts: %+v score %.1f", b, b.Score())
	}
	gremlins := `{"go_module":"m","files":[{"file_name":"superauditor.go","mutations":[
		{"type":"CONDITIONALS_BOUNDARY","status":"LIVED","line":10,"column":3},
		{"type":"CONDITIONALS_NEGATION","status":"KILLED","line":11,"column":3},
		{"type":"ARITHMETIC_BASE","status":"TIMED OUT","line":12,"column":3},
		{"type":"INVERT_LOGICAL","status":"NOT VIABLE","line":13,"column":3}]},
		{"file_name":"protocol.go","mutations":[{"type":"CONDITIONALS_NEGATION","status":"NOT COVERED","line":1,"column":1}]}]}`
	scores, err = gremlinsScores([]byte(gremlins))
	if err != nil {
		t.Fatal(err)
	}
	if len(scores) != 2 || scores[0].File != "gen/go/protocol.go" || scores[0].Score() != 0 || scores[0].NoCoverage != 1 {
		t.Fatalf("gremlins scores %+v", scores)
	}
	if s := scores[1]; s.Killed != 1 || s.Timeout != 1 || s.Survived != 1 || s.Other != 1 || s.Score() < 66 || s.Score() > 67 {
		t.Errorf("gremlins superauditor.go: %+v score %.1f", s, s.Score())
	}
	var out strings.Builder
	if printScores(&out, "x", scores, 90) || !strings.Contains(out.String(), "survived: gen/go/superauditor.go:10:3 LIVED CONDITIONALS_BOUNDARY") {
		t.Errorf("printScores:\n%s", out.String())
	}
}

// TestStrykerRanges: the line ranges of tsconformance/stryker.config.json and of the bounded
// sample start at the code they name, so that a change of the generated files cannot silently
// move them onto other code.
func TestStrykerRanges(t *testing.T) {
	root, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	starts := map[string]string{ // file:first line -> the text that line must hold
		"gen/ts/src/runtime.ts:27":       "export function ptr(",
		"gen/ts/src/runtime.ts:50":       "export function isNumber(",
		"gen/ts/src/runtime.ts:114":      "export function esc(",
		"gen/ts/src/runtime.ts:657":      "const LARGE_NUMBER",
		"gen/ts/src/protocol.ts:92":      `if (p.length > 1 && p[0] === "0")`,
		"gen/ts/src/protocol.ts:865":     "return entries.filter((e) => e.capability_type === t);",
		"gen/ts/src/superauditor.ts:87":  "return ra < rb ? -1 : ra > rb ? 1 : 0;",
		"gen/ts/src/superauditor.ts:164": `if (severityRank(s) > severityRank("info"))`,
		"gen/ts/src/superauditor.ts:618": "const fetch = b.perKindFetch ?? DEFAULT_PER_KIND_LIMIT + 1;",
		"gen/ts/src/superauditor.ts:626": "const n = perKind.get(f.kind) ?? 0;",
	}
	data, err := os.ReadFile(filepath.Join(root, "tsconformance", "stryker.config.json"))
	if err != nil {
		t.Fatal(err)
	}
	var config struct{ Mutate []string }
	if err := json.Unmarshal(data, &config); err != nil {
		t.Fatal(err)
	}
	for _, r := range append(config.Mutate, strykerSample...) {
		file, lines, ok := strings.Cut(r, ":")
		if !ok {
			continue
		}
		first, _, _ := strings.Cut(lines, "-")
		first, _, _ = strings.Cut(first, ":") // line:column
		want, known := starts[file+":"+first]
		if !known {
			t.Errorf("range %s: its first line is not one this test knows", r)
			continue
		}
		src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(file)))
		if err != nil {
			t.Fatal(err)
		}
		n, _ := strconv.Atoi(first)
		ls := strings.Split(string(src), "\n")
		if n < 1 || n > len(ls) || !strings.Contains(ls[n-1], want) {
			t.Errorf("range %s: line %d is not %q", r, n, want)
		}
	}
}

// TestApplyAt: gremlins' mutants are applied at the line and column of their token, the way its
// mutator changes it, and nowhere else.
func TestApplyAt(t *testing.T) {
	src := []byte("package p\n\nfunc f(a, b int) bool {\n\tswitch {\n\tcase a < b && a > 0:\n\t\treturn true\n\t}\n\treturn a-b == 0\n}\n")
	for _, tc := range []struct {
		line, col int
		mutator   string
		want      string
	}{
		{5, 9, "CONDITIONALS_BOUNDARY", "case a <= b && a > 0:"},
		{5, 9, "CONDITIONALS_NEGATION", "case a >= b && a > 0:"},
		{5, 13, "INVERT_LOGICAL", "case a < b || a > 0:"},
		{5, 18, "CONDITIONALS_BOUNDARY", "case a < b && a >= 0:"},
		{8, 10, "ARITHMETIC_BASE", "return a+b == 0"},
		{8, 13, "CONDITIONALS_NEGATION", "return a-b != 0"},
	} {
		out, err := applyAt(src, tc.line, tc.col, tc.mutator)
		if err != nil {
			t.Errorf("%d:%d %s: %v", tc.line, tc.col, tc.mutator, err)
			continue
		}
		if !strings.Contains(string(out), tc.want) || len(out) < len(src)-1 || len(out) > len(src)+1 {
			t.Errorf("%d:%d %s:\n%s", tc.line, tc.col, tc.mutator, out)
		}
		if _, err := parser.ParseFile(token.NewFileSet(), "p.go", out, 0); err != nil {
			t.Errorf("%d:%d %s: the mutant does not parse: %v", tc.line, tc.col, tc.mutator, err)
		}
	}
	if _, err := applyAt(src, 5, 7, "CONDITIONALS_BOUNDARY"); err == nil {
		t.Errorf("a mutator applied to a token it does not change")
	}
	if _, err := applyAt(src, 40, 1, "CONDITIONALS_BOUNDARY"); err == nil {
		t.Errorf("a mutant applied where there is no token")
	}
}

// TestEquivalents: every known equivalent mutant names a line that exists in its file, and a
// gremlins entry a token its mutator changes, so that the list cannot go stale unnoticed.
func TestEquivalents(t *testing.T) {
	root, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range equivalents {
		if e.Why == "" || e.Mutator == "" {
			t.Errorf("%s %q: no reason or no mutator", e.File, e.Code)
		}
		src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(e.File)))
		if err != nil {
			t.Errorf("%s: %v", e.File, err)
			continue
		}
		found := false
		for i, l := range strings.Split(string(src), "\n") {
			if strings.TrimSpace(l) != e.Code {
				continue
			}
			found = true
			if _, isGremlins := gremlinsSwap[e.Mutator]; isGremlins {
				if _, err := applyAt(src, i+1, e.Column, e.Mutator); err != nil {
					t.Errorf("%s:%d %q: %v", e.File, i+1, e.Code, err)
				}
			}
		}
		if !found {
			t.Errorf("%s: no line %q (the equivalent mutant's code moved or changed)", e.File, e.Code)
		}
		m := survivor{Line: 1, Column: e.Column, Mutator: e.Mutator, Code: e.Code}
		if _, ok := explain(e.File, m); !ok {
			t.Errorf("%s %q: explain does not find it", e.File, e.Code)
		}
		m.Mutator = "OTHER"
		if _, ok := explain(e.File, m); ok {
			t.Errorf("%s %q: explain matches another mutator", e.File, e.Code)
		}
	}
	var out strings.Builder
	scores := []fileScore{{File: "gen/go/protocol.go", Killed: 99, Survivors: []survivor{{Line: 9, Column: 1, Status: "LIVED", Mutator: "INVERT_LOGICAL", Code: "not listed"}}}}
	if printScores(&out, "gremlins", scores, 90) || !strings.Contains(out.String(), "NOT EXPLAINED") {
		t.Errorf("an unexplained survivor passes:\n%s", out.String())
	}
	e := equivalents[0]
	scores[0].Survivors[0] = survivor{Line: 9, Column: e.Column, Status: "LIVED", Mutator: e.Mutator, Code: e.Code}
	scores[0].File = e.File
	out.Reset()
	if !printScores(&out, "gremlins", scores, 90) || !strings.Contains(out.String(), "equivalent: "+e.Why) {
		t.Errorf("a known equivalent fails the run:\n%s", out.String())
	}
}

// TestGremlinsSample: every sampled line occurs once in its file, and markSample leaves the
// files as they were with a git diff that adds exactly the sampled lines.
func TestGremlinsSample(t *testing.T) {
	root, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, name := range []string{"protocol.go", "superauditor.go"} {
		data, err := os.ReadFile(filepath.Join(root, "gen", "go", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := markSample(dir, gremlinsSample); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"protocol.go", "superauditor.go"} {
		a, _ := os.ReadFile(filepath.Join(root, "gen", "go", name))
		b, _ := os.ReadFile(filepath.Join(dir, name))
		if string(a) != string(b) {
			t.Errorf("%s changed", name)
		}
	}
	cmd := exec.Command("git", "diff", "--merge-base", "HEAD") // as gremlins runs it
	cmd.Dir = dir
	diff, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(diff), "\n") {
		if strings.HasPrefix(l, " ") {
			t.Fatalf("the diff has context lines, which gremlins would misplace:\n%s", diff)
		}
	}
	cmd = exec.Command("git", "diff", "--merge-base", "HEAD", "-U0")
	cmd.Dir = dir
	if diff, err = cmd.Output(); err != nil {
		t.Fatal(err)
	}
	var added []string
	for _, l := range strings.Split(string(diff), "\n") {
		if strings.HasPrefix(l, "+") && !strings.HasPrefix(l, "+++") {
			added = append(added, strings.TrimSpace(l[1:]))
		}
	}
	if len(added) != len(gremlinsSample) {
		t.Fatalf("the diff adds %d lines, want %d:\n%s", len(added), len(gremlinsSample), diff)
	}
	for _, s := range gremlinsSample {
		if !slices.Contains(added, s.Code) {
			t.Errorf("the diff does not add %q", s.Code)
		}
	}
	if err := markSample(t.TempDir(), []struct{ File, Code string }{{"protocol.go", "x"}}); err == nil {
		t.Errorf("a sample line that does not exist was accepted")
	}
}

// TestGremlinsExcludes: gremlins mutates protocol.go and superauditor.go of gen/go and nothing
// else, whatever files the generator adds.
func TestGremlinsExcludes(t *testing.T) {
	root, err := repoRoot()
	if err != nil {
		t.Fatal(err)
	}
	pattern, err := gremlinsExcludes(filepath.Join(root, "gen", "go"))
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(pattern)
	entries, _ := os.ReadDir(filepath.Join(root, "gen", "go"))
	for _, e := range entries {
		n := e.Name()
		if !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
			continue
		}
		if want := n != "protocol.go" && n != "superauditor.go"; re.MatchString(n) != want {
			t.Errorf("%s: excluded %v, want %v", n, !want, want)
		}
	}
}
