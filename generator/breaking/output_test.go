package breaking

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestPointerLines(t *testing.T) {
	doc := `{
  "a": 1,
  "b": {
    "c/d": [
      true,
      {"e~f": null}
    ]
  },
  "g": [], "h": {}
}`
	got := pointerLines([]byte(doc))
	want := map[string]int{"": 1, "/a": 2, "/b": 3, "/b/c~1d": 4, "/b/c~1d/0": 5, "/b/c~1d/1": 6, "/b/c~1d/1/e~0f": 6, "/g": 9, "/h": 9}
	for p, l := range want {
		if got[p] != l {
			t.Errorf("line of %q: got %d, want %d", p, got[p], l)
		}
	}
	if len(got) != len(want) {
		t.Errorf("got %d pointers, want %d: %v", len(got), len(want), got)
	}
}

// TestShrink: the shrinker keeps the property and removes everything else it can.
func TestShrink(t *testing.T) {
	var doc any
	if err := json.Unmarshal([]byte(`{"a":[1,2,{"z":"deep"}],"b":{"c":"hello"},"x":"needle-xyz","y":12.75}`), &doc); err != nil {
		t.Fatal(err)
	}
	// The property: member x is a string holding an "n".
	pred := func(v any) bool {
		m, ok := v.(map[string]any)
		if !ok {
			return false
		}
		s, ok := m["x"].(string)
		return ok && strings.Contains(s, "n")
	}
	got := string(encode(shrink(doc, pred)))
	if got != `{"x":"n"}` {
		t.Errorf("shrunk to %s, want {\"x\":\"n\"}", got)
	}
}

func TestGitHubEscapes(t *testing.T) {
	if got := escapeData("50% a\nb"); got != "50%25 a%0Ab" {
		t.Errorf("escapeData: %q", got)
	}
	if got := escapeProp("a:b,c"); got != "a%3Ab%2Cc" {
		t.Errorf("escapeProp: %q", got)
	}
}
