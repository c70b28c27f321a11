package typescript

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/skillgen/skillgen/generator/ir"
)

// maxSafe is Number.MAX_SAFE_INTEGER.
const maxSafe = 1<<53 - 1

// arbitraries writes src/arbitraries.ts: arbitraryT for every named type.
func (e *emitter) arbitraries() string {
	e.recursion()
	var body strings.Builder
	names := make([]string, 0, len(e.s.Types))
	for _, t := range e.s.Types {
		names = append(names, t.TSName)
		g := &arbGen{e: e, owner: t, visiting: map[*ir.Node]bool{}}
		expr, _ := g.body(t.Node)
		// isT of a type whose schema accepts null admits null (its functions are over T | null):
		// the arbitrary of T leaves it out.
		body.WriteString(e.exec("arb.named", struct {
			Name, Expr string
			Nullable   bool
		}{t.TSName, expr, t.Nullable}))
	}
	imports := ""
	if len(names) > 0 {
		imports = e.exec("arb.imports", importList(names))
	}
	return e.exec("arbitraries.ts", struct{ Header, Package, Imports, Body string }{Header, e.opts.PackageName, imports, body.String()})
}

// recursion finds the cycles of references between named types (their strongly connected
// components, in linear time), so that a reference on a cycle is generated lazily and bounded
// in depth.
func (e *emitter) recursion() {
	e.containers = map[*ir.Node]bool{}
	direct := map[*ir.Type][]*ir.Type{}
	for _, t := range e.s.Types {
		seen := map[*ir.Node]bool{}
		var walk func(n *ir.Node)
		walk = func(n *ir.Node) {
			if n == nil || seen[n] {
				return
			}
			seen[n] = true
			if n.Type != nil && n != t.Node {
				direct[t] = append(direct[t], n.Type)
				return
			}
			for _, c := range n.Subschemas() {
				walk(c)
			}
		}
		walk(t.Node)
	}
	e.component = ir.Components(e.s.Types, direct)
}

type arbGen struct {
	e        *emitter
	owner    *ir.Type
	visiting map[*ir.Node]bool
	// level is how far the value being drawn nests below the value of the owner: the draw's
	// depth is the owner's depth plus level. Every object member, array item and map value
	// adds one, so that a draw's size is bounded by its depth however wide the schema is.
	level int
}

// depth returns the expression of the current draw's depth, at least the owner's plus least.
func (g *arbGen) depth(least int) string {
	if l := max(g.level, least); l > 0 {
		return "depth + " + strconv.Itoa(l)
	}
	return "depth"
}

// child returns the arbitrary of a value nested one level below the current one.
func (g *arbGen) child(n *ir.Node) (string, bool) {
	g.level++
	defer func() { g.level-- }()
	return g.node(n)
}

// container reports whether the values of a node can be objects or arrays of its own schema's
// making: the members whose number a draw bounds by its depth.
func (e *emitter) container(n *ir.Node) bool {
	if n == nil || n.Bool != nil {
		return false
	}
	if v, ok := e.containers[n]; ok {
		return v
	}
	e.containers[n] = false // a cycle through references only is no container by itself
	v := objectish(n) || arrayish(n) || slices.Contains(n.Types, "object") || slices.Contains(n.Types, "array") ||
		e.container(n.Ref) || slices.ContainsFunc(n.AllOf, e.container) || slices.ContainsFunc(n.AnyOf, e.container) ||
		slices.ContainsFunc(n.OneOf, e.container)
	e.containers[n] = v
	return v
}

// recursive reports whether a reference from the owner to t lies on a cycle.
func (g *arbGen) recursive(t *ir.Type) bool {
	// The owner refers to t; t refers back to the owner exactly when both are on one cycle.
	return t == g.owner || g.e.component[t] == g.e.component[g.owner]
}

