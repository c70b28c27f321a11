package golang

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"strings"
	"testing"
	"unicode"

	"github.com/skillgen/skillgen/templates"
)

// TestHelperNamesApart keeps the names of the helpers generated per type apart from one another
// and from the runtime's names: a schema with types named Value, Map or IfX once made the
// one-pass reader of Value (sgFastValue) redeclare the runtime's helper of that name.
func TestHelperNamesApart(t *testing.T) {
	for _, p := range helperPrefixes {
		for _, q := range helperPrefixes {
			if p != q && strings.HasPrefix(p, q) {
				t.Errorf("the helper prefix %s starts with the helper prefix %s", p, q)
			}
		}
	}
	names := runtimeNames(t)
	if len(names) < 100 {
		t.Fatalf("%d names found in the runtime's templates, expected well over 100", len(names))
	}
	for _, name := range names {
		for _, p := range helperPrefixes {
			// Type names start with a capital letter: sgEncoder is not the encoder of a type.
			if len(name) > len(p) && strings.HasPrefix(name, p) && !unicode.IsLower(rune(name[len(p)])) {
				t.Errorf("the runtime's %s starts with the per-type helper prefix %s", name, p)
			}
		}
	}
}

// runtimeNames are the package-level names declared by the Go templates.
func runtimeNames(t *testing.T) []string {
	t.Helper()
	paths, err := fs.Glob(templates.FS, "go/*.go.tmpl")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no Go templates: %v", err)
	}
	var names []string
	for _, path := range paths {
		src, err := fs.ReadFile(templates.FS, path)
		if err != nil {
			t.Fatal(err)
		}
		file, err := parser.ParseFile(token.NewFileSet(), path, src, parser.SkipObjectResolution)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for _, decl := range file.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					names = append(names, d.Name.Name)
				}
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					switch s := spec.(type) {
					case *ast.TypeSpec:
						names = append(names, s.Name.Name)
					case *ast.ValueSpec:
						for _, id := range s.Names {
							names = append(names, id.Name)
						}
					}
				}
			}
		}
	}
	return names
}
