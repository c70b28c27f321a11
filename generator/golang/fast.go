package golang

import (
	"reflect"
	"slices"
	"sync"

	"github.com/dave/jennifer/jen"

	"github.com/skillgen/skillgen/generator/ir"
)

// The one-pass decoders (docs/generated-go.md, "One pass"): sgFastT reads a document of the
// struct T once, filling T and checking its schema's keywords on the way, and gives up at the
// first doubt, when ParseT runs the exact path instead. A struct gets one only when its schema
// (through references alone) uses the object keywords the decoder checks itself: type,
// properties, required, additionalProperties, propertyNames, min/maxProperties and
// dependentRequired. Each member is read with its own validator and decoder, the functions the
// exact path runs: in place for a scalar, through the member's own one-pass decoder for a
// struct, array or map that has one, as a tree of the member alone otherwise. The verdict, the
// value and (through the exact path) every error are therefore those of the exact path.

// annotationFields are the fields of ir.Node that name or describe a node without validating
// anything.
var annotationFields = map[string]bool{
	"Location": true, "GoFunc": true, "TSFunc": true, "Type": true, "SameAs": true,
	"GoAnnFunc": true, "TSAnnFunc": true, "Scope": true, "Title": true, "Description": true,
	"Default": true,
}

// only reports whether n validates with no keyword but those named in allowed: every other
// field of ir.Node that is not an annotation is zero. A keyword added to ir.Node later is
// therefore not allowed until it is named here.
func only(n *ir.Node, allowed ...string) bool {
	v := reflect.ValueOf(n).Elem()
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		name := t.Field(i).Name
		if annotationFields[name] || slices.Contains(allowed, name) {
			continue
		}
		if !v.Field(i).IsZero() {
			return false
		}
	}
	return true
}

// fastMemo remembers what the emitter's renderers, which run concurrently, asked of nodes and
// types: a schema of long reference chains asks the same questions many times.
type fastMemo struct {
	mu      sync.Mutex
	reduced map[*ir.Node]*ir.Node
	structs map[*ir.Type]bool
	anyOnce sync.Once
	any     bool // a struct of the schema has a one-pass decoder
}

// reduce follows the references of nodes that are nothing but a reference: the node whose
// keywords decide what n accepts (n itself at the end of a cycle of references).
func (e *emitter) reduce(n *ir.Node) *ir.Node {
	m := &e.memo
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.reduced == nil {
		m.reduced = map[*ir.Node]*ir.Node{}
	}
	var path []*ir.Node
	seen := map[*ir.Node]bool{}
	x := n
	for x != nil && x.Ref != nil && !seen[x] && only(x, "Ref") {
		if r, ok := m.reduced[x]; ok {
			x = r
			break
		}
		seen[x] = true
		path = append(path, x)
		x = x.Ref
	}
	if x != nil && seen[x] {
		x = n // a cycle of bare references: nothing to follow to
	}
	for _, p := range path {
		m.reduced[p] = x
	}
	return x
}

// allows reports whether the "type" of n accepts values of the JSON type kind.
func allows(n *ir.Node, kind string) bool {
	return len(n.Types) == 0 || slices.Contains(n.Types, kind)
}

// objectNode reports whether n is an object schema the one-pass decoders check themselves.
func objectNode(n *ir.Node) bool {
	return n != nil && allows(n, "object") && only(n, "Types", "Properties", "Required", "AdditionalProperties",
		"PropertyNames", "MinProperties", "MaxProperties", "DependentRequired")
}

