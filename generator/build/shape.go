package build

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/skillgen/skillgen/generator/ir"
	"github.com/skillgen/skillgen/generator/naming"
)

// goStructReserved are method and field names every generated struct has.
var goStructReserved = []string{"Validate", "MarshalJSON", "UnmarshalJSON", "String"}

// goUnionReserved are the method names every generated union has.
var goUnionReserved = []string{"Tag", "Validate", "MarshalJSON", "UnmarshalJSON"}

// shapeNamed decides the kind and members of a named type from its node.
func (b *builder) shapeNamed(t *ir.Type) error {
	nest := b.nest
	b.nest = 0
	defer func() { b.nest = nest }()
	n := t.Node
	t.Doc = doc(n)
	b.out.Types = append(b.out.Types, t)
	target := b.deref(n)
	if target != n && target != nil && target.Type != nil && target.Type != t {
		// A named schema that is only a reference to another named type.
		t.Kind = ir.Alias
		t.Alias = &ir.TypeRef{Kind: ir.RefNamed, Named: target.Type, Node: n}
		if b.overrides {
			t.Alias.Go, t.Alias.TS = overrideOf(n)
		}
		t.RefOnly = true
		t.Nullable = typeNullable(b.design(target, true, 0))
		return nil
	}
	if target != n && target != nil {
		n = target
	}
	b.shapeType(t, n, b.design(n, true, 0))
	return nil
}

// shapeType fills a named type from the design of its node.
func (b *builder) shapeType(t *ir.Type, n *ir.Node, d *design) {
	t.Nullable = d.null
	switch d.kind {
	case dStruct:
		t.Kind = ir.Struct
		b.structFields(t, n, d.parts, d.objectOnly)
	case dEnum:
		t.Kind = ir.Enum
		b.enumValues(t, n, d)
	case dUnion:
		t.Kind = ir.Union
		b.unionVariants(t, n, d)
	case dTuple:
		t.Kind = ir.Tuple
		b.tupleFields(t, d.tuple)
	case dRef:
		t.Kind = ir.Alias
		t.Alias = b.targetRef(d, t.GoName)
		t.Nullable = d.null || t.Alias.Nullable
		t.Alias.Nullable = false
	default:
		t.Kind = ir.Alias
		t.Alias = b.refOf(n, d, t.GoName)
		if t.Alias.Kind == ir.RefAny || t.Alias.Kind == ir.RefNull {
			// Go's any and TypeScript's unknown hold null themselves.
			t.Nullable = false
		}
		t.Alias.Nullable = false
	}
}

// typeNullable: a named type of this design leaves out the null its schema accepts (Go's any
// and a type of null only hold null themselves).
func typeNullable(d *design) bool {
	return d.null && d.kind != dAny && !(d.kind == dScalar && d.scalar == ir.RefNull)
}

// doc is a node's title and description or, when it has neither, those of the schema its
// $ref names (at most 100 references away, so that long reference chains stay linear).
func doc(n *ir.Node) string {
	if n == nil {
		return ""
	}
	for i := 0; n.Title == "" && n.Description == "" && n.Ref != nil && i < 100; i++ {
		n = n.Ref
	}
	parts := []string{}
	if n.Title != "" {
		parts = append(parts, n.Title)
	}
	if n.Description != "" {
		parts = append(parts, n.Description)
	}
	return strings.Join(parts, "\n\n")
}

func nonNull(types []string) []string {
	var out []string
	for _, t := range types {
		if t != "null" {
			out = append(out, t)
		}
	}
	return out
}

func (b *builder) enumValues(t *ir.Type, n *ir.Node, d *design) {
	t.EnumBase = d.base
	names := naming.NewNamer()
	goNames, tsNames := enumNames(n, d)
	for i, v := range d.values {
		val := v.String
		if v.Kind == ir.Number {
			val = v.Number
		}
		ev := ir.EnumValue{Value: val}
		switch {
		case d.names != nil:
			ev.GoName = b.goTypes.Unique(names.Unique(t.GoName + naming.Camel(goNames[i])))
			ev.TSName = naming.Camel(tsNames[i])
		case goNames != nil:
			want := t.GoName + strings.ToUpper(goNames[i][:1]) + goNames[i][1:]
			if ev.GoName = b.goTypes.Unique(names.Unique(want)); ev.GoName != want && b.enumNamesKey(n) == "x-enum-varnames" {
				// A name tsEnumNames alone gives the Go constant yields, as names made from
				// values do; one x-enum-varnames gives is the user's, and an error.
				b.overrideTaken(n, "x-enum-varnames", want)
			}
		default:
			ev.GoName = b.goTypes.Unique(names.Unique(t.GoName + naming.ValueSuffix(val)))
		}
		if tsNames != nil && d.names == nil {
			ev.TSName = tsNames[i]
		}
		t.Values = append(t.Values, ev)
	}
}

