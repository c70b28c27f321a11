package golang

import (
	"math"
	"strconv"

	"github.com/dave/jennifer/jen"

	"github.com/skillgen/skillgen/generator/ir"
)

const rapidPkg = "pgregory.net/rapid"

// The arbitraries package: for every named type T, func T() *rapid.Generator[skill.T] whose
// values the generated validator accepts. Shapes and simple constraints (lengths, patterns,
// bounds, enums, uniqueness) are built into the generators; whatever else the schema asks
// (allOf, not, if/then, dependentRequired, multipleOf …) is enforced by filtering on Validate.

func (e *emitter) q(name string) *jen.Statement { return jen.Qual(e.opts.ImportPath, name) }

// qType is the Go type of r as seen from the arbitraries package.
func (e *emitter) qType(r *ir.TypeRef) *jen.Statement { return typeIn(r, e.q) }

func (e *emitter) qValueType(r *ir.TypeRef) *jen.Statement { return valueTypeIn(r, e.q) }

// limits are the constraints found along a node's $ref chain (and allOf branches).
type limits struct {
	minLen, maxLen         *int64
	pattern                *ir.Pattern
	min, max               *float64
	exclMin, exclMax       bool
	minItems, maxItems     *int64
	minProps, maxProps     *int64
	unique                 bool
	uniqueBy               string
	patterns               bool // patternProperties somewhere: undeclared members are drawn only without them
	namePattern            *ir.Pattern
	enum                   []ir.Value
	constVal               *ir.Value
	integerMin, integerMax *float64
}

func tighterMin(cur *int64, v *int64) *int64 {
	if v != nil && (cur == nil || *v > *cur) {
		return v
	}
	return cur
}

func tighterMax(cur *int64, v *int64) *int64 {
	if v != nil && (cur == nil || *v < *cur) {
		return v
	}
	return cur
}

func collect(n *ir.Node) limits {
	var l limits
	seen := map[*ir.Node]bool{}
	var walk func(n *ir.Node)
	walk = func(n *ir.Node) {
		if n == nil || seen[n] {
			return
		}
		seen[n] = true
		l.minLen = tighterMin(l.minLen, n.MinLength)
		l.maxLen = tighterMax(l.maxLen, n.MaxLength)
		if l.pattern == nil && n.Pattern != nil {
			l.pattern = n.Pattern
		}
		l.minItems = tighterMin(l.minItems, n.MinItems)
		l.maxItems = tighterMax(l.maxItems, n.MaxItems)
		l.minProps = tighterMin(l.minProps, n.MinProperties)
		l.maxProps = tighterMax(l.maxProps, n.MaxProperties)
		l.unique = l.unique || n.UniqueItems
		l.patterns = l.patterns || len(n.PatternProperties) > 0
		if l.uniqueBy == "" {
			l.uniqueBy = n.UniqueBy
		}
		if n.Minimum != nil && (l.min == nil || n.Minimum.Float > *l.min) {
			f := n.Minimum.Float
			l.min, l.exclMin = &f, false
		}
		if n.ExclusiveMinimum != nil && (l.min == nil || n.ExclusiveMinimum.Float >= *l.min) {
			f := n.ExclusiveMinimum.Float
			l.min, l.exclMin = &f, true
		}
		if n.Maximum != nil && (l.max == nil || n.Maximum.Float < *l.max) {
			f := n.Maximum.Float
			l.max, l.exclMax = &f, false
		}
		if n.ExclusiveMaximum != nil && (l.max == nil || n.ExclusiveMaximum.Float <= *l.max) {
			f := n.ExclusiveMaximum.Float
			l.max, l.exclMax = &f, true
		}
		if l.enum == nil && n.Enum != nil {
			l.enum = n.Enum
		}
		if l.constVal == nil && n.Const != nil {
			l.constVal = n.Const
		}
		if n.PropertyNames != nil && l.namePattern == nil {
			pl := collect(n.PropertyNames)
			l.namePattern = pl.pattern
		}
		walk(n.Ref)
		for _, a := range n.AllOf {
			walk(a)
		}
	}
	walk(n)
	return l
}

