package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	skill "github.com/skillgen/skillgen/gen/go"
)

const validDescriptor = `{
  "protocol": {"version": "1.2.0"},
  "id": "weather.forecast",
  "name": "Weather forecast",
  "version": "2.1.0",
  "capability_type": "api",
  "description": "Seven-day forecast for a place.",
  "provider": {"name": "Example Weather", "url": "https://weather.example.com"},
  "endpoint": {"url": "https://api.weather.example.com/forecast", "method": "POST"},
  "inputs": [{"name": "place", "type": "string", "required": true}],
  "output": {"type": "object", "media_type": "application/json"},
  "auth": {"type": "api_key", "in": "header", "name": "X-API-Key"},
  "access": "public"
}`

var requiredFields = []string{
	"protocol", "id", "name", "version", "capability_type", "description",
	"provider", "endpoint", "inputs", "output", "auth", "access",
}

// result is what one run of the command produced.
type result struct {
	code           int
	stdout, stderr string
}

func runCmd(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errOut)
	return result{code, out.String(), errOut.String()}
}

// writeFile writes content to a new file in a temporary directory and returns its path.
func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// edit returns the valid descriptor with f applied to its decoded form.
func edit(t *testing.T, f func(map[string]any)) string {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(validDescriptor), &m); err != nil {
		t.Fatal(err)
	}
	f(m)
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func lines(s string) []string {
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

func TestValidDocument(t *testing.T) {
	path := writeFile(t, "ok.json", validDescriptor)
	r := runCmd(t, "", "-type", "SkillDescriptor", path)
	if r.code != 0 || r.stdout != "" || r.stderr != "" {
		t.Errorf("valid descriptor: %+v, want exit 0 and no output", r)
	}
	r = runCmd(t, "", "-type", "SkillDescriptor", "-consumer-version", "1.0.0", path)
	if r.code != 0 || r.stdout != "" {
		t.Errorf("valid descriptor, same major: %+v, want exit 0", r)
	}
	index := writeFile(t, "index.json", `{"protocol":{"version":"1.0.0"},"skills":[
	  {"id":"weather.forecast","name":"Weather forecast","version":"2.1.0","capability_type":"api",
	   "access":"public","descriptor_url":"/.well-known/skills/descriptors/weather.forecast.json"}]}`)
	if r := runCmd(t, "", "-type", "SkillIndex", index); r.code != 0 || r.stdout != "" {
		t.Errorf("valid index: %+v, want exit 0", r)
	}
}

func TestMissingRequiredField(t *testing.T) {
	for _, field := range requiredFields {
		t.Run(field, func(t *testing.T) {
			path := writeFile(t, "missing-"+field+".json", edit(t, func(m map[string]any) { delete(m, field) }))
			r := runCmd(t, "", "-type", "SkillDescriptor", path)
			if r.code != 1 {
				t.Fatalf("exit %d, want 1 (%+v)", r.code, r)
			}
			prefix := path + ":#/" + field + ": "
			found := false
			for _, l := range lines(r.stdout) {
				if strings.HasPrefix(l, prefix) && strings.Contains(strings.TrimPrefix(l, prefix), field) {
					found = true
				}
				if !strings.HasPrefix(l, path+":#") {
					t.Errorf("line %q is not FILE:#POINTER: MESSAGE", l)
				}
			}
			if !found {
				t.Errorf("output %q has no line %q naming the field", r.stdout, prefix+"...")
			}
		})
	}
}

func TestInvalidValues(t *testing.T) {
	for _, tc := range []struct {
		name, doc, pointer string
	}{
		{"capability_type out of enum", edit(t, func(m map[string]any) { m["capability_type"] = "widget" }), "#/capability_type"},
		{"access out of enum", edit(t, func(m map[string]any) { m["access"] = "secret" }), "#/access"},
		{"malformed protocol version", edit(t, func(m map[string]any) { m["protocol"] = map[string]any{"version": "1.0"} }), "#/protocol/version"},
		{"leading zero in protocol version", edit(t, func(m map[string]any) { m["protocol"] = map[string]any{"version": "01.0.0"} }), "#/protocol/version"},
		{"not JSON", "this is not JSON", "#"},
		{"truncated JSON", validDescriptor[:40], "#"},
		{"empty file", "", "#"},
		{"unknown input member, percent-encoded pointer", edit(t, func(m map[string]any) {
			m["inputs"] = []any{map[string]any{"name": "x", "type": "string", "required": true, "a b%/é": 1}}
		}), "#/inputs/0/a%20b%25~1%C3%A9"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := writeFile(t, "doc.json", tc.doc)
			r := runCmd(t, "", "-type", "SkillDescriptor", path)
			if r.code != 1 {
				t.Fatalf("exit %d, want 1 (%+v)", r.code, r)
			}
			if !strings.Contains(r.stdout, path+":"+tc.pointer+": ") {
				t.Errorf("output %q has no line for %s", r.stdout, tc.pointer)
			}
		})
	}
}

