package main

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// petV2 makes "age" required and widens "name" (no minLength): BACKWARD- and
// FORWARD-incompatible.
const petV2 = `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "title": "Pet",
  "type": "object",
  "required": ["name", "age"],
  "properties": {"name": {"type": "string"}, "age": {"type": "integer", "minimum": 0}}
}`

// petV3 only widens petV1 (age may be negative): FORWARD-incompatible only.
const petV3 = `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "title": "Pet",
  "type": "object",
  "required": ["name"],
  "properties": {"name": {"type": "string", "minLength": 1}, "age": {"type": "integer"}}
}`

func gitRun(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"}, args...)...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

func TestBreakingUsage(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "schema", "pet.json"), smallSchema)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"breaking"}, "-against is required"},
		{[]string{"breaking", "-against", "schema", "-mode", "LAX"}, `-mode "LAX"`},
		{[]string{"breaking", "-against", "schema", "-format", "xml"}, `-format "xml"`},
		{[]string{"breaking", "-against", "schema", "-budget", "0"}, "-budget 0"},
		{[]string{"breaking", "-against", "schema", "extra"}, `unexpected argument "extra"`},
		{[]string{"breaking", "-against", "schema", "-nope"}, "flag provided but not defined: -nope"},
		{[]string{"breaking", "-against", "schema", "-draft", "draft-05"}, `-draft "draft-05"`},
		{[]string{"breaking", "-schema", "schema", "-against", "no-such-revision"}, `"no-such-revision" is neither a file nor a git revision`},
	} {
		code, stdout, stderr := runCLI(t, dir, c.args...)
		lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
		if code != 2 || stdout != "" || len(lines) != 1 || !strings.Contains(stderr, c.want) || !strings.HasPrefix(stderr, "skillgen breaking: ") {
			t.Errorf("%v: code %d, stdout %q, stderr %q; want 2 and one line with %q", c.args, code, stdout, stderr, c.want)
		}
	}
}

func TestBreakingModes(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "old", "pet.json"), smallSchema)
	writeFile(t, filepath.Join(dir, "new", "pet.json"), petV3)
	for mode, want := range map[string]int{"BACKWARD": 0, "FORWARD": 1, "FULL": 1} {
		code, stdout, stderr := runCLI(t, dir, "breaking", "-schema", "new", "-against", "old", "-mode", mode)
		if code != want || stderr != "" {
			t.Errorf("-mode %s: code %d, want %d\n%s%s", mode, code, want, stdout, stderr)
		}
	}
	code, stdout, _ := runCLI(t, dir, "breaking", "-schema", "new", "-against", "old", "-mode", "FORWARD")
	if code != 1 || !strings.Contains(stdout, "Pet: BACKWARD compatible, FORWARD incompatible") || !strings.Contains(stdout, `{"age":-1,"name":"`) {
		t.Errorf("text report:\n%s", stdout)
	}
	// The same versions: compatible in every mode.
	code, stdout, _ = runCLI(t, dir, "breaking", "-schema", "old", "-against", "old", "-mode", "FULL")
	if code != 0 || !strings.Contains(stdout, "BACKWARD compatible, FORWARD compatible, FULL compatible") {
		t.Errorf("same versions: code %d\n%s", code, stdout)
	}
}

// TestBreakingVersionedFiles compares two single files of different names (pet-1.0.json,
// pet-2.0.json), untitled: they are one type in two versions, not a removal and an addition.
func TestBreakingVersionedFiles(t *testing.T) {
	dir := t.TempDir()
	untitled := func(s string) string { return strings.Replace(s, `"title": "Pet",`, "", 1) }
	writeFile(t, filepath.Join(dir, "pet-1.0.json"), untitled(smallSchema))
	writeFile(t, filepath.Join(dir, "pet-2.0.json"), untitled(petV2))
	code, stdout, stderr := runCLI(t, dir, "breaking", "-schema", "pet-2.0.json", "-against", "pet-1.0.json")
	if code != 1 || stderr != "" || !strings.Contains(stdout, `member "age" is now required`) || strings.Contains(stdout, "type-removed") {
		t.Errorf("code %d\n%s%s", code, stdout, stderr)
	}
}

// TestBreakingGitRevision compares a working tree with a revision of a temporary repository,
// in the three output forms, as a pull request's CI step does.
func TestBreakingGitRevision(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "schema", "pet.json"), smallSchema)
	gitRun(t, dir, "init", "-q")
	gitRun(t, dir, "add", ".")
	gitRun(t, dir, "commit", "-q", "-m", "v1")
	writeFile(t, filepath.Join(dir, "schema", "pet.json"), petV2)

	code, stdout, stderr := runCLI(t, dir, "breaking", "-schema", "schema", "-against", "HEAD")
	if code != 1 || stderr != "" || !strings.Contains(stdout, "schema: HEAD:schema → schema") ||
		!strings.Contains(stdout, `member "age" is now required`) {
		t.Fatalf("git revision: code %d\n%s%s", code, stdout, stderr)
	}
	// REV:PATH names the old file itself.
	code, stdout, _ = runCLI(t, dir, "breaking", "-schema", "schema/pet.json", "-against", "HEAD:schema/pet.json")
	if code != 1 || !strings.Contains(stdout, "HEAD:schema/pet.json") {
		t.Fatalf("REV:PATH: code %d\n%s", code, stdout)
	}

	code, stdout, _ = runCLI(t, dir, "breaking", "-schema", "schema", "-against", "HEAD", "-format", "json")
	var r struct {
		Backward, Forward string
		Types             []struct {
			Name    string
			Changes []struct {
				Kind, New       string
				BackwardWitness *struct {
					Document   json.RawMessage
					AcceptedBy string
					Errors     []string
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(stdout), &r); err != nil || code != 1 {
		t.Fatalf("json: code %d, %v\n%s", code, err, stdout)
	}
	found := false
	for _, tr := range r.Types {
		for _, ch := range tr.Changes {
			if ch.Kind == "required-added" {
				found = ch.New == "pet.json#/required" && ch.BackwardWitness != nil && ch.BackwardWitness.AcceptedBy == "old" && len(ch.BackwardWitness.Errors) > 0
			}
		}
	}
	if r.Backward != "incompatible" || r.Forward != "incompatible" || !found {
		t.Fatalf("json report:\n%s", stdout)
	}

	code, stdout, _ = runCLI(t, dir, "breaking", "-schema", "schema", "-against", "HEAD", "-format", "github")
	// "required" is on line 5 of the new file, "name" (whose minLength went) on line 6.
	want := []*regexp.Regexp{
		regexp.MustCompile(`(?m)^::error file=schema/pet.json,line=5,title=BACKWARD incompatible::Pet: member "age" is now required`),
		regexp.MustCompile(`(?m)^schema HEAD:schema → schema: BACKWARD incompatible$`),
	}
	for _, re := range want {
		if code != 1 || !re.MatchString(stdout) {
			t.Errorf("github: code %d, want a line matching %s\n%s", code, re, stdout)
		}
	}
	if strings.Contains(stdout, "FORWARD") {
		t.Errorf("github -mode BACKWARD annotates FORWARD changes:\n%s", stdout)
	}
}