func (e *emitter) arbitraries(types []*ir.Type) *jen.File {
	f := e.newFile("arbitrary")
	f.PackageComment("Package arbitrary provides pgregory.net/rapid generators for every type of the generated")
	f.PackageComment("package: their values pass the generated validator, so they serve property tests.")
	f.ImportName(e.opts.ImportPath, e.opts.Package)
	f.ImportName(rapidPkg, "rapid")
	for _, t := range types {
		n := t.GoName
		f.Commentf("%s generates values of %s.%s that pass its Validate.", n, e.opts.Package, n)
		gen := jen.Qual(rapidPkg, "Custom").Call(jen.Func().Params(jen.Id("t").Op("*").Qual(rapidPkg, "T")).Add(e.q(n)).Block(
			jen.Return(jen.Id("draw"+n).Call(jen.Id("t"), jen.Lit(0))),
		))
		if goAlias(t) {
			// A Go alias (type A = B) is B, and its schema only the reference: B's generator.
			gen = jen.Id(t.Alias.Named.GoName).Call()
		} else {
			check := jen.Id("v").Dot("Validate").Call()
			if !hasMethods(t) {
				check = e.q("Validate" + n).Call(jen.Id("v"))
			}
			gen = gen.Dot("Filter").Call(jen.Func().Params(jen.Id("v").Add(e.q(n))).Bool().Block(
				jen.Return(check.Op("==").Nil()),
			))
		}
		f.Func().Id(n).Params().Op("*").Qual(rapidPkg, "Generator").Types(e.q(n)).Block(jen.Return(gen))
		f.Func().Id("draw"+n).Params(jen.Id("t").Op("*").Qual(rapidPkg, "T"), jen.Id("depth").Int()).Add(e.q(n)).Block(e.drawBody(t)...)
	}
	return f
}