func TestConsumerVersion(t *testing.T) {
	v2 := writeFile(t, "v2.json", edit(t, func(m map[string]any) { m["protocol"] = map[string]any{"version": "2.0.0"} }))
	r := runCmd(t, "", "-type", "SkillDescriptor", "-consumer-version", "1.4.0", v2)
	if r.code != 1 || len(lines(r.stdout)) != 1 || !strings.HasPrefix(r.stdout, v2+":#/protocol/version: ") || !strings.Contains(r.stdout, "incompatible") ||
		!strings.Contains(r.stdout, "2.0.0") || !strings.Contains(r.stdout, "1.4.0") {
		t.Errorf("greater major: %+v, want exit 1 and one incompatible line naming both versions", r)
	}
	// Without -consumer-version, the same descriptor is simply valid.
	if r := runCmd(t, "", "-type", "SkillDescriptor", v2); r.code != 0 {
		t.Errorf("2.0.0 descriptor without -consumer-version: %+v", r)
	}
	// Lower major: incompatible too.
	if r := runCmd(t, "", "-type", "SkillDescriptor", "-consumer-version", "3.0.0", v2); r.code != 1 || !strings.Contains(r.stdout, "incompatible") {
		t.Errorf("lower major: %+v", r)
	}
	// The version is checked before the rest of the document.
	future := writeFile(t, "future.json", `{"protocol":{"version":"5.1.0"},"id":"x"}`)
	if r := runCmd(t, "", "-type", "SkillDescriptor", "-consumer-version", "1.0.0", future); r.code != 1 || len(lines(r.stdout)) != 1 || !strings.Contains(r.stdout, "incompatible") {
		t.Errorf("future descriptor: %+v, want one incompatible line", r)
	}
	for _, args := range [][]string{
		{"-type", "SkillIndex", "-consumer-version", "1.0.0", v2},
		{"-type", "SkillDescriptor", "-consumer-version", "1.0", v2},
		{"-type", "SkillDescriptor", "-consumer-version", "v1.0.0", v2},
	} {
		if r := runCmd(t, "", args...); r.code != 2 || r.stderr == "" {
			t.Errorf("%v: %+v, want a usage error (exit 2)", args, r)
		}
	}
}

func TestUsageAndIOErrors(t *testing.T) {
	ok := writeFile(t, "ok.json", validDescriptor)
	r := runCmd(t, "", "-type", "Nope", ok)
	if r.code != 2 {
		t.Errorf("unknown type: exit %d, want 2", r.code)
	}
	for _, name := range skill.TypeNames() {
		if !strings.Contains(r.stderr, name) {
			t.Errorf("unknown type: stderr %q does not list %s", r.stderr, name)
		}
	}
	for _, args := range [][]string{
		{ok},                         // no -type
		{"-type", "SkillDescriptor"}, // no FILE
		{"-type", "SkillDescriptor", "-bogus", ok},
		{"-type", "SkillDescriptor", filepath.Join(t.TempDir(), "missing.json")},
		{"-type", "SkillDescriptor", ok, filepath.Join(t.TempDir(), "missing.json")},
	} {
		if r := runCmd(t, "", args...); r.code != 2 || r.stderr == "" {
			t.Errorf("%v: %+v, want exit 2 with a message", args, r)
		}
	}
	if r := runCmd(t, "", "-h"); r.code != 0 || !strings.Contains(r.stderr, "usage: skillcheck") {
		t.Errorf("-h: %+v", r)
	}
}

func TestStdinAndSeveralFiles(t *testing.T) {
	if r := runCmd(t, validDescriptor, "-type", "SkillDescriptor", "-"); r.code != 0 || r.stdout != "" {
		t.Errorf("valid stdin: %+v", r)
	}
	r := runCmd(t, "{", "-type", "SkillDescriptor", "-")
	if r.code != 1 || !strings.HasPrefix(r.stdout, "<stdin>:#: ") {
		t.Errorf("invalid stdin: %+v", r)
	}

	ok := writeFile(t, "ok.json", validDescriptor)
	bad := writeFile(t, "bad.json", edit(t, func(m map[string]any) { delete(m, "auth"); m["access"] = "everyone" }))
	r = runCmd(t, "", "-type", "SkillDescriptor", ok, bad, ok)
	if r.code != 1 {
		t.Errorf("one invalid file among valid ones: exit %d, want 1", r.code)
	}
	for _, l := range lines(r.stdout) {
		if !strings.HasPrefix(l, bad+":#/") {
			t.Errorf("unexpected line %q", l)
		}
	}
	if !strings.Contains(r.stdout, bad+":#/auth: ") || !strings.Contains(r.stdout, bad+":#/access: ") {
		t.Errorf("output %q misses a violation", r.stdout)
	}
}

