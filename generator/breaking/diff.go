package breaking

import (
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/skillgen/skillgen/generator/ir"
)

type comparison struct {
	r     *Report
	opts  Options
	pairs *pairs
}

// ctx is where the walk stands: the instance path from the type's root, the polarity (odd
// under "not") and whether the place is monotone, where tightening a keyword can only reject
// more documents (not under oneOf, an if, contains, propertyNames or unevaluated*).
type ctx struct {
	path  []step
	neg   bool
	exact bool
}

func (c ctx) at(s step) ctx {
	c.path = append(slices.Clip(c.path), s)
	return c
}

func (c ctx) loose() ctx { c.exact = false; return c }

var (
	trueNode  = &ir.Node{}
	falseBool = false
	falseNode = &ir.Node{Bool: &falseBool}
)

type walker struct {
	c    *comparison
	tr   *TypeReport
	seen map[[2]*ir.Node]bool
	// renames, when set, collects the types without a partner the walk meets at the same
	// place (discoverRenames).
	renames map[*ir.Type]*ir.Type
	// display holds the location shown for a node flatten made.
	display map[*ir.Node]string
}

func (c *comparison) diffType(tr *TypeReport) {
	w := &walker{c: c, tr: tr, seen: map[[2]*ir.Node]bool{}, display: map[*ir.Node]string{}}
	switch {
	case tr.newT == nil && !userNamed(tr.oldT):
		// A type skillgen named after its place (an inline enum or object) that is gone: its
		// place, if it is still there, is compared under the type that holds it; the API
		// report says what the code lost.
	case tr.newT == nil:
		w.add(&Change{Kind: "type-removed", Message: fmt.Sprintf("type %s removed: the new version has no schema for its documents", tr.Name),
			Old: tr.Old, oldN: tr.oldT.Node, dirs: "B", exact: true,
			cands: func(g *instances, acc *ir.Node, _ bool) []any {
				v, _ := g.value(acc, anyWant, nil, nil, 0)
				return []any{v}
			}})
	case tr.oldT == nil:
		// A new type breaks no one: the old version has no documents of it.
	default:
		w.walk(tr.oldT.Node, tr.newT.Node, ctx{exact: true}, true)
	}
}

// userNamed reports whether a type is named by its schema: a file's root or a definition
// ($defs, definitions).
func userNamed(t *ir.Type) bool {
	_, ptr, _ := strings.Cut(t.Location, "#")
	if ptr == "" {
		return true
	}
	toks := strings.Split(ptr, "/")
	return len(toks) == 3 && (toks[1] == "$defs" || toks[1] == "definitions")
}

func (w *walker) add(ch *Change) {
	if w.renames != nil {
		return
	}
	ch.tr = w.tr
	ch.Instance = pointerOf(ch.path)
	w.tr.Changes = append(w.tr.Changes, ch)
}

// change records a difference found at the nodes o and n (the keyword's holders) with the rule's
// incompatible directions dirs ("B", "F", "BF", or "?" when no rule decides).
func (w *walker) change(o, n *ir.Node, keyword string, c ctx, dirs, kind, msg string, cands func(g *instances, acc *ir.Node, backward bool) []any) {
	if c.neg && dirs != "?" {
		dirs = strings.NewReplacer("B", "F", "F", "B").Replace(dirs)
	}
	if !c.exact {
		dirs = "?"
	}
	w.add(&Change{Kind: kind, Message: msg, Old: w.loc(o, keyword), New: w.loc(n, keyword), path: c.path, oldN: o, newN: n, dirs: dirs, exact: c.exact, cands: cands})
}

// loc is the location of a keyword of a node: the keyword's member when the node has it.
func (w *walker) loc(n *ir.Node, keyword string) string {
	if d, ok := w.display[n]; ok {
		return d
	}
	if n == nil || n.Location == "" {
		return ""
	}
	if keyword == "" || !hasKeyword(n, keyword) {
		return n.Location
	}
	return n.Location + "/" + keyword
}

func hasKeyword(n *ir.Node, k string) bool {
	switch k {
	case "type":
		return len(n.Types) > 0
	case "enum":
		return len(n.Enum) > 0
	case "const":
		return n.Const != nil
	case "required":
		return len(n.Required) > 0
	case "minimum":
		return n.Minimum != nil
	case "maximum":
		return n.Maximum != nil
	case "exclusiveMinimum":
		return n.ExclusiveMinimum != nil
	case "exclusiveMaximum":
		return n.ExclusiveMaximum != nil
	case "multipleOf":
		return n.MultipleOf != nil
	case "minLength":
		return n.MinLength != nil
	case "maxLength":
		return n.MaxLength != nil
	case "pattern":
		return n.Pattern != nil
	case "minItems":
		return n.MinItems != nil
	case "maxItems":
		return n.MaxItems != nil
	case "minProperties":
		return n.MinProperties != nil
	case "maxProperties":
		return n.MaxProperties != nil
	case "uniqueItems":
		return n.UniqueItems
	case "additionalProperties":
		return n.AdditionalProperties != nil
	case "dependentRequired":
		return len(n.DependentRequired) > 0
	case "not":
		return n.Not != nil
	case "anyOf":
		return len(n.AnyOf) > 0
	case "oneOf":
		return len(n.OneOf) > 0
	case "patternProperties":
		return len(n.PatternProperties) > 0
	case "propertyNames":
		return n.PropertyNames != nil
	case "x-unique-by":
		return n.UniqueBy != ""
	}
	return false
}

// assertsBesideRef reports whether a node validates anything beside its $ref.
func assertsBesideRef(n *ir.Node) bool {
	m := *n
	m.Ref, m.Location, m.GoFunc, m.TSFunc, m.Type, m.SameAs, m.GoAnnFunc, m.TSAnnFunc = nil, "", "", "", nil, nil, "", ""
	m.Title, m.Description, m.Default, m.Format, m.Scope = "", "", nil, "", ""
	return !isEmpty(&m)
}

