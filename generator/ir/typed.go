package ir

// Share counts how much of a schema's Go output is typed: every named type and every struct
// field or tuple position counts once (the maps of undeclared members and the rest of a tuple
// do not), and an item is untyped when its Go type is any, or a slice or map of untyped items
// ([]any, map[string]any, [][]any ...).
type Share struct {
	Items int // named types + struct fields + tuple positions
	Typed int // items whose Go type is not any, []any, map[string]any ...
	// Open counts the untyped items where the schema allows any value; Degraded the others
	// (the schema constrains the value, but in a way no Go type expresses: see
	// TypeRef.Degraded).
	Open     int
	Degraded int
}

// Untyped is Items - Typed.
func (s Share) Untyped() int { return s.Items - s.Typed }

// Percent is the typed share in percent (100 for a schema without items).
func (s Share) Percent() float64 {
	if s.Items == 0 {
		return 100
	}
	return 100 * float64(s.Typed) / float64(s.Items)
}

// Add sums two shares.
func (s Share) Add(o Share) Share {
	return Share{Items: s.Items + o.Items, Typed: s.Typed + o.Typed, Open: s.Open + o.Open, Degraded: s.Degraded + o.Degraded}
}

// TypedShare counts the typed Go fields and named types of a schema (see Share).
func TypedShare(s *Schema) Share {
	var sh Share
	count := func(r *TypeRef) {
		sh.Items++
		u := untyped(r)
		switch {
		case u == nil:
			sh.Typed++
		case u.Degraded != "":
			sh.Degraded++
		default:
			sh.Open++
		}
	}
	for _, t := range s.Types {
		switch t.Kind {
		case Alias:
			count(t.Alias)
		default:
			count(nil)
		}
		for _, f := range t.Fields {
			if f.Const == nil {
				count(f.Type)
			}
		}
	}
	return sh
}

// untyped returns the RefAny that makes r untyped (r itself, or the innermost item of a slice
// or map), or nil when r is typed.
func untyped(r *TypeRef) *TypeRef {
	for i := 0; r != nil && i < 1000; i++ {
		switch r.Kind {
		case RefAny:
			return r
		case RefArray, RefMap:
			if r.Elem == nil {
				return &TypeRef{Kind: RefAny}
			}
			r = r.Elem
			continue
		}
		return nil
	}
	return nil
}