func (e *emitter) drawBody(t *ir.Type) []jen.Code {
	switch t.Kind {
	case ir.Struct:
		body := []jen.Code{jen.Var().Id("v").Add(e.q(t.GoName))}
		if t.NotObjectGoName != "" {
			// The schema accepts values other than objects too: one in eight is one.
			body = append(body, jen.If(jen.Qual(rapidPkg, "IntRange").Call(jen.Lit(0), jen.Lit(7)).Dot("Draw").Call(jen.Id("t"), jen.Lit("not an object?")).Op("==").Lit(0)).Block(
				jen.Id("v").Dot(t.NotObjectGoName).Op("=").Id("notObject").Call(jen.Id("t")),
				jen.Return(jen.Id("v")),
			))
		}
		// With maxProperties, the optional members drawn are chosen first, so that most draws
		// stay within the bound.
		l := collect(t.Node)
		optional, present := 0, 0
		for _, fd := range t.Fields {
			if !fd.Required {
				optional++
			}
		}
		if l.maxProps != nil && optional > 0 {
			room := max(0, int(*l.maxProps)-(len(t.Fields)-optional))
			body = append(body, jen.Id("chosen").Op(":=").Id("chooseOptional").Call(jen.Id("t"), jen.Lit(optional), jen.Lit(room)))
		}
		// Below the top, an object holds at most mostNested of its optional members that hold
		// objects or arrays (nest), so that the size of a value stays bounded however many
		// such members each type has; past maxDepth it holds its required members only.
		drawsAlways, nests := l.maxProps != nil && optional > 0, false
		for _, fd := range t.Fields {
			if fieldless(fd) {
				continue
			}
			drawsAlways = drawsAlways || fd.Required
			nests = nests || (!fd.Required && l.maxProps == nil && holdsContainer(fd.Type))
		}
		if nests {
			body = append(body, jen.Id("nested").Op(":=").Lit(0))
		}
		for _, fd := range t.Fields {
			if fieldless(fd) {
				continue
			}
			label := jen.Lit(fd.JSONName + "?")
			cond := jen.Id("depth").Op("<").Id("maxDepth").Op("&&").Qual(rapidPkg, "Bool").Call().Dot("Draw").Call(jen.Id("t"), label)
			switch {
			case !fd.Required && l.maxProps != nil:
				cond = jen.Id("chosen").Index(jen.Lit(present))
			case !fd.Required && holdsContainer(fd.Type):
				cond = jen.Id("nest").Call(jen.Id("t"), jen.Op("&").Id("nested"), jen.Id("depth"), label)
			}
			if !fd.Required {
				present++
			}
			body = append(body, e.drawField(fd, cond)...)
		}
		hasExtra := t.Extra != nil && t.Extra.Kind == ir.RefAny && !l.patterns && l.maxProps == nil
		if !drawsAlways && !hasExtra && optional > 0 {
			// Past maxDepth nothing is drawn: rapid refuses a generator that reads no data.
			body = append(body, jen.If(jen.Id("depth").Op(">=").Id("maxDepth")).Block(jen.Id("drawNothing").Call(jen.Id("t"))))
		}
		if hasExtra {
			var known []jen.Code
			for _, fd := range t.Fields {
				known = append(known, jen.Lit(fd.JSONName))
			}
			body = append(body, jen.If(jen.Qual(rapidPkg, "IntRange").Call(jen.Lit(0), jen.Lit(3)).Dot("Draw").Call(jen.Id("t"), jen.Lit("extra?")).Op("==").Lit(0)).Block(
				jen.Id("v").Dot(t.ExtraGoName).Op("=").Id("extraMembers").Call(jen.Id("t"), jen.Id("depth"), jen.Index().String().Values(known...)),
			))
		}
		if len(body) == 1 {
			// Nothing to draw (only const members): rapid refuses a generator that reads no data.
			body = append(body, jen.Id("drawNothing").Call(jen.Id("t")))
		}
		return append(body, jen.Return(jen.Id("v")))
	case ir.Tuple:
		// The number of positions present; optional ones are left out from the end.
		req := 0
		for _, fd := range t.Fields {
			if fd.Required {
				req++
			}
		}
		body := []jen.Code{jen.Var().Id("v").Add(e.q(t.GoName))}
		if req < len(t.Fields) {
			body = append(body, jen.Id("n").Op(":=").Qual(rapidPkg, "IntRange").Call(jen.Lit(req), jen.Lit(len(t.Fields))).Dot("Draw").Call(jen.Id("t"), jen.Lit("positions")))
		}
		for i, fd := range t.Fields {
			body = append(body, e.drawField(fd, jen.Id("n").Op(">").Lit(i))...)
		}
		if t.Rest != nil {
			l := collect(t.Node)
			lo := max(i64(l.minItems, 0)-int64(len(t.Fields)), 0)
			hi := lo + 3
			if l.maxItems != nil {
				hi = min(hi, *l.maxItems-int64(len(t.Fields)))
			}
			// No items after the positions decode as a nil slice.
			rest := jen.If(
				jen.Id("rest").Op(":=").Qual(rapidPkg, "SliceOfN").Call(e.gen(t.Rest), jen.Lit(int(lo)), jen.Id("itemLimit").Call(jen.Id("depth"), jen.Lit(int(lo)), jen.Lit(int(max(hi, lo))))).Dot("Draw").Call(jen.Id("t"), jen.Lit("rest")),
				jen.Len(jen.Id("rest")).Op(">").Lit(0),
			).Block(jen.Id("v").Dot(t.RestGoName).Op("=").Id("rest"))
			if req < len(t.Fields) {
				rest = jen.If(jen.Id("n").Op("==").Lit(len(t.Fields))).Block(rest)
			}
			body = append(body, rest)
		}
		return append(body, jen.Return(jen.Id("v")))
	case ir.Enum:
		return []jen.Code{jen.Return(jen.Qual(rapidPkg, "SampledFrom").Call(e.q(t.GoName+"Values")).Dot("Draw").Call(jen.Id("t"), jen.Lit(t.GoName)))}
	case ir.Union:
		var cases []jen.Code
		for i, v := range t.Variants {
			cases = append(cases, jen.Case(jen.Lit(i)).Block(
				jen.Id("u").Op("=").Add(e.q(v.GoNew)).Call(e.gen(v.Ref).Dot("Draw").Call(jen.Id("t"), jen.Lit(v.GoName))),
			))
		}
		draw := []jen.Code{
			jen.Var().Id("u").Add(e.q(t.GoName)),
			jen.Switch(jen.Qual(rapidPkg, "IntRange").Call(jen.Lit(0), jen.Lit(len(t.Variants)-1)).Dot("Draw").Call(jen.Id("t"), jen.Lit("variant"))).Block(cases...),
			jen.Return(jen.Id("u")),
		}
		if t.Dispatch != ir.ByValidation {
			return draw
		}
		// Variants whose values other variants may take too: keep the values that decode back
		// into the variant they were drawn as.
		return []jen.Code{jen.Return(jen.Qual(rapidPkg, "Custom").Call(
			jen.Func().Params(jen.Id("t").Op("*").Qual(rapidPkg, "T")).Add(e.q(t.GoName)).Block(draw...),
		).Dot("Filter").Call(jen.Func().Params(jen.Id("u").Add(e.q(t.GoName))).Bool().Block(
			jen.Return(jen.Id("decodesAs").Call(jen.Id("u"), jen.Func().Params(jen.Id("w").Add(e.q(t.GoName))).Bool().Block(
				jen.Return(jen.Id("w").Dot("Tag").Call().Op("==").Id("u").Dot("Tag").Call()),
			))),
		)).Dot("Draw").Call(jen.Id("t"), jen.Lit(t.GoName)))}
	}
	// Alias.
	switch {
	case goAlias(t):
		return []jen.Code{jen.Return(jen.Id("draw"+t.Alias.Named.GoName).Call(jen.Id("t"), jen.Id("depth")))}
	case t.Alias.Kind == ir.RefNamed:
		// A defined type over another named type: that type's values, converted (its Validate
		// filter then keeps those that pass what the schema adds).
		return []jen.Code{jen.Return(e.q(t.GoName).Call(jen.Id("draw"+t.Alias.Named.GoName).Call(jen.Id("t"), jen.Id("depth"))))}
	}
	return []jen.Code{jen.Return(e.q(t.GoName).Call(e.gen(t.Alias).Dot("Draw").Call(jen.Id("t"), jen.Lit(t.GoName))))}
}

