package typescript

import (
	"fmt"
	"slices"
	"strings"

	"github.com/skillgen/skillgen/generator/ir"
)

// nodes writes src/nodes.ts: the patterns and one validator function per ir.Node.
func (e *emitter) nodes() string {
	var pats, funcs strings.Builder
	for _, p := range e.patterns() {
		pats.WriteString(e.exec("v.pattern", struct{ Var, Source string }{p.TSVar, jsString(p.Source)}))
	}
	annotations := ""
	for _, n := range e.s.Nodes {
		if n.UnevaluatedProperties != nil || n.UnevaluatedItems != nil {
			annotations = e.exec("ann.runtime", nil)
		}
		if n.SameAs != nil {
			continue // validated by the function of the node it is the same as
		}
		funcs.WriteString(e.nodeDecls(n))
		funcs.WriteString(e.exec("v.func", struct{ Location, Name, Body string }{
			Location: commentLine(ir.CommentLocation(n.Location)),
			Name:     n.TSFunc,
			Body:     e.nodeBody(n, false),
		}))
		if n.TSAnnFunc != "" {
			funcs.WriteString(e.exec("v.funcAnn", struct{ Location, Name, Body string }{
				Location: commentLine(ir.CommentLocation(n.Location)),
				Name:     n.TSAnnFunc,
				Body:     e.nodeBody(n, true),
			}))
		}
	}
	return e.exec("nodes.ts", struct {
		Header, Patterns, Annotations, Funcs string
		Formats                              bool
	}{Header, pats.String(), annotations, funcs.String(), UsesFormats(e.s)})
}

// UsesFormats reports whether a validator asserts a format: src/formats.ts is then part of the
// package.
func UsesFormats(s *ir.Schema) bool {
	for _, n := range s.Nodes {
		if n.FormatTS != "" && n.SameAs == nil {
			return true
		}
	}
	return false
}

// descent is the data of the template v.descend: the call of the validator Func on Value, a
// member or an item of v, with the violations going to List; the second line of the call
// starts with Indent.
type descent struct{ Func, Value, List, Indent string }

// descentFunc is the template function descent.
func descentFunc(fn, value, list, indent string) descent {
	return descent{fn, value, list, indent}
}

// manyTerms is the number of terms above which a validator does not write one test after the
// other: TypeScript gives up the control flow analysis of a function with a chain of
// hundreds of || or of ifs (error TS2563). Names go into a Set, validators and patterns into
// an array, and declared and required properties into a table.
const manyTerms = 16

// nodeDecls writes the constants the validators of n read: the set of its enum values, and
// the set of its property names when additionalProperties must tell them apart from others
// and they are many.
func (e *emitter) nodeDecls(n *ir.Node) string {
	var b strings.Builder
	if n.Enum != nil && !smallEnum(n) {
		vals := make([]string, len(n.Enum))
		for i, v := range n.Enum {
			vals[i] = e.jsValue(v)
		}
		b.WriteString(e.exec("v.enum.decl", struct{ Name, Values string }{enumConst(n), strings.Join(vals, ", ")}))
	}
	if knownSet(n) {
		names := make([]string, len(n.Properties))
		for i, p := range n.Properties {
			names[i] = p.Name
		}
		b.WriteString(e.exec("v.known.decl", struct{ Name, Names string }{knownConst(n), quotedList(names)}))
	}
	if shapeTable(n) {
		rows := make([]string, 0, len(n.Properties)+len(n.Required))
		for _, p := range n.Properties {
			rows = append(rows, e.exec("v.shape.row", struct{ Name, Func, Required string }{jsString(p.Name), e.fn(p.Schema), fmt.Sprint(slices.Contains(n.Required, p.Name))}))
		}
		for _, r := range undeclaredRequired(n) {
			rows = append(rows, e.exec("v.shape.row", struct{ Name, Func, Required string }{jsString(r), "null", "true"}))
		}
		b.WriteString(e.exec("v.shape.decl", struct{ Name, Rows string }{shapeConst(n), strings.Join(rows, ",\n")}))
	}
	if len(n.Required) > manyTerms {
		b.WriteString(e.exec("v.names.decl", struct{ Name, Names string }{requiredConst(n), quotedList(n.Required)}))
	}
	return b.String()
}

