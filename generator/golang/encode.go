package golang

import (
	"encoding/json"
	"strconv"

	"github.com/dave/jennifer/jen"

	"github.com/skillgen/skillgen/generator/ir"
)

// The encoders: every struct, union and alias with methods gets sgEncodeT(e *sgEncoder, t T),
// which appends the JSON of t to e (no reflection, no encoding/json but for values typed any
// and for tuples); MarshalJSON runs it. The runtime's sgEncoder helpers write scalars, slices,
// maps, pointers and OptNils.

// hasEncoder reports whether t has an sgEncodeT function.
func hasEncoder(t *ir.Type) bool {
	switch t.Kind {
	case ir.Struct, ir.Union:
		return true
	case ir.Alias:
		return !goAlias(t) && hasMethods(t)
	}
	return false
}

// encodeBase writes x, of the Go type of r without its pointer (typeIn(r)).
func encodeBase(r *ir.TypeRef, x jen.Code) *jen.Statement {
	e := jen.Id("e")
	if userType(r) != nil {
		return jen.Id("sgEncJSON").Call(e, x)
	}
	switch r.Kind {
	case ir.RefNamed:
		t := r.Named
		switch {
		case goAlias(t):
			return encodeBase(t.Alias, x)
		case hasEncoder(t):
			return jen.Id(encName(t)).Call(e, x)
		case t.Kind == ir.Enum:
			return jen.Id(enumEnc(t)).Call(e, x)
		case t.Kind == ir.Alias:
			return jen.Id("sgEncAny").Call(e, x) // an alias of any or of null
		}
		return jen.Id("sgEncJSON").Call(e, x)
	case ir.RefAny, ir.RefNull:
		return jen.Id("sgEncAny").Call(e, x)
	case ir.RefString:
		return jen.Id("sgEncString").Call(e, x)
	case ir.RefInteger:
		return jen.Id("sgEncInt").Call(e, x)
	case ir.RefNumber:
		return jen.Id("sgEncFloat").Call(e, x)
	case ir.RefBool:
		return jen.Id("sgEncBool").Call(e, x)
	case ir.RefArray:
		return jen.Id("sgEncSlice").Call(e, x, encFunc(r.Elem))
	case ir.RefMap:
		return jen.Id("sgEncMap").Call(e, x, encFunc(r.Elem))
	}
	return jen.Id("sgEncJSON").Call(e, x)
}

// encodeValue writes x, of the Go type of r (valueType(r): a pointer when r.Ptr).
func encodeValue(r *ir.TypeRef, x jen.Code) *jen.Statement {
	if r.Ptr {
		return jen.Id("sgEncPtr").Call(jen.Id("e"), x, baseEncFunc(r))
	}
	return encodeBase(r, x)
}

func enumEnc(t *ir.Type) string {
	switch t.EnumBase {
	case ir.RefInteger:
		return "sgEncInt"
	case ir.RefNumber:
		return "sgEncFloat"
	}
	return "sgEncString"
}

// encFunc is a func(*sgEncoder, T) for valueType(r).
func encFunc(r *ir.TypeRef) jen.Code {
	if r.Ptr {
		return encLambda(valueType(r), encodeValue(r, jen.Id("x")))
	}
	return baseEncFunc(r)
}

// baseEncFunc is a func(*sgEncoder, T) for typeIn(r): the function itself where there is one,
// else a literal.
func baseEncFunc(r *ir.TypeRef) jen.Code {
	for i := 0; r.Kind == ir.RefNamed && goAlias(r.Named) && i < 1000; i++ {
		r = r.Named.Alias
	}
	generic := func(name string, typ jen.Code) jen.Code { return jen.Id(name).Types(typ) }
	if gt := userType(r); gt != nil {
		return generic("sgEncJSON", userTypeCode(gt))
	}
	switch r.Kind {
	case ir.RefNamed:
		t := r.Named
		switch {
		case hasEncoder(t):
			return jen.Id(encName(t))
		case t.Kind == ir.Enum:
			return generic(enumEnc(t), jen.Id(t.GoName))
		case t.Kind == ir.Alias:
			return encLambda(jen.Id(t.GoName), encodeBase(r, jen.Id("x")))
		}
		return generic("sgEncJSON", jen.Id(t.GoName))
	case ir.RefString:
		return generic("sgEncString", jen.String())
	case ir.RefInteger:
		return generic("sgEncInt", jen.Int64())
	case ir.RefNumber:
		return generic("sgEncFloat", jen.Float64())
	case ir.RefBool:
		return generic("sgEncBool", jen.Bool())
	case ir.RefArray, ir.RefMap:
		return encLambda(goType(r), encodeBase(r, jen.Id("x")))
	case ir.RefAny, ir.RefNull:
		return jen.Id("sgEncAny")
	}
	return generic("sgEncJSON", jen.Any())
}

