package build

import (
	"strings"

	"github.com/skillgen/skillgen/generator/ir"
	"github.com/skillgen/skillgen/generator/naming"
)

// goStructReserved are method and field names every generated struct has.
var goStructReserved = []string{"Validate", "MarshalJSON", "UnmarshalJSON", "String"}

// shapeNamed decides the kind and members of a named type from its node.
func (b *builder) shapeNamed(t *ir.Type) error {
	n := t.Node
	t.Doc = doc(n)
	b.out.Types = append(b.out.Types, t)
	b.shaping[n] = true
	defer delete(b.shaping, n)
	target := b.deref(n)
	if target != n && target != nil && target.Type != nil && target.Type != t {
		// A named schema that is only a reference to another named type.
		t.Kind = ir.Alias
		t.Alias = &ir.TypeRef{Kind: ir.RefNamed, Named: target.Type, Node: n}
		return nil
	}
	if target != n && target != nil {
		n = target
	}
	switch {
	case isStringEnum(n):
		t.Kind = ir.Enum
		b.enumValues(t, n)
	case isStruct(n):
		t.Kind = ir.Struct
		b.structFields(t, n)
	case n.Discriminator != nil && len(nonNull(n.Types)) <= 1:
		t.Kind = ir.Union
		b.unionVariants(t, n)
	default:
		t.Kind = ir.Alias
		t.Alias = b.shapeOf(n, t.GoName, true)
	}
	return nil
}

