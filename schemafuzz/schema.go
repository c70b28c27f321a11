package schemafuzz

import (
	"fmt"
	"math/rand/v2"
	"strconv"
)

// Schema is one generated schema: its 2020-12 form, which the documents are derived from,
// and its rendering in the target draft, which is what skillgen and the oracles read.
type Schema struct {
	Name  string // the file is Name + ".json"
	Draft Draft
	// Abstract is the schema with draft 2020-12 keywords, limited to what Draft can say.
	Abstract *Value
	// Doc is Abstract written in Draft's keywords.
	Doc *Value
}

// File is the schema's file name.
func (s *Schema) File() string { return s.Name + ".json" }

// idBase is the base of the absolute $id some generated schemas declare.
const idBase = "https://fuzz.skillgen.test/"

// maxNodes bounds a schema's size: past it, subschemas are leaves.
const maxNodes = 36

// maxDepth bounds nesting of subschemas.
const maxDepth = 5

// NewSchema generates schema number index of a run seeded with seed, in draft d. The same
// (seed, index, d) gives the same schema on every run.
func NewSchema(seed uint64, index int, d Draft) *Schema {
	r := rand.New(rand.NewPCG(seed, uint64(index)<<8|uint64(d)))
	name := fmt.Sprintf("s%04d", index)
	g := &gen{r: r, draft: d, name: name}
	abs := g.root()
	return &Schema{Name: name, Draft: d, Abstract: abs, Doc: Render(abs, d)}
}

type gen struct {
	r     *rand.Rand
	draft Draft
	name  string // the schema's name, prefix of its embedded $ids

	ndefs   int
	anchors map[int]string // def index → its $anchor
	ids     map[int]string // def index → its embedded $id (relative to the file)
	rootID  string         // the root's $id, "" when it has none
	cur     int            // the def being generated; ndefs while generating the root
	inID    bool           // generating inside a def with its own $id
	nodes   int
	// dynamic: the root declares a dynamic anchor (2020-12 "$dynamicAnchor": "node", 2019-09
	// "$recursiveAnchor": true), and so do the defs with their own $id that dynDefs holds.
	dynamic bool
	dynDefs map[int]bool
}

func (g *gen) chance(p float64) bool { return g.r.Float64() < p }

func (g *gen) pick(n int) int { return g.r.IntN(n) }

// weighted returns an index drawn with the given weights.
func (g *gen) weighted(w ...int) int {
	total := 0
	for _, x := range w {
		total += x
	}
	n := g.r.IntN(total)
	for i, x := range w {
		if n < x {
			return i
		}
		n -= x
	}
	return len(w) - 1
}

func (g *gen) root() *Value {
	g.ndefs = g.weighted(30, 30, 25, 15)
	g.anchors, g.ids = map[int]string{}, map[int]string{}
	for i := range g.ndefs {
		if g.chance(0.25) {
			g.anchors[i] = "a" + strconv.Itoa(i)
		}
		if g.chance(0.1) && (g.draft >= Draft2019 || g.anchors[i] == "") {
			// Up to draft-07 an anchor is an "$id" too: a schema has one or the other.
			g.ids[i] = g.name + "-d" + strconv.Itoa(i) + ".json"
		}
	}
	g.dynamicAnchors()
	out := jobj()
	if g.draft != Draft2020 || g.chance(0.7) {
		// Other drafts always say which they are: without $schema a schema is read as 2020-12.
		out.Set("$schema", jstr(g.draft.URI()))
	}
	if g.chance(0.2) {
		g.rootID = idBase + g.name + ".json"
		out.Set("$id", jstr(g.rootID))
	}
	var defs []*Value
	for i := range g.ndefs {
		g.cur = i
		g.inID = g.ids[i] != ""
		d := g.schema(0, true)
		_, anchored := g.anchors[i]
		_, hasID := g.ids[i]
		if d.Kind == Bool && (anchored || hasID) {
			// References to it are written already: it stays a schema that can carry them.
			d = boolObject(d.Bool)
		}
		if a, ok := g.anchors[i]; ok {
			d.Obj = append([]Member{member("$anchor", jstr(a))}, d.Obj...)
		}
		if g.dynDefs[i] {
			d.Obj = append([]Member{g.dynamicAnchor()}, d.Obj...)
		}
		if id, ok := g.ids[i]; ok {
			d.Obj = append([]Member{member("$id", jstr(id))}, d.Obj...)
		}
		defs = append(defs, d)
	}
	g.cur, g.inID = g.ndefs, false
	body := g.schema(0, true)
	if body.Kind == Bool {
		if len(out.Obj) == 0 && g.ndefs == 0 {
			return body // a boolean file root
		}
		body = boolObject(body.Bool)
	}
	for try := 0; try < 5 && !asserts(body); try++ {
		// A file of nothing but $defs and annotations is a set of definitions, not a type.
		if b := g.schema(0, true); b.Kind == Object {
			body = b
		}
	}
	if !asserts(body) {
		body.Set("type", jstr("object"))
	}
	if g.dynamic {
		out.Obj = append(out.Obj, g.dynamicAnchor())
	}
	out.Obj = append(out.Obj, body.Obj...)
	if g.ndefs > 0 {
		m := jobj()
		for i, d := range defs {
			m.Set("d"+strconv.Itoa(i), d)
		}
		out.Set("$defs", m)
	}
	return out
}

