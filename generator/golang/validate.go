package golang

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"

	"github.com/skillgen/skillgen/generator/ir"
)

// The validators follow docs/validation.md step by step; the TypeScript emitter follows the
// same steps, so that both report the same errors in the same order.

func (e *emitter) validators(nodes []*ir.Node, patterns bool) *jen.File {
	f := e.newFile(e.opts.Package)
	f.ImportName("encoding/json", "json")
	// Patterns, once per process, compiled on first use.
	seen := map[*ir.Pattern]bool{}
	var pats []*ir.Pattern
	for _, n := range e.s.Nodes {
		if !patterns {
			break
		}
		if n.Pattern != nil && !seen[n.Pattern] {
			seen[n.Pattern] = true
			pats = append(pats, n.Pattern)
		}
		for _, pp := range n.PatternProperties {
			if !seen[pp.Pattern] {
				seen[pp.Pattern] = true
				pats = append(pats, pp.Pattern)
			}
		}
	}
	sort.Slice(pats, func(i, j int) bool { return pats[i].GoVar < pats[j].GoVar })
	ahead := false
	for _, p := range pats {
		if d := patternDFA(p.Source); len(p.Ahead) == 0 && d != nil {
			// A table instead of a regexp (dfa.go): the same call, rePattern().MatchString(s).
			f.Commentf("%sTable is the automaton of the pattern %s.", p.GoVar, strconv.Quote(p.Source))
			f.Var().Id(p.GoVar + "Table").Op("=").Add(dfaValue(d))
			f.Commentf("%s matches the pattern with a table (sgDFA), not a regexp.", p.GoVar)
			f.Func().Id(p.GoVar).Params().Op("*").Id("sgDFA").Block(jen.Return(jen.Op("&").Id(p.GoVar + "Table")))
			continue
		}
		if len(p.Ahead) == 0 {
			f.Var().Id(p.GoVar).Op("=").Qual("sync", "OnceValue").Call(jen.Func().Params().Op("*").Qual("regexp", "Regexp").Block(
				jen.Return(jen.Qual("regexp", "MustCompile").Call(patternLit(p.Source))),
			))
			continue
		}
		ahead = true
		var las []jen.Code
		for _, a := range p.Ahead {
			las = append(las, jen.Values(jen.Qual("regexp", "MustCompile").Call(patternLit(a.Source)), jen.Lit(a.Negative)))
		}
		f.Comment(p.GoVar + " is " + strconv.Quote(p.Source) + ", its lookaheads apart.")
		f.Var().Id(p.GoVar).Op("=").Qual("sync", "OnceValue").Call(jen.Func().Params().Op("*").Id("aheadPattern").Block(
			jen.Return(jen.Op("&").Id("aheadPattern").Values(jen.Dict{
				jen.Id("ahead"): jen.Index().Id("lookahead").Values(las...),
				jen.Id("rest"):  jen.Qual("regexp", "MustCompile").Call(patternLit(p.Rest)),
			})),
		))
	}
	if ahead {
		f.Comment("aheadPattern is a pattern that begins with lookaheads, which RE2 does not have: a string")
		f.Comment("matches when every lookahead matches at its start (a negative one does not) and rest")
		f.Comment("matches.")
		f.Type().Id("aheadPattern").Struct(
			jen.Id("ahead").Index().Id("lookahead"),
			jen.Id("rest").Op("*").Qual("regexp", "Regexp"),
		)
		f.Line()
		f.Comment("lookahead is one leading lookahead of a pattern, anchored at the start: (?=…), or (?!…) when negative.")
		f.Type().Id("lookahead").Struct(
			jen.Id("re").Op("*").Qual("regexp", "Regexp"),
			jen.Id("negative").Bool(),
		)
		f.Line()
		f.Func().Params(jen.Id("p").Op("*").Id("aheadPattern")).Id("MatchString").Params(jen.Id("s").String()).Bool().Block(
			jen.For(jen.List(jen.Id("_"), jen.Id("a")).Op(":=").Range().Id("p").Dot("ahead")).Block(
				jen.If(jen.Id("a").Dot("re").Dot("MatchString").Call(jen.Id("s")).Op("==").Id("a").Dot("negative")).Block(jen.Return(jen.False())),
			),
			jen.Return(jen.Id("p").Dot("rest").Dot("MatchString").Call(jen.Id("s"))),
		)
		f.Line()
	}
	for _, n := range nodes {
		if n.SameAs == nil {
			e.nodeValidator(f, n)
		}
	}
	return f
}

func suffix(n *ir.Node) string { return n.GoFunc[1:] }

// jsonText renders an ir.Value as JSON text.
func jsonText(v ir.Value) string { return v.JSON() }

