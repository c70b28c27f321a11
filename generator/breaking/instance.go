package breaking

import (
	"encoding/json"
	"math/big"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/skillgen/skillgen/generator/ir"
)

// step is one step of an instance path: a member name or an array index.
type step struct {
	name    string
	index   int
	isIndex bool
}

func (s step) String() string {
	if s.isIndex {
		return strconv.Itoa(s.index)
	}
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(s.name)
}

func pointerOf(path []step) string {
	var b strings.Builder
	for _, s := range path {
		b.WriteString("/" + s.String())
	}
	return b.String()
}

// instances draws documents from a schema (the IR's resolved nodes): bounded in depth and
// size, deterministic for a seed. What it draws is meant to be valid but is not trusted:
// every document is judged by the validator.
type instances struct {
	r *rand.Rand
	// budget bounds the values drawn for one document.
	budget int
}

func newInstances(seed uint64) *instances {
	return &instances{r: rand.New(rand.NewPCG(seed, 0x5eed)), budget: 400}
}

const maxDepth = 8

// want narrows what a value must be (the zero want: anything the schema accepts).
type want struct {
	typ     string // a JSON type name, integers apart ("integer", "number" for a fraction)
	length  int    // string length or array length when >= 0
	members int    // number of object members when >= 0
}

var anyWant = want{length: -1, members: -1}

// view gathers the keywords a value must satisfy at one place: a node, what its $ref leads
// to, every allOf branch, and one chosen anyOf and oneOf branch.
type view struct {
	nodes []*ir.Node
	never bool
}

func (g *instances) collect(v *view, n *ir.Node, hops int) {
	if n == nil || hops > 40 {
		return
	}
	if n.Bool != nil {
		if !*n.Bool {
			v.never = true
		}
		return
	}
	v.nodes = append(v.nodes, n)
	g.collect(v, n.Ref, hops+1)
	g.collect(v, n.DynamicRef, hops+1)
	for _, a := range n.AllOf {
		g.collect(v, a, hops+1)
	}
	if len(n.AnyOf) > 0 {
		g.collect(v, n.AnyOf[g.r.IntN(len(n.AnyOf))], hops+1)
	}
	if len(n.OneOf) > 0 {
		g.collect(v, n.OneOf[g.r.IntN(len(n.OneOf))], hops+1)
	}
	if n.If != nil && n.Then != nil && g.r.IntN(2) == 0 {
		g.collect(v, n.If, hops+1)
		g.collect(v, n.Then, hops+1)
	} else if n.Else != nil && g.r.IntN(3) == 0 {
		g.collect(v, n.Else, hops+1)
	}
}

