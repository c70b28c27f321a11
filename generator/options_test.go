package generator_test

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/skillgen/skillgen/generator"
)

// npmModule returns the folder of a package bundled with npm (validate-npm-package-name,
// semver), the checks of package.json that npm itself runs.
func npmModule(t *testing.T, name string) string {
	t.Helper()
	out, err := exec.Command("npm", "root", "-g").Output()
	if err != nil {
		t.Fatalf("npm root -g (npm is needed as the oracle): %v", err)
	}
	return filepath.Join(strings.TrimSpace(string(out)), "npm", "node_modules", name)
}

// nodeVerdicts runs script under node with the candidates as JSON on standard input and reads
// one boolean per candidate.
func nodeVerdicts(t *testing.T, script string, candidates []string) []bool {
	t.Helper()
	in, _ := json.Marshal(candidates)
	cmd := exec.Command("node", "-e", script)
	cmd.Stdin = strings.NewReader(string(in))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var verdicts []bool
	if err := json.Unmarshal(out, &verdicts); err != nil || len(verdicts) != len(candidates) {
		t.Fatalf("node answered %q (%v)", out, err)
	}
	return verdicts
}

// candidates draws n strings from the pieces that the rules of a check are about.
func candidates(t *testing.T, n int, pieces []string, fixed []string) []string {
	t.Helper()
	out := append([]string(nil), fixed...)
	rapid.Check(t, func(rt *rapid.T) {
		parts := rapid.SliceOfN(rapid.SampledFrom(pieces), 1, 8).Draw(rt, "parts")
		out = append(out, strings.Join(parts, ""))
	})
	for len(out) < n {
		out = append(out, out[len(out)-1]+pieces[len(out)%len(pieces)])
	}
	return out
}

// TestNPMNamesAsNPM: CheckNPMPackage accepts exactly the names that npm's own
// validate-npm-package-name accepts for new packages.
func TestNPMNamesAsNPM(t *testing.T) {
	pieces := []string{"a", "z", "0", "9", "-", ".", "_", "~", "'", "!", "(", ")", "*", "@", "/", "A", " ", "é", "%", "+", "fs", "http", "skill", "@acme/", "node_modules", "favicon.ico", strings.Repeat("x", 60)}
	names := candidates(t, 300, pieces, []string{
		"skill", "@acme/skill", "@skillgen/skill-protocol", "Bad Name!", "fs", "fs/promises", "FS", "@acme/.hidden",
		".x", "_x", "-x", " x", "x ", "node_modules", "Favicon.ico", "@a/b/c", "@/x", "@x", "a~b", "@a~b/c", "@A/b",
		strings.Repeat("a", 214), strings.Repeat("a", 215), "", "a@b", "a/b",
	})
	verdicts := nodeVerdicts(t, `const v = require(`+jsQuote(npmModule(t, "validate-npm-package-name"))+`);
		const names = JSON.parse(require("fs").readFileSync(0, "utf8"));
		console.log(JSON.stringify(names.map((n) => v(n).validForNewPackages)));`, names)
	agree(t, "validate-npm-package-name", names, verdicts, generator.CheckNPMPackage)
}

// agree fails where check and the oracle's verdicts differ, and when the candidates are nearly
// all valid or all invalid (they would prove little).
func agree(t *testing.T, oracle string, candidates []string, verdicts []bool, check func(string) error) {
	t.Helper()
	accepted := 0
	for i, c := range candidates {
		err := check(c)
		if (err == nil) != verdicts[i] {
			t.Errorf("%q: %s says valid=%v, skillgen says %v", c, oracle, verdicts[i], err)
		}
		if err == nil {
			accepted++
		}
	}
	t.Logf("%d candidates, %d valid", len(candidates), accepted)
	if accepted < 10 || accepted > len(candidates)-10 {
		t.Errorf("the candidates do not exercise both verdicts: %d of %d valid", accepted, len(candidates))
	}
}

