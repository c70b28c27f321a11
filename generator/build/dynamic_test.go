package build_test

import (
	"strings"
	"testing"

	"github.com/skillgen/skillgen/generator/build"
	"github.com/skillgen/skillgen/generator/ir"
	"github.com/skillgen/skillgen/generator/load"
)

func buildDocs(t *testing.T, docs map[string]string, opts build.Options) (*ir.Schema, []string) {
	t.Helper()
	in := map[string][]byte{}
	for k, v := range docs {
		in[k] = []byte(v)
	}
	set, err := load.Read(in, load.Options{})
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	var warns []string
	opts.Warn = func(err error) { warns = append(warns, err.Error()) }
	s, err := build.Build(set, opts)
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	return s, warns
}

func typeNode(t *testing.T, s *ir.Schema, name string) *ir.Node {
	t.Helper()
	for _, ty := range s.Types {
		if ty.GoName == name {
			return ty.Node
		}
	}
	t.Fatalf("no type %s", name)
	return nil
}

// itemsTarget follows root → properties/children → items → its dynamic reference.
func itemsTarget(t *testing.T, root *ir.Node) *ir.Node {
	t.Helper()
	n := root
	if n.Ref != nil && len(n.Properties) == 0 {
		n = n.Ref
	}
	for _, p := range n.Properties {
		if p.Name == "children" {
			if p.Schema.Items == nil || p.Schema.Items.DynamicRef == nil {
				t.Fatalf("%s: children/items has no dynamic reference", root.Location)
			}
			return p.Schema.Items.DynamicRef
		}
	}
	t.Fatalf("%s: no children", root.Location)
	return nil
}

const treeDoc = `{"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://example.com/tree",
	"$dynamicAnchor": "node", "title": "Tree", "type": "object",
	"properties": {"data": true, "children": {"type": "array", "items": {"$dynamicRef": "#node"}}}}`

// TestDynamicScope: a $dynamicRef resolves to the outermost resource of the dynamic scope that
// declares its anchor; a node is built per scope it is reached in.
func TestDynamicScope(t *testing.T) {
	s, _ := buildDocs(t, map[string]string{
		"tree.json": treeDoc,
		"strict.json": `{"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://example.com/strict",
			"$dynamicAnchor": "node", "title": "Strict", "$ref": "tree", "unevaluatedProperties": false}`,
	}, build.Options{})
	tree, strict := typeNode(t, s, "Tree"), typeNode(t, s, "Strict")
	if got := itemsTarget(t, tree); got != tree {
		t.Errorf("Tree's children are validated by %s (%s), want Tree", got.GoFunc, got.Location)
	}
	if got := itemsTarget(t, strict.Ref); got != strict {
		t.Errorf("Strict's children are validated by %s (%s), want Strict", got.GoFunc, got.Location)
	}
	if strict.Ref == tree || !strings.HasSuffix(strict.Ref.GoFunc, "InStrict") || strict.Ref.Scope == "" {
		t.Errorf("Strict's $ref is %s (scope %q), want a tree.json# of its own scope named …InStrict", strict.Ref.GoFunc, strict.Ref.Scope)
	}
	if tree.Scope != "" && strings.Contains(tree.GoFunc, "_In") {
		t.Errorf("Tree in its home scope is named %s", tree.GoFunc)
	}
	// The data member validates alike in both scopes: one node serves both.
	for _, p := range strict.Ref.Properties {
		if p.Name == "data" && p.Schema.SameAs == nil && strings.Contains(p.Schema.GoFunc, "_In") {
			t.Errorf("data in Strict's scope has a validator of its own: %s", p.Schema.GoFunc)
		}
	}
}

// TestDynamicRefWithoutBookend: a $dynamicRef whose initial target does not declare the
// anchor with $dynamicAnchor is a $ref (here an $anchor of the same name).
func TestDynamicRefWithoutBookend(t *testing.T) {
	s, _ := buildDocs(t, map[string]string{
		"tree.json": `{"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://example.com/tree",
			"$anchor": "node", "title": "Tree", "type": "object",
			"properties": {"children": {"type": "array", "items": {"$dynamicRef": "#node"}}}}`,
		"outer.json": `{"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://example.com/outer",
			"$dynamicAnchor": "node", "title": "Outer", "$ref": "tree"}`,
	}, build.Options{})
	tree, outer := typeNode(t, s, "Tree"), typeNode(t, s, "Outer")
	if outer.Ref != tree {
		t.Errorf("Outer's $ref is a node of its own (%s): no dynamic reference observes the scope", outer.Ref.GoFunc)
	}
	if got := itemsTarget(t, tree); got != tree {
		t.Errorf("children are validated by %s, want Tree", got.GoFunc)
	}
}

