package breaking

import (
	"fmt"
	"sort"
	"strings"

	"github.com/skillgen/skillgen/generator/ir"
)

// ident is one exported identifier of the generated code: its name, what it is, its
// signature (a change of which breaks callers), and the role that pairs it across versions
// (the same role under another name is a rename).
type ident struct {
	lang, name, what, sig, role string
	t                           *ir.Type
	// place is the schema location the identifier comes from, when it is not the type's.
	place string
}

// rename maps the old version's Go and TypeScript type names to the new version's, so that a
// renamed type is reported once and not again in every signature that mentions it.
type rename struct{ goName, tsName map[string]string }

func goType(r *ir.TypeRef, rn rename) string {
	if r == nil {
		return "any"
	}
	s := ""
	switch r.Kind {
	case ir.RefNamed:
		s = r.Named.GoName
		if m, ok := rn.goName[s]; ok {
			s = m
		}
	case ir.RefString:
		s = "string"
	case ir.RefInteger:
		s = "int64"
	case ir.RefNumber:
		s = "float64"
	case ir.RefBool:
		s = "bool"
	case ir.RefArray:
		s = "[]" + goType(r.Elem, rn)
	case ir.RefMap:
		s = "map[string]" + goType(r.Elem, rn)
	case ir.RefNull:
		s = "struct{}"
	default:
		s = "any"
	}
	if r.Ptr {
		s = "*" + s
	}
	return s
}

func tsType(r *ir.TypeRef, rn rename) string {
	if r == nil {
		return "unknown"
	}
	s := ""
	switch r.Kind {
	case ir.RefNamed:
		s = r.Named.TSName
		if m, ok := rn.tsName[s]; ok {
			s = m
		}
	case ir.RefString:
		s = "string"
	case ir.RefInteger, ir.RefNumber:
		s = "number"
	case ir.RefBool:
		s = "boolean"
	case ir.RefArray:
		s = "Array<" + tsType(r.Elem, rn) + ">"
	case ir.RefMap:
		s = "{ [key: string]: " + tsType(r.Elem, rn) + " }"
	case ir.RefNull:
		s = "null"
	default:
		s = "unknown"
	}
	if r.Nullable && r.Kind != ir.RefNull {
		s += " | null"
	}
	return s
}

var kindNames = map[ir.TypeKind]string{ir.Struct: "struct", ir.Enum: "enum", ir.Union: "union", ir.Alias: "alias", ir.Tuple: "tuple"}

// idents lists the exported identifiers the generated Go and TypeScript declare for a type.
func idents(t *ir.Type, rn rename) []ident {
	var out []ident
	g := func(name, what, sig, role string) {
		if name != "" {
			out = append(out, ident{lang: "go", name: name, what: what, sig: sig, role: role, t: t})
		}
	}
	ts := func(name, what, sig, role string) {
		if name != "" {
			out = append(out, ident{lang: "typescript", name: name, what: what, sig: sig, role: role, t: t})
		}
	}
	shape := kindNames[t.Kind]
	if t.Kind == ir.Alias {
		shape += " of " + goType(t.Alias, rn)
	}
	g(t.GoName, "type", shape, "type")
	g("Parse"+t.GoName, "func", "func", "parse")
	tsShape := kindNames[t.Kind]
	if t.Kind == ir.Alias {
		tsShape += " of " + tsType(t.Alias, rn)
	}
	ts(t.TSName, "type", tsShape, "type")
	for _, f := range []string{"validate", "is", "check", "parse", "serialize"} {
		ts(f+t.TSName, "function", "function", "fn:"+f)
	}
	for _, f := range t.Fields {
		start := len(out)
		hold := goType(f.Type, rn)
		switch f.Hold {
		case ir.HoldPointer:
			hold = "*" + hold
		case ir.HoldOptNil:
			hold = "OptNil[" + hold + "]"
		}
		if f.GoName != "" {
			g(t.GoName+"."+f.GoName, "field", hold, "field:"+f.JSONName)
		}
		if f.GoGetter != "" {
			g(t.GoName+"."+f.GoGetter, "method", "method", "getter:"+f.JSONName)
		}
		opt := ""
		if !f.Required {
			opt = "?"
		}
		tsT := tsType(f.Type, rn)
		if f.Nullable && f.Type != nil && !f.Type.Nullable {
			tsT += " | null"
		}
		if f.Const != nil {
			tsT = fmt.Sprintf("%q", *f.Const)
		}
		ts(t.TSName+"."+f.TSName, "property", opt+": "+tsT, "field:"+f.JSONName)
		for i := start; i < len(out); i++ {
			out[i].place = t.Location + "/properties/" + strings.NewReplacer("~", "~0", "/", "~1").Replace(f.JSONName)
		}
	}
	if t.ExtraGoName != "" {
		g(t.GoName+"."+t.ExtraGoName, "field", "map[string]"+goType(t.Extra, rn), "extra")
	}
	if t.RestGoName != "" {
		g(t.GoName+"."+t.RestGoName, "field", "[]"+goType(t.Rest, rn), "rest")
	}
	if t.NotObjectGoName != "" {
		g(t.GoName+"."+t.NotObjectGoName, "field", "json.RawMessage", "notobject")
	}
	if t.Kind == ir.Enum {
		ts(t.TSName+"Values", "const", "const", "values")
		for _, v := range t.Values {
			g(v.GoName, "const", "const "+t.GoName, "enum:"+v.Value)
			ts(t.TSName+" = "+v.Value, "literal", "literal", "enum:"+v.Value)
		}
	}
	if t.Kind == ir.Union {
		g(t.GoTag, "type", "tag", "tag")
		for _, v := range t.Variants {
			g(t.GoName+"."+v.GoName, "field", goType(v.Ref, rn), "variant:"+v.Value)
			g(v.GoTag, "const", "const", "varianttag:"+v.Value)
			g(v.GoNew, "func", "func", "variantnew:"+v.Value)
		}
	}
	return out
}