func isEmpty(n *ir.Node) bool {
	return n.Bool == nil && n.Ref == nil && n.DynamicRef == nil && len(n.Types) == 0 && n.Enum == nil && n.Const == nil &&
		len(n.Properties) == 0 && len(n.Required) == 0 && n.AdditionalProperties == nil && len(n.PatternProperties) == 0 &&
		n.PropertyNames == nil && n.MinProperties == nil && n.MaxProperties == nil && len(n.DependentRequired) == 0 &&
		len(n.DependentSchemas) == 0 && n.UnevaluatedProperties == nil && len(n.PrefixItems) == 0 && n.Items == nil &&
		n.MinItems == nil && n.MaxItems == nil && !n.UniqueItems && n.Contains == nil && n.UniqueBy == "" &&
		n.UnevaluatedItems == nil && n.MinLength == nil && n.MaxLength == nil && n.Pattern == nil && n.FormatGo == "" &&
		n.Minimum == nil && n.Maximum == nil && n.ExclusiveMinimum == nil && n.ExclusiveMaximum == nil &&
		n.MultipleOf == nil && len(n.AllOf) == 0 && len(n.AnyOf) == 0 && len(n.OneOf) == 0 && n.Not == nil &&
		n.If == nil && n.Then == nil && n.Else == nil
}

// unwrap follows references that stand alone (nothing beside them validates), stopping at a
// named type that the other version pairs (whose changes are reported under its own name).
func (w *walker) unwrap(n *ir.Node, root bool) *ir.Node {
	for i := 0; i < 50 && n != nil && n.Ref != nil && n.DynamicRef == nil && !assertsBesideRef(n); i++ {
		if !root && n.Type != nil && w.paired(n.Type) {
			return n
		}
		n = n.Ref
		root = false
	}
	return n
}

// paired reports whether a named type of either version has a partner in the other.
func (w *walker) paired(t *ir.Type) bool {
	if _, ok := w.c.pairs.byOld[t]; ok {
		return true
	}
	_, ok := w.c.pairs.byNew[t]
	return ok
}

func boolOf(n *ir.Node) (bool, bool) {
	if n.Bool != nil {
		return *n.Bool, true
	}
	if isEmpty(n) {
		return true, true
	}
	return false, false
}

func (w *walker) walk(o, n *ir.Node, c ctx, root bool) {
	if o == nil {
		o = trueNode
	}
	if n == nil {
		n = trueNode
	}
	o, n = w.unwrap(o, root), w.unwrap(n, root)
	if !root && o.Type != nil && n.Type != nil && w.c.pairs.byOld[o.Type] == n.Type {
		// Reported under the named type; its verdicts count for this one too.
		if w.tr.uses == nil {
			w.tr.uses = map[*ir.Type]bool{}
		}
		w.tr.uses[n.Type] = true
		return
	}
	if w.renames != nil && !root && o.Type != nil && n.Type != nil {
		_, op := w.c.pairs.byOld[o.Type]
		_, np := w.c.pairs.byNew[n.Type]
		taken := false
		for _, t := range w.renames {
			taken = taken || t == n.Type
		}
		if !op && !np && !taken && w.renames[o.Type] == nil {
			w.renames[o.Type] = n.Type
		}
	}
	key := [2]*ir.Node{o, n}
	if w.seen[key] || len(c.path) > 30 {
		return
	}
	w.seen[key] = true
	o, n = w.flatten(o), w.flatten(n)

	ob, oIsBool := boolOf(o)
	nb, nIsBool := boolOf(n)
	if oIsBool && nIsBool && ob == nb {
		return
	}
	if (oIsBool && !ob) || (nIsBool && !nb) {
		if oIsBool && !ob {
			w.change(o, n, "", c, "F", "allowed", "a value that was forbidden is allowed", genAt)
		}
		if nIsBool && !nb {
			w.change(o, n, "", c, "B", "forbidden", "a value that was allowed is forbidden", genAt)
		}
		return
	}

	w.types(o, n, c)
	w.enumConst(o, n, c)
	w.objects(o, n, c)
	w.numbers(o, n, c)
	w.strings(o, n, c)
	w.arrays(o, n, c)
	w.applicators(o, n, c)
}

// genAt draws candidates from the accepting version's node at the change.
func genAt(g *instances, acc *ir.Node, _ bool) []any {
	var out []any
	for range 3 {
		if v, ok := g.value(acc, anyWant, nil, nil, 0); ok {
			out = append(out, v)
		}
	}
	return out
}

// typeText names a set of type atoms: "any" for all of them, "number" for integers and
// fractions together.
func typeText(set []string) string {
	if slices.Equal(set, allAtoms) {
		return "any"
	}
	var out []string
	for _, t := range set {
		switch {
		case t == "number" && !slices.Contains(set, "integer"):
			out = append(out, "non-integer number")
		case t == "integer" && slices.Contains(set, "number"):
		default:
			out = append(out, t)
		}
	}
	return strings.Join(out, "|")
}

func (w *walker) types(o, n *ir.Node, c ctx) {
	oa, na := typeAtoms(o), typeAtoms(n)
	var removed, added []string
	for _, t := range oa {
		if !slices.Contains(na, t) {
			removed = append(removed, t)
		}
	}
	for _, t := range na {
		if !slices.Contains(oa, t) {
			added = append(added, t)
		}
	}
	if len(removed)+len(added) == 0 {
		return
	}
	dirs := ""
	if len(removed) > 0 {
		dirs += "B"
	}
	if len(added) > 0 {
		dirs += "F"
	}
	w.change(o, n, "type", c, dirs, "type", fmt.Sprintf("type %s → %s", typeText(oa), typeText(na)), func(g *instances, acc *ir.Node, backward bool) []any {
		ts := removed
		if !backward {
			ts = added
		}
		if c.neg {
			ts = append(slices.Clone(removed), added...)
		}
		var out []any
		for _, t := range ts {
			if v, ok := g.value(acc, want{typ: t, length: -1, members: -1}, nil, nil, 0); ok {
				out = append(out, v)
			}
			out = append(out, sample(t))
		}
		return out
	})
}