// shapeTable reports whether the declared and required properties of n are checked from a
// table read by rt.members (nodeDecls) rather than by one statement each.
func shapeTable(n *ir.Node) bool {
	return len(n.Properties) > manyTerms || len(n.Required) > manyTerms
}

// undeclaredRequired lists the required names of n that properties does not declare.
func undeclaredRequired(n *ir.Node) []string {
	var out []string
	for _, r := range n.Required {
		if !slices.ContainsFunc(n.Properties, func(p ir.Property) bool { return p.Name == r }) {
			out = append(out, r)
		}
	}
	return out
}

// quotedList writes names as the elements of a TypeScript array literal.
func quotedList(names []string) string {
	q := make([]string, len(names))
	for i, r := range names {
		q[i] = jsString(r)
	}
	return strings.Join(q, ", ")
}

// requiredList is the array of the required names of n, in the order of required: a literal
// where they are few, else the constant nodeDecls writes.
func (e *emitter) requiredList(n *ir.Node) string {
	if len(n.Required) > manyTerms {
		return requiredConst(n)
	}
	return e.exec("v.names", quotedList(n.Required))
}

// smallEnum reports whether the enum of n is a few primitive values (at least one) of the types
// it admits, tested with === (JSON equality for primitives, and faster than a lookup in a
// JSONSet).
func smallEnum(n *ir.Node) bool {
	if len(n.Enum) == 0 || len(n.Enum) > 8 {
		return false
	}
	// tsc refuses a === between types with no overlap: every value must have a type the node's
	// type keyword admits (after its check, v has only those).
	kinds := map[ir.ValueKind][]string{ir.Null: {"null"}, ir.Bool: {"boolean"}, ir.Number: {"number", "integer"}, ir.String: {"string"}}
	for _, v := range n.Enum {
		types, ok := kinds[v.Kind]
		if !ok || !allows(n, types...) {
			return false
		}
	}
	return true
}

// The constants of a node's validator are named after it.

func enumConst(n *ir.Node) string     { return "enum" + strings.TrimPrefix(n.TSFunc, "v") }
func knownConst(n *ir.Node) string    { return "known" + strings.TrimPrefix(n.TSFunc, "v") }
func requiredConst(n *ir.Node) string { return "required" + strings.TrimPrefix(n.TSFunc, "v") }
func shapeConst(n *ir.Node) string    { return "shape" + strings.TrimPrefix(n.TSFunc, "v") }

// knownSet reports whether the validator of n tests property names against a Set.
func knownSet(n *ir.Node) bool {
	addl := n.AdditionalProperties
	return addl != nil && !isTrue(addl) && len(n.Properties) > manyTerms
}

// isTrue reports whether a node is the boolean schema true.
func isTrue(n *ir.Node) bool { return n != nil && n.Bool != nil && *n.Bool }

// unevaluated reports whether a node has an unevaluatedProperties or unevaluatedItems keyword
// that can fail (true never does).
func unevaluated(n *ir.Node) bool {
	return (n.UnevaluatedProperties != nil && !isTrue(n.UnevaluatedProperties)) ||
		(n.UnevaluatedItems != nil && !isTrue(n.UnevaluatedItems))
}

// annCall applies the in-place subschema c to v at p: with collection (col) and an annotating
// variant, its annotations are added to ev.
func (e *emitter) annCall(c *ir.Node, col bool) string {
	if col && c.TSAnnFunc != "" {
		return e.exec("ann.call", c.TSAnnFunc)
	}
	return e.fn(c) + "(v, p, d, e)"
}

// annAccepts tests v against the in-place subschema c; with collection, its annotations are
// added to into when it passes.
func (e *emitter) annAccepts(c *ir.Node, col bool, into string) string {
	if col && c.TSAnnFunc != "" {
		return e.exec("ann.accepts", struct{ Func, Into string }{c.TSAnnFunc, into})
	}
	return e.exec("v.accepts", e.fn(c))
}