// annotationKeywords assert nothing.
var annotationKeywords = map[string]bool{"title": true, "description": true, "default": true,
	"examples": true, "$comment": true, "deprecated": true, "readOnly": true, "writeOnly": true,
	"format": true, "$anchor": true, "$id": true, "$schema": true, "$defs": true,
	"$dynamicAnchor": true, "$recursiveAnchor": true}

// asserts reports whether an object schema has a keyword besides annotations. An empty
// "required" asserts nothing, and draft-04, which does not allow it, leaves it out.
func asserts(s *Value) bool {
	for _, m := range s.Obj {
		if !annotationKeywords[m.Key] && !(m.Key == "required" && len(m.Value.Arr) == 0) {
			return true
		}
	}
	return false
}

// boolObject is the object schema that means the same as a boolean one.
func boolObject(b bool) *Value {
	if b {
		return jobj()
	}
	return jobj(member("not", jobj()))
}

// ref returns a reference to def i (or to the root, i < 0) as written where it stands.
func (g *gen) ref(i int) string {
	file := g.name + ".json"
	if g.rootID != "" {
		file = g.rootID
	}
	prefix := "#"
	if g.inID {
		// Inside an embedded resource "#" is that resource: name the file.
		prefix = file + "#"
	}
	switch {
	case i < 0:
		if g.inID {
			return file
		}
		return "#"
	case g.ids[i] != "":
		// A def with its own $id is named by it: a pointer from the file would cross into
		// another resource.
		if g.anchors[i] != "" && g.chance(0.5) {
			return g.ids[i] + "#" + g.anchors[i]
		}
		return g.ids[i]
	case g.anchors[i] != "" && g.chance(0.6):
		return prefix + g.anchors[i]
	}
	return prefix + "/$defs/d" + strconv.Itoa(i)
}

// refTarget picks what a $ref may point at: in place (not below a member or item of the
// document), only an earlier def, so that every cycle of references descends into the
// document; below a member or item, any def or the root. -2: none.
func (g *gen) refTarget(inPlace bool) int {
	if inPlace {
		if g.cur == 0 {
			return -2
		}
		return g.pick(g.cur)
	}
	return g.pick(g.ndefs+1) - 1
}

// schema generates a subschema. inPlace: it applies to the same instance as the def or root
// it stands in (through in-place applicators only).
func (g *gen) schema(depth int, inPlace bool) *Value {
	g.nodes++
	leaf := depth >= maxDepth || g.nodes >= maxNodes
	if leaf || g.chance(0.06+0.04*float64(depth)) {
		if leaf && g.chance(0.5) {
			return g.scalar()
		}
		if leaf || g.chance(0.6) {
			return jbool(g.chance(0.7))
		}
	}
	if t := g.refTarget(inPlace); t >= -1 && g.chance(0.14) {
		if d := g.dynamicRef(inPlace); d != nil {
			return d
		}
		s := jobj(member("$ref", jstr(g.ref(t))))
		if g.chance(0.35) {
			// Keywords beside $ref: both apply (2019-09 on; earlier drafts get an allOf).
			extra := g.kind(depth, inPlace)
			for _, m := range extra.Obj {
				if m.Key != "$ref" && !s.Has(m.Key) {
					s.Obj = append(s.Obj, m)
				}
			}
		}
		return s
	}
	s := g.kind(depth, inPlace)
	g.applicators(s, depth, inPlace)
	g.annotations(s)
	return s
}

