// Package npm tests the npm package @skillgen/cli (npm/cli, docs/npm.md): skillgen compiled to
// WebAssembly, packed, installed into an empty folder and run with npx, against the native
// binary.
package npm

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/skillgen/skillgen/internal/datadir"
)

// corpusSchemas are the corpus's schemas run one by one: a draft-04, draft-07 ones (one with
// warnings), a 2019-09 and a 2020-12 one, and one skillgen refuses (a reference -ref-map
// answers with a file that is not there: the error carries the system's wording).
var corpusSchemas = []string{"nycrc", "appveyor", "minecraft-loot-table", "openweather.roadrisk", "enonic-xp-task-8.0.0", "gematik-test-hcps"}

// corpusFolder are the corpus's schemas copied into one folder, given as -schema.
var corpusFolder = []string{"claude-code-keybindings", "emmet", "github-discussion", "partial-black"}

// packed are the files the package must hold, and no other.
var packed = []string{"LICENSE", "README.md", "THIRD_PARTY_NOTICES", "bin/skillgen.js", "package.json", "skillgen.wasm", "wasm_exec.js"}

// A run is one command's result: its exit status, its output and the files of out/ after it.
type run struct {
	code           int
	stdout, stderr string
	files          map[string]string // path below out/ → mode and content
}

// TestNPMPackageMatchesNative builds the package as make npm does (npm/build.sh) into a copy
// of npm/cli, packs it with npm pack, installs the tarball into an empty folder (offline) and
// runs npx skillgen there, and the native binary (go build ./cmd/skillgen) with the same
// arguments in the same folder: the canonical schema (Go and TypeScript with arbitraries,
// then -check on a stale copy, then a bad flag), corpus schemas one by one, a folder of them,
// and a missing schema. The exit status, standard output, standard error and every file written
// must be the same, byte for byte.
func TestNPMPackageMatchesNative(t *testing.T) {
	for _, tool := range []string{"go", "node", "npm", "npx", "bash"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is not installed: the npm package's test needs Go, Node.js 20 and npm (see docs/npm.md)", tool)
		}
	}
	corpus, err := datadir.FindCorpus()
	if err != nil {
		t.Fatal(err)
	}
	schemas := filepath.Join(corpus, "schemastore", "schemas")
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	env := append(os.Environ(), "npm_config_cache="+filepath.Join(tmp, "npm-cache"), "npm_config_update_notifier=false",
		"npm_config_audit=false", "npm_config_fund=false", "NO_COLOR=1")

	start := time.Now()
	native := filepath.Join(tmp, "skillgen")
	command(t, root, env, "go", "build", "-o", native, "./cmd/skillgen")
	pkg := filepath.Join(tmp, "package")
	copyPackage(t, filepath.Join(root, "npm", "cli"), pkg)
	command(t, root, append(env, "GO=go"), "bash", filepath.Join("npm", "build.sh"), pkg)
	built := time.Since(start)
	wasm, err := os.Stat(filepath.Join(pkg, "skillgen.wasm"))
	if err != nil {
		t.Fatal(err)
	}

	out := command(t, pkg, env, "npm", "pack", "--json", "--pack-destination", tmp)
	var packs []struct {
		Filename string
		Size     int
		Files    []struct{ Path string }
	}
	if err := json.Unmarshal(jsonPart(out), &packs); err != nil || len(packs) != 1 {
		t.Fatalf("npm pack --json: %v\n%s", err, out)
	}
	var files []string
	for _, f := range packs[0].Files {
		files = append(files, f.Path)
	}
	sort.Strings(files)
	if !slices.Equal(files, packed) {
		t.Fatalf("the package holds %q, want %q", files, packed)
	}
	project := filepath.Join(tmp, "project")
	if err := os.Mkdir(project, 0o755); err != nil {
		t.Fatal(err)
	}
	command(t, project, env, "npm", "install", "--no-audit", "--no-fund", "--offline", filepath.Join(tmp, packs[0].Filename))
	t.Logf("skillgen.wasm %.1f MB, the package %.1f MB packed; built in %s", float64(wasm.Size())/1e6, float64(packs[0].Size)/1e6, built.Round(time.Second))

	canonical := []string{"-go-out", "out/go", "-go-package", "skill", "-go-import", "example.test/skill",
		"-ts-out", "out/ts", "-ts-package", "@skillgen/skill-protocol", "-arbitraries"}
	corpusFlags := []string{"-draft", "draft-07", "-ref-map", "https://json.schemastore.org/=" + schemas,
		"-ref-map", "https://www.schemastore.org/=" + schemas, "-go-out", "out/go", "-go-package", "p",
		"-go-import", "example.test/p", "-ts-out", "out/ts", "-ts-package", "p", "-arbitraries", "-v"}
	type testCase struct {
		name  string
		args  []string
		setup func(t *testing.T) // run in the project folder, out/ empty, before each command
		code  int                // the exit status both must have
		env   []string           // added to the environment of both
	}
	cases := []testCase{
		{name: "canonical", args: append([]string{"-v"}, canonical...)},
		{name: "canonical -check, stale", args: append([]string{"-check"}, canonical...), code: 1, setup: func(t *testing.T) {
			command(t, project, env, native, canonical...)
			appendFile(t, filepath.Join(project, "out", "go", "types.go"), "// edited\n")
			if err := os.Remove(filepath.Join(project, "out", "ts", "src", "index.ts")); err != nil {
				t.Fatal(err)
			}
		}},
		{name: "bad flag", args: append(slices.Clone(canonical), "-go-package", "1x"), code: 2},
		// An environment larger than Go's js/wasm start-up block holds: the launcher passes
		// what skillgen reads.
		{name: "missing schema, large environment", args: append([]string{"-schema", "no/such.json"}, canonical...), code: 1,
			env: []string{"FILLER=" + strings.Repeat("x", 12000)}},
		{name: "corpus folder", args: append([]string{"-schema", "schemas"}, corpusFlags...), setup: func(t *testing.T) {
			for _, n := range corpusFolder {
				copyFile(t, filepath.Join(schemas, n+".json"), filepath.Join(project, "schemas", n+".json"))
			}
		}},
	}
	for _, n := range corpusSchemas {
		c := testCase{name: "corpus " + n, args: append([]string{"-schema", filepath.Join(schemas, n+".json")}, corpusFlags...)}
		if n == "gematik-test-hcps" {
			c.code = 1
		}
		cases = append(cases, c)
	}

	var nativeTime, npxTime time.Duration
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			do := func(name string, args ...string) run {
				if err := os.RemoveAll(filepath.Join(project, "out")); err != nil {
					t.Fatal(err)
				}
				if c.setup != nil {
					c.setup(t)
				}
				return execute(t, project, append(slices.Clone(env), c.env...), name, args...)
			}
			t0 := time.Now()
			want := do(native, c.args...)
			t1 := time.Now()
			got := do("npx", append([]string{"skillgen"}, c.args...)...)
			nativeTime += t1.Sub(t0)
			npxTime += time.Since(t1)
			if want.code != c.code {
				t.Fatalf("the native binary exits %d, want %d; standard error:\n%s", want.code, c.code, want.stderr)
			}
			compare(t, got, want)
			if c.code == 0 && len(want.files) == 0 {
				t.Fatal("nothing was written")
			}
		})
	}
	t.Logf("%d runs: native %s, npx %s", len(cases), nativeTime.Round(time.Millisecond), npxTime.Round(time.Millisecond))

	bin := filepath.Join(project, "node_modules", ".bin", "skillgen")
	t.Run("lock left by an ended run", func(t *testing.T) { staleLock(t, project, env, bin, canonical) })
	t.Run("lock held: wait, and SIGINT releases", func(t *testing.T) { heldLock(t, project, env, bin, canonical) })
}

