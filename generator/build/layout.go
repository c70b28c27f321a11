package build

import "github.com/skillgen/skillgen/generator/ir"

// layout decides, once, how Go holds every member and item (ir.Field.Hold, ir.TypeRef.Ptr),
// so that the type, codec and arbitrary emitters read one decision instead of deriving it.
//
//	required, not nullable          T          (a nil slice or map is written as [] or {})
//	required, nullable              *T         nil is null; a slice, map or any holds nil itself
//	optional, not nullable          *T         nil is absent; a slice, map or any holds nil itself
//	optional, nullable              OptNil[T]  absent, null and a value kept apart
//
// An item, map value or alias that may be null is a *T unless T has a nil of its own. A struct
// cannot hold itself by value: a member whose struct contains the member's own struct again
// (a required one: *T; an OptNil: OptNil[*T], ir.TypeRef.Ptr of the field) breaks the cycle.
func layout(s *ir.Schema) {
	var walk func(r *ir.TypeRef)
	walk = func(r *ir.TypeRef) {
		for ; r != nil; r = r.Elem {
			r.Ptr = r.Nullable && !r.GoNil()
		}
	}
	for _, t := range s.Types {
		for _, f := range t.Fields {
			f.Hold = hold(f)
			if f.Type != nil {
				walk(f.Type.Elem)
			}
		}
		walk(t.Extra)
		walk(t.Alias)
		walk(t.Rest)
		for _, v := range t.Variants {
			walk(v.Ref)
		}
	}
	// Members held by value, and the structs they hold.
	edges := map[*ir.Type][]*ir.Type{}
	for _, t := range s.Types {
		for _, f := range t.Fields {
			if u := byValue(f); u != nil {
				edges[t] = append(edges[t], u)
			}
		}
	}
	comp := ir.Components(s.Types, edges)
	for _, t := range s.Types {
		for _, f := range t.Fields {
			if u := byValue(f); u != nil && comp[u] == comp[t] {
				if f.Hold == ir.HoldOptNil {
					f.Type.Ptr = true
				} else {
					f.Hold = ir.HoldPointer
				}
			}
		}
	}
}

func hold(f *ir.Field) ir.Holder {
	switch {
	case f.Type == nil || (f.Const != nil && f.Required):
		return ir.HoldValue
	case !f.Required && (f.Nullable || onlyNull(f.Type)):
		// A member whose only value is null is held in an OptNil too: absent and null differ.
		return ir.HoldOptNil
	case f.Required && !f.Nullable, f.Type.GoNil():
		return ir.HoldValue
	}
	return ir.HoldPointer
}

// byValue returns the struct or tuple a member holds by value (itself or in an OptNil), or nil.
func byValue(f *ir.Field) *ir.Type {
	if (f.Const != nil && f.Required) || f.Type == nil || f.Hold == ir.HoldPointer {
		return nil
	}
	r := f.Type
	for i := 0; r.Kind == ir.RefNamed && i < 1000; i++ {
		switch t := r.Named; t.Kind {
		case ir.Struct, ir.Tuple:
			return t
		case ir.Alias:
			r = t.Alias
			continue
		}
		return nil
	}
	return nil
}

// onlyNull reports whether r (through aliases) is the null type, whose Go value nil cannot
// tell an absent member from a null one.
func onlyNull(r *ir.TypeRef) bool {
	for i := 0; r.Kind == ir.RefNamed && r.Named.Kind == ir.Alias && i < 1000; i++ {
		r = r.Named.Alias
	}
	return r.Kind == ir.RefNull
}