// dynamicAnchors decides, in 2019-09 and 2020-12, whether the root and which defs with an $id
// of their own declare a dynamic anchor: a dynamic reference inside a def then resolves to the
// def or to the root, depending on where validation started (the dynamic scope).
func (g *gen) dynamicAnchors() {
	g.dynamic, g.dynDefs = false, map[int]bool{}
	if g.draft < Draft2019 || !g.chance(0.3) {
		return
	}
	g.dynamic = true
	for i := range g.ndefs {
		if g.ids[i] != "" && g.chance(0.6) {
			g.dynDefs[i] = true
		}
	}
}

// dynamicAnchor is the member declaring the dynamic anchor of a resource.
func (g *gen) dynamicAnchor() Member {
	if g.draft == Draft2019 {
		return member("$recursiveAnchor", jbool(true))
	}
	return member("$dynamicAnchor", jstr("node"))
}

// dynamicRef returns, sometimes, a dynamic reference to the anchor of the resource being
// generated ("$dynamicRef": "#node", "$recursiveRef": "#"), or nil. Only below a member or an
// item, so that every cycle through it descends into the document, and only where the
// resource declares the anchor (2020-12: "#node" must resolve).
func (g *gen) dynamicRef(inPlace bool) *Value {
	if !g.dynamic || inPlace || !g.chance(0.5) {
		return nil
	}
	if g.inID && !g.dynDefs[g.cur] {
		return nil
	}
	if g.draft == Draft2019 {
		return jobj(member("$recursiveRef", jstr("#")))
	}
	return jobj(member("$dynamicRef", jstr("#node")))
}

// scalar is a small typed leaf.
func (g *gen) scalar() *Value {
	switch g.pick(6) {
	case 0:
		return jobj(member("type", jstr("string")))
	case 1:
		return jobj(member("type", jstr("integer")))
	case 2:
		return jobj(member("type", jstr("number")), member("minimum", g.number()))
	case 3:
		return jobj(member("type", jstr("string")), member("maxLength", jint(int64(g.pick(4)))))
	case 4:
		return jobj(member("enum", g.values(1+g.pick(3))))
	}
	return jobj(member("type", jstr("boolean")))
}

func (g *gen) kind(depth int, inPlace bool) *Value {
	switch g.weighted(22, 16, 13, 9, 8, 2, 2, 5, 6, 8, 5, 4, 4) {
	case 0:
		return g.object(depth, true)
	case 1:
		return g.array(depth, true)
	case 2:
		return g.str(true)
	case 3:
		return g.num("number")
	case 4:
		return g.num("integer")
	case 5:
		return jobj(member("type", jstr("boolean")))
	case 6:
		return jobj(member("type", jstr("null")))
	case 7:
		return g.multi(depth)
	case 8:
		return g.untyped(depth)
	case 9:
		s := jobj()
		g.combinator(s, depth, inPlace, true)
		return s
	case 10:
		s := jobj(member("enum", g.values(g.weighted(1, 10, 10, 6, 3))))
		if g.chance(0.3) {
			s.Set("type", g.typeFor(s.Get("enum")))
		}
		return s
	case 11:
		return jobj(member("const", g.value(2)))
	}
	return g.tagged(depth)
}

var types = []string{"object", "array", "string", "number", "integer", "boolean", "null"}

// typeFor returns a "type" that the values mostly have.
func (g *gen) typeFor(vals *Value) *Value {
	if len(vals.Arr) == 0 {
		return jstr(types[g.pick(len(types))])
	}
	return jstr(kindType(vals.Arr[g.pick(len(vals.Arr))]))
}

func kindType(v *Value) string {
	switch v.Kind {
	case Null:
		return "null"
	case Bool:
		return "boolean"
	case Number:
		if r := rat(v.Str); r.IsInt() {
			return "integer"
		}
		return "number"
	case String:
		return "string"
	case Array:
		return "array"
	}
	return "object"
}

