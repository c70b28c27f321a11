package generator_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"

	"github.com/skillgen/skillgen/generator"
	"github.com/skillgen/skillgen/generator/load"
)

var update = flag.Bool("update", false, "rewrite the expected outputs of testdata/*.txtar")

// goldenOutputs are the generated files a golden archive records (the static runtime and
// behaviour sources are left out: they are copies of templates/).
var goldenOutputs = map[string]bool{
	"go/types.go": true, "go/codec.go": true, "go/validate.go": true,
	"ts/src/types.ts": true, "ts/src/nodes.ts": true, "ts/src/validate.ts": true,
}

// TestGolden generates each testdata/*.txtar archive's schema/ files and compares the outputs
// with the archive's want/ files (or its "error" file). go test ./generator -update rewrites
// them.
func TestGolden(t *testing.T) {
	archives, err := filepath.Glob("../testdata/*.txtar")
	if err != nil || len(archives) == 0 {
		t.Fatalf("no golden archives: %v", err)
	}
	for _, path := range archives {
		t.Run(filepath.Base(path), func(t *testing.T) {
			ar, err := txtar.ParseFile(path)
			if err != nil {
				t.Fatal(err)
			}
			docs := map[string][]byte{}
			var kept []txtar.File
			for _, f := range ar.Files {
				if rel, ok := strings.CutPrefix(f.Name, "schema/"); ok {
					docs[rel] = f.Data
					kept = append(kept, f)
				}
			}
			got := map[string][]byte{}
			var order []string
			set, err := load.FromDocs(docs, func(p string) string { return "schema/" + p })
			var outs []generator.Output
			if err == nil {
				s, berr := generator.BuildSet(set, generator.Options{})
				err = berr
				if err == nil {
					outs, err = generator.Emit(s, generator.Options{GoOut: "go", GoPackage: "golden", TSOut: "ts", TSPackage: "golden"})
				}
			}
			if err != nil {
				got["error"] = []byte(err.Error() + "\n")
				order = append(order, "error")
			}
			for _, o := range outs {
				if goldenOutputs[o.Path] {
					got["want/"+o.Path] = o.Data
					order = append(order, "want/"+o.Path)
				}
			}
			if *update {
				for _, name := range order {
					kept = append(kept, txtar.File{Name: name, Data: got[name]})
				}
				ar.Files = kept
				if err := os.WriteFile(path, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want := map[string][]byte{}
			for _, f := range ar.Files {
				if f.Name == "error" || strings.HasPrefix(f.Name, "want/") {
					want[f.Name] = f.Data
				}
			}
			if len(want) == 0 {
				t.Fatalf("%s records no outputs; run go test ./generator -run TestGolden -update", path)
			}
			for name, w := range want {
				g, ok := got[name]
				if !ok {
					t.Errorf("%s: no longer produced", name)
					continue
				}
				if !bytes.Equal(w, g) {
					t.Errorf("%s differs (-want +got):\n%s", name, cmp.Diff(string(w), string(g)))
				}
			}
			for name := range got {
				if _, ok := want[name]; !ok {
					t.Errorf("%s: produced but not recorded", name)
				}
			}
		})
	}
}
