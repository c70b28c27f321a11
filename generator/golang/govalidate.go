package golang

import (
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/skillgen/skillgen/generator/ir"
)

// The Go-value validators. Validate used to write its value as JSON, parse the text back into
// a tree and validate the tree (sgValidateWith). sgOKT(t T, d int) bool walks the Go value
// instead and answers whether that path would find nothing: it returns true only when every
// keyword holds on the value encoding would write, and false at the first doubt (a
// violation, a value JSON cannot hold such as NaN, a string of invalid UTF-8 where its content
// matters, a kept member that is not plain JSON). Validate returns nil on true, with no
// allocation, and otherwise takes the old path, which makes every error list what it was.
//
// A type gets an sgOKT when every keyword of its schema, and of the types it reaches, is one
// the walk decides exactly; keywords outside that set (untagged unions, not, contains,
// unevaluated*, patternProperties, dynamic references, multipleOf …) leave Validate as it was.

// goValid decides which types have an sgOKT, before the files are rendered (concurrently).
type goValid struct {
	has map[*ir.Type]bool
}

// newGoValid finds the types whose values the walk can decide: each candidate's body is
// written once, assuming every candidate decidable, which gives the types it can never decide
// and the types each one calls; the first are dropped, then every type that calls a dropped
// one, in time linear in the schema.
func newGoValid(s *ir.Schema) *goValid {
	g := &goValid{has: map[*ir.Type]bool{}}
	for _, t := range s.Types {
		if okCandidate(t) {
			g.has[t] = true
		}
	}
	callers := map[*ir.Type][]*ir.Type{}
	var drop []*ir.Type
	for _, t := range s.Types {
		if !g.has[t] {
			continue
		}
		c := g.ctx(t)
		c.body(t)
		if !c.ok {
			drop = append(drop, t)
		}
		for callee := range c.calls {
			callers[callee] = append(callers[callee], t)
		}
	}
	dropped := map[*ir.Type]bool{}
	for len(drop) > 0 {
		t := drop[len(drop)-1]
		drop = drop[:len(drop)-1]
		if dropped[t] {
			continue
		}
		dropped[t] = true
		drop = append(drop, callers[t]...)
	}
	for t := range dropped {
		delete(g.has, t)
	}
	return g
}

// okCandidate: a type whose Validate is a method over a value the walk knows the shape of.
func okCandidate(t *ir.Type) bool {
	if t.Node == nil || goAlias(t) || !hasMethods(t) {
		return false
	}
	switch t.Kind {
	case ir.Struct, ir.Enum, ir.Alias, ir.Union:
		return true
	}
	return false
}

// emit writes sgOKT for t, when t has one.
func (g *goValid) emit(f *jen.File, t *ir.Type) {
	if g == nil || !g.has[t] {
		return
	}
	body := g.ctx(t).body(t)
	f.Commentf("%s reports whether Validate finds t valid, walking t itself: false means not", okName(t))
	f.Comment("known, and Validate then checks the JSON of t. d is the depth of t in the value.")
	f.Func().Id(okName(t)).Params(jen.Id("t").Id(t.GoName), jen.Id("d").Int()).Bool().Block(body...)
}

// validateBody is the body of t's Validate: the walk first, when t has one.
func (g *goValid) validateBody(t *ir.Type, old jen.Code) []jen.Code {
	if g == nil || !g.has[t] {
		return []jen.Code{jen.Return(old)}
	}
	return []jen.Code{
		jen.If(jen.Id(okName(t)).Call(jen.Id("t"), jen.Lit(0))).Block(jen.Return(jen.Nil())),
		jen.Return(old),
	}
}

// okCtx writes one sgOKT body.
type okCtx struct {
	g     *goValid
	ok    bool
	calls map[*ir.Type]bool // the types whose sgOKT the body calls
	names int
	depth int // of the generation, against reference cycles that descend into no value
}

func (g *goValid) ctx(t *ir.Type) *okCtx { return &okCtx{g: g, ok: true, calls: map[*ir.Type]bool{}} }

// call is "if !sgOKT(x, d+1) { return false }", when t has an sgOKT.
func (c *okCtx) call(t *ir.Type, x jen.Code) []jen.Code {
	if !c.g.has[t] {
		c.fail()
		return nil
	}
	c.calls[t] = true
	return []jen.Code{refuse(jen.Op("!").Id(okName(t)).Call(x, jen.Id("d").Op("+").Lit(1)))}
}