// holdsContainer: a value of r may hold objects or arrays (an enum or a scalar does not).
func holdsContainer(r *ir.TypeRef) bool {
	for i := 0; r != nil && i < 100; i++ {
		switch r.Kind {
		case ir.RefArray, ir.RefMap, ir.RefAny:
			return true
		case ir.RefNamed:
			switch r.Named.Kind {
			case ir.Enum:
				return false
			case ir.Alias:
				r = r.Named.Alias
				continue
			}
			return true
		}
		return false
	}
	return r != nil
}

// matchingGen draws strings matching p with a length in [lo, hi] (hi < 0: unbounded); a
// pattern's leading lookaheads filter what its rest draws.
func matchingGen(p *ir.Pattern, lo, hi int) *jen.Statement {
	if len(p.Ahead) == 0 {
		return jen.Id("matching").Call(jen.Lit(p.Source), jen.Lit(lo), jen.Lit(hi))
	}
	var must, mustNot []jen.Code
	for _, a := range p.Ahead {
		if a.Negative {
			mustNot = append(mustNot, jen.Lit(a.Source))
		} else {
			must = append(must, jen.Lit(a.Source))
		}
	}
	return jen.Id("withLookaheads").Call(jen.Id("matching").Call(jen.Lit(p.Rest), jen.Lit(lo), jen.Lit(hi)),
		jen.Index().String().Values(must...), jen.Index().String().Values(mustNot...))
}