// msg renders the message name of the table (generator/ir/messages.go) as a Go string
// expression; its holes read the validator's v (the value) and k (the key, or the count).
func msg(name string, args ...string) jen.Code {
	parts := ir.NewMessage(name, args...)
	if name == "type" && len(parts) == 2 && parts[1].Hole == ir.HoleType && len(args) == 2 &&
		parts[0].Text == "expected "+args[1]+", got " {
		// A type error, made by the runtime from a table (sgExpected) rather than for each error.
		return jen.Id("sgExpected").Call(jen.Lit(args[1]), jen.Id("v"))
	}
	var s *jen.Statement
	for _, part := range parts {
		var c jen.Code
		switch part.Hole {
		case ir.HoleType:
			c = jen.Id("sgTypeName").Call(jen.Id("v"))
		case ir.HoleKey:
			c = jen.Id("sgQuote").Call(jen.Id("k"))
		case ir.HoleCount:
			c = jen.Id("sgItoa").Call(jen.Id("k"))
		default:
			c = jen.Lit(part.Text)
		}
		if s == nil {
			s = jen.Add(c)
		} else {
			s = s.Op("+").Add(c)
		}
	}
	return s
}

// jsonTypes are, for each JSON type of "type", the runtime's test of a value and the sgValue
// kind of its values (an integer is a number).
var jsonTypes = map[string]struct{ test, kind string }{
	"object": {"sgIsObject", "sgKindObject"}, "array": {"sgIsArray", "sgKindArray"},
	"string": {"sgIsString", "sgKindString"}, "number": {"sgIsNumber", "sgKindNumber"},
	"integer": {"sgIsInteger", "sgKindNumber"}, "boolean": {"sgIsBool", "sgKindBool"},
	"null": {"sgIsNull", "sgKindNull"},
}

// ofKind is the statements that check a value of the JSON type kind: under a test of v's kind,
// or as they are when the node's "type" has already returned for a value of any other kind.
func ofKind(n *ir.Node, kind string, stmts []jen.Code) []jen.Code {
	only := len(n.Types) > 0
	for _, t := range n.Types {
		only = only && jsonTypes[t].kind == jsonTypes[kind].kind
	}
	if only {
		return stmts
	}
	return []jen.Code{jen.If(jen.Id("v").Dot("kind").Call().Op("==").Id(jsonTypes[kind].kind)).Block(stmts...)}
}

func typeCond(t string) jen.Code {
	return jen.Id(jsonTypes[t].test).Call(jen.Id("v"))
}

// notTypes is the condition that v has none of the JSON types.
func notTypes(types []string) jen.Code {
	if len(types) == 1 {
		return jen.Op("!").Add(typeCond(types[0]))
	}
	var conds []jen.Code
	for i, t := range types {
		if i > 0 {
			conds = append(conds, jen.Op("||"))
		}
		conds = append(conds, typeCond(t))
	}
	return jen.Op("!").Parens(jen.Add(conds...))
}

func addErr(keyword string, msg jen.Code) jen.Code {
	return jen.Id("e").Dot("add").Call(jen.Id("p"), jen.Lit(keyword), msg)
}

func addKeyErr(ptrVar, key jen.Code, keyword string, msg jen.Code) jen.Code {
	return jen.Id("e").Dot("addKey").Call(ptrVar, key, jen.Lit(keyword), msg)
}

func call(n *ir.Node, v, p jen.Code) jen.Code {
	return jen.Id(n.GoFunc).Call(v, p, jen.Id("e"))
}

// childKey declares c as the pointer to member key of p.
func childKey(key jen.Code) jen.Code {
	return jen.Id("c").Op(":=").Id("sgPointer").Values(jen.Dict{jen.Id("parent"): jen.Id("p"), jen.Id("key"): key, jen.Id("isKey"): jen.True()})
}

func childIndex(i jen.Code) jen.Code {
	return jen.Id("c").Op(":=").Id("sgPointer").Values(jen.Dict{jen.Id("parent"): jen.Id("p"), jen.Id("index"): i})
}

func (e *emitter) nodeValidator(f *jen.File, n *ir.Node) {
	e.nodeFunc(f, n, false)
	if n.GoAnnFunc != "" {
		e.nodeFunc(f, n, true)
	}
}

// isTrue reports whether a node is the boolean schema true.
func isTrue(n *ir.Node) bool { return n != nil && n.Bool != nil && *n.Bool }

// unevaluated reports whether a node has an unevaluatedProperties or unevaluatedItems keyword
// that can fail (true never does).
func unevaluated(n *ir.Node) bool {
	return (n.UnevaluatedProperties != nil && !isTrue(n.UnevaluatedProperties)) ||
		(n.UnevaluatedItems != nil && !isTrue(n.UnevaluatedItems))
}

// collector emits the code of a validator that collects annotations (docs/validation.md,
// "unevaluatedProperties and unevaluatedItems") in ev: the annotating variant of a node, or
// the validator of a node with a failing unevaluated keyword. Without collection (col false)
// every method gives the code of a plain validator.
type collector struct{ col bool }