func (c *okCtx) name(prefix string) string {
	c.names++
	return prefix + strconv.Itoa(c.names)
}

func (c *okCtx) fail() { c.ok = false }

// refuse is "if cond { return false }".
func refuse(cond jen.Code) jen.Code { return jen.If(cond).Block(jen.Return(jen.False())) }

// body writes the statements of sgOKT for t; c.ok is false when the walk cannot decide t.
func (c *okCtx) body(t *ir.Type) []jen.Code {
	stmts := []jen.Code{refuse(jen.Id("d").Op(">").Lit(500))}
	x := jen.Id("t")
	switch t.Kind {
	case ir.Union:
		stmts = append(stmts, c.union(t)...)
	case ir.Struct:
		stmts = append(stmts, c.keywords(t.Node, &ir.TypeRef{Kind: ir.RefNamed, Named: t}, x, true)...)
		// The fields no property of the node checks can still be values JSON cannot hold.
		for _, fd := range t.Fields {
			declared := false
			for _, p := range t.Node.Properties {
				declared = declared || p.Name == fd.JSONName
			}
			if declared || fieldless(fd) {
				continue
			}
			a := access(fd, x)
			check := c.check(nil, a)
			if a.null != nil && len(check) > 0 {
				check = []jen.Code{jen.If(jen.Op("!").Parens(a.null)).Block(check...)}
			}
			if a.present != nil && len(check) > 0 {
				check = []jen.Code{jen.If(a.present).Block(check...)}
			}
			stmts = append(stmts, check...)
		}
	default:
		stmts = append(stmts, c.keywords(t.Node, &ir.TypeRef{Kind: ir.RefNamed, Named: t}, x, true)...)
	}
	if len(stmts) == 1 {
		// Nothing to check but the depth.
		return []jen.Code{jen.Return(jen.Id("d").Op("<=").Lit(500))}
	}
	stmts = append(stmts, jen.Return(jen.True()))
	return stmts
}

// named follows Go aliases (type A = B) to the type a reference's Go value has.
func named(r *ir.TypeRef) *ir.TypeRef {
	for i := 0; r.Kind == ir.RefNamed && goAlias(r.Named) && i < 1000; i++ {
		r = r.Named.Alias
	}
	return r
}

// isRoot reports whether the node n validates exactly as t's own node: it is t's node, or only
// a reference to it (with annotations beside).
func isRoot(n *ir.Node, t *ir.Type) bool {
	for i := 0; n != nil && i < 100; i++ {
		if n == t.Node || (t.Node != nil && n.SameAs != nil && n.SameAs == t.Node) {
			return true
		}
		if n.Ref == nil || !onlyRef(n) {
			return false
		}
		n = n.Ref
	}
	return false
}

// onlyRef reports whether n has no keyword but its reference (annotations aside).
func onlyRef(n *ir.Node) bool {
	m := *n
	m.Ref, m.Title, m.Description, m.Default = nil, "", "", nil
	m.Location, m.GoFunc, m.TSFunc, m.Type, m.SameAs, m.GoAnnFunc, m.TSAnnFunc, m.Scope = "", "", "", nil, nil, "", "", ""
	return isEmptyNode(&m)
}

func isEmptyNode(n *ir.Node) bool {
	return n.Bool == nil && n.Ref == nil && n.DynamicRef == nil && len(n.Types) == 0 && n.Enum == nil && n.Const == nil &&
		len(n.Properties) == 0 && len(n.Required) == 0 && n.AdditionalProperties == nil && len(n.PatternProperties) == 0 &&
		n.PropertyNames == nil && n.MinProperties == nil && n.MaxProperties == nil && len(n.DependentRequired) == 0 &&
		len(n.DependentSchemas) == 0 && n.UnevaluatedProperties == nil && len(n.PrefixItems) == 0 && n.Items == nil &&
		n.MinItems == nil && n.MaxItems == nil && !n.UniqueItems && n.Contains == nil && n.UniqueBy == "" &&
		n.UnevaluatedItems == nil && n.MinLength == nil && n.MaxLength == nil && n.Pattern == nil && n.FormatGo == "" &&
		n.Minimum == nil && n.Maximum == nil && n.ExclusiveMinimum == nil && n.ExclusiveMaximum == nil && n.MultipleOf == nil &&
		len(n.AllOf) == 0 && len(n.AnyOf) == 0 && len(n.OneOf) == 0 && n.Not == nil && n.If == nil && n.Then == nil && n.Else == nil
}

// view is the JSON shape of the Go value of a reference.
type view int

