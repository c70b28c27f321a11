package golang

import (
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/skillgen/skillgen/generator/ir"
)

// valueDec is an expression of type func(*sgValue) (T, error) decoding a validated tree into
// the Go type of an item, map value or alias r (a pointer when r.Ptr; null gives nil).
func valueDec(r *ir.TypeRef) jen.Code {
	base := baseDec(r)
	switch {
	case r.Ptr:
		return decLambda(jen.Op("*").Add(goType(r)), jen.Id("sgDecPtr").Call(jen.Id("v"), base))
	case r.Nullable && r.Kind != ir.RefAny && r.Kind != ir.RefNull && r.GoNil():
		return decLambda(goType(r), jen.Id("sgDecNil").Call(jen.Id("v"), base))
	}
	return base
}

// decLambda is func(v *sgValue) (typ, error) { return call }.
func decLambda(typ *jen.Statement, call *jen.Statement) jen.Code {
	return jen.Func().Params(jen.Id("v").Op("*").Id("sgValue")).Params(typ, jen.Error()).Block(jen.Return(call))
}

// baseDec decodes the Go type of r itself (no pointer).
func baseDec(r *ir.TypeRef) jen.Code {
	if gt := userType(r); gt != nil {
		return userDec(gt)
	}
	switch r.Kind {
	case ir.RefNamed:
		return jen.Id(decName(r.Named))
	case ir.RefString:
		return jen.Id("sgDecString")
	case ir.RefInteger:
		return jen.Id("sgDecInt")
	case ir.RefNumber:
		return jen.Id("sgDecFloat")
	case ir.RefBool:
		return jen.Id("sgDecBool")
	case ir.RefNull:
		return jen.Id("sgDecNull")
	case ir.RefArray:
		return decLambda(goType(r), jen.Id("sgDecArray").Call(jen.Id("v"), valueDec(r.Elem)))
	case ir.RefMap:
		return decLambda(goType(r), jen.Id("sgDecMap").Call(jen.Id("v"), valueDec(r.Elem)))
	}
	return jen.Id("sgDecAny")
}

// fieldless reports whether a member has no Go field: a required const, which MarshalJSON
// writes itself.
func fieldless(f *ir.Field) bool { return f.Const != nil && f.Required }

// fieldDec is the helper and decoder that read a struct member or tuple position into its
// field, as its Hold says.
func fieldDec(f *ir.Field) (string, jen.Code) {
	switch f.Hold {
	case ir.HoldPointer:
		if f.Nullable {
			return "sgNullField", baseDec(f.Type)
		}
		return "sgPtrField", baseDec(f.Type)
	case ir.HoldOptNil:
		if f.Type.Ptr {
			return "sgOptNilField", decLambda(jen.Op("*").Add(goType(f.Type)), jen.Id("sgDecRef").Call(jen.Id("v"), baseDec(f.Type)))
		}
		return "sgOptNilField", baseDec(f.Type)
	}
	if f.Nullable && f.Type.Kind != ir.RefAny && f.Type.GoNil() {
		return "sgField", decLambda(goType(f.Type), jen.Id("sgDecNil").Call(jen.Id("v"), baseDec(f.Type)))
	}
	if userType(f.Type) != nil {
		return "sgField", baseDec(f.Type)
	}
	switch f.Type.Kind {
	case ir.RefArray:
		return "sgArrayField", valueDec(f.Type.Elem)
	case ir.RefMap:
		return "sgMapField", valueDec(f.Type.Elem)
	}
	return "sgField", baseDec(f.Type)
}

// hasMethods reports whether methods can be declared on t's Go type: an alias of any value or
// of null is an interface type, which cannot have them (nor can a defined type over one). A Go
// alias has the methods of the type it names.
func hasMethods(t *ir.Type) bool {
	switch {
	case t.Kind != ir.Alias || goAlias(t):
		return true
	case t.Alias.Kind == ir.RefNamed:
		return hasMethods(resolved(t))
	}
	return t.Alias.Kind != ir.RefAny && t.Alias.Kind != ir.RefNull
}