// conditions are the statements of sgCondsT, which checks on the value a one-pass decoder
// has read the if/then/else entries of the allOf of t's schema, as Validate's walk of the Go
// value does (govalidate.go), or nil when t's schema has other keywords than those the decoder
// checks and such entries, or when the walk cannot decide them.
func (e *emitter) conditions(t *ir.Type) []jen.Code {
	n := e.reduce(t.Node)
	if n == nil || len(n.AllOf) == 0 || !allows(n, "object") || e.ok == nil || !only(n, "Types", "Properties", "Required",
		"AdditionalProperties", "PropertyNames", "MinProperties", "MaxProperties", "DependentRequired", "AllOf") {
		return nil
	}
	c := e.ok.ctx(t)
	var stmts []jen.Code
	for _, s := range n.AllOf {
		if s.If == nil || !only(s, "If", "Then", "Else") {
			return nil
		}
		stmts = append(stmts, c.keywords(s, &ir.TypeRef{Kind: ir.RefNamed, Named: t}, jen.Id("t"), true)...)
	}
	if !c.ok || len(stmts) == 0 {
		return nil
	}
	return append(stmts, jen.Return(jen.True()))
}

// mapNode reports whether n is an object schema of a map the one-pass decoders read.
func mapNode(n *ir.Node) bool {
	return objectNode(n) && len(n.Properties) == 0 && len(n.Required) == 0 && len(n.DependentRequired) == 0
}

// arrayNode reports whether n is an array schema the one-pass decoders check themselves
// (x-unique-by and uniqueItems are checked by the caller, on the decoded items).
func arrayNode(n *ir.Node) bool {
	return n != nil && allows(n, "array") && only(n, "Types", "Items", "MinItems", "MaxItems", "UniqueBy", "UniqueItems")
}

// fastStruct reports whether the struct t has a one-pass decoder.
func (e *emitter) fastStruct(t *ir.Type) bool {
	if t == nil || t.Kind != ir.Struct || t.Only != nil {
		return false
	}
	e.memo.mu.Lock()
	ok, done := e.memo.structs[t]
	e.memo.mu.Unlock()
	if done {
		return ok
	}
	ok = e.isFastStruct(t)
	e.memo.mu.Lock()
	if e.memo.structs == nil {
		e.memo.structs = map[*ir.Type]bool{}
	}
	e.memo.structs[t] = ok
	e.memo.mu.Unlock()
	return ok
}

func (e *emitter) isFastStruct(t *ir.Type) bool {
	n := e.reduce(t.Node)
	if !objectNode(n) && e.conditions(t) == nil || len(n.Properties) != len(t.Fields) {
		return false
	}
	fields := map[string]bool{}
	for _, f := range t.Fields {
		fields[f.JSONName] = true
		if property(n, f.JSONName) == nil {
			return false
		}
	}
	for _, r := range n.Required {
		if !fields[r] {
			return false
		}
	}
	for _, dep := range n.DependentRequired {
		if !fields[dep.Property] {
			return false
		}
		for _, r := range dep.Requires {
			if !fields[r] {
				return false
			}
		}
	}
	return t.Extra == nil || n.AdditionalProperties == nil || n.AdditionalProperties.Bool == nil || *n.AdditionalProperties.Bool
}

// property is the schema of the property name of n, or nil.
func property(n *ir.Node, name string) *ir.Node {
	for _, p := range n.Properties {
		if p.Name == name {
			return p.Schema
		}
	}
	return nil
}

// fastTarget is the struct whose one-pass decoder reads the values of r at the schema n: the
// struct r names (through Go aliases), when n accepts exactly what its schema does; or nil.
func (e *emitter) fastTarget(r *ir.TypeRef, n *ir.Node) *ir.Type {
	if r == nil || r.Kind != ir.RefNamed || r.Ptr || n == nil || userType(r) != nil {
		return nil
	}
	t := r.Named
	for i := 0; goAlias(t) && i < 1000; i++ {
		t = t.Alias.Named
	}
	if !e.fastStruct(t) || e.reduce(n) != e.reduce(t.Node) {
		return nil
	}
	return t
}

// validatorOf is the validator of n, or nil (no check) when n is absent.
func validatorOf(n *ir.Node) jen.Code {
	if n == nil {
		return jen.Nil()
	}
	return jen.Id(n.GoFunc)
}

func bound(x *int64) jen.Code {
	if x == nil {
		return jen.Lit(-1)
	}
	return jen.Lit(int(*x))
}

