package realworld

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/skillgen/skillgen/generator"
	"github.com/skillgen/skillgen/generator/ir"
)

// Typed is what the harness measures of a generated schema's types: the typed share of the Go
// output (ir.TypedShare: named types, struct fields and tuple positions whose Go type is not
// any, []any, map[string]any …), the untyped items the schema constrains ("degraded", each
// with its reason), and the named types and members TypeScript leaves unknown where Go has a
// type.
type Typed struct {
	Share    ir.Share
	Degraded []string // "Type.Field (file#pointer): reason"
	// Unwarned are the degraded items no warning of the build names: a degraded type must be
	// announced (docs/generated-go.md).
	Unwarned []string
	// Compared counts the declarations (named types and members) read in both languages;
	// TSUnknown lists those TypeScript declares unknown and Go types; Undeclared those one
	// language's output does not declare where the IR says it should.
	Compared   int
	TSUnknown  []string
	Undeclared []string
}

// MeasureTyped measures the types of a built schema s from its generated outputs (the paths as
// generator.Emit gives them, Go below goDir and TypeScript below tsDir), given the warnings of
// its build.
func MeasureTyped(s *ir.Schema, outs []generator.Output, goDir, tsDir string, warnings []string) Typed {
	var m Typed
	m.Share = ir.TypedShare(s)
	for _, u := range ir.UntypedItems(s, nil) {
		if u.Degraded == "" {
			continue
		}
		item := fmt.Sprintf("%s (%s): %s", u.Go, u.Location, u.Degraded)
		m.Degraded = append(m.Degraded, item)
		warned := false
		for _, w := range warnings {
			warned = warned || strings.Contains(w, u.Degraded)
		}
		if !warned {
			m.Unwarned = append(m.Unwarned, item)
		}
	}
	goAny, tsUnknown := map[string]bool{}, map[string]bool{}
	for _, o := range outs {
		rel, isGo := strings.CutPrefix(o.Path, goDir+"/")
		switch {
		case isGo && !strings.Contains(rel, "/") && strings.HasPrefix(rel, "types") && strings.HasSuffix(rel, ".go"):
			readDecls(string(o.Data), goTypeLine, goFieldLine, func(typ, member, decl string) {
				goAny[typ+"."+member] = goUntyped(decl)
			})
		case o.Path == tsDir+"/src/types.ts":
			readDecls(string(o.Data), tsTypeLine, tsFieldLine, func(typ, member, decl string) {
				tsUnknown[typ+"."+member] = tsUntyped(decl)
			})
		}
	}
	for _, tp := range s.Types {
		for _, mb := range members(tp) {
			k, tk := tp.GoName+"."+mb.goName, tp.TSName+"."+mb.tsName
			if mb.tsName != "" && tp.TSObjectName != "" {
				// The members of a struct whose schema has no "type": "object" are those of
				// its object interface.
				tk = tp.TSObjectName + "." + mb.tsName
			}
			untypedGo, inGo := goAny[k]
			unknownTS, inTS := tsUnknown[tk]
			switch {
			case !inGo:
				m.Undeclared = append(m.Undeclared, "Go "+strings.TrimSuffix(k, "."))
			case !inTS:
				m.Undeclared = append(m.Undeclared, "TypeScript "+strings.TrimSuffix(tk, "."))
			default:
				m.Compared++
				if unknownTS && !untypedGo {
					m.TSUnknown = append(m.TSUnknown, strings.TrimSuffix(tk, ".")+" ("+tp.Node.Location+")")
				}
			}
		}
	}
	sort.Strings(m.Degraded)
	sort.Strings(m.Unwarned)
	return m
}

var (
	goFieldLine = regexp.MustCompile("^\t(\\p{Lu}[\\p{L}\\p{N}_]*) +(.+?) +`json:\"[^\"]*\"`$")
	tsFieldLine = regexp.MustCompile(`^  ("(?:[^"\\]|\\.)*"|[A-Za-z_$][A-Za-z0-9_$]*)\??: (.+);$`)
	goTypeLine  = regexp.MustCompile(`^type (\p{Lu}[\p{L}\p{N}_]*) (struct \{|=? ?(.+))$`)
	tsTypeLine  = regexp.MustCompile(`^export (?:interface ([\p{L}\p{N}_$]+) \{|type ([\p{L}\p{N}_$]+) = (.+);)$`)
)

type member struct{ goName, tsName string }

// members lists the declarations of a named type that both languages write: the type itself
// ("" member) and, for a struct, its fields with a Go field (a field with Const has none).
func members(t *ir.Type) []member {
	out := []member{{"", ""}}
	if t.Kind != ir.Struct {
		return out
	}
	for _, f := range t.Fields {
		if f.Const == nil {
			out = append(out, member{f.GoName, f.TSName})
		}
	}
	return out
}

// readDecls reads the declarations of generated types.go or types.ts: every named type (member
// "") and every struct or interface member, with its declared type (a Go field tagged "-",
// whose name is no JSON tag, too).
func readDecls(src string, typeLine, fieldLine *regexp.Regexp, add func(typ, member, decl string)) {
	cur := ""
	for _, line := range strings.Split(src, "\n") {
		if m := typeLine.FindStringSubmatch(line); m != nil {
			name, decl := m[1], m[len(m)-1]
			if name == "" {
				name = m[2]
			}
			cur = ""
			if strings.HasSuffix(line, "{") {
				cur = name
				decl = "struct"
			}
			add(name, "", decl)
			continue
		}
		if line == "}" {
			cur = ""
			continue
		}
		if cur == "" {
			continue
		}
		if m := fieldLine.FindStringSubmatch(line); m != nil {
			add(cur, m[1], m[2])
		}
	}
}

// tsUntyped: a TypeScript type that is unknown, or an array or map of untyped items.
func tsUntyped(decl string) bool {
	d := strings.TrimSuffix(decl, " | null")
	for {
		switch {
		case strings.HasSuffix(d, "[]"):
			d = strings.TrimSuffix(strings.TrimSuffix(strings.TrimPrefix(d, "("), "[]"), ")")
		case strings.HasPrefix(d, "{ [key: string]: ") && strings.HasSuffix(d, " }"):
			d = strings.TrimSuffix(strings.TrimPrefix(d, "{ [key: string]: "), " }")
		default:
			return strings.TrimSuffix(d, " | null") == "unknown"
		}
	}
}

// goUntyped: a Go type that is any, or a slice or map of untyped items (through pointers and
// OptNil).
func goUntyped(decl string) bool {
	d := strings.TrimPrefix(decl, "= ")
	for {
		switch {
		case strings.HasPrefix(d, "*"):
			d = d[1:]
		case strings.HasPrefix(d, "[]"):
			d = d[2:]
		case strings.HasPrefix(d, "map[string]"):
			d = d[len("map[string]"):]
		case strings.HasPrefix(d, "OptNil[") && strings.HasSuffix(d, "]"):
			d = d[len("OptNil[") : len(d)-1]
		default:
			return d == "any"
		}
	}
}