// goAlias reports whether t is a Go alias (type A = B) of the named type it refers to: its
// schema is only the reference. A named type whose schema adds constraints beside the reference
// is a defined type (type A B) with a Validate of its own.
func goAlias(t *ir.Type) bool {
	return t.Kind == ir.Alias && t.Alias.Kind == ir.RefNamed && t.RefOnly
}

// resolved is the type t's Go type is built on: t itself, or, through every alias and defined
// type over another named type, the first that is not one.
func resolved(t *ir.Type) *ir.Type {
	for i := 0; t.Kind == ir.Alias && t.Alias.Kind == ir.RefNamed && i < 1000; i++ {
		t = t.Alias.Named
	}
	return t
}

// ownJSON reports whether the Go type of t, a defined type over another named type, needs its
// own MarshalJSON and UnmarshalJSON: a defined type does not inherit the methods of the struct,
// union or tuple it is defined over, and encoding/json's reflection would not write what they do.
func ownJSON(t *ir.Type) bool {
	if t.Kind != ir.Alias || goAlias(t) || t.Alias.Kind != ir.RefNamed {
		return false
	}
	switch resolved(t).Kind {
	case ir.Struct, ir.Union, ir.Tuple:
		return true
	}
	return false
}

// planned reports whether t's ParseT and UnmarshalJSON parse its undeclared members for their
// syntax alone (sgPlan): t keeps them as text, and its validator reads nothing of their values
// (additionalProperties absent or true, and no keyword that applies other subschemas to
// the object or compares it whole).
func planned(t *ir.Type) bool {
	if t.Kind != ir.Struct || !rawExtra(t) {
		return false
	}
	n := t.Node
	ap := n.AdditionalProperties
	return n.Bool == nil && n.Ref == nil && n.DynamicRef == nil && len(n.Enum) == 0 && n.Const == nil &&
		(ap == nil || isTrue(ap)) && len(n.PatternProperties) == 0 && n.UnevaluatedProperties == nil &&
		len(n.DependentSchemas) == 0 && len(n.AllOf) == 0 && len(n.AnyOf) == 0 && len(n.OneOf) == 0 &&
		n.Not == nil && n.If == nil && n.Then == nil && n.Else == nil
}

// planOf is t's plan, or nil.
func planOf(t *ir.Type) jen.Code {
	if planned(t) {
		return jen.Id(planName(t))
	}
	return jen.Nil()
}

// ret is "return t, err" (or another value for t).
func ret(v jen.Code) *jen.Statement { return jen.Return(v, jen.Err()) }

// ifErr is "if err != nil { return t, err }".
func ifErr() *jen.Statement {
	return jen.If(jen.Err().Op("!=").Nil()).Block(ret(jen.Id("t")))
}

func (e *emitter) codec(types []*ir.Type, registry bool) *jen.File {
	f := e.newFile(e.opts.Package)
	f.ImportName("encoding/json", "json")
	fails := failer{}
	for _, t := range types {
		switch t.Kind {
		case ir.Struct:
			e.structCodec(f, t, fails)
		case ir.Tuple:
			e.tupleCodec(f, t)
		case ir.Union:
			e.unionCodec(f, t)
		case ir.Enum:
			conv := map[ir.RefKind]string{ir.RefInteger: "sgDecInt", ir.RefNumber: "sgDecFloat"}[t.EnumBase]
			if conv == "" {
				conv = "sgDecString"
			}
			f.Func().Id(decName(t)).Params(jen.Id("v").Op("*").Id("sgValue")).Params(jen.Id(t.GoName), jen.Error()).Block(
				jen.List(jen.Id("x"), jen.Err()).Op(":=").Id(conv).Call(jen.Id("v")),
				ret(jen.Id(t.GoName).Call(jen.Id("x"))),
			)
		case ir.Alias:
			if goAlias(t) {
				f.Func().Id(decName(t)).Params(jen.Id("v").Op("*").Id("sgValue")).Params(jen.Id(t.GoName), jen.Error()).Block(
					jen.Return(jen.Id(decName(t.Alias.Named)).Call(jen.Id("v"))),
				)
			} else {
				f.Func().Id(decName(t)).Params(jen.Id("v").Op("*").Id("sgValue")).Params(jen.Id(t.GoName), jen.Error()).Block(
					jen.List(jen.Id("x"), jen.Err()).Op(":=").Add(jen.Add(valueDec(t.Alias)).Call(jen.Id("v"))),
					ret(jen.Id(t.GoName).Call(jen.Id("x"))),
				)
			}
			if hasEncoder(t) {
				e.aliasEncoder(f, t)
			}
			if ownJSON(t) {
				e.marshalJSON(f, t, "MarshalJSON writes t as the "+t.Alias.Named.GoName+" it converts to", false)
				e.unmarshal(f, t)
			}
		}
		e.parseAndValidate(f, t)
		e.ok.emit(f, t)
	}
	if registry {
		e.registry(f)
	}
	return f
}

