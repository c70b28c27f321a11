package config

import (
	"fmt"
	"strings"
	"testing"
)

// FuzzParse: no content makes Parse panic, every error names the file, and what it accepts
// has the outputs it promises (an out folder for each language named).
func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		`{"schema": "s", "go": {"out": "o", "package": "p"}, "ts": {"out": "t"}}`,
		`{"overrides": {"a.json#/x": {"x-go-name": "X", "tsEnumNames": ["A"]}}}`,
		`{"ref-maps": [{"prefix": "https://e.com/", "dir": "."}]}`,
		"go:\n  out: x\n  package: p\n",
		"a: &a [*a]\n",
		`{"go": {"out": "x", "out": "y"}}`,
		`[`, ``, `null`, `{"draft": "2019-09", "version": 1}`,
	} {
		f.Add(seed, false)
		f.Add(seed, true)
	}
	f.Fuzz(func(t *testing.T, text string, yaml bool) {
		name := "c.json"
		if yaml {
			name = "c.yaml"
		}
		cfg, err := Parse(name, []byte(text))
		if err != nil {
			if !strings.HasPrefix(err.Error(), name) {
				t.Fatalf("error without the file's name: %v", err)
			}
			if n := strings.Count(err.Error(), "\n"); n > maxErrors {
				t.Fatalf("%d error lines", n+1)
			}
			return
		}
		if cfg.Go != nil && cfg.Go.Out == "" || cfg.Ts != nil && cfg.Ts.Out == "" {
			t.Fatalf("accepted an output without its folder: %s", text)
		}
		if len(cfg.Overrides) != len(cfg.Config.Overrides) {
			t.Fatalf("overrides: %d of %d", len(cfg.Overrides), len(cfg.Config.Overrides))
		}
	})
}

// TestManyMistakesBounded: a file with thousands of unknown keys reports the first maxErrors
// and the count of the others.
func TestManyMistakesBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("{")
	for i := range 5000 {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, "%q: %d", fmt.Sprintf("k%d", i), i)
	}
	b.WriteString("}")
	_, err := Parse("c.json", []byte(b.String()))
	lines := strings.Split(err.Error(), "\n")
	if len(lines) != maxErrors+1 || lines[0] != `c.json:1: #/k0: property "k0" is not allowed` || lines[maxErrors] != "c.json: and 4980 more mistakes" {
		t.Fatalf("%d lines: %q … %q", len(lines), lines[0], lines[len(lines)-1])
	}
}