// readerFunc is func(d *sgFast, depth int) T reading a value of r at the schema n (nil: any
// value) with its decoder.
func (e *emitter) readerFunc(r *ir.TypeRef, n *ir.Node) jen.Code {
	body := []jen.Code{}
	if s := e.fastTarget(r, n); s != nil {
		body = append(body, jen.If(jen.Id("d").Dot("peek").Call().Op("==").LitRune('{')).Block(
			jen.Return(jen.Id(fastName(s)).Call(jen.Id("d"), jen.Id("depth"), jen.False())),
		))
	}
	if read, ok := directRead(r, n, false, func(x jen.Code) []jen.Code { return []jen.Code{jen.Return(x)} }); ok {
		body = append(body, read)
	}
	body = append(body, jen.Return(jen.Id("sgReadValue").Call(jen.Id("d"), jen.Id("depth"), validatorOf(n), valueDec(r))))
	return jen.Func().Params(jen.Id("d").Op("*").Id("sgFast"), jen.Id("depth").Int()).Add(valueType(r)).Block(body...)
}

// scalarOf says which direct reader of sgFast reads the values of r ("str", "int", "bool";
// "" for none, and for a type of the user's: x-go-type, a mapped format), and the enum whose constants a string of r can be (nil: none, or not
// assignable to r's Go type).
func scalarOf(r *ir.TypeRef) (string, *ir.Type) {
	assignable := true
	for i := 0; i < 1000; i++ {
		if r.Ptr || userType(r) != nil {
			// A type of the user's is decoded by userDec, never read in place.
			return "", nil
		}
		switch r.Kind {
		case ir.RefString:
			return "str", nil
		case ir.RefInteger:
			return "int", nil
		case ir.RefBool:
			return "bool", nil
		case ir.RefNamed:
			t := r.Named
			switch t.Kind {
			case ir.Enum:
				switch t.EnumBase {
				case ir.RefInteger, ir.RefNumber, ir.RefBool:
					return "", nil
				}
				if !assignable {
					return "str", nil
				}
				return "str", t
			case ir.Alias:
				assignable = assignable && goAlias(t)
				r = t.Alias
				continue
			}
		}
		return "", nil
	}
	return "", nil
}

// directRead is "if x, ok := d.str(f); ok { assign(value) }" for a value of r at the schema n
// (nil: any value) when r is a scalar a direct reader of sgFast reads (ok is false otherwise):
// the value is read and checked in place, with no tree, and a string is copied into the
// document's blocks (a pointer to one too, when ptr). The caller adds the general path, for a
// value of another JSON type, as the else branch.
func directRead(r *ir.TypeRef, n *ir.Node, ptr bool, assign func(x jen.Code) []jen.Code) (*jen.Statement, bool) {
	method, enum := scalarOf(r)
	if method == "" {
		return nil, false
	}
	conv := func(x jen.Code) jen.Code {
		if r.Kind == ir.RefNamed {
			return goType(r).Call(x)
		}
		return x
	}
	var body []jen.Code
	switch {
	case method == "str" && ptr && r.Kind == ir.RefString:
		body = assign(jen.Id("d").Dot("ptrStr").Call(jen.Id("x")))
	case ptr:
		v := conv(jen.Id("x"))
		if method == "str" {
			v = conv(jen.Id("d").Dot("keepStr").Call(jen.Id("x")))
		}
		body = append([]jen.Code{jen.Id("v").Op(":=").Add(v)}, assign(jen.Op("&").Id("v"))...)
	case enum != nil:
		// The values of the enum are its constants: nothing to copy.
		var cases []jen.Code
		for _, v := range enum.Values {
			cases = append(cases, jen.Case(jen.Lit(v.Value)).Block(assign(jen.Id(v.GoName))...))
		}
		cases = append(cases, jen.Default().Block(assign(conv(jen.Id("d").Dot("keepStr").Call(jen.Id("x"))))...))
		body = []jen.Code{jen.Switch(jen.Id("x")).Block(cases...)}
	case method == "str":
		body = assign(conv(jen.Id("d").Dot("keepStr").Call(jen.Id("x"))))
	default:
		body = assign(conv(jen.Id("x")))
	}
	return jen.If(jen.List(jen.Id("x"), jen.Id("ok")).Op(":=").Id("d").Dot(method).Call(validatorOf(n)), jen.Id("ok")).Block(body...), true
}

