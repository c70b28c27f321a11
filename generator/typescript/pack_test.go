package typescript

import (
	"archive/tar"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

// genTS is the committed package that npm publishes.
const genTS = "../../gen/ts"

// The second compiler the generated sources are checked with: TypeScript 7 (the native port).
const toolchain7PackageJSON = `{
  "name": "skillgen-ts7-check",
  "private": true,
  "type": "module",
  "devDependencies": {
    "fast-check": "4.11.0",
    "typescript": "7.0.2"
  }
}
`

var toolchain7 = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "skillgen-ts7-toolchain-")
	if err != nil {
		return "", err
	}
	cleanup = append(cleanup, dir)
	if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(toolchain7PackageJSON), 0o644); err != nil {
		return "", err
	}
	if out, err := npm(dir, "install"); err != nil {
		return "", fmt.Errorf("npm install: %v\n%s", err, out)
	}
	return filepath.Join(dir, "node_modules"), nil
})

// cleanup lists temporary folders TestMain removes.
var cleanup []string

func npm(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command("npm", append(args, "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error")...)
	cmd.Dir = dir
	return cmd.CombinedOutput()
}

// strict7 runs TypeScript 7's tsc over the emitted package with the strictest flags.
func strict7(t *testing.T, files map[string]string) {
	t.Helper()
	if testing.Short() {
		t.Skip("needs node and npm")
	}
	nm, err := toolchain7()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for p, data := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(nm, filepath.Join(dir, "node_modules")); err != nil {
		t.Fatal(err)
	}
	out := run(t, dir, "node", "node_modules/typescript/bin/tsc", "--version")
	if !strings.Contains(out, "Version 7.") {
		t.Fatalf("not TypeScript 7: %s", out)
	}
	run(t, dir, "node", "node_modules/typescript/bin/tsc", "-p", ".", "--noEmit",
		"--strict", "--exactOptionalPropertyTypes", "--noUncheckedIndexedAccess")
}

func TestTypecheckTS7Fixture(t *testing.T) {
	strict7(t, emitMap(t, fixture()))
}

func TestTypecheckTS7Canonical(t *testing.T) {
	strict7(t, emitMap(t, canonical(t)))
}