func encLambda(typ jen.Code, body jen.Code) jen.Code {
	return jen.Func().Params(jen.Id("e").Op("*").Id("sgEncoder"), jen.Id("x").Add(typ)).Block(body)
}

// failer answers whether encoding a value can fail (NaN, a union with no variant set, a
// tuple with a gap, a value typed any that encoding/json refuses), so that only those
// members check for an error.
type failer map[*ir.Type]bool

func (m failer) ref(r *ir.TypeRef) bool {
	if userType(r) != nil {
		return true
	}
	switch r.Kind {
	case ir.RefString, ir.RefInteger, ir.RefBool:
		return false
	case ir.RefArray, ir.RefMap:
		return m.ref(r.Elem)
	case ir.RefNamed:
		return m.typ(r.Named)
	}
	return true
}

func (m failer) typ(t *ir.Type) bool {
	if v, ok := m[t]; ok {
		return v
	}
	m[t] = true // a cycle: assume the worst until known
	v := true
	switch t.Kind {
	case ir.Enum:
		v = t.EnumBase == ir.RefNumber
	case ir.Alias:
		v = !hasMethods(t) || m.ref(t.Alias)
	case ir.Struct:
		v = t.Extra != nil && m.ref(t.Extra)
		for _, f := range t.Fields {
			v = v || (!fieldless(f) && m.ref(f.Type))
		}
	}
	m[t] = v
	return v
}