// structFields gives a struct the members of the object schemas merged into it, in order:
// a member several of them declare is typed from the narrowest schema, and when their JSON
// types have nothing in common it is any, with a warning naming both.
func (b *builder) structFields(t *ir.Type, n *ir.Node, parts []*ir.Node, notObjects bool) {
	goNames := naming.NewNamer(goStructReserved...)
	required := map[string]bool{}
	var order []string
	cands := map[string][]*ir.Node{}
	for _, p := range parts {
		for _, r := range p.Required {
			required[r] = true
		}
		for _, prop := range p.Properties {
			if _, ok := cands[prop.Name]; !ok {
				order = append(order, prop.Name)
			}
			cands[prop.Name] = append(cands[prop.Name], prop.Schema)
		}
	}
	for _, p := range parts {
		for _, r := range p.Required {
			if _, ok := cands[r]; !ok {
				cands[r] = nil
				order = append(order, r)
			}
		}
	}
	b.explicitNames(order, cands)
	for _, name := range order {
		f := &ir.Field{JSONName: name, TSName: naming.TSKey(name), Required: required[name]}
		schema := b.choose(t, name, cands[name])
		if refined, null, req, ok := b.refine(parts, name, schema); ok {
			// The anyOf/oneOf branches beside the struct say more than its own schema.
			f.Required = f.Required || req
			if refined != nil {
				f.Doc = doc(schema)
				f.Type = refined
				f.Type.Nullable = null
				f.Nullable = null
				t.Fields = append(t.Fields, f)
				f.GoName = b.fieldName(goNames, name, cands[name])
				continue
			}
		}
		if schema != nil {
			for _, c := range cands[name] {
				if f.Doc = doc(c); f.Doc != "" {
					break
				}
			}
			if c, ok := stringConst(schema); ok {
				f.Const = &c
				f.Type = &ir.TypeRef{Kind: ir.RefString, Node: schema}
			} else {
				ctx := t.GoName + naming.Camel(name)
				if gn := memberGoName(cands[name]); gn != "" {
					ctx = t.GoName + gn
				}
				f.Type = b.shapeOf(schema, ctx)
				null := true
				for _, c := range cands[name] {
					null = null && b.kindsOf(c)&kNull != 0
				}
				f.Type.Nullable = f.Type.Nullable && null
				f.Nullable = f.Type.Nullable
			}
			for _, c := range cands[name] {
				if c.Default != nil {
					f.Default = c.Default
				} else if dc := deref(c); dc != nil && dc.Default != nil {
					f.Default = dc.Default
				}
				if f.Default != nil {
					break
				}
			}
		} else {
			f.Type = &ir.TypeRef{Kind: ir.RefAny, Nullable: true}
			f.Nullable = true
		}
		if f.Const == nil || !f.Required {
			// A required const member needs no Go field (MarshalJSON writes the value); an
			// optional one has a field that says whether the member is there.
			f.GoName = b.fieldName(goNames, name, cands[name])
		}
		t.Fields = append(t.Fields, f)
	}
	t.Extra = b.extra(t, n, parts)
	if t.Extra != nil {
		t.ExtraGoName = goNames.Unique("AdditionalProperties")
	}
	if notObjects {
		t.NotObjectGoName = goNames.Unique("NotObject")
		t.TSObjectName = b.tsTypes.Unique(t.TSName + "Object")
	}
	for _, f := range t.Fields {
		if f.Default != nil && f.GoName != "" && !f.Required {
			f.GoGetter = goNames.Unique("Get" + f.GoName)
		}
	}
}