// parseAndValidate writes ParseT and Validate (or ValidateT).
func (e *emitter) parseAndValidate(f *jen.File, t *ir.Type) {
	n := t.GoName
	validator := t.Node.GoFunc
	if t.Only != nil {
		// The variant of a union of JSON types: a document of another type is refused for its
		// type, first, as a value the schema's "type" refuses would be.
		validator = helperName(prefixOnly, t)
		want := strings.Join(t.Only, " or ")
		f.Commentf("%s validates a %s document: a value of another JSON type", validator, n)
		f.Commentf("than %s is refused for its type, before the schema's checks.", want)
		f.Func().Id(validator).Params(jen.Id("v").Op("*").Id("sgValue"), jen.Id("p").Op("*").Id("sgPointer"), jen.Id("e").Op("*").Id("sgErrors")).Block(
			jen.If(notTypes(t.Only)).Block(
				addErr("type", msg("type", "types", want)),
				jen.Return(),
			),
			jen.Id(t.Node.GoFunc).Call(jen.Id("v"), jen.Id("p"), jen.Id("e")),
		)
	}
	if t.Nullable {
		// The schema accepts null, which the type leaves to its references: ParseT holds it
		// as a nil *T, as json.Unmarshal into a *T does.
		f.Commentf("Parse%s decodes and validates data in one step; the error is ValidationErrors. The", n)
		f.Commentf("schema accepts null as well, which gives nil (%s holds the other values).", n)
		dec := jen.Func().Params(jen.Id("v").Op("*").Id("sgValue")).Params(jen.Op("*").Id(n), jen.Error()).Block(
			jen.Return(jen.Id("sgDecPtr").Call(jen.Id("v"), jen.Id(decName(t)))),
		)
		f.Func().Id("Parse"+n).Params(jen.Id("data").Index().Byte()).Params(jen.Op("*").Id(n), jen.Error()).Block(
			jen.Return(jen.Id("sgParseWith").Call(jen.Id("data"), planOf(t), jen.Id(validator), dec)),
		)
	} else {
		f.Commentf("Parse%s decodes and validates data in one step; the error is ValidationErrors.", n)
		parse := []jen.Code{jen.Return(jen.Id("sgParseWith").Call(jen.Id("data"), planOf(t), jen.Id(validator), jen.Id(decName(t))))}
		if read := e.fastParse(t); read != nil {
			// The one-pass decoder first; the exact path at its first doubt (fast.go).
			parse = append([]jen.Code{jen.If(jen.List(jen.Id("t"), jen.Id("ok")).Op(":=").Id("sgReadDocument").Call(jen.Id("data"), read), jen.Id("ok")).Block(
				jen.Return(jen.Id("t"), jen.Nil()))}, parse...)
		}
		f.Func().Id("Parse"+n).Params(jen.Id("data").Index().Byte()).Params(jen.Id(n), jen.Error()).Block(parse...)
	}
	switch {
	case goAlias(t):
	case !hasMethods(t):
		f.Commentf("Validate%s reports every violation of the schema (nil, or ValidationErrors). It is", n)
		f.Commentf("a function: %s is an interface type, which cannot have methods.", n)
		f.Func().Id("Validate" + n).Params(jen.Id("t").Id(n)).Error().Block(
			jen.Return(jen.Id("sgValidateWith").Call(jen.Id("t"), jen.Id(t.Node.GoFunc))),
		)
	default:
		f.Comment("Validate reports every violation of the schema (nil, or ValidationErrors).")
		f.Func().Params(jen.Id("t").Id(n)).Id("Validate").Params().Error().Block(
			e.ok.validateBody(t, jen.Id("sgValidateWith").Call(jen.Id("t"), jen.Id(t.Node.GoFunc)))...,
		)
	}
}

