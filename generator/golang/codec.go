package golang

import (
	"github.com/dave/jennifer/jen"

	"github.com/skillgen/skillgen/generator/ir"
)

// decFunc is an expression of type func(any) (T, error) decoding a validated tree into the Go
// type of r (a pointer when r is nullable without a nil of its own).
func decFunc(r *ir.TypeRef) jen.Code {
	base := baseDec(r)
	if r.Nullable && !nilable(r) {
		return jen.Func().Params(jen.Id("v").Op("*").Id("sgValue")).Params(jen.Op("*").Add(goType(r)), jen.Error()).Block(
			jen.Return(jen.Id("sgDecPtr").Call(jen.Id("v"), base)),
		)
	}
	if r.Nullable && (r.Kind == ir.RefArray || r.Kind == ir.RefMap) {
		// A nullable array or map: null is its nil.
		dec := "sgDecArray"
		if r.Kind == ir.RefMap {
			dec = "sgDecMap"
		}
		return jen.Func().Params(jen.Id("v").Op("*").Id("sgValue")).Params(goType(r), jen.Error()).Block(
			jen.If(jen.Id("v").Dot("kind").Op("==").Id("sgKindNull")).Block(jen.Return(jen.Nil(), jen.Nil())),
			jen.Return(jen.Id(dec).Call(jen.Id("v"), decFunc(r.Elem))),
		)
	}
	return base
}

func baseDec(r *ir.TypeRef) jen.Code {
	switch r.Kind {
	case ir.RefNamed:
		return jen.Id("sgDecode" + r.Named.GoName)
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
		return jen.Func().Params(jen.Id("v").Op("*").Id("sgValue")).Params(goType(r), jen.Error()).Block(
			jen.Return(jen.Id("sgDecArray").Call(jen.Id("v"), decFunc(r.Elem))),
		)
	case ir.RefMap:
		return jen.Func().Params(jen.Id("v").Op("*").Id("sgValue")).Params(goType(r), jen.Error()).Block(
			jen.Return(jen.Id("sgDecMap").Call(jen.Id("v"), decFunc(r.Elem))),
		)
	}
	return jen.Id("sgDecAny")
}

// hasMethods reports whether methods can be declared on t's Go type: an alias of any value,
// of null, or of a nullable scalar is an interface or pointer type, which cannot have them.
func hasMethods(t *ir.Type) bool {
	if t.Kind != ir.Alias || t.Alias.Kind == ir.RefNamed {
		return true
	}
	switch t.Alias.Kind {
	case ir.RefAny, ir.RefNull:
		return false
	}
	return !(t.Alias.Nullable && !nilable(t.Alias))
}

func knownName(t *ir.Type) string { return "sgKnown" + t.GoName }