// call applies the in-place subschema c to v at p, its annotations added to ev.
func (k collector) call(c *ir.Node) jen.Code {
	if k.col && c.GoAnnFunc != "" {
		return jen.Id(c.GoAnnFunc).Call(jen.Id("v"), jen.Id("p"), jen.Id("e"), jen.Op("&").Id("ev"))
	}
	return call(c, jen.Id("v"), jen.Id("p"))
}

// quickValid tests value against the validator fn on the validator's own error set in quick
// mode (sgErrors.valid): no messages, no allocation.
func quickValid(value jen.Code, fn string) jen.Code {
	return jen.Id("e").Dot("valid").Call(value, jen.Id(fn))
}

// valid tests v against the in-place subschema c, its annotations added to into when it passes.
func (k collector) valid(c *ir.Node, into string) jen.Code {
	if k.col && c.GoAnnFunc != "" {
		return jen.Id("e").Dot("validAnn").Call(jen.Id("v"), jen.Id(c.GoAnnFunc), jen.Op("&").Id(into))
	}
	return quickValid(jen.Id("v"), c.GoFunc)
}

// mark returns stmts preceded by the annotation of the member of index i (stmts alone
// without collection).
func (k collector) mark(i jen.Code, stmts ...jen.Code) []jen.Code {
	if !k.col {
		return stmts
	}
	return append([]jen.Code{jen.Id("ev").Dot("prop").Call(i)}, stmts...)
}

// everyMember is the annotation that every member of the object is evaluated.
func everyMember() jen.Code {
	return jen.Id("ev").Dot("all").Op("=").True()
}