// doc is a node's title and description or, when it has neither, those of the schema its
// $ref names (at most 100 references away, so that long reference chains stay linear).
func doc(n *ir.Node) string {
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

func hasNull(types []string) bool {
	for _, t := range types {
		if t == "null" {
			return true
		}
	}
	return false
}

func isStringEnum(n *ir.Node) bool {
	if len(n.Enum) < 1 || hasNull(n.Types) {
		return false
	}
	if nt := nonNull(n.Types); len(nt) > 1 || (len(nt) == 1 && nt[0] != "string") {
		return false
	}
	seen := map[string]bool{}
	for _, v := range n.Enum {
		if v.Kind != ir.String || seen[v.String] {
			return false
		}
		seen[v.String] = true
	}
	return true
}

// isStruct: an object type (null not allowed) with declared properties, or closed.
func isStruct(n *ir.Node) bool {
	if len(n.Types) != 1 || n.Types[0] != "object" {
		return false
	}
	if len(n.Properties) > 0 || len(n.Required) > 0 {
		return true
	}
	return n.AdditionalProperties != nil && n.AdditionalProperties.Bool != nil && !*n.AdditionalProperties.Bool && len(n.PatternProperties) == 0
}

func (b *builder) enumValues(t *ir.Type, n *ir.Node) {
	names := naming.NewNamer()
	for _, v := range n.Enum {
		t.Values = append(t.Values, ir.EnumValue{
			Value:  v.String,
			GoName: b.goTypes.Unique(names.Unique(t.GoName + naming.Camel(v.String))),
		})
	}
}

func (b *builder) structFields(t *ir.Type, n *ir.Node) {
	goNames := naming.NewNamer(goStructReserved...)
	required := map[string]bool{}
	for _, r := range n.Required {
		required[r] = true
	}
	seen := map[string]bool{}
	add := func(name string, schema *ir.Node) {
		seen[name] = true
		f := &ir.Field{JSONName: name, TSName: naming.TSKey(name), Required: required[name]}
		if schema != nil {
			f.Doc = doc(schema)
			if c, ok := stringConst(schema); ok {
				f.Const = &c
				f.Type = &ir.TypeRef{Kind: ir.RefString, Node: schema}
			} else {
				f.Type = b.shapeOf(schema, t.GoName+naming.Camel(name), false)
				f.Nullable = f.Type.Nullable
			}
			if schema.Default != nil {
				f.Default = schema.Default
			} else if d := deref(schema); d != nil && d.Default != nil {
				f.Default = d.Default
			}
		} else {
			f.Type = &ir.TypeRef{Kind: ir.RefAny}
		}
		if f.Const == nil {
			f.GoName = goNames.Unique(naming.Camel(name))
		}
		t.Fields = append(t.Fields, f)
	}
	for _, p := range n.Properties {
		add(p.Name, p.Schema)
	}
	for _, r := range n.Required {
		if !seen[r] {
			add(r, nil)
		}
	}
	// Keys beyond the declared properties.
	ap := n.AdditionalProperties
	switch {
	case ap == nil || (ap.Bool != nil && *ap.Bool):
		t.Extra = &ir.TypeRef{Kind: ir.RefAny}
	case ap.Bool != nil && !*ap.Bool:
		if len(n.PatternProperties) > 0 {
			t.Extra = &ir.TypeRef{Kind: ir.RefAny}
		}
	case len(n.PatternProperties) > 0:
		t.Extra = &ir.TypeRef{Kind: ir.RefAny}
	default:
		t.Extra = b.shapeOf(ap, t.GoName+"Value", false)
	}
	if t.Extra != nil {
		t.ExtraGoName = goNames.Unique("AdditionalProperties")
	}
	for _, f := range t.Fields {
		if f.Default != nil && f.GoName != "" && !f.Required {
			f.GoGetter = goNames.Unique("Get" + f.GoName)
		}
	}
}

func (b *builder) unionVariants(t *ir.Type, n *ir.Node) {
	d := n.Discriminator
	branches := n.OneOf
	if d.Keyword == "anyOf" {
		branches = n.AnyOf
	}
	names := naming.NewNamer("Tag", "Validate", "MarshalJSON", "UnmarshalJSON")
	for i, br := range branches {
		target := deref(br)
		var vt *ir.Type
		if target.Type != nil {
			vt = target.Type
		} else {
			vt = b.inlineType(target, t.GoName+naming.Camel(d.Values[i]))
		}
		t.Variants = append(t.Variants, ir.Variant{
			Value:  d.Values[i],
			GoName: names.Unique(naming.Camel(d.Values[i])),
			Type:   vt,
		})
	}
}

// inlineType creates a named type for an unnamed schema (an inline object, enum or union).
func (b *builder) inlineType(n *ir.Node, name string) *ir.Type {
	if n.Type != nil {
		return n.Type
	}
	gn := b.goTypes.UniqueFamily(name, naming.GoTypeFamily)
	t := &ir.Type{GoName: gn, TSName: b.tsTypes.Unique(gn), Node: n, Location: n.Location}
	n.Type = t
	_ = b.shapeNamed(t)
	return t
}

// deref is the package's deref, remembered for every node of the chain it walks, so that
// shaping the named types of a long reference chain stays linear.
func (b *builder) deref(n *ir.Node) *ir.Node {
	var walked []*ir.Node
	for i := 0; n != nil && n.Ref != nil && onlyRef(n) && i < 100000; i++ {
		if t, ok := b.derefs[n]; ok {
			n = t
			break
		}
		walked = append(walked, n)
		n = n.Ref
	}
	for _, w := range walked {
		b.derefs[w] = n
	}
	return n
}

// shapeOf returns the Go/TS shape of the values a schema accepts. ctxName names inline types
// it has to create. self is true when shaping the named type's own node.
func (b *builder) shapeOf(n *ir.Node, ctxName string, self bool) *ir.TypeRef {
	orig := n
	if !self {
		if n.Type != nil {
			return &ir.TypeRef{Kind: ir.RefNamed, Named: n.Type, Node: orig}
		}
		if t := b.deref(n); t != nil && t != n {
			r := b.shapeOf(t, ctxName, false)
			cp := *r
			cp.Node = orig
			return &cp
		}
	}
	if n.Bool != nil {
		return &ir.TypeRef{Kind: ir.RefAny, Node: orig}
	}
	nullable := hasNull(n.Types)
	types := nonNull(n.Types)
	ref := func(k ir.RefKind) *ir.TypeRef { return &ir.TypeRef{Kind: k, Nullable: nullable, Node: orig} }
	if !self && !nullable {
		switch {
		case isStringEnum(n), isStruct(n), n.Discriminator != nil && len(types) <= 1:
			return &ir.TypeRef{Kind: ir.RefNamed, Named: b.inlineType(n, ctxName), Node: orig}
		}
	}
	if n.Const != nil {
		switch n.Const.Kind {
		case ir.String:
			return ref(ir.RefString)
		case ir.Bool:
			return ref(ir.RefBool)
		case ir.Null:
			return ref(ir.RefNull)
		}
		return ref(ir.RefAny)
	}
	if len(types) == 0 && len(n.Enum) > 0 {
		kind := enumKind(n.Enum)
		if kind >= 0 {
			return ref(kind)
		}
		return ref(ir.RefAny)
	}
	if len(types) == 1 {
		switch types[0] {
		case "string":
			return ref(ir.RefString)
		case "integer":
			return ref(ir.RefInteger)
		case "number":
			return ref(ir.RefNumber)
		case "boolean":
			return ref(ir.RefBool)
		case "array":
			r := ref(ir.RefArray)
			if n.Items != nil && len(n.PrefixItems) == 0 {
				r.Elem = b.shapeOf(n.Items, ctxName+"Item", false)
			} else {
				r.Elem = &ir.TypeRef{Kind: ir.RefAny}
			}
			return r
		case "object":
			r := ref(ir.RefMap)
			if len(n.Properties) == 0 && len(n.PatternProperties) == 0 && n.AdditionalProperties != nil && n.AdditionalProperties.Bool == nil {
				r.Elem = b.shapeOf(n.AdditionalProperties, ctxName+"Value", false)
			} else {
				r.Elem = &ir.TypeRef{Kind: ir.RefAny}
			}
			return r
		}
	}
	if len(types) == 0 && nullable {
		return ref(ir.RefNull)
	}
	if len(types) == 0 && len(n.AllOf) == 1 && !self {
		return b.shapeOf(n.AllOf[0], ctxName, false)
	}
	return ref(ir.RefAny)
}

// enumKind returns the one scalar kind all enum values share, or -1.
func enumKind(vals []ir.Value) ir.RefKind {
	var k ir.RefKind = -1
	for _, v := range vals {
		var vk ir.RefKind
		switch v.Kind {
		case ir.String:
			vk = ir.RefString
		case ir.Bool:
			vk = ir.RefBool
		case ir.Number:
			vk = ir.RefNumber
		default:
			return -1
		}
		if k >= 0 && k != vk {
			return -1
		}
		k = vk
	}
	return k
}
