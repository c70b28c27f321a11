package golang

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/dave/jennifer/jen"

	"github.com/skillgen/skillgen/generator/ir"
	"github.com/skillgen/skillgen/generator/naming"
)

// goType is the Go type of a TypeRef, ignoring nullability, inside the generated package.
func goType(r *ir.TypeRef) *jen.Statement { return typeIn(r, jen.Id) }

// typeIn is the Go type of r, naming generated types with named (jen.Id inside the package,
// a qualified name outside it).
func typeIn(r *ir.TypeRef, named func(string) *jen.Statement) *jen.Statement {
	if gt := userType(r); gt != nil {
		return userTypeCode(gt)
	}
	switch r.Kind {
	case ir.RefNamed:
		return named(r.Named.GoName)
	case ir.RefString:
		return jen.String()
	case ir.RefInteger:
		return jen.Int64()
	case ir.RefNumber:
		return jen.Float64()
	case ir.RefBool:
		return jen.Bool()
	case ir.RefArray:
		return jen.Index().Add(valueTypeIn(r.Elem, named))
	case ir.RefMap:
		return jen.Map(jen.String()).Add(valueTypeIn(r.Elem, named))
	}
	return jen.Any()
}

// valueType is the Go type of an array item, map value or alias: a pointer when the builder
// says so (ir.TypeRef.Ptr).
func valueType(r *ir.TypeRef) *jen.Statement { return valueTypeIn(r, jen.Id) }

// rawExtra reports whether the struct t keeps its undeclared members as their JSON text
// (json.RawMessage): when their schema allows any value, as ogen does. Decoding them into
// map[string]any would cost several times their text for values nothing reads.
func rawExtra(t *ir.Type) bool { return t.Extra != nil && t.Extra.Kind == ir.RefAny }

// extraType is the Go type of the values of t's undeclared members.
func extraType(t *ir.Type) *jen.Statement {
	if rawExtra(t) {
		return jen.Qual("encoding/json", "RawMessage")
	}
	return valueType(t.Extra)
}

func valueTypeIn(r *ir.TypeRef, named func(string) *jen.Statement) *jen.Statement {
	if r.Ptr {
		return jen.Op("*").Add(typeIn(r, named))
	}
	return typeIn(r, named)
}

// fieldTypeIn is the Go type of a struct field or tuple position, as its Hold says.
func fieldTypeIn(f *ir.Field, named func(string) *jen.Statement) *jen.Statement {
	switch f.Hold {
	case ir.HoldPointer:
		return jen.Op("*").Add(typeIn(f.Type, named))
	case ir.HoldOptNil:
		if f.Type.Ptr {
			return named("OptNil").Types(jen.Op("*").Add(typeIn(f.Type, named)))
		}
		return named("OptNil").Types(typeIn(f.Type, named))
	}
	return typeIn(f.Type, named)
}

func fieldType(f *ir.Field) *jen.Statement { return fieldTypeIn(f, jen.Id) }

// variantField is the Go type of a union's field for a variant: a pointer, or the slice or
// map itself (set when it is not nil).
func variantFieldIn(v ir.Variant, named func(string) *jen.Statement) *jen.Statement {
	if v.Ref.GoNil() {
		return typeIn(v.Ref, named)
	}
	return jen.Op("*").Add(typeIn(v.Ref, named))
}

func (e *emitter) types(types []*ir.Type) *jen.File {
	f := e.newFile(e.opts.Package)
	for _, t := range types {
		f.Add(docFor(t.GoName, t.Doc, ir.CommentLocation(t.Node.Location)))
		switch t.Kind {
		case ir.Struct:
			e.structType(f, t)
		case ir.Tuple:
			e.tupleType(f, t)
		case ir.Enum:
			e.enumType(f, t)
		case ir.Union:
			e.unionType(f, t)
		case ir.Alias:
			if goAlias(t) {
				f.Type().Id(t.GoName).Op("=").Id(t.Alias.Named.GoName)
			} else {
				f.Type().Id(t.GoName).Add(valueType(t.Alias))
			}
		}
	}
	return f
}