// commentLine makes s safe inside a // comment.
func commentLine(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case '\n', '\r', '\u2028', '\u2029':
			return ' '
		}
		return r
	}, s)
}

// patterns lists every distinct pattern (by TSVar) of the schema's nodes, in node order.
func (e *emitter) patterns() []*ir.Pattern {
	var out []*ir.Pattern
	seen := map[string]bool{}
	add := func(p *ir.Pattern) {
		if p == nil || seen[p.TSVar] {
			return
		}
		seen[p.TSVar] = true
		out = append(out, p)
	}
	for _, n := range e.s.Nodes {
		add(n.Pattern)
		for _, pp := range n.PatternProperties {
			add(pp.Pattern)
		}
	}
	return out
}

// allows reports whether a node's type list (empty: any) admits one of the given JSON types.
func allows(n *ir.Node, types ...string) bool {
	if len(n.Types) == 0 {
		return true
	}
	for _, t := range types {
		if slices.Contains(n.Types, t) {
			return true
		}
	}
	return false
}

// fn names the validator that validates n. A node that is only a $ref (or an allOf of one
// subschema) has a validator that calls the one of its target and nothing else (still
// written, for the arbitraries), so its callers call the target's directly: one call less per
// reference, and frames of the stack.
func (e *emitter) fn(n *ir.Node) string {
	if n == nil {
		e.fail("missing node")
		return ""
	}
	if e.aliases == nil {
		e.findAliases()
	}
	name := n.TSFunc
	for range 64 { // a cycle of bare references validates nothing; stop somewhere on it
		t, ok := e.aliases[name]
		if !ok {
			break
		}
		name = t
	}
	return name
}

// findAliases finds the nodes whose validator body is one call of the validator of their $ref
// or of their only allOf subschema.
func (e *emitter) findAliases() {
	e.aliases = map[string]string{} // while looking, fn names every node's own validator
	found := map[string]string{}
	for _, n := range e.s.Nodes {
		target := n.Ref
		if target == nil && len(n.AllOf) == 1 {
			target = n.AllOf[0]
		}
		if n.SameAs != nil || target == nil || target.TSFunc == n.TSFunc {
			continue
		}
		if e.nodeBody(n, false) == e.exec("v.ref", target.TSFunc) {
			found[n.TSFunc] = target.TSFunc
		}
	}
	e.aliases = found
}

func (e *emitter) number(n *ir.NumberLit) string {
	s := jsNumber(n.Float)
	if s == "" {
		e.fail("number %q is outside the double range", n.Literal)
		return "0"
	}
	return s
}