// node returns the arbitrary of a subschema and whether it contains a recursive reference.
func (g *arbGen) node(n *ir.Node) (string, bool) {
	e := g.e
	if n == nil {
		return e.exec("arb.any", nil), false
	}
	if n.Type != nil {
		// A reference on a cycle nests at least one level deeper, so that the cycle ends.
		if g.recursive(n.Type) {
			return e.exec("arb.lazy", struct{ Name, Depth string }{n.Type.TSName, g.depth(1)}), true
		}
		return e.exec("arb.call", struct{ Name, Depth string }{n.Type.TSName, g.depth(0)}), false
	}
	if g.visiting[n] {
		// A cycle through unnamed locations: no structure to follow, rely on the validator.
		return e.exec("arb.accepted", struct{ Expr, Func string }{e.exec("arb.any", nil), n.TSFunc}), false
	}
	g.visiting[n] = true
	defer delete(g.visiting, n)
	return g.body(n)
}

// structural reports whether a node has keywords that shape its value (other than $ref and
// the applicators).
func structural(n *ir.Node) bool {
	return len(n.Types) > 0 || len(n.Enum) > 0 || n.Const != nil || objectish(n) || arrayish(n) || stringish(n) || numberish(n)
}

func objectish(n *ir.Node) bool {
	return len(n.Properties) > 0 || len(n.Required) > 0 || n.AdditionalProperties != nil || len(n.PatternProperties) > 0 ||
		n.PropertyNames != nil || n.MinProperties != nil || n.MaxProperties != nil || len(n.DependentRequired) > 0 ||
		len(n.DependentSchemas) > 0
}

func arrayish(n *ir.Node) bool {
	return len(n.PrefixItems) > 0 || n.Items != nil || n.MinItems != nil || n.MaxItems != nil || n.UniqueItems || n.UniqueBy != "" ||
		n.Contains != nil
}

func stringish(n *ir.Node) bool {
	return n.MinLength != nil || n.MaxLength != nil || n.Pattern != nil
}

// scalarAlternatives returns the anyOf/oneOf branches of a node whose "type" is a string, or
// an integer or number, that may hold that type (ir.ScalarAlternatives).
func scalarAlternatives(n *ir.Node) []*ir.Node {
	if len(n.Types) == 0 || n.Discriminator != nil {
		return nil
	}
	want := []string{"string"}
	if n.Types[0] != "string" {
		want = []string{"integer", "number"}
	}
	for _, t := range n.Types {
		if !slices.Contains(want, t) {
			return nil
		}
	}
	return ir.ScalarAlternatives(n, want)
}

func numberish(n *ir.Node) bool {
	return n.Minimum != nil || n.Maximum != nil || n.ExclusiveMinimum != nil || n.ExclusiveMaximum != nil || n.MultipleOf != nil
}

// body returns the arbitrary built from the node's own keywords.
func (g *arbGen) body(n *ir.Node) (string, bool) {
	e := g.e
	if n.Bool != nil {
		if *n.Bool {
			return e.exec("arb.any", nil), false
		}
		return e.exec("arb.never", nil), false
	}
	expr, rec, exact := g.shape(n)
	if len(n.AllOf) > 0 || n.Not != nil || n.If != nil ||
		(len(n.AnyOf) > 0 && !(n.Discriminator != nil && n.Discriminator.Keyword == "anyOf")) ||
		(len(n.OneOf) > 0 && !(n.Discriminator != nil && n.Discriminator.Keyword == "oneOf")) ||
		(n.Ref != nil && structural(n)) || (n.Discriminator != nil && structural(n)) ||
		n.UnevaluatedProperties != nil || n.UnevaluatedItems != nil {
		// unevaluatedProperties and unevaluatedItems are not modelled: values are filtered by
		// the validator.
		exact = false
	}
	if !exact {
		expr = e.exec("arb.accepted", struct{ Expr, Func string }{expr, n.TSFunc})
	}
	return expr, rec
}

