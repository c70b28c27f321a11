package ir

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestFormatSamples: every format a Go validator checks (the cases of sgFormatChecker in
// templates/go/formats.go.tmpl) has an anchored sample pattern that RE2 compiles, and the
// end-to-end schema of the arbitraries' tests has a member of each.
func TestFormatSamples(t *testing.T) {
	tmpl, err := os.ReadFile(filepath.Join("..", "..", "templates", "go", "formats.go.tmpl"))
	if err != nil {
		t.Fatal(err)
	}
	checker := regexp.MustCompile(`(?s)func sgFormatChecker\(.*?\n}\n`).Find(tmpl)
	var checked []string
	for _, m := range regexp.MustCompile(`case "([^"]+)":`).FindAllSubmatch(checker, -1) {
		checked = append(checked, string(m[1]))
	}
	if len(checked) < 15 {
		t.Fatalf("found %d formats in sgFormatChecker", len(checked))
	}
	var sampled []string
	for name, src := range FormatSamples {
		sampled = append(sampled, name)
		if !strings.HasPrefix(src, "^") || !strings.HasSuffix(src, "$") {
			t.Errorf("%s: %q is not anchored", name, src)
		}
		if _, err := regexp.Compile(src); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	slices.Sort(checked)
	slices.Sort(sampled)
	if !slices.Equal(checked, sampled) {
		t.Errorf("formats checked %v, sampled %v", checked, sampled)
	}
	raw, err := os.ReadFile(filepath.Join("testdata", "formats.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	var schema struct {
		Properties map[string]struct{ Format string }
	}
	if err := json.Unmarshal(raw, &schema); err != nil {
		t.Fatal(err)
	}
	covered := map[string]bool{}
	for _, p := range schema.Properties {
		covered[p.Format] = true
	}
	for _, name := range sampled {
		if !covered[name] {
			t.Errorf("testdata/formats.schema.json has no member of format %s", name)
		}
	}
}

func TestFormatSample(t *testing.T) {
	for _, c := range []struct {
		n    *Node
		want string
	}{
		{nil, ""},
		{&Node{Format: "email"}, ""}, // an annotation only
		{&Node{Format: "email", FormatGo: "sgFormatEmail"}, FormatSamples["email"]},
		{&Node{Format: "x-custom", FormatGo: "sgFormatCustom"}, ""},
	} {
		if got := FormatSample(c.n); got != c.want {
			t.Errorf("FormatSample(%+v) = %q, want %q", c.n, got, c.want)
		}
	}
}