// uniqueKey is the field of the items of an array of r by which x-unique-by prop compares them,
// when every valid item has it as a string: nil otherwise.
func (e *emitter) uniqueKey(r *ir.TypeRef, items *ir.Node, prop string) *ir.Field {
	s := e.fastTarget(r, items)
	if s == nil {
		return nil
	}
	for _, f := range s.Fields {
		if f.JSONName != prop || fieldless(f) || !f.Required || f.Nullable || f.Hold != ir.HoldValue {
			continue
		}
		if f.Type.Kind == ir.RefString || (f.Type.Kind == ir.RefNamed && goKind(f.Type) == ir.RefString) ||
			(f.Type.Kind == ir.RefNamed && f.Type.Named.Kind == ir.Enum && f.Type.Named.EnumBase != ir.RefInteger &&
				f.Type.Named.EnumBase != ir.RefNumber && f.Type.Named.EnumBase != ir.RefBool) {
			return f
		}
	}
	return nil
}

// fastMember is the code that reads the value of the member f (at the schema n) into t.
func (e *emitter) fastMember(f *ir.Field, n *ir.Node) []jen.Code {
	depth := jen.Id("depth").Op("+").Lit(1)
	if fieldless(f) {
		return []jen.Code{jen.Id("d").Dot("value").Call(depth, validatorOf(n))}
	}
	dst := jen.Id("t").Dot(f.GoName)
	helper, dec := fieldDec(f)
	generic := []jen.Code{jen.If(
		jen.Id("v").Op(":=").Id("d").Dot("value").Call(depth, validatorOf(n)),
		jen.Id("v").Op("!=").Nil(),
	).Block(jen.Id("d").Dot("check").Call(jen.Id(helper).Call(jen.Id("v"), jen.Lit(f.JSONName), jen.Op("&").Add(dst), dec)))}
	special := func(open rune, read ...jen.Code) []jen.Code {
		return []jen.Code{jen.If(jen.Id("d").Dot("peek").Call().Op("==").LitRune(open)).Block(read...).Else().Block(generic...)}
	}
	m := e.reduce(n)
	if f.Hold == ir.HoldValue || f.Hold == ir.HoldPointer {
		read, ok := directRead(f.Type, n, f.Hold == ir.HoldPointer, func(x jen.Code) []jen.Code {
			return []jen.Code{dst.Clone().Op("=").Add(x)}
		})
		if ok {
			return []jen.Code{read.Else().Add(generic...)}
		}
	}
	if read := e.taggedRead(f, n, dst); read != nil {
		return special('{', read...)
	}
	switch {
	case userType(f.Type) != nil:
		// A type of the user's: the value's text goes to encoding/json.
	case f.Hold == ir.HoldValue || f.Hold == ir.HoldPointer:
		if s := e.fastTarget(f.Type, n); s != nil {
			x := jen.Id("x")
			if f.Hold == ir.HoldPointer {
				x = jen.Op("&").Id("x")
			}
			return special('{',
				jen.Id("x").Op(":=").Id(fastName(s)).Call(jen.Id("d"), depth, jen.False()),
				dst.Clone().Op("=").Add(x))
		}
		if f.Hold != ir.HoldValue {
			break
		}
		switch {
		case f.Type.Kind == ir.RefArray && arrayNode(m):
			read := []jen.Code{dst.Clone().Op("=").Id("sgReadItems").Call(jen.Id("d"), depth, bound(m.MinItems), bound(m.MaxItems), e.readerFunc(f.Type.Elem, m.Items))}
			if m.UniqueBy != "" {
				key := e.uniqueKey(f.Type.Elem, m.Items, m.UniqueBy)
				if key == nil {
					break
				}
				read = append(read, jen.Id("sgReadDistinct").Call(jen.Id("d"), jen.Len(dst), jen.Func().Params(jen.Id("i").Int()).String().Block(
					jen.Return(jen.String().Call(dst.Clone().Index(jen.Id("i")).Dot(key.GoName))),
				)))
			}
			if m.UniqueItems {
				// Strings are equal as JSON values exactly when they are equal in Go.
				if kind, _ := scalarOf(f.Type.Elem); kind != "str" {
					break
				}
				read = append(read, jen.Id("sgReadDistinct").Call(jen.Id("d"), jen.Len(dst), jen.Func().Params(jen.Id("i").Int()).String().Block(
					jen.Return(jen.String().Call(dst.Clone().Index(jen.Id("i")))),
				)))
			}
			return special('[', read...)
		case f.Type.Kind == ir.RefMap && mapNode(m):
			var names jen.Code = jen.Nil()
			if m.PropertyNames != nil {
				names = jen.Id(m.PropertyNames.GoFunc)
			}
			return special('{', dst.Clone().Op("=").Id("sgReadMap").Call(jen.Id("d"), depth, bound(m.MinProperties), bound(m.MaxProperties),
				names, e.readerFunc(f.Type.Elem, m.AdditionalProperties)))
		}
	}
	return generic
}

