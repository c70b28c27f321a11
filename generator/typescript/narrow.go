package typescript

import (
	"strings"

	"github.com/skillgen/skillgen/generator/ir"
)

// Narrowing: the values a schema accepts that the generated types leave out, so that isT never
// says a value is a T that the type cannot describe. They are values other than those of its own
// JSON types for the variant of a union of JSON types, whose node accepts the other variants'
// values too (ir.Type.Only), wherever a type holds one. (The null a type's schema accepts and the
// type leaves to its references, ir.Type.Nullable, is no such value: the references are T | null,
// and so are the functions of the type itself, see apiType.) validateT reports
// the first such value, once the schema's own validation passed, with keyword "type" at its
// pointer: where and how the Go decoder refuses it. A document of another JSON type than a type
// holds Only is refused by its guard before the validation, as the Go ParseT refuses it.

// narrower decides which named types hold such values and writes their checks.
type narrower struct {
	e     *emitter
	need  map[*ir.Type]bool
	names map[*ir.Type]string
	// guards name the guard functions of the types that hold some JSON types Only.
	guards map[*ir.Type]string
	order  []*ir.Type
	// export is "export " when the functions have a module of their own (src/narrow.ts, for
	// the parts of a validate.ts split by validateParts) and "" when they close validate.ts.
	export string
	// nodes is whether a function calls a validator of nodes.ts (narrow.accepts).
	nodes bool
}

func newNarrower(e *emitter) *narrower {
	nw := &narrower{e: e, need: map[*ir.Type]bool{}, names: map[*ir.Type]string{}, guards: map[*ir.Type]string{}}
	// A type needs a check when it holds some JSON types Only or holds a type that needs one:
	// grow the set until it stops changing (each round adds a type, so at most one per type).
	for changed := true; changed; {
		changed = false
		for _, t := range e.s.Types {
			if !nw.need[t] && (t.Only != nil || nw.holds(t)) {
				nw.need[t] = true
				changed = true
			}
		}
	}
	used := map[string]bool{}
	unique := func(name string) string {
		for used[name] {
			name += "_"
		}
		used[name] = true
		return name
	}
	for _, t := range e.s.Types {
		if nw.need[t] {
			nw.names[t] = unique("narrow" + t.TSName)
			nw.order = append(nw.order, t)
			if t.Only != nil {
				nw.guards[t] = unique("only" + t.TSName)
			}
		}
	}
	return nw
}

// holds reports whether a value of t may hold a value of a type that needs a check.
func (nw *narrower) holds(t *ir.Type) bool {
	for _, f := range t.Fields {
		if f.Const == nil && nw.refNeeds(f.Type) {
			return true
		}
	}
	for _, r := range []*ir.TypeRef{t.Extra, t.Alias, t.Rest} {
		if nw.refNeeds(r) {
			return true
		}
	}
	for _, v := range t.Variants {
		if nw.refNeeds(v.Ref) {
			return true
		}
	}
	return false
}

func (nw *narrower) refNeeds(r *ir.TypeRef) bool {
	for ; r != nil; r = r.Elem {
		if r.Kind == ir.RefNamed {
			return nw.need[r.Named]
		}
	}
	return false
}

// check is the expression of a Narrow function for the values of r ("" when none is needed).
func (nw *narrower) check(r *ir.TypeRef) string {
	if r == nil || !nw.refNeeds(r) {
		return ""
	}
	e := nw.e
	var f string
	switch r.Kind {
	case ir.RefNamed:
		f = nw.names[r.Named]
	case ir.RefArray:
		f = e.exec("narrow.items", nw.check(r.Elem))
	case ir.RefMap:
		f = e.exec("narrow.values", nw.check(r.Elem))
	default:
		return ""
	}
	if r.Nullable {
		f = e.exec("narrow.nullOr", f)
	}
	return f
}

// call is the Narrow of t that rt.api runs after the validation (empty when t holds every value
// its schema accepts). A null its schema accepts is no value T leaves out: the API of such a
// type is over T | null (see apiType), so null passes.
func (nw *narrower) call(t *ir.Type) string {
	if !nw.need[t] {
		return ""
	}
	if t.Nullable {
		return nw.e.exec("narrow.nullOr", nw.names[t])
	}
	return nw.names[t]
}

// uses lists the functions call(t) and guards[t] name, which a part of validate.ts imports
// from src/narrow.ts.
func (nw *narrower) uses(t *ir.Type) []string {
	if !nw.need[t] {
		return nil
	}
	names := []string{nw.names[t]}
	if t.Nullable {
		names = append(names, "nullOr")
	}
	if g := nw.guards[t]; g != "" {
		names = append(names, g)
	}
	return names
}

// apiType is the type the functions of t (rt.API) are over: T, or T | null for a type whose
// schema accepts null, which T leaves to the references to it (ir.Type.Nullable), so that
// parseT and checkT give it and isT admits it.
func apiType(t *ir.Type) string {
	if t.Nullable {
		return t.TSName + " | null"
	}
	return t.TSName
}

