package schemafuzz

import (
	"math/big"
	"math/rand/v2"
	"sort"
	"strings"
)

// Documents returns about n distinct documents for a schema, drawn from its constraints:
// instances built to satisfy it, the same with values at and just beyond its bounds (missing
// required members, extra members, duplicates, wrong types, values next to each enum value),
// a value of every JSON type, and random JSON. Which are valid is for the oracles to say.
func Documents(s *Schema, seed uint64, index, n int) []*Value {
	r := rand.New(rand.NewPCG(seed^0x9e3779b97f4a7c15, uint64(index)<<8|uint64(s.Draft)))
	d := newDocGen(r, s)
	seen := map[string]bool{}
	var out []*Value
	add := func(v *Value) {
		if v == nil {
			return
		}
		k := v.String()
		if !seen[k] {
			seen[k] = true
			out = append(out, v)
		}
	}
	for _, v := range []*Value{jnull(), jbool(true), jint(0), jnum("-1.5"), jstr(""), jstr("a😀"), jarr(), jobj(), jarr(jint(1), jnum("1.0"))} {
		if r.Float64() < 0.5 {
			add(v)
		}
	}
	for try := 0; len(out) < n && try < 3*n; try++ {
		switch {
		case try%10 == 9:
			add(randValue(r, 2))
		case try%2 == 0:
			d.mutate = 0
			add(d.inst(s.Abstract, 0))
		default:
			d.mutate = 0.15 + 0.2*r.Float64()
			add(d.inst(s.Abstract, 0))
		}
	}
	return out
}

// maxDocDepth bounds the nesting of documents; below it values are leaves, which a schema
// that needs more depth refuses (a recursive schema with a required member has no finite
// valid instance).
const maxDocDepth = 6

type docGen struct {
	r       *rand.Rand
	root    *Value
	byRef   map[string]*Value // every reference the schema makes → its target
	mutate  float64           // probability of a boundary or breaking choice at each node
	visited int
}

func newDocGen(r *rand.Rand, s *Schema) *docGen {
	d := &docGen{r: r, root: s.Abstract, byRef: map[string]*Value{}}
	d.index(s)
	return d
}

// index records the target of every $ref in the schema. The generator writes references in
// a few forms only (gen.ref): "#", "#/$defs/dN", "#aN", the file or its $id followed by one of
// those, and a def's own $id, optionally with "#aN".
func (d *docGen) index(s *Schema) {
	root := s.Abstract
	if root.Kind != Object {
		return
	}
	defs := root.Get("$defs")
	targets := map[string]*Value{"": root}
	if defs != nil {
		for _, m := range defs.Obj {
			targets["/$defs/"+m.Key] = m.Value
			if m.Value.Kind != Object {
				continue
			}
			if a := m.Value.Get("$anchor"); a != nil {
				targets[a.Str] = m.Value
			}
			if id := m.Value.Get("$id"); id != nil {
				d.byRef[id.Str] = m.Value
				if a := m.Value.Get("$anchor"); a != nil {
					d.byRef[id.Str+"#"+a.Str] = m.Value
				}
			}
		}
	}
	files := []string{"", s.File()}
	if id := root.Get("$id"); id != nil {
		files = append(files, id.Str)
	}
	for _, f := range files {
		for frag, t := range targets {
			d.byRef[f+"#"+frag] = t
		}
		if f != "" {
			d.byRef[f] = root
		}
	}
}

func (d *docGen) chance(p float64) bool { return d.r.Float64() < p }

func (d *docGen) breaking() bool { return d.mutate > 0 && d.chance(d.mutate) }

// view is what a value must satisfy at one place: the keywords of a schema and of the
// in-place subschemas chosen to satisfy with it ($ref, every allOf branch, one anyOf or oneOf
// branch, then or else).
type view struct {
	bools    []bool
	types    []string // nil: any
	typed    bool
	enum     *Value
	konst    *Value
	schemas  []*Value
	props    []string
	propOf   map[string][]*Value
	required []string
	patterns []Member // patternProperties: pattern → schema
	addl     []*Value
	closed   bool
	minProps int
	maxProps int
	depReq   []Member
	prefix   [][]*Value
	items    []*Value
	noItems  bool
	contains []*Value
	minC     int
	maxC     int
	minItems int
	maxItems int
	unique   bool
	minLen   int
	maxLen   int
	strPats  []string
	lo, hi   *big.Rat
	exLo     bool
	exHi     bool
	multiple *big.Rat
}

