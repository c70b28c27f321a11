package load_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/skillgen/skillgen/generator/build"
	"github.com/skillgen/skillgen/generator/golang"
	"github.com/skillgen/skillgen/generator/load"
	"github.com/skillgen/skillgen/schema"
)

// FuzzLoad: load.FromDocs never panics on any schema text, and refuses with a *load.Error
// naming the file; what it accepts, the IR builder builds or refuses with a *load.Error, and
// what the builder accepts, the Go emitter renders (an emitter error would be invalid Go).
// The document is loaded alone (s.json) and next to a file that refers to it (ref.json).
func FuzzLoad(f *testing.F) {
	_ = fs.WalkDir(schema.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".json") && !strings.HasPrefix(p, "examples/") {
			if data, err := fs.ReadFile(schema.FS, p); err == nil {
				f.Add(data)
			}
		}
		return nil
	})
	hostile, _ := filepath.Glob(filepath.Join("..", "testdata", "hostile", "*.json"))
	for _, p := range hostile {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	for _, s := range []string{
		``, `{}`, `true`, `false`, `null`, `[]`, `"x"`, `1e400`, "\xef\xbb\xbf{}", "{\"a\":\"\xff\"}",
		`{"$ref": "#"}`, `{"$ref": "ref.json"}`, `{"$ref": "../x.json"}`, `{"$ref": "https://example.com/x"}`,
		`{"$id": "https://example.com/s", "$defs": {"a": {"$ref": "#/$defs/a"}}}`,
		`{"type": "object", "properties": {"a": {"$ref": "#"}}}`,
		`{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"allOf": [{"$ref": "#/$defs/a"}]}}}`,
		`{"type": 5}`, `{"minLength": -1}`, `{"pattern": "(?=a)"}`, `{"unevaluatedProperties": false}`,
		`{"enum": ["a", "A", "", "<="]}`, `{"const": {"a": [1, null]}}`, `{"title": "", "type": "string"}`,
		`{"type": "object", "properties": {"": {}, "a/b": {}, "~": {}}, "required": ["x"]}`,
		`{"type": "object", "properties": {"a": {"type": "string"}}, "a": 1}`, `{"a":1,"a":2}`,
		`{"maximum": 1e400}`, `{"maxLength": 1e300}`, `{"multipleOf": 1e-320}`,
		strings.Repeat(`{"items":`, 200) + `{}` + strings.Repeat(`}`, 200),
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, docs := range []map[string][]byte{
			{"s.json": data},
			{"s.json": data, "ref.json": []byte(`{"title": "Ref", "type": "object", "properties": {"s": {"$ref": "s.json"}}}`)},
		} {
			set, err := load.FromDocs(docs, nil)
			if err != nil {
				checkError(t, err)
				continue
			}
			s, err := build.Build(set, build.Options{AllowUnsupported: true})
			if err != nil {
				checkError(t, err)
				continue
			}
			if _, err := golang.Emit(s, golang.Options{Package: "fuzz"}); err != nil {
				t.Fatalf("built schema %q, but the Go emitter failed: %v", data, err)
			}
		}
	})
}

func checkError(t *testing.T, err error) {
	t.Helper()
	var le *load.Error
	if !errors.As(err, &le) {
		t.Fatalf("error is %T, not *load.Error: %v", err, err)
	}
	if le.File == "" || le.Reason == "" {
		t.Fatalf("error without file or reason: %#v", le)
	}
}

// TestDeepSchemaRefused: a schema nested 100,000 levels deep is refused, naming the file,
// instead of exhausting the stack.
func TestDeepSchemaRefused(t *testing.T) {
	data := []byte(strings.Repeat(`{"items":`, 100000) + `{}` + strings.Repeat(`}`, 100000))
	start := time.Now()
	_, err := load.FromDocs(map[string][]byte{"deep.json": data}, nil)
	var le *load.Error
	if !errors.As(err, &le) || le.File != "deep.json" || !strings.Contains(le.Reason, "nesting deeper than 10000 levels") {
		t.Fatalf("got %v, want a nesting error for deep.json", err)
	}
	// The time is logged, not asserted (make bench measures speed).
	t.Logf("refused in %v", time.Since(start))
}