// nodeFunc writes the validator of n, or its annotating variant (ann): the same checks, and,
// when the value is valid, the evaluated properties and items added to out.
func (e *emitter) nodeFunc(f *jen.File, n *ir.Node, ann bool) {
	var body []jen.Code
	sfx := suffix(n)
	name := n.GoFunc
	params := []jen.Code{jen.Id("v").Op("*").Id("sgValue"), jen.Id("p").Op("*").Id("sgPointer"), jen.Id("e").Op("*").Id("sgErrors")}
	if ann {
		name = n.GoAnnFunc
		params = append(params, jen.Id("out").Op("*").Id("sgAnn"))
	}
	comment := name + " validates " + ir.CommentLocation(n.Location) + "."
	if ann {
		comment = name + " validates " + ir.CommentLocation(n.Location) + " and, when the value is valid, adds the properties and items it evaluated to out."
	}
	if n.Bool != nil {
		if !*n.Bool {
			body = append(body, addErr("false", msg("false")))
		}
		f.Add(lineComment(comment))
		f.Func().Id(name).Params(params...).Block(body...)
		return
	}
	k := collector{col: ann || unevaluated(n)}
	if k.col {
		body = append(body, jen.Var().Id("ev").Id("sgAnn"))
	}
	if ann {
		body = append(body, jen.Id("n0").Op(":=").Id("e").Dot("n"))
	}
	if unevaluated(n) {
		body = append(body, jen.Id("at").Op(":=").Lit(0))
	}
	if n.Ref != nil {
		body = append(body, k.call(n.Ref))
	}
	if n.DynamicRef != nil {
		body = append(body, k.call(n.DynamicRef))
	}
	if len(n.Types) > 0 {
		want := strings.Join(n.Types, " or ")
		body = append(body, jen.If(notTypes(n.Types)).Block(
			addErr("type", msg("type", "types", want)),
			jen.Return(),
		))
	}
	if n.Enum != nil {
		if !ann {
			f.Var().Id("enum" + sfx).Op("=").Id("sgNewEnum").Call(jen.Lit(jsonText(ir.Value{Kind: ir.Array, Array: n.Enum})))
		}
		body = append(body, jen.If(jen.Op("!").Id("enum"+sfx).Dot("has").Call(jen.Id("v"))).Block(
			addErr("enum", msg("enum", "values", ir.ValuesForMessage(n.Enum))),
		))
	}
	if n.Const != nil {
		if !ann {
			f.Var().Id("const" + sfx).Op("=").Id("sgMustValue").Call(jen.Lit(jsonText(*n.Const)))
		}
		body = append(body, jen.If(jen.Op("!").Id("sgEqual").Call(jen.Id("v"), jen.Id("const"+sfx))).Block(
			addErr("const", msg("const", "value", n.Const.JSON())),
		))
	}
	// Strings.
	var sc []jen.Code
	if n.MinLength != nil {
		sc = append(sc, jen.If(jen.Id("sgRunes").Call(jen.Id("s")).Op("<").Lit(int(*n.MinLength))).Block(
			addErr("minLength", msg("minLength", "n", fmt.Sprint(*n.MinLength)))))
	}
	if n.MaxLength != nil {
		sc = append(sc, jen.If(jen.Id("sgRunes").Call(jen.Id("s")).Op(">").Lit(int(*n.MaxLength))).Block(
			addErr("maxLength", msg("maxLength", "n", fmt.Sprint(*n.MaxLength)))))
	}
	if n.Pattern != nil {
		sc = append(sc, jen.If(jen.Op("!").Id(n.Pattern.GoVar).Call().Dot("MatchString").Call(jen.Id("s"))).Block(
			addErr("pattern", msg("pattern", "pattern", ir.QuoteForMessage(n.Pattern.Source)))))
	}
	if n.FormatGo != "" {
		sc = append(sc, jen.If(jen.Op("!").Id(n.FormatGo).Call(jen.Id("s"))).Block(
			addErr("format", msg("format", "format", ir.QuoteForMessage(n.Format)))))
	}
	if len(sc) > 0 {
		body = append(body, ofKind(n, "string", append([]jen.Code{jen.Id("s").Op(":=").Id("v").Dot("str")}, sc...))...)
	}
	// Numbers.
	var nc []jen.Code
	numCheck := func(lit *ir.NumberLit, op, keyword string) {
		if lit == nil {
			return
		}
		nc = append(nc, jen.If(jen.Id("f").Op(op).Lit(lit.Float)).Block(addErr(keyword, msg(keyword, "n", lit.Literal))))
	}
	numCheck(n.Minimum, "<", "minimum")
	numCheck(n.Maximum, ">", "maximum")
	numCheck(n.ExclusiveMinimum, "<=", "exclusiveMinimum")
	numCheck(n.ExclusiveMaximum, ">=", "exclusiveMaximum")
	if n.MultipleOf != nil {
		nc = append(nc, jen.If(jen.Op("!").Id("sgMultipleOf").Call(jen.Id("f"), jen.Lit(n.MultipleOf.Float))).Block(
			addErr("multipleOf", msg("multipleOf", "n", n.MultipleOf.Literal))))
	}
	if len(nc) > 0 {
		body = append(body, ofKind(n, "number", append([]jen.Code{jen.Id("f").Op(":=").Id("v").Dot("num").Call()}, nc...))...)
	}
	// Objects.
	oc := e.objectChecks(f, n, sfx, k, !ann)
	if up := n.UnevaluatedProperties; up != nil && !isTrue(up) {
		oc = append(oc, jen.Id("at").Op("=").Len(jen.Id("e").Dot("list")))
	}
	if len(oc) > 0 {
		body = append(body, ofKind(n, "object", oc)...)
	}
	// Arrays.
	ac := arrayChecks(n, k)
	var tail []jen.Code
	if ui := n.UnevaluatedItems; ui != nil && !isTrue(ui) {
		tail = append(tail, jen.Id("at").Op("=").Len(jen.Id("e").Dot("list")))
	}
	if len(ac) > 0 {
		body = append(body, ofKind(n, "array", append(append([]jen.Code{jen.Id("a").Op(":=").Id("v").Dot("items").Call()}, ac...), tail...))...)
	} else if len(tail) > 0 {
		body = append(body, ofKind(n, "array", tail)...)
	}
	for _, s := range n.AllOf {
		body = append(body, k.call(s))
	}
	body = append(body, choice(n, "anyOf", n.AnyOf, k)...)
	body = append(body, choice(n, "oneOf", n.OneOf, k)...)
	if n.Not != nil {
		body = append(body, jen.If(quickValid(jen.Id("v"), n.Not.GoFunc)).Block(
			addErr("not", msg("not"))))
	}
	if n.If != nil && (n.Then != nil || n.Else != nil) {
		st := jen.If(k.valid(n.If, "ev"))
		if n.Then != nil {
			st = st.Block(k.call(n.Then))
		} else {
			st = st.Block()
		}
		if n.Else != nil {
			st = st.Else().Block(k.call(n.Else))
		}
		body = append(body, st)
	} else if n.If != nil && k.col && n.If.GoAnnFunc != "" {
		// if alone asserts nothing, but its annotations count when it passes.
		body = append(body, k.valid(n.If, "ev"))
	}
	body = append(body, unevaluatedChecks(n, ann)...)
	if ann {
		body = append(body, jen.If(jen.Id("e").Dot("n").Op("==").Id("n0")).Block(
			jen.Id("out").Dot("merge").Call(jen.Op("&").Id("ev"))))
	}
	f.Add(lineComment(comment))
	f.Func().Id(name).Params(params...).Block(body...)
}