func (d *docGen) view(s *Value, depth int) *view {
	v := &view{propOf: map[string][]*Value{}, maxProps: -1, maxC: -1, maxItems: -1, maxLen: -1, minC: -1}
	d.collect(v, s, depth, 0)
	return v
}

func (d *docGen) collect(v *view, s *Value, depth, hops int) {
	if s.Kind == Bool {
		v.bools = append(v.bools, s.Bool)
		return
	}
	if s.Kind != Object || hops > 8 {
		return
	}
	v.schemas = append(v.schemas, s)
	if t := s.Get("type"); t != nil {
		var ts []string
		if t.Kind == String {
			ts = []string{t.Str}
		} else {
			for _, e := range t.Arr {
				ts = append(ts, e.Str)
			}
		}
		if !v.typed {
			v.types, v.typed = ts, true
		} else {
			v.types = intersectTypes(v.types, ts)
		}
	}
	if e := s.Get("enum"); e != nil && v.enum == nil {
		v.enum = e
	}
	if c := s.Get("const"); c != nil && v.konst == nil {
		v.konst = c
	}
	if p := s.Get("properties"); p != nil {
		for _, m := range p.Obj {
			if _, ok := v.propOf[m.Key]; !ok {
				v.props = append(v.props, m.Key)
			}
			v.propOf[m.Key] = append(v.propOf[m.Key], m.Value)
		}
	}
	if rq := s.Get("required"); rq != nil {
		for _, e := range rq.Arr {
			v.required = appendNew(v.required, e.Str)
		}
	}
	if p := s.Get("patternProperties"); p != nil {
		v.patterns = append(v.patterns, p.Obj...)
	}
	for _, k := range []string{"additionalProperties", "unevaluatedProperties"} {
		if a := s.Get(k); a != nil {
			if a.Kind == Bool && !a.Bool {
				v.closed = true
			} else {
				v.addl = append(v.addl, a)
			}
		}
	}
	count := func(k string, into *int, lower bool) {
		if c := s.Get(k); c != nil {
			n := int(rat(c.Str).Num().Int64())
			if *into < 0 || (lower && n > *into) || (!lower && n < *into) {
				*into = n
			}
		}
	}
	count("minProperties", &v.minProps, true)
	count("maxProperties", &v.maxProps, false)
	count("minItems", &v.minItems, true)
	count("maxItems", &v.maxItems, false)
	count("minLength", &v.minLen, true)
	count("maxLength", &v.maxLen, false)
	count("minContains", &v.minC, true)
	count("maxContains", &v.maxC, false)
	if dr := s.Get("dependentRequired"); dr != nil {
		v.depReq = append(v.depReq, dr.Obj...)
	}
	if p := s.Get("prefixItems"); p != nil {
		for i, e := range p.Arr {
			if i >= len(v.prefix) {
				v.prefix = append(v.prefix, nil)
			}
			v.prefix[i] = append(v.prefix[i], e)
		}
	}
	if it := s.Get("items"); it != nil {
		if it.Kind == Bool && !it.Bool {
			v.noItems = true
		} else {
			v.items = append(v.items, it)
		}
	}
	if ui := s.Get("unevaluatedItems"); ui != nil && ui.Kind != Bool {
		v.items = append(v.items, ui)
	}
	if c := s.Get("contains"); c != nil {
		v.contains = append(v.contains, c)
	}
	if u := s.Get("uniqueItems"); u != nil && u.Bool {
		v.unique = true
	}
	if p := s.Get("pattern"); p != nil {
		v.strPats = append(v.strPats, p.Str)
	}
	bound := func(k string, lower, exclusive bool) {
		b := s.Get(k)
		if b == nil {
			return
		}
		x := rat(b.Str)
		if lower {
			if v.lo == nil || x.Cmp(v.lo) > 0 || (x.Cmp(v.lo) == 0 && exclusive) {
				v.lo, v.exLo = x, exclusive
			}
		} else if v.hi == nil || x.Cmp(v.hi) < 0 || (x.Cmp(v.hi) == 0 && exclusive) {
			v.hi, v.exHi = x, exclusive
		}
	}
	bound("minimum", true, false)
	bound("exclusiveMinimum", true, true)
	bound("maximum", false, false)
	bound("exclusiveMaximum", false, true)
	if m := s.Get("multipleOf"); m != nil && v.multiple == nil {
		v.multiple = rat(m.Str)
	}
	// In-place subschemas that a valid instance satisfies.
	if ref := s.Get("$ref"); ref != nil {
		if t := d.byRef[ref.Str]; t != nil {
			d.collect(v, t, depth, hops+1)
		}
	}
	if a := s.Get("allOf"); a != nil {
		for _, e := range a.Arr {
			d.collect(v, e, depth, hops+1)
		}
	}
	for _, k := range []string{"anyOf", "oneOf"} {
		if a := s.Get(k); a != nil && len(a.Arr) > 0 {
			d.collect(v, a.Arr[d.r.IntN(len(a.Arr))], depth, hops+1)
		}
	}
	if s.Has("if") {
		if t := s.Get("then"); t != nil && d.chance(0.5) {
			d.collect(v, t, depth, hops+1)
		} else if e := s.Get("else"); e != nil {
			d.collect(v, e, depth, hops+1)
		}
	}
}

