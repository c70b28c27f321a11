package ir

import "slices"

// ScalarAlternatives returns the anyOf/oneOf branches of a scalar's node (through its
// references) that may hold one of the JSON types want ("string"; "integer", "number"), when
// there are any and the node sets no pattern, enum, const or bounds of its own: arbitraries draw
// from those branches (`"type": "string", "anyOf": [{"pattern": "\\.go$"}, …]`), where a
// value of the type alone would seldom pass them.
func ScalarAlternatives(n *Node, want []string) []*Node {
	for i := 0; n != nil && n.Ref != nil && len(n.AnyOf) == 0 && len(n.OneOf) == 0 && i < 100; i++ {
		n = n.Ref
	}
	if n == nil || n.Pattern != nil || n.Enum != nil || n.Const != nil || n.Minimum != nil || n.Maximum != nil {
		return nil
	}
	branches := n.AnyOf
	if len(branches) == 0 {
		branches = n.OneOf
	}
	var out []*Node
	for _, b := range branches {
		d := b
		for i := 0; d.Ref != nil && len(d.Types) == 0 && i < 100; i++ {
			d = d.Ref
		}
		ok := len(d.Types) == 0
		for _, t := range d.Types {
			ok = ok || slices.Contains(want, t)
		}
		if ok {
			out = append(out, b)
		}
	}
	return out
}
