package build

import (
	"fmt"
	"math"
	"strconv"

	"github.com/skillgen/skillgen/generator/ir"
	"github.com/skillgen/skillgen/generator/load"
)

// A design is what the Go and TypeScript types of a node's values will be, decided from the
// node's keywords without creating anything: shaping (shape.go) turns it into TypeRefs and
// named types. Designs are computed once per node.
type design struct {
	kind designKind
	// null: the node accepts null besides the values the design describes.
	null bool

	scalar ir.RefKind // dScalar

	target *ir.Node // dRef: the values are those of another node (an allOf branch, a union's only variant)
	only   kindSet  // dRef: the target's values of these JSON types only (0: all of them)

	parts      []*ir.Node // dStruct: the object schemas merged into the struct, in order
	objectOnly bool       // dStruct: the node accepts non-objects too

	elem *ir.Node // dArray, dMap: the items or values (nil: any)

	tuple *ir.Node // dTuple: the node with prefixItems

	values []ir.Value // dEnum: the distinct non-null values
	names  []string   // dEnum: the titles naming the values (a oneOf/anyOf of titled consts)
	base   ir.RefKind // dEnum: RefString, RefInteger or RefNumber

	alts   []alternative // dUnion
	tagged bool          // dUnion: Node.Discriminator says the variant

	degraded string // dAny: why the values get no type ("" when the node accepts any value)
}

type designKind int

const (
	dAny designKind = iota
	dScalar
	dRef
	dStruct
	dMap
	dArray
	dTuple
	dEnum
	dUnion
)

// An alternative is one variant of a union design: a branch schema, or several branches of
// one scalar JSON type merged (node nil then), or one JSON type of a "type" list (restrict).
type alternative struct {
	node     *ir.Node
	kinds    kindSet
	scalar   ir.RefKind // merged scalar branches
	restrict kindSet    // a variant of a "type" list: the node's own keywords for these types
}

// shapeState is the builder's memory of kinds and designs.
type shapeState struct {
	kinds      map[*ir.Node]kindSet
	kindsBusy  map[*ir.Node]bool
	designs    map[designKey]*design
	designBusy map[designKey]bool
	warned     map[string]bool
	// keys are the nodes' dedupe keys, computed before the scopes are known: they compare
	// schemas for the types only.
	keys map[*ir.Node]string
}

type designKey struct {
	n        *ir.Node
	self     bool
	restrict kindSet
}

func (b *builder) shapes() *shapeState {
	if b.shape == nil {
		b.shape = &shapeState{
			kinds:      map[*ir.Node]kindSet{},
			kindsBusy:  map[*ir.Node]bool{},
			designs:    map[designKey]*design{},
			designBusy: map[designKey]bool{},
			warned:     map[string]bool{},
			keys:       map[*ir.Node]string{},
		}
	}
	return b.shape
}

// degrade reports a degradation at a node (once per node and reason), as a warning.
func (b *builder) degrade(n *ir.Node, format string, args ...any) {
	reason := fmt.Sprintf(format, args...)
	st := b.shapes()
	key := n.Location + "\x00" + reason
	if st.warned[key] {
		return
	}
	st.warned[key] = true
	if loc, ok := b.locs[n]; ok {
		b.warn(b.errf(loc, "%s", reason))
		return
	}
	b.warn(&load.Error{Reason: n.Location + ": " + reason})
}

// pointer is the JSON Pointer of a node inside its file, for messages.
func (b *builder) pointer(n *ir.Node) string {
	if loc, ok := b.locs[n]; ok {
		return "#" + loc.User
	}
	return n.Location
}

// design returns the design of a node's values. self is true for the node of the named type
// being shaped (its own Type does not stand for it); restrict, when not zero, designs the
// node as if its "type" listed only those JSON types.
func (b *builder) design(n *ir.Node, self bool, restrict kindSet) *design {
	st := b.shapes()
	key := designKey{n, self, restrict}
	if d, ok := st.designs[key]; ok {
		return d
	}
	if st.designBusy[key] {
		// A cycle of in-place references without a named type to stop at.
		return &design{kind: dAny, null: true}
	}
	st.designBusy[key] = true
	defer delete(st.designBusy, key)
	d := b.newDesign(n, self, restrict)
	st.designs[key] = d
	return d
}

