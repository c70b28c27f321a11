package typescript

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/skillgen/skillgen/generator/build"
	"github.com/skillgen/skillgen/generator/ir"
	"github.com/skillgen/skillgen/generator/load"
	"github.com/skillgen/skillgen/schema"
)

// The TypeScript toolchain the generated package is checked with (docs/typescript.md).
const toolchainPackageJSON = `{
  "name": "skillgen-ts-check",
  "private": true,
  "type": "module",
  "devDependencies": {
    "fast-check": "4.11.0",
    "typescript": "5.9.3"
  }
}
`

var toolchainDir string

var toolchain = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "skillgen-ts-toolchain-")
	if err != nil {
		return "", err
	}
	toolchainDir = dir
	if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(toolchainPackageJSON), 0o644); err != nil {
		return "", err
	}
	cmd := exec.Command("npm", "install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("npm install: %v\n%s", err, out)
	}
	return filepath.Join(dir, "node_modules"), nil
})

func TestMain(m *testing.M) {
	code := m.Run()
	if toolchainDir != "" {
		os.RemoveAll(toolchainDir)
	}
	for _, d := range cleanup {
		os.RemoveAll(d)
	}
	os.Exit(code)
}

// project writes the emitted package into a fresh folder linked to the toolchain.
func project(t *testing.T, s *ir.Schema) string {
	t.Helper()
	if testing.Short() {
		t.Skip("needs node and npm")
	}
	nm, err := toolchain()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	writeFiles(t, dir, s)
	if err := os.Symlink(nm, filepath.Join(dir, "node_modules")); err != nil {
		t.Fatal(err)
	}
	return dir
}

func run(t *testing.T, dir string, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return string(out)
}

// typecheck runs tsc over the package with the strictest flags users turn on.
func typecheck(t *testing.T, dir string) {
	t.Helper()
	run(t, dir, "node", "node_modules/typescript/bin/tsc", "-p", ".", "--noEmit",
		"--strict", "--exactOptionalPropertyTypes", "--noUncheckedIndexedAccess")
}

// compile builds dist/ and copies the named test script next to it.
func compile(t *testing.T, dir, script string) {
	t.Helper()
	run(t, dir, "node", "node_modules/typescript/bin/tsc", "-p", ".")
	for _, name := range []string{script, "arbitraries.mjs"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func canonical(t *testing.T) *ir.Schema {
	t.Helper()
	set, err := load.FromFS(schema.FS, ".", "schema")
	if err != nil {
		t.Fatal(err)
	}
	s, err := build.Build(set, build.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestTypecheckFixture(t *testing.T) {
	typecheck(t, project(t, fixture()))
}

func TestTypecheckCanonical(t *testing.T) {
	typecheck(t, project(t, canonical(t)))
}

// TestRunFixture runs the fixture's validators, codecs and arbitraries under node
// (testdata/fixture.mjs).
func TestRunFixture(t *testing.T) {
	dir := project(t, fixture())
	compile(t, dir, "fixture.mjs")
	t.Log(run(t, dir, "node", "fixture.mjs"))
}

// TestRunCanonical checks the canonical schema's arbitraries and codecs under node
// (testdata/canonical.mjs).
func TestRunCanonical(t *testing.T) {
	dir := project(t, canonical(t))
	compile(t, dir, "canonical.mjs")
	t.Log(run(t, dir, "node", "canonical.mjs"))
}