// typeAtoms are the JSON types a node's values may have: its "type", narrowed by the types of
// its enum or const values.
func typeAtoms(n *ir.Node) []string {
	set := allAtoms
	if len(n.Types) > 0 {
		set = atoms(n.Types)
	}
	if vs, ok := values(n); ok {
		var of []string
		for _, v := range vs {
			t := jsonType(v)
			of = append(of, t)
			if t == "integer" && slices.Contains(set, "number") {
				of = append(of, "number")
			}
		}
		set = slices.DeleteFunc(slices.Clone(set), func(t string) bool { return !slices.Contains(of, t) })
	}
	return set
}

// sample is a plain value of a JSON type.
func sample(t string) any {
	switch t {
	case "null":
		return nil
	case "boolean":
		return true
	case "integer":
		return json.Number("1")
	case "number":
		return json.Number("0.5")
	case "string":
		return "a"
	case "array":
		return []any{}
	}
	return map[string]any{}
}

func values(n *ir.Node) ([]any, bool) {
	if n.Const != nil {
		return []any{fromIR(*n.Const)}, true
	}
	if n.Enum != nil {
		var out []any
		for _, e := range n.Enum {
			out = append(out, fromIR(e))
		}
		return out, true
	}
	return nil, false
}

func containsValue(list []any, v any) bool {
	return slices.ContainsFunc(list, func(e any) bool { return equal(e, v) })
}

func (w *walker) enumConst(o, n *ir.Node, c ctx) {
	ov, oHas := values(o)
	nv, nHas := values(n)
	kw := "enum"
	if o.Const != nil || n.Const != nil {
		kw = "const"
	}
	switch {
	case !oHas && !nHas:
		return
	case !oHas:
		w.change(o, n, kw, c, "B", kw+"-added", fmt.Sprintf("%s %s added: other values are refused", kw, text(nv)), genAt)
	case !nHas:
		w.change(o, n, kw, c, "F", kw+"-removed", fmt.Sprintf("%s %s removed: any value is accepted", kw, text(ov)), genAt)
	default:
		var removed, added []any
		for _, v := range ov {
			if !containsValue(nv, v) {
				removed = append(removed, v)
			}
		}
		for _, v := range nv {
			if !containsValue(ov, v) {
				added = append(added, v)
			}
		}
		if len(removed) > 0 {
			w.change(o, n, kw, c, "B", kw+"-value-removed", fmt.Sprintf("%s value %s removed", kw, text(removed)), fixed(removed))
		}
		if len(added) > 0 {
			w.change(o, n, kw, c, "F", kw+"-value-added", fmt.Sprintf("%s value %s added", kw, text(added)), fixed(added))
		}
	}
}

func fixed(vs []any) func(*instances, *ir.Node, bool) []any {
	return func(*instances, *ir.Node, bool) []any { return vs }
}

func text(vs []any) string {
	var parts []string
	for _, v := range vs {
		parts = append(parts, string(encode(v)))
	}
	return strings.Join(parts, ", ")
}

// propSchema is the schema a node applies to member name: its property, a matching pattern
// property (second result false: the walk cannot pair it), else additionalProperties.
func propSchema(n *ir.Node, name string) (*ir.Node, bool) {
	for _, p := range n.Properties {
		if p.Name == name {
			return p.Schema, true
		}
	}
	for _, pp := range n.PatternProperties {
		if matches(pp.Pattern.Source, name) {
			return pp.Schema, false
		}
	}
	return n.AdditionalProperties, true
}

func patternsOf(n *ir.Node) []string {
	var out []string
	for _, pp := range n.PatternProperties {
		out = append(out, pp.Pattern.Source)
	}
	return out
}