// taggedRead is the code that reads into dst the value of the member f, at the schema n, of a
// tagged union whose variants all have one-pass decoders: the tag is found first (sgFast.tag,
// which reads the object for its syntax alone and leaves the reading position where it was),
// then the variant's decoder reads the object. nil when f is not such a member. The union's
// validator checks exactly that: an object, a string tag, and the variant of the tag.
func (e *emitter) taggedRead(f *ir.Field, n *ir.Node, dst *jen.Statement) []jen.Code {
	if f.Hold != ir.HoldValue || f.Type.Kind != ir.RefNamed || f.Type.Ptr || n == nil {
		return nil
	}
	u := f.Type.Named
	b := e.reduce(n)
	if u.Kind != ir.Union || u.Dispatch != ir.ByTag || u.Branches == nil || b != e.reduce(u.Node) || b != u.Branches ||
		b.Discriminator == nil || !only(b, "AnyOf", "OneOf", "Discriminator") {
		return nil
	}
	depth := jen.Id("depth").Op("+").Lit(1)
	cases := []jen.Code{jen.Case(jen.Op("!").Id("ok")).Block(jen.Id("d").Dot("fail").Call())}
	for _, v := range u.Variants {
		s := e.fastTarget(v.Ref, v.Node)
		if s == nil || v.Ref.Kind != ir.RefNamed || v.Ref.Ptr {
			return nil
		}
		cases = append(cases, jen.Case(jen.Id("tag").Op("==").Lit(v.Value)).Block(
			jen.Id("x").Op(":=").Id(fastName(s)).Call(jen.Id("d"), depth, jen.False()),
			dst.Clone().Op("=").Id(u.GoName).Values(jen.Dict{jen.Id(v.GoName): jen.Op("&").Id("x")}),
		))
	}
	cases = append(cases, jen.Default().Block(jen.Id("d").Dot("fail").Call()))
	return []jen.Code{
		jen.List(jen.Id("tag"), jen.Id("ok")).Op(":=").Id("d").Dot("tag").Call(depth, jen.Lit(b.Discriminator.Property)),
		jen.Switch().Block(cases...),
	}
}