// drawField draws a struct field or tuple position as its Hold says; an optional one only
// when present is true.
func (e *emitter) drawField(fd *ir.Field, present *jen.Statement) []jen.Code {
	g := e.fieldGen(fd)
	label := jen.Lit(fd.JSONName)
	dst := jen.Id("v").Dot(fd.GoName)
	switch fd.Hold {
	case ir.HoldPointer:
		draw := jen.Block(
			jen.Id("x").Op(":=").Add(g).Dot("Draw").Call(jen.Id("t"), label),
			dst.Clone().Op("=").Op("&").Id("x"),
		)
		if fd.Required {
			// required and nullable: sometimes null.
			return []jen.Code{jen.If(jen.Qual(rapidPkg, "IntRange").Call(jen.Lit(0), jen.Lit(4)).Dot("Draw").Call(jen.Id("t"), jen.Lit(fd.JSONName+" null?")).Op("!=").Lit(0)).Add(draw)}
		}
		return []jen.Code{jen.If(present).Add(draw)}
	case ir.HoldOptNil:
		// absent, null or a value.
		null := jen.Qual(rapidPkg, "IntRange").Call(jen.Lit(0), jen.Lit(3)).Dot("Draw").Call(jen.Id("t"), jen.Lit(fd.JSONName+" null?")).Op("==").Lit(0)
		value := jen.Add(g).Dot("Draw").Call(jen.Id("t"), label)
		if fd.Type.Ptr {
			value = jen.Qual(e.opts.ImportPath, "Ptr").Call(value)
		}
		set := []jen.Code{dst.Clone().Dot("SetTo").Call(value)}
		if fd.Type.Kind == ir.RefAny && userType(fd.Type) == nil {
			// A nil any is null: it is drawn as such.
			null = jen.Id("x").Op("==").Nil()
			set = []jen.Code{dst.Clone().Dot("SetTo").Call(jen.Id("x"))}
			return []jen.Code{jen.If(present).Block(
				jen.If(jen.Id("x").Op(":=").Add(g).Dot("Draw").Call(jen.Id("t"), label), null).Block(
					dst.Clone().Dot("SetToNull").Call(),
				).Else().Block(set...),
			)}
		}
		return []jen.Code{jen.If(present).Block(
			jen.If(null).Block(dst.Clone().Dot("SetToNull").Call()).Else().Block(set...),
		)}
	}
	assign := dst.Clone().Op("=").Add(g).Dot("Draw").Call(jen.Id("t"), label)
	if fd.Required {
		return []jen.Code{assign}
	}
	return []jen.Code{jen.If(present).Block(assign)}
}

// fieldGen is the generator of a field's Go type: the value itself for a field held in a
// pointer or an OptNil (its holder says when it is absent or null).
func (e *emitter) fieldGen(fd *ir.Field) *jen.Statement {
	if fd.Hold == ir.HoldValue {
		return e.gen(fd.Type)
	}
	return e.baseGen(fd.Type)
}

func i64(p *int64, def int64) int64 {
	if p == nil {
		return def
	}
	return *p
}

// gen returns an expression of type *rapid.Generator[<value type of r>] for an item, map
// value or alias (a pointer when r.Ptr).
func (e *emitter) gen(r *ir.TypeRef) *jen.Statement {
	g := e.baseGen(r)
	if r.Nullable && !r.Ptr && r.Kind != ir.RefAny && r.GoNil() {
		vt := e.qType(r)
		return jen.Qual(rapidPkg, "OneOf").Call(jen.Qual(rapidPkg, "Just").Types(vt).Call(jen.Nil()), g)
	}
	if r.Ptr {
		vt := e.qType(r)
		return jen.Qual(rapidPkg, "OneOf").Call(
			jen.Qual(rapidPkg, "Just").Types(jen.Op("*").Add(vt)).Call(jen.Nil()),
			jen.Qual(rapidPkg, "Map").Call(g, jen.Func().Params(jen.Id("x").Add(vt)).Op("*").Add(vt).Block(jen.Return(jen.Op("&").Id("x")))),
		)
	}
	return g
}