// shape returns a candidate arbitrary, whether it holds a recursive reference, and whether
// every value it gives is valid for the node (otherwise it is filtered by the validator).
func (g *arbGen) shape(n *ir.Node) (string, bool, bool) {
	e := g.e
	switch {
	case n.Const != nil:
		return e.exec("arb.constant", e.jsValue(*n.Const)), false, valuesFit(n, *n.Const)
	case len(n.Enum) > 0:
		vals := make([]string, len(n.Enum))
		for i, v := range n.Enum {
			vals[i] = e.jsValue(v)
		}
		return e.exec("arb.constantFrom", strings.Join(vals, ", ")), false, valuesFit(n, n.Enum...) && !stringish(n) && !numberish(n)
	case n.Discriminator != nil:
		branches := n.AnyOf
		if n.Discriminator.Keyword == "oneOf" {
			branches = n.OneOf
		}
		return g.oneof(branches, true)
	case len(scalarAlternatives(n)) > 0:
		// A string or a number whose anyOf/oneOf branches say nothing of the type beyond it:
		// drawn from the branches, filtered.
		expr, rec, _ := g.oneof(scalarAlternatives(n), false)
		return expr, rec, false
	case !structural(n) && n.Ref != nil:
		expr, rec := g.node(n.Ref)
		return expr, rec, true
	case n.Ref != nil && len(n.Types) == 0 && len(n.Properties) == 0 && len(n.Enum) == 0 && len(n.PrefixItems) == 0 && n.Items == nil:
		// A reference with constraints beside it that give no shape of their own
		// (maxProperties, say): the referenced values, which every valid value is, filtered.
		expr, rec := g.node(n.Ref)
		return expr, rec, false
	case !structural(n) && len(n.AllOf) > 0 && n.Type != nil && n.Type.Kind == ir.Struct:
		// The object schemas of the allOf, merged into one struct: its members.
		return g.merged(n.Type)
	case !structural(n) && len(n.AllOf) > 0:
		expr, rec := g.node(n.AllOf[0])
		return expr, rec, false
	case !structural(n) && len(n.AnyOf) > 0:
		return g.oneof(n.AnyOf, false)
	case !structural(n) && len(n.OneOf) > 0:
		return g.oneof(n.OneOf, false)
	}
	types := n.Types
	if len(types) == 0 {
		switch {
		case objectish(n):
			types = []string{"object"}
		case arrayish(n):
			types = []string{"array"}
		case stringish(n):
			types = []string{"string"}
		case numberish(n):
			types = []string{"number"}
		default:
			return e.exec("arb.any", nil), false, true
		}
	}
	var arbs []string
	rec, exact := false, true
	for _, t := range types {
		a, r, x := g.typed(n, t)
		if a == "" {
			continue
		}
		arbs = append(arbs, a)
		rec = rec || r
		exact = exact && x
	}
	if len(n.Types) == 0 && len(arbs) == 1 && n.Type != nil && n.Type.TSObjectName != "" {
		// An object without "type": "object": sometimes one of the other values the schema
		// accepts (which its other keywords may refuse: filtered).
		return e.exec("arb.orNotObject", arbs[0]), rec, false
	}
	switch len(arbs) {
	case 0:
		return e.exec("arb.never", nil), false, true
	case 1:
		return arbs[0], rec, exact
	}
	// With several types, "integer" and "number" overlap but both are still valid.
	return e.exec("arb.oneof", strings.Join(arbs, ", ")), rec, exact
}

// oneof draws from one of the branches. Past the depth bound, a union with branches that do
// not recurse draws from those only, so that recursion through a union ends.
func (g *arbGen) oneof(branches []*ir.Node, exact bool) (string, bool, bool) {
	if len(branches) == 0 {
		return g.e.exec("arb.never", nil), false, true
	}
	var all, flat []string
	for _, b := range branches {
		a, r := g.node(b)
		all = append(all, a)
		if !r {
			flat = append(flat, a)
		}
	}
	expr := g.e.exec("arb.oneof", strings.Join(all, ", "))
	if len(flat) == len(all) {
		return expr, false, exact
	}
	if len(flat) > 0 {
		expr = g.depthSwitch(expr, g.e.exec("arb.oneof", strings.Join(flat, ", ")))
	}
	return expr, true, exact
}

// valuesFit reports whether every value is a string, boolean or null that the node's type list
// admits (so enum and const values need no further check).
func valuesFit(n *ir.Node, vs ...ir.Value) bool {
	if len(n.Types) == 0 {
		return true
	}
	for _, v := range vs {
		var t string
		switch v.Kind {
		case ir.String:
			t = "string"
		case ir.Bool:
			t = "boolean"
		case ir.Null:
			t = "null"
		default:
			return false
		}
		if !slices.Contains(n.Types, t) {
			return false
		}
	}
	return true
}

type kv struct{ Key, Value string }