func (g *gen) names(n int) []string {
	perm := g.r.Perm(len(propertyNames))
	out := make([]string, 0, n)
	for _, i := range perm[:min(n, len(perm))] {
		out = append(out, propertyNames[i])
	}
	return out
}

func (g *gen) object(depth int, typed bool) *Value {
	s := jobj()
	if typed && g.chance(0.9) {
		s.Set("type", jstr("object"))
	}
	names := g.names(g.weighted(10, 20, 25, 20, 10))
	if len(names) > 0 && g.chance(0.85) {
		props := jobj()
		for _, n := range names {
			props.Set(n, g.schema(depth+1, false))
		}
		s.Set("properties", props)
	}
	if g.chance(0.6) {
		var req []string
		for _, n := range names {
			if g.chance(0.5) {
				req = append(req, n)
			}
		}
		if g.chance(0.15) {
			req = appendNew(req, g.names(1)[0])
		}
		if len(req) > 0 || g.chance(0.1) {
			s.Set("required", jstrs(req...))
		}
	}
	if g.chance(0.2) {
		pp := jobj()
		for range 1 + g.pick(2) {
			pp.Set(propertyPatterns[g.pick(len(propertyPatterns))], g.schema(depth+1, false))
		}
		s.Set("patternProperties", pp)
	}
	if g.chance(0.3) {
		switch g.weighted(4, 1, 5) {
		case 0:
			s.Set("additionalProperties", jbool(false))
		case 1:
			s.Set("additionalProperties", jbool(true))
		default:
			s.Set("additionalProperties", g.schema(depth+1, false))
		}
	}
	if g.draft.has("propertyNames") && g.chance(0.1) {
		s.Set("propertyNames", g.nameSchema())
	}
	if g.chance(0.12) {
		s.Set("minProperties", jint(int64(g.pick(3))))
	}
	if g.chance(0.12) {
		s.Set("maxProperties", jint(int64(g.pick(4))))
	}
	if g.chance(0.12) {
		dr := jobj()
		for _, n := range g.names(1 + g.pick(2)) {
			dr.Set(n, jstrs(g.names(g.pick(3))...))
		}
		s.Set("dependentRequired", dr)
	}
	if g.chance(0.1) {
		ds := jobj()
		for _, n := range g.names(1 + g.pick(2)) {
			ds.Set(n, g.schema(depth+1, true))
		}
		s.Set("dependentSchemas", ds)
	}
	if g.draft.has("unevaluatedProperties") && g.chance(0.14) {
		if g.chance(0.6) {
			s.Set("unevaluatedProperties", jbool(false))
		} else {
			s.Set("unevaluatedProperties", g.schema(depth+1, false))
		}
	}
	return s
}

func appendNew(list []string, s string) []string {
	for _, e := range list {
		if e == s {
			return list
		}
	}
	return append(list, s)
}

// nameSchema is a schema for property names (strings).
func (g *gen) nameSchema() *Value {
	switch g.pick(5) {
	case 0:
		return jobj(member("pattern", jstr(propertyPatterns[g.pick(len(propertyPatterns))])))
	case 1:
		return jobj(member("maxLength", jint(int64(1+g.pick(3)))))
	case 2:
		return jobj(member("enum", jstrs(g.names(1+g.pick(4))...)))
	case 3:
		return jobj(member("not", jobj(member("const", jstr(g.names(1)[0])))))
	}
	return jbool(g.chance(0.5))
}