// atoms of a type list: "integer" and "number" (fractions), the other type names as they are.
func atoms(types []string) []string {
	var out []string
	for _, t := range types {
		switch t {
		case "number":
			out = append(out, "integer", "number")
		default:
			out = append(out, t)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

var allAtoms = []string{"array", "boolean", "integer", "null", "number", "object", "string"}

func (v *view) allowed() []string {
	set := allAtoms
	for _, n := range v.nodes {
		if len(n.Types) == 0 {
			continue
		}
		a := atoms(n.Types)
		set = slices.DeleteFunc(slices.Clone(set), func(t string) bool { return !slices.Contains(a, t) })
	}
	return set
}

// value draws a value for node n. path leads to the place where the value set is put instead
// of drawing (the members and items on the way are drawn around it).
func (g *instances) value(n *ir.Node, w want, path []step, set *any, depth int) (any, bool) {
	if len(path) == 0 && set != nil {
		return clone(*set), true
	}
	g.budget--
	v := &view{}
	g.collect(v, n, 0)
	if v.never {
		return nil, false
	}
	for _, m := range v.nodes {
		if m.Const != nil {
			c := fromIR(*m.Const)
			if w.typ != "" && jsonType(c) != w.typ && !(w.typ == "number" && jsonType(c) == "integer") {
				return nil, false
			}
			if len(path) > 0 {
				return g.inside(c, path, set), true
			}
			return c, true
		}
	}
	for _, m := range v.nodes {
		if len(m.Enum) > 0 {
			var ok []any
			for _, e := range m.Enum {
				ev := fromIR(e)
				if w.typ == "" || jsonType(ev) == w.typ || (w.typ == "number" && jsonType(ev) == "integer") {
					ok = append(ok, ev)
				}
			}
			if len(ok) == 0 {
				return nil, false
			}
			c := ok[g.r.IntN(len(ok))]
			if len(path) > 0 {
				return g.inside(c, path, set), true
			}
			return c, true
		}
	}
	types := v.allowed()
	if w.typ != "" {
		if !slices.Contains(types, w.typ) {
			return nil, false
		}
		types = []string{w.typ}
	}
	if len(path) > 0 {
		t := "object"
		if path[0].isIndex {
			t = "array"
		}
		if !slices.Contains(types, t) {
			return nil, false
		}
		types = []string{t}
	}
	if len(types) == 0 {
		return nil, false
	}
	t := g.pickType(v, types)
	if depth > maxDepth || g.budget < 0 {
		switch t {
		case "object":
			return map[string]any{}, true
		case "array":
			return []any{}, true
		}
	}
	switch t {
	case "null":
		return nil, true
	case "boolean":
		return g.r.IntN(2) == 0, true
	case "string":
		return g.str(v, w), true
	case "integer", "number":
		return g.number(v, t == "integer")
	case "array":
		return g.array(v, w, path, set, depth)
	}
	return g.object(v, w, path, set, depth)
}

// inside puts set at path inside a constant value (when the path exists in it).
func (g *instances) inside(c any, path []step, set *any) any {
	c = clone(c)
	cur := c
	for i, s := range path {
		last := i == len(path)-1
		switch x := cur.(type) {
		case map[string]any:
			if s.isIndex {
				return c
			}
			if last {
				x[s.name] = clone(*set)
				return c
			}
			cur = x[s.name]
		case []any:
			if !s.isIndex || s.index >= len(x) {
				return c
			}
			if last {
				x[s.index] = clone(*set)
				return c
			}
			cur = x[s.index]
		default:
			return c
		}
	}
	return c
}

func (g *instances) pickType(v *view, types []string) string {
	has := func(t string) bool { return slices.Contains(types, t) }
	for _, n := range v.nodes {
		switch {
		case (len(n.Properties) > 0 || len(n.Required) > 0) && has("object"):
			return "object"
		case (len(n.PrefixItems) > 0 || n.Items != nil) && has("array"):
			return "array"
		case (n.Pattern != nil || n.MinLength != nil) && has("string"):
			return "string"
		case (n.Minimum != nil || n.Maximum != nil || n.MultipleOf != nil) && has("integer"):
			return "integer"
		}
	}
	if len(types) > 1 && g.r.IntN(4) != 0 {
		nn := slices.DeleteFunc(slices.Clone(types), func(t string) bool { return t == "null" })
		if len(nn) > 0 {
			types = nn
		}
	}
	return types[g.r.IntN(len(types))]
}

var formatExamples = map[string]string{
	"date-time": "2024-01-02T03:04:05Z", "date": "2024-01-02", "time": "03:04:05Z",
	"email": "a@example.com", "idn-email": "a@example.com", "hostname": "example.com",
	"idn-hostname": "example.com", "ipv4": "192.0.2.1", "ipv6": "2001:db8::1",
	"uri": "https://example.com/a", "uri-reference": "/a", "iri": "https://example.com/a",
	"iri-reference": "/a", "uuid": "123e4567-e89b-12d3-a456-426614174000",
	"uri-template": "/a/{b}", "json-pointer": "/a", "relative-json-pointer": "0",
	"regex": "a+", "duration": "P1D",
}

func (g *instances) str(v *view, w want) string {
	lo, hi := 0, -1
	var patterns []string
	format := ""
	for _, n := range v.nodes {
		if n.MinLength != nil {
			lo = max(lo, int(min(*n.MinLength, 1000)))
		}
		if n.MaxLength != nil && (hi < 0 || int(*n.MaxLength) < hi) {
			hi = int(max(*n.MaxLength, 0))
		}
		if n.Pattern != nil {
			patterns = append(patterns, n.Pattern.Source)
		}
		if n.Format != "" {
			format = n.Format
		}
	}
	var s string
	switch {
	case len(patterns) > 0:
		for try := 0; try < 20; try++ {
			c, ok := stringFor(g.r, patterns[0])
			if ok && all(patterns, func(p string) bool { return matches(p, c) }) {
				s = c
				break
			}
		}
	case formatExamples[format] != "":
		s = formatExamples[format]
	default:
		n := lo + g.r.IntN(4)
		if hi >= 0 && n > hi {
			n = hi
		}
		for range n {
			s += string(rune('a' + g.r.IntN(26)))
		}
	}
	if w.length >= 0 {
		r := []rune(s)
		for len(r) < w.length {
			r = append(r, 'a')
		}
		s = string(r[:w.length])
	}
	return s
}

func all[T any](xs []T, f func(T) bool) bool {
	for _, x := range xs {
		if !f(x) {
			return false
		}
	}
	return true
}

// number draws a number within the bounds and multiples of every node of the view.
func (g *instances) number(v *view, integer bool) (any, bool) {
	var lo, hi *big.Rat
	exLo, exHi := false, false
	mult := []*big.Rat{}
	for _, n := range v.nodes {
		for _, b := range []struct {
			lit   *ir.NumberLit
			low   bool
			exclu bool
		}{{n.Minimum, true, false}, {n.ExclusiveMinimum, true, true}, {n.Maximum, false, false}, {n.ExclusiveMaximum, false, true}} {
			if b.lit == nil {
				continue
			}
			x := rat(b.lit.Literal)
			if x == nil {
				continue
			}
			if b.low && (lo == nil || x.Cmp(lo) > 0 || x.Cmp(lo) == 0 && b.exclu) {
				lo, exLo = x, b.exclu
			}
			if !b.low && (hi == nil || x.Cmp(hi) < 0 || x.Cmp(hi) == 0 && b.exclu) {
				hi, exHi = x, b.exclu
			}
		}
		if n.MultipleOf != nil {
			if m := rat(n.MultipleOf.Literal); m != nil && m.Sign() > 0 {
				mult = append(mult, m)
			}
		}
	}
	step := big.NewRat(1, 1)
	if !integer {
		step = big.NewRat(1, 2)
	}
	if len(mult) > 0 {
		step = mult[0]
	}
	// Candidates: multiples of step near the lower bound, near the upper bound, and near 0.
	var cands []*big.Rat
	base := []*big.Rat{new(big.Rat), big.NewRat(int64(g.r.IntN(7)), 1)}
	if lo != nil {
		base = append(base, lo)
	}
	if hi != nil {
		base = append(base, hi)
	}
	for _, b := range base {
		k := new(big.Rat).Quo(b, step)
		f := new(big.Int).Quo(k.Num(), k.Denom())
		for d := int64(-1); d <= 2; d++ {
			c := new(big.Rat).Mul(new(big.Rat).SetInt(new(big.Int).Add(f, big.NewInt(d))), step)
			cands = append(cands, c)
		}
	}
	if !integer && len(mult) == 0 {
		cands = append([]*big.Rat{big.NewRat(1, 2)}, cands...)
	}
	ok := func(c *big.Rat) bool {
		if integer != c.IsInt() {
			return false
		}
		if lo != nil && (c.Cmp(lo) < 0 || exLo && c.Cmp(lo) == 0) {
			return false
		}
		if hi != nil && (c.Cmp(hi) > 0 || exHi && c.Cmp(hi) == 0) {
			return false
		}
		for _, m := range mult {
			if !new(big.Rat).Quo(c, m).IsInt() {
				return false
			}
		}
		return true
	}
	start := g.r.IntN(len(cands))
	for k := range cands {
		c := cands[(start+k)%len(cands)]
		if ok(c) {
			return json.Number(ratLiteral(c)), true
		}
	}
	return json.Number("0"), true
}

// ratLiteral writes a rational as a JSON number (a fraction as a decimal, up to 20 digits).
func ratLiteral(x *big.Rat) string {
	if x.IsInt() {
		return x.Num().String()
	}
	s := x.FloatString(20)
	s = strings.TrimRight(s, "0")
	return strings.TrimSuffix(s, ".")
}

// sub is the schema a member or item is drawn from: every node's own, merged as an allOf.
func merged(list []*ir.Node) *ir.Node {
	switch len(list) {
	case 0:
		return nil
	case 1:
		return list[0]
	}
	return &ir.Node{AllOf: list}
}

// memberSchemas lists the schemas the views' nodes apply to a member name.
func memberSchemas(v *view, name string) []*ir.Node {
	var out []*ir.Node
	for _, n := range v.nodes {
		found := false
		for _, p := range n.Properties {
			if p.Name == name {
				out = append(out, p.Schema)
				found = true
			}
		}
		for _, pp := range n.PatternProperties {
			if matches(pp.Pattern.Source, name) {
				out = append(out, pp.Schema)
				found = true
			}
		}
		if !found && n.AdditionalProperties != nil {
			out = append(out, n.AdditionalProperties)
		}
	}
	return out
}

func (g *instances) object(v *view, w want, path []step, set *any, depth int) (any, bool) {
	obj := map[string]any{}
	var names []string
	seen := map[string]bool{}
	add := func(n string) {
		if !seen[n] {
			seen[n] = true
			names = append(names, n)
		}
	}
	minP, maxP := 0, -1
	for _, n := range v.nodes {
		for _, r := range n.Required {
			add(r)
		}
		if n.MinProperties != nil {
			minP = max(minP, int(min(*n.MinProperties, 50)))
		}
		if n.MaxProperties != nil && (maxP < 0 || int(*n.MaxProperties) < maxP) {
			maxP = int(*n.MaxProperties)
		}
	}
	for _, n := range v.nodes {
		for _, p := range n.Properties {
			if g.r.IntN(3) == 0 && (maxP < 0 || len(names) < maxP) {
				add(p.Name)
			}
		}
		for _, d := range n.DependentRequired {
			if seen[d.Property] {
				for _, r := range d.Requires {
					add(r)
				}
			}
		}
	}
	if len(path) > 0 {
		add(path[0].name)
	}
	target := minP
	if w.members >= 0 {
		target = w.members
	}
	for i := 0; len(names) < target && i < 100; i++ {
		add("m" + strconv.Itoa(i))
	}
	for _, name := range names {
		var rest []step
		var s *any
		if len(path) > 0 && path[0].name == name {
			rest, s = path[1:], set
		}
		m, ok := g.value(merged(memberSchemas(v, name)), anyWant, rest, s, depth+1)
		if !ok {
			if s != nil {
				return nil, false
			}
			continue
		}
		obj[name] = m
	}
	return obj, true
}

func (g *instances) array(v *view, w want, path []step, set *any, depth int) (any, bool) {
	minI, maxI := 0, -1
	prefix := 0
	unique := false
	var contains []*ir.Node
	for _, n := range v.nodes {
		if n.MinItems != nil {
			minI = max(minI, int(min(*n.MinItems, 50)))
		}
		if n.MaxItems != nil && (maxI < 0 || int(*n.MaxItems) < maxI) {
			maxI = int(*n.MaxItems)
		}
		prefix = max(prefix, len(n.PrefixItems))
		unique = unique || n.UniqueItems
		if n.Contains != nil {
			contains = append(contains, n.Contains)
		}
	}
	length := minI
	if len(contains) > 0 {
		length = max(length, 1)
	}
	if length == minI && g.r.IntN(2) == 0 {
		length += g.r.IntN(3)
	}
	if maxI >= 0 && length > maxI {
		length = maxI
	}
	if w.length >= 0 {
		length = w.length
	}
	if len(path) > 0 {
		length = max(length, path[0].index+1)
	}
	arr := make([]any, 0, length)
	for i := range length {
		var list []*ir.Node
		for _, n := range v.nodes {
			switch {
			case i < len(n.PrefixItems):
				list = append(list, n.PrefixItems[i])
			case n.Items != nil:
				list = append(list, n.Items)
			}
		}
		if i == 0 {
			list = append(list, contains...)
		}
		var rest []step
		var s *any
		if len(path) > 0 && path[0].index == i {
			rest, s = path[1:], set
		}
		var item any
		ok := false
		for try := 0; try < 3 && !ok; try++ {
			item, ok = g.value(merged(list), anyWant, rest, s, depth+1)
			if ok && unique && s == nil && slices.ContainsFunc(arr, func(e any) bool { return equal(e, item) }) {
				ok = false
			}
		}
		if !ok {
			return nil, false
		}
		arr = append(arr, item)
	}
	return arr, true
}