func (e *emitter) structType(f *jen.File, t *ir.Type) {
	var fields []jen.Code
	for _, fd := range t.Fields {
		if fieldless(fd) {
			continue
		}
		tag := "-"
		if validTagName(fd.JSONName) {
			tag = fd.JSONName
			if !fd.Required {
				tag += ",omitzero"
			}
		}
		if c := comment(fd.Doc); c != "" {
			fields = append(fields, lineComment(c))
		}
		fields = append(fields, jen.Id(fd.GoName).Add(fieldType(fd)).Tag(map[string]string{"json": tag}))
	}
	if t.Extra != nil {
		fields = append(fields,
			jen.Comment("The members not declared in the schema, kept and written back."),
			jen.Id(t.ExtraGoName).Map(jen.String()).Add(extraType(t)).Tag(map[string]string{"json": "-"}))
	}
	if t.NotObjectGoName != "" {
		fields = append(fields,
			jen.Comment(`The value when it is not an object (the schema has no "type": "object" and accepts`),
			jen.Comment("others too), as its JSON text; nil for an object. When set, it is the value written."),
			jen.Id(t.NotObjectGoName).Qual("encoding/json", "RawMessage").Tag(map[string]string{"json": "-"}))
	}
	f.Type().Id(t.GoName).Struct(fields...)
	for _, fd := range t.Fields {
		if fd.GoGetter == "" {
			continue
		}
		lit := defaultLit(fd)
		if lit == nil {
			continue
		}
		absent, value := jen.Id("t").Dot(fd.GoName).Op("==").Nil(), jen.Op("*").Id("t").Dot(fd.GoName)
		switch fd.Hold {
		case ir.HoldOptNil:
			absent, value = jen.Op("!").Id("t").Dot(fd.GoName).Dot("Set"), jen.Id("t").Dot(fd.GoName).Dot("Value")
		case ir.HoldValue:
			value = jen.Id("t").Dot(fd.GoName)
		}
		f.Commentf("%s returns %s, or its default when it is absent.", fd.GoGetter, fd.GoName)
		f.Func().Params(jen.Id("t").Id(t.GoName)).Id(fd.GoGetter).Params().Add(goType(fd.Type)).Block(
			jen.If(absent).Block(jen.Return(lit)),
			jen.Return(value),
		)
	}
}

func (e *emitter) tupleType(f *jen.File, t *ir.Type) {
	f.Add(lineComment(""))
	f.Add(lineComment(tupleDoc(t)))
	var fields []jen.Code
	for _, fd := range t.Fields {
		if c := comment(fd.Doc); c != "" {
			fields = append(fields, lineComment(c))
		}
		fields = append(fields, jen.Id(fd.GoName).Add(fieldType(fd)))
	}
	if t.Rest != nil {
		fields = append(fields, jen.Comment("The items after the positions above."),
			jen.Id(t.RestGoName).Index().Add(valueType(t.Rest)))
	}
	f.Type().Id(t.GoName).Struct(fields...)
}

// tupleDoc explains how a tuple's fields map to the array's items.
func tupleDoc(t *ir.Type) string {
	var req, opt []string
	for _, fd := range t.Fields {
		if fd.Required {
			req = append(req, fd.GoName)
		} else {
			opt = append(opt, fd.GoName)
		}
	}
	s := t.GoName + " is a JSON array whose items are its fields, in order"
	if len(opt) > 0 {
		s += "; " + strings.Join(opt, ", ") + " may be left out (nil), each only with the ones after it"
	}
	if t.Rest != nil {
		s += "; " + t.RestGoName + " holds the items after them"
	}
	return s + "."
}

func (e *emitter) enumType(f *jen.File, t *ir.Type) {
	base := ir.RefString
	if t.EnumBase == ir.RefInteger || t.EnumBase == ir.RefNumber {
		base = t.EnumBase
	}
	f.Type().Id(t.GoName).Add(goType(&ir.TypeRef{Kind: base}))
	var consts, vals []jen.Code
	for _, v := range t.Values {
		consts = append(consts, jen.Id(v.GoName).Id(t.GoName).Op("=").Add(enumLit(t.EnumBase, v.Value)))
		vals = append(vals, jen.Id(v.GoName))
	}
	f.Commentf("The values of %s.", t.GoName)
	f.Const().Defs(consts...)
	f.Commentf("%sValues lists every value of %s, in schema order.", t.GoName, t.GoName)
	f.Var().Id(t.GoName + "Values").Op("=").Index().Id(t.GoName).Values(vals...)
	f.Commentf("Valid reports whether t is one of the values of %s.", t.GoName)
	f.Func().Params(jen.Id("t").Id(t.GoName)).Id("Valid").Params().Bool().Block(
		jen.Switch(jen.Id("t")).Block(jen.Case(vals...).Block(jen.Return(jen.True()))),
		jen.Return(jen.False()),
	)
}