func (e *emitter) baseGen(r *ir.TypeRef) *jen.Statement {
	if gt := userType(r); gt != nil {
		// A type of the user's: a value of the schema's shape, decoded from its JSON.
		shape := shapeRef(r)
		inner := e.baseGen(shape)
		if gt.Path == "time" && gt.Name == "Time" && shape.Kind == ir.RefString && (shape.Node == nil || collect(shape.Node).pattern == nil) {
			// Strings of format date-time that time.Time reads (no pattern says more).
			inner = jen.Id("matching").Call(jen.Lit(dateTimePattern), jen.Lit(0), jen.Lit(-1))
		}
		return jen.Id("viaJSON").Types(userTypeCode(gt)).Call(inner)
	}
	if alts := scalarAlternatives(r); len(alts) > 0 {
		// A scalar of several anyOf/oneOf branches: draw from one of them.
		var gs []jen.Code
		for _, a := range alts {
			gs = append(gs, e.nodeGen(&ir.TypeRef{Kind: r.Kind, Node: a}))
		}
		return jen.Qual(rapidPkg, "OneOf").Call(gs...)
	}
	return e.nodeGen(r)
}

// scalarAlternatives returns the anyOf/oneOf branches of a scalar's node that may hold its
// JSON type (ir.ScalarAlternatives).
func scalarAlternatives(r *ir.TypeRef) []*ir.Node {
	want := map[ir.RefKind][]string{ir.RefString: {"string"}, ir.RefInteger: {"integer", "number"}, ir.RefNumber: {"number", "integer"}}[r.Kind]
	if want == nil {
		return nil
	}
	return ir.ScalarAlternatives(r.Node, want)
}