const (
	viewNone view = iota
	viewString
	viewInt
	viewFloat
	viewBool
	viewSlice
	viewMap
	viewStruct
	viewUnion
	viewAny
)

// viewOf is the shape of r's Go value (without its pointer) and, for slices and maps, the
// reference of their items, for structs and unions the type.
func viewOf(r *ir.TypeRef) (view, *ir.TypeRef, *ir.Type) {
	r = named(r)
	switch r.Kind {
	case ir.RefString:
		return viewString, nil, nil
	case ir.RefInteger:
		return viewInt, nil, nil
	case ir.RefNumber:
		return viewFloat, nil, nil
	case ir.RefBool:
		return viewBool, nil, nil
	case ir.RefArray:
		return viewSlice, r.Elem, nil
	case ir.RefMap:
		return viewMap, r.Elem, nil
	case ir.RefAny:
		return viewAny, nil, nil
	case ir.RefNamed:
		t := r.Named
		switch t.Kind {
		case ir.Struct:
			return viewStruct, nil, t
		case ir.Union:
			return viewUnion, nil, t
		case ir.Enum:
			switch t.EnumBase {
			case ir.RefInteger:
				return viewInt, nil, t
			case ir.RefNumber:
				return viewFloat, nil, t
			}
			return viewString, nil, t
		case ir.Alias:
			if !hasMethods(t) {
				return viewNone, nil, nil
			}
			v, elem, _ := viewOf(t.Alias)
			if v == viewStruct || v == viewUnion || (v == viewSlice || v == viewMap) && t.Alias.Kind == ir.RefNamed {
				return viewNone, nil, nil // a defined type over a struct, a union or a named collection
			}
			if t.Alias.Ptr {
				return viewNone, nil, nil
			}
			return v, elem, t
		}
	}
	return viewNone, nil, nil
}

// value checks x, of the Go type valueType(r) (a pointer when r.Ptr: nil is null), against n
// (nil: any value JSON can hold).
func (c *okCtx) value(n *ir.Node, r *ir.TypeRef, x jen.Code) []jen.Code {
	if k := goKind(r); !r.Ptr && (k == ir.RefArray || k == ir.RefMap) {
		// A nil slice or map is written null here (only a required member is written empty).
		inner := c.keywords(n, r, x, false)
		if c.nullOK(n) {
			if len(inner) == 0 {
				return nil
			}
			return []jen.Code{jen.If(jen.Add(x).Op("!=").Nil()).Block(inner...)}
		}
		return append([]jen.Code{refuse(jen.Add(x).Op("==").Nil())}, inner...)
	}
	if r.Ptr {
		inner := c.keywords(n, r, jen.Op("*").Add(x), false)
		if c.nullOK(n) {
			return []jen.Code{jen.If(jen.Add(x).Op("!=").Nil()).Block(inner...)}
		}
		return append([]jen.Code{refuse(jen.Add(x).Op("==").Nil())}, inner...)
	}
	return c.keywords(n, r, x, false)
}

