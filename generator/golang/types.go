package golang

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/dave/jennifer/jen"

	"github.com/skillgen/skillgen/generator/ir"
)

// goType is the Go type of a TypeRef, ignoring nullability, inside the generated package.
func goType(r *ir.TypeRef) *jen.Statement { return typeIn(r, jen.Id) }

// typeIn is the Go type of r, naming generated types with named (jen.Id inside the package,
// a qualified name outside it).
func typeIn(r *ir.TypeRef, named func(string) *jen.Statement) *jen.Statement {
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

// nilable reports whether the Go type of r has a nil value of its own.
func nilable(r *ir.TypeRef) bool {
	switch r.Kind {
	case ir.RefArray, ir.RefMap, ir.RefAny, ir.RefNull:
		return true
	case ir.RefNamed:
		t := r.Named
		if t.Kind == ir.Alias {
			return nilable(t.Alias)
		}
	}
	return false
}

// valueType is the Go type of an array element, map value or required field: nullable
// values that have no nil of their own become pointers.
func valueType(r *ir.TypeRef) *jen.Statement { return valueTypeIn(r, jen.Id) }

func valueTypeIn(r *ir.TypeRef, named func(string) *jen.Statement) *jen.Statement {
	if r.Nullable && !nilable(r) {
		return jen.Op("*").Add(typeIn(r, named))
	}
	return typeIn(r, named)
}

// unionDiscriminator is the discriminator of a union type: its node's, or that of the schema its
// node is only a reference to (a named type whose root is a $ref to an unnamed union).
func unionDiscriminator(t *ir.Type) *ir.Discriminator {
	n := t.Node
	for n.Discriminator == nil && n.Ref != nil {
		n = n.Ref
	}
	return n.Discriminator
}

// fieldPointer: the field is held through a pointer (absent or null is nil).
func fieldPointer(f *ir.Field) bool {
	if nilable(f.Type) {
		return false
	}
	return !f.Required || f.Type.Nullable
}

func fieldType(f *ir.Field) *jen.Statement {
	if fieldPointer(f) {
		return jen.Op("*").Add(goType(f.Type))
	}
	return goType(f.Type)
}

func (e *emitter) types(types []*ir.Type) *jen.File {
	f := e.newFile(e.opts.Package)
	for _, t := range types {
		switch t.Kind {
		case ir.Struct:
			f.Add(docFor(t.GoName, t.Doc, t.Location))
			var fields []jen.Code
			for _, fd := range t.Fields {
				if fd.Const != nil {
					continue
				}
				tag := "-"
				if validTagName(fd.JSONName) {
					tag = fd.JSONName
					if !fd.Required {
						tag += ",omitzero"
					}
				}
				st := jen.Id(fd.GoName).Add(fieldType(fd)).Tag(map[string]string{"json": tag})
				if c := comment(fd.Doc); c != "" {
					fields = append(fields, lineComment(c))
				}
				fields = append(fields, st)
			}
			if t.Extra != nil {
				fields = append(fields,
					jen.Comment("The members not declared in the schema, kept and written back."),
					jen.Id(t.ExtraGoName).Map(jen.String()).Add(valueType(t.Extra)).Tag(map[string]string{"json": "-"}))
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
				f.Commentf("%s returns %s, or its default when it is absent.", fd.GoGetter, fd.GoName)
				f.Func().Params(jen.Id("t").Id(t.GoName)).Id(fd.GoGetter).Params().Add(goType(fd.Type)).Block(
					jen.If(jen.Id("t").Dot(fd.GoName).Op("==").Nil()).Block(jen.Return(lit)),
					jen.Return(jen.Op("*").Id("t").Dot(fd.GoName)),
				)
			}
		case ir.Enum:
			f.Add(docFor(t.GoName, t.Doc, t.Location))
			f.Type().Id(t.GoName).String()
			var consts, vals []jen.Code
			for _, v := range t.Values {
				consts = append(consts, jen.Id(v.GoName).Id(t.GoName).Op("=").Lit(v.Value))
				vals = append(vals, jen.Id(v.GoName))
			}
			f.Commentf("The values of %s.", t.GoName)
			f.Const().Defs(consts...)
			f.Commentf("%sValues lists every value of %s, in schema order.", t.GoName, t.GoName)
			f.Var().Id(t.GoName + "Values").Op("=").Index().Id(t.GoName).Values(vals...)
			f.Commentf("Valid reports whether v is one of the values of %s.", t.GoName)
			var cases []jen.Code
			for _, v := range t.Values {
				cases = append(cases, jen.Id(v.GoName))
			}
			f.Func().Params(jen.Id("v").Id(t.GoName)).Id("Valid").Params().Bool().Block(
				jen.Switch(jen.Id("v")).Block(jen.Case(cases...).Block(jen.Return(jen.True()))),
				jen.Return(jen.False()),
			)
		case ir.Union:
			f.Add(docFor(t.GoName, t.Doc, t.Location))
			f.Add(lineComment(""))
			f.Commentf("Exactly one field of %s is set: the variant whose %q is its name.", t.GoName, unionDiscriminator(t).Property)
			var fields []jen.Code
			for _, v := range t.Variants {
				fields = append(fields, jen.Id(v.GoName).Op("*").Id(v.Type.GoName))
			}
			f.Type().Id(t.GoName).Struct(fields...)
			f.Commentf("Tag returns the %q of the variant that is set, or \"\" when none is.", unionDiscriminator(t).Property)
			var stmts []jen.Code
			for _, v := range t.Variants {
				stmts = append(stmts, jen.If(jen.Id("u").Dot(v.GoName).Op("!=").Nil()).Block(jen.Return(jen.Lit(v.Value))))
			}
			stmts = append(stmts, jen.Return(jen.Lit("")))
			f.Func().Params(jen.Id("u").Id(t.GoName)).Id("Tag").Params().String().Block(stmts...)
		case ir.Alias:
			f.Add(docFor(t.GoName, t.Doc, t.Location))
			if t.Alias.Kind == ir.RefNamed {
				f.Type().Id(t.GoName).Op("=").Id(t.Alias.Named.GoName)
			} else {
				f.Type().Id(t.GoName).Add(valueType(t.Alias))
			}
		}
	}
	return f
}

// defaultLit is the Go literal of a field's default, when its type has one.
func defaultLit(fd *ir.Field) jen.Code {
	d := fd.Default
	r := fd.Type
	var base *jen.Statement
	switch {
	case d.Kind == ir.String && r.Kind == ir.RefString:
		base = jen.Lit(d.String)
	case d.Kind == ir.String && r.Kind == ir.RefNamed && (r.Named.Kind == ir.Enum || (r.Named.Kind == ir.Alias && r.Named.Alias.Kind == ir.RefString)):
		return jen.Id(r.Named.GoName).Call(jen.Lit(d.String))
	case d.Kind == ir.Bool && r.Kind == ir.RefBool:
		base = jen.Lit(d.Bool)
	case d.Kind == ir.Number && r.Kind == ir.RefInteger:
		i, err := strconv.ParseInt(d.Number, 10, 64)
		if err != nil {
			return nil
		}
		base = jen.Lit(i)
	case d.Kind == ir.Number && r.Kind == ir.RefNumber:
		fl, err := strconv.ParseFloat(d.Number, 64)
		if err != nil {
			return nil
		}
		base = jen.Lit(fl)
	default:
		return nil
	}
	return base
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