// unevaluatedChecks applies unevaluatedProperties to the keys, and unevaluatedItems to the
// items, that ev does not hold; their violations go at position at, the end of the object or
// array step. In the annotating variant, every key or item is evaluated afterwards.
func unevaluatedChecks(n *ir.Node, ann bool) []jen.Code {
	var out []jen.Code
	if up := n.UnevaluatedProperties; up != nil && (ann || !isTrue(up)) {
		var st []jen.Code
		if !isTrue(up) {
			var each jen.Code
			if up.Bool != nil {
				each = jen.Id("u").Dot("addKey").Call(jen.Id("p"), jen.Id("k"), jen.Lit("unevaluatedProperties"), msg("unevaluatedProperties"))
			} else {
				each = jen.Block(childKey(jen.Id("k")), jen.Id(up.GoFunc).Call(jen.Op("&").Id("v").Dot("vals").Call().Index(jen.Id("i")), jen.Op("&").Id("c"), jen.Op("&").Id("u")))
			}
			st = append(st,
				jen.Id("u").Op(":=").Id("sgErrors").Values(jen.Dict{jen.Id("quick"): jen.Id("e").Dot("quick")}),
				jen.For(jen.List(jen.Id("i"), jen.Id("k")).Op(":=").Range().Id("v").Dot("keys").Call()).Block(
					jen.If(jen.Op("!").Id("ev").Dot("hasProp").Call(jen.Id("i"))).Block(each),
				),
				jen.Id("u").Dot("sortFrom").Call(jen.Lit(0), jen.Id("p")),
				jen.Id("e").Dot("insert").Call(jen.Id("at"), jen.Op("&").Id("u")),
			)
		}
		if ann {
			st = append(st, everyMember())
		}
		out = append(out, jen.If(jen.Id("v").Dot("kind").Call().Op("==").Id("sgKindObject")).Block(st...))
	}
	if ui := n.UnevaluatedItems; ui != nil && (ann || !isTrue(ui)) {
		var st []jen.Code
		if !isTrue(ui) {
			var each []jen.Code
			each = append(each, childIndex(jen.Id("i")))
			if ui.Bool != nil {
				each = append(each, jen.Id("u").Dot("add").Call(jen.Op("&").Id("c"), jen.Lit("unevaluatedItems"), msg("unevaluatedItems")))
			} else {
				each = append(each, jen.Id(ui.GoFunc).Call(jen.Op("&").Id("v").Dot("items").Call().Index(jen.Id("i")), jen.Op("&").Id("c"), jen.Op("&").Id("u")))
			}
			st = append(st,
				jen.Id("u").Op(":=").Id("sgErrors").Values(jen.Dict{jen.Id("quick"): jen.Id("e").Dot("quick")}),
				jen.For(jen.Id("i").Op(":=").Range().Id("v").Dot("items").Call()).Block(
					jen.If(jen.Op("!").Id("ev").Dot("hasItem").Call(jen.Id("i"))).Block(each...),
				),
				jen.Id("e").Dot("insert").Call(jen.Id("at"), jen.Op("&").Id("u")),
			)
		}
		st = append(st, jen.Id("ev").Dot("upTo").Call(jen.Len(jen.Id("v").Dot("items").Call())))
		out = append(out, jen.If(jen.Id("v").Dot("kind").Call().Op("==").Id("sgKindArray")).Block(st...))
	}
	return out
}

