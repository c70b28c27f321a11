package load

import (
	"strings"
	"testing"
)

func read(t *testing.T, docs map[string]string) (*Set, error) {
	t.Helper()
	in := map[string][]byte{}
	for k, v := range docs {
		in[k] = []byte(v)
	}
	return Read(in, Options{})
}

// TestDynamicRefs: each dynamic reference resolves to its initial target, and is dynamic only
// when that target declares the anchor it names; dynamic anchors are plain names for $ref.
func TestDynamicRefs(t *testing.T) {
	set, err := read(t, map[string]string{"a.json": `{
		"$id": "https://example.com/a", "$dynamicAnchor": "node",
		"properties": {
			"dyn": {"$dynamicRef": "#node"},
			"plain": {"$dynamicRef": "#/properties/x"},
			"anchor": {"$dynamicRef": "#other"},
			"ref": {"$ref": "#node"},
			"x": {"$anchor": "other"}
		}}`})
	if err != nil {
		t.Fatal(err)
	}
	f := set.Files[0]
	for _, c := range []struct {
		prop, target, anchor string
		dynamic              bool
	}{
		{"dyn", "", "node", true},
		{"plain", "/properties/x", "", false},
		{"anchor", "/properties/x", "other", false},
	} {
		dr, err := set.DynamicRefTarget(f.At("/properties/"+c.prop), "$dynamicRef")
		if err != nil {
			t.Errorf("%s: %v", c.prop, err)
			continue
		}
		if dr.Target.Pointer != c.target || dr.Anchor != c.anchor || dr.Dynamic != c.dynamic {
			t.Errorf("%s: target %q anchor %q dynamic %v, want %q %q %v", c.prop, dr.Target.Pointer, dr.Anchor, dr.Dynamic, c.target, c.anchor, c.dynamic)
		}
	}
	if tgt, err := set.RefTarget(f.At("/properties/ref")); err != nil || tgt.Pointer != "" {
		t.Errorf("$ref to a $dynamicAnchor: %v %v", tgt, err)
	}
	if got := strings.Join(set.DynamicNames(), ","); got != "node" {
		t.Errorf("DynamicNames %q, want node", got)
	}
	if a, ok := set.DynamicAnchor(set.Resource(f.At("/properties/dyn")), "node"); !ok || a.Pointer != "" {
		t.Errorf("the resource's anchor node: %v %v", a, ok)
	}
}

// TestVocabularyRefused: a metaschema requiring a vocabulary skillgen does not know is refused
// at the $schema of the file written against it, naming the vocabulary.
func TestVocabularyRefused(t *testing.T) {
	_, err := read(t, map[string]string{
		"a-meta.json": `{"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://example.com/meta",
			"$vocabulary": {"https://json-schema.org/draft/2020-12/vocab/core": true, "https://example.com/vocab/mine": true}, "$defs": {}}`,
		"b.json": `{"$schema": "https://example.com/meta", "type": "string"}`,
	})
	if err == nil || !strings.Contains(err.Error(), `b.json#/$schema: $schema "https://example.com/meta" requires the vocabulary https://example.com/vocab/mine, which skillgen does not know`) {
		t.Fatalf("error %v", err)
	}
}