func (e *emitter) codec(types []*ir.Type, registry bool) *jen.File {
	f := e.newFile(e.opts.Package)
	f.ImportName("encoding/json", "json")
	for _, t := range types {
		n := t.GoName
		dec := "sgDecode" + n
		switch t.Kind {
		case ir.Struct:
			// known reports the members the struct has fields (or constants) for.
			var names []jen.Code
			for _, fd := range t.Fields {
				names = append(names, jen.Lit(fd.JSONName))
			}
			body := []jen.Code{}
			if len(names) > 0 {
				body = append(body, jen.Switch(jen.Id("k")).Block(jen.Case(names...).Block(jen.Return(jen.True()))))
			}
			body = append(body, jen.Return(jen.False()))
			f.Func().Id(knownName(t)).Params(jen.Id("k").String()).Bool().Block(body...)

			stmts := []jen.Code{
				jen.Var().Id("t").Id(n),
				jen.List(jen.Id("o"), jen.Err()).Op(":=").Id("sgDecObject").Call(jen.Id("v")),
				jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Id("t"), jen.Err())),
			}
			for _, fd := range t.Fields {
				if fd.Const != nil {
					continue
				}
				helper := "sgField"
				fn := decFunc(fd.Type)
				if fieldPointer(fd) {
					helper = "sgOptField"
					fn = baseDec(fd.Type)
				}
				stmts = append(stmts, jen.If(
					jen.Err().Op(":=").Id(helper).Call(jen.Id("o"), jen.Lit(fd.JSONName), jen.Op("&").Id("t").Dot(fd.GoName), fn),
					jen.Err().Op("!=").Nil(),
				).Block(jen.Return(jen.Id("t"), jen.Err())))
			}
			if t.Extra != nil {
				stmts = append(stmts,
					jen.For(jen.Id("i").Op(":=").Range().Id("o").Dot("members")).Block(
						jen.List(jen.Id("k"), jen.Id("x")).Op(":=").List(jen.Id("o").Dot("members").Index(jen.Id("i")).Dot("key"), jen.Op("&").Id("o").Dot("members").Index(jen.Id("i")).Dot("val")),
						jen.If(jen.Id(knownName(t)).Call(jen.Id("k"))).Block(jen.Continue()),
						jen.List(jen.Id("val"), jen.Err()).Op(":=").Add(decCall(t.Extra, jen.Id("x"))),
						jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Id("t"), jen.Qual("fmt", "Errorf").Call(jen.Lit("/%s: %w"), jen.Id("k"), jen.Err()))),
						jen.If(jen.Id("t").Dot(t.ExtraGoName).Op("==").Nil()).Block(
							jen.Id("t").Dot(t.ExtraGoName).Op("=").Map(jen.String()).Add(valueType(t.Extra)).Values(),
						),
						jen.Id("t").Dot(t.ExtraGoName).Index(jen.Qual("strings", "Clone").Call(jen.Id("k"))).Op("=").Id("val"),
					))
			}
			stmts = append(stmts, jen.Id("_").Op("=").Id("o"), jen.Return(jen.Id("t"), jen.Nil()))
			f.Func().Id(dec).Params(jen.Id("v").Op("*").Id("sgValue")).Params(jen.Id(n), jen.Error()).Block(stmts...)

			// MarshalJSON
			ms := []jen.Code{jen.Var().Id("e").Id("sgObjectEncoder")}
			for _, fd := range t.Fields {
				if fd.Const != nil {
					ms = append(ms, jen.Id("e").Dot("field").Call(jen.Lit(fd.JSONName), jen.Lit(*fd.Const)))
					continue
				}
				put := jen.Id("e").Dot("field").Call(jen.Lit(fd.JSONName), jen.Id("t").Dot(fd.GoName))
				if fd.Required && !fieldPointer(fd) && !nilable(fd.Type) {
					ms = append(ms, put)
				} else if fd.Required {
					// required and nullable: nil is written as null.
					ms = append(ms, put)
				} else {
					ms = append(ms, jen.If(jen.Id("t").Dot(fd.GoName).Op("!=").Nil()).Block(put))
				}
			}
			if t.Extra != nil {
				ms = append(ms, jen.Id("sgExtra").Call(jen.Op("&").Id("e"), jen.Id("t").Dot(t.ExtraGoName), jen.Id(knownName(t))))
			}
			ms = append(ms, jen.Return(jen.Id("e").Dot("bytes").Call()))
			f.Comment("MarshalJSON writes the members in schema order, then the additional members sorted.")
			f.Func().Params(jen.Id("t").Id(n)).Id("MarshalJSON").Params().Params(jen.Index().Byte(), jen.Error()).Block(ms...)
			e.unmarshal(f, t)
		case ir.Union:
			d := unionDiscriminator(t)
			var cases []jen.Code
			for _, v := range t.Variants {
				cases = append(cases, jen.Case(jen.Lit(v.Value)).Block(
					jen.List(jen.Id("x"), jen.Err()).Op(":=").Id("sgDecode"+v.Type.GoName).Call(jen.Id("v")),
					jen.Id("t").Dot(v.GoName).Op("=").Op("&").Id("x"),
					jen.Return(jen.Id("t"), jen.Err()),
				))
			}
			cases = append(cases, jen.Default().Block(jen.Return(jen.Id("t"), jen.Qual("fmt", "Errorf").Call(jen.Lit("/"+d.Property+": unknown variant %q"), jen.Id("tag")))))
			f.Func().Id(dec).Params(jen.Id("v").Op("*").Id("sgValue")).Params(jen.Id(n), jen.Error()).Block(
				jen.Var().Id("t").Id(n),
				jen.List(jen.Id("o"), jen.Err()).Op(":=").Id("sgDecObject").Call(jen.Id("v")),
				jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Id("t"), jen.Err())),
				jen.List(jen.Id("tag"), jen.Id("ok")).Op(":=").Id("sgDiscriminant").Call(jen.Id("o"), jen.Lit(d.Property)),
				jen.If(jen.Op("!").Id("ok")).Block(jen.Return(jen.Id("t"), jen.Qual("fmt", "Errorf").Call(jen.Lit("/"+d.Property+": missing or not a string")))),
				jen.Switch(jen.Id("tag")).Block(cases...),
			)
			var set []jen.Code
			set = append(set, jen.Var().Id("out").Any(), jen.Id("count").Op(":=").Lit(0))
			for _, v := range t.Variants {
				set = append(set, jen.If(jen.Id("t").Dot(v.GoName).Op("!=").Nil()).Block(
					jen.Id("out").Op("=").Id("t").Dot(v.GoName), jen.Id("count").Op("++")))
			}
			set = append(set,
				jen.If(jen.Id("count").Op("!=").Lit(1)).Block(jen.Return(jen.Nil(), jen.Qual("fmt", "Errorf").Call(jen.Lit(n+": exactly one variant must be set, %d are"), jen.Id("count")))),
				jen.Return(jen.Qual("encoding/json", "Marshal").Call(jen.Id("out"))),
			)
			f.Comment("MarshalJSON writes the variant that is set; it fails unless exactly one is.")
			f.Func().Params(jen.Id("t").Id(n)).Id("MarshalJSON").Params().Params(jen.Index().Byte(), jen.Error()).Block(set...)
			e.unmarshal(f, t)
		case ir.Enum:
			f.Func().Id(dec).Params(jen.Id("v").Op("*").Id("sgValue")).Params(jen.Id(n), jen.Error()).Block(
				jen.List(jen.Id("s"), jen.Err()).Op(":=").Id("sgDecString").Call(jen.Id("v")),
				jen.Return(jen.Id(n).Call(jen.Id("s")), jen.Err()),
			)
		case ir.Alias:
			if t.Alias.Kind == ir.RefNamed {
				f.Func().Id(dec).Params(jen.Id("v").Op("*").Id("sgValue")).Params(jen.Id(n), jen.Error()).Block(
					jen.Return(jen.Id("sgDecode" + t.Alias.Named.GoName).Call(jen.Id("v"))),
				)
			} else {
				f.Func().Id(dec).Params(jen.Id("v").Op("*").Id("sgValue")).Params(jen.Id(n), jen.Error()).Block(
					jen.List(jen.Id("x"), jen.Err()).Op(":=").Add(decCall(t.Alias, jen.Id("v"))),
					jen.Return(jen.Id(n).Call(jen.Id("x")), jen.Err()),
				)
			}
		}
		// ParseT and Validate.
		f.Commentf("Parse%s decodes and validates data in one step; the error is ValidationErrors.", n)
		f.Func().Id("Parse"+n).Params(jen.Id("data").Index().Byte()).Params(jen.Id(n), jen.Error()).Block(
			jen.Return(jen.Id("sgParseWith").Call(jen.Id("data"), jen.Id(t.Node.GoFunc), jen.Id(dec))),
		)
		switch {
		case t.Kind == ir.Alias && t.Alias.Kind == ir.RefNamed:
		case !hasMethods(t):
			f.Commentf("Validate%s reports every violation of the schema (nil, or ValidationErrors). It is", n)
			f.Commentf("a function: %s is an interface or pointer type, which cannot have methods.", n)
			f.Func().Id("Validate" + n).Params(jen.Id("t").Id(n)).Error().Block(
				jen.Return(jen.Id("sgValidateWith").Call(jen.Id("t"), jen.Id(t.Node.GoFunc))),
			)
		default:
			f.Comment("Validate reports every violation of the schema (nil, or ValidationErrors).")
			f.Func().Params(jen.Id("t").Id(n)).Id("Validate").Params().Error().Block(
				jen.Return(jen.Id("sgValidateWith").Call(jen.Id("t"), jen.Id(t.Node.GoFunc))),
			)
		}
	}
	if !registry {
		return f
	}
	// The registry.
	var entries []jen.Code
	var names []jen.Code
	for _, t := range e.s.Types {
		entries = append(entries, jen.Lit(t.GoName).Op(":").Func().Params(jen.Id("d").Index().Byte()).Params(jen.Any(), jen.Error()).Block(
			jen.Return(jen.Id("Parse"+t.GoName).Call(jen.Id("d"))),
		))
		names = append(names, jen.Lit(t.GoName))
	}
	f.Var().Id("sgParsers").Op("=").Map(jen.String()).Func().Params(jen.Index().Byte()).Params(jen.Any(), jen.Error()).Values(jen.DictFunc(func(d jen.Dict) {
		for i, t := range e.s.Types {
			_ = i
			d[jen.Lit(t.GoName)] = jen.Func().Params(jen.Id("d").Index().Byte()).Params(jen.Any(), jen.Error()).Block(
				jen.Return(jen.Id("Parse" + t.GoName).Call(jen.Id("d"))),
			)
		}
	}))
	_ = entries
	f.Comment("Parse parses data as the named type (see TypeNames), for tools that choose the type at")
	f.Comment("run time. The value is the type's Go value, not a pointer.")
	f.Func().Id("Parse").Params(jen.Id("typeName").String(), jen.Id("data").Index().Byte()).Params(jen.Any(), jen.Error()).Block(
		jen.List(jen.Id("p"), jen.Id("ok")).Op(":=").Id("sgParsers").Index(jen.Id("typeName")),
		jen.If(jen.Op("!").Id("ok")).Block(jen.Return(jen.Nil(), jen.Qual("fmt", "Errorf").Call(jen.Lit("unknown type %q"), jen.Id("typeName")))),
		jen.Return(jen.Id("p").Call(jen.Id("data"))),
	)
	f.Comment("TypeNames lists the named types Parse accepts, in schema order.")
	f.Func().Id("TypeNames").Params().Index().String().Block(
		jen.Return(jen.Index().String().Values(names...)),
	)
	return f
}

func decCall(r *ir.TypeRef, arg jen.Code) *jen.Statement {
	return jen.Add(decFunc(r)).Call(arg)
}

func (e *emitter) unmarshal(f *jen.File, t *ir.Type) {
	f.Comment("UnmarshalJSON decodes without validating; use Parse" + t.GoName + " to validate as well.")
	f.Func().Params(jen.Id("t").Op("*").Id(t.GoName)).Id("UnmarshalJSON").Params(jen.Id("data").Index().Byte()).Error().Block(
		jen.Return(jen.Id("sgUnmarshalWith").Call(jen.Id("data"), jen.Id("t"), jen.Id("sgDecode"+t.GoName))),
	)
}