func (w *walker) objects(o, n *ir.Node, c ctx) {
	// required
	for _, r := range n.Required {
		if !slices.Contains(o.Required, r) {
			w.change(o, n, "required", c, "B", "required-added", fmt.Sprintf("member %q is now required", r), without(r))
		}
	}
	for _, r := range o.Required {
		if !slices.Contains(n.Required, r) {
			w.change(o, n, "required", c, "F", "required-removed", fmt.Sprintf("member %q is no longer required", r), without(r))
		}
	}
	// properties, then the members no property names
	var names []string
	for _, p := range o.Properties {
		names = append(names, p.Name)
	}
	for _, p := range n.Properties {
		if !slices.Contains(names, p.Name) {
			names = append(names, p.Name)
		}
	}
	for _, name := range names {
		os, oOK := propSchema(o, name)
		ns, nOK := propSchema(n, name)
		cc := c.at(step{name: name})
		if !oOK || !nOK {
			cc = cc.loose()
		}
		w.walk(os, ns, cc, false)
	}
	if !slices.Equal(patternsOf(o), patternsOf(n)) {
		w.change(o, n, "patternProperties", c, "?", "patternProperties", "patternProperties changed", func(g *instances, acc *ir.Node, _ bool) []any {
			var out []any
			for _, pp := range append(slices.Clone(o.PatternProperties), n.PatternProperties...) {
				name, ok := stringFor(g.r, pp.Pattern.Source)
				if !ok {
					continue
				}
				v, ok := g.value(acc, want{typ: "object", length: -1, members: -1}, nil, nil, 0)
				if !ok {
					continue
				}
				obj, isObj := v.(map[string]any)
				if !isObj {
					continue
				}
				m, _ := g.value(pp.Schema, anyWant, nil, nil, 1)
				obj[name] = m
				out = append(out, obj)
			}
			return out
		})
	} else {
		for i := range o.PatternProperties {
			name, ok := stringFor(newInstances(uint64(i)).r, o.PatternProperties[i].Pattern.Source)
			if ok {
				w.walk(o.PatternProperties[i].Schema, n.PatternProperties[i].Schema, c.at(step{name: name}), false)
			}
		}
	}
	if o.AdditionalProperties != nil || n.AdditionalProperties != nil {
		name := freshName(o, n)
		oa, na := o.AdditionalProperties, n.AdditionalProperties
		w.walk(oa, na, c.at(step{name: name}), false)
	}
	// dependentRequired
	for _, nd := range n.DependentRequired {
		od := depOf(o, nd.Property)
		for _, r := range nd.Requires {
			if !slices.Contains(od, r) {
				w.change(o, n, "dependentRequired", c, "B", "dependent-required-added", fmt.Sprintf("member %q now requires %q", nd.Property, r), withoutGiven(nd.Property, r))
			}
		}
	}
	for _, od := range o.DependentRequired {
		nd := depOf(n, od.Property)
		for _, r := range od.Requires {
			if !slices.Contains(nd, r) {
				w.change(o, n, "dependentRequired", c, "F", "dependent-required-removed", fmt.Sprintf("member %q no longer requires %q", od.Property, r), withoutGiven(od.Property, r))
			}
		}
	}
	// dependentSchemas
	var deps []string
	for _, d := range o.DependentSchemas {
		deps = append(deps, d.Property)
	}
	for _, d := range n.DependentSchemas {
		if !slices.Contains(deps, d.Property) {
			deps = append(deps, d.Property)
		}
	}
	for _, p := range deps {
		w.walk(depSchema(o, p), depSchema(n, p), c, false)
	}
	w.count(o, n, c, "minProperties", o.MinProperties, n.MinProperties, true, func(g *instances, acc *ir.Node, k int) (any, bool) {
		return g.value(acc, want{typ: "object", length: -1, members: k}, nil, nil, 0)
	})
	w.count(o, n, c, "maxProperties", o.MaxProperties, n.MaxProperties, false, func(g *instances, acc *ir.Node, k int) (any, bool) {
		return g.value(acc, want{typ: "object", length: -1, members: k}, nil, nil, 0)
	})
	if o.PropertyNames != nil || n.PropertyNames != nil {
		// propertyNames applies its schema to every member name, monotonically: its changes
		// are the object's, their candidates turned into member names.
		before := len(w.tr.Changes)
		w.walk(o.PropertyNames, n.PropertyNames, c, false)
		for _, ch := range w.tr.Changes[before:] {
			inner := ch.cands
			if inner == nil {
				inner = genAt
			}
			ch.Kind, ch.Message = "propertyNames-"+ch.Kind, "member names: "+ch.Message
			ch.path, ch.Instance = c.path, pointerOf(c.path)
			ch.oldN, ch.newN = o, n
			if o.PropertyNames != nil {
				ch.relOld = o.PropertyNames.Location
			}
			if n.PropertyNames != nil {
				ch.relNew = n.PropertyNames.Location
			}
			ch.cands = func(g *instances, acc *ir.Node, backward bool) []any {
				pn := n.PropertyNames
				if backward {
					pn = o.PropertyNames
				}
				if pn == nil {
					pn = trueNode
				}
				names := []any{"x", "1", "A B", "a-rather-long-member-name"}
				names = append(names, inner(g, pn, backward)...)
				var out []any
				for _, name := range names {
					s, ok := name.(string)
					if !ok {
						continue
					}
					v, _ := g.value(acc, want{typ: "object", length: -1, members: -1}, nil, nil, 0)
					if obj, ok := v.(map[string]any); ok {
						ms, _ := propSchema(acc, s)
						obj[s], _ = g.value(ms, anyWant, nil, nil, 1)
						out = append(out, obj)
					}
				}
				return out
			}
		}
	}
	if o.UnevaluatedProperties != nil || n.UnevaluatedProperties != nil {
		w.walk(o.UnevaluatedProperties, n.UnevaluatedProperties, c.at(step{name: freshName(o, n)}).loose(), false)
	}
}

func depOf(n *ir.Node, p string) []string {
	for _, d := range n.DependentRequired {
		if d.Property == p {
			return d.Requires
		}
	}
	return nil
}

func depSchema(n *ir.Node, p string) *ir.Node {
	for _, d := range n.DependentSchemas {
		if d.Property == p {
			return d.Schema
		}
	}
	return nil
}

// freshName is a member name no property of either node names and no pattern matches (or,
// when patterns match every name tried, "extra").
func freshName(o, n *ir.Node) string {
	for i := 0; i < 20; i++ {
		name := "extra"
		if i > 0 {
			name += strconv.Itoa(i)
		}
		if _, ok := propSchema(o, name); !ok {
			continue
		}
		if _, ok := propSchema(n, name); !ok {
			continue
		}
		if slices.ContainsFunc(o.Properties, func(p ir.Property) bool { return p.Name == name }) ||
			slices.ContainsFunc(n.Properties, func(p ir.Property) bool { return p.Name == name }) {
			continue
		}
		return name
	}
	return "extra"
}

// without draws an object from the accepting version and leaves out one member.
func without(member string) func(*instances, *ir.Node, bool) []any {
	return func(g *instances, acc *ir.Node, _ bool) []any {
		var out []any
		for range 3 {
			v, ok := g.value(acc, want{typ: "object", length: -1, members: -1}, nil, nil, 0)
			if obj, isObj := v.(map[string]any); ok && isObj {
				delete(obj, member)
				out = append(out, obj)
			}
		}
		return out
	}
}