func (e *emitter) objectChecks(f *jen.File, n *ir.Node, sfx string, k collector, decl bool) []jen.Code {
	var oc []jen.Code
	ap := n.AdditionalProperties
	// With additionalProperties every member is evaluated (everyMember below): the members
	// properties and patternProperties read need no marks of their own.
	km := collector{col: k.col && ap == nil}
	for _, r := range n.Required {
		oc = append(oc, jen.If(jen.Id("v").Dot("get").Call(jen.Lit(r)).Op("==").Nil()).Block(
			addKeyErr(jen.Id("p"), jen.Lit(r), "required", msg("required", "name", ir.QuoteForMessage(r)))))
	}
	for _, pr := range n.Properties {
		find := jen.Id("x").Op(":=").Id("v").Dot("get").Call(jen.Lit(pr.Name))
		if km.col {
			find = jen.List(jen.Id("i"), jen.Id("x")).Op(":=").Id("v").Dot("member").Call(jen.Lit(pr.Name))
		}
		oc = append(oc, jen.If(find, jen.Id("x").Op("!=").Nil()).Block(
			km.mark(jen.Id("i"),
				childKey(jen.Lit(pr.Name)),
				call(pr.Schema, jen.Id("x"), jen.Op("&").Id("c")),
			)...,
		))
	}
	// The keywords that iterate over the keys read them in document order, with their values
	// side by side (vals); the violations of each loop are then put in the code point order of
	// the keys (sortFrom), which costs nothing unless there are several.
	apFails := ap != nil && !isTrue(ap)
	if len(n.PatternProperties) > 0 || (apFails && ap.Bool == nil) {
		oc = append(oc, jen.Id("vals").Op(":=").Id("v").Dot("vals").Call())
	}
	marked := false
	inOrder := func(loop jen.Code) {
		op := ":="
		if marked {
			op = "="
		}
		marked = true
		oc = append(oc, jen.Id("m").Op(op).Len(jen.Id("e").Dot("list")), loop, jen.Id("e").Dot("sortFrom").Call(jen.Id("m"), jen.Id("p")))
	}
	eachKey := func(index bool) *jen.Statement {
		i := jen.Id("_")
		if index {
			i = jen.Id("i")
		}
		return jen.For(jen.List(i, jen.Id("k")).Op(":=").Range().Id("v").Dot("keys").Call())
	}
	member := jen.Op("&").Id("vals").Index(jen.Id("i"))
	if len(n.PatternProperties) > 0 {
		var inner []jen.Code
		for _, pp := range n.PatternProperties {
			inner = append(inner, jen.If(jen.Id(pp.Pattern.GoVar).Call().Dot("MatchString").Call(jen.Id("k"))).Block(
				km.mark(jen.Id("i"),
					childKey(jen.Id("k")),
					call(pp.Schema, member.Clone(), jen.Op("&").Id("c")),
				)...,
			))
		}
		inOrder(eachKey(true).Block(inner...))
	}
	if apFails {
		// known: declared properties and pattern matches.
		var names []jen.Code
		for _, pr := range n.Properties {
			names = append(names, jen.Lit(pr.Name))
		}
		var kb []jen.Code
		if len(names) > 0 {
			kb = append(kb, jen.Switch(jen.Id("k")).Block(jen.Case(names...).Block(jen.Return(jen.False()))))
		}
		for i, pp := range n.PatternProperties {
			match := jen.Id(pp.Pattern.GoVar).Call().Dot("MatchString").Call(jen.Id("k"))
			if i == len(n.PatternProperties)-1 {
				kb = append(kb, jen.Return(jen.Op("!").Add(match)))
				break
			}
			kb = append(kb, jen.If(match).Block(jen.Return(jen.False())))
		}
		if len(n.PatternProperties) == 0 {
			kb = append(kb, jen.Return(jen.True()))
		}
		if decl {
			f.Func().Id(prefixExtra + sfx).Params(jen.Id("k").String()).Bool().Block(kb...)
		}
		each := []jen.Code{jen.If(jen.Op("!").Id(prefixExtra + sfx).Call(jen.Id("k"))).Block(jen.Continue())}
		if ap.Bool != nil {
			each = append(each, addKeyErr(jen.Id("p"), jen.Id("k"), "additionalProperties", msg("additionalProperties")))
		} else {
			each = append(each, jen.Block(childKey(jen.Id("k")), call(ap, member.Clone(), jen.Op("&").Id("c"))))
		}
		inOrder(eachKey(ap.Bool == nil).Block(each...))
	}
	if ap != nil && k.col {
		// additionalProperties evaluates every key properties and patterns leave, so with
		// them every key.
		oc = append(oc, everyMember())
	}
	if n.PropertyNames != nil {
		// One value holds each name in turn: nothing is allocated per key.
		oc = append(oc, jen.Id("name").Op(":=").Id("sgValue").Values(jen.Dict{jen.Id("kids"): jen.Id("sgStringKids")}))
		inOrder(eachKey(false).Block(
			jen.Id("name").Dot("str").Op("=").Id("k"),
			jen.If(jen.Op("!").Add(quickValid(jen.Op("&").Id("name"), n.PropertyNames.GoFunc))).Block(
				addKeyErr(jen.Id("p"), jen.Id("k"), "propertyNames", msg("propertyNames")))))
	}
	if n.MinProperties != nil {
		oc = append(oc, jen.If(jen.Id("v").Dot("size").Call().Op("<").Lit(int(*n.MinProperties))).Block(
			addErr("minProperties", msg("minProperties", "n", fmt.Sprint(*n.MinProperties)))))
	}
	if n.MaxProperties != nil {
		oc = append(oc, jen.If(jen.Id("v").Dot("size").Call().Op(">").Lit(int(*n.MaxProperties))).Block(
			addErr("maxProperties", msg("maxProperties", "n", fmt.Sprint(*n.MaxProperties)))))
	}
	for _, d := range n.DependentRequired {
		var inner []jen.Code
		for _, r := range d.Requires {
			inner = append(inner, jen.If(jen.Id("v").Dot("get").Call(jen.Lit(r)).Op("==").Nil()).Block(
				addKeyErr(jen.Id("p"), jen.Lit(r), "dependentRequired", msg("dependentRequired", "name", ir.QuoteForMessage(r), "property", ir.QuoteForMessage(d.Property)))))
		}
		if len(inner) > 0 {
			oc = append(oc, jen.If(jen.Id("v").Dot("get").Call(jen.Lit(d.Property)).Op("!=").Nil()).Block(inner...))
		}
	}
	for _, d := range n.DependentSchemas {
		if d.Schema.Bool != nil && *d.Schema.Bool {
			continue
		}
		oc = append(oc, jen.If(jen.Id("v").Dot("get").Call(jen.Lit(d.Property)).Op("!=").Nil()).Block(
			k.call(d.Schema)))
	}
	return oc
}