func (b *builder) newDesign(n *ir.Node, self bool, restrict kindSet) *design {
	if !self && restrict == 0 {
		if n.Type != nil {
			return &design{kind: dRef, target: n, null: b.kindsOf(n)&kNull != 0}
		}
		if t := b.deref(n); t != n && t != nil {
			return b.design(t, false, 0)
		}
	}
	if n.Bool != nil {
		return &design{kind: dAny, null: *n.Bool}
	}
	k := b.kindsOf(n)
	if restrict != 0 {
		k &= restrict
	}
	d := &design{null: k&kNull != 0}
	nn := k &^ kNull
	switch {
	case nn == 0 && d.null:
		d.kind, d.scalar, d.null = dScalar, ir.RefNull, false
		return d
	case nn == 0:
		// Nothing is valid: any Go or TypeScript type is as good.
		d.kind = dAny
		return d
	}
	if _, scalar := nn.scalar(); n.Enum != nil && (restrict == 0 || scalar) {
		// Restricted to one scalar type (a variant of an enum of several), the enum's values
		// of that type.
		return b.enumDesign(d, n, nn)
	}
	if restrict == 0 {
		if c := n.Const; c != nil {
			return b.constDesign(d, *c)
		}
		if n.Discriminator != nil && nn == kObject {
			d.kind, d.tagged = dUnion, true
			branches := n.OneOf
			if n.Discriminator.Keyword == "anyOf" {
				branches = n.AnyOf
			}
			for _, br := range branches {
				d.alts = append(d.alts, alternative{node: br, kinds: kObject})
			}
			return d
		}
		if alts := n.OneOf; (len(alts) > 0 || len(n.AnyOf) > 0) && !b.structured(n) {
			if len(alts) == 0 {
				alts = n.AnyOf
			}
			if e := b.titledEnum(d, alts, nn); e != nil {
				return e
			}
			return b.unionDesign(d, n, nn, alts)
		}
		if list := nonNull(n.Types); len(list) > 1 || (!nn.single() && nn != kAll&^kNull) {
			// Several JSON types, listed by the node's "type" or left by its $ref and allOf
			// branches (a tslint rule: a boolean, an array or an object).
			return b.typeListDesign(d, n, nn)
		}
	}
	scalar, isScalar := nn.scalar()
	switch {
	case isScalar:
		d.kind, d.scalar = dScalar, scalar
	case nn == kArray:
		b.arrayDesign(d, n)
	case nn == kObject:
		b.objectDesign(d, n, false)
	case b.objectish(n):
		// "properties" without "type": "object": the values are taken as objects (and, when
		// nothing but the absent "type" lets null in, not as null either).
		b.objectDesign(d, n, true)
		if k == kAll {
			d.null = false
		}
	default:
		// Several JSON types and no structure: any value of them.
		d.kind = dAny
	}
	return d
}

// structured: the node (or its $ref or an allOf branch) has keywords that shape an object or
// an array, so that its anyOf/oneOf branches only constrain that shape.
func (b *builder) structured(n *ir.Node) bool {
	for _, p := range b.inPlaceParts(n) {
		if objectKeywords(p) || arrayKeywords(p) {
			return true
		}
	}
	return false
}

func (b *builder) constDesign(d *design, c ir.Value) *design {
	d.kind = dScalar
	switch c.Kind {
	case ir.String:
		d.scalar = ir.RefString
	case ir.Bool:
		d.scalar = ir.RefBool
	case ir.Number:
		f, _ := strconv.ParseFloat(c.Number, 64)
		switch {
		case integral(c.Number) && math.Abs(f) < 1<<63:
			d.scalar = ir.RefInteger
		case integral(c.Number):
			// Beyond int64, and a float64 would not write it back exactly: any keeps it.
			d.kind = dAny
		default:
			d.scalar = ir.RefNumber
		}
	case ir.Null:
		d.scalar = ir.RefNull
	default:
		// One object or array: any is its type.
		d.kind = dAny
	}
	return d
}