// withoutGiven draws an object with member given and without member r.
func withoutGiven(given, r string) func(*instances, *ir.Node, bool) []any {
	return func(g *instances, acc *ir.Node, _ bool) []any {
		var out []any
		for range 3 {
			v, ok := g.value(acc, want{typ: "object", length: -1, members: -1}, nil, nil, 0)
			obj, isObj := v.(map[string]any)
			if !ok || !isObj {
				continue
			}
			if _, has := obj[given]; !has {
				s, _ := propSchema(acc, given)
				obj[given], _ = g.value(s, anyWant, nil, nil, 1)
			}
			delete(obj, r)
			out = append(out, obj)
		}
		return out
	}
}

// count compares a count bound (minLength, maxItems …): low says whether it is a lower bound.
func (w *walker) count(o, n *ir.Node, c ctx, kw string, ob, nb *int64, low bool, draw func(*instances, *ir.Node, int) (any, bool)) {
	if ob == nil && nb == nil || ob != nil && nb != nil && *ob == *nb {
		return
	}
	// absent bounds: 0 for a lower bound, infinity for an upper one
	ov, nv := int64(0), int64(0)
	if ob != nil {
		ov = *ob
	}
	if nb != nil {
		nv = *nb
	}
	tighter := nv > ov
	if !low {
		tighter = ob == nil || nb != nil && nv < ov
	}
	if low && ov == nv {
		return // an absent lower bound is 0
	}
	dirs := "F"
	if tighter {
		dirs = "B"
	}
	msg := fmt.Sprintf("%s %s → %s", kw, bound(ob), bound(nb))
	w.change(o, n, kw, c, dirs, kw, msg, func(g *instances, acc *ir.Node, _ bool) []any {
		var ks []int
		for _, b := range []*int64{ob, nb} {
			if b != nil {
				ks = append(ks, int(*b)-1, int(*b), int(*b)+1)
			}
		}
		var out []any
		for _, k := range ks {
			if k < 0 || k > 1000 {
				continue
			}
			if v, ok := draw(g, acc, k); ok {
				out = append(out, v)
			}
		}
		return out
	})
}

func bound(b *int64) string {
	if b == nil {
		return "none"
	}
	return strconv.FormatInt(*b, 10)
}

// limit is a numeric bound: the value and whether it is exclusive; nil value: none.
type limit struct {
	v  *big.Rat
	ex bool
}

func lower(n *ir.Node) limit {
	var l limit
	for _, b := range []struct {
		lit *ir.NumberLit
		ex  bool
	}{{n.Minimum, false}, {n.ExclusiveMinimum, true}} {
		if b.lit == nil {
			continue
		}
		x := rat(b.lit.Literal)
		if x != nil && (l.v == nil || x.Cmp(l.v) > 0 || x.Cmp(l.v) == 0 && b.ex) {
			l = limit{x, b.ex}
		}
	}
	return l
}

func upper(n *ir.Node) limit {
	var l limit
	for _, b := range []struct {
		lit *ir.NumberLit
		ex  bool
	}{{n.Maximum, false}, {n.ExclusiveMaximum, true}} {
		if b.lit == nil {
			continue
		}
		x := rat(b.lit.Literal)
		if x != nil && (l.v == nil || x.Cmp(l.v) < 0 || x.Cmp(l.v) == 0 && b.ex) {
			l = limit{x, b.ex}
		}
	}
	return l
}

func (l limit) String() string {
	if l.v == nil {
		return "none"
	}
	s := ratLiteral(l.v)
	if l.ex {
		return "exclusive " + s
	}
	return s
}

// tighterLow reports whether lower bound a admits fewer numbers than b.
func tighterLow(a, b limit) bool {
	if a.v == nil {
		return false
	}
	if b.v == nil {
		return true
	}
	c := a.v.Cmp(b.v)
	return c > 0 || c == 0 && a.ex && !b.ex
}

func tighterHigh(a, b limit) bool {
	if a.v == nil {
		return false
	}
	if b.v == nil {
		return true
	}
	c := a.v.Cmp(b.v)
	return c < 0 || c == 0 && a.ex && !b.ex
}

// numberCands are the numbers next to the bounds of both versions.
func numberCands(ls ...limit) func(*instances, *ir.Node, bool) []any {
	return func(g *instances, acc *ir.Node, _ bool) []any {
		var out []any
		for _, l := range ls {
			if l.v == nil {
				continue
			}
			for _, d := range []*big.Rat{big.NewRat(0, 1), big.NewRat(1, 1), big.NewRat(-1, 1), big.NewRat(1, 2), big.NewRat(-1, 2), big.NewRat(1, 1000), big.NewRat(-1, 1000)} {
				out = append(out, json.Number(ratLiteral(new(big.Rat).Add(l.v, d))))
			}
		}
		return out
	}
}

func (w *walker) numbers(o, n *ir.Node, c ctx) {
	ol, nl := lower(o), lower(n)
	if tighterLow(nl, ol) || tighterLow(ol, nl) {
		dirs := "F"
		if tighterLow(nl, ol) {
			dirs = "B"
		}
		kw := "minimum"
		if nl.ex || ol.ex && nl.v == nil {
			kw = "exclusiveMinimum"
		}
		w.change(o, n, kw, c, dirs, "minimum", fmt.Sprintf("lower bound %s → %s", ol, nl), numberCands(ol, nl))
	}
	ou, nu := upper(o), upper(n)
	if tighterHigh(nu, ou) || tighterHigh(ou, nu) {
		dirs := "F"
		if tighterHigh(nu, ou) {
			dirs = "B"
		}
		kw := "maximum"
		if nu.ex || ou.ex && nu.v == nil {
			kw = "exclusiveMaximum"
		}
		w.change(o, n, kw, c, dirs, "maximum", fmt.Sprintf("upper bound %s → %s", ou, nu), numberCands(ou, nu))
	}
	var om, nm *big.Rat
	if o.MultipleOf != nil {
		om = rat(o.MultipleOf.Literal)
	}
	if n.MultipleOf != nil {
		nm = rat(n.MultipleOf.Literal)
	}
	if om == nil && nm == nil || om != nil && nm != nil && om.Cmp(nm) == 0 {
		return
	}
	dirs := "BF"
	switch {
	case om == nil:
		dirs = "B"
	case nm == nil:
		dirs = "F"
	case new(big.Rat).Quo(nm, om).IsInt():
		dirs = "B"
	case new(big.Rat).Quo(om, nm).IsInt():
		dirs = "F"
	}
	w.change(o, n, "multipleOf", c, dirs, "multipleOf", fmt.Sprintf("multipleOf %s → %s", ratText(om), ratText(nm)), func(g *instances, acc *ir.Node, _ bool) []any {
		var out []any
		for _, m := range []*big.Rat{om, nm} {
			if m == nil {
				continue
			}
			for k := int64(1); k <= 3; k++ {
				out = append(out, json.Number(ratLiteral(new(big.Rat).Mul(m, big.NewRat(k, 1)))))
			}
		}
		out = append(out, json.Number("1"), json.Number("0.5"), json.Number("3"), json.Number("7"))
		return out
	})
}