// enumLit is the Go constant of an enum value.
func enumLit(base ir.RefKind, value string) jen.Code {
	switch base {
	case ir.RefInteger:
		if i, err := strconv.ParseInt(value, 10, 64); err == nil {
			return jen.Lit(int(i))
		}
		fl, _ := strconv.ParseFloat(value, 64)
		return jen.Lit(int(fl))
	case ir.RefNumber:
		fl, _ := strconv.ParseFloat(value, 64)
		return jen.Lit(fl)
	}
	return jen.Lit(value)
}

func (e *emitter) unionType(f *jen.File, t *ir.Type) {
	f.Add(lineComment(""))
	switch t.Dispatch {
	case ir.ByTag:
		f.Add(lineComment(fmt.Sprintf("Exactly one field of %s is set: the variant whose %q is its name.", t.GoName, t.Branches.Discriminator.Property)))
	case ir.ByKind:
		f.Add(lineComment(fmt.Sprintf("Exactly one field of %s is set (not nil): the one for the JSON type of the value.", t.GoName)))
	default:
		f.Add(lineComment(fmt.Sprintf("Exactly one field of %s is set (not nil): a document is decoded into the %s variant its schema accepts.",
			t.GoName, map[bool]string{true: "first", false: "only"}[unionKeyword(t) == "anyOf"])))
	}
	var fields []jen.Code
	for _, v := range t.Variants {
		fields = append(fields, jen.Id(v.GoName).Add(variantFieldIn(v, jen.Id)))
	}
	f.Type().Id(t.GoName).Struct(fields...)

	what := "the tag of a variant of " + t.GoName
	if t.Dispatch == ir.ByTag {
		what = fmt.Sprintf("the %q of a variant of %s", t.Branches.Discriminator.Property, t.GoName)
	}
	f.Commentf("%s is %s.", t.GoTag, what)
	f.Type().Id(t.GoTag).String()
	var consts []jen.Code
	for _, v := range t.Variants {
		consts = append(consts, jen.Id(v.GoTag).Id(t.GoTag).Op("=").Lit(v.Value))
	}
	f.Commentf("The tags of the variants of %s.", t.GoName)
	f.Const().Defs(consts...)
	for _, v := range t.Variants {
		f.Commentf("%s returns %s %s holding the %s variant v.", v.GoNew, naming.Article(t.GoName), t.GoName, v.GoName)
		var body []jen.Code
		if v.Ref.GoNil() {
			// A nil slice or map becomes an empty one, so that the variant is set; a nil
			// interface is no value of the variant (null is not among its JSON types) and
			// stays nil: MarshalJSON then says that no variant is set.
			if empty := emptyValue(v.Ref); empty != nil {
				body = append(body, jen.If(jen.Id("v").Op("==").Nil()).Block(jen.Id("v").Op("=").Add(empty)))
			}
			body = append(body, jen.Return(jen.Id(t.GoName).Values(jen.Dict{jen.Id(v.GoName): jen.Id("v")})))
		} else {
			body = append(body, jen.Return(jen.Id(t.GoName).Values(jen.Dict{jen.Id(v.GoName): jen.Op("&").Id("v")})))
		}
		f.Func().Id(v.GoNew).Params(jen.Id("v").Add(typeIn(v.Ref, jen.Id))).Id(t.GoName).Block(body...)
	}
	f.Add(lineComment("Tag returns the tag of the variant that is set, or \"\" when none is: switch on it to handle each variant."))
	var stmts []jen.Code
	for _, v := range t.Variants {
		stmts = append(stmts, jen.If(jen.Id("t").Dot(v.GoName).Op("!=").Nil()).Block(jen.Return(jen.Id(v.GoTag))))
	}
	stmts = append(stmts, jen.Return(jen.Lit("")))
	f.Func().Params(jen.Id("t").Id(t.GoName)).Id("Tag").Params().Id(t.GoTag).Block(stmts...)
}