// choose picks, among the schemas the merged parts give one member, the one its type comes
// from: schemas that constrain nothing are left out, then the narrowest set of JSON types
// wins (a const, a named type or an enum before a plain scalar). Schemas whose JSON types
// have nothing in common give nil and a warning.
func (b *builder) choose(t *ir.Type, name string, cands []*ir.Node) *ir.Node {
	switch len(cands) {
	case 0:
		return nil
	case 1:
		return cands[0]
	}
	var kept []*ir.Node
	for _, c := range cands {
		if d := b.design(c, false, 0); d.kind == dAny && d.degraded == "" && b.kindsOf(c) == kAll {
			continue
		}
		kept = append(kept, c)
	}
	switch len(kept) {
	case 0:
		return cands[0]
	case 1:
		return kept[0]
	}
	common, some := kAll, kindSet(0)
	for _, c := range kept {
		common &= b.kindsOf(c)
		some |= b.kindsOf(c)
	}
	if common&^kNull == 0 && some&^kNull != 0 {
		b.degrade(t.Node, "the allOf parts give property %q schemas of different JSON types (%s and %s): it is typed as any",
			name, b.pointer(kept[0]), b.pointer(kept[1]))
		return cands[0]
	}
	best, bestRank := kept[0], -1
	for _, c := range kept {
		rank := 0
		switch d := b.design(c, false, 0); {
		case isConst(c):
			rank = 4
		case d.kind == dRef || d.kind == dEnum:
			rank = 3
		case d.kind == dScalar && (d.scalar == ir.RefInteger) && common&kFrac == 0:
			rank = 2
		case d.kind != dAny:
			rank = 1
		}
		if rank > bestRank {
			best, bestRank = c, rank
		}
	}
	var objects []*ir.Node
	for _, c := range kept {
		if b.declaresObject(c) {
			objects = append(objects, c)
		}
	}
	if len(objects) > 1 && objects[0] != objects[1] {
		b.degrade(t.Node, "the allOf parts give property %q two object schemas (%s and %s): it is typed from %s",
			name, b.pointer(objects[0]), b.pointer(objects[1]), b.pointer(best))
	}
	return best
}

// refine reads what the anyOf and oneOf branches beside a struct's schemas say about one of
// its members: when every branch of one of them declares it, a member whose own schema
// constrains nothing takes the scalar type all those branches agree on (nullable when one of
// them allows null), and a member every branch requires is required.
func (b *builder) refine(parts []*ir.Node, name string, schema *ir.Node) (r *ir.TypeRef, null, required, ok bool) {
	free := schema == nil || (b.design(schema, false, 0).kind == dAny && b.kindsOf(schema) == kAll)
	for _, p := range parts {
		for _, alts := range [][]*ir.Node{p.AnyOf, p.OneOf} {
			if len(alts) == 0 {
				continue
			}
			var kinds kindSet
			var first *ir.Node
			all, req := true, true
			for _, a := range alts {
				a = b.deref(a)
				var ps *ir.Node
				for _, prop := range a.Properties {
					if prop.Name == name {
						ps = prop.Schema
					}
				}
				req = req && contains(a.Required, name)
				if ps == nil {
					all = false
					continue
				}
				if first == nil {
					first = ps
				}
				kinds |= b.kindsOf(ps)
			}
			required = required || req
			ok = ok || req
			if !all || !free || r != nil {
				continue
			}
			if scalar, isScalar := (kinds &^ kNull).scalar(); isScalar {
				r, null, ok = &ir.TypeRef{Kind: scalar, Node: first}, kinds&kNull != 0, true
			}
		}
	}
	return r, null, required, ok
}

func isConst(n *ir.Node) bool {
	_, ok := stringConst(n)
	return ok
}

// declaresObject: the schema (or one applying beside it) declares object members.
func (b *builder) declaresObject(n *ir.Node) bool {
	n = b.deref(n)
	return n != nil && b.objectish(n)
}

// extra is the type of the keys a struct does not declare, or nil when its schema closes it.
func (b *builder) extra(t *ir.Type, n *ir.Node, parts []*ir.Node) *ir.TypeRef {
	anyRef := &ir.TypeRef{Kind: ir.RefAny, Nullable: true}
	if closedByUnevaluated(n, b.inPlaceParts(n)) {
		return nil
	}
	var typed *ir.Node
	patterns := false
	for _, p := range parts {
		ap := additional(p)
		if len(p.PatternProperties) > 0 {
			patterns = true
			continue
		}
		switch {
		case isFalse(ap):
			return nil
		case ap != nil && ap.Bool == nil:
			typed = ap
		}
	}
	if typed != nil && !patterns && len(parts) == 1 {
		return b.shapeOf(typed, t.GoName+"Value")
	}
	return anyRef
}