// nodeBody writes the statements of a node validator, in the order of docs/validation.md, or
// of its annotating variant (ann). The variant, and the validator of a node with a failing
// unevaluated keyword, collect annotations in ev.
func (e *emitter) nodeBody(n *ir.Node, ann bool) string {
	var b strings.Builder
	if n.Bool != nil {
		if !*n.Bool {
			b.WriteString(e.exec("v.false", nil))
		}
		return b.String()
	}
	col := ann || unevaluated(n)
	switch {
	case ann:
		// The variant's value is the one out is about: its annotations share out's key list.
		b.WriteString(e.exec("ann.startIn", nil))
	case col:
		b.WriteString(e.exec("ann.start", nil))
	}
	if ann {
		b.WriteString(e.exec("ann.n0", nil))
	}
	if unevaluated(n) {
		b.WriteString(e.exec("ann.at", nil))
	}
	for _, r := range []*ir.Node{n.Ref, n.DynamicRef} {
		if r == nil {
			continue
		}
		if col && r.TSAnnFunc != "" {
			b.WriteString(e.exec("ann.ref", e.annCall(r, col)))
		} else {
			b.WriteString(e.exec("v.ref", e.fn(r)))
		}
	}
	if len(n.Types) > 0 {
		conds := make([]string, len(n.Types))
		for i, t := range n.Types {
			conds[i] = e.exec("v.type."+t, nil)
		}
		b.WriteString(e.exec("v.type", struct{ Cond, Message string }{
			Cond:    strings.Join(conds, e.exec("v.or", nil)),
			Message: tsMessage("type", "types", strings.Join(n.Types, " or ")),
		}))
	}
	if n.Enum != nil {
		cond := e.exec("v.enum.set", enumConst(n))
		if smallEnum(n) {
			terms := make([]string, len(n.Enum))
			for i, v := range n.Enum {
				terms[i] = e.exec("v.enum.is", e.jsValue(v))
			}
			cond = strings.Join(terms, e.exec("v.or", nil))
		}
		b.WriteString(e.exec("v.enum", struct{ Cond, Message string }{cond, tsMessage("enum", "values", ir.ValuesForMessage(n.Enum))}))
	}
	if n.Const != nil {
		b.WriteString(e.exec("v.const", struct{ Value, Message string }{e.jsValue(*n.Const), tsMessage("const", "value", n.Const.JSON())}))
	}
	if allows(n, "string") {
		var s strings.Builder
		if n.MinLength != nil {
			s.WriteString(e.exec("v.minLength", *n.MinLength))
		}
		if n.MaxLength != nil {
			s.WriteString(e.exec("v.maxLength", *n.MaxLength))
		}
		if n.Pattern != nil {
			s.WriteString(e.exec("v.pattern.test", struct{ Var, Message string }{n.Pattern.TSVar, tsMessage("pattern", "pattern", ir.QuoteForMessage(n.Pattern.Source))}))
		}
		if n.FormatTS != "" {
			s.WriteString(e.exec("v.format.test", struct{ Func, Message string }{n.FormatTS, tsMessage("format", "format", ir.QuoteForMessage(n.Format))}))
		}
		if s.Len() > 0 {
			b.WriteString(e.guard(n, "v.string", s.String(), "string"))
		}
	}
	if allows(n, "number", "integer") {
		var s strings.Builder
		for _, k := range []struct {
			name string
			lit  *ir.NumberLit
		}{
			{"v.minimum", n.Minimum},
			{"v.maximum", n.Maximum},
			{"v.exclusiveMinimum", n.ExclusiveMinimum},
			{"v.exclusiveMaximum", n.ExclusiveMaximum},
			{"v.multipleOf", n.MultipleOf},
		} {
			if k.lit != nil {
				s.WriteString(e.exec(k.name, struct{ Value, Message string }{e.number(k.lit), tsMessage(strings.TrimPrefix(k.name, "v."), "n", k.lit.Literal)}))
			}
		}
		if s.Len() > 0 {
			b.WriteString(e.guard(n, "v.number", s.String(), "number", "integer"))
		}
	}
	if allows(n, "object") {
		if s := e.objectBody(n, col); s != "" {
			b.WriteString(e.guard(n, "v.object", s, "object"))
		}
	}
	if allows(n, "array") {
		if s := e.arrayBody(n, col); s != "" {
			b.WriteString(e.guard(n, "v.array", s, "array"))
		}
	}
	for _, sub := range n.AllOf {
		if col && sub.TSAnnFunc != "" {
			b.WriteString(e.exec("ann.ref", e.annCall(sub, col)))
		} else {
			b.WriteString(e.exec("v.allOf", e.fn(sub)))
		}
	}
	// anyOf, then oneOf; the one the discriminator names dispatches on it.
	if len(n.AnyOf) > 0 {
		if d := n.Discriminator; d != nil && d.Keyword == "anyOf" {
			b.WriteString(e.discriminator(n, d, n.AnyOf, col))
		} else if col {
			// Every branch is tried: the annotations of each valid one count.
			var s strings.Builder
			for _, sub := range n.AnyOf {
				s.WriteString(e.exec("ann.branch", e.annAccepts(sub, col, "ev")))
			}
			b.WriteString(e.exec("ann.anyOf", choiceData(s.String(), e.unionCall(n, "anyOf", n.AnyOf, "k"))))
		} else {
			parts := make([]string, len(n.AnyOf))
			for i, sub := range n.AnyOf {
				parts[i] = e.exec("v.accepts", e.fn(sub))
			}
			cond := strings.Join(parts, e.exec("v.or", nil))
			if len(parts) > manyTerms {
				for i, sub := range n.AnyOf {
					parts[i] = e.fn(sub)
				}
				cond = e.exec("v.acceptsSome", strings.Join(parts, ", "))
			}
			b.WriteString(e.exec("v.anyOf", choiceData(cond, e.unionCall(n, "anyOf", n.AnyOf, "0"))))
		}
	}
	if len(n.OneOf) > 0 {
		if d := n.Discriminator; d != nil && d.Keyword == "oneOf" {
			b.WriteString(e.discriminator(n, d, n.OneOf, col))
		} else if col {
			// Every branch is tried; the annotations count when exactly one is valid.
			var s strings.Builder
			for _, sub := range n.OneOf {
				s.WriteString(e.exec("ann.branch", e.annAccepts(sub, col, "o")))
			}
			b.WriteString(e.exec("ann.oneOf", choiceData(s.String(), e.unionCall(n, "oneOf", n.OneOf, "k"))))
		} else {
			parts := make([]string, len(n.OneOf))
			for i, sub := range n.OneOf {
				parts[i] = e.fn(sub)
			}
			b.WriteString(e.exec("v.oneOf", choiceData(strings.Join(parts, ", "), e.unionCall(n, "oneOf", n.OneOf, "k"))))
		}
	}
	if n.Not != nil {
		b.WriteString(e.exec("v.not", e.fn(n.Not)))
	}
	if n.If != nil && col && n.If.TSAnnFunc != "" {
		data := struct{ If, Then, Else string }{If: e.annAccepts(n.If, col, "ev")}
		switch {
		case n.Then != nil && n.Else != nil:
			data.Then, data.Else = e.annCall(n.Then, col), e.annCall(n.Else, col)
			b.WriteString(e.exec("ann.ifThenElse", data))
		case n.Then != nil:
			data.Then = e.annCall(n.Then, col)
			b.WriteString(e.exec("ann.ifThen", data))
		case n.Else != nil:
			data.Else = e.annCall(n.Else, col)
			b.WriteString(e.exec("ann.ifElse", data))
		default:
			// if alone asserts nothing, but its annotations count when it passes.
			b.WriteString(e.exec("ann.ifAlone", data.If))
		}
	} else if n.If != nil {
		data := struct{ If, Then, Else string }{If: e.fn(n.If)}
		switch {
		case n.Then != nil && n.Else != nil:
			data.Then, data.Else = e.fn(n.Then), e.fn(n.Else)
			b.WriteString(e.exec("v.ifThenElse", data))
		case n.Then != nil:
			data.Then = e.fn(n.Then)
			b.WriteString(e.exec("v.ifThen", data))
		case n.Else != nil:
			data.Else = e.fn(n.Else)
			b.WriteString(e.exec("v.ifElse", data))
		}
	}
	if up := n.UnevaluatedProperties; up != nil && isTrue(up) && ann {
		b.WriteString(e.exec("ann.allProps", nil))
	} else if up != nil && !isTrue(up) {
		fn := ""
		if up.Bool == nil {
			fn = e.fn(up)
		}
		b.WriteString(e.exec("ann.unevaluatedProperties", struct{ Func string }{fn}))
	}
	if ui := n.UnevaluatedItems; ui != nil && isTrue(ui) && ann {
		b.WriteString(e.exec("ann.allItems", nil))
	} else if ui != nil && !isTrue(ui) {
		fn := ""
		if ui.Bool == nil {
			fn = e.fn(ui)
		}
		b.WriteString(e.exec("ann.unevaluatedItems", struct{ Func string }{fn}))
	}
	if ann {
		b.WriteString(e.exec("ann.end", nil))
	}
	return b.String()
}