// jsonKey is the JSON of s as encoding/json writes it (HTML characters escaped).
func jsonKey(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// textLit is a Go string literal of s: a raw one (`"name":`) when s allows it, for reading.
func textLit(s string) jen.Code {
	if strconv.CanBackquote(s) {
		return jen.Op("`" + s + "`")
	}
	return jen.Lit(s)
}

// structEncoder writes sgEncodeT of a struct: its members in schema order, then the
// additional members sorted.
func (e *emitter) structEncoder(f *jen.File, t *ir.Type, fails failer) {
	enc := jen.Id("e")
	var body []jen.Code
	if t.NotObjectGoName != "" {
		body = append(body, jen.If(jen.Id("t").Dot(t.NotObjectGoName).Op("!=").Nil()).Block(
			jen.Id("sgEncRaw").Call(enc, jen.Id("t").Dot(t.NotObjectGoName)),
			jen.Return(),
		))
	}
	body = append(body, enc.Clone().Dot("b").Op("=").Append(enc.Clone().Dot("b"), jen.LitRune('{')))
	for _, fd := range t.Fields {
		key := jsonKey(fd.JSONName) + ":"
		if fieldless(fd) {
			body = append(body, enc.Clone().Dot("key").Call(textLit(key+jsonKey(*fd.Const))))
			continue
		}
		x := jen.Id("t").Dot(fd.GoName)
		var write *jen.Statement
		switch fd.Hold {
		case ir.HoldPointer:
			if fd.Required {
				write = jen.Id("sgEncPtr").Call(enc, x, baseEncFunc(fd.Type))
			} else {
				write = encodeBase(fd.Type, jen.Op("*").Add(x))
			}
		case ir.HoldOptNil:
			write = jen.Id("sgEncOptNil").Call(enc, x, encFunc(fd.Type))
		default:
			val := x.Clone()
			if fd.Required && !fd.Nullable {
				// A required array or object left nil is written empty, not null.
				switch goKind(fd.Type) {
				case ir.RefArray:
					val = jen.Id("sgSlice").Call(val)
				case ir.RefMap:
					val = jen.Id("sgMap").Call(val)
				}
			}
			write = encodeBase(fd.Type, val)
		}
		stmts := []jen.Code{enc.Clone().Dot("key").Call(textLit(key)), write}
		if fails.ref(fd.Type) {
			stmts = append(stmts, jen.If(enc.Clone().Dot("err").Op("!=").Nil()).Block(
				enc.Clone().Dot("at").Call(jen.Lit(fd.JSONName)), jen.Return()))
		}
		switch {
		case fd.Required:
			body = append(body, stmts...)
		case fd.Hold == ir.HoldOptNil:
			body = append(body, jen.If(x.Clone().Dot("Set")).Block(stmts...))
		default:
			body = append(body, jen.If(x.Clone().Op("!=").Nil()).Block(stmts...))
		}
	}
	if t.Extra != nil {
		extra := encFunc(t.Extra)
		if rawExtra(t) {
			extra = jen.Id("sgEncRaw")
		}
		body = append(body, jen.Id("sgEncMembers").Call(enc, jen.Id("t").Dot(t.ExtraGoName), jen.Id(knownName(t)), extra))
		if fails.ref(t.Extra) {
			body = append(body, jen.If(enc.Clone().Dot("err").Op("!=").Nil()).Block(jen.Return()))
		}
	}
	body = append(body, enc.Clone().Dot("b").Op("=").Append(enc.Clone().Dot("b"), jen.LitRune('}')))
	f.Func().Id(encName(t)).Params(jen.Id("e").Op("*").Id("sgEncoder"), jen.Id("t").Id(t.GoName)).Block(body...)
	e.marshalJSON(f, t, "MarshalJSON writes the members in schema order", t.Extra != nil)
}

// unionEncoder writes sgEncodeT of a union: the variant that is set; an error unless exactly
// one is.
func (e *emitter) unionEncoder(f *jen.File, t *ir.Type) {
	body := []jen.Code{jen.Id("count").Op(":=").Lit(0)}
	var cases []jen.Code
	for _, v := range t.Variants {
		x := jen.Id("t").Dot(v.GoName)
		body = append(body, jen.If(x.Clone().Op("!=").Nil()).Block(jen.Id("count").Op("++")))
		val := jen.Op("*").Add(x.Clone())
		if v.Ref.GoNil() {
			val = x.Clone()
		}
		cases = append(cases, jen.Case(x.Clone().Op("!=").Nil()).Block(encodeBase(v.Ref, val)))
	}
	body = append(body,
		jen.If(jen.Id("count").Op("!=").Lit(1)).Block(
			jen.Id("e").Dot("err").Op("=").Id("sgVariantError").Call(jen.Lit(t.GoName), jen.Lit(unionKeyword(t)), jen.Id("count")),
			jen.Return()),
		jen.Switch().Block(cases...))
	f.Func().Id(encName(t)).Params(jen.Id("e").Op("*").Id("sgEncoder"), jen.Id("t").Id(t.GoName)).Block(body...)
	e.marshalFunc(f, t, "MarshalJSON writes the variant that is set; it fails unless exactly one is.")
}

// aliasEncoder writes sgEncodeT of an alias of an unnamed type: the value as that type.
func (e *emitter) aliasEncoder(f *jen.File, t *ir.Type) {
	f.Func().Id(encName(t)).Params(jen.Id("e").Op("*").Id("sgEncoder"), jen.Id("t").Id(t.GoName)).Block(
		encodeValue(t.Alias, convert(t.Alias, jen.Id("t"))))
}

func (e *emitter) marshalJSON(f *jen.File, t *ir.Type, doc string, extra bool) {
	if extra {
		doc += ", then the additional members sorted"
	}
	e.marshalFunc(f, t, doc+".")
}

// marshalFunc writes MarshalJSON, which runs sgEncodeT into a buffer sized from the length of
// the type's last JSON (sgSizeT).
func (e *emitter) marshalFunc(f *jen.File, t *ir.Type, doc string) {
	size := helperName(prefixSize, t)
	f.Comment(size + " is the length of the JSON MarshalJSON wrote last for a " + t.GoName + ".")
	f.Var().Id(size).Id("sgSize")
	f.Line()
	f.Comment(doc)
	f.Func().Params(jen.Id("t").Id(t.GoName)).Id("MarshalJSON").Params().Params(jen.Index().Byte(), jen.Error()).Block(
		jen.Return(jen.Id("sgMarshal").Call(jen.Id("t"), jen.Id(encName(t)), jen.Op("&").Id(size))))
}

// convert is the conversion of x to valueType(r), in parentheses when it is a pointer type.
func convert(r *ir.TypeRef, x jen.Code) *jen.Statement {
	if r.Ptr {
		return jen.Parens(valueType(r)).Call(x)
	}
	return valueType(r).Call(x)
}