// closedByUnevaluated: "unevaluatedProperties": false closes a struct where nothing but the
// declared properties can evaluate a member: no part has additionalProperties (true or a
// schema evaluates every other member) or patternProperties, and no applicator other than the
// parts' $ref and allOf (anyOf, oneOf, if, dependentSchemas, a dynamic reference) could
// evaluate one. parts are all the schemas that apply in place (inPlaceParts), not only the
// struct's object schemas: a $ref to a oneOf of objects declares no member of the struct, and
// its branches evaluate their own.
func closedByUnevaluated(n *ir.Node, parts []*ir.Node) bool {
	if !isFalse(n.UnevaluatedProperties) {
		return false
	}
	for _, p := range parts {
		if p.AdditionalProperties != nil && !isFalse(p.AdditionalProperties) || len(p.PatternProperties) > 0 ||
			len(p.AnyOf) > 0 || len(p.OneOf) > 0 || p.If != nil || len(p.DependentSchemas) > 0 || p.DynamicRef != nil {
			return false
		}
	}
	return true
}

// unionVariants gives a union its variants: the branches of a tagged union, or the
// alternatives of a union design.
func (b *builder) unionVariants(t *ir.Type, n *ir.Node, d *design) {
	names := naming.NewNamer(goUnionReserved...)
	t.GoTag = b.goTypes.Unique(t.GoName + "Tag")
	add := func(v ir.Variant) {
		v.GoTag = b.goTypes.Unique(t.GoTag + v.GoName)
		v.GoNew = b.goTypes.Unique("New" + t.GoName + v.GoName)
		t.Variants = append(t.Variants, v)
	}
	t.Branches = n
	if d.tagged {
		t.Dispatch = ir.ByTag
		disc := n.Discriminator
		for i, a := range d.alts {
			target := deref(a.node)
			vt := target.Type
			if vt == nil {
				vt = b.inlineType(target, t.GoName+naming.Camel(disc.Values[i]))
			}
			add(ir.Variant{
				Value:  disc.Values[i],
				GoName: names.Unique(naming.Camel(disc.Values[i])),
				Type:   vt,
				Ref:    &ir.TypeRef{Kind: ir.RefNamed, Named: vt, Node: a.node},
				Node:   a.node,
				Kinds:  []string{"object"},
			})
		}
		return
	}
	var seen, shared kindSet
	for _, a := range d.alts {
		shared |= seen & a.kinds
		seen |= a.kinds
	}
	t.Dispatch = ir.ByKind
	if shared != 0 {
		t.Dispatch = ir.ByValidation
	}
	for _, a := range d.alts {
		name := names.Unique(b.variantName(a))
		v := ir.Variant{Value: name, GoName: name, Node: a.node, Kinds: a.kinds.names(), Shared: a.kinds&shared != 0 && a.node != nil}
		switch {
		case a.node == nil:
			v.Node = nil
			v.Ref = &ir.TypeRef{Kind: a.scalar, Node: n}
		case a.restrict != 0:
			v.Ref = b.restrictedRef(a.node, a.restrict, t.GoName+name)
		default:
			v.Ref = b.shapeOf(a.node, t.GoName+name)
		}
		v.Ref.Nullable = false
		if v.Ref.Kind == ir.RefNamed {
			v.Type = v.Ref.Named
		}
		add(v)
	}
}

// variantName names a union variant: its named type, its title, or its JSON type.
func (b *builder) variantName(a alternative) string {
	if a.node != nil && a.restrict == 0 {
		if tn := b.deref(a.node); tn != nil {
			if tn.Type != nil {
				return tn.Type.GoName
			}
			if tn.Title != "" {
				return naming.Camel(tn.Title)
			}
		}
	}
	return kindName(a.kinds)
}

func kindName(k kindSet) string {
	switch {
	case k == kBool:
		return "Boolean"
	case k == kString:
		return "String"
	case k == kInt:
		return "Integer"
	case k != 0 && k&^kNumber == 0:
		return "Number"
	case k == kArray:
		return "Array"
	case k == kObject:
		return "Object"
	}
	return "Value"
}

// targetRef is the shape of a dRef design's target (of its values of d.only's types, when set).
func (b *builder) targetRef(d *design, name string) *ir.TypeRef {
	if d.only != 0 {
		return b.restrictedRef(d.target, d.only, name)
	}
	return b.shapeOf(d.target, name)
}

// restrictedRef is the shape of a node's values of some JSON types only (one type of a
// "type" list): a struct or tuple gets a named type of its own, sharing the node.
func (b *builder) restrictedRef(n *ir.Node, k kindSet, name string) *ir.TypeRef {
	d := b.design(n, false, k)
	switch d.kind {
	case dStruct, dTuple, dEnum, dUnion:
		t := b.newInlineType(n, name)
		t.Doc = doc(n)
		b.out.Types = append(b.out.Types, t)
		b.shapeType(t, n, d)
		// The node accepts the union's other types too: the variant holds its own only.
		t.Nullable = false
		t.Only = k.names()
		return &ir.TypeRef{Kind: ir.RefNamed, Named: t, Node: n}
	}
	return b.refOf(n, d, name)
}