func (e *emitter) structCodec(f *jen.File, t *ir.Type, fails failer) {
	n := t.GoName
	// known reports the members the struct has fields (or constants) for.
	var names []jen.Code
	for _, fd := range t.Fields {
		names = append(names, jen.Lit(fd.JSONName))
	}
	if t.Extra != nil {
		body := []jen.Code{}
		if len(names) > 0 {
			body = append(body, jen.Switch(jen.Id("k")).Block(jen.Case(names...).Block(jen.Return(jen.True()))))
		}
		body = append(body, jen.Return(jen.False()))
		f.Func().Id(knownName(t)).Params(jen.Id("k").String()).Bool().Block(body...)
	}
	if planned(t) {
		f.Commentf("%s keeps the undeclared members of %s, which nothing validates, as", planName(t), n)
		f.Comment("their text: the parser checks their syntax and builds no tree below them.")
		f.Var().Id(planName(t)).Op("=").Op("&").Id("sgPlan").Values(jen.Dict{jen.Id("known"): jen.Id(knownName(t))})
	}

	// The members, one call each; the first error (in schema order) is the result.
	var members []jen.Code
	for _, fd := range t.Fields {
		if fieldless(fd) {
			continue
		}
		helper, dec := fieldDec(fd)
		members = append(members, jen.Id(helper).Call(jen.Id("o").Dot("get").Call(jen.Lit(fd.JSONName)), jen.Lit(fd.JSONName), jen.Op("&").Id("t").Dot(fd.GoName), dec))
	}
	var decs []jen.Code
	switch len(members) {
	case 0:
	case 1:
		decs = append(decs, jen.If(jen.Err().Op(":=").Add(members[0]), jen.Err().Op("!=").Nil()).Block(ret(jen.Id("t"))))
	default:
		decs = append(decs,
			jen.Err().Op("=").Id("sgFirst").Custom(jen.Options{Open: "(", Close: ")", Separator: ",", Multi: true}, members...),
			ifErr())
	}
	if t.Extra != nil {
		each := []jen.Code{
			jen.Id("x").Op(":=").Op("&").Id("vals").Index(jen.Id("i")),
			jen.If(jen.Id(knownName(t)).Call(jen.Id("k"))).Block(jen.Continue()),
		}
		if rawExtra(t) {
			// The text of a member, copied: nothing to fail.
			each = append(each, jen.Id("val").Op(":=").Id("sgRawText").Call(jen.Id("x")))
		} else {
			each = append(each,
				jen.List(jen.Id("val"), jen.Err()).Op(":=").Add(jen.Add(valueDec(t.Extra)).Call(jen.Id("x"))),
				jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Id("t"), jen.Id("sgAt").Call(jen.Id("k"), jen.Err()))))
		}
		each = append(each,
			jen.If(jen.Id("t").Dot(t.ExtraGoName).Op("==").Nil()).Block(
				jen.Id("t").Dot(t.ExtraGoName).Op("=").Make(jen.Map(jen.String()).Add(extraType(t)), jen.Len(jen.Id("vals")).Op("-").Id("i")),
			),
			jen.Id("t").Dot(t.ExtraGoName).Index(jen.Qual("strings", "Clone").Call(jen.Id("k"))).Op("=").Id("val"))
		decs = append(decs,
			jen.Id("vals").Op(":=").Id("o").Dot("vals").Call(),
			jen.For(jen.List(jen.Id("i"), jen.Id("k")).Op(":=").Range().Id("o").Dot("keys").Call()).Block(each...))
	}
	stmts := []jen.Code{jen.Var().Id("t").Id(n)}
	if t.NotObjectGoName != "" {
		// The schema accepts values other than objects too: kept as their text.
		stmts = append(stmts, jen.If(jen.Id("v").Dot("kind").Call().Op("!=").Id("sgKindObject")).Block(
			jen.Id("t").Dot(t.NotObjectGoName).Op("=").Id("sgRawText").Call(jen.Id("v")),
			jen.Return(jen.Id("t"), jen.Nil()),
		))
	}
	if len(decs) == 0 {
		stmts = append(stmts, jen.List(jen.Id("_"), jen.Err()).Op(":=").Id("sgDecObject").Call(jen.Id("v")), ret(jen.Id("t")))
	} else {
		stmts = append(stmts,
			jen.List(jen.Id("o"), jen.Err()).Op(":=").Id("sgDecObject").Call(jen.Id("v")),
			ifErr())
		stmts = append(stmts, decs...)
		stmts = append(stmts, jen.Return(jen.Id("t"), jen.Nil()))
	}
	f.Func().Id(decName(t)).Params(jen.Id("v").Op("*").Id("sgValue")).Params(jen.Id(n), jen.Error()).Block(stmts...)

	e.structEncoder(f, t, fails)
	e.unmarshal(f, t)
}

