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
	for _, u := range UntypedItems(s, &sh) {
		if u.Degraded != "" {
			sh.Degraded++
		} else {
			sh.Open++
		}
	}
	sh.Typed = sh.Items - sh.Open - sh.Degraded
	return sh
}

// UntypedItem is a named type or field whose Go type is any, []any, map[string]any ...
type UntypedItem struct {
	Go       string // the type's name, or Type.Field
	Location string // the schema location of its values
	Degraded string // why the schema's values have no type, "" when they may be any value
}

// UntypedItems lists the untyped items of a schema; when count is not nil, it also counts
// every item in count.Items.
func UntypedItems(s *Schema, count *Share) []UntypedItem {
	var out []UntypedItem
	item := func(goName string, r *TypeRef, loc string) {
		if count != nil {
			count.Items++
		}
		if u := untyped(r); u != nil {
			if u.Node != nil {
				loc = u.Node.Location
			}
			out = append(out, UntypedItem{Go: goName, Location: loc, Degraded: u.Degraded})
		}
	}
	for _, t := range s.Types {
		switch t.Kind {
		case Alias:
			item(t.GoName, t.Alias, t.Node.Location)
		default:
			item(t.GoName, nil, t.Node.Location)
		}
		for _, f := range t.Fields {
			if f.Const == nil {
				item(t.GoName+"."+f.GoName, f.Type, t.Node.Location)
			}
		}
	}
	return out
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