func arrayChecks(n *ir.Node, k collector) []jen.Code {
	var ac []jen.Code
	if n.MinItems != nil {
		ac = append(ac, jen.If(jen.Len(jen.Id("a")).Op("<").Lit(int(*n.MinItems))).Block(
			addErr("minItems", msg("minItems", "n", fmt.Sprint(*n.MinItems)))))
	}
	if n.MaxItems != nil {
		ac = append(ac, jen.If(jen.Len(jen.Id("a")).Op(">").Lit(int(*n.MaxItems))).Block(
			addErr("maxItems", msg("maxItems", "n", fmt.Sprint(*n.MaxItems)))))
	}
	if n.UniqueItems {
		ac = append(ac, jen.For(jen.List(jen.Id("_"), jen.Id("j")).Op(":=").Range().Id("sgDuplicates").Call(jen.Id("a"))).Block(
			childIndex(jen.Id("j")),
			jen.Id("e").Dot("add").Call(jen.Op("&").Id("c"), jen.Lit("uniqueItems"), msg("uniqueItems")),
		))
	}
	for i, s := range n.PrefixItems {
		ac = append(ac, jen.If(jen.Len(jen.Id("a")).Op(">").Lit(i)).Block(
			childIndex(jen.Lit(i)),
			call(s, jen.Op("&").Id("a").Index(jen.Lit(i)), jen.Op("&").Id("c")),
		))
	}
	if k.col && len(n.PrefixItems) > 0 {
		ac = append(ac, jen.Id("ev").Dot("upTo").Call(jen.Lit(len(n.PrefixItems))))
	}
	if n.Items != nil {
		ac = append(ac, jen.For(jen.Id("i").Op(":=").Lit(len(n.PrefixItems)), jen.Id("i").Op("<").Len(jen.Id("a")), jen.Id("i").Op("++")).Block(
			childIndex(jen.Id("i")),
			call(n.Items, jen.Op("&").Id("a").Index(jen.Id("i")), jen.Op("&").Id("c")),
		))
		if k.col {
			ac = append(ac, jen.Id("ev").Dot("upTo").Call(jen.Len(jen.Id("a"))))
		}
	}
	if cc := containsCheck(n, k); cc != nil {
		ac = append(ac, cc)
	}
	if n.UniqueBy != "" {
		ac = append(ac, jen.For(jen.List(jen.Id("_"), jen.Id("j")).Op(":=").Range().Id("sgDuplicatesBy").Call(jen.Id("a"), jen.Lit(n.UniqueBy))).Block(
			childIndex(jen.Id("j")),
			addKeyErr(jen.Op("&").Id("c"), jen.Lit(n.UniqueBy), "x-unique-by", msg("x-unique-by", "name", ir.QuoteForMessage(n.UniqueBy))),
		))
	}
	return ac
}

// containsCheck counts the items contains accepts and checks the count against minContains
// (absent: 1; the keyword reported is then "contains") and maxContains; nil when no count can
// fail. With collection, the items contains accepts are evaluated even when no count can fail.
func containsCheck(n *ir.Node, col collector) jen.Code {
	if n.Contains == nil {
		return nil
	}
	lo, kw := int64(1), "contains"
	if n.MinContains != nil {
		lo, kw = *n.MinContains, "minContains"
	}
	accepted := quickValid(jen.Op("&").Id("a").Index(jen.Id("i")), n.Contains.GoFunc)
	if lo == 0 && n.MaxContains == nil {
		if !col.col {
			return nil
		}
		return jen.For(jen.Id("i").Op(":=").Range().Id("a")).Block(
			jen.If(accepted).Block(jen.Id("ev").Dot("item").Call(jen.Id("i"))))
	}
	hit := []jen.Code{jen.Id("k").Op("++")}
	if col.col {
		hit = append(hit, jen.Id("ev").Dot("item").Call(jen.Id("i")))
	}
	st := []jen.Code{
		jen.Id("k").Op(":=").Lit(0),
		jen.For(jen.Id("i").Op(":=").Range().Id("a")).Block(
			jen.If(accepted).Block(hit...),
		),
	}
	if lo > 0 {
		st = append(st, jen.If(jen.Id("k").Op("<").Lit(int(lo))).Block(
			addErr(kw, msg("minContains", "n", fmt.Sprint(lo), "items", ir.ItemsForMessage(lo)))))
	}
	if m := n.MaxContains; m != nil {
		st = append(st, jen.If(jen.Id("k").Op(">").Lit(int(*m))).Block(
			addErr("maxContains", msg("maxContains", "n", fmt.Sprint(*m), "items", ir.ItemsForMessage(*m)))))
	}
	return jen.Block(st...)
}

