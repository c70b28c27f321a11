// Package corpus loads the real-world schema corpus beside the repository
// (../shared/corpus/schemastore) for the measurements and checks that run on it: the typed
// share of the Go output (cmd/typedshare, the crosscheck tests).
package corpus

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/skillgen/skillgen/generator"
	"github.com/skillgen/skillgen/generator/ir"
	"github.com/skillgen/skillgen/generator/load"
)

// Dir is the corpus folder, relative to the repository root (see its README.md).
const Dir = "../shared/corpus/schemastore"

// Schema is one schema of the corpus that skillgen generates today: its draft-2020-12
// schemas, those that declare no draft, and its draft-07 schemas with their "$schema" removed
// where they are valid draft 2020-12 as they are.
type Schema struct {
	Name     string // the file name, without .json
	Draft    string // "2020-12", "none" or "draft-07"
	Schema   *ir.Schema
	Share    ir.Share
	Warnings []string
	Data     []byte // the schema as loaded
}

// Schemas loads and builds every schema of the corpus dir (its schemas/ folder) that
// generates; the others are counted in skipped, by reason.
func Schemas(dir string) (out []Schema, skipped map[string]int, err error) {
	paths, err := filepath.Glob(filepath.Join(dir, "schemas", "*.json"))
	if err != nil {
		return nil, nil, err
	}
	if len(paths) == 0 {
		return nil, nil, fmt.Errorf("no schemas in %s", filepath.Join(dir, "schemas"))
	}
	sort.Strings(paths)
	skipped = map[string]int{}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, nil, err
		}
		var doc map[string]any
		if json.Unmarshal(data, &doc) != nil {
			skipped["not a JSON object"]++
			continue
		}
		draft, _ := doc["$schema"].(string)
		switch {
		case strings.Contains(draft, "2020-12"):
			draft = "2020-12"
		case draft == "":
			draft = "none"
		case strings.Contains(draft, "draft-07"):
			draft = "draft-07"
			delete(doc, "$schema")
			var b bytes.Buffer
			enc := json.NewEncoder(&b)
			enc.SetEscapeHTML(false)
			if err := enc.Encode(doc); err != nil {
				return nil, nil, err
			}
			data = b.Bytes()
		default:
			skipped["draft "+draft]++
			continue
		}
		name := strings.TrimSuffix(filepath.Base(p), ".json")
		set, err := load.FromDocs(map[string][]byte{name + ".json": data}, func(s string) string { return s })
		if err != nil {
			skipped[draft+": does not load"]++
			continue
		}
		var warnings []string
		s, err := generator.BuildSet(set, generator.Options{Warn: func(err error) { warnings = append(warnings, err.Error()) }})
		if err != nil {
			skipped[draft+": refused"]++
			continue
		}
		out = append(out, Schema{Name: name, Draft: draft, Schema: s, Share: ir.TypedShare(s), Warnings: warnings, Data: data})
	}
	return out, skipped, nil
}

// Table renders the typed share per schema and in total, per draft group, as a Markdown
// table: items (named types and struct fields), typed, any where the schema allows any value
// ("open"), any where it constrains the value ("degraded"), and the typed share.
func Table(schemas []Schema) string {
	var b strings.Builder
	b.WriteString("| schema | draft | items | typed | open | degraded | typed share |\n|---|---|---:|---:|---:|---:|---:|\n")
	totals := map[string]ir.Share{}
	var all ir.Share
	for _, c := range schemas {
		fmt.Fprintf(&b, "| %s | %s | %d | %d | %d | %d | %.1f%% |\n", c.Name, c.Draft, c.Share.Items, c.Share.Typed, c.Share.Open, c.Share.Degraded, c.Share.Percent())
		totals[c.Draft] = totals[c.Draft].Add(c.Share)
		all = all.Add(c.Share)
	}
	for _, d := range []string{"2020-12", "none", "draft-07"} {
		if t, ok := totals[d]; ok {
			fmt.Fprintf(&b, "| **total %s** | | %d | %d | %d | %d | %.1f%% |\n", d, t.Items, t.Typed, t.Open, t.Degraded, t.Percent())
		}
	}
	fmt.Fprintf(&b, "| **total** | | %d | %d | %d | %d | %.1f%% |\n", all.Items, all.Typed, all.Open, all.Degraded, all.Percent())
	return b.String()
}