func TestFragment(t *testing.T) {
	for p, want := range map[string]string{
		"":                   "#",
		"/":                  "#/",
		"/a/0":               "#/a/0",
		"/a~1b/m~0n":         "#/a~1b/m~0n",
		"/c%d":               "#/c%25d",
		"/e^f":               "#/e%5Ef",
		"/g|h":               "#/g%7Ch",
		"/i\\j":              "#/i%5Cj",
		"/k\"l":              "#/k%22l",
		"/ ":                 "#/%20",
		"/é#[]{}<>`":         "#/%C3%A9%23%5B%5D%7B%7D%3C%3E%60",
		"/!$&'()*+,;=:@?-._": "#/!$&'()*+,;=:@?-._",
		"/\x00\n":            "#/%00%0A",
	} {
		if got := fragment(p); got != want {
			t.Errorf("fragment(%q) = %q, want %q", p, got, want)
		}
	}
}

// TestDirectories: a folder stands for every *.json file below it, in sorted order; a folder
// with none is an error.
func TestDirectories(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string]string{
		"b.json":            validDescriptor,
		"a-bad.json":        edit(t, func(m map[string]any) { delete(m, "auth") }),
		"sub/c-bad.json":    edit(t, func(m map[string]any) { m["access"] = "everyone" }),
		"sub/notes.txt":     "not checked",
		"sub/deeper/d.json": validDescriptor,
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := runCmd(t, "", "-type", "SkillDescriptor", dir)
	want := []string{
		filepath.Join(dir, "a-bad.json") + ":#/auth: ",
		filepath.Join(dir, "sub", "c-bad.json") + ":#/access: ",
	}
	got := lines(r.stdout)
	if r.code != 1 || len(got) != len(want) || r.stderr != "" {
		t.Fatalf("folder: %+v, want exit 1 and %d lines", r, len(want))
	}
	for i, w := range want {
		if !strings.HasPrefix(got[i], w) {
			t.Errorf("line %d: %q, want it to start with %q", i, got[i], w)
		}
	}
	// Only the valid files: exit 0; a file and a folder together.
	if r := runCmd(t, "", "-type", "SkillDescriptor", filepath.Join(dir, "sub", "deeper"), filepath.Join(dir, "b.json")); r.code != 0 || r.stdout != "" {
		t.Errorf("valid folder and file: %+v", r)
	}
	empty := t.TempDir()
	if r := runCmd(t, "", "-type", "SkillDescriptor", empty); r.code != 2 || !strings.Contains(r.stderr, empty+": no *.json file in this folder or below") {
		t.Errorf("empty folder: %+v", r)
	}
}

// TestTypeNames: -type matches case-insensitively; an unknown name gets the nearest as a
// suggestion.
func TestTypeNames(t *testing.T) {
	ok := writeFile(t, "ok.json", validDescriptor)
	for _, name := range []string{"skilldescriptor", "SKILLDESCRIPTOR", "SkillDescriptor"} {
		if r := runCmd(t, "", "-type", name, ok); r.code != 0 || r.stdout != "" || r.stderr != "" {
			t.Errorf("-type %s: %+v", name, r)
		}
	}
	for name, want := range map[string]string{
		"SkilDescriptor": `unknown type "SkilDescriptor" (did you mean SkillDescriptor?)`,
		"descriptor":     `unknown type "descriptor" (did you mean SkillDescriptor?)`,
		"skill-index":    `unknown type "skill-index" (did you mean SkillIndex?)`,
		"Zebra":          `unknown type "Zebra"; valid types: `,
	} {
		r := runCmd(t, "", "-type", name, ok)
		if r.code != 2 || !strings.Contains(r.stderr, want) {
			t.Errorf("-type %s: %+v, want exit 2 and %q", name, r, want)
		}
	}
	if got, err := matchType("ab", []string{"AB", "Ab"}); err == nil || !strings.Contains(err.Error(), "ambiguous: it could be AB or Ab") {
		t.Errorf("two names equal ignoring case: %q, %v", got, err)
	}
}
