package schemafuzz

import "strings"

// Keywords whose value is a schema, an object of schemas, or an array of schemas (draft
// 2020-12 spelling): the places Render and the document generator descend into.
var (
	schemaKeywords = map[string]bool{"additionalProperties": true, "items": true, "not": true,
		"if": true, "then": true, "else": true, "propertyNames": true, "contains": true,
		"unevaluatedProperties": true, "unevaluatedItems": true}
	schemaMapKeywords   = map[string]bool{"properties": true, "patternProperties": true, "$defs": true, "dependentSchemas": true}
	schemaArrayKeywords = map[string]bool{"allOf": true, "anyOf": true, "oneOf": true, "prefixItems": true}
)

// eachSchema calls fn on every object schema of s (2020-12 keywords), parents first.
func eachSchema(s *Value, fn func(*Value)) {
	if s.Kind != Object {
		return
	}
	fn(s)
	for _, m := range s.Obj {
		switch {
		case schemaKeywords[m.Key]:
			eachSchema(m.Value, fn)
		case schemaMapKeywords[m.Key]:
			for _, e := range m.Value.Obj {
				eachSchema(e.Value, fn)
			}
		case schemaArrayKeywords[m.Key]:
			for _, e := range m.Value.Arr {
				eachSchema(e, fn)
			}
		}
	}
}

// Render writes a schema given in draft 2020-12 keywords in the keywords of draft d, with the
// same meaning. The rewrites, each the inverse of a step of reading an older draft:
//
//   - $defs → definitions (draft-04 to -07), and references into it;
//   - prefixItems + items → array-form items + additionalItems (up to 2019-09);
//   - dependentRequired, dependentSchemas → dependencies (up to draft-07);
//   - $anchor → "$id": "#name" (draft-06, -07), "id": "#name" (draft-04); $id → id (draft-04);
//   - a $ref with siblings → the $ref alone inside an allOf (up to draft-07, where a $ref's
//     siblings are ignored);
//   - draft-04: numeric exclusiveMinimum/exclusiveMaximum → minimum/maximum with the boolean
//     form (in an allOf when the schema has its own minimum/maximum), const → a one-value enum,
//     an empty required dropped, boolean schemas → {} and {"not": {}};
//   - an empty enum → {"not": {}} in an allOf (up to draft-07, whose enum has at least one value).
//
// Keywords the draft does not have at all (contains in draft-04, if in draft-06 …) are never
// generated for it (Draft.has).
func Render(s *Value, d Draft) *Value {
	if d == Draft2020 {
		return s.Clone()
	}
	return render(s, d)
}

func render(s *Value, d Draft) *Value {
	if s.Kind == Bool {
		if d == Draft04 {
			return boolObject(s.Bool)
		}
		return jbool(s.Bool)
	}
	if s.Kind != Object {
		return s.Clone()
	}
	out := jobj()
	var allOf []*Value // schemas the rewrites add to allOf
	for _, m := range s.Obj {
		k, v := m.Key, m.Value
		switch {
		case schemaKeywords[k] && !(k == "items" && s.Has("prefixItems") && d < Draft2020):
			out.Set(k, render(v, d))
		case schemaArrayKeywords[k] && k != "prefixItems":
			a := jarr()
			for _, e := range v.Arr {
				a.Arr = append(a.Arr, render(e, d))
			}
			out.Set(k, a)
		case schemaMapKeywords[k] && k != "dependentSchemas":
			o := jobj()
			for _, e := range v.Obj {
				o.Set(e.Key, render(e.Value, d))
			}
			name := k
			if k == "$defs" && d <= Draft07 {
				name = "definitions"
			}
			out.Set(name, o)
		case k == "prefixItems":
			a := jarr()
			for _, e := range v.Arr {
				a.Arr = append(a.Arr, render(e, d))
			}
			out.Set("items", a)
			if rest := s.Get("items"); rest != nil {
				out.Set("additionalItems", render(rest, d))
			}
		case k == "items":
			// after prefixItems: written with it
		case (k == "dependentRequired" || k == "dependentSchemas") && d <= Draft07:
			deps := out.Get("dependencies")
			if deps == nil {
				deps = jobj()
				out.Set("dependencies", deps)
			}
			for _, e := range v.Obj {
				add := e.Value.Clone()
				switch {
				case k == "dependentSchemas":
					add = render(e.Value, d)
				case d == Draft04 && len(add.Arr) == 0:
					add = jobj() // draft-04 asks for at least one name; none requires nothing
				}
				prev := deps.Get(e.Key)
				switch {
				case prev == nil:
					deps.Set(e.Key, add)
				case k == "dependentSchemas":
					deps.Set(e.Key, merged(prev, add, d))
				default:
					deps.Set(e.Key, merged(add, prev, d))
				}
			}
		case k == "$ref":
			out.Set(k, jstr(renderRef(v.Str, d)))
		case k == "$anchor" && d <= Draft07:
			out.Set(idKeyword(d), jstr("#"+v.Str))
		case k == "$id" && d == Draft04:
			out.Set("id", v.Clone())
		case k == "const" && d == Draft04:
			if s.Has("enum") {
				allOf = append(allOf, jobj(member("enum", jarr(v.Clone()))))
			} else {
				out.Set("enum", jarr(v.Clone()))
			}
		case k == "enum" && d <= Draft07 && len(v.Arr) == 0:
			allOf = append(allOf, jobj(member("not", jobj())))
		case k == "required" && d == Draft04 && len(v.Arr) == 0:
			// required: [] requires nothing; draft-04 asks for at least one name
		case (k == "exclusiveMinimum" || k == "exclusiveMaximum") && d == Draft04:
			bound := "minimum"
			if k == "exclusiveMaximum" {
				bound = "maximum"
			}
			if s.Has(bound) {
				allOf = append(allOf, jobj(member(bound, v.Clone()), member(k, jbool(true))))
			} else {
				out.Set(bound, v.Clone())
				out.Set(k, jbool(true))
			}
		default:
			out.Set(k, v.Clone())
		}
	}
	// The siblings are the keywords left in out and those the rewrites above moved into allOf.
	if r := out.Get("$ref"); r != nil && d <= Draft07 && (len(out.Obj) > 1 || len(allOf) > 0) {
		out.Del("$ref")
		allOf = append([]*Value{jobj(member("$ref", r))}, allOf...)
	}
	if len(allOf) > 0 {
		if prev := out.Get("allOf"); prev != nil {
			prev.Arr = append(allOf, prev.Arr...)
		} else {
			out.Set("allOf", jarr(allOf...))
		}
	}
	return out
}

// merged is one dependencies entry for a dependentRequired list (names) and a schema.
func merged(names, schema *Value, d Draft) *Value {
	out := jobj()
	if names.Kind == Array && (len(names.Arr) > 0 || d != Draft04) {
		out.Set("required", names)
	}
	out.Set("allOf", jarr(schema))
	return out
}

func idKeyword(d Draft) string {
	if d == Draft04 {
		return "id"
	}
	return "$id"
}

// renderRef rewrites a reference into $defs for drafts that call it definitions.
func renderRef(ref string, d Draft) string {
	if d > Draft07 {
		return ref
	}
	return strings.Replace(ref, "#/$defs/", "#/definitions/", 1)
}