// compare fails the test where got and want differ, saying where.
func compare(t *testing.T, got, want run) {
	t.Helper()
	if got.code != want.code {
		t.Errorf("exit status %d, the native binary's %d", got.code, want.code)
	}
	if got.stdout != want.stdout {
		t.Errorf("standard output differs from the native binary's:\n%s", firstDifference(got.stdout, want.stdout))
	}
	if got.stderr != want.stderr {
		t.Errorf("standard error differs from the native binary's:\n%s", firstDifference(got.stderr, want.stderr))
	}
	for _, p := range union(got.files, want.files) {
		g, gok := got.files[p]
		w, wok := want.files[p]
		switch {
		case !gok:
			t.Errorf("out/%s: written by the native binary only", p)
		case !wok:
			t.Errorf("out/%s: written by npx skillgen only", p)
		case g != w:
			t.Errorf("out/%s differs from the native binary's:\n%s", p, firstDifference(g, w))
		}
	}
}

// staleLock: a lock file that names a process that has ended makes the run fail at once,
// naming it, and writing nothing.
func staleLock(t *testing.T, project string, env []string, bin string, args []string) {
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	lock := filepath.Join(project, "out", "go", ".skillgen-lock")
	resetOut(t, project)
	writeFile(t, lock, strconv.Itoa(dead.Process.Pid)+"\n")
	r := execute(t, project, env, bin, args...)
	want := fmt.Sprintf("skillgen: %s: left by a skillgen run (process %d) that has ended without removing it; remove the file\n", lock, dead.Process.Pid)
	if r.code != 1 || r.stderr != want {
		t.Fatalf("exit %d, standard error %q; want 1 and %q", r.code, r.stderr, want)
	}
	if len(r.files) != 1 {
		t.Fatalf("out/ holds %q, want the lock file only", union(r.files, nil))
	}
}

