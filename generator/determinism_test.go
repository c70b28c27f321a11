package generator_test

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/skillgen/skillgen/generator"
)

// Generation is a pure function of the schema: repeated runs, in-process or of the binary
// under different GOMAXPROCS, give byte-identical files, and the schema is never written.

// treeHash hashes every file below dir (path and content).
func treeHash(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = fmt.Sprintf("%x", sha256.Sum256(data))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func sameTree(t *testing.T, what string, a, b map[string]string) {
	t.Helper()
	var keys []string
	for k := range a {
		keys = append(keys, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		if a[k] != b[k] {
			t.Errorf("%s: %s differs", what, k)
		}
	}
}

// determinismSchemas: the canonical schema folder and one hostile schema.
var determinismSchemas = []string{
	filepath.Join("..", "schema"),
	filepath.Join("testdata", "hostile", "keywords.json"),
}

func TestDeterministicGenerate(t *testing.T) {
	for _, schema := range determinismSchemas {
		before := treeHash(t, schema)
		opts := generator.Options{
			SchemaPath: schema, GoOut: "gen/go", GoPackage: "skill",
			GoImportPath: "example.com/x/gen/go", TSOut: "gen/ts", TSPackage: "x", Arbitraries: true,
		}
		first, err := generator.Generate(opts)
		if err != nil {
			t.Fatal(err)
		}
		runs := 20
		if testing.Short() {
			runs = 3
		}
		for i := 1; i < runs; i++ {
			outs, err := generator.Generate(opts)
			if err != nil {
				t.Fatal(err)
			}
			if len(outs) != len(first) {
				t.Fatalf("%s: run %d: %d files, first run %d", schema, i, len(outs), len(first))
			}
			for j := range outs {
				if outs[j].Path != first[j].Path || !bytes.Equal(outs[j].Data, first[j].Data) {
					t.Fatalf("%s: run %d: %s differs from the first run", schema, i, outs[j].Path)
				}
			}
		}
		sameTree(t, schema+" (schema files after generating)", before, treeHash(t, schema))
	}
}

// TestDeterministicBinary builds skillgen once and runs it under GOMAXPROCS=1 and 8, in two
// different working folders.
func TestDeterministicBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "skillgen")
	build := exec.Command("go", "build", "-o", bin, "../cmd/skillgen")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, schema := range determinismSchemas {
		abs, err := filepath.Abs(schema)
		if err != nil {
			t.Fatal(err)
		}
		before := treeHash(t, abs)
		var trees []map[string]string
		for _, procs := range []string{"1", "8"} {
			dir := t.TempDir()
			cmd := exec.Command(bin, "-schema", abs, "-go-out", "out/go", "-go-import", "example.com/x/out/go", "-ts-out", "out/ts")
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "GOMAXPROCS="+procs)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("skillgen (GOMAXPROCS=%s): %v\n%s", procs, err, out)
			}
			tree := treeHash(t, filepath.Join(dir, "out"))
			if len(tree) == 0 || tree["go/types.go"] == "" {
				t.Fatalf("GOMAXPROCS=%s: no go/types.go in %v", procs, tree)
			}
			trees = append(trees, tree)
		}
		sameTree(t, strings.TrimPrefix(schema, "../")+": GOMAXPROCS=1 vs 8", trees[0], trees[1])
		sameTree(t, schema+" (schema files after the binary ran)", before, treeHash(t, abs))
	}
}