// tupleFields gives a tuple one field per prefixItems entry and the type of the items after
// them.
func (b *builder) tupleFields(t *ir.Type, n *ir.Node) {
	names := naming.NewNamer(goStructReserved...)
	var minItems, maxItems *int64
	for _, p := range b.inPlaceParts(n) {
		minItems = tighterMin(minItems, p.MinItems)
		maxItems = tighterMax(maxItems, p.MaxItems)
	}
	for i, p := range n.PrefixItems {
		name := "Item" + strconv.Itoa(i)
		if tp := b.deref(p); tp != nil && tp.Title != "" && tp.Type == nil {
			name = naming.Camel(tp.Title)
		}
		var gn string
		if p.GoName != "" {
			gn = b.fieldName(names, "", []*ir.Node{p})
		} else {
			gn = names.Unique(name)
		}
		f := &ir.Field{
			JSONName: strconv.Itoa(i),
			GoName:   gn,
			TSName:   strconv.Itoa(i),
			Doc:      doc(p),
			Required: minItems != nil && int64(i) < *minItems,
		}
		f.Type = b.shapeOf(p, t.GoName+f.GoName)
		f.Nullable = f.Type.Nullable
		t.Fields = append(t.Fields, f)
	}
	if maxItems != nil && *maxItems <= int64(len(n.PrefixItems)) {
		return
	}
	switch rest := restItems(n); {
	case rest == nil:
		t.Rest = &ir.TypeRef{Kind: ir.RefAny, Nullable: true}
	case isFalse(rest):
		return
	default:
		t.Rest = b.shapeOf(rest, t.GoName+"Item")
	}
	t.RestGoName = names.Unique("Rest")
}

func tighterMin(cur, v *int64) *int64 {
	if v != nil && (cur == nil || *v > *cur) {
		return v
	}
	return cur
}

func tighterMax(cur, v *int64) *int64 {
	if v != nil && (cur == nil || *v < *cur) {
		return v
	}
	return cur
}

// inlineType creates a named type for an unnamed schema (an inline object, enum or union).
func (b *builder) inlineType(n *ir.Node, name string) *ir.Type {
	if n.Type != nil {
		return n.Type
	}
	t := b.newInlineType(n, name)
	n.Type = t
	_ = b.shapeNamed(t)
	return t
}

// deref is the package's deref, remembered for every node of the chain it walks, so that
// shaping the named types of a long reference chain stays linear. It also steps through an
// allOf that has one branch of substance (typeStep).
func (b *builder) deref(n *ir.Node) *ir.Node {
	var walked []*ir.Node
	for i := 0; n != nil && typeStep(n) != nil && i < 100000; i++ {
		if t, ok := b.derefs[n]; ok {
			n = t
			break
		}
		walked = append(walked, n)
		n = typeStep(n)
	}
	for _, w := range walked {
		b.derefs[w] = n
	}
	return n
}

// typeStep is refStep for the types: it also steps from a node whose only assertion is an
// allOf with one branch that asserts something, the others annotations only (`allOf:
// [{"$ref": "#/$defs/Pet"}, {"description": "…"}]`, as generators write a reference with a
// description of its own), to that branch, whose values are the node's. Validation keeps the
// node as it is.
func typeStep(n *ir.Node) *ir.Node {
	if s := refStep(n); s != nil || len(n.AllOf) == 0 || n.Ref != nil || n.DynamicRef != nil {
		return s
	}
	c := *n
	c.AllOf = nil
	if !onlyRef(&c) {
		return nil
	}
	var sole *ir.Node
	for _, br := range n.AllOf {
		if br.Ref == nil && br.DynamicRef == nil && onlyRef(br) {
			continue
		}
		if sole != nil {
			return nil
		}
		sole = br
	}
	return sole
}

// shapeOf returns the shape of the values a schema accepts. ctxName names the inline types
// it has to create.
func (b *builder) shapeOf(n *ir.Node, ctxName string) *ir.TypeRef {
	r := b.shapeBase(n, ctxName)
	if !b.overrides {
		return r
	}
	if gt, ts := overrideOf(n); gt != nil || ts != "" {
		cp := *r
		cp.Go, cp.TS = gt, ts
		return &cp
	}
	return r
}

