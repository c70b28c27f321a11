package build

import (
	"math"
	"math/bits"
	"strconv"

	"github.com/skillgen/skillgen/generator/ir"
)

// kindSet is a set of JSON types. Numbers are split into the integers and the others, so that
// "integer" and "number" are a subset and its superset.
type kindSet uint8

const (
	kNull kindSet = 1 << iota
	kBool
	kInt  // numbers with an integral value
	kFrac // numbers without one
	kString
	kArray
	kObject

	kNumber = kInt | kFrac
	kAll    = kNull | kBool | kNumber | kString | kArray | kObject
)

// typeKinds is the set of a "type" keyword value.
func typeKinds(t string) kindSet {
	switch t {
	case "null":
		return kNull
	case "boolean":
		return kBool
	case "integer":
		return kInt
	case "number":
		return kNumber
	case "string":
		return kString
	case "array":
		return kArray
	case "object":
		return kObject
	}
	return 0
}

// valueKinds is the kind of a JSON value (an enum or const member).
func valueKinds(v ir.Value) kindSet {
	switch v.Kind {
	case ir.Null:
		return kNull
	case ir.Bool:
		return kBool
	case ir.Number:
		if integral(v.Number) {
			return kInt
		}
		return kFrac
	case ir.String:
		return kString
	case ir.Array:
		return kArray
	}
	return kObject
}

// integral reports whether a number literal has an integral value.
func integral(lit string) bool {
	f, err := strconv.ParseFloat(lit, 64)
	return err == nil && f == math.Trunc(f) && !math.IsInf(f, 0)
}

// single reports whether k is one JSON type (the integers and the numbers count as one).
func (k kindSet) single() bool {
	return bits.OnesCount8(uint8(k)) == 1 || k == kNumber
}

// scalar is the Go/TypeScript scalar of a set of one scalar JSON type (the integers, or the
// numbers with or without them), and false for any other set.
func (k kindSet) scalar() (ir.RefKind, bool) {
	switch {
	case k == kBool:
		return ir.RefBool, true
	case k == kString:
		return ir.RefString, true
	case k == kInt:
		return ir.RefInteger, true
	case k != 0 && k&^kNumber == 0:
		return ir.RefNumber, true
	}
	return 0, false
}

// names lists the JSON types of k, for the IR: "number" stands for the numbers with or without
// the integers (a fraction is a number), "integer" for the integers alone.
func (k kindSet) names() []string {
	var out []string
	for _, e := range []struct {
		k    kindSet
		name string
	}{{kBool, "boolean"}, {kString, "string"}, {kFrac, "number"}, {kInt, "integer"}, {kArray, "array"}, {kObject, "object"}} {
		if k&e.k == e.k && (e.k != kInt || k&kFrac == 0) {
			out = append(out, e.name)
		}
	}
	return out
}

// kindsOf returns the JSON types a node can accept: a value of any other type is surely
// refused. It reads type, enum, const, $ref, allOf, anyOf, oneOf and a "not" that only names
// types; every other keyword is taken to accept some value of every type. A node on a cycle of
// in-place references counts as accepting every type.
func (b *builder) kindsOf(n *ir.Node) kindSet {
	st := b.shapes()
	if k, ok := st.kinds[n]; ok {
		return k
	}
	if st.kindsBusy[n] {
		return kAll
	}
	st.kindsBusy[n] = true
	defer delete(st.kindsBusy, n)
	k := b.ownKinds(n)
	st.kinds[n] = k
	return k
}

func (b *builder) ownKinds(n *ir.Node) kindSet {
	if n.Bool != nil {
		if *n.Bool {
			return kAll
		}
		return 0
	}
	k := kAll
	if len(n.Types) > 0 {
		var t kindSet
		for _, s := range n.Types {
			t |= typeKinds(s)
		}
		k &= t
	}
	if n.Enum != nil {
		var e kindSet
		for _, v := range n.Enum {
			e |= valueKinds(v)
		}
		k &= e
	}
	if n.Const != nil {
		k &= valueKinds(*n.Const)
	}
	if n.Ref != nil {
		k &= b.kindsOf(n.Ref)
	}
	if n.DynamicRef != nil {
		k &= b.kindsOf(n.DynamicRef)
	}
	for _, a := range n.AllOf {
		k &= b.kindsOf(a)
	}
	for _, alts := range [][]*ir.Node{n.AnyOf, n.OneOf} {
		if len(alts) == 0 {
			continue
		}
		var u kindSet
		for _, a := range alts {
			u |= b.kindsOf(a)
		}
		k &= u
	}
	if n.Not != nil && typesOnly(n.Not) {
		k &^= b.kindsOf(n.Not)
	}
	return k
}

// typesOnly: the node asserts nothing but its "type".
func typesOnly(n *ir.Node) bool {
	if len(n.Types) == 0 || n.Bool != nil {
		return false
	}
	c := *n
	c.Types = nil
	c.Title, c.Description, c.Default = "", "", nil
	return isEmpty(&c)
}