func intersectTypes(a, b []string) []string {
	var out []string
	for _, x := range a {
		for _, y := range b {
			switch {
			case x == y:
				out = appendNew(out, x)
			case x == "number" && y == "integer", x == "integer" && y == "number":
				out = appendNew(out, "integer")
			}
		}
	}
	return out
}

// inst builds a value for schema s: one meant to satisfy it, with boundary or breaking
// choices at the rate d.mutate.
func (d *docGen) inst(s *Value, depth int) *Value {
	d.visited++
	if depth > maxDocDepth || d.visited > 300 {
		return d.leaf()
	}
	v := d.view(s, depth)
	for _, b := range v.bools {
		if !b && !d.breaking() {
			return randValue(d.r, 1) // nothing satisfies false
		}
	}
	if d.breaking() && d.chance(0.3) {
		return d.wrongType(v)
	}
	if v.konst != nil && !d.breaking() {
		return v.konst.Clone()
	}
	if v.enum != nil && len(v.enum.Arr) > 0 {
		e := v.enum.Arr[d.r.IntN(len(v.enum.Arr))]
		if d.breaking() {
			return near(d.r, e)
		}
		return e.Clone()
	}
	switch t := d.chooseType(v); t {
	case "object":
		return d.object(v, depth)
	case "array":
		return d.array(v, depth)
	case "string":
		return jstr(d.str(v))
	case "number", "integer":
		return d.number(v, t == "integer")
	case "boolean":
		return jbool(d.chance(0.5))
	}
	return jnull()
}

func (d *docGen) leaf() *Value {
	return []*Value{jnull(), jobj(), jarr(), jint(1), jstr("a")}[d.r.IntN(5)]
}

// chooseType picks the JSON type of the value: one the schemas allow, else one their keywords
// are about.
func (d *docGen) chooseType(v *view) string {
	if v.typed {
		if len(v.types) == 0 {
			return types[d.r.IntN(len(types))]
		}
		return v.types[d.r.IntN(len(v.types))]
	}
	var hinted []string
	if len(v.props) > 0 || len(v.required) > 0 || len(v.patterns) > 0 || v.closed || len(v.addl) > 0 || v.minProps > 0 || len(v.depReq) > 0 {
		hinted = append(hinted, "object")
	}
	if len(v.prefix) > 0 || len(v.items) > 0 || len(v.contains) > 0 || v.minItems > 0 || v.unique || v.noItems {
		hinted = append(hinted, "array")
	}
	if v.minLen > 0 || v.maxLen >= 0 || len(v.strPats) > 0 {
		hinted = append(hinted, "string")
	}
	if v.lo != nil || v.hi != nil || v.multiple != nil {
		hinted = append(hinted, "number")
	}
	if len(hinted) > 0 && !d.chance(0.1) {
		return hinted[d.r.IntN(len(hinted))]
	}
	return types[d.r.IntN(len(types))]
}

// wrongType returns a value of a type the schema does not ask for (when it asks for one).
func (d *docGen) wrongType(v *view) *Value {
	vals := []*Value{jnull(), jbool(false), jint(3), jnum("2.5"), jstr("x"), jarr(jint(1)), jobj(member("a", jint(1)))}
	for range 10 {
		c := vals[d.r.IntN(len(vals))]
		if !v.typed || !typeAllows(v.types, kindType(c)) {
			return c.Clone()
		}
	}
	return vals[d.r.IntN(len(vals))].Clone()
}