// unionCall is the call of the runtime's union that reports the failure of the anyOf or oneOf
// of n, k (an expression) of whose branches match: the branch the Decider names, or the first
// branches' most specific violations (as the Go package's union).
func (e *emitter) unionCall(n *ir.Node, keyword string, branches []*ir.Node, k string) string {
	prop, vals := `""`, "null"
	if d := n.Decider; d != nil && d.Keyword == keyword && len(d.Values) == len(branches) {
		quoted := make([]string, len(d.Values))
		for i, s := range d.Values {
			quoted[i] = jsString(s)
		}
		prop, vals = jsString(d.Property), "["+strings.Join(quoted, ", ")+"]"
	}
	fns := make([]string, len(branches))
	for i, br := range branches {
		fns[i] = e.fn(br)
	}
	return fmt.Sprintf("rt.union(%s, %s, %s, %s, %s, [%s], v, p, d, e)", jsString(keyword),
		tsMessage(keyword, "n", fmt.Sprint(len(branches))), k, prop, vals, strings.Join(fns, ", "))
}

// discriminator writes the dispatch of a tagged anyOf or oneOf on its discriminator property.
func (e *emitter) discriminator(n *ir.Node, d *ir.Discriminator, branches []*ir.Node, col bool) string {
	if len(branches) != len(d.Values) {
		e.fail("%s: discriminator has %d values for %d branches", n.Location, len(d.Values), len(branches))
		return ""
	}
	var cases strings.Builder
	for i, br := range branches {
		if col && br.TSAnnFunc != "" {
			cases.WriteString(e.exec("ann.discriminator.case", struct{ Value, Call string }{jsString(d.Values[i]), e.annCall(br, col)}))
			continue
		}
		cases.WriteString(e.exec("v.discriminator.case", struct{ Value, Func string }{jsString(d.Values[i]), e.fn(br)}))
	}
	return e.exec("v.discriminator", struct{ Name, Seg, Keyword, Missing, Message, Cases string }{
		Name:    jsString(d.Property),
		Seg:     segment(d.Property),
		Keyword: jsString(d.Keyword),
		Missing: tsMessage("required", "name", ir.QuoteForMessage(d.Property)),
		Message: tsMessage("discriminator", "values", ir.ValuesForMessage(stringValues(d.Values))),
		Cases:   cases.String(),
	})
}