func (g *arbGen) opts(pairs []kv) string {
	parts := make([]string, len(pairs))
	for i, p := range pairs {
		parts[i] = g.e.exec("arb.opt", p)
	}
	if len(parts) == 0 {
		return "{}"
	}
	return g.e.exec("arb.opts", strings.Join(parts, ", "))
}

func itoa(i int64) string { return strconv.FormatInt(i, 10) }

// typed returns the arbitrary of the node restricted to one JSON type ("" when impossible).
func (g *arbGen) typed(n *ir.Node, t string) (string, bool, bool) {
	e := g.e
	switch t {
	case "null":
		return e.exec("arb.null", nil), false, true
	case "boolean":
		return e.exec("arb.boolean", nil), false, true
	case "string":
		return g.str(n), false, n.Pattern == nil || (n.MinLength == nil && n.MaxLength == nil)
	case "integer":
		a, x := g.integer(n)
		return a, false, x
	case "number":
		a, x := g.double(n)
		return a, false, x
	case "object":
		return g.object(n)
	case "array":
		return g.array(n)
	}
	e.fail("%s: unknown type %q", n.Location, t)
	return "", false, false
}

// withoutWordBoundaries removes the assertions \b and \B outside character classes from a
// pattern (inside one, \b is a backspace), and reports whether there were any.
func withoutWordBoundaries(src string) (string, bool) {
	var out strings.Builder
	found, class := false, false
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '\\' && i+1 < len(src):
			if !class && (src[i+1] == 'b' || src[i+1] == 'B') {
				found = true
			} else {
				out.WriteByte(c)
				out.WriteByte(src[i+1])
			}
			i++
			continue
		case c == '[':
			class = true
		case c == ']':
			class = false
		}
		out.WriteByte(c)
	}
	return out.String(), found
}

func (g *arbGen) str(n *ir.Node) string {
	e := g.e
	if n.Pattern != nil {
		a := e.exec("arb.stringMatching", n.Pattern.TSVar)
		// fast-check draws no lookaheads and no word boundaries: draw from the pattern without
		// them (it matches a superset), keep what the whole accepts.
		rest, filter := n.Pattern.Source, false
		if len(n.Pattern.Ahead) > 0 {
			rest, filter = n.Pattern.Rest, true
		}
		if r, ok := withoutWordBoundaries(rest); ok {
			rest, filter = r, true
		}
		if filter {
			a = e.exec("arb.stringMatchingFiltered", struct{ Var, Rest string }{n.Pattern.TSVar, jsString(rest)})
		}
		return g.lengthIn(n, a)
	}
	if src := ir.FormatSample(n); src != "" {
		// A format the validator asserts: strings of that format (ir.FormatSamples).
		return g.lengthIn(n, e.exec("arb.stringFormat", jsString(src)))
	}
	var o []kv
	if n.MinLength != nil {
		o = append(o, kv{"minLength", itoa(*n.MinLength)})
	}
	if n.MaxLength != nil {
		o = append(o, kv{"maxLength", itoa(*n.MaxLength)})
	}
	if len(o) == 0 {
		return e.exec("arb.anyString", nil)
	}
	return e.exec("arb.string", g.opts(o))
}

// lengthIn keeps the strings of the arbitrary a that n's minLength and maxLength allow.
func (g *arbGen) lengthIn(n *ir.Node, a string) string {
	if n.MinLength == nil && n.MaxLength == nil {
		return a
	}
	lo, hi := int64(0), int64(math.MaxInt32)
	if n.MinLength != nil {
		lo = *n.MinLength
	}
	if n.MaxLength != nil {
		hi = *n.MaxLength
	}
	return g.e.exec("arb.lengthIn", struct{ Expr, Min, Max string }{a, itoa(lo), itoa(hi)})
}