func typeAllows(ts []string, t string) bool {
	for _, x := range ts {
		if x == t || (x == "number" && t == "integer") {
			return true
		}
	}
	return false
}

// near returns a value next to e: equal in another spelling, or just different.
func near(r *rand.Rand, e *Value) *Value {
	switch e.Kind {
	case Number:
		if x := rat(e.Str); x.IsInt() && r.IntN(2) == 0 {
			// equal in another spelling: 1 and 1.0, 1e1 and 10
			if strings.ContainsAny(e.Str, ".eE") {
				return jnum(decimal(x))
			}
			return jnum(e.Str + ".0")
		}
		x := new(big.Rat).Add(rat(e.Str), big.NewRat(1, 2))
		return jnum(decimal(x))
	case String:
		if e.Str == "" {
			return jstr(" ")
		}
		if up := strings.ToUpper(e.Str); up != e.Str {
			return jstr(up)
		}
		return jstr(e.Str + "a")
	case Bool:
		return jbool(!e.Bool)
	case Array:
		c := e.Clone()
		if len(c.Arr) > 0 && r.IntN(2) == 0 {
			c.Arr = c.Arr[:len(c.Arr)-1]
		} else {
			c.Arr = append(c.Arr, jnull())
		}
		return c
	case Object:
		c := e.Clone()
		if len(c.Obj) > 1 && r.IntN(2) == 0 {
			// the same members in another order: equal
			c.Obj[0], c.Obj[1] = c.Obj[1], c.Obj[0]
			return c
		}
		c.Set("zz", jint(0))
		return c
	}
	return jint(0)
}

