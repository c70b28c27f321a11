package schemafuzz

import "strings"

// knownBugs are the bugs of skillgen the fuzzer found and that are not fixed yet, each with
// the replay case in testdata/cases that shows it. A failure that one of them matches is
// reported as known, not as a failure; TestReplay fails when a listed case passes, so that the
// list stays true. Remove an entry with the fix that makes its case pass.
var knownBugs = []Known{
	{
		// Go codec: a member whose value is null is dropped when the value is written back,
		// where the member's schema allows null (true, {}, "type": "null", "enum": [null] …).
		Case: "go-drops-null-member",
		Match: func(f *Failure) bool {
			return f.Kind == KindRoundTrip && f.Lang == "Go" && onlyNullsDropped(f.Want, f.Got)
		},
	},
	{
		// Go codec: an optional property whose schema is one string const has no field, and
		// MarshalJSON writes the const whether or not the document had the member.
		Case: "go-writes-absent-const",
		Match: func(f *Failure) bool {
			return f.Kind == KindRoundTrip && f.Lang == "Go" && onlyStringsAdded(f.Want, f.Got)
		},
	},
}

// knownAjvBugs are the bugs of ajv 8.20 the fuzzer found: where one explains a disagreement
// between ajv and santhosh-tekuri, the generated TypeScript is held to santhosh-tekuri's
// verdict (the specification's), and the disagreement is reported as known.
var knownAjvBugs = []KnownOracle{
	{
		// "required": [""] never fails: {} is accepted.
		Name: "required-empty-name",
		Match: func(s *Schema, doc *Value) bool {
			return anySchema(s, func(v *Value) bool {
				r := v.Get("required")
				return r != nil && r.Kind == Array && strings.Contains(r.String(), `""`)
			}) && anyValue(doc, func(v *Value) bool { return v.Kind == Object && !v.Has("") })
		},
	},
	{
		// prefixItems (array-form items) with a schema other than true beside contains
		// accepts the empty array: {"prefixItems": [{"type": "object"}], "contains": {}} takes [].
		Name: "prefix-items-contains-empty-array",
		Match: func(s *Schema, doc *Value) bool {
			return anySchema(s, func(v *Value) bool { return v.Has("prefixItems") && v.Has("contains") }) &&
				anyValue(doc, func(v *Value) bool { return v.Kind == Array && len(v.Arr) == 0 })
		},
	},
}

// anySchema reports whether some schema object of s (2020-12 keywords) satisfies fn.
func anySchema(s *Schema, fn func(*Value) bool) bool {
	root := s.Abstract
	if root == nil {
		root = s.Doc
	}
	found := false
	eachSchema(root, func(v *Value) { found = found || fn(v) })
	return found
}

// onlyStringsAdded reports whether the serialized text differs from the document only by
// members it adds whose values are strings.
func onlyStringsAdded(doc, out string) bool {
	d, err1 := ParseValue([]byte(doc))
	o, err2 := ParseValue([]byte(out))
	if err1 != nil || err2 != nil || Equal(d, o) {
		return false
	}
	var trim func(d, o *Value) *Value
	trim = func(d, o *Value) *Value {
		if d.Kind != o.Kind {
			return o
		}
		c := o.Clone()
		switch o.Kind {
		case Object:
			c.Obj = nil
			for _, m := range o.Obj {
				switch dv := d.Get(m.Key); {
				case dv != nil:
					c.Obj = append(c.Obj, member(m.Key, trim(dv, m.Value)))
				case m.Value.Kind != String:
					c.Obj = append(c.Obj, m)
				}
			}
		case Array:
			for i := range c.Arr {
				if i < len(d.Arr) {
					c.Arr[i] = trim(d.Arr[i], o.Arr[i])
				}
			}
		}
		return c
	}
	return Equal(d, trim(d, o))
}

// anyValue reports whether v or a value inside it satisfies fn.
func anyValue(v *Value, fn func(*Value) bool) bool {
	if fn(v) {
		return true
	}
	for _, e := range v.Arr {
		if anyValue(e, fn) {
			return true
		}
	}
	for _, m := range v.Obj {
		if anyValue(m.Value, fn) {
			return true
		}
	}
	return false
}

// onlyNullsDropped reports whether the serialized text lacks nothing of the document but
// members whose value is null.
func onlyNullsDropped(doc, out string) bool {
	d, err1 := ParseValue([]byte(doc))
	o, err2 := ParseValue([]byte(out))
	if err1 != nil || err2 != nil {
		return false
	}
	return !Equal(d, o) && Equal(withoutNulls(d), withoutNulls(o))
}

func withoutNulls(v *Value) *Value {
	c := v.Clone()
	var walk func(*Value)
	walk = func(v *Value) {
		switch v.Kind {
		case Array:
			for _, e := range v.Arr {
				walk(e)
			}
		case Object:
			keep := v.Obj[:0]
			for _, m := range v.Obj {
				if m.Value.Kind != Null {
					walk(m.Value)
					keep = append(keep, m)
				}
			}
			v.Obj = keep
		}
	}
	walk(c)
	return c
}