// shapeBase is shapeOf without the overrides of n.
func (b *builder) shapeBase(n *ir.Node, ctxName string) *ir.TypeRef {
	if n.Type != nil {
		return &ir.TypeRef{Kind: ir.RefNamed, Named: n.Type, Node: n, Nullable: b.design(n, true, 0).null}
	}
	if t := b.deref(n); t != nil && t != n {
		r := b.shapeOf(t, ctxName)
		cp := *r
		cp.Node = n
		return &cp
	}
	if name, open := b.unnamed[n]; open {
		// The node's values hold values of its own with only arrays and maps between
		// (`"items": {"$ref": "#", "items": …}`): it gets a named type, which can refer to
		// itself (Go `type T []T`, TypeScript `type T = T[]`).
		b.inlineType(n, name)
		return b.shapeOf(n, ctxName)
	}
	b.unnamed[n] = ctxName
	r := b.refOf(n, b.design(n, false, 0), ctxName)
	delete(b.unnamed, n)
	if n.Type != nil {
		return b.shapeOf(n, ctxName)
	}
	return r
}

// newInlineType is a new type for the inline schema n, named from name (typeBase) in both
// languages.
func (b *builder) newInlineType(n *ir.Node, name string) *ir.Type {
	gn := b.goTypes.UniqueFamily(typeBase(name), naming.GoTypeFamily)
	return &ir.Type{GoName: gn, TSName: b.tsTypes.Unique(gn), Node: n, Location: n.Location}
}

// maxTypeName is the longest name, in bytes, an inline type is given before its number: the
// name of an inline type is its context's name and more (DeepXItem…), which would otherwise grow
// with the depth of the schema.
const maxTypeName = 120

// typeBase is the name an inline type named name starts from: name, cut to at most maxTypeName
// bytes before a word (a capital letter; and before the digits that end the part kept) or,
// lacking one in its second half, at the start of a rune.
func typeBase(name string) string {
	if len(name) <= maxTypeName {
		return name
	}
	for i := maxTypeName; i > maxTypeName/2; i-- {
		if c := name[i]; c >= 'A' && c <= 'Z' {
			// Without the number of the context's own name (Item2 in Item2ItemItem…), so
			// that numbers do not pile up from one deep type to the next.
			return strings.TrimRight(name[:i], "0123456789")
		}
	}
	i := maxTypeName
	for i > 0 && !utf8.RuneStart(name[i]) {
		i--
	}
	return name[:i]
}

// maxNest is the most arrays and maps an inline type expression nests (refOf).
const maxNest = 8

// refOf turns a design into a TypeRef, creating the inline named type it needs.
func (b *builder) refOf(n *ir.Node, d *design, ctxName string) *ir.TypeRef {
	switch d.kind {
	case dStruct, dEnum, dUnion, dTuple:
		return &ir.TypeRef{Kind: ir.RefNamed, Named: b.inlineType(n, ctxName), Node: n, Nullable: d.null}
	case dRef:
		r := b.targetRef(d, ctxName)
		cp := *r
		cp.Nullable = cp.Nullable || d.null
		return &cp
	case dScalar:
		return &ir.TypeRef{Kind: d.scalar, Node: n, Nullable: d.null && d.scalar != ir.RefNull}
	case dArray, dMap:
		if b.nest >= maxNest {
			// Arrays and maps nested this deep get a named type, so that no type expression of
			// the output, and no function of it, grows with the depth of the schema.
			return &ir.TypeRef{Kind: ir.RefNamed, Named: b.inlineType(n, ctxName), Node: n, Nullable: d.null}
		}
		b.nest++
		defer func() { b.nest-- }()
		r := &ir.TypeRef{Kind: ir.RefArray, Node: n, Nullable: d.null}
		suffix := "Item"
		if d.kind == dMap {
			r.Kind, suffix = ir.RefMap, "Value"
		}
		if d.elem != nil && !isTrue(d.elem) {
			r.Elem = b.shapeOf(d.elem, ctxName+suffix)
		} else {
			r.Elem = &ir.TypeRef{Kind: ir.RefAny, Nullable: true}
		}
		return r
	}
	if d.degraded != "" {
		b.degrade(n, "no Go or TypeScript type (any / unknown): %s", d.degraded)
	}
	return &ir.TypeRef{Kind: ir.RefAny, Node: n, Nullable: d.null, Degraded: d.degraded}
}
