package generator_test

import (
	"bytes"
	"errors"
	"io/fs"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"
	"gopkg.in/yaml.v3"

	"github.com/skillgen/skillgen/generator"
	"github.com/skillgen/skillgen/generator/load"
	"github.com/skillgen/skillgen/generator/ojson"
	"github.com/skillgen/skillgen/schema"
)

// A schema written in YAML generates the same Go and TypeScript as its JSON twin, byte for
// byte once the file names (thing.yaml, thing.json) in the generated comments are set aside:
// the canonical schema, and every golden archive's schema that generates.
func TestYAMLTwinsGenerateTheSame(t *testing.T) {
	sets := map[string]map[string][]byte{"canonical": {}}
	err := fs.WalkDir(schema.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "examples" {
			return fs.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".json") {
			data, err := fs.ReadFile(schema.FS, p)
			sets["canonical"][p] = data
			return err
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	archives, _ := filepath.Glob("../testdata/*.txtar")
	for _, path := range archives {
		ar, err := txtar.ParseFile(path)
		if err != nil {
			t.Fatal(err)
		}
		docs := map[string][]byte{}
		for _, f := range ar.Files {
			if rel, ok := strings.CutPrefix(f.Name, "schema/"); ok && strings.HasSuffix(rel, ".json") {
				docs[rel] = f.Data
			}
		}
		sets[filepath.Base(path)] = docs
	}
	compared := 0
	for name, docs := range sets {
		jsonOut, err := generateDocs(docs)
		if err != nil {
			continue // an archive of a refused schema
		}
		yamlDocs := map[string][]byte{}
		for p, data := range docs {
			y, err := jsonToYAML(data)
			if err != nil {
				t.Fatalf("%s/%s: %v", name, p, err)
			}
			yamlDocs[strings.TrimSuffix(p, ".json")+".yaml"] = y
		}
		yamlOut, err := generateDocs(yamlDocs)
		if err != nil {
			t.Errorf("%s: the YAML twin is refused: %v", name, err)
			continue
		}
		if len(yamlOut) != len(jsonOut) {
			t.Errorf("%s: %d files from YAML, %d from JSON", name, len(yamlOut), len(jsonOut))
			continue
		}
		for i, o := range jsonOut {
			y := yamlOut[i]
			got := bytes.ReplaceAll(y.Data, []byte(".yaml"), []byte(".json"))
			if y.Path != o.Path || !bytes.Equal(got, o.Data) {
				t.Errorf("%s: %s differs (-json +yaml):\n%s", name, o.Path, cmp.Diff(string(o.Data), string(got)))
			}
		}
		compared++
	}
	if compared < 10 {
		t.Fatalf("only %d schema sets compared", compared)
	}
}

func generateDocs(docs map[string][]byte) ([]generator.Output, error) {
	set, err := load.FromDocs(docs, func(p string) string { return "schema/" + p })
	if err != nil {
		return nil, err
	}
	s, err := generator.BuildSet(set, generator.Options{})
	if err != nil {
		return nil, err
	}
	return generator.Emit(s, generator.Options{GoOut: "go", GoPackage: "twin", TSOut: "ts", TSPackage: "twin"})
}

// jsonToYAML re-emits a JSON document as block YAML; the file names in $ref and $id become
// .yaml ones.
func jsonToYAML(data []byte) ([]byte, error) {
	v, err := ojson.Parse(data)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(yamlOf(v, "")); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

var numberLike = regexp.MustCompile(`^[-+.0-9]`)

func yamlOf(v *ojson.Value, key string) *yaml.Node {
	switch v.Kind {
	case ojson.Null:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "null"}
	case ojson.Bool:
		if v.Bool {
			return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: "true"}
		}
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: "false"}
	case ojson.Number:
		tag := "!!int"
		if strings.ContainsAny(v.Str, ".eE") {
			tag = "!!float"
		}
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: v.Str}
	case ojson.String:
		s := v.Str
		if key == "$ref" || key == "$id" {
			s = strings.ReplaceAll(s, ".json", ".yaml")
		}
		n := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s}
		if numberLike.MatchString(s) {
			n.Style = yaml.DoubleQuotedStyle
		}
		return n
	case ojson.Array:
		n := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
		for _, e := range v.Arr {
			n.Content = append(n.Content, yamlOf(e, ""))
		}
		return n
	}
	n := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
	for _, m := range v.Members {
		n.Content = append(n.Content, yamlOf(&ojson.Value{Kind: ojson.String, Str: m.Key}, ""), yamlOf(m.Value, m.Key))
	}
	return n
}

// An error the builder finds in a YAML file names its line and column, besides the file and
// the pointer; so do the metaschema's.
func TestYAMLErrorsNameTheLine(t *testing.T) {
	for _, tc := range []struct{ yaml, want string }{
		{"title: Thing\ntype: object\nproperties:\n  a:\n    type: string\n    pattern: \"(\"\n", "schema/thing.yaml:6:5: #/properties/a/pattern: "},
		{"title: Thing\ntype: object\nproperties:\n  a:\n    minLength: -1\n", "schema/thing.yaml:5:5: #/properties/a/minLength: "},
		{"title: Thing\ntype: object\nproperties:\n  a:\n    $ref: \"#/$defs/missing\"\n", "schema/thing.yaml:5:5: #/properties/a/$ref: "},
	} {
		_, err := generateDocs(map[string][]byte{"thing.yaml": []byte(tc.yaml)})
		var les load.Errors
		if !errors.As(err, &les) {
			t.Errorf("%q: want load.Errors, got %v", tc.yaml, err)
			continue
		}
		if !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v\nwant a line starting %q", tc.yaml, err, tc.want)
		}
	}
}