func (g *gen) array(depth int, typed bool) *Value {
	s := jobj()
	if typed && g.chance(0.9) {
		s.Set("type", jstr("array"))
	}
	if g.chance(0.25) {
		pi := jarr()
		for range 1 + g.pick(3) {
			pi.Arr = append(pi.Arr, g.schema(depth+1, false))
		}
		s.Set("prefixItems", pi)
	}
	if g.chance(0.6) {
		if s.Has("prefixItems") && g.chance(0.3) {
			s.Set("items", jbool(false))
		} else {
			s.Set("items", g.schema(depth+1, false))
		}
	}
	if g.draft.has("contains") && g.chance(0.2) {
		s.Set("contains", g.schema(depth+1, false))
		if g.draft.has("minContains") && g.chance(0.4) {
			s.Set("minContains", jint(int64(g.pick(3))))
		}
		if g.draft.has("maxContains") && g.chance(0.4) {
			s.Set("maxContains", jint(int64(g.pick(4))))
		}
	}
	if g.chance(0.2) {
		s.Set("minItems", jint(int64(g.pick(4))))
	}
	if g.chance(0.2) {
		s.Set("maxItems", jint(int64(g.pick(5))))
	}
	if g.chance(0.22) {
		s.Set("uniqueItems", jbool(g.chance(0.85)))
	}
	if g.draft.has("unevaluatedItems") && g.chance(0.12) {
		if g.chance(0.6) {
			s.Set("unevaluatedItems", jbool(false))
		} else {
			s.Set("unevaluatedItems", g.schema(depth+1, false))
		}
	}
	return s
}

var formats = []string{"email", "date-time", "uri", "uuid", "ipv4", "date", "hostname", "x-custom"}

func (g *gen) str(typed bool) *Value {
	s := jobj()
	if typed && g.chance(0.9) {
		s.Set("type", jstr("string"))
	}
	if g.chance(0.3) {
		s.Set("minLength", jint(int64(g.pick(4))))
	}
	if g.chance(0.3) {
		s.Set("maxLength", jint(int64(g.pick(5))))
	}
	if g.chance(0.35) {
		s.Set("pattern", jstr(patterns[g.pick(len(patterns))].src))
	}
	if g.chance(0.12) {
		s.Set("format", jstr(formats[g.pick(len(formats))]))
	}
	return s
}

// numberLits are the numbers schemas use: integers, short decimals, and the same value
// written differently (1e1, 2.0), all exact in a double.
var numberLits = []string{"-10", "-3", "-1", "0", "1", "2", "3", "5", "7", "10", "100", "0.5", "1.5", "-2.5", "0.1", "3.25", "1e1", "2.0", "-0.75", "12.5"}

var multipleLits = []string{"2", "3", "5", "0.5", "0.25", "1.5", "0.1", "0.01", "2.5", "10", "1e1", "4"}

func (g *gen) number() *Value { return jnum(numberLits[g.pick(len(numberLits))]) }

func (g *gen) num(typ string) *Value {
	s := jobj()
	if g.chance(0.92) {
		s.Set("type", jstr(typ))
	}
	for _, k := range []string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"} {
		if g.chance(0.28) {
			s.Set(k, g.number())
		}
	}
	if g.chance(0.25) {
		s.Set("multipleOf", jnum(multipleLits[g.pick(len(multipleLits))]))
	}
	return s
}

// multi is a schema of several types, with keywords of each.
func (g *gen) multi(depth int) *Value {
	perm := g.r.Perm(len(types))
	n := 2 + g.pick(2)
	var ts []string
	s := jobj()
	for _, i := range perm[:n] {
		ts = append(ts, types[i])
	}
	s.Set("type", jstrs(ts...))
	for _, t := range ts {
		var part *Value
		switch t {
		case "object":
			part = g.object(depth, false)
		case "array":
			part = g.array(depth, false)
		case "string":
			part = g.str(false)
		case "number", "integer":
			part = g.num(t)
			part.Del("type")
		default:
			continue
		}
		for _, m := range part.Obj {
			if !s.Has(m.Key) {
				s.Obj = append(s.Obj, m)
			}
		}
	}
	return s
}

// untyped has keywords of several families and no "type": each applies to its own type.
func (g *gen) untyped(depth int) *Value {
	s := jobj()
	for range 2 + g.pick(2) {
		var part *Value
		switch g.pick(4) {
		case 0:
			part = g.object(depth, false)
		case 1:
			part = g.array(depth, false)
		case 2:
			part = g.str(false)
		default:
			part = g.num("number")
			part.Del("type")
		}
		for _, m := range part.Obj {
			if !s.Has(m.Key) {
				s.Obj = append(s.Obj, m)
			}
		}
	}
	return s
}

