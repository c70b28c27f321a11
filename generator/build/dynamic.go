package build

import (
	"strings"

	"github.com/skillgen/skillgen/generator/ir"
	"github.com/skillgen/skillgen/generator/load"
)

// Dynamic references ("$dynamicRef", "$recursiveRef") resolve at validation time to the
// dynamic anchor of the outermost schema resource the evaluation has entered that declares
// it. Which resource that is depends only on the resources entered on the way, and for each
// anchor name only on the first of them that declares the name. The builder therefore
// resolves them at build time: a node is built once per dynamic scope it can be reached in,
// the scope being, for each anchor name a dynamic reference looks for, the anchor of the first
// resource entered that declares it. A schema without dynamic references has one, empty,
// scope: its nodes are exactly those it had before dynamic references existed, and the
// generated code needs no scope argument at run time.

// maxSpecialized bounds the nodes built for dynamic scopes: each scope of a location is a
// validator of its own, and a schema whose many anchors combine in many ways could otherwise
// make the generated code grow faster than the schema.
const maxSpecialized = 20000

// scopeEntry is one anchor name of a dynamic scope and the anchor it resolves to.
type scopeEntry struct {
	name   string
	anchor load.Location
}

// dynamicState is the builder's state for dynamic references.
type dynamicState struct {
	names   []string // the anchors dynamic references look for (load.Set.DynamicNames), sorted
	scope   []scopeEntry
	keys    map[*ir.Node]string // the scope key of the nodes built in a non-empty scope
	away    map[*ir.Node]bool   // the nodes built outside their home scope (scopeSuffix)
	refused bool
}

func (d *dynamicState) key() string {
	if len(d.scope) == 0 {
		return ""
	}
	var b strings.Builder
	for _, e := range d.scope {
		b.WriteString("|")
		b.WriteString(e.name)
		b.WriteString("=")
		b.WriteString(e.anchor.String())
	}
	return b.String()
}

// enter makes loc's schema resource part of the dynamic scope: every anchor name it declares
// that the scope does not hold yet resolves to its anchor. It returns the scope to restore
// when loc's node is built.
func (b *builder) enter(loc load.Location) []scopeEntry {
	d := &b.dyn
	saved := d.scope
	if len(d.names) == 0 {
		return saved
	}
	res := b.set.Resource(loc)
	var next []scopeEntry
	for _, name := range d.names {
		if _, ok := lookupScope(saved, name); ok {
			continue
		}
		if a, ok := b.set.DynamicAnchor(res, name); ok {
			if next == nil {
				next = append([]scopeEntry(nil), saved...)
			}
			next = append(next, scopeEntry{name, a})
		}
	}
	if next != nil {
		sortScope(next)
		d.scope = next
	}
	return saved
}

func lookupScope(scope []scopeEntry, name string) (load.Location, bool) {
	for _, e := range scope {
		if e.name == name {
			return e.anchor, true
		}
	}
	return load.Location{}, false
}

func sortScope(s []scopeEntry) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j].name < s[j-1].name; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// scopeSuffix distinguishes the names of a node built in a dynamic scope other than its home
// scope (the one its own resource sets up when validation starts there): "_In" and the
// resources whose anchors the scope holds ("vTreeChildrenItemsInStrictTree"). Nodes in
// their home scope keep the names they would have without dynamic references.
func (b *builder) scopeSuffix(n *ir.Node, loc load.Location, scope string) string {
	if scope == "" {
		return ""
	}
	d := &b.dyn
	cur := d.scope
	d.scope = nil
	b.enter(loc)
	home := d.key()
	d.scope = cur
	if scope == home {
		return ""
	}
	if d.away == nil {
		d.away = map[*ir.Node]bool{}
	}
	d.away[n] = true
	var parts []string
	seen := map[string]bool{}
	for _, e := range cur {
		r := funcBase(e.anchor)
		if !seen[r] {
			seen[r] = true
			parts = append(parts, r)
		}
	}
	s := "In" + strings.Join(parts, "")
	if len(s) > 60 {
		s = s[:60]
	}
	return s
}

// dynamicRef builds the "$dynamicRef" or "$recursiveRef" (keyword) of the node at loc: its
// initial target, or, when the reference is dynamic and the scope holds its anchor, that
// anchor.
func (b *builder) dynamicRef(n *ir.Node, loc load.Location, keyword string) {
	dr, err := b.set.DynamicRefTarget(loc, keyword)
	if err != nil {
		b.fail(err)
		return
	}
	target := dr.Target
	if dr.Dynamic {
		if a, ok := lookupScope(b.dyn.scope, dr.Anchor); ok {
			target = a
		}
	}
	n.DynamicRef = b.node(target)
}

// refStep returns the node a node that asserts nothing but one reference stands for: the
// target of its $ref, or of its dynamic reference in its scope (so that a $dynamicRef to a
// named type is typed as that type); nil for any other node.
func refStep(n *ir.Node) *ir.Node {
	switch {
	case n.Ref != nil && n.DynamicRef == nil && onlyRef(n):
		return n.Ref
	case n.Ref == nil && n.DynamicRef != nil:
		c := *n
		c.DynamicRef = nil
		if onlyRef(&c) {
			return n.DynamicRef
		}
	}
	return nil
}

// specialize counts a node built in a non-empty scope; false (once reported) when there are
// too many.
func (b *builder) specialize(n *ir.Node, loc load.Location, key string) bool {
	if key == "" {
		return true
	}
	d := &b.dyn
	if d.keys == nil {
		d.keys = map[*ir.Node]string{}
	}
	if len(d.keys) >= maxSpecialized {
		if !d.refused {
			d.refused = true
			b.fail(b.errf(loc, "the dynamic references of this schema need more than %d validators (one per location and dynamic scope)", maxSpecialized))
		}
		return false
	}
	d.keys[n] = key
	return true
}

// scopes names the dynamic scope (ir.Node.Scope) of the nodes whose validation depends on
// it: those built in a non-empty scope from which a dynamic reference is reachable. The others
// validate alike in every scope, and dedupe merges them.
func (b *builder) scopes() {
	if len(b.dyn.keys) == 0 {
		return
	}
	// observes: a dynamic reference is reachable (through any subschema) from the node.
	observes := map[*ir.Node]bool{}
	rev := map[*ir.Node][]*ir.Node{}
	var stack []*ir.Node
	for _, n := range b.out.Nodes {
		for _, c := range n.Subschemas() {
			rev[c] = append(rev[c], n)
		}
		if n.DynamicRef != nil {
			observes[n] = true
			stack = append(stack, n)
		}
	}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, p := range rev[c] {
			if !observes[p] {
				observes[p] = true
				stack = append(stack, p)
			}
		}
	}
	for n, k := range b.dyn.keys {
		if observes[n] {
			n.Scope = k
		}
	}
	// The nodes in their home scope come first, so that a node that validates alike in every
	// scope is written once, under its home name (dedupe keeps the first).
	home := make([]*ir.Node, 0, len(b.out.Nodes))
	var away []*ir.Node
	for _, n := range b.out.Nodes {
		if b.dyn.away[n] {
			away = append(away, n)
		} else {
			home = append(home, n)
		}
	}
	b.out.Nodes = append(home, away...)
}