func (b *builder) enumDesign(d *design, n *ir.Node, nn kindSet) *design {
	seen := map[string]bool{}
	var kinds kindSet
	for _, v := range n.Enum {
		vk := valueKinds(v)
		if vk == kNull || vk&nn == 0 {
			continue
		}
		text := valuesText([]ir.Value{v})
		if seen[text] {
			continue
		}
		seen[text] = true
		kinds |= vk
		d.values = append(d.values, v)
	}
	switch {
	case len(d.values) == 0:
		d.kind = dAny
	case kinds&^kNumber == 0 && !fitInt64(d.values):
		d.kind, d.values = dAny, nil
		d.degraded = "enum integers beyond 64 bits have no exact Go type"
	case kinds == kBool:
		d.kind, d.scalar, d.values = dScalar, ir.RefBool, nil
	case kinds == kArray || kinds == kObject:
		// Arrays or objects, compared as whole values: any holds them.
		d.kind, d.values = dAny, nil
	case kinds&(kArray|kObject) == 0:
		if base, ok := kinds.scalar(); ok {
			d.kind, d.base = dEnum, base
			break
		}
		// Values of several scalar types (true, false and "prompt"): a union of the JSON
		// types, each variant the enum's values of its type.
		d.values = nil
		return b.typeListDesign(d, n, kinds)
	default:
		d.kind, d.values = dAny, nil
		d.degraded = "enum values of several JSON types (" + joinNames(kinds) + ") have no common Go type"
	}
	return d
}

// fitInt64: every integral value fits in an int64.
func fitInt64(vs []ir.Value) bool {
	for _, v := range vs {
		if f, _ := strconv.ParseFloat(v.Number, 64); integral(v.Number) && math.Abs(f) >= 1<<63 {
			return false
		}
	}
	return true
}

func joinNames(k kindSet) string {
	s := ""
	for i, n := range k.names() {
		if i > 0 {
			s += ", "
		}
		s += n
	}
	return s
}

// unionDesign designs anyOf/oneOf branches: null branches make the design nullable, branches
// of one scalar JSON type merge into one variant, and a single variant left is no union.
func (b *builder) unionDesign(d *design, n *ir.Node, nn kindSet, branches []*ir.Node) *design {
	type branch struct {
		node   *ir.Node
		kinds  kindSet
		narrow kindSet // the branch's values of these types only (the node's own type narrows it)
		d      *design
	}
	var list []branch
	for _, br := range branches {
		bk := b.kindsOf(br) & nn
		if bk == 0 {
			continue
		}
		bd, narrow := b.design(br, false, 0), kindSet(0)
		if bd.kind == dAny && bd.degraded == "" && bk != b.kindsOf(br) {
			// The node's own type narrows a branch that says nothing of it (`"type":
			// "string", "anyOf": [{"pattern": …}, …]`): the branch's values of that type.
			bd, narrow = b.design(br, false, bk), bk
		}
		if bd.kind == dAny {
			d.kind = dAny
			if bd.degraded != "" {
				d.degraded = "a variant has no type of its own (" + b.pointer(br) + ": " + bd.degraded + ")"
			}
			return d
		}
		list = append(list, branch{br, bk, narrow, bd})
	}
	// Scalar branches of one JSON type merge, unless a branch of several types overlaps them.
	var multi kindSet
	for _, br := range list {
		if !br.kinds.single() {
			multi |= br.kinds
		}
	}
	groups := map[kindSet][]int{}
	for i, br := range list {
		g := scalarGroup(br.kinds)
		if g != 0 && multi&g == 0 {
			groups[g] = append(groups[g], i)
		}
	}
	done := map[int]bool{}
	for i, br := range list {
		if done[i] {
			continue
		}
		g := scalarGroup(br.kinds)
		members := groups[g]
		if g == 0 || len(members) < 2 {
			d.alts = append(d.alts, alternative{node: br.node, kinds: br.kinds, restrict: br.narrow})
			continue
		}
		var kinds kindSet
		for _, j := range members {
			done[j] = true
			kinds |= list[j].kinds
		}
		a := alternative{kinds: kinds}
		a.scalar, _ = kinds.scalar()
		d.alts = append(d.alts, a)
	}
	switch len(d.alts) {
	case 0:
		d.kind, d.scalar = dScalar, ir.RefNull
		d.null = false
	case 1:
		a := d.alts[0]
		d.alts = nil
		if a.node == nil {
			d.kind, d.scalar = dScalar, a.scalar
		} else {
			d.kind, d.target, d.only = dRef, a.node, a.restrict
		}
	default:
		d.kind = dUnion
	}
	return d
}