func (e *emitter) objectBody(n *ir.Node, col bool) string {
	var b strings.Builder
	addl := n.AdditionalProperties
	addlTrue := addl != nil && addl.Bool != nil && *addl.Bool
	// A closed object with nothing else iterating its keys looks only at the keys it does not
	// know, and sorts those alone (usually none).
	closedOnly := addl != nil && addl.Bool != nil && !*addl.Bool && len(n.PatternProperties) == 0 && n.PropertyNames == nil && !col
	needKeys := len(n.PatternProperties) > 0 || (addl != nil && !addlTrue && !closedOnly) || n.PropertyNames != nil
	// Each declared property is tested once: present, it is validated; absent and required, the
	// missing required names are reported (before the members' violations) at the end. Many
	// properties are checked from a table (nodeDecls): one if per property would make tsc give
	// up the function (TS2563).
	pre := "v."
	if col {
		pre = "ann."
	}
	if shapeTable(n) {
		b.WriteString(e.exec(pre+"shape", struct{ Shape, Required string }{shapeConst(n), e.requiredList(n)}))
	} else {
		if len(n.Properties) > 0 || len(n.Required) > 0 {
			b.WriteString(e.exec("v.own", nil))
		}
		if len(n.Required) > 0 {
			b.WriteString(e.exec("v.required.start", nil))
		}
		for _, p := range n.Properties {
			b.WriteString(e.exec(pre+"property", struct {
				Name, Func string
				Required   bool
			}{jsString(p.Name), e.fn(p.Schema), slices.Contains(n.Required, p.Name)}))
		}
		for _, r := range undeclaredRequired(n) {
			b.WriteString(e.exec("v.required", jsString(r)))
		}
		if len(n.Required) > 0 {
			b.WriteString(e.exec("v.required.end", e.requiredList(n)))
		}
	}
	// The loops over the keys run in document order, and again over the sorted keys when they
	// reported a violation (rt.inOrder). Where annotations are collected they run over the key
	// list the annotations of the value share, by position (ann.keys).
	var keyed strings.Builder
	if len(n.PatternProperties) > 0 {
		var s strings.Builder
		for _, pp := range n.PatternProperties {
			s.WriteString(e.exec(pre+"patternProperty", struct{ Var, Func string }{pp.Pattern.TSVar, e.fn(pp.Schema)}))
		}
		keyed.WriteString(e.exec(pre+"patternProperties", s.String()))
	}
	if addl != nil && !addlTrue {
		var known []string
		if knownSet(n) {
			known = append(known, e.exec("v.known.set", knownConst(n)))
		} else {
			for _, p := range n.Properties {
				known = append(known, e.exec("v.known.name", jsString(p.Name)))
			}
		}
		if len(n.PatternProperties) > manyTerms {
			var res []string
			for _, pp := range n.PatternProperties {
				res = append(res, pp.Pattern.TSVar)
			}
			known = append(known, e.exec("v.known.patterns", strings.Join(res, ", ")))
		} else {
			for _, pp := range n.PatternProperties {
				known = append(known, e.exec("v.known.pattern", pp.Pattern.TSVar))
			}
		}
		knownStmt := ""
		if len(known) > 0 {
			knownStmt = e.exec("v.additional.known", strings.Join(known, e.exec("v.or", nil)))
		}
		switch {
		case closedOnly:
			unknown := e.exec("v.unknown.all", nil)
			if len(known) > 0 {
				unknown = e.exec("v.unknown.not", strings.Join(known, e.exec("v.or", nil)))
			}
			b.WriteString(e.exec("v.additional.closed", unknown))
		case addl.Bool != nil:
			keyed.WriteString(e.exec(pre+"additional.false", knownStmt))
		default:
			keyed.WriteString(e.exec(pre+"additional.schema", struct{ Known, Func string }{knownStmt, e.fn(addl)}))
		}
	} else if addl != nil && col {
		// additionalProperties: true evaluates every key properties and patterns leave.
		keyed.WriteString(e.exec("ann.additional.true", nil))
	}
	if n.PropertyNames != nil {
		keyed.WriteString(e.exec(pre+"propertyNames", e.fn(n.PropertyNames)))
	}
	if needKeys {
		b.WriteString(e.exec(pre+"keys", indent(keyed.String(), "  ")))
	} else {
		b.WriteString(keyed.String())
	}
	if n.MinProperties != nil {
		b.WriteString(e.exec("v.minProperties", *n.MinProperties))
	}
	if n.MaxProperties != nil {
		b.WriteString(e.exec("v.maxProperties", *n.MaxProperties))
	}
	for _, d := range n.DependentRequired {
		var s strings.Builder
		for _, r := range d.Requires {
			s.WriteString(e.exec("v.dependentRequired.name", struct{ Name, Seg, Message string }{
				jsString(r), segment(r), tsMessage("dependentRequired", "name", ir.QuoteForMessage(r), "property", ir.QuoteForMessage(d.Property)),
			}))
		}
		if s.Len() > 0 {
			b.WriteString(e.exec("v.dependentRequired", struct{ Name, Body string }{jsString(d.Property), s.String()}))
		}
	}
	for _, d := range n.DependentSchemas {
		if d.Schema.Bool != nil && *d.Schema.Bool {
			continue
		}
		if col && d.Schema.TSAnnFunc != "" {
			b.WriteString(e.exec("ann.dependentSchema", struct{ Name, Func string }{jsString(d.Property), d.Schema.TSAnnFunc}))
			continue
		}
		b.WriteString(e.exec("v.dependentSchema", struct{ Name, Func string }{jsString(d.Property), e.fn(d.Schema)}))
	}
	if up := n.UnevaluatedProperties; up != nil && !isTrue(up) {
		b.WriteString(e.exec("ann.mark", nil))
	}
	return b.String()
}