func ratText(r *big.Rat) string {
	if r == nil {
		return "none"
	}
	return ratLiteral(r)
}

func (w *walker) strings(o, n *ir.Node, c ctx) {
	strOf := func(g *instances, acc *ir.Node, k int) (any, bool) {
		return g.value(acc, want{typ: "string", length: k, members: -1}, nil, nil, 0)
	}
	w.count(o, n, c, "minLength", o.MinLength, n.MinLength, true, strOf)
	w.count(o, n, c, "maxLength", o.MaxLength, n.MaxLength, false, strOf)
	op, np := "", ""
	if o.Pattern != nil {
		op = o.Pattern.Source
	}
	if n.Pattern != nil {
		np = n.Pattern.Source
	}
	if op != np {
		dirs := "?"
		switch {
		case op == "":
			dirs = "B"
		case np == "":
			dirs = "F"
		}
		w.change(o, n, "pattern", c, dirs, "pattern", fmt.Sprintf("pattern %q → %q", op, np), func(g *instances, acc *ir.Node, _ bool) []any {
			// Strings drawn from either pattern, and a few plain ones.
			out := []any{"", "a", "A", "0", "-", " ", "a b", "é"}
			for _, p := range []string{op, np} {
				if p == "" {
					continue
				}
				for range 20 {
					if s, ok := stringFor(g.r, p); ok {
						out = append(out, s)
						if len(s) > 1 {
							out = append(out, s[1:], s[:len(s)-1])
						}
					}
				}
			}
			return out
		})
	}
	if o.FormatGo != n.FormatGo && (o.FormatGo != "" || n.FormatGo != "") {
		w.change(o, n, "format", c, "?", "format", fmt.Sprintf("asserted format %q → %q", o.Format, n.Format), genAt)
	}
}

// itemAt is the schema a node applies to the item at index i.
func itemAt(n *ir.Node, i int) *ir.Node {
	if i < len(n.PrefixItems) {
		return n.PrefixItems[i]
	}
	return n.Items
}

func (w *walker) arrays(o, n *ir.Node, c ctx) {
	k := max(len(o.PrefixItems), len(n.PrefixItems))
	for i := range k {
		w.walk(itemAt(o, i), itemAt(n, i), c.at(step{index: i, isIndex: true}), false)
	}
	if o.Items != nil || n.Items != nil {
		w.walk(o.Items, n.Items, c.at(step{index: k, isIndex: true}), false)
	}
	arrOf := func(g *instances, acc *ir.Node, k int) (any, bool) {
		return g.value(acc, want{typ: "array", length: k, members: -1}, nil, nil, 0)
	}
	w.count(o, n, c, "minItems", o.MinItems, n.MinItems, true, arrOf)
	w.count(o, n, c, "maxItems", o.MaxItems, n.MaxItems, false, arrOf)
	if o.UniqueItems != n.UniqueItems {
		dirs := "B"
		if o.UniqueItems {
			dirs = "F"
		}
		w.change(o, n, "uniqueItems", c, dirs, "uniqueItems", fmt.Sprintf("uniqueItems %v → %v", o.UniqueItems, n.UniqueItems), duplicates)
	}
	if o.UniqueBy != n.UniqueBy {
		dirs := "BF"
		switch {
		case o.UniqueBy == "":
			dirs = "B"
		case n.UniqueBy == "":
			dirs = "F"
		}
		w.change(o, n, "x-unique-by", c, dirs, "x-unique-by", fmt.Sprintf("x-unique-by %q → %q", o.UniqueBy, n.UniqueBy), duplicates)
	}
	if o.Contains != nil || n.Contains != nil {
		cc := c.at(step{index: 0, isIndex: true})
		if o.MaxContains != nil || n.MaxContains != nil || o.Contains == nil || n.Contains == nil {
			cc = cc.loose()
		}
		if o.Contains == nil || n.Contains == nil {
			w.change(o, n, "contains", cc, "?", "contains", "contains added or removed", genAt)
		} else {
			w.walk(o.Contains, n.Contains, cc, false)
		}
		w.count(o, n, c.loose(), "minContains", o.MinContains, n.MinContains, true, arrOf)
		w.count(o, n, c.loose(), "maxContains", o.MaxContains, n.MaxContains, false, arrOf)
	}
	if o.UnevaluatedItems != nil || n.UnevaluatedItems != nil {
		w.walk(o.UnevaluatedItems, n.UnevaluatedItems, c.at(step{index: k, isIndex: true}).loose(), false)
	}
}

// duplicates draws arrays of two equal items.
func duplicates(g *instances, acc *ir.Node, _ bool) []any {
	var out []any
	for range 3 {
		v, ok := g.value(acc, want{typ: "array", length: 2, members: -1}, nil, nil, 0)
		if arr, isArr := v.([]any); ok && isArr && len(arr) == 2 {
			arr[1] = clone(arr[0])
			out = append(out, arr)
		}
	}
	return out
}

