package generator_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/skillgen/skillgen/generator"
	"github.com/skillgen/skillgen/generator/golang"
	"github.com/skillgen/skillgen/generator/load"
)

// staticcheckVersion is the staticcheck the test installs into bench/.gobin (beside the
// peers' tools bench/run.sh installs there) when it is not there already.
const staticcheckVersion = "v0.8.2"

// staticcheckChecks are staticcheck's default checks plus ST1003 (underscores and initialisms
// in names) and ST1016 (one receiver name per type), which it leaves out by default.
const staticcheckChecks = "all,-ST1000,-ST1020,-ST1021,-ST1022,-ST1023"

// TestStaticcheckClean: the generated Go of the canonical schema (with its arbitraries) and of
// every golden archive's schema, copied without the generated-code header (so that staticcheck
// judges it as hand-written code: unused code, names, receivers), passes staticcheck. The
// runtime templates carry every helper; a package must hold only the ones its code calls.
func TestStaticcheckClean(t *testing.T) {
	sc := staticcheck(t)
	mod := t.TempDir()
	goSum, err := os.ReadFile("../go.sum")
	if err != nil {
		t.Fatal(err)
	}
	write := func(rel string, data []byte) {
		p := filepath.Join(mod, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", []byte("module sctest\n\ngo 1.26\n\nrequire pgregory.net/rapid v1.3.0\n"))
	write("go.sum", goSum)
	header := []byte(golang.Header + "\n")
	add := func(dir string, outs []generator.Output) int {
		n := 0
		for _, o := range outs {
			rel, ok := strings.CutPrefix(o.Path, "go/")
			if !ok || !strings.HasSuffix(rel, ".go") {
				continue
			}
			if !bytes.HasPrefix(o.Data, header) {
				t.Fatalf("%s/%s does not start with the generated-code header", dir, rel)
			}
			write(filepath.Join(dir, rel), bytes.TrimPrefix(o.Data, header))
			n++
		}
		return n
	}

	outs, err := generator.Generate(generator.Options{GoOut: "go", GoPackage: "skill", GoImportPath: "sctest/canonical", Arbitraries: true})
	if err != nil {
		t.Fatal(err)
	}
	if add("canonical", outs) == 0 {
		t.Fatal("no Go generated for the canonical schema")
	}
	archives, err := filepath.Glob("../testdata/*.txtar")
	if err != nil || len(archives) == 0 {
		t.Fatalf("no golden archives: %v", err)
	}
	packages := 1
	for _, path := range archives {
		ar, err := txtar.ParseFile(path)
		if err != nil {
			t.Fatal(err)
		}
		docs := map[string][]byte{}
		for _, f := range ar.Files {
			if rel, ok := strings.CutPrefix(f.Name, "schema/"); ok {
				docs[rel] = f.Data
			}
		}
		set, err := load.FromDocs(docs, func(p string) string { return "schema/" + p })
		if err != nil {
			continue // an archive of a refused schema
		}
		s, err := generator.BuildSet(set, generator.Options{})
		if err != nil {
			continue
		}
		name := regexp.MustCompile(`[^a-z0-9]`).ReplaceAllString(strings.TrimSuffix(filepath.Base(path), ".txtar"), "")
		outs, err := generator.Emit(s, generator.Options{GoOut: "go", GoPackage: name, GoImportPath: "sctest/" + name})
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		add(name, outs)
		packages++
	}
	if packages < 10 {
		t.Fatalf("only %d packages generated", packages)
	}
	cmd := exec.Command(sc, "-checks", staticcheckChecks, "./...")
	cmd.Dir = mod
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("staticcheck on the generated Go of %d schemas (%v):\n%s", packages, err, out)
	}
	t.Logf("staticcheck %s: the generated Go of %d schemas is clean", staticcheckVersion, packages)
}

// staticcheck returns the path of staticcheck staticcheckVersion in bench/.gobin, installing it
// there first when it is missing or another version. It fails the test when it cannot.
func staticcheck(t *testing.T) string {
	t.Helper()
	gobin, err := filepath.Abs("../bench/.gobin")
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(gobin, "staticcheck")
	if out, err := exec.Command("go", "version", "-m", bin).Output(); err == nil &&
		regexp.MustCompile(`(?m)^\s+mod\s+honnef\.co/go/tools\s+`+regexp.QuoteMeta(staticcheckVersion)+`\s`).Match(out) {
		return bin
	}
	cmd := exec.Command("go", "install", "honnef.co/go/tools/cmd/staticcheck@"+staticcheckVersion)
	cmd.Env = append(os.Environ(), "GOBIN="+gobin)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("installing staticcheck %s into bench/.gobin: %v\n%s", staticcheckVersion, err, out)
	}
	return bin
}
