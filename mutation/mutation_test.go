package main

import (
	"encoding/json"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
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
	case "§5.1", "§5.2", "§5.3", "interop":
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