// bounds returns the inclusive integer range of the node's numeric keywords, within the safe
// integers; ok is false when it is empty.
func bounds(n *ir.Node) (lo, hi float64, ok bool) {
	lo, hi = math.Inf(-1), math.Inf(1)
	if n.Minimum != nil {
		lo = math.Max(lo, math.Ceil(n.Minimum.Float))
	}
	if n.ExclusiveMinimum != nil {
		lo = math.Max(lo, math.Floor(n.ExclusiveMinimum.Float)+1)
	}
	if n.Maximum != nil {
		hi = math.Min(hi, math.Floor(n.Maximum.Float))
	}
	if n.ExclusiveMaximum != nil {
		hi = math.Min(hi, math.Ceil(n.ExclusiveMaximum.Float)-1)
	}
	const span = 1 << 32
	switch {
	case math.IsInf(lo, -1) && math.IsInf(hi, 1):
		lo, hi = -(1 << 31), 1<<31-1
	case math.IsInf(lo, -1):
		lo = hi - span
	case math.IsInf(hi, 1):
		hi = lo + span
	}
	lo = math.Max(lo, -maxSafe)
	hi = math.Min(hi, maxSafe)
	return lo, hi, lo <= hi
}

func (g *arbGen) integer(n *ir.Node) (string, bool) {
	e := g.e
	lo, hi, ok := bounds(n)
	if !ok {
		return e.exec("arb.never", nil), true
	}
	if m := n.MultipleOf; m != nil && m.Float >= 1 && m.Float == math.Trunc(m.Float) && m.Float <= maxSafe {
		klo, khi := math.Ceil(lo/m.Float), math.Floor(hi/m.Float)
		if klo > khi {
			return e.exec("arb.never", nil), true
		}
		return e.exec("arb.multiple", struct{ Opts, D string }{
			g.opts([]kv{{"min", jsNumber(klo)}, {"max", jsNumber(khi)}}), jsNumber(m.Float),
		}), false
	}
	a := e.exec("arb.integer", g.opts([]kv{{"min", jsNumber(lo)}, {"max", jsNumber(hi)}}))
	return a, n.MultipleOf == nil
}

func (g *arbGen) double(n *ir.Node) (string, bool) {
	e := g.e
	if m := n.MultipleOf; m != nil {
		// Multiples of the divisor; products that are not exact are filtered out.
		lo, hi := math.Inf(-1), math.Inf(1)
		for _, b := range []*ir.NumberLit{n.Minimum, n.ExclusiveMinimum} {
			if b != nil {
				lo = math.Max(lo, b.Float)
			}
		}
		for _, b := range []*ir.NumberLit{n.Maximum, n.ExclusiveMaximum} {
			if b != nil {
				hi = math.Min(hi, b.Float)
			}
		}
		klo, khi := -(1 << 31), 1<<31-1
		if !math.IsInf(lo, 0) {
			klo = int(math.Max(-maxSafe, math.Min(maxSafe, math.Ceil(lo/m.Float))))
		}
		if !math.IsInf(hi, 0) {
			khi = int(math.Max(-maxSafe, math.Min(maxSafe, math.Floor(hi/m.Float))))
		}
		if math.IsInf(lo, 0) && !math.IsInf(hi, 0) {
			klo = khi - 1<<31
		}
		if !math.IsInf(lo, 0) && math.IsInf(hi, 0) {
			khi = klo + 1<<31
		}
		if klo > khi {
			return e.exec("arb.never", nil), true
		}
		return e.exec("arb.multiple", struct{ Opts, D string }{
			g.opts([]kv{{"min", strconv.Itoa(klo)}, {"max", strconv.Itoa(khi)}}), e.number(m),
		}), false
	}
	o := []kv{{"noNaN", "true"}, {"noDefaultInfinity", "true"}}
	minB, minEx := n.Minimum, false
	if x := n.ExclusiveMinimum; x != nil && (minB == nil || x.Float >= minB.Float) {
		minB, minEx = x, true
	}
	maxB, maxEx := n.Maximum, false
	if x := n.ExclusiveMaximum; x != nil && (maxB == nil || x.Float <= maxB.Float) {
		maxB, maxEx = x, true
	}
	if minB != nil {
		o = append(o, kv{"min", e.number(minB)})
		if minEx {
			o = append(o, kv{"minExcluded", "true"})
		}
	}
	if maxB != nil {
		o = append(o, kv{"max", e.number(maxB)})
		if maxEx {
			o = append(o, kv{"maxExcluded", "true"})
		}
	}
	return e.exec("arb.double", g.opts(o)), true
}

type field struct {
	key, arb string
	required bool
	rec      bool // it holds a reference on a cycle through the owner
	nested   bool // its values can be objects or arrays
}

