package typescript

import (
	"strings"

	"github.com/skillgen/skillgen/generator/ir"
)

func (e *emitter) types() string {
	var b strings.Builder
	for _, t := range e.s.Types {
		b.WriteString(e.typeDecl(t))
	}
	return e.exec("types.ts", struct{ Header, Body string }{Header, b.String()})
}

func (e *emitter) typeDecl(t *ir.Type) string {
	doc := docComment(t.Doc, "")
	if t.Node != nil && t.Node.TSType != "" {
		// tsType: the type as the schema writes it (docs/overrides.md).
		return e.exec("types.alias", struct{ Doc, Name, Type string }{doc, t.TSName, t.Node.TSType})
	}
	switch t.Kind {
	case ir.Struct:
		var fields strings.Builder
		for _, f := range t.Fields {
			fields.WriteString(e.exec("types.field", struct{ Doc, Key, Optional, Type string }{
				Doc:      docComment(f.Doc, "  "),
				Key:      f.TSName,
				Optional: e.optional(f.Required),
				Type:     e.fieldType(f),
			}))
		}
		if t.Extra != nil {
			fields.WriteString(e.exec("types.extra", nil))
		}
		if t.TSObjectName != "" {
			// The schema has no "type": "object": its other values are the type's too.
			return e.exec("types.notObjects", struct{ Doc, Name, Object, Fields string }{doc, t.TSName, t.TSObjectName, fields.String()})
		}
		return e.exec("types.interface", struct{ Doc, Name, Fields string }{doc, t.TSName, fields.String()})
	case ir.Tuple:
		items := make([]string, 0, len(t.Fields)+1)
		for _, f := range t.Fields {
			item := e.fieldType(f)
			if !f.Required {
				item = e.exec("tuple.optional", parenthesize(item))
			}
			items = append(items, item)
		}
		if t.Rest != nil {
			items = append(items, e.exec("tuple.rest", e.arrayOf(e.tsRef(t.Rest))))
		}
		return e.exec("types.alias", struct{ Doc, Name, Type string }{doc, t.TSName, e.exec("tuple", strings.Join(items, ", "))})
	case ir.Enum:
		lits := make([]string, len(t.Values))
		for i, v := range t.Values {
			lits[i] = e.enumLiteral(t, v)
		}
		union := strings.Join(lits, " | ")
		if union == "" {
			union = "never"
		}
		decl := e.exec("types.enum", struct{ Doc, Name, Union, List string }{doc, t.TSName, union, strings.Join(lits, ", ")})
		if members := e.enumMembers(t); members != "" {
			decl += e.exec("types.enumNames", struct{ Name, Members string }{t.TSName, members})
		}
		return decl
	case ir.Union:
		names := make([]string, len(t.Variants))
		for i, v := range t.Variants {
			if v.Ref != nil {
				names[i] = e.tsRef(v.Ref)
			} else {
				names[i] = v.Type.TSName
			}
		}
		u := strings.Join(names, " | ")
		if u == "" {
			u = "never"
		}
		return e.exec("types.alias", struct{ Doc, Name, Type string }{doc, t.TSName, u})
	case ir.Alias:
		if t.Alias == nil {
			e.fail("alias %s has no type", t.TSName)
			return ""
		}
		return e.exec("types.alias", struct{ Doc, Name, Type string }{doc, t.TSName, e.tsRef(t.Alias)})
	}
	e.fail("type %s: unknown kind %d", t.TSName, t.Kind)
	return ""
}

// enumLiteral is the TypeScript literal of an enum value: a string, or a number written the
// shortest way.
func (e *emitter) enumLiteral(t *ir.Type, v ir.EnumValue) string {
	if t.EnumBase == ir.RefInteger || t.EnumBase == ir.RefNumber {
		return e.jsValue(ir.Value{Kind: ir.Number, Number: v.Value})
	}
	return jsString(v.Value)
}

// enumMembers lists the named members of an enum (tsEnumNames, x-enum-varnames, or titled
// consts) as the members of an object literal, "" when they are not named.
func (e *emitter) enumMembers(t *ir.Type) string {
	var members []string
	for _, v := range t.Values {
		if v.TSName == "" {
			return ""
		}
		key := v.TSName
		if !isIdentifier(key) {
			key = jsString(key)
		}
		members = append(members, key+": "+e.enumLiteral(t, v))
	}
	return strings.Join(members, ", ")
}

// isIdentifier: s is an ECMAScript identifier name of ASCII letters, digits, _ and $.
func isIdentifier(s string) bool {
	for i, r := range s {
		if !(r == '_' || r == '$' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || i > 0 && '0' <= r && r <= '9') {
			return false
		}
	}
	return s != ""
}

// parenthesize wraps a union type in parentheses, for use before "?" or "[]".
func parenthesize(s string) string {
	if strings.Contains(s, "|") {
		return "(" + s + ")"
	}
	return s
}

// arrayOf is the array type of elem: elem[], or (elem)[] for a union.
func (e *emitter) arrayOf(elem string) string {
	if strings.Contains(elem, "|") {
		return e.exec("ref.arrayParen", elem)
	}
	return e.exec("ref.array", elem)
}

func (e *emitter) optional(required bool) string {
	if required {
		return ""
	}
	return e.exec("types.optional", nil)
}

func (e *emitter) fieldType(f *ir.Field) string {
	var s string
	switch {
	case f.Const != nil:
		s = jsString(*f.Const)
	case f.Type != nil:
		s = e.tsRef(f.Type)
		if f.Type.TS != "" && f.Type.Kind != ir.RefNamed {
			return s // tsType, as written
		}
	default:
		s = e.exec("ref.unknown", nil)
	}
	if f.Nullable && !strings.HasSuffix(s, " | null") && s != "unknown" {
		s = e.exec("ref.nullable", s)
	}
	return s
}

// tsRef writes the TypeScript type of a TypeRef.
func (e *emitter) tsRef(r *ir.TypeRef) string {
	if r.TS != "" && r.Kind != ir.RefNamed {
		// tsType, as written; a named type's tsType is its declaration's.
		return r.TS
	}
	var s string
	switch r.Kind {
	case ir.RefNamed:
		if r.Named == nil {
			e.fail("named reference without a type")
			return ""
		}
		s = e.exec("ref.named", r.Named.TSName)
	case ir.RefString:
		s = e.exec("ref.string", nil)
	case ir.RefInteger, ir.RefNumber:
		s = e.exec("ref.number", nil)
	case ir.RefBool:
		s = e.exec("ref.boolean", nil)
	case ir.RefAny:
		return e.exec("ref.unknown", nil)
	case ir.RefNull:
		return e.exec("ref.null", nil)
	case ir.RefArray, ir.RefMap:
		elem := e.exec("ref.unknown", nil)
		if r.Elem != nil {
			elem = e.tsRef(r.Elem)
		}
		if r.Kind == ir.RefMap {
			s = e.exec("ref.map", elem)
		} else {
			s = e.arrayOf(elem)
		}
	default:
		e.fail("unknown reference kind %d", r.Kind)
		return ""
	}
	if r.Nullable && !(r.Kind == ir.RefNamed && r.Named.Kind == ir.Alias && r.Named.Alias != nil && r.Named.Alias.Kind == ir.RefAny) {
		s = e.exec("ref.nullable", s)
	}
	return s
}