// nullOK reports whether n surely accepts null.
func (c *okCtx) nullOK(n *ir.Node) bool {
	for i := 0; n != nil && i < 100; i++ {
		if n.Bool != nil {
			return *n.Bool
		}
		if n.DynamicRef != nil || n.Enum != nil || n.Const != nil || len(n.AllOf) > 0 || len(n.AnyOf) > 0 ||
			len(n.OneOf) > 0 || n.Not != nil || n.If != nil {
			return false
		}
		if len(n.Types) > 0 && !contains(n.Types, "null") {
			return false
		}
		n = n.Ref
	}
	return n == nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// keywords checks x, of the Go type typeIn(r) (no pointer), against n. self: x is the value of
// the function's own type (t), whose other keywords the function checks.
func (c *okCtx) keywords(n *ir.Node, r *ir.TypeRef, x jen.Code, self bool) []jen.Code {
	c.depth++
	defer func() { c.depth-- }()
	if c.depth > 50 || userType(r) != nil {
		// A type of the user's: Validate checks the JSON it encodes to.
		c.fail()
		return nil
	}
	v, elem, t := viewOf(r)
	if v == viewNone {
		c.fail()
		return nil
	}
	// A reference to a named type's own node: its sgOKT.
	if !self && t != nil && isRoot(n, t) || n == nil && (v == viewStruct || v == viewUnion) {
		return c.call(t, x)
	}
	var out []jen.Code
	// What JSON cannot hold, whatever the schema.
	switch v {
	case viewFloat:
		out = append(out, refuse(jen.Qual("math", "IsNaN").Call(jen.Float64().Call(x)).Op("||").Qual("math", "IsInf").Call(jen.Float64().Call(x), jen.Lit(0))))
	case viewAny:
		out = append(out, refuse(jen.Op("!").Id("sgAnyOK").Call(x, jen.Id("d"))))
	case viewUnion:
		c.fail() // a union is checked by its own sgOKT only
		return nil
	case viewStruct:
		if !self {
			// A struct under a node that is not its own: its own validity (and so that it can be
			// written) first, then the node.
			check := c.call(t, x)
			if !c.ok {
				return nil
			}
			out = append(out, check...)
		}
	}
	if n == nil {
		out = append(out, c.collection(nil, v, elem, t, x)...)
		return out
	}
	if n.Bool != nil {
		if !*n.Bool {
			c.fail()
		}
		out = append(out, c.collection(nil, v, elem, t, x)...)
		return out
	}
	if n.DynamicRef != nil || len(n.PatternProperties) > 0 || len(n.DependentSchemas) > 0 || n.UnevaluatedProperties != nil ||
		len(n.PrefixItems) > 0 || n.Contains != nil || n.UnevaluatedItems != nil || n.MultipleOf != nil ||
		len(n.AnyOf) > 0 || len(n.OneOf) > 0 || n.Not != nil || n.Else != nil && n.If == nil {
		c.fail()
		return nil
	}
	// type
	if len(n.Types) > 0 {
		want := map[view][]string{viewString: {"string"}, viewInt: {"integer", "number"}, viewFloat: {"number"},
			viewBool: {"boolean"}, viewSlice: {"array"}, viewMap: {"object"}, viewStruct: {"object"}}[v]
		okType := false
		for _, w := range want {
			okType = okType || contains(n.Types, w)
		}
		switch {
		case okType:
		case v == viewFloat && contains(n.Types, "integer"):
			out = append(out, refuse(jen.Op("!").Id("sgIsIntegral").Call(jen.Float64().Call(x))))
		case v == viewAny:
			c.fail()
			return nil
		default:
			c.fail()
			return nil
		}
	}
	// enum and const
	if n.Enum != nil || n.Const != nil {
		vals := n.Enum
		if n.Const != nil {
			vals = append([]ir.Value{*n.Const}, vals...)
		}
		out = append(out, c.enum(n, v, x, vals)...)
	}
	// strings
	if v == viewString {
		out = append(out, c.stringChecks(n, jen.String().Call(x))...)
	}
	// numbers
	if v == viewInt || v == viewFloat {
		num := jen.Float64().Call(x)
		for _, b := range []struct {
			lit *ir.NumberLit
			op  string
		}{{n.Minimum, "<"}, {n.Maximum, ">"}, {n.ExclusiveMinimum, "<="}, {n.ExclusiveMaximum, ">="}} {
			if b.lit != nil {
				out = append(out, refuse(num.Clone().Op(b.op).Lit(b.lit.Float)))
			}
		}
	}
	// objects, arrays
	switch v {
	case viewStruct:
		out = append(out, c.structChecks(n, t, x)...)
	case viewMap, viewSlice:
		out = append(out, c.collection(n, v, elem, t, x)...)
	case viewAny:
		if !isEmptyNode(typeless(n)) {
			c.fail()
			return nil
		}
	}
	// in place
	if n.Ref != nil {
		out = append(out, c.keywords(n.Ref, r, x, self)...)
	}
	for _, s := range n.AllOf {
		out = append(out, c.keywords(s, r, x, self)...)
	}
	if n.If != nil {
		cond, ok := c.exact(n.If, v, t, x)
		if !ok {
			c.fail()
			return nil
		}
		var then, els []jen.Code
		if n.Then != nil {
			then = c.keywords(n.Then, r, x, true)
		}
		if n.Else != nil {
			els = c.keywords(n.Else, r, x, true)
		}
		switch {
		case len(then) > 0 && len(els) > 0:
			out = append(out, jen.If(cond).Block(then...).Else().Block(els...))
		case len(then) > 0:
			out = append(out, jen.If(cond).Block(then...))
		case len(els) > 0:
			out = append(out, jen.If(jen.Op("!").Parens(cond)).Block(els...))
		}
	}
	return out
}

// typeless is n without its type and annotations, to see whether anything else is asked.
func typeless(n *ir.Node) *ir.Node {
	m := *n
	m.Types, m.Title, m.Description, m.Default = nil, "", "", nil
	return &m
}

// enum checks that x is one of vals.
func (c *okCtx) enum(n *ir.Node, v view, x jen.Code, vals []ir.Value) []jen.Code {
	var lits []jen.Code
	for _, val := range vals {
		switch {
		case v == viewString && val.Kind == ir.String:
			if strings.ContainsRune(val.String, '\uFFFD') {
				c.fail() // what invalid UTF-8 is written as
				return nil
			}
			lits = append(lits, jen.Lit(val.String))
		case v == viewInt && val.Kind == ir.Number:
			i, err := strconv.ParseInt(val.Number, 10, 64)
			if err != nil {
				c.fail()
				return nil
			}
			lits = append(lits, jen.Lit(i))
		case v == viewString || v == viewInt:
			// a value of another type: never equal
		default:
			c.fail()
			return nil
		}
	}
	if len(lits) == 0 {
		c.fail()
		return nil
	}
	conv := jen.String().Call(x)
	if v == viewInt {
		conv = jen.Int64().Call(x)
	}
	if len(lits) == 1 {
		return []jen.Code{refuse(conv.Op("!=").Add(lits[0]))}
	}
	return []jen.Code{jen.Switch(conv).Block(jen.Case(lits...), jen.Default().Block(jen.Return(jen.False())))}
}

// stringChecks checks the string s against n's string keywords. Lengths count what encoding
// writes (an invalid byte is one U+FFFD, one code point, as utf8 counts it); the other checks
// read the content, and so need it valid.
func (c *okCtx) stringChecks(n *ir.Node, s *jen.Statement) []jen.Code {
	var out []jen.Code
	if n.MinLength != nil || n.MaxLength != nil {
		lo, hi := jen.Lit(0), jen.Qual("math", "MaxInt")
		if n.MinLength != nil {
			lo = jen.Lit(int(*n.MinLength))
		}
		if n.MaxLength != nil {
			hi = jen.Lit(int(*n.MaxLength))
		}
		out = append(out, refuse(jen.Op("!").Id("sgLengthIn").Call(s.Clone(), lo, hi)))
	}
	if n.Pattern != nil || n.FormatGo != "" {
		out = append(out, refuse(jen.Op("!").Qual("unicode/utf8", "ValidString").Call(s.Clone())))
	}
	if n.Pattern != nil {
		out = append(out, refuse(jen.Op("!").Id(n.Pattern.GoVar).Call().Dot("MatchString").Call(s.Clone())))
	}
	if n.FormatGo != "" {
		out = append(out, refuse(jen.Op("!").Id(n.FormatGo).Call(s.Clone())))
	}
	return out
}

// field is how a struct field is written: present (nil: always), its value and the reference
// the value has (a pointer is null when nil).
type fieldAccess struct {
	present jen.Code // nil: always written
	null    jen.Code // written as null when this holds (nil: never)
	val     jen.Code // the value, of typeIn(ref)
	ref     *ir.TypeRef
	plain   bool // a nil slice or map is not written null (absent, or written empty)
}

// check checks the value of a field against n.
func (c *okCtx) check(n *ir.Node, a fieldAccess) []jen.Code {
	if a.plain && !a.ref.Ptr {
		return c.keywords(n, a.ref, a.val, false)
	}
	return c.value(n, a.ref, a.val)
}

func access(fd *ir.Field, x jen.Code) fieldAccess {
	f := jen.Add(x).Dot(fd.GoName)
	base := *fd.Type
	base.Ptr = false
	switch fd.Hold {
	case ir.HoldPointer:
		a := fieldAccess{val: jen.Op("*").Add(f.Clone()), ref: &base}
		if fd.Required {
			a.null = f.Clone().Op("==").Nil()
		} else {
			a.present = f.Clone().Op("!=").Nil()
		}
		return a
	case ir.HoldOptNil:
		a := fieldAccess{null: f.Clone().Dot("Null"), val: f.Clone().Dot("Value"), ref: fd.Type}
		if !fd.Required {
			a.present = f.Clone().Dot("Set")
		}
		return a
	}
	a := fieldAccess{val: f.Clone(), ref: fd.Type, plain: true}
	nilable := fd.Type.GoNil() || goKind(fd.Type) == ir.RefAny
	switch {
	case !fd.Required:
		a.present = f.Clone().Op("!=").Nil()
	case fd.Nullable && nilable && goKind(fd.Type) != ir.RefAny:
		a.null = f.Clone().Op("==").Nil()
	}
	return a
}

func fieldNamed(t *ir.Type, name string) *ir.Field {
	for _, fd := range t.Fields {
		if fd.JSONName == name {
			return fd
		}
	}
	return nil
}

// structChecks checks the struct x, of type t, against n's object keywords.
func (c *okCtx) structChecks(n *ir.Node, t *ir.Type, x jen.Code) []jen.Code {
	var out []jen.Code
	if t.NotObjectGoName != "" && n == t.Node {
		out = append(out, refuse(jen.Add(x).Dot(t.NotObjectGoName).Op("!=").Nil()))
	}
	if n.PropertyNames != nil || n.MinProperties != nil || n.MaxProperties != nil {
		c.fail()
		return nil
	}
	for _, p := range n.Properties {
		fd := fieldNamed(t, p.Name)
		if fd == nil {
			if t.Extra != nil {
				c.fail() // the member would be an undeclared one
				return nil
			}
			continue
		}
		if fieldless(fd) {
			if n != t.Node {
				c.fail()
				return nil
			}
			continue
		}
		a := access(fd, x)
		var check []jen.Code
		inner := c.check(p.Schema, a)
		if a.null != nil {
			if c.nullOK(p.Schema) {
				if len(inner) > 0 {
					check = append(check, jen.If(jen.Op("!").Parens(a.null)).Block(inner...))
				}
			} else {
				check = append(check, refuse(a.null))
				check = append(check, inner...)
			}
		} else {
			check = inner
		}
		if len(check) == 0 {
			continue
		}
		if a.present != nil {
			out = append(out, jen.If(a.present).Block(check...))
		} else {
			out = append(out, check...)
		}
	}
	present := func(name string) (jen.Code, bool) {
		fd := fieldNamed(t, name)
		if fd == nil {
			return nil, false
		}
		if fieldless(fd) {
			return nil, true
		}
		return access(fd, x).present, true
	}
	for _, name := range n.Required {
		p, ok := present(name)
		if !ok {
			c.fail()
			return nil
		}
		if p != nil {
			out = append(out, refuse(jen.Op("!").Parens(p)))
		}
	}
	for _, dep := range n.DependentRequired {
		p, ok := present(dep.Property)
		if !ok {
			c.fail()
			return nil
		}
		for _, name := range dep.Requires {
			q, ok := present(name)
			if !ok {
				c.fail()
				return nil
			}
			if q == nil {
				continue
			}
			if p == nil {
				out = append(out, refuse(jen.Op("!").Parens(q)))
			} else {
				out = append(out, refuse(jen.Add(p).Op("&&").Op("!").Parens(q)))
			}
		}
	}
	// Members this node does not declare: fields declared by another node of the struct's
	// schema (an allOf branch), then the undeclared members of the Go value.
	if ap := n.AdditionalProperties; ap != nil && !isTrue(ap) {
		for _, fd := range t.Fields {
			declared := false
			for _, p := range n.Properties {
				declared = declared || p.Name == fd.JSONName
			}
			if declared {
				continue
			}
			if fieldless(fd) {
				c.fail()
				return nil
			}
			a := access(fd, x)
			var check []jen.Code
			if ap.Bool != nil { // false
				if a.present == nil {
					c.fail()
					return nil
				}
				out = append(out, refuse(a.present))
				continue
			}
			inner := c.check(ap, a)
			if a.null != nil {
				if !c.nullOK(ap) {
					check = append(check, refuse(a.null))
					check = append(check, inner...)
				} else if len(inner) > 0 {
					check = append(check, jen.If(jen.Op("!").Parens(a.null)).Block(inner...))
				}
			} else {
				check = inner
			}
			if a.present != nil && len(check) > 0 {
				check = []jen.Code{jen.If(a.present).Block(check...)}
			}
			out = append(out, check...)
		}
		if t.Extra != nil && n != t.Node {
			c.fail()
			return nil
		}
	}
	// The undeclared members.
	if t.Extra != nil && n == t.Node {
		ap := n.AdditionalProperties
		m := jen.Add(x).Dot(t.ExtraGoName)
		k, val := c.name("k"), c.name("v")
		var each []jen.Code
		if rawExtra(t) {
			if ap != nil && !isTrue(ap) {
				c.fail()
				return nil
			}
			// A nil member is written null.
			each = []jen.Code{refuse(jen.Op("!").Id(knownName(t)).Call(jen.Id(k)).Op("&&").Id(val).Op("!=").Nil().Op("&&").
				Op("!").Id("sgRawPlain").Call(jen.Id(val), jen.Id("sgRawValidate")))}
		} else {
			inner := c.value(ap, t.Extra, jen.Id(val))
			if len(inner) > 0 {
				each = []jen.Code{jen.If(jen.Op("!").Id(knownName(t)).Call(jen.Id(k))).Block(inner...)}
			}
		}
		if len(each) > 0 {
			out = append(out, jen.For(jen.List(jen.Id(k), jen.Id(val)).Op(":=").Range().Add(m)).Block(each...))
		}
	} else if t.Extra != nil && n.AdditionalProperties != nil && !isTrue(n.AdditionalProperties) {
		c.fail()
		return nil
	}
	return out
}

// collection checks a slice or a map (and the items of those a node-less value holds).
func (c *okCtx) collection(n *ir.Node, v view, elem *ir.TypeRef, t *ir.Type, x jen.Code) []jen.Code {
	if v != viewSlice && v != viewMap {
		return nil
	}
	if n == nil {
		n = &ir.Node{}
	}
	var out []jen.Code
	it := c.name("x")
	if v == viewSlice {
		if n.MinItems != nil {
			out = append(out, refuse(jen.Len(x).Op("<").Lit(int(*n.MinItems))))
		}
		if n.MaxItems != nil {
			out = append(out, refuse(jen.Len(x).Op(">").Lit(int(*n.MaxItems))))
		}
		if inner := c.value(n.Items, elem, jen.Id(it)); len(inner) > 0 {
			out = append(out, jen.For(jen.List(jen.Id("_"), jen.Id(it)).Op(":=").Range().Add(x)).Block(inner...))
		}
		if n.UniqueItems {
			ev, _, _ := viewOf(elem)
			if ev != viewString || elem.Ptr {
				c.fail()
				return nil
			}
			out = append(out, refuse(jen.Op("!").Id("sgDistinct").Call(jen.Len(x), jen.Func().Params(jen.Id("i").Int()).String().Block(
				jen.Return(jen.String().Call(jen.Add(x).Index(jen.Id("i"))))))))
		}
		if n.UniqueBy != "" {
			_, _, et := viewOf(elem)
			if et == nil || et.Kind != ir.Struct || elem.Ptr {
				c.fail()
				return nil
			}
			fd := fieldNamed(et, n.UniqueBy)
			if fd == nil || fieldless(fd) || !fd.Required || fd.Hold != ir.HoldValue || fd.Nullable {
				c.fail()
				return nil
			}
			if fv, _, _ := viewOf(fd.Type); fv != viewString || fd.Type.Ptr {
				c.fail()
				return nil
			}
			out = append(out, refuse(jen.Op("!").Id("sgDistinct").Call(jen.Len(x), jen.Func().Params(jen.Id("i").Int()).String().Block(
				jen.Return(jen.String().Call(jen.Add(x).Index(jen.Id("i")).Dot(fd.GoName)))))))
		}
		return out
	}
	// A map: its members are written sorted, each key once.
	if len(n.Properties) > 0 || len(n.Required) > 0 || len(n.DependentRequired) > 0 {
		c.fail()
		return nil
	}
	if n.MinProperties != nil {
		out = append(out, refuse(jen.Len(x).Op("<").Lit(int(*n.MinProperties))))
	}
	if n.MaxProperties != nil {
		out = append(out, refuse(jen.Len(x).Op(">").Lit(int(*n.MaxProperties))))
	}
	k := c.name("k")
	var each []jen.Code
	if pn := n.PropertyNames; pn != nil {
		check := c.keywords(pn, &ir.TypeRef{Kind: ir.RefString}, jen.Id(k), false)
		if len(check) > 0 {
			each = append(each, refuse(jen.Op("!").Qual("unicode/utf8", "ValidString").Call(jen.Id(k))))
			each = append(each, check...)
		}
	}
	usesKey := len(each) > 0
	vals := c.value(n.AdditionalProperties, elem, jen.Id(it))
	each = append(each, vals...)
	if len(each) > 0 {
		kv, iv := jen.Id(k), jen.Id(it)
		if !usesKey {
			kv = jen.Id("_")
		}
		if len(vals) == 0 {
			out = append(out, jen.For(kv.Op(":=").Range().Add(x)).Block(each...))
		} else {
			out = append(out, jen.For(jen.List(kv, iv).Op(":=").Range().Add(x)).Block(each...))
		}
	}
	return out
}

// union checks the variant that is set: exactly one must be (else writing fails).
func (c *okCtx) union(t *ir.Type) []jen.Code {
	n := t.Node
	if t.Dispatch != ir.ByTag || t.Branches == nil || t.Branches.Discriminator == nil {
		c.fail()
		return nil
	}
	// The union's node: its branches, reached directly or through a reference, and the type
	// object at most.
	for i := 0; n != t.Branches && i < 100; i++ {
		if n.Ref == nil || !onlyRef(n) {
			c.fail()
			return nil
		}
		n = n.Ref
	}
	rest := *n
	rest.AnyOf, rest.OneOf, rest.Discriminator, rest.Title, rest.Description, rest.Default = nil, nil, nil, "", "", nil
	if len(rest.Types) == 1 && rest.Types[0] == "object" {
		rest.Types = nil
	}
	if !onlyRef(&rest) && !isEmptyNode(&rest) {
		c.fail()
		return nil
	}
	out := []jen.Code{jen.Id("count").Op(":=").Lit(0)}
	var cases []jen.Code
	for _, v := range t.Variants {
		f := jen.Id("t").Dot(v.GoName)
		out = append(out, jen.If(f.Clone().Op("!=").Nil()).Block(jen.Id("count").Op("++")))
		val := jen.Op("*").Add(f.Clone())
		if v.Ref.GoNil() {
			val = f.Clone()
		}
		vt := named(v.Ref)
		if vt.Kind != ir.RefNamed || vt.Named.Kind != ir.Struct || !isRoot(v.Node, vt.Named) {
			c.fail()
			return nil
		}
		check := c.keywords(v.Node, v.Ref, val, false)
		cases = append(cases, jen.Case(f.Clone().Op("!=").Nil()).Block(check...))
	}
	out = append(out, refuse(jen.Id("count").Op("!=").Lit(1)), jen.Switch().Block(cases...))
	return out
}

// exact is a condition that holds exactly when the value x is valid against n (for the "if" of
// an if/then/else): only members present and compared with constants are decided so.
func (c *okCtx) exact(n *ir.Node, v view, t *ir.Type, x jen.Code) (jen.Code, bool) {
	if v != viewStruct {
		return nil, false
	}
	rest := *n
	rest.Properties, rest.Required, rest.Title, rest.Description = nil, nil, "", ""
	if len(rest.Types) == 1 && rest.Types[0] == "object" {
		rest.Types = nil
	}
	if !isEmptyNode(&rest) {
		return nil, false
	}
	var conds []jen.Code
	for _, name := range n.Required {
		fd := fieldNamed(t, name)
		if fd == nil {
			return nil, false
		}
		if !fieldless(fd) {
			if p := access(fd, x).present; p != nil {
				conds = append(conds, p)
			}
		}
	}
	for _, p := range n.Properties {
		fd := fieldNamed(t, p.Name)
		if fd == nil || fieldless(fd) || fd.Hold == ir.HoldOptNil {
			return nil, false
		}
		s := p.Schema
		vals := s.Enum
		if s.Const != nil {
			if s.Enum != nil {
				return nil, false
			}
			vals = []ir.Value{*s.Const}
		}
		other := *s
		other.Enum, other.Const, other.Title, other.Description = nil, nil, "", ""
		if len(other.Types) == 1 && other.Types[0] == "string" {
			other.Types = nil
		}
		if vals == nil || !isEmptyNode(&other) {
			return nil, false
		}
		fv, _, _ := viewOf(fd.Type)
		if fv != viewString || fd.Type.Ptr {
			return nil, false
		}
		a := access(fd, x)
		if a.null != nil {
			return nil, false
		}
		var eq []jen.Code
		for _, val := range vals {
			if val.Kind != ir.String {
				continue
			}
			if strings.ContainsRune(val.String, '\uFFFD') {
				return nil, false
			}
			eq = append(eq, jen.String().Call(a.val).Op("==").Lit(val.String))
		}
		var in jen.Code = jen.False()
		if len(eq) > 0 {
			in = join(eq, "||")
		}
		if a.present != nil {
			conds = append(conds, jen.Parens(jen.Op("!").Parens(a.present).Op("||").Parens(in)))
		} else {
			conds = append(conds, jen.Parens(in))
		}
	}
	if len(conds) == 0 {
		return jen.True(), true
	}
	return join(conds, "&&"), true
}

func join(cs []jen.Code, op string) jen.Code {
	s := jen.Add(cs[0])
	for _, x := range cs[1:] {
		s = s.Op(op).Add(x)
	}
	return s
}