// nodeGen is the generator of r from the bounds of its node.
func (e *emitter) nodeGen(r *ir.TypeRef) *jen.Statement {
	var l limits
	if r.Node != nil {
		l = collect(r.Node)
	}
	switch r.Kind {
	case ir.RefNamed:
		return jen.Qual(rapidPkg, "Custom").Call(jen.Func().Params(jen.Id("t").Op("*").Qual(rapidPkg, "T")).Add(e.q(r.Named.GoName)).Block(
			jen.Return(jen.Id("draw"+r.Named.GoName).Call(jen.Id("t"), jen.Id("depth").Op("+").Lit(1))),
		))
	case ir.RefString:
		if l.constVal != nil && l.constVal.Kind == ir.String {
			return jen.Qual(rapidPkg, "Just").Call(jen.Lit(l.constVal.String))
		}
		if vals := stringValues(l.enum); len(vals) > 0 {
			return jen.Qual(rapidPkg, "SampledFrom").Call(jen.Index().String().Values(vals...))
		}
		lo, hi := i64(l.minLen, 0), i64(l.maxLen, -1)
		if hi < 0 || hi > lo+24 {
			hi = lo + 24
		}
		p := l.pattern
		if src := ir.FormatSample(r.Node); p == nil && src != "" {
			// A format the validator asserts: strings of that format (ir.FormatSamples).
			p = &ir.Pattern{Source: src}
		}
		if p != nil {
			return matchingGen(p, int(i64(l.minLen, 0)), int(i64(l.maxLen, -1)))
		}
		return jen.Qual(rapidPkg, "StringOfN").Call(jen.Qual(rapidPkg, "Rune").Call(), jen.Lit(int(lo)), jen.Lit(int(hi)), jen.Lit(-1))
	case ir.RefInteger:
		if c := l.constVal; c != nil && c.Kind == ir.Number {
			f, _ := strconv.ParseFloat(c.Number, 64)
			return jen.Qual(rapidPkg, "Just").Call(jen.Lit(int64(f)))
		}
		lo, hi := -9007199254740991.0, 9007199254740991.0
		if l.min != nil {
			lo = math.Max(lo, *l.min)
			if l.exclMin {
				lo = math.Floor(*l.min) + 1
			} else {
				lo = math.Ceil(lo)
			}
		}
		if l.max != nil {
			hi = math.Min(hi, *l.max)
			if l.exclMax {
				hi = math.Ceil(*l.max) - 1
			} else {
				hi = math.Floor(hi)
			}
		}
		if hi < lo {
			hi = lo
		}
		return jen.Qual(rapidPkg, "Int64Range").Call(jen.Lit(int64(lo)), jen.Lit(int64(hi)))
	case ir.RefNumber:
		if c := l.constVal; c != nil && c.Kind == ir.Number {
			f, _ := strconv.ParseFloat(c.Number, 64)
			return jen.Qual(rapidPkg, "Just").Call(jen.Lit(f))
		}
		lo, hi := -1e9, 1e9
		if l.min != nil {
			lo = *l.min
		}
		if l.max != nil {
			hi = *l.max
		}
		g := jen.Qual(rapidPkg, "Float64Range").Call(jen.Lit(lo), jen.Lit(hi))
		if l.exclMin || l.exclMax {
			g = g.Dot("Filter").Call(jen.Func().Params(jen.Id("x").Float64()).Bool().Block(
				jen.Return(jen.Id("x").Op("!=").Lit(lo).Op("&&").Id("x").Op("!=").Lit(hi)),
			))
		}
		return g
	case ir.RefBool:
		return jen.Qual(rapidPkg, "Bool").Call()
	case ir.RefArray:
		lo, hi := i64(l.minItems, 0), i64(l.maxItems, -1)
		if hi < 0 || hi > lo+4 {
			hi = lo + 4
		}
		elem := e.gen(r.Elem)
		limit := jen.Id("itemLimit").Call(jen.Id("depth"), jen.Lit(int(lo)), jen.Lit(int(hi)))
		switch {
		case l.uniqueBy != "":
			return jen.Qual(rapidPkg, "SliceOfNDistinct").Call(elem, jen.Lit(int(lo)), limit, jen.Func().Params(jen.Id("x").Add(e.qValueType(r.Elem))).String().Block(
				jen.Return(jen.Id("memberKey").Call(jen.Id("x"), jen.Lit(l.uniqueBy)))))
		case l.unique:
			return jen.Qual(rapidPkg, "SliceOfNDistinct").Call(elem, jen.Lit(int(lo)), limit, jen.Func().Params(jen.Id("x").Add(e.qValueType(r.Elem))).String().Block(
				jen.Return(jen.Id("jsonKey").Call(jen.Id("x")))))
		}
		return jen.Qual(rapidPkg, "SliceOfN").Call(elem, jen.Lit(int(lo)), limit)
	case ir.RefMap:
		lo, hi := i64(l.minProps, 0), i64(l.maxProps, -1)
		if hi < 0 || hi > lo+4 {
			hi = lo + 4
		}
		key := jen.Id("matching").Call(jen.Lit("^[a-z][a-z0-9_]{0,11}$"), jen.Lit(1), jen.Lit(-1))
		if l.namePattern != nil {
			key = matchingGen(l.namePattern, 0, -1)
		}
		return jen.Qual(rapidPkg, "MapOfN").Call(key, e.gen(r.Elem), jen.Lit(int(lo)), jen.Id("itemLimit").Call(jen.Id("depth"), jen.Lit(int(lo)), jen.Lit(int(hi))))
	case ir.RefNull:
		return jen.Qual(rapidPkg, "Just").Types(jen.Any()).Call(jen.Nil())
	}
	if l.constVal != nil {
		return jen.Qual(rapidPkg, "Just").Types(jen.Any()).Call(jen.Id("anyValue").Call(jen.Lit(jsonText(*l.constVal))))
	}
	if len(l.enum) > 0 {
		var vals []jen.Code
		for _, v := range l.enum {
			vals = append(vals, jen.Id("anyValue").Call(jen.Lit(jsonText(v))))
		}
		return jen.Qual(rapidPkg, "SampledFrom").Call(jen.Index().Any().Values(vals...))
	}
	return jen.Id("anyJSON").Call(jen.Id("depth"))
}

func stringValues(vals []ir.Value) []jen.Code {
	var out []jen.Code
	for _, v := range vals {
		if v.Kind != ir.String {
			return nil
		}
		out = append(out, jen.Lit(v.String))
	}
	return out
}