// TestRecursiveRef: 2019-09's $recursiveRef with $recursiveAnchor: true.
func TestRecursiveRef(t *testing.T) {
	s, _ := buildDocs(t, map[string]string{
		"tree.json": `{"$schema": "https://json-schema.org/draft/2019-09/schema", "$id": "https://example.com/tree",
			"$recursiveAnchor": true, "title": "Tree", "type": "object",
			"properties": {"children": {"type": "array", "items": {"$recursiveRef": "#"}}}}`,
		"strict.json": `{"$schema": "https://json-schema.org/draft/2019-09/schema", "$id": "https://example.com/strict",
			"$recursiveAnchor": true, "title": "Strict", "$ref": "tree", "unevaluatedProperties": false}`,
	}, build.Options{})
	tree, strict := typeNode(t, s, "Tree"), typeNode(t, s, "Strict")
	if got := itemsTarget(t, tree); got != tree {
		t.Errorf("Tree's children are validated by %s, want Tree", got.GoFunc)
	}
	if got := itemsTarget(t, strict.Ref); got != strict {
		t.Errorf("Strict's children are validated by %s, want Strict", got.GoFunc)
	}
}

// TestNoDynamicReferences: without dynamic references no node has a scope or a scope name.
func TestNoDynamicReferences(t *testing.T) {
	s, _ := buildDocs(t, map[string]string{
		"a.json": `{"$dynamicAnchor": "node", "title": "A", "properties": {"b": {"$ref": "#node"}, "c": {"$dynamicRef": "#/properties/b"}}}`,
	}, build.Options{})
	for _, n := range s.Nodes {
		if n.Scope != "" || strings.Contains(n.GoFunc, "_In") {
			t.Errorf("%s: scope %q, name %s", n.Location, n.Scope, n.GoFunc)
		}
	}
}

// TestFormatAssertion: format is asserted by the draft's checker, in a draft-07 schema by
// default and with FormatAlways, not with FormatAnnotation; an unknown format stays an
// annotation, with a warning only when assertion was asked for (FormatAlways). A 2020-12
// schema asserts format with FormatAlways only.
func TestFormatAssertion(t *testing.T) {
	props := `"properties": {
		"p": {"format": "relative-json-pointer"}, "u": {"format": "uuid"}, "x": {"format": "x-custom"}, "d": {"format": "date"}}}`
	draft7 := `{"$schema": "http://json-schema.org/draft-07/schema#", "title": "F", ` + props
	draft2020 := `{"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "F", ` + props
	asserted7 := map[string]string{"p": "sgFormatRelativeJSONPointerDraft7/formatRelativeJSONPointerDraft7", "u": "/", "x": "/", "d": "sgFormatDate/formatDate"}
	asserted2020 := map[string]string{"p": "sgFormatRelativeJSONPointer/formatRelativeJSONPointer", "u": "sgFormatUUID/formatUUID", "x": "/", "d": "sgFormatDate/formatDate"}
	none := map[string]string{"p": "/", "u": "/", "x": "/", "d": "/"}
	for _, c := range []struct {
		name     string
		doc      string
		mode     build.FormatMode
		want     map[string]string
		wantWarn []string
	}{
		// draft-07: its own relative-json-pointer, no uuid (a 2019-09 format).
		{"draft-07 by default", draft7, build.FormatByDraft, asserted7, nil},
		{"draft-07 -assert-format", draft7, build.FormatAlways, asserted7, []string{
			`f.json#/properties/x/format: format "x-custom" is not one skillgen checks`,
			`f.json#/properties/u/format: format "uuid" is not a format of the schema's draft`}},
		{"draft-07 -assert-format=false", draft7, build.FormatAnnotation, none, nil},
		{"2020-12 by default", draft2020, build.FormatByDraft, none, nil},
		{"2020-12 -assert-format", draft2020, build.FormatAlways, asserted2020, []string{
			`f.json#/properties/x/format: format "x-custom" is not one skillgen checks`}},
		{"2020-12 -assert-format=false", draft2020, build.FormatAnnotation, none, nil},
	} {
		s, warns := buildDocs(t, map[string]string{"f.json": c.doc}, build.Options{Format: c.mode})
		got := map[string]string{}
		for _, p := range typeNode(t, s, "F").Properties {
			got[p.Name] = p.Schema.FormatGo + "/" + p.Schema.FormatTS
		}
		for k, w := range c.want {
			if got[k] != w {
				t.Errorf("%s: %s checker %q, want %q", c.name, k, got[k], w)
			}
		}
		n := 0
		for _, w := range warns {
			for _, want := range c.wantWarn {
				if strings.Contains(w, want) {
					n++
				}
			}
		}
		if n != len(c.wantWarn) || len(warns) != n {
			t.Errorf("%s: warnings %q, want %q", c.name, warns, c.wantWarn)
		}
	}
}