func (e *emitter) arrayBody(n *ir.Node, col bool) string {
	var b strings.Builder
	if n.MinItems != nil {
		b.WriteString(e.exec("v.minItems", *n.MinItems))
	}
	if n.MaxItems != nil {
		b.WriteString(e.exec("v.maxItems", *n.MaxItems))
	}
	if n.UniqueItems {
		b.WriteString(e.exec("v.uniqueItems", nil))
	}
	for i, p := range n.PrefixItems {
		b.WriteString(e.exec("v.prefixItem", struct {
			Index int
			Func  string
		}{i, e.fn(p)}))
	}
	if col && len(n.PrefixItems) > 0 {
		b.WriteString(e.exec("ann.prefixItems", len(n.PrefixItems)))
	}
	if n.Items != nil && !(n.Items.Bool != nil && *n.Items.Bool) {
		b.WriteString(e.exec("v.items", struct {
			Start int
			Func  string
		}{len(n.PrefixItems), e.fn(n.Items)}))
	}
	if col && n.Items != nil {
		b.WriteString(e.exec("ann.items", nil))
	}
	if n.Contains != nil {
		b.WriteString(e.containsBody(n, col))
	}
	if n.UniqueBy != "" {
		b.WriteString(e.exec("v.uniqueBy", struct{ Name, Seg, Message string }{
			jsString(n.UniqueBy), segment(n.UniqueBy), tsMessage("x-unique-by", "name", ir.QuoteForMessage(n.UniqueBy)),
		}))
	}
	if ui := n.UnevaluatedItems; ui != nil && !isTrue(ui) {
		b.WriteString(e.exec("ann.mark", nil))
	}
	return b.String()
}