// choice emits anyOf or oneOf: a dispatch on the discriminator, or a trial of every branch.
func choice(n *ir.Node, keyword string, branches []*ir.Node, k collector) []jen.Code {
	if len(branches) == 0 {
		return nil
	}
	if d := n.Discriminator; d != nil && d.Keyword == keyword {
		var cases []jen.Code
		var vals []ir.Value
		for i, br := range branches {
			cases = append(cases, jen.Case(jen.Lit(d.Values[i])).Block(k.call(br)))
			vals = append(vals, ir.Value{Kind: ir.String, String: d.Values[i]})
		}
		cases = append(cases, jen.Default().Block(
			addKeyErr(jen.Id("p"), jen.Lit(d.Property), keyword, msg("discriminator", "values", ir.ValuesForMessage(vals)))))
		unknown := addKeyErr(jen.Id("p"), jen.Lit(d.Property), keyword, msg("discriminator", "values", ir.ValuesForMessage(vals)))
		return []jen.Code{
			jen.If(jen.Id("v").Dot("kind").Call().Op("!=").Id("sgKindObject")).Block(
				addErr("type", msg("type", "types", "object")),
			).Else().If(jen.Id("d").Op(":=").Id("v").Dot("get").Call(jen.Lit(d.Property)), jen.Id("d").Op("==").Nil()).Block(
				addKeyErr(jen.Id("p"), jen.Lit(d.Property), "required", msg("required", "name", ir.QuoteForMessage(d.Property))),
			).Else().If(jen.Id("d").Dot("kind").Call().Op("!=").Id("sgKindString")).Block(
				unknown,
			).Else().Block(
				jen.Switch(jen.Id("d").Dot("str")).Block(cases...),
			),
		}
	}
	if k.col {
		// Every branch is tried: the annotations of each valid one count (oneOf: when exactly
		// one is valid).
		into := "ev"
		st := []jen.Code{}
		if keyword == "oneOf" {
			into = "o"
			st = append(st, jen.Var().Id("o").Id("sgAnn"))
		}
		st = append(st, jen.Id("k").Op(":=").Lit(0))
		for _, br := range branches {
			st = append(st, jen.If(k.valid(br, into)).Block(jen.Id("k").Op("++")))
		}
		if keyword == "anyOf" {
			st = append(st, jen.If(jen.Id("k").Op("==").Lit(0)).Block(
				unionErr(n, keyword, branches, jen.Id("k"))))
		} else {
			st = append(st, jen.If(jen.Id("k").Op("!=").Lit(1)).Block(
				unionErr(n, keyword, branches, jen.Id("k")),
			).Else().Block(jen.Id("ev").Dot("merge").Call(jen.Op("&").Id("o"))))
		}
		return []jen.Code{jen.Block(st...)}
	}
	var fns []jen.Code
	fns = append(fns, jen.Id("v"))
	for _, br := range branches {
		fns = append(fns, jen.Id(br.GoFunc))
	}
	if keyword == "anyOf" {
		var conds []jen.Code
		for i, br := range branches {
			if i > 0 {
				conds = append(conds, jen.Op("||"))
			}
			conds = append(conds, quickValid(jen.Id("v"), br.GoFunc))
		}
		return []jen.Code{jen.If(jen.Op("!").Parens(jen.Add(conds...))).Block(
			unionErr(n, keyword, branches, jen.Lit(0)))}
	}
	return []jen.Code{jen.If(jen.Id("k").Op(":=").Id("e").Dot("countValid").Call(fns...), jen.Id("k").Op("!=").Lit(1)).Block(
		unionErr(n, keyword, branches, jen.Id("k")))}
}

// unionErr reports the failure of the anyOf or oneOf of n, k of whose branches match: the
// runtime's union explains it (the branch the Decider names, or the first branches' most
// specific violations).
func unionErr(n *ir.Node, keyword string, branches []*ir.Node, k jen.Code) jen.Code {
	args := []jen.Code{jen.Id("v"), jen.Id("p"), jen.Lit(keyword), msg(keyword, "n", fmt.Sprint(len(branches))), k}
	if d := n.Decider; d != nil && d.Keyword == keyword && len(d.Values) == len(branches) {
		vals := make([]jen.Code, len(d.Values))
		for i, s := range d.Values {
			vals[i] = jen.Lit(s)
		}
		args = append(args, jen.Lit(d.Property), jen.Index().String().Values(vals...))
	} else {
		args = append(args, jen.Lit(""), jen.Nil())
	}
	for _, br := range branches {
		args = append(args, jen.Id(br.GoFunc))
	}
	return jen.Id("e").Dot("union").Call(args...)
}

// patternLit writes a regular expression as a raw string when it has a backslash and a raw
// string can hold it (no backquote, carriage return or unprintable character), so that it
// reads as written in the schema; otherwise as an interpreted string.
func patternLit(s string) jen.Code {
	if !strings.Contains(s, `\`) || !utf8.ValidString(s) || strings.ContainsAny(s, "`\r") {
		return jen.Lit(s)
	}
	for _, r := range s {
		if !unicode.IsPrint(r) {
			return jen.Lit(s)
		}
	}
	return jen.Op("`" + s + "`")
}