// heldLock: a lock file that names a running process (this test's) is waited for, as the native
// binary waits for a flock: the run says so, holds the lock of the other folder meanwhile, and
// SIGINT removes that lock (not the one it waits for) and ends the run by the signal. Once the
// awaited lock is removed, a run goes on and writes everything.
func heldLock(t *testing.T, project string, env []string, bin string, args []string) {
	goLock := filepath.Join(project, "out", "go", ".skillgen-lock")
	tsLock := filepath.Join(project, "out", "ts", ".skillgen-lock")
	waiting := "skillgen: waiting: another skillgen run (process " + strconv.Itoa(os.Getpid()) + ") is writing into out/ts\n"
	for _, interrupt := range []bool{true, false} {
		resetOut(t, project)
		writeFile(t, tsLock, strconv.Itoa(os.Getpid())+"\n")
		cmd := exec.Command(bin, args...)
		cmd.Dir, cmd.Env = project, env
		stderr, err := cmd.StderrPipe()
		if err != nil {
			t.Fatal(err)
		}
		var stdout bytes.Buffer
		cmd.Stdout = &stdout
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		line, err := bufio.NewReader(stderr).ReadString('\n')
		if line != waiting {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("the run's first line on standard error %q (%v), want %q", line, err, waiting)
		}
		if _, err := os.Stat(goLock); err != nil {
			t.Errorf("while waiting for out/ts the run does not hold out/go: %v", err)
		}
		if interrupt {
			cmd.Process.Signal(os.Interrupt)
		} else {
			os.Remove(tsLock)
		}
		rest, _ := io.ReadAll(stderr)
		err = cmd.Wait()
		var exit *exec.ExitError
		if interrupt {
			if !errors.As(err, &exit) || exit.Sys().(syscall.WaitStatus).Signal() != syscall.SIGINT {
				t.Errorf("after SIGINT the run ends with %v, want killed by SIGINT; standard error: %s", err, rest)
			}
			if _, err := os.Stat(goLock); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("after SIGINT the lock the run held is still there (%v)", err)
			}
			if _, err := os.Stat(tsLock); err != nil {
				t.Errorf("after SIGINT the lock the run waited for is gone (%v): a run removes only its own", err)
			}
			continue
		}
		if err != nil || len(rest) != 0 {
			t.Fatalf("once the lock is removed the run ends with %v, standard error %q", err, rest)
		}
		files := snapshot(t, filepath.Join(project, "out"))
		for _, p := range []string{"go/types.go", "go/arbitrary/arbitrary.go", "ts/src/index.ts", "ts/src/arbitraries.ts"} {
			if _, ok := files[p]; !ok {
				t.Errorf("once the lock is removed the run does not write out/%s", p)
			}
		}
		for p := range files {
			if strings.HasSuffix(p, ".skillgen-lock") {
				t.Errorf("out/%s is left behind", p)
			}
		}
	}
}

// execute runs name with args in dir and returns its exit status, its output and the files
// of dir/out.
func execute(t *testing.T, dir string, env []string, name string, args ...string) run {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Env = dir, env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	code := 0
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return run{code: code, stdout: stdout.String(), stderr: stderr.String(), files: snapshot(t, filepath.Join(dir, "out"))}
}

// command runs name with args in dir and fails the test when it fails; it returns its
// standard output.
func command(t *testing.T, dir string, env []string, name string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Env = dir, env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s (in %s): %v\n%s%s", name, strings.Join(args, " "), dir, err, stdout.Bytes(), stderr.Bytes())
	}
	return stdout.Bytes()
}

// snapshot reads every file below dir (none when dir does not exist): mode and content.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) && p == dir {
			return filepath.SkipDir
		}
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		files[filepath.ToSlash(rel)] = info.Mode().String() + "\n" + string(data)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// copyPackage copies the package's files in the repository (not make npm's artefacts, which
// the test builds into the copy) from src to dst.
func copyPackage(t *testing.T, src, dst string) {
	t.Helper()
	built := map[string]bool{"skillgen.wasm": true, "wasm_exec.js": true, "THIRD_PARTY_NOTICES": true}
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if built[rel] || strings.HasSuffix(rel, ".tgz") {
			return nil
		}
		copyFile(t, p, filepath.Join(dst, rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func copyFile(t *testing.T, src, dst string) {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, data, info.Mode().Perm()); err != nil {
		t.Fatal(err)
	}
}

func writeFile(t *testing.T, name, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func appendFile(t *testing.T, name, text string) {
	t.Helper()
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(text); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

func resetOut(t *testing.T, project string) {
	t.Helper()
	if err := os.RemoveAll(filepath.Join(project, "out")); err != nil {
		t.Fatal(err)
	}
}

// jsonPart is npm's --json output without what a lifecycle script printed before it.
func jsonPart(out []byte) []byte {
	if i := bytes.Index(out, []byte("\n[")); i >= 0 {
		return out[i+1:]
	}
	return out
}

func union(a, b map[string]string) []string {
	keys := mapsKeys(a)
	for k := range b {
		if _, ok := a[k]; !ok {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	return keys
}

func mapsKeys(m map[string]string) []string {
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	return keys
}

// firstDifference shows the first line where got and want differ.
func firstDifference(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl || i >= len(g) || i >= len(w) {
			return fmt.Sprintf("line %d:\n  npx:    %q\n  native: %q", i+1, gl, wl)
		}
	}
	return "(the same lines)"
}
