package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

// consumerMain uses the generated package as a downstream program would.
const consumerMain = `package main

import (
	"errors"
	"fmt"
	"os"

	"example.com/consumer/skill"
)

func main() {
	data, err := os.ReadFile(os.Args[1])
	if err != nil {
		panic(err)
	}
	d, err := skill.ParseSkillDescriptor(data)
	if err != nil {
		panic(err)
	}
	fmt.Println("ok", d.ID, d.Access)
	_, err = skill.ParseSkillDescriptor([]byte(` + "`" + `{"id": "x"}` + "`" + `))
	var verrs skill.ValidationErrors
	if !errors.As(err, &verrs) {
		panic("no ValidationErrors")
	}
	fmt.Println("invalid", verrs[0].Pointer, verrs[0].Keyword)
}
`

// consumerTest is the consumer's own test of the generated package, with the generated
// arbitraries: what they produce validates and survives MarshalJSON and ParseT.
const consumerTest = `package skill_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"example.com/consumer/skill"
	"example.com/consumer/skill/arbitrary"
	"pgregory.net/rapid"
)

func TestDescriptorsRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		d := arbitrary.SkillDescriptor().Draw(t, "descriptor")
		if err := d.Validate(); err != nil {
			t.Fatalf("an arbitrary descriptor is invalid: %v", err)
		}
		data, err := json.Marshal(d)
		if err != nil {
			t.Fatal(err)
		}
		back, err := skill.ParseSkillDescriptor(data)
		if err != nil {
			t.Fatalf("ParseSkillDescriptor(%s): %v", data, err)
		}
		again, _ := json.Marshal(back)
		if !reflect.DeepEqual(data, again) {
			t.Fatalf("round trip:\n%s\n%s", data, again)
		}
	})
}
`

// TestGoToolRoute takes the route README.md gives a downstream module: go get -tool records
// skillgen in go.mod (here replaced by this checkout), a //go:generate line runs go tool
// skillgen, and the module builds, vets and tests what it generated, arbitraries included (their
// import path derived from the module's go.mod).
func TestGoToolRoute(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module")
	}
	repo, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "go.mod"), "module example.com/consumer\n\ngo 1.26\n\nrequire github.com/skillgen/skillgen v0.0.0\n\nreplace github.com/skillgen/skillgen => "+repo+"\n")
	// The checkout's go.sum vouches for skillgen's dependencies, which come from the module
	// cache: the route runs offline.
	goSum, err := os.ReadFile(filepath.Join(repo, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "go.sum"), string(goSum))
	goCmd := filepath.Join(runtime.GOROOT(), "bin", "go")
	env := append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	// offline: skillgen and its dependencies come from the checkout and the module cache (the
	// build of this test put them there); GOPROXY=off also keeps go get -tool from asking the
	// proxy whether cmd/skillgen is a module of its own.
	offline := append(env[:len(env):len(env)], "GOPROXY=off")
	goRunEnv := func(env []string, args ...string) string {
		t.Helper()
		cmd := exec.Command(goCmd, args...)
		cmd.Dir = dir
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	goRun := func(args ...string) string {
		t.Helper()
		return goRunEnv(offline, args...)
	}

	goRun("get", "-tool", "github.com/skillgen/skillgen/cmd/skillgen")
	mod, _ := os.ReadFile(filepath.Join(dir, "go.mod"))
	if !regexp.MustCompile(`(?m)^tool github.com/skillgen/skillgen/cmd/skillgen$`).Match(mod) {
		t.Fatalf("go get -tool did not add the tool directive:\n%s", mod)
	}

	// The neutral defaults: Go into the folder of the //go:generate line, in the package of
	// its Go files, no TypeScript; no -schema: the embedded canonical schema, with arbitraries.
	writeFile(t, filepath.Join(dir, "skill", "gen.go"), "// Package skill is generated from the skill-sharing protocol's schema.\npackage skill\n\n//go:generate go tool skillgen\n")
	writeFile(t, filepath.Join(dir, "skill", "skill_test.go"), consumerTest)
	writeFile(t, filepath.Join(dir, "main.go"), consumerMain)
	out := goRun("generate", "./...")
	// rapid is not among the tool's own dependencies: skillgen says what to run.
	if !strings.Contains(out, "imports pgregory.net/rapid, which "+filepath.Join(dir, "go.mod")+" does not require: run go get pgregory.net/rapid") {
		t.Errorf("go generate did not say that the arbitraries need rapid:\n%s", out)
	}
	arb, err := os.ReadFile(filepath.Join(dir, "skill", "arbitrary", "arbitrary.go"))
	if err != nil || !strings.Contains(string(arb), `"example.com/consumer/skill"`) {
		t.Fatalf("skill/arbitrary does not import example.com/consumer/skill (%v)", err)
	}
	// rapid may not be in the module cache yet (this test does not import it): the proxy may
	// serve it; the copied go.sum checks it.
	goRunEnv(env, "get", "pgregory.net/rapid@"+requiredVersion(t, filepath.Join(repo, "go.mod"), "pgregory.net/rapid"))
	goRun("vet", "./...")
	out = goRun("test", "-count=1", "./...")
	if !strings.Contains(out, "ok  \texample.com/consumer/skill") {
		t.Fatalf("go test:\n%s", out)
	}

	// The generated package imports nothing outside the standard library.
	deps := goRun("list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", "./skill")
	if got := strings.TrimSpace(deps); got != "example.com/consumer/skill" {
		t.Fatalf("generated package depends on non-standard packages:\n%s", got)
	}
	out = goRun("run", ".", filepath.Join(repo, "schema", "examples", "SkillDescriptor.weather-forecast.json"))
	if !strings.Contains(out, "ok ") || !strings.Contains(out, "invalid /protocol required") {
		t.Fatalf("consumer output:\n%s", out)
	}
	// A second go generate changes nothing, and -check agrees; the hand-written files stay, and
	// no TypeScript was written.
	goRun("generate", "./...")
	if out := goRun("tool", "skillgen", "-go-out", "skill", "-check"); strings.Contains(out, "---") {
		t.Fatalf("-check after go generate:\n%s", out)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "skill", "skill_test.go")); string(data) != consumerTest {
		t.Fatal("the consumer's skill_test.go was changed")
	}
	if _, err := os.Stat(filepath.Join(dir, "skill", "package.json")); !os.IsNotExist(err) {
		t.Fatal("go generate wrote TypeScript, which it was not asked for")
	}
}

// requiredVersion reads the version of module mod from a go.mod's require directives.
func requiredVersion(t *testing.T, gomod, mod string) string {
	t.Helper()
	data, err := os.ReadFile(gomod)
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^\s*(?:require\s+)?` + regexp.QuoteMeta(mod) + `\s+(v\S+)`).FindSubmatch(data)
	if m == nil {
		t.Fatalf("%s does not require %s", gomod, mod)
	}
	return string(m[1])
}