// scalarGroup is the merge group of a scalar branch: booleans, strings, or numbers.
func scalarGroup(k kindSet) kindSet {
	switch {
	case k == kBool:
		return kBool
	case k == kString:
		return kString
	case k != 0 && k&^kNumber == 0:
		return kNumber
	}
	return 0
}

// typeListDesign designs a node that accepts several JSON types besides null (nn): one variant
// per type, each the node's own keywords for that type, in the order of its "type" list, or
// object, array, string, boolean, number when the types come from elsewhere.
func (b *builder) typeListDesign(d *design, n *ir.Node, nn kindSet) *design {
	var numbers kindSet
	order := nonNull(n.Types)
	if len(order) < 2 {
		order = []string{"object", "array", "string", "boolean", "number"}
	}
	for _, t := range order {
		k := typeKinds(t) & nn
		switch {
		case k == 0:
		case k&^kNumber == 0:
			numbers |= k
		default:
			d.alts = append(d.alts, alternative{node: n, kinds: k, restrict: k})
		}
	}
	if numbers != 0 {
		a := alternative{node: n, kinds: numbers, restrict: numbers}
		d.alts = append(d.alts, a)
	}
	switch len(d.alts) {
	case 0:
		d.kind = dAny
	case 1:
		return b.design(n, true, d.alts[0].restrict|kNull&b.kindsOf(n))
	default:
		d.kind = dUnion
	}
	return d
}

// arrayDesign: a tuple when prefixItems is given (by the node or an allOf branch), else an
// array of the items.
func (b *builder) arrayDesign(d *design, n *ir.Node) {
	for _, p := range b.inPlaceParts(n) {
		if len(p.PrefixItems) > 0 {
			d.kind, d.tuple = dTuple, p
			return
		}
	}
	d.kind = dArray
	for _, p := range b.inPlaceParts(n) {
		if rest := restItems(p); rest != nil {
			d.elem = rest
			return
		}
	}
}

// restItems is the schema of the items after prefixItems: items or, without it,
// unevaluatedItems where nothing else can evaluate an item (no contains, no in-place
// applicator), which then applies to exactly those items.
func restItems(n *ir.Node) *ir.Node {
	if n.Items != nil || n.Contains != nil || len(n.InPlace()) > 0 {
		return n.Items
	}
	return n.UnevaluatedItems
}

// additional is the schema of the members that properties and patternProperties leave:
// additionalProperties or, without it, unevaluatedProperties where no in-place applicator can
// evaluate a member, which then applies to exactly those members.
func additional(n *ir.Node) *ir.Node {
	if n.AdditionalProperties != nil || len(n.InPlace()) > 0 {
		return n.AdditionalProperties
	}
	return n.UnevaluatedProperties
}

// inPlaceParts lists the schemas that apply to a node's value: its $ref and allOf branches
// (transitively, each before the node that names it, so that a base comes before what extends
// it) and the node itself, last. References without keywords of their own are followed.
func (b *builder) inPlaceParts(n *ir.Node) []*ir.Node {
	var out []*ir.Node
	seen := map[*ir.Node]bool{n: true}
	type frame struct {
		n    *ir.Node
		next []*ir.Node
	}
	children := func(p *ir.Node) []*ir.Node {
		var c []*ir.Node
		if p.Ref != nil {
			c = append(c, p.Ref)
		}
		return append(c, p.AllOf...)
	}
	stack := []frame{{n, children(n)}}
	for len(stack) > 0 && len(seen) < 1000 {
		top := &stack[len(stack)-1]
		if len(top.next) == 0 {
			out = append(out, top.n)
			stack = stack[:len(stack)-1]
			continue
		}
		c := b.deref(top.next[0])
		top.next = top.next[1:]
		if c != nil && !seen[c] {
			seen[c] = true
			stack = append(stack, frame{c, children(c)})
		}
	}
	for i := len(stack) - 1; i >= 0; i-- {
		out = append(out, stack[i].n)
	}
	return out
}