// guardFunction writes the guard of a type that holds some JSON types Only: a value of
// another type is refused for its type alone. rt.api runs it before the validation, as the Go
// ParseT refuses such a value first, and the type's Narrow function starts with it.
func (nw *narrower) guardFunction(t *ir.Type) string {
	var conds []string
	for _, k := range t.Only {
		conds = append(conds, nw.e.exec("narrow.notkind."+k, nil))
	}
	return nw.e.exec("narrow.guard", struct{ Export, Name, Type, Cond, Message string }{
		nw.export, nw.guards[t], t.TSName, strings.Join(conds, nw.e.exec("narrow.and", nil)), tsMessage("type", "types", strings.Join(t.Only, " or ")),
	})
}

// functions writes the Narrow function of every type that needs one, after the helpers they
// share.
func (nw *narrower) functions() string {
	var b strings.Builder
	b.WriteString(nw.e.exec("narrow.prelude", nw.export))
	for _, t := range nw.order {
		if t.Only != nil {
			b.WriteString(nw.guardFunction(t))
		}
		b.WriteString(nw.function(t))
	}
	return b.String()
}

func (nw *narrower) function(t *ir.Type) string {
	e := nw.e
	var body strings.Builder
	step := func(expr, value, ptr string) {
		if expr != "" {
			body.WriteString(e.exec("narrow.step", struct{ Check, Value, Pointer string }{expr, value, ptr}))
		}
	}
	step(nw.guards[t], "v", "p")
	switch t.Kind {
	case ir.Struct:
		var known []string
		for _, f := range t.Fields {
			known = append(known, jsString(f.JSONName))
			if f.Const != nil {
				continue
			}
			if c := nw.check(f.Type); c != "" {
				body.WriteString(e.exec("narrow.member", struct{ Key, Check, Seg string }{jsKeyAccess(f.JSONName), c, segment(f.JSONName)}))
			}
		}
		if c := nw.check(t.Extra); c != "" {
			body.WriteString(e.exec("narrow.extra", struct{ Known, Check string }{strings.Join(known, ", "), c}))
		}
	case ir.Tuple:
		for i, f := range t.Fields {
			// An element that is not there has nothing to narrow (and a tuple that holds
			// itself would never end).
			if c := nw.check(f.Type); c != "" {
				body.WriteString(e.exec("narrow.element", struct{ Index, Check string }{itoa(int64(i)), c}))
			}
		}
		if c := nw.check(t.Rest); c != "" {
			body.WriteString(e.exec("narrow.rest", struct{ From, Check string }{itoa(int64(len(t.Fields))), c}))
		}
	case ir.Union:
		body.WriteString(nw.union(t))
	case ir.Alias:
		step(nw.check(t.Alias), "v", "p")
	}
	return e.exec("narrow.function", struct{ Export, Name, Type, Body string }{nw.export, nw.names[t], t.TSName, body.String()})
}

// union writes the choice of the variant the Go decoder makes, then its check.
func (nw *narrower) union(t *ir.Type) string {
	e := nw.e
	var b strings.Builder
	if t.Dispatch == ir.ByTag {
		prop := t.Branches.Discriminator.Property
		var cases strings.Builder
		for _, v := range t.Variants {
			if c := nw.check(v.Ref); c != "" {
				cases.WriteString(e.exec("narrow.tag.case", struct{ Value, Check string }{jsString(v.Value), c}))
			}
		}
		b.WriteString(e.exec("narrow.tag", struct{ Key, Cases string }{jsKeyAccess(prop), cases.String()}))
		return b.String()
	}
	var fallback strings.Builder
	for _, v := range t.Variants {
		check := nw.check(v.Ref)
		if check == "" {
			check = e.exec("narrow.none", nil)
		}
		cond := kindCond(e, v.Kinds)
		if v.Shared {
			nw.nodes = true
			b.WriteString(e.exec("narrow.variant", struct{ Cond, Check string }{cond + e.exec("narrow.and", nil) + e.exec("narrow.accepts", e.fn(v.Node)), check}))
			fallback.WriteString(e.exec("narrow.variant", struct{ Cond, Check string }{cond, check}))
			continue
		}
		b.WriteString(e.exec("narrow.variant", struct{ Cond, Check string }{cond, check}))
	}
	b.WriteString(fallback.String())
	return b.String()
}

// kindCond is the condition that v has one of the JSON types.
func kindCond(e *emitter, kinds []string) string {
	var conds []string
	for _, k := range kinds {
		conds = append(conds, e.exec("narrow.kind."+k, nil))
	}
	if len(conds) == 1 {
		return conds[0]
	}
	return "(" + strings.Join(conds, e.exec("narrow.or", nil)) + ")"
}

// jsKeyAccess is the literal that reads a member: a string literal, for bracket access.
func jsKeyAccess(key string) string { return jsString(key) }