func (g *arbGen) object(n *ir.Node) (string, bool, bool) {
	e := g.e
	// dependentSchemas is not modelled: values are filtered by the validator.
	exact := n.MinProperties == nil && n.MaxProperties == nil && len(n.DependentRequired) == 0 &&
		len(n.DependentSchemas) == 0 &&
		n.PropertyNames == nil && len(n.PatternProperties) == 0
	addl := n.AdditionalProperties
	addlOpen := addl == nil || (addl.Bool != nil && *addl.Bool)
	addlFalse := addl != nil && addl.Bool != nil && !*addl.Bool
	var fields []field
	declared := map[string]bool{}
	for _, p := range n.Properties {
		declared[p.Name] = true
		a, r := g.child(p.Schema)
		fields = append(fields, field{key: p.Name, arb: a, required: slices.Contains(n.Required, p.Name), rec: r, nested: e.container(p.Schema)})
	}
	for _, name := range n.Required {
		if declared[name] {
			continue
		}
		declared[name] = true
		var a string
		var r bool
		switch {
		case addlFalse:
			a = e.exec("arb.never", nil)
		case addlOpen:
			a = e.exec("arb.any", nil)
		default:
			a, r = g.child(addl)
			exact = false // the name may also match a pattern
		}
		fields = append(fields, field{key: name, arb: a, required: true, rec: r})
	}
	if len(fields) == 0 {
		switch {
		case addlFalse:
			return e.exec("arb.constant", "{}"), false, exact
		case addlOpen && len(n.PatternProperties) == 0:
			return e.exec("arb.anyObject", nil), false, exact
		case addlOpen:
			return e.exec("arb.constant", "{}"), false, false
		}
		key := e.exec("arb.anyString", nil)
		if pn := n.PropertyNames; pn != nil {
			if pn.Bool == nil && pn.Type == nil && pn.Ref == nil && !structural(pn) {
				// A schema of names with nothing to shape them (only format, say): any string
				// it accepts.
				key = e.exec("arb.accepted", struct{ Expr, Func string }{key, pn.TSFunc})
			} else {
				key, _ = g.node(pn)
			}
		}
		val, r := g.child(addl)
		fewest := int64(0)
		if n.MinProperties != nil {
			fewest = *n.MinProperties
		}
		keys := itoa(max(fewest, 4))
		if r || e.container(addl) {
			// Values that nest: fewer of them, and past the depth bound no more than
			// minProperties asks for.
			keys = g.depthSwitch(itoa(max(fewest, 2)), itoa(fewest))
		}
		return e.exec("arb.dictionary", struct{ Key, Value, Keys string }{key, val, keys}), r, exact && len(n.PatternProperties) == 0
	}
	a, rec := g.record(fields)
	return a, rec, exact
}

// merged builds the candidates of a struct merged from allOf branches from its members (each
// from the schema its type comes from); the node's validator filters them.
func (g *arbGen) merged(t *ir.Type) (string, bool, bool) {
	var fields []field
	for _, f := range t.Fields {
		var a string
		var r, nested bool
		switch {
		case f.Const != nil:
			a = g.e.exec("arb.constant", jsString(*f.Const))
		case f.Type != nil && f.Type.Node != nil:
			a, r = g.child(f.Type.Node)
			nested = g.e.container(f.Type.Node)
		default:
			a = g.e.exec("arb.any", nil)
		}
		fields = append(fields, field{key: f.JSONName, arb: a, required: f.Required, rec: r, nested: nested})
	}
	a, rec := g.record(fields)
	return a, rec, false
}

// record draws objects of the fields, and reports whether one of them recurses. When optional
// members can nest (or recurse), how many of them an object holds depends on the draw's depth
// (sized, in the runtime of the arbitraries): fast-check includes an optional member five
// times in six, and an object with twenty such members, each an array of objects with twenty
// more, would otherwise give values too large to draw and validate in time.
func (g *arbGen) record(fields []field) (string, bool) {
	var req, nested, recursive []string
	rec := false
	for _, f := range fields {
		rec = rec || f.rec
		switch {
		case f.required:
			req = append(req, jsString(f.key))
		case f.rec:
			recursive = append(recursive, jsString(f.key))
			nested = append(nested, jsString(f.key))
		case f.nested:
			nested = append(nested, jsString(f.key))
		}
	}
	if len(nested) == 0 {
		return g.e.exec("arb.record", struct{ Model, Required string }{g.model(fields), strings.Join(req, ", ")}), rec
	}
	return g.e.exec("arb.sized", struct{ Depth, Model, Required, Nested, Recursive string }{
		g.depth(0), g.model(fields), strings.Join(req, ", "), strings.Join(nested, ", "), strings.Join(recursive, ", "),
	}), rec
}