// objectDesign merges the object schemas that apply to the node (its own keywords, its $ref,
// its allOf branches and theirs) into one struct, or a map when none declares a member.
func (b *builder) objectDesign(d *design, n *ir.Node, objectOnly bool) {
	var parts []*ir.Node
	for _, p := range b.inPlaceParts(n) {
		if objectKeywords(p) || (p == n && len(p.Types) > 0) {
			parts = append(parts, p)
		}
	}
	declared := 0
	var named *ir.Type
	for _, p := range parts {
		if declares(p) {
			declared++
			if p.Type != nil && p != n && named == nil {
				named = p.Type
			}
		}
	}
	switch {
	case declared == 0:
		d.kind = dMap
		d.elem = b.mapValues(parts)
	case declared == 1 && named != nil && !declares(n) && !closes(parts, named.Node):
		// One named object and constraints beside it: its type.
		d.kind, d.target = dRef, named.Node
	default:
		d.kind, d.parts, d.objectOnly = dStruct, parts, objectOnly
	}
}

// closes: a part other than the named type's adds members that change the struct (declares
// members, closes the object or types its other keys).
func closes(parts []*ir.Node, keep *ir.Node) bool {
	for _, p := range parts {
		if p == keep {
			continue
		}
		if p.AdditionalProperties != nil || len(p.PatternProperties) > 0 || p.UnevaluatedProperties != nil {
			return true
		}
	}
	return false
}

// declares: the schema declares members (properties or required) or closes the object.
func declares(n *ir.Node) bool {
	if len(n.Properties) > 0 || len(n.Required) > 0 {
		return true
	}
	return isFalse(n.AdditionalProperties) && len(n.PatternProperties) == 0
}

func isFalse(n *ir.Node) bool { return n != nil && n.Bool != nil && !*n.Bool }

func isTrue(n *ir.Node) bool { return n == nil || (n.Bool != nil && *n.Bool) }

// mapValues returns the schema of a map's values, or nil (any value): the one schema that
// additionalProperties and every pattern of patternProperties give, in every part, provided
// one part checks every member against it (its additionalProperties is that schema or false).
// A closed object of one pattern, or a map of additionalProperties and patterns of the same
// $ref, are maps of that schema.
func (b *builder) mapValues(parts []*ir.Node) *ir.Node {
	var values *ir.Node
	same := func(s *ir.Node) bool {
		if values == nil {
			values = s
		}
		return b.sameSchema(values, s)
	}
	covered := false
	for _, p := range parts {
		covers := true
		for _, pp := range p.PatternProperties {
			switch {
			case isTrue(pp.Schema):
				covers = false
			case isFalse(pp.Schema):
			case !same(pp.Schema):
				return nil
			}
		}
		switch ap := additional(p); {
		case isFalse(ap):
		case isTrue(ap):
			covers = false
		case !same(ap):
			return nil
		}
		covered = covered || covers
	}
	if !covered {
		return nil
	}
	return values
}

// sameSchema: two schemas accept the same values, being the same node, references to one, or
// alike keyword for keyword (dedupe's nodeKey).
func (b *builder) sameSchema(x, y *ir.Node) bool {
	x, y = b.deref(x), b.deref(y)
	if x == y {
		return true
	}
	if x == nil || y == nil {
		return false
	}
	st := b.shapes()
	return nodeKey(x, st.keys) == nodeKey(y, st.keys)
}

// objectKeywords: the node has keywords about objects ("additionalProperties": true says
// nothing).
func objectKeywords(n *ir.Node) bool {
	return len(n.Properties) > 0 || len(n.Required) > 0 || !isTrue(n.AdditionalProperties) || len(n.PatternProperties) > 0 ||
		n.PropertyNames != nil || n.MinProperties != nil || n.MaxProperties != nil || len(n.DependentRequired) > 0 ||
		len(n.DependentSchemas) > 0 || n.UnevaluatedProperties != nil
}

// arrayKeywords: the node has keywords about arrays.
func arrayKeywords(n *ir.Node) bool {
	return len(n.PrefixItems) > 0 || n.Items != nil || n.MinItems != nil || n.MaxItems != nil || n.UniqueItems ||
		n.UniqueBy != "" || n.Contains != nil || n.UnevaluatedItems != nil
}

// objectish: the node, or a schema applying beside it, declares object members.
func (b *builder) objectish(n *ir.Node) bool {
	for _, p := range b.inPlaceParts(n) {
		if declares(p) {
			return true
		}
	}
	return false
}