// combinator adds allOf/anyOf/oneOf/not/if-then-else to s; alone: s is nothing but them.
func (g *gen) combinator(s *Value, depth int, inPlace, alone bool) {
	branches := func() *Value {
		a := jarr()
		for range 1 + g.weighted(1, 6, 3, 1) {
			a.Arr = append(a.Arr, g.schema(depth+1, inPlace))
		}
		return a
	}
	switch g.weighted(6, 6, 6, 3, 4) {
	case 0:
		s.Set("allOf", branches())
	case 1:
		s.Set("anyOf", branches())
	case 2:
		s.Set("oneOf", branches())
	case 3:
		s.Set("not", g.schema(depth+1, inPlace))
	case 4:
		if !g.draft.has("if") {
			s.Set("anyOf", branches())
			return
		}
		s.Set("if", g.schema(depth+1, inPlace))
		if g.chance(0.8) {
			s.Set("then", g.schema(depth+1, inPlace))
		}
		if g.chance(0.6) {
			s.Set("else", g.schema(depth+1, inPlace))
		}
	}
	if alone && g.chance(0.2) {
		g.combinator(s, depth, inPlace, false)
	}
}

// applicators adds in-place applicators to a schema now and then, more often beside the
// unevaluated keywords, which depend on them.
func (g *gen) applicators(s *Value, depth int, inPlace bool) {
	p := 0.12
	if s.Has("unevaluatedProperties") || s.Has("unevaluatedItems") {
		p = 0.7
	}
	if s.Kind == Object && g.chance(p) {
		keep := jobj()
		g.combinator(keep, depth, inPlace, false)
		for _, m := range keep.Obj {
			if !s.Has(m.Key) {
				s.Obj = append(s.Obj, m)
			}
		}
	}
}

// tagged is a union of objects told apart by a "kind" member, the shape the generator
// dispatches on, sometimes with a branch that breaks the shape.
func (g *gen) tagged(depth int) *Value {
	kw := "oneOf"
	if g.chance(0.35) {
		kw = "anyOf"
	}
	tags := []string{"circle", "square", "line", "dot"}
	n := 2 + g.pick(2)
	a := jarr()
	for i := range n {
		br := g.object(depth+1, false)
		br.Set("type", jstr("object"))
		props := br.Get("properties")
		if props == nil {
			props = jobj()
		}
		props.Obj = append([]Member{member("kind", jobj(member("const", jstr(tags[i]))))}, props.Obj...)
		br.Set("properties", props)
		req := []string{"kind"}
		if r := br.Get("required"); r != nil {
			for _, e := range r.Arr {
				req = appendNew(req, e.Str)
			}
		}
		if !g.chance(0.08) {
			br.Set("required", jstrs(req...))
		}
		a.Arr = append(a.Arr, br)
	}
	s := jobj()
	if g.chance(0.5) {
		s.Set("type", jstr("object"))
	}
	s.Set(kw, a)
	return s
}

func (g *gen) annotations(s *Value) {
	if s.Kind != Object {
		return
	}
	if g.chance(0.04) {
		s.Set("title", jstr([]string{"Thing", "Item", "Node", "Value", "Shape"}[g.pick(5)]))
	}
	if g.chance(0.08) {
		s.Set("description", jstr("A generated schema: */ \"quotes\" and `ticks`."))
	}
	if g.chance(0.05) {
		s.Set("default", g.value(1))
	}
	if g.chance(0.03) {
		s.Set("examples", jarr(g.value(1)))
	}
	if g.chance(0.03) {
		s.Set("$comment", jstr("generated"))
	}
	if g.chance(0.02) {
		s.Set("deprecated", jbool(true))
	}
	if g.chance(0.02) {
		s.Set("readOnly", jbool(true))
	}
}

// values returns n distinct JSON values (enum members).
func (g *gen) values(n int) *Value {
	a := jarr()
	seen := map[string]bool{}
	for len(a.Arr) < n {
		v := g.value(2)
		k := canonical(v)
		if seen[k] {
			if g.chance(0.3) {
				break
			}
			continue
		}
		seen[k] = true
		a.Arr = append(a.Arr, v)
	}
	return a
}

// value returns a random JSON value, nested up to depth.
func (g *gen) value(depth int) *Value { return randValue(g.r, depth) }