// TestVersionsAsNPM: CheckSemver accepts exactly the versions npm's semver package accepts
// (semver.valid), apart from what semver tolerates and CheckSemver refuses on purpose: a "v" or
// "=" prefix and surrounding white space.
func TestVersionsAsNPM(t *testing.T) {
	num := rapid.SampledFrom([]string{"0", "1", "9", "10", "123", "0", "1", "01", "", "x", "9007199254740991", "9007199254740992"})
	ident := rapid.SampledFrom([]string{"alpha", "rc", "0", "1", "x-y", "A", "--", "alpha", "rc", "0", "01", "", "_", "a b"})
	versions := []string{"0.0.0", "1.2.3", "1.2", "1.2.3.4", "1.2.3-" + strings.Repeat("a", 260), "v1.2.3", " 1.2.3"}
	rapid.Check(t, func(rt *rapid.T) {
		v := num.Draw(rt, "major") + "." + num.Draw(rt, "minor") + "." + num.Draw(rt, "patch")
		if rapid.Bool().Draw(rt, "prerelease") {
			v += "-" + strings.Join(rapid.SliceOfN(ident, 1, 3).Draw(rt, "pre"), ".")
		}
		if rapid.Bool().Draw(rt, "build") {
			v += "+" + strings.Join(rapid.SliceOfN(ident, 1, 3).Draw(rt, "build ids"), ".")
		}
		versions = append(versions, v)
	})
	verdicts := nodeVerdicts(t, `const semver = require(`+jsQuote(npmModule(t, "semver"))+`);
		const vs = JSON.parse(require("fs").readFileSync(0, "utf8"));
		console.log(JSON.stringify(vs.map((v) => semver.valid(v) !== null && v === v.trim() && !/^[v=]/.test(v))));`, versions)
	agree(t, "npm's semver", versions, verdicts, generator.CheckSemver)
}

func jsQuote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func TestLicenseExpressions(t *testing.T) {
	for _, ok := range []string{"MIT", "Apache-2.0", "GPL-2.0+", "(MIT OR Apache-2.0)", "MIT AND (BSD-2-Clause OR ISC)",
		"GPL-2.0-only WITH Classpath-exception-2.0", "LicenseRef-acme", "DocumentRef-x:LicenseRef-y", "UNLICENSED", "SEE LICENSE IN LICENSE.txt"} {
		if err := generator.CheckLicense(ok); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
	for _, bad := range []string{"", "Apache 2.0", "MIT OR", "(MIT", "MIT)", "AND", "MIT WITH", "MIT WITH GPL-2.0+", "MIT or Apache-2.0", "SEE LICENSE IN ", "MIT/X11", "()"} {
		if err := generator.CheckLicense(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestGoPackageNames(t *testing.T) {
	for _, ok := range []string{"skill", "skill2", "déjà", "_x", "Skill"} {
		if err := generator.CheckGoPackage(ok); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
	for _, bad := range []string{"", "9bad", "main", "_", "type", "func", "a-b", "a.b", "a b"} {
		if err := generator.CheckGoPackage(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// TestParseMapFormats: -map-formats reads formats separated by commas (spaces and repeats
// allowed), "all" and the empty value; a format with no standard-library type is refused
// with the reason, which Options.Check gives too.
func TestParseMapFormats(t *testing.T) {
	for in, want := range map[string][]string{
		"":                     nil,
		"date-time":            {"date-time"},
		" date-time,date-time": {"date-time"},
		"all":                  {"date-time"},
	} {
		got, err := generator.ParseMapFormats(in)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("generator.ParseMapFormats(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for in, why := range map[string]string{
		"duration":      "time.Duration cannot hold ISO 8601 durations",
		"date-time,uri": "net/url's URL has no JSON encoding",
		"uuid":          "the standard library has no UUID type",
		"date":          "no type for a calendar date",
		"email":         "not a format skillgen maps",
		"date-time,":    `format "" cannot be mapped`,
	} {
		if _, err := generator.ParseMapFormats(in); err == nil || !strings.Contains(err.Error(), why) {
			t.Errorf("generator.ParseMapFormats(%q): %v, want an error saying %q", in, err, why)
		}
	}
	if err := (generator.Options{MapFormats: []string{"time"}}).Check(); err == nil || !strings.Contains(err.Error(), "MapFormats: format \"time\" cannot be mapped") {
		t.Errorf("Options.Check with MapFormats time: %v", err)
	}
	if err := (generator.Options{MapFormats: []string{"date-time"}}).Check(); err != nil {
		t.Errorf("Options.Check with MapFormats date-time: %v", err)
	}
}