// apiBreaks compares the exported identifiers of the two versions' generated code, as Go's
// apidiff does for a package: an identifier removed, renamed (the same schema place under
// another name) or changed in its type breaks a caller's compilation; an identifier added does
// not.
func apiBreaks(p *pairs) []*APIBreak {
	rn := rename{goName: map[string]string{}, tsName: map[string]string{}}
	for ot, nt := range p.byOld {
		rn.goName[ot.GoName] = nt.GoName
		rn.tsName[ot.TSName] = nt.TSName
	}
	newAll := map[string]ident{}
	for _, pr := range p.list {
		if pr[1] != nil {
			for _, id := range idents(pr[1], rename{}) {
				newAll[id.lang+" "+id.name] = id
			}
		}
	}
	var out []*APIBreak
	for _, pr := range p.list {
		ot, nt := pr[0], pr[1]
		if ot == nil {
			continue
		}
		byRole := map[string]ident{}
		if nt != nil {
			for _, id := range idents(nt, rename{}) {
				byRole[id.lang+" "+id.role] = id
			}
		}
		typ, location := ot.GoName, ot.Location
		if nt != nil {
			typ, location = nt.GoName, nt.Location
		}
		for _, id := range idents(ot, rn) {
			location := location
			if id.place != "" {
				location = id.place
				if nt != nil {
					location = nt.Location + strings.TrimPrefix(id.place, ot.Location)
				}
			}
			if now, ok := newAll[id.lang+" "+id.name]; ok {
				if now.sig != id.sig && now.what == id.what {
					out = append(out, &APIBreak{Lang: id.lang, Kind: "changed", Old: id.name, New: now.name, Type: typ, Location: location,
						Message: fmt.Sprintf("%s %s changed: %s → %s", id.what, id.name, id.sig, now.sig)})
				}
				continue
			}
			if now, ok := byRole[id.lang+" "+id.role]; ok && now.name != id.name {
				// Identifiers derived from a renamed type's name (ParseT, T.Field, TValue,
				// validateT) go with its rename, reported once.
				oldTN, newTN := ot.GoName, nt.GoName
				if id.lang != "go" {
					oldTN, newTN = ot.TSName, nt.TSName
				}
				if id.role != "type" && oldTN != newTN && strings.Replace(id.name, oldTN, newTN, 1) == now.name {
					continue
				}
				if id.role == "type" && oldTN != newTN {
					out = append(out, &APIBreak{Lang: id.lang, Kind: "renamed", Old: id.name, New: now.name, Type: typ, Location: location,
						Message: fmt.Sprintf("type %s renamed %s (with the functions, fields and constants named after it)", id.name, now.name)})
					continue
				}
				out = append(out, &APIBreak{Lang: id.lang, Kind: "renamed", Old: id.name, New: now.name, Type: typ, Location: location,
					Message: fmt.Sprintf("%s %s renamed %s", id.what, id.name, now.name)})
				continue
			}
			out = append(out, &APIBreak{Lang: id.lang, Kind: "removed", Old: id.name, Type: typ, Location: location,
				Message: fmt.Sprintf("%s %s removed", id.what, id.name)})
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Lang != out[j].Lang {
			return out[i].Lang < out[j].Lang
		}
		return out[i].Old < out[j].Old
	})
	return out
}