func (w *walker) applicators(o, n *ir.Node, c ctx) {
	// $ref beside other keywords (a lone one was unwrapped)
	if o.Ref != nil || n.Ref != nil {
		w.walk(o.Ref, n.Ref, c, false)
	}
	if o.DynamicRef != nil || n.DynamicRef != nil {
		w.walk(o.DynamicRef, n.DynamicRef, c.loose(), false)
	}
	// allOf: a conjunct added tightens, one removed loosens
	for i, p := range w.c.align(o.AllOf, n.AllOf) {
		// A conditional conjunct without a partner is one change, exact in its direction
		// (a conjunct added can only tighten); any other is compared keyword by keyword with
		// the empty schema.
		switch {
		case p[0] == nil && conditional(p[1]):
			w.change(o, n, "allOf", c, "B", "allOf-branch-added", fmt.Sprintf("allOf branch %d added", i), genAt)
		case p[1] == nil && conditional(p[0]):
			w.change(o, n, "allOf", c, "F", "allOf-branch-removed", fmt.Sprintf("allOf branch %d removed", i), genAt)
		default:
			w.walk(p[0], p[1], c, false)
		}
	}
	// anyOf: pairwise; a branch removed tightens, one added loosens
	w.branches(o, n, c, "anyOf", o.AnyOf, n.AnyOf)
	w.branches(o, n, c.loose(), "oneOf", o.OneOf, n.OneOf)
	switch {
	case o.Not == nil && n.Not != nil:
		w.change(o, n, "not", c, "B", "not-added", "not added", notCands(n.Not))
	case o.Not != nil && n.Not == nil:
		w.change(o, n, "not", c, "F", "not-removed", "not removed", notCands(o.Not))
	case o.Not != nil:
		cc := c
		cc.neg = !cc.neg
		w.walk(o.Not, n.Not, cc, false)
	}
	if o.If != nil || n.If != nil {
		w.walk(o.If, n.If, c.loose(), false)
		w.walk(thenOf(o), thenOf(n), c.loose(), false)
		w.walk(elseOf(o), elseOf(n), c.loose(), false)
	}
}

// conditional reports whether a schema holds an applicator the rules cannot see through (if,
// oneOf, not).
func conditional(n *ir.Node) bool {
	return n != nil && (n.If != nil || len(n.OneOf) > 0 || n.Not != nil)
}

func thenOf(n *ir.Node) *ir.Node {
	if n.If == nil {
		return nil
	}
	return n.Then
}

func elseOf(n *ir.Node) *ir.Node {
	if n.If == nil {
		return nil
	}
	return n.Else
}

func notCands(inner *ir.Node) func(*instances, *ir.Node, bool) []any {
	return func(g *instances, _ *ir.Node, _ bool) []any { return genAt(g, inner, false) }
}

func at(list []*ir.Node, i int) *ir.Node {
	if i < len(list) {
		return list[i]
	}
	return nil
}

func (w *walker) branches(o, n *ir.Node, c ctx, kw string, ob, nb []*ir.Node) {
	if len(ob) > 0 && len(nb) == 0 {
		w.change(o, n, kw, c, "F", kw+"-removed", kw+" removed", genAt)
		return
	}
	for i, p := range w.c.align(ob, nb) {
		switch b := p[0]; {
		case p[0] != nil && p[1] != nil:
			w.walk(p[0], p[1], c, false)
		case p[1] == nil:
			w.change(o, n, kw, c, "B", kw+"-branch-removed", fmt.Sprintf("%s branch %d removed", kw, i), func(g *instances, _ *ir.Node, _ bool) []any { return genAt(g, b, true) })
		case len(ob) == 0:
			// anyOf added where there was none: a tightening
			w.change(o, n, kw, c, "B", kw+"-added", fmt.Sprintf("%s added", kw), genAt)
			return
		default:
			b = p[1]
			w.change(o, n, kw, c, "F", kw+"-branch-added", fmt.Sprintf("%s branch %d added", kw, i), func(g *instances, _ *ir.Node, _ bool) []any { return genAt(g, b, false) })
		}
	}
}

// flatten merges into a node the allOf branches whose keywords it does not have itself (the
// usual refactoring of shared members into a definition referenced from an allOf), so that
// the versions compare keyword by keyword whichever way they spell the same conjunction. A
// branch that shares a keyword with the node, or whose members an additionalProperties of the
// other would judge, stays in allOf. The merged node has no location of its own (its changes
// point at the node, and its witnesses are related by their place in the document).
func (w *walker) flatten(n *ir.Node) *ir.Node {
	if len(n.AllOf) == 0 {
		return n
	}
	m := *n
	m.AllOf = nil
	m.Properties = slices.Clone(n.Properties)
	m.Required = slices.Clone(n.Required)
	m.DependentRequired = slices.Clone(n.DependentRequired)
	m.DependentSchemas = slices.Clone(n.DependentSchemas)
	queue := slices.Clone(n.AllOf)
	merged := false
	for i := 0; i < len(queue) && i < 100; i++ {
		a := w.unwrap(queue[i], false)
		if a.Bool != nil && *a.Bool {
			merged = true
			continue
		}
		if a.Bool != nil || a.Type != nil && w.paired(a.Type) || !mergeable(&m, a) {
			m.AllOf = append(m.AllOf, queue[i])
			continue
		}
		merge(&m, a)
		queue = append(queue, a.AllOf...)
		merged = true
	}
	if !merged {
		return n
	}
	w.display[&m] = n.Location
	m.Location = ""
	return &m
}