// fastDecoder writes sgFastT for the struct t.
func (e *emitter) fastDecoder(f *jen.File, t *ir.Type) {
	n := e.reduce(t.Node)
	index := map[string]int{}
	for i, fd := range t.Fields {
		index[fd.JSONName] = i
	}
	counted := n.MinProperties != nil || n.MaxProperties != nil
	var cases []jen.Code
	for i, fd := range t.Fields {
		body := []jen.Code{
			jen.If(jen.Id("seen").Index(jen.Lit(i))).Block(jen.Id("d").Dot("fail").Call(), jen.Return()),
			jen.Id("seen").Index(jen.Lit(i)).Op("=").True(),
		}
		body = append(body, e.fastMember(fd, property(n, fd.JSONName))...)
		cases = append(cases, jen.Case(jen.Lit(fd.JSONName)).Block(body...))
	}
	// The undeclared members.
	depth := jen.Id("depth").Op("+").Lit(1)
	ap := n.AdditionalProperties
	var extra []jen.Code
	switch {
	case t.Extra == nil:
		if counted {
			// A repeated undeclared key would be counted twice.
			extra = append(extra, jen.Id("d").Dot("fail").Call(), jen.Return())
		} else {
			extra = append(extra, jen.Id("d").Dot("value").Call(depth, validatorOf(ap)))
		}
	default:
		var read []jen.Code
		switch {
		case rawExtra(t) && planned(t):
			// planned: additionalProperties is absent or true, and validates nothing.
			read = []jen.Code{
				jen.Var().Id("val").Qual("encoding/json", "RawMessage"),
				jen.If(jen.Id("raw")).Block(
					jen.Id("val").Op("=").Id("d").Dot("raw").Call(depth),
				).Else().Block(
					jen.Id("val").Op("=").Id("d").Dot("extra").Call(depth),
				),
			}
		case rawExtra(t) && (ap == nil || isTrue(ap)):
			read = []jen.Code{jen.Id("val").Op(":=").Id("d").Dot("extra").Call(depth)}
		case rawExtra(t):
			read = []jen.Code{
				jen.Var().Id("val").Qual("encoding/json", "RawMessage"),
				jen.If(jen.Id("v").Op(":=").Id("d").Dot("value").Call(depth, validatorOf(ap)), jen.Id("v").Op("!=").Nil()).Block(
					jen.Id("val").Op("=").Id("sgRawText").Call(jen.Id("v")),
				),
			}
		default:
			read = []jen.Code{jen.Id("val").Op(":=").Id("sgReadValue").Call(jen.Id("d"), depth, validatorOf(ap), valueDec(t.Extra))}
		}
		x := jen.Id("t").Dot(t.ExtraGoName)
		extra = append(extra, read...)
		extra = append(extra,
			jen.If(jen.Id("d").Dot("bad")).Block(jen.Return()),
			jen.If(x.Clone().Op("==").Nil()).Block(x.Clone().Op("=").Make(jen.Map(jen.String()).Add(extraType(t)))),
			jen.If(jen.List(jen.Id("_"), jen.Id("dup")).Op(":=").Add(x.Clone()).Index(jen.Id("k")), jen.Id("dup")).Block(jen.Id("d").Dot("fail").Call(), jen.Return()),
			x.Clone().Index(jen.Id("d").Dot("keepKey").Call(jen.Id("k"))).Op("=").Id("val"),
		)
	}
	cases = append(cases, jen.Default().Block(extra...))

	loop := []jen.Code{jen.Id("k").Op(":=").Id("d").Dot("key").Call()}
	if n.PropertyNames != nil {
		loop = append(loop, jen.Id("d").Dot("name").Call(jen.Id("k"), jen.Id(n.PropertyNames.GoFunc)))
	}
	loop = append(loop, jen.If(jen.Id("d").Dot("bad")).Block(jen.Return()))
	if counted {
		loop = append(loop, jen.Id("members").Op("++"))
	}
	loop = append(loop, jen.Switch(jen.Id("k")).Block(cases...))

	stmts := []jen.Code{}
	if len(t.Fields) > 0 {
		stmts = append(stmts, jen.Var().Id("seen").Index(jen.Lit(len(t.Fields))).Bool())
	}
	if counted {
		stmts = append(stmts, jen.Id("members").Op(":=").Lit(0))
	}
	more := jen.Id("more")
	stmts = append(stmts,
		jen.For(more.Clone().Op(":=").Id("d").Dot("open").Call(jen.LitRune('{'), jen.Id("depth")), more, more.Clone().Op("=").Id("d").Dot("next").Call(jen.LitRune('}'))).Block(loop...),
	)
	// What the schema asks of the object as a whole.
	var conds []jen.Code
	for _, r := range n.Required {
		conds = append(conds, jen.Op("!").Id("seen").Index(jen.Lit(index[r])))
	}
	for _, dep := range n.DependentRequired {
		for _, r := range dep.Requires {
			conds = append(conds, jen.Id("seen").Index(jen.Lit(index[dep.Property])).Op("&&").Op("!").Id("seen").Index(jen.Lit(index[r])))
		}
	}
	if n.MinProperties != nil {
		conds = append(conds, jen.Id("members").Op("<").Lit(int(*n.MinProperties)))
	}
	if n.MaxProperties != nil {
		conds = append(conds, jen.Id("members").Op(">").Lit(int(*n.MaxProperties)))
	}
	if cond := e.conditions(t); cond != nil {
		conds = append(conds, jen.Op("!").Id(fastIfName(t)).Call(jen.Id("t"), jen.Id("depth")))
		defer func() {
			f.Commentf("%s checks the conditional entries of the allOf of %s on a value read in one pass.", fastIfName(t), t.GoName)
			f.Func().Id(fastIfName(t)).Params(jen.Id("t").Id(t.GoName), jen.Id("d").Int()).Bool().Block(cond...)
		}()
	}
	if len(conds) > 0 {
		c := jen.Add(conds[0])
		for _, x := range conds[1:] {
			c = c.Op("||").Add(x)
		}
		stmts = append(stmts, jen.If(c).Block(jen.Id("d").Dot("fail").Call()))
	}
	stmts = append(stmts, jen.Return())
	f.Commentf("%s reads a %s object at nesting depth in one pass (raw: as the document,", fastName(t), t.GoName)
	f.Comment("whose undeclared members a plan keeps as text); d.bad reports a doubt.")
	f.Func().Id(fastName(t)).Params(jen.Id("d").Op("*").Id("sgFast"), jen.Id("depth").Int(), jen.Id("raw").Bool()).Params(jen.Id("t").Id(t.GoName)).Block(stmts...)
}