// emptyValue is the literal of an empty slice or map of a type held as a slice or a map (a
// named type, through its aliases), or nil for any other type.
func emptyValue(r *ir.TypeRef) *jen.Statement {
	u := r
	for i := 0; u.Kind == ir.RefNamed && i < 1000; i++ {
		if u.Named == nil || u.Named.Kind != ir.Alias || u.Named.Alias == nil || u.Named.Alias.Ptr {
			return nil
		}
		u = u.Named.Alias
	}
	var lit *jen.Statement
	switch u.Kind {
	case ir.RefMap:
		lit = jen.Map(jen.String()).Add(valueType(u.Elem))
	case ir.RefArray:
		lit = jen.Index().Add(valueType(u.Elem))
	default:
		return nil
	}
	if r.Kind == ir.RefNamed {
		lit = jen.Id(r.Named.GoName)
	}
	return lit.Values()
}

// unionKeyword is the keyword of a union's branches ("anyOf" or "oneOf").
func unionKeyword(t *ir.Type) string {
	if d := t.Branches.Discriminator; d != nil && t.Dispatch == ir.ByTag {
		return d.Keyword
	}
	if len(t.Branches.OneOf) > 0 {
		return "oneOf"
	}
	if len(t.Branches.AnyOf) > 0 {
		return "anyOf"
	}
	return "type"
}

// defaultLit is the Go literal of a field's default, when its type has one.
func defaultLit(fd *ir.Field) jen.Code {
	d, r := fd.Default, fd.Type
	kind, named := r.Kind, "" // the JSON type of the Go type, and its name when it is a named type
	if r.Kind == ir.RefNamed {
		switch t := r.Named; {
		case t.Kind == ir.Enum && (t.EnumBase == ir.RefInteger || t.EnumBase == ir.RefNumber):
			kind, named = t.EnumBase, t.GoName
		case t.Kind == ir.Enum || t.Kind == ir.Alias && t.Alias.Kind == ir.RefString:
			kind, named = ir.RefString, t.GoName
		default:
			return nil
		}
	}
	// Only a default of the type's own JSON type is a value of it (a default is an annotation:
	// the schema does not hold it to the type, nor to an enum).
	var lit *jen.Statement
	switch {
	case d.Kind == ir.String && kind == ir.RefString:
		lit = jen.Lit(d.String)
	case d.Kind == ir.Bool && kind == ir.RefBool:
		lit = jen.Lit(d.Bool)
	case d.Kind == ir.Number && (kind == ir.RefInteger || kind == ir.RefNumber):
		lit = numberLit(kind, d.Number)
	}
	switch {
	case lit == nil:
		return nil
	case named != "" && d.Kind == ir.Number:
		return jen.Id(named).Call(enumLit(kind, d.Number)) // as the enum's constants are written
	case named != "":
		return jen.Id(named).Call(lit)
	}
	return lit
}

// numberLit is the Go literal of a number's text as a value of kind (RefInteger: an integer
// literal, RefNumber: a float), or nil when the text is no such value.
func numberLit(kind ir.RefKind, text string) *jen.Statement {
	if kind == ir.RefInteger {
		if i, err := strconv.ParseInt(text, 10, 64); err == nil {
			return jen.Lit(i)
		}
		return nil
	}
	if fl, err := strconv.ParseFloat(text, 64); err == nil {
		return jen.Lit(fl)
	}
	return nil
}

// validTagName reports whether encoding/json can carry name in a struct tag. Other names get
// the tag "-": the generated MarshalJSON and decoders do not read tags, so nothing is lost.
func validTagName(name string) bool {
	if name == "" {
		return false
	}
	for _, c := range name {
		switch {
		case strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c):
		case unicode.IsLetter(c), unicode.IsDigit(c):
		default:
			return false
		}
	}
	return true
}
