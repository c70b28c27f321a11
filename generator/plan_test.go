package generator

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// These tests stop a run at every change it makes to the disk (faultHook), as a kill (the run
// stops where it is: nothing after runs, its temporary files and lock file stay) and as a
// failed write (a full disk: the run returns the error), and prove that the next run succeeds,
// with the same inputs and with others, that it leaves exactly its own output and the user's
// files, and that no user file is ever changed or removed.

const petSchema = `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "title": "Pet",
  "type": "object",
  "required": ["name"],
  "properties": {"name": {"type": "string", "minLength": 1}, "age": {"type": "integer", "minimum": 0}}
}`

// userFiles are the user's files beside the output, one of them in the arbitrary folder,
// which one generation has and the other has not.
var userFiles = map[string]string{
	"go/doc.go":             "// Package skill is mine.\npackage skill\n",
	"go/notes.md":           "notes\n",
	"go/arbitrary/notes.md": "arbitrary notes\n",
	"ts/notes.md":           "# mine\n",
}

// generations are two runs' outputs into go/ and ts/ (relative to the working folder): the
// second has another Go package name (every Go file changes), npm version (package.json
// changes) and licence (no LICENSE), and no arbitraries.
func generations(t *testing.T, root string) [2][]Output {
	t.Helper()
	return generationsFrom(t, root, t.TempDir())
}

// generationsFrom is generations with the schema written into schemaDir.
func generationsFrom(t *testing.T, root, schemaDir string) [2][]Output {
	t.Helper()
	schema := filepath.Join(schemaDir, "pet.json")
	if err := os.WriteFile(schema, []byte(petSchema), 0o644); err != nil {
		t.Fatal(err)
	}
	var gens [2][]Output
	for i, o := range []Options{
		{GoPackage: "skill", GoImportPath: "example.com/m/go", TSPackage: "@acme/pets", TSVersion: "1.0.0", TSLicense: "MIT"},
		{GoPackage: "pets", TSPackage: "@acme/pets", TSVersion: "2.0.0", TSLicense: "Apache-2.0"},
	} {
		o.SchemaPath, o.GoOut, o.TSOut = schema, under(root, "go"), under(root, "ts")
		outs, err := Generate(o)
		if err != nil {
			t.Fatal(err)
		}
		gens[i] = outs
	}
	return gens
}

func under(root, p string) string {
	if root == "" {
		return p
	}
	return filepath.ToSlash(filepath.Join(root, p))
}

// runOnce is a whole run: lock, plan, apply, unlock. A plan with files in the way, or that
// keeps an edited file, is an error.
func runOnce(outs []Output) error {
	unlock, err := LockOutputs(outs, nil)
	if err != nil {
		return err
	}
	defer unlock()
	plan, err := MakePlan(outs)
	if err != nil {
		return err
	}
	if len(plan.Conflicts) > 0 || len(plan.Kept) > 0 {
		return fmt.Errorf("conflicts %v, kept %v", plan.Conflicts, plan.Kept)
	}
	return plan.Apply()
}

// tree returns every file below dir (slash path relative to dir → content) and every empty
// folder (path + "/").
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if entries, err := os.ReadDir(p); err == nil && len(entries) == 0 && rel != "." {
				files[rel+"/"] = ""
			}
			return nil
		}
		data, err := os.ReadFile(p)
		files[rel] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// want is the tree a completed run of outs leaves: its outputs, its manifests, the user's
// files.
func want(t *testing.T, outs []Output, root string) map[string]string {
	t.Helper()
	w := map[string]string{}
	for f, c := range userFiles {
		w[f] = c
	}
	byDir := map[string][]Output{}
	for _, o := range outs {
		w[strings.TrimPrefix(o.Path, root+"/")] = string(o.Data)
		byDir[o.Dir] = append(byDir[o.Dir], o)
	}
	for dir, files := range byDir {
		m := renderManifest(files, dir)
		w[strings.TrimPrefix(m.Path, root+"/")] = string(m.Data)
	}
	return w
}

func sameTree(t *testing.T, what string, got, want map[string]string) {
	t.Helper()
	for p, c := range want {
		if g, ok := got[p]; !ok {
			t.Errorf("%s: %s is missing", what, p)
		} else if g != c {
			t.Errorf("%s: %s differs", what, p)
		}
	}
	for p := range got {
		if _, ok := want[p]; !ok {
			t.Errorf("%s: %s should not be there", what, p)
		}
	}
}