// fastParse is the one-pass decoder ParseT tries for t, or nil.
func (e *emitter) fastParse(t *ir.Type) jen.Code {
	if t.Only != nil {
		return nil
	}
	s := t
	if goAlias(t) {
		s = e.fastTarget(&ir.TypeRef{Kind: ir.RefNamed, Named: t}, t.Node)
	}
	if s != nil && e.fastStruct(s) && e.reduce(t.Node) == e.reduce(s.Node) {
		return jen.Func().Params(jen.Id("d").Op("*").Id("sgFast")).Id(t.GoName).Block(
			jen.Return(jen.Id(fastName(s)).Call(jen.Id("d"), jen.Lit(0), jen.Lit(planned(t)))),
		)
	}
	// A document of a string, integer or boolean type is read in place; another JSON type is
	// a doubt, which the exact path reports.
	if t.Kind == ir.Struct || t.Node == nil || !e.anyFastStruct() {
		return nil
	}
	read, ok := directRead(&ir.TypeRef{Kind: ir.RefNamed, Named: t}, t.Node, false, func(x jen.Code) []jen.Code {
		return []jen.Code{jen.Return(x)}
	})
	if !ok {
		return nil
	}
	return jen.Func().Params(jen.Id("d").Op("*").Id("sgFast")).Id(t.GoName).Block(
		read,
		jen.Id("d").Dot("fail").Call(),
		jen.Return(jen.Op("*").New(jen.Id(t.GoName))),
	)
}

// anyFastStruct reports whether a struct of the schema has a one-pass decoder: the readers of
// documents of scalar types are written only then, as the runtime's one-pass code (scan.go) is
// then all in use.
func (e *emitter) anyFastStruct() bool {
	e.memo.anyOnce.Do(func() {
		for _, t := range e.s.Types {
			if e.fastStruct(t) {
				e.memo.any = true
				return
			}
		}
	})
	return e.memo.any
}

// fast writes the one-pass decoders of the structs among types.
func (e *emitter) fast(types []*ir.Type) *jen.File {
	f := e.newFile(e.opts.Package)
	f.ImportName("encoding/json", "json")
	for _, t := range types {
		if e.fastStruct(t) {
			e.fastDecoder(f, t)
		}
	}
	return f
}