// containsBody counts the items contains accepts and checks the count against minContains
// (absent: 1; the keyword reported is then "contains") and maxContains; "" when no count can
// fail. With collection (col), the items contains accepts are evaluated (even when no count can
// fail).
func (e *emitter) containsBody(n *ir.Node, col bool) string {
	lo, kw := int64(1), "contains"
	if n.MinContains != nil {
		lo, kw = *n.MinContains, "minContains"
	}
	if lo == 0 && n.MaxContains == nil {
		if col {
			return e.exec("ann.containsOnly", e.fn(n.Contains))
		}
		return ""
	}
	type bound struct {
		Count   int64
		Keyword string
		Message string
	}
	data := struct {
		Func     string
		Min, Max *bound
	}{Func: e.fn(n.Contains)}
	if lo > 0 {
		data.Min = &bound{lo, jsString(kw), tsMessage("minContains", "n", fmt.Sprint(lo), "items", ir.ItemsForMessage(lo))}
	}
	if m := n.MaxContains; m != nil {
		data.Max = &bound{*m, jsString("maxContains"), tsMessage("maxContains", "n", fmt.Sprint(*m), "items", ir.ItemsForMessage(*m))}
	}
	if col {
		return e.exec("ann.contains", data)
	}
	return e.exec("v.contains", data)
}

// indent puts prefix before every non-empty line of s.
func indent(s, prefix string) string {
	lines := strings.SplitAfter(s, "\n")
	for i, l := range lines {
		if strings.TrimSpace(l) != "" {
			lines[i] = prefix + l
		}
	}
	return strings.Join(lines, "")
}

// guard writes the statements body of a JSON type under the test of that type (the template
// name), or without it when the node's type keyword admits only that type: its check has
// returned already for any other value.
func (e *emitter) guard(n *ir.Node, name, body string, types ...string) string {
	if len(n.Types) == 1 && slices.Contains(types, n.Types[0]) {
		return dedent(body, "  ")
	}
	return e.exec(name, body)
}

// dedent removes prefix from the start of every line of s that has it.
func dedent(s, prefix string) string {
	lines := strings.SplitAfter(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimPrefix(l, prefix)
	}
	return strings.Join(lines, "")
}