func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for f, c := range files {
		name := filepath.Join(dir, filepath.FromSlash(f))
		if strings.HasSuffix(f, "/") {
			if err := os.MkdirAll(name, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

type killed struct{}

// interrupted applies outs, stopped at change k: killed (a panic: nothing after it runs) or
// failing. It reports whether the run was stopped (false: it has fewer changes than k+1).
func interrupted(t *testing.T, outs []Output, k int, kill bool) (stopped bool) {
	t.Helper()
	plan, err := MakePlan(outs)
	if err != nil || len(plan.Conflicts) > 0 || len(plan.Kept) > 0 {
		t.Fatalf("plan: %v, conflicts %v, kept %v", err, plan.Conflicts, plan.Kept)
	}
	n := 0
	faultHook = func() error {
		n++
		if n-1 != k {
			return nil
		}
		if kill {
			panic(killed{})
		}
		return errors.New("injected: no space left on device")
	}
	defer func() {
		faultHook = nil
		if r := recover(); r != nil {
			if _, ok := r.(killed); !ok {
				panic(r)
			}
			stopped = true
		}
	}()
	err = plan.Apply()
	if !kill && n > k && err == nil {
		t.Fatalf("change %d failed, and Apply returned no error", k)
	}
	if kill && err != nil {
		t.Fatalf("Apply before change %d: %v", k, err)
	}
	return n > k
}

// TestInterruptedRunsRecover: a run from one generation to the other, stopped at each of its
// changes in turn (killed, or failing as on a full disk), leaves a folder where the next run
// succeeds, with the same inputs and with the other generation's, and leaves exactly that
// generation, the user's files, and nothing else: no temporary file, no lock file, no empty
// folder. No user file is ever changed or removed, by the stopped run or the next.
func TestInterruptedRunsRecover(t *testing.T) {
	gens := generations(t, "")
	wants := [2]map[string]string{want(t, gens[0], ""), want(t, gens[1], "")}
	scratch := t.TempDir()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	for _, from := range []int{0, 1} {
		to := 1 - from
		for _, kill := range []bool{true, false} {
			stops, temps := 0, 0
			for k := 0; ; k++ {
				what := fmt.Sprintf("generation %d to %d, killed %v at change %d", from, to, kill, k)
				dir := filepath.Join(scratch, "stopped")
				if err := errors.Join(os.Chdir(scratch), os.RemoveAll(dir), os.Mkdir(dir, 0o755), os.Chdir(dir)); err != nil {
					t.Fatal(err)
				}
				writeTree(t, dir, userFiles)
				if err := runOnce(gens[from]); err != nil {
					t.Fatalf("%s: the first run: %v", what, err)
				}
				if !interrupted(t, gens[to], k, kill) {
					sameTree(t, what+" (ran to the end)", tree(t, dir), wants[to])
					break
				}
				stops++
				if kill {
					// A killed run leaves its lock files (the system releases the locks).
					writeTree(t, dir, map[string]string{"go/" + LockName: "999999\n", "ts/" + LockName: "999999\n"})
				}
				state := tree(t, dir)
				for f, c := range userFiles {
					if state[f] != c {
						t.Errorf("%s: the user's %s was changed or removed", what, f)
					}
				}
				for f := range state {
					if isTemp(filepath.Base(f)) {
						temps++
						break
					}
				}
				// The next run, with the same inputs, then (from the same stopped state) with
				// the other generation's.
				for _, next := range []int{to, from} {
					d := filepath.Join(scratch, "next")
					if err := errors.Join(os.Chdir(scratch), os.RemoveAll(d), os.Mkdir(d, 0o755)); err != nil {
						t.Fatal(err)
					}
					writeTree(t, d, state)
					if err := os.Chdir(d); err != nil {
						t.Fatal(err)
					}
					if err := runOnce(gens[next]); err != nil {
						t.Fatalf("%s: the next run, generation %d: %v", what, next, err)
					}
					sameTree(t, fmt.Sprintf("%s, then generation %d", what, next), tree(t, d), wants[next])
				}
				if t.Failed() {
					return
				}
			}
			t.Logf("generation %d to %d, killed %v: stopped at each of %d changes; %d stops left a temporary file", from, to, kill, stops, temps)
			if stops < 20 || (kill && temps == 0) {
				t.Errorf("generation %d to %d, killed %v: %d stops, %d with a temporary file: the test does not stop the run where it should", from, to, kill, stops, temps)
			}
		}
	}
}

// TestConcurrentRuns: two runs into the same folders at once, each with other inputs, both
// succeed (the second waits for the lock), and the folders then hold exactly one generation;
// a run after them succeeds too.
func TestConcurrentRuns(t *testing.T) {
	root := filepath.ToSlash(t.TempDir())
	gens := generations(t, root)
	writeTree(t, root, userFiles)
	for round := range 20 {
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i := range 2 {
			wg.Go(func() { errs[i] = runOnce(gens[i]) })
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Fatalf("round %d, generation %d: %v", round, i, err)
			}
		}
		got := tree(t, root)
		w0, w1 := want(t, gens[0], root), want(t, gens[1], root)
		if !sameMap(got, w0) && !sameMap(got, w1) {
			sameTree(t, fmt.Sprintf("round %d (compared with generation 1)", round), got, w1)
			t.Fatalf("round %d: the folders hold neither generation", round)
		}
	}
	if err := runOnce(gens[0]); err != nil {
		t.Fatal(err)
	}
	sameTree(t, "a run after the concurrent ones", tree(t, root), want(t, gens[0], root))
}

func sameMap(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// TestSecondRunWaits: a run into folders another run holds waits, says so once, naming the
// folder and the other run's process, and goes on when the other is done.
func TestSecondRunWaits(t *testing.T) {
	root := filepath.ToSlash(t.TempDir())
	gens := generations(t, root)
	unlock, err := LockOutputs(gens[0], nil)
	if err != nil {
		t.Fatal(err)
	}
	told := make(chan string, 4)
	done := make(chan error, 1)
	go func() {
		u, err := LockOutputs(gens[1], func(dir, holder string) { told <- dir + " " + holder })
		if err == nil {
			u()
		}
		done <- err
	}()
	msg := <-told
	if wantMsg := filepath.Join(root, "go") + " " + fmt.Sprint(os.Getpid()); msg != wantMsg {
		t.Errorf("waiting for %q, want %q", msg, wantMsg)
	}
	select {
	case err := <-done:
		t.Fatalf("the second run went on while the first held the lock: %v", err)
	default:
	}
	unlock()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if len(told) != 0 {
		t.Errorf("told more than once: %q", <-told)
	}
	// Both runs gone: no lock file is left (the folders made for the locks may stay, empty,
	// when the other run holds them at the time).
	for f := range tree(t, root) {
		if !strings.HasSuffix(f, "/") {
			t.Errorf("after both runs %s is left", f)
		}
	}
}