// copyPackage copies gen/ts (without node_modules and dist) into dir.
func copyPackage(t *testing.T, dir string) {
	t.Helper()
	err := filepath.WalkDir(genTS, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(genTS, p)
		if d.IsDir() {
			if d.Name() == "node_modules" || d.Name() == "dist" {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(dir, rel), 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// tarNames lists the entries of a gzipped tarball.
func tarNames(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(zr)
	var names []string
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, h.Name)
	}
	slices.Sort(names)
	return names
}

// consumerTS imports the packed package by name and uses every part of its API.
const consumerTS = `import {
  parseSkillDescriptor, isSkillDescriptor, serializeSkillDescriptor, validateSkillDescriptor,
  buildFindingsResponse, checkCompatibility, buildIndex, VersionIncompatibleError,
  type SkillDescriptor, type FindingsResponse, type ValidationError,
} from "PKG";
import { arbitrarySkillDescriptor } from "PKG/arbitraries";
import fc from "fast-check";
import { DESCRIPTOR } from "./descriptor.js";

declare const console: { log(...args: unknown[]): void };

function check(ok: boolean, what: string): void {
  if (!ok) throw new Error("consumer: " + what);
}

const good = parseSkillDescriptor(DESCRIPTOR);
if (!good.ok) throw new Error("valid descriptor rejected: " + JSON.stringify(good.errors));
const d: SkillDescriptor = good.value;
check(isSkillDescriptor(d), "isSkillDescriptor");
check(serializeSkillDescriptor(d) === JSON.stringify(JSON.parse(DESCRIPTOR)), "serializeSkillDescriptor round trip");

const bad = parseSkillDescriptor(JSON.stringify({ ...d, id: "Not An Id", name: "" }));
check(!bad.ok, "invalid descriptor accepted");
if (!bad.ok) {
  const pointers = bad.errors.map((e: ValidationError) => e.pointer);
  check(pointers.includes("/id") && pointers.includes("/name"), "errors at /id and /name: " + pointers.join(","));
}
check(!parseSkillDescriptor("{").ok, "text that is not JSON accepted");

fc.assert(fc.property(arbitrarySkillDescriptor(), (x: SkillDescriptor) => validateSkillDescriptor(x).length === 0), { numRuns: 50 });

const resp: FindingsResponse = buildFindingsResponse(
  [{ kind: "a", payload: { n: 1 } }, { kind: "a" }, { kind: "b" }],
  { per_kind_limit: 1 },
  { severities: { a: "warn" }, fallbackInfo: true, serverVersion: "1.0.0" },
);
check(resp.total === 2 && resp.capped_kinds.join() === "a", "buildFindingsResponse");
check(resp.summary === "Findings: 2 returned (per_kind_limit 1).\nBy severity: warn 1, info 1.\n- a (warn): 1\n- b (info): 1\nCapped (more exist than returned): a.", "summary");

checkCompatibility("1.2.0", "1.0.0");
let incompatible = false;
try {
  checkCompatibility("2.0.0", "1.0.0");
} catch (err) {
  incompatible = err instanceof VersionIncompatibleError && err.code === "version_incompatible";
}
check(incompatible, "checkCompatibility 2.0.0 vs 1.0.0");
check(buildIndex([d]).skills.length === (d.access === "private" ? 0 : 1), "buildIndex");

console.log("consumer ok");
`

const consumerTSConfig = `{
  "compilerOptions": {
    "target": "ES2022",
    "lib": ["ES2022"],
    "module": "NodeNext",
    "moduleResolution": "NodeNext",
    "strict": true,
    "exactOptionalPropertyTypes": true,
    "noUncheckedIndexedAccess": true,
    "outDir": "out",
    "rootDir": "src"
  },
  "include": ["src"]
}
`

// TestPackInstallConsume packs gen/ts the way npm publishes it (npm install, npm pack with its
// prepack build), installs the tarball into a fresh project and compiles and runs a consumer
// there with TypeScript 5.9.3 and 7.
func TestPackInstallConsume(t *testing.T) {
	if testing.Short() {
		t.Skip("needs node and npm")
	}
	var meta struct {
		Name    string `json:"name"`
		Version string `json:"version"`
	}
	data, err := os.ReadFile(filepath.Join(genTS, "package.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &meta); err != nil {
		t.Fatal(err)
	}

	pkg := t.TempDir()
	copyPackage(t, pkg)
	if out, err := npm(pkg, "install"); err != nil {
		t.Fatalf("npm install: %v\n%s", err, out)
	}
	dest := t.TempDir()
	if out, err := npm(pkg, "pack", "--pack-destination", dest); err != nil {
		t.Fatalf("npm pack: %v\n%s", err, out)
	}
	tarballs, _ := filepath.Glob(filepath.Join(dest, "*.tgz"))
	if len(tarballs) != 1 {
		t.Fatalf("npm pack wrote %v", tarballs)
	}
	names := tarNames(t, tarballs[0])
	for _, want := range []string{"package/package.json", "package/README.md", "package/LICENSE",
		"package/dist/index.js", "package/dist/index.d.ts", "package/dist/arbitraries.js", "package/dist/arbitraries.d.ts",
		"package/dist/protocol.js", "package/dist/superauditor.js"} {
		if !slices.Contains(names, want) {
			t.Errorf("tarball lacks %s: %v", want, names)
		}
	}
	for _, n := range names {
		if strings.HasPrefix(n, "package/src/") || strings.HasPrefix(n, "package/node_modules/") || strings.HasSuffix(n, ".tgz") {
			t.Errorf("tarball holds %s", n)
		}
	}

	app := t.TempDir()
	if err := os.WriteFile(filepath.Join(app, "package.json"), []byte(`{"name": "consumer", "private": true, "type": "module"}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := npm(app, "install", tarballs[0], "fast-check@4.11.0"); err != nil {
		t.Fatalf("npm install tarball: %v\n%s", err, out)
	}
	desc, err := os.ReadFile("../../schema/examples/SkillDescriptor.markdown-lint.json")
	if err != nil {
		t.Fatal(err)
	}
	var compact strings.Builder
	if err := json.NewEncoder(&compact).Encode(json.RawMessage(desc)); err != nil {
		t.Fatal(err)
	}
	quoted, _ := json.Marshal(strings.TrimSpace(compact.String()))
	files := map[string]string{
		"tsconfig.json":     consumerTSConfig,
		"src/consumer.ts":   strings.ReplaceAll(consumerTS, "PKG", meta.Name),
		"src/descriptor.ts": "export const DESCRIPTOR: string = " + string(quoted) + ";\n",
	}
	for p, data := range files {
		full := filepath.Join(app, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ts5, err := toolchain()
	if err != nil {
		t.Fatal(err)
	}
	ts7, err := toolchain7()
	if err != nil {
		t.Fatal(err)
	}
	run(t, app, "node", filepath.Join(ts7, "typescript", "bin", "tsc"), "-p", ".", "--noEmit", "--strict")
	run(t, app, "node", filepath.Join(ts5, "typescript", "bin", "tsc"), "-p", ".", "--strict")
	out := run(t, app, "node", "out/consumer.js")
	if !strings.Contains(out, "consumer ok") {
		t.Fatalf("consumer: %s", out)
	}
	// The same consumer under "moduleResolution": "bundler".
	if err := os.WriteFile(filepath.Join(app, "tsconfig.bundler.json"), []byte(consumerBundlerTSConfig), 0o644); err != nil {
		t.Fatal(err)
	}
	run(t, app, "node", filepath.Join(ts5, "typescript", "bin", "tsc"), "-p", "tsconfig.bundler.json")
	t.Logf("%s@%s: %d files in the tarball; consumer compiled with TypeScript 5.9.3 and 7 and ran; bundler resolution type-checks", meta.Name, meta.Version, len(names))

	consumeFromCommonJS(t, tarballs[0], meta.Name, ts5)
}

const consumerBundlerTSConfig = `{
  "extends": "./tsconfig.json",
  "compilerOptions": { "module": "esnext", "moduleResolution": "bundler", "noEmit": true }
}
`

// consumeFromCommonJS installs the tarball, without fast-check, into a CommonJS project: under
// "nodenext" TypeScript compiles a require of the package and Node runs it; under "node16"
// TypeScript refuses it (TS1479), as docs/typescript.md says; and the arbitraries entry,
// without its peer dependency, fails with a message that names fast-check and the install.
func consumeFromCommonJS(t *testing.T, tarball, name, ts5 string) {
	t.Helper()
	app := t.TempDir()
	if err := os.WriteFile(filepath.Join(app, "package.json"), []byte(`{"name": "cjs-consumer", "private": true}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := npm(app, "install", tarball); err != nil {
		t.Fatalf("npm install tarball: %v\n%s", err, out)
	}
	src := "import { isSkillDescriptor } from \"" + name + "\";\nconsole.log(\"cjs\", isSkillDescriptor({}));\n"
	if err := os.MkdirAll(filepath.Join(app, "src"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(app, "src", "main.ts"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	tsc := filepath.Join(ts5, "typescript", "bin", "tsc")
	run(t, app, "node", tsc, "--module", "nodenext", "--moduleResolution", "nodenext", "--strict", "--outDir", "out", "src/main.ts")
	if out := run(t, app, "node", "out/main.js"); strings.TrimSpace(out) != "cjs false" {
		t.Errorf("CommonJS consumer printed %q", out)
	}
	cmd := exec.Command("node", tsc, "--module", "node16", "--moduleResolution", "node16", "--strict", "--noEmit", "src/main.ts")
	cmd.Dir = app
	if out, err := cmd.CombinedOutput(); err == nil || !strings.Contains(string(out), "TS1479") {
		t.Errorf("node16 from CommonJS: want TS1479, got %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(app, "node_modules", "fast-check")); !os.IsNotExist(err) {
		t.Fatalf("fast-check was installed with the package: %v", err)
	}
	cmd = exec.Command("node", "-e", `import("`+name+`/arbitraries").then(() => console.log("loaded"), (e) => console.log(e.message))`)
	cmd.Dir = app
	out, err := cmd.CombinedOutput()
	want := name + "/arbitraries needs fast-check 4, a peer dependency that is not installed: npm install --save-dev fast-check"
	if err != nil || strings.TrimSpace(string(out)) != want {
		t.Errorf("arbitraries without fast-check: %v\n%s\nwant %s", err, out, want)
	}
}

// TestGenTSFresh checks that gen/ts is what the emitter writes for the canonical schema, so
// the package TestPackInstallConsume publishes is the current one.
func TestGenTSFresh(t *testing.T) {
	s := canonical(t)
	files, err := Emit(s, Options{PackageName: "@skillgen/skill-protocol", Arbitraries: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		cur, err := os.ReadFile(filepath.Join(genTS, filepath.FromSlash(f.Path)))
		if err != nil || string(cur) != string(f.Data) {
			t.Errorf("gen/ts/%s is stale: run go run ./cmd/skillgen", f.Path)
		}
	}
}