// goKind is the kind of the Go type of r, looking through aliases: RefArray for a slice,
// RefMap for a map.
func goKind(r *ir.TypeRef) ir.RefKind {
	for i := 0; r.Kind == ir.RefNamed && r.Named.Kind == ir.Alias && i < 1000; i++ {
		r = r.Named.Alias
	}
	return r.Kind
}

func (e *emitter) tupleCodec(f *jen.File, t *ir.Type) {
	n := t.GoName
	stmts := []jen.Code{
		jen.Var().Id("t").Id(n),
		jen.List(jen.Id("items"), jen.Err()).Op(":=").Id("sgDecTuple").Call(jen.Id("v")),
		ifErr(),
	}
	for i, fd := range t.Fields {
		helper, dec := fieldDec(fd)
		stmts = append(stmts, jen.If(
			jen.Err().Op(":=").Id(helper).Call(jen.Id("sgItem").Call(jen.Id("items"), jen.Lit(i)), jen.Lit(strconv.Itoa(i)), jen.Op("&").Id("t").Dot(fd.GoName), dec),
			jen.Err().Op("!=").Nil(),
		).Block(ret(jen.Id("t"))))
	}
	if t.Rest != nil {
		k := len(t.Fields)
		stmts = append(stmts, jen.If(jen.Len(jen.Id("items")).Op(">").Lit(k)).Block(
			jen.If(
				jen.List(jen.Id("t").Dot(t.RestGoName), jen.Err()).Op("=").Id("sgDecItems").Call(jen.Id("items").Index(jen.Lit(k).Op(":")), jen.Lit(k), valueDec(t.Rest)),
				jen.Err().Op("!=").Nil(),
			).Block(ret(jen.Id("t"))),
		))
	}
	stmts = append(stmts, jen.Return(jen.Id("t"), jen.Nil()))
	f.Func().Id(decName(t)).Params(jen.Id("v").Op("*").Id("sgValue")).Params(jen.Id(n), jen.Error()).Block(stmts...)

	ms := []jen.Code{jen.Id("e").Op(":=").Id("sgNewArrayEncoder").Call(jen.Lit(n))}
	for _, fd := range t.Fields {
		x := jen.Id("t").Dot(fd.GoName)
		var present jen.Code = jen.True()
		switch {
		case fd.Required:
		case fd.Hold == ir.HoldOptNil:
			present = x.Clone().Dot("Set")
		default:
			present = x.Clone().Op("!=").Nil()
		}
		ms = append(ms, jen.Id("e").Dot("item").Call(present, x))
	}
	if t.Rest != nil {
		ms = append(ms, jen.For(jen.List(jen.Id("_"), jen.Id("x")).Op(":=").Range().Id("t").Dot(t.RestGoName)).Block(
			jen.Id("e").Dot("item").Call(jen.True(), jen.Id("x")),
		))
	}
	ms = append(ms, jen.Return(jen.Id("e").Dot("bytes").Call()))
	f.Comment("MarshalJSON writes the fields as the items of a JSON array, in order.")
	f.Func().Params(jen.Id("t").Id(n)).Id("MarshalJSON").Params().Params(jen.Index().Byte(), jen.Error()).Block(ms...)
	e.unmarshal(f, t)
}