func (d *docGen) object(v *view, depth int) *Value {
	o := jobj()
	want := map[string]bool{}
	for _, n := range v.required {
		if d.breaking() {
			continue // missing required
		}
		want[n] = true
	}
	for _, n := range v.props {
		if d.chance(0.6) {
			want[n] = true
		}
	}
	if len(v.patterns) > 0 && d.chance(0.5) {
		p := v.patterns[d.r.IntN(len(v.patterns))].Key
		if name := d.nameMatching(p); name != "" {
			want[name] = true
		}
	}
	if (!v.closed && d.chance(0.3)) || d.breaking() {
		want[propertyNames[d.r.IntN(len(propertyNames))]] = true
	}
	for _, dep := range v.depReq {
		if want[dep.Key] && !d.breaking() {
			for _, e := range dep.Value.Arr {
				want[e.Str] = true
			}
		}
	}
	for len(want) < v.minProps && !d.breaking() {
		want[propertyNames[d.r.IntN(len(propertyNames))]] = true
	}
	// Members in a stable order: required, then properties, then the others.
	var order []string
	for _, n := range append(append(append([]string{}, v.required...), v.props...), sortedKeys(want)...) {
		if want[n] {
			order = appendNew(order, n)
		}
	}
	if v.maxProps >= 0 && len(order) > v.maxProps && !d.breaking() {
		order = order[:v.maxProps]
	}
	for _, n := range order {
		o.Set(n, d.inst(d.memberSchema(v, n), depth+1))
	}
	return o
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// memberSchema is the schema a member's value must satisfy: its properties entries, the
// patternProperties it matches, else additionalProperties.
func (d *docGen) memberSchema(v *view, name string) *Value {
	list := append([]*Value{}, v.propOf[name]...)
	for _, p := range v.patterns {
		if re := compiled[p.Key]; re != nil && re.MatchString(name) {
			list = append(list, p.Value)
		}
	}
	if len(list) == 0 {
		list = v.addl
	}
	switch len(list) {
	case 0:
		return jbool(true)
	case 1:
		return list[0]
	}
	return jobj(member("allOf", jarr(list...)))
}

func (d *docGen) nameMatching(p string) string {
	re := compiled[p]
	if re == nil {
		return ""
	}
	var c []string
	for _, n := range propertyNames {
		if re.MatchString(n) {
			c = append(c, n)
		}
	}
	if len(c) == 0 {
		s, _ := matching(d.r, p, 0, -1)
		return s
	}
	return c[d.r.IntN(len(c))]
}

func (d *docGen) array(v *view, depth int) *Value {
	lo, hi := v.minItems, v.maxItems
	if lo < 0 {
		lo = 0
	}
	if hi < 0 || hi > lo+4 {
		hi = lo + 4
	}
	if v.noItems && len(v.prefix) < hi {
		hi = len(v.prefix)
	}
	hi = max(hi, lo) // minItems above maxItems: nothing is valid
	n := lo + d.r.IntN(hi-lo+1)
	if d.breaking() {
		switch d.r.IntN(3) {
		case 0:
			n = v.minItems - 1
		case 1:
			if v.maxItems >= 0 {
				n = v.maxItems + 1
			}
		default:
			n = len(v.prefix) + 1
		}
	}
	n = max(n, 0)
	a := jarr()
	for i := range n {
		var list []*Value
		if i < len(v.prefix) {
			list = v.prefix[i]
		} else {
			list = v.items
		}
		var sch *Value = jbool(true)
		switch {
		case len(list) == 1:
			sch = list[0]
		case len(list) > 1:
			sch = jobj(member("allOf", jarr(list...)))
		}
		a.Arr = append(a.Arr, d.inst(sch, depth+1))
	}
	if len(v.contains) > 0 {
		want := v.minC
		if want < 0 {
			want = 1
		}
		if v.maxC >= 0 && d.chance(0.3) {
			want = v.maxC
		}
		if d.breaking() {
			want += d.r.IntN(3) - 1
		}
		for i := 0; i < want && i < 5; i++ {
			c := d.inst(v.contains[d.r.IntN(len(v.contains))], depth+1)
			pos := len(a.Arr)
			if pos > 0 && d.chance(0.5) {
				pos = d.r.IntN(pos)
				a.Arr[pos] = c
			} else {
				a.Arr = append(a.Arr, c)
			}
		}
	}
	if v.unique && len(a.Arr) > 1 && d.breaking() {
		a.Arr[len(a.Arr)-1] = a.Arr[0].Clone() // a duplicate
	}
	if !v.unique && len(a.Arr) > 0 && d.chance(0.15) {
		a.Arr = append(a.Arr, a.Arr[0].Clone())
	}
	return a
}

func (d *docGen) str(v *view) string {
	lo, hi := v.minLen, v.maxLen
	if lo < 0 {
		lo = 0
	}
	if d.breaking() {
		switch d.r.IntN(3) {
		case 0:
			if v.minLen > 0 {
				return randString(d.r, v.minLen-1, v.minLen-1)
			}
		case 1:
			if v.maxLen >= 0 {
				return randString(d.r, v.maxLen+1, v.maxLen+1)
			}
		default:
			if len(v.strPats) > 0 {
				return notMatching(d.r, v.strPats[0], lo, hi)
			}
		}
	}
	if len(v.strPats) > 0 {
		p := v.strPats[d.r.IntN(len(v.strPats))]
		for range 5 {
			s, _ := matching(d.r, p, lo, hi)
			ok := true
			for _, q := range v.strPats {
				if re := compiled[q]; re != nil && !re.MatchString(s) {
					ok = false
				}
			}
			if ok {
				return s
			}
		}
	}
	if d.chance(0.3) {
		// at a bound
		if v.maxLen >= 0 && d.chance(0.5) {
			return randString(d.r, v.maxLen, v.maxLen)
		}
		return randString(d.r, lo, lo)
	}
	return randString(d.r, lo, hi)
}

// number draws a number within the bounds (at a bound now and then), a multiple of
// multipleOf, integral for integer; or, breaking, just outside a bound, not a multiple or not
// integral.
func (d *docGen) number(v *view, integer bool) *Value {
	one := big.NewRat(1, 1)
	half := big.NewRat(1, 2)
	if d.breaking() {
		switch d.r.IntN(4) {
		case 0:
			if v.lo != nil {
				if v.exLo {
					return jnum(decimal(v.lo))
				}
				return jnum(decimal(new(big.Rat).Sub(v.lo, d.step(integer))))
			}
		case 1:
			if v.hi != nil {
				if v.exHi {
					return jnum(decimal(v.hi))
				}
				return jnum(decimal(new(big.Rat).Add(v.hi, d.step(integer))))
			}
		case 2:
			if v.multiple != nil {
				x := new(big.Rat).Mul(v.multiple, big.NewRat(int64(d.r.IntN(7)-3), 1))
				return jnum(decimal(x.Add(x, new(big.Rat).Mul(v.multiple, half))))
			}
		}
		if integer {
			return jnum(decimal(new(big.Rat).Add(big.NewRat(int64(d.r.IntN(9)-4), 1), half)))
		}
	}
	lo, hi := v.lo, v.hi
	if lo == nil {
		lo = big.NewRat(-20, 1)
		if hi != nil && hi.Cmp(lo) < 0 {
			lo = new(big.Rat).Sub(hi, big.NewRat(10, 1))
		}
	}
	if hi == nil {
		hi = new(big.Rat).Add(lo, big.NewRat(40, 1))
	}
	if d.chance(0.25) {
		// exactly at an inclusive bound
		if v.lo != nil && !v.exLo && d.chance(0.5) {
			return d.spell(v.lo)
		}
		if v.hi != nil && !v.exHi {
			return d.spell(v.hi)
		}
	}
	step := v.multiple
	if step == nil {
		if integer || d.chance(0.5) {
			step = one
		} else {
			step = big.NewRat(1, 4)
		}
	} else if integer && !step.IsInt() {
		step = new(big.Rat).Mul(step, new(big.Rat).SetInt(step.Denom()))
	}
	// the multiples of step in [lo, hi]
	k0 := ceilDiv(lo, step)
	k1 := floorDiv(hi, step)
	if v.exLo && new(big.Rat).Mul(new(big.Rat).SetInt(k0), step).Cmp(lo) == 0 {
		k0.Add(k0, big.NewInt(1))
	}
	if v.exHi && new(big.Rat).Mul(new(big.Rat).SetInt(k1), step).Cmp(hi) == 0 {
		k1.Sub(k1, big.NewInt(1))
	}
	if k0.Cmp(k1) > 0 {
		return d.spell(lo) // no room: the oracle will say
	}
	span := new(big.Int).Sub(k1, k0)
	if span.Cmp(big.NewInt(50)) > 0 {
		span.SetInt64(50)
	}
	k := new(big.Int).Add(k0, big.NewInt(d.r.Int64N(span.Int64()+1)))
	return d.spell(new(big.Rat).Mul(new(big.Rat).SetInt(k), step))
}

func (d *docGen) step(integer bool) *big.Rat {
	if integer || d.chance(0.5) {
		return big.NewRat(1, 1)
	}
	return big.NewRat(1, 10)
}

// spell writes a number, an integer sometimes as 3.0, 3e0 or 30e-1 (all the same number).
func (d *docGen) spell(x *big.Rat) *Value {
	s := decimal(x)
	if x.IsInt() {
		switch d.r.IntN(8) {
		case 0:
			return jnum(s + ".0")
		case 1:
			return jnum(s + "e0")
		case 2:
			if s != "0" {
				return jnum(s + "0e-1")
			}
			return jnum("-0")
		}
	}
	return jnum(s)
}

func ceilDiv(x, y *big.Rat) *big.Int {
	q := new(big.Rat).Quo(x, y)
	n, m := new(big.Int).DivMod(q.Num(), q.Denom(), new(big.Int))
	if m.Sign() != 0 {
		n.Add(n, big.NewInt(1))
	}
	return n
}

func floorDiv(x, y *big.Rat) *big.Int {
	q := new(big.Rat).Quo(x, y)
	n, _ := new(big.Int).DivMod(q.Num(), q.Denom(), new(big.Int))
	return n
}

// decimal writes an exact decimal (the generator's numbers have few digits).
func decimal(x *big.Rat) string {
	if x.IsInt() {
		return x.Num().String()
	}
	s := x.FloatString(6)
	s = strings.TrimRight(s, "0")
	return strings.TrimSuffix(s, ".")
}

// randValue returns a random JSON value nested up to depth, of the generator's strings and
// numbers.
func randValue(r *rand.Rand, depth int) *Value {
	k := r.IntN(26)
	switch {
	case k < 2:
		return jnull()
	case k < 5:
		return jbool(r.IntN(2) == 0)
	case k < 13:
		return jnum(numberLits[r.IntN(len(numberLits))])
	case k < 22 || depth <= 0:
		return jstr(randString(r, 0, 3))
	case k < 24:
		a := jarr()
		for range r.IntN(3) {
			a.Arr = append(a.Arr, randValue(r, depth-1))
		}
		return a
	}
	o := jobj()
	for _, i := range r.Perm(len(propertyNames))[:r.IntN(3)] {
		o.Set(propertyNames[i], randValue(r, depth-1))
	}
	return o
}