func mergeable(m, a *ir.Node) bool {
	// A conditional branch stays a conjunct of its own: added or removed, it is one change.
	if a.Ref != nil || a.DynamicRef != nil || conditional(a) {
		return false
	}
	two := func(x, y bool) bool { return x && y }
	if len(m.Types) > 0 && len(a.Types) > 0 && !slices.Equal(atoms(m.Types), atoms(a.Types)) {
		return false
	}
	for _, c := range []bool{
		two(m.Enum != nil || m.Const != nil, a.Enum != nil || a.Const != nil),
		two(m.AdditionalProperties != nil || len(m.PatternProperties) > 0 || m.UnevaluatedProperties != nil, len(a.Properties) > 0 || len(a.PatternProperties) > 0 || a.AdditionalProperties != nil || a.UnevaluatedProperties != nil),
		two(len(m.Properties) > 0, a.AdditionalProperties != nil || len(a.PatternProperties) > 0 || a.UnevaluatedProperties != nil),
		two(m.PropertyNames != nil, a.PropertyNames != nil),
		two(m.MinProperties != nil, a.MinProperties != nil), two(m.MaxProperties != nil, a.MaxProperties != nil),
		two(len(m.PrefixItems) > 0 || m.Items != nil || m.UnevaluatedItems != nil, len(a.PrefixItems) > 0 || a.Items != nil || a.UnevaluatedItems != nil),
		two(m.MinItems != nil, a.MinItems != nil), two(m.MaxItems != nil, a.MaxItems != nil),
		two(m.Contains != nil, a.Contains != nil), two(m.UniqueBy != "", a.UniqueBy != ""),
		two(m.MinLength != nil, a.MinLength != nil), two(m.MaxLength != nil, a.MaxLength != nil),
		two(m.Pattern != nil, a.Pattern != nil), two(m.FormatGo != "", a.FormatGo != ""),
		two(m.Minimum != nil || m.ExclusiveMinimum != nil, a.Minimum != nil || a.ExclusiveMinimum != nil),
		two(m.Maximum != nil || m.ExclusiveMaximum != nil, a.Maximum != nil || a.ExclusiveMaximum != nil),
		two(m.MultipleOf != nil, a.MultipleOf != nil),
		two(len(m.AnyOf) > 0, len(a.AnyOf) > 0), two(len(m.OneOf) > 0, len(a.OneOf) > 0),
		two(m.Not != nil, a.Not != nil), two(m.If != nil, a.If != nil),
	} {
		if c {
			return false
		}
	}
	for _, p := range a.Properties {
		if slices.ContainsFunc(m.Properties, func(q ir.Property) bool { return q.Name == p.Name }) {
			return false
		}
	}
	for _, d := range a.DependentRequired {
		if depOf(m, d.Property) != nil {
			return false
		}
	}
	for _, d := range a.DependentSchemas {
		if depSchema(m, d.Property) != nil {
			return false
		}
	}
	return true
}

// merge copies the keywords of a into m (mergeable said they do not meet).
func merge(m, a *ir.Node) {
	if len(m.Types) == 0 {
		m.Types = a.Types
	}
	if a.Enum != nil {
		m.Enum = a.Enum
	}
	if a.Const != nil {
		m.Const = a.Const
	}
	m.Properties = append(m.Properties, a.Properties...)
	for _, r := range a.Required {
		if !slices.Contains(m.Required, r) {
			m.Required = append(m.Required, r)
		}
	}
	m.DependentRequired = append(m.DependentRequired, a.DependentRequired...)
	m.DependentSchemas = append(m.DependentSchemas, a.DependentSchemas...)
	set := func(dst **ir.Node, src *ir.Node) {
		if src != nil {
			*dst = src
		}
	}
	set(&m.AdditionalProperties, a.AdditionalProperties)
	set(&m.PropertyNames, a.PropertyNames)
	set(&m.UnevaluatedProperties, a.UnevaluatedProperties)
	set(&m.Items, a.Items)
	set(&m.Contains, a.Contains)
	set(&m.UnevaluatedItems, a.UnevaluatedItems)
	set(&m.Not, a.Not)
	if len(a.PatternProperties) > 0 {
		m.PatternProperties = a.PatternProperties
	}
	if len(a.PrefixItems) > 0 {
		m.PrefixItems = a.PrefixItems
	}
	if a.If != nil {
		m.If, m.Then, m.Else = a.If, a.Then, a.Else
	}
	if len(a.AnyOf) > 0 {
		m.AnyOf = a.AnyOf
	}
	if len(a.OneOf) > 0 {
		m.OneOf = a.OneOf
	}
	num := func(dst **ir.NumberLit, src *ir.NumberLit) {
		if src != nil {
			*dst = src
		}
	}
	num(&m.Minimum, a.Minimum)
	num(&m.ExclusiveMinimum, a.ExclusiveMinimum)
	num(&m.Maximum, a.Maximum)
	num(&m.ExclusiveMaximum, a.ExclusiveMaximum)
	num(&m.MultipleOf, a.MultipleOf)
	cnt := func(dst **int64, src *int64) {
		if src != nil {
			*dst = src
		}
	}
	cnt(&m.MinProperties, a.MinProperties)
	cnt(&m.MaxProperties, a.MaxProperties)
	cnt(&m.MinItems, a.MinItems)
	cnt(&m.MaxItems, a.MaxItems)
	cnt(&m.MinLength, a.MinLength)
	cnt(&m.MaxLength, a.MaxLength)
	if a.Contains != nil {
		m.MinContains, m.MaxContains = a.MinContains, a.MaxContains
	}
	m.UniqueItems = m.UniqueItems || a.UniqueItems
	if a.UniqueBy != "" {
		m.UniqueBy = a.UniqueBy
	}
	if a.Pattern != nil {
		m.Pattern = a.Pattern
	}
	if a.FormatGo != "" {
		m.Format, m.FormatGo, m.FormatTS = a.Format, a.FormatGo, a.FormatTS
	}
}