// depthSwitch chooses deep within the depth bound and shallow past it.
func (g *arbGen) depthSwitch(deep, shallow string) string {
	return g.e.exec("arb.depthSwitch", struct{ Depth, Deep, Shallow string }{g.depth(0), deep, shallow})
}

// model writes the object of the fields' arbitraries, by key.
func (g *arbGen) model(fields []field) string {
	if len(fields) == 0 {
		return "{}"
	}
	model := make([]string, len(fields))
	for i, f := range fields {
		model[i] = g.e.exec("arb.field", struct{ Key, Arb string }{jsKey(f.key), f.arb})
	}
	return g.e.exec("arb.model", strings.Join(model, ", "))
}

func (g *arbGen) array(n *ir.Node) (string, bool, bool) {
	e := g.e
	// contains is not modelled: values are filtered by the validator.
	exact := len(n.PrefixItems) == 0 && n.Contains == nil
	item, rec := e.exec("arb.any", nil), false
	maxItems := n.MaxItems
	if n.Items != nil {
		if n.Items.Bool != nil && !*n.Items.Bool {
			zero := int64(0)
			maxItems = &zero
		} else {
			item, rec = g.child(n.Items)
		}
	}
	// With prefixItems, the bounds count the items after the prefix.
	minItems, prefix := n.MinItems, int64(len(n.PrefixItems))
	if prefix > 0 {
		if minItems != nil {
			m := max(*minItems-prefix, 0)
			minItems = &m
		}
		if maxItems != nil {
			m := max(*maxItems-prefix, 0)
			maxItems = &m
		}
	}
	var o []kv
	if minItems != nil && *minItems > 0 {
		o = append(o, kv{"minLength", itoa(*minItems)})
	}
	switch {
	case rec || g.e.container(n.Items):
		// Items that nest or recurse: at most three more than minItems, and no more than
		// minItems past the depth bound.
		lo := int64(0)
		if minItems != nil {
			lo = *minItems
		}
		hi := lo + 3
		if maxItems != nil {
			hi = min(*maxItems, hi)
		}
		o = append(o, kv{"maxLength", g.depthSwitch(itoa(hi), itoa(lo))})
	case maxItems != nil:
		o = append(o, kv{"maxLength", itoa(*maxItems)})
	}
	var cmp []string
	if n.UniqueItems {
		cmp = append(cmp, e.exec("arb.cmp.equal", nil))
	}
	if n.UniqueBy != "" {
		cmp = append(cmp, e.exec("arb.cmp.by", jsString(n.UniqueBy)))
	}
	var a string
	if len(cmp) > 0 {
		o = append(o, kv{"comparator", e.exec("arb.comparator", strings.Join(cmp, e.exec("v.or", nil)))})
		a = e.exec("arb.uniqueArray", struct{ Item, Opts string }{item, g.opts(o)})
	} else {
		a = e.exec("arb.array", struct{ Item, Opts string }{item, g.opts(o)})
	}
	if len(n.PrefixItems) > 0 {
		pre := make([]string, len(n.PrefixItems))
		for i, p := range n.PrefixItems {
			var r bool
			pre[i], r = g.child(p)
			rec = rec || r
		}
		shortest := int64(0)
		if n.MinItems != nil {
			shortest = *n.MinItems
		}
		if shortest < prefix {
			// Arrays shorter than the prefix leave its last positions out.
			a = e.exec("arb.prefixShort", struct{ Prefix, Rest, Min, Max string }{strings.Join(pre, ", "), a, itoa(shortest), itoa(prefix)})
		} else {
			a = e.exec("arb.prefix", struct{ Prefix, Rest string }{strings.Join(pre, ", "), a})
		}
	}
	return a, rec, exact
}