// kindTest is the condition that the value v has one of the JSON types.
func kindTest(kinds []string) jen.Code {
	var conds []jen.Code
	for _, k := range kinds {
		fn := map[string]string{"boolean": "sgIsBool", "string": "sgIsString", "integer": "sgIsInteger", "number": "sgIsNumber",
			"array": "sgIsArray", "object": "sgIsObject", "null": "sgIsNull"}[k]
		conds = append(conds, jen.Id(fn).Call(jen.Id("v")))
	}
	if len(conds) == 0 {
		return jen.False()
	}
	c := jen.Add(conds[0])
	for _, x := range conds[1:] {
		c = c.Op("||").Add(x)
	}
	if len(conds) > 1 {
		return jen.Parens(c)
	}
	return c
}

// kindsText names JSON types for a message: "string or object".
func kindsText(vs []ir.Variant) string {
	var out []string
	seen := map[string]bool{}
	for _, v := range vs {
		for _, k := range v.Kinds {
			if !seen[k] {
				seen[k] = true
				out = append(out, k)
			}
		}
	}
	return strings.Join(out, " or ")
}

// setVariant decodes v into the variant's field and returns the union.
func setVariant(t *ir.Type, v ir.Variant) []jen.Code {
	dec := jen.Add(baseDec(v.Ref)).Call(jen.Id("v"))
	target := jen.Op("&").Id("x")
	if v.Ref.GoNil() {
		target = jen.Id("x")
	}
	return []jen.Code{
		jen.List(jen.Id("x"), jen.Err()).Op(":=").Add(dec),
		jen.Id("t").Dot(v.GoName).Op("=").Add(target),
		ret(jen.Id("t")),
	}
}

func (e *emitter) unionCodec(f *jen.File, t *ir.Type) {
	n := t.GoName
	stmts := []jen.Code{jen.Var().Id("t").Id(n)}
	if t.Dispatch == ir.ByTag {
		d := t.Branches.Discriminator
		var cases []jen.Code
		for _, v := range t.Variants {
			cases = append(cases, jen.Case(jen.Lit(v.Value)).Block(setVariant(t, v)...))
		}
		cases = append(cases, jen.Default().Block(jen.Return(jen.Id("t"), jen.Id("sgTagError").Call(jen.Lit(d.Property), jen.Lit(d.Keyword), jen.Id("tag"), jen.True()))))
		stmts = append(stmts,
			jen.List(jen.Id("o"), jen.Err()).Op(":=").Id("sgDecObject").Call(jen.Id("v")),
			ifErr(),
			jen.List(jen.Id("tag"), jen.Id("ok")).Op(":=").Id("sgDiscriminant").Call(jen.Id("o"), jen.Lit(d.Property)),
			jen.If(jen.Op("!").Id("ok")).Block(jen.Return(jen.Id("t"), jen.Id("sgTagError").Call(jen.Lit(d.Property), jen.Lit(d.Keyword), jen.Lit(""), jen.False()))),
			jen.Switch(jen.Id("tag")).Block(cases...),
		)
	} else {
		// Variants whose JSON types no other variant shares are chosen by type; the others by
		// the first schema that accepts the value, then (undecided, unvalidated input) by type.
		var cases, fallback []jen.Code
		for _, v := range t.Variants {
			if v.Shared {
				cases = append(cases, jen.Case(jen.Add(kindTest(v.Kinds)).Op("&&").Id("sgValid").Call(jen.Id("v"), jen.Id(v.Node.GoFunc))).Block(setVariant(t, v)...))
				fallback = append(fallback, jen.Case(kindTest(v.Kinds)).Block(setVariant(t, v)...))
			} else {
				cases = append(cases, jen.Case(kindTest(v.Kinds)).Block(setVariant(t, v)...))
			}
		}
		cases = append(cases, fallback...)
		stmts = append(stmts,
			jen.Switch().Block(cases...),
			jen.Return(jen.Id("t"), jen.Id("sgMismatch").Call(jen.Lit(kindsText(t.Variants)), jen.Id("v"))),
		)
	}
	f.Func().Id(decName(t)).Params(jen.Id("v").Op("*").Id("sgValue")).Params(jen.Id(n), jen.Error()).Block(stmts...)

	e.unionEncoder(f, t)
	e.unmarshal(f, t)
}

// registry writes Parse and TypeNames.
func (e *emitter) registry(f *jen.File) {
	sig := jen.Func().Params(jen.Index().Byte()).Params(jen.Any(), jen.Error())
	var names []jen.Code // one per line
	for _, t := range e.s.Types {
		names = append(names, jen.Line().Lit(t.GoName))
	}
	names = append(names, jen.Line())
	f.Var().Id("sgParsers").Op("=").Map(jen.String()).Add(sig).Values(jen.DictFunc(func(d jen.Dict) {
		for _, t := range e.s.Types {
			d[jen.Lit(t.GoName)] = jen.Func().Params(jen.Id("d").Index().Byte()).Params(jen.Any(), jen.Error()).Block(
				jen.Return(jen.Id("Parse" + t.GoName).Call(jen.Id("d"))),
			)
		}
	}))
	f.Comment("Parse parses data as the named type (see TypeNames), for tools that choose the type at")
	f.Comment("run time. The value is what ParseT returns: the type's Go value, or for a type whose schema")
	f.Comment("accepts null a pointer to it, nil for null.")
	f.Func().Id("Parse").Params(jen.Id("typeName").String(), jen.Id("data").Index().Byte()).Params(jen.Any(), jen.Error()).Block(
		jen.List(jen.Id("p"), jen.Id("ok")).Op(":=").Id("sgParsers").Index(jen.Id("typeName")),
		jen.If(jen.Op("!").Id("ok")).Block(jen.Return(jen.Nil(), jen.Qual("fmt", "Errorf").Call(jen.Lit("unknown type %q"), jen.Id("typeName")))),
		jen.Return(jen.Id("p").Call(jen.Id("data"))),
	)
	f.Var().Id("sgValidators").Op("=").Map(jen.String()).Id("sgValidator").Values(jen.DictFunc(func(d jen.Dict) {
		for _, t := range e.s.Types {
			d[jen.Lit(t.GoName)] = jen.Id(t.Node.GoFunc)
		}
	}))
	f.Comment("Validate validates data as the named type (see TypeNames) by its schema alone: ValidationErrors,")
	f.Comment("or nil. A document the schema accepts and the type's Go value cannot hold (an integer beyond")
	f.Comment("64 bits, a value of another JSON type for the variant of a union of JSON types) is valid here,")
	f.Comment("and refused by Parse.")
	f.Func().Id("Validate").Params(jen.Id("typeName").String(), jen.Id("data").Index().Byte()).Error().Block(
		jen.List(jen.Id("f"), jen.Id("ok")).Op(":=").Id("sgValidators").Index(jen.Id("typeName")),
		jen.If(jen.Op("!").Id("ok")).Block(jen.Return(jen.Qual("fmt", "Errorf").Call(jen.Lit("unknown type %q"), jen.Id("typeName")))),
		jen.List(jen.Id("v"), jen.Err()).Op(":=").Id("sgParseDocument").Call(jen.Id("data"), jen.Nil()),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
		jen.Return(jen.Id("sgCheck").Call(jen.Id("v"), jen.Id("f"))),
	)
	f.Comment("TypeNames lists the named types Parse accepts, in schema order.")
	f.Func().Id("TypeNames").Params().Index().String().Block(
		jen.Return(jen.Index().String().Values(names...)),
	)
}

func (e *emitter) unmarshal(f *jen.File, t *ir.Type) {
	f.Comment("UnmarshalJSON decodes without validating; use Parse" + t.GoName + " to validate as well.")
	f.Func().Params(jen.Id("t").Op("*").Id(t.GoName)).Id("UnmarshalJSON").Params(jen.Id("data").Index().Byte()).Error().Block(
		jen.Return(jen.Id("sgUnmarshalWith").Call(jen.Id("data"), planOf(t), jen.Id("t"), jen.Id(decName(t)))),
	)
}
