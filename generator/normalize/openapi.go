package normalize

import (
	"fmt"
	"strings"

	"github.com/skillgen/skillgen/generator/ojson"
)

// OpenAPI is how the schemas of an OpenAPI document are read (docs/input.md).
type OpenAPI int

const (
	// NotOpenAPI: a JSON Schema document, or the schemas of an OpenAPI 3.1 document whose
	// jsonSchemaDialect is a plain JSON Schema draft (OpenAPI's keywords are then unknown ones).
	NotOpenAPI OpenAPI = iota
	// OpenAPI30 is OpenAPI 3.0's schema dialect: draft-04's semantics ($ref alone, boolean
	// exclusive bounds) with nullable, discriminator, example, xml and externalDocs.
	OpenAPI30
	// OpenAPI31 is OpenAPI 3.1's base dialect: draft 2020-12 with discriminator, example, xml
	// and externalDocs.
	OpenAPI31
)

// Discriminator is the member under which a normalized schema object keeps what an OpenAPI
// discriminator says: {"keyword": "oneOf" or "anyOf", "property": name, "values": one string
// per branch}, the value of the property that names each branch.
const Discriminator = "x-skillgen-discriminator"

// NormalizeOpenAPI rewrites the schemas of an OpenAPI document (components/schemas) into a
// canonical document whose $defs are the components, in their order; every location maps back
// to /components/schemas/… of the user's document, and a reference to
// #/components/schemas/Name reaches the $defs entry Name. The rest of the document is not read.
func NormalizeOpenAPI(doc *ojson.Value, dl Dialect, api OpenAPI) (*Document, []Finding) {
	w := &walker{doc: &Document{back: map[string]string{}, fwd: map[string]string{}}, dl: dl, off: dl.off(), oas: api}
	var defs []ojson.Member
	if comps, ok := doc.At("/components/schemas"); ok && comps.Kind == ojson.Object {
		for _, m := range comps.Members {
			t := "/" + ojson.EscapeToken(m.Key)
			defs = append(defs, ojson.Member{Key: m.Key, Value: w.schema(m.Value, "/$defs"+t, "/components/schemas"+t, dl.Draft, false, false)})
		}
	}
	w.record("/$defs", "/components/schemas")
	w.doc.Root = ojson.NewObject([]ojson.Member{{Key: "$defs", Value: ojson.NewObject(defs)}})
	return w.doc, w.findings
}

// nullableWrap: an OpenAPI 3.0 schema with "nullable": true whose applicators (allOf, anyOf,
// oneOf, not) would refuse null, such as the common allOf of a single $ref, also accepts null:
// it is read as {"anyOf": [the schema without nullable, {"type": "null"}]}.
func (w *walker) nullableWrap(v *ojson.Value, p, u string, d Draft, spec bool) (*ojson.Value, bool) {
	if w.oas != OpenAPI30 || d != w.dl.Draft {
		return nil, false
	}
	n, ok := v.Get("nullable")
	if !ok || n.Kind != ojson.Bool || !n.Bool {
		return nil, false
	}
	if _, ok := v.Get("$ref"); ok {
		return nil, false
	}
	applied := false
	for _, k := range []string{"allOf", "anyOf", "oneOf", "not"} {
		if _, ok := v.Get(k); ok {
			applied = true
		}
	}
	if !applied {
		return nil, false
	}
	rest := make([]ojson.Member, 0, len(v.Members)-1)
	for _, m := range v.Members {
		if m.Key != "nullable" {
			rest = append(rest, m)
		}
	}
	w.record(p, u)
	w.record(p+"/anyOf", u+"/nullable")
	w.record(p+"/anyOf/0", u)
	w.record(p+"/anyOf/1", u+"/nullable")
	inner := w.schema(ojson.NewObject(rest), p+"/anyOf/0", u, d, spec, false)
	// The user's pointers below the schema lead into the first branch (those the walk
	// recorded, of renamed members, stay).
	for _, m := range rest {
		t := "/" + ojson.EscapeToken(m.Key)
		w.record(p+"/anyOf/0"+t, u+t)
	}
	null := ojson.NewObject([]ojson.Member{{Key: "type", Value: &ojson.Value{Kind: ojson.String, Str: "null"}}})
	return ojson.NewObject([]ojson.Member{{Key: "anyOf", Value: &ojson.Value{Kind: ojson.Array, Arr: []*ojson.Value{inner, null}}}}), true
}

// openAPINullable: in OpenAPI 3.0, "nullable": true adds null to the types "type" allows (and
// to the values of "enum"); beside "$ref", which overrides its siblings in 3.0, it is ignored.
func openAPINullable(o *object) {
	if o.oas != OpenAPI30 {
		return
	}
	i := o.find("nullable")
	if i < 0 {
		return
	}
	v := o.members[i].value
	if v.Kind != ojson.Bool {
		o.report(false, []string{"nullable"}, "\"nullable\" must be a boolean, not %s", kindOf(v))
		o.ignore(i)
		return
	}
	if o.find("$ref") >= 0 {
		if v.Bool {
			o.report(true, []string{"nullable"}, "\"nullable\" ignored: in OpenAPI 3.0 \"$ref\" overrides its sibling keywords (write \"nullable\": true beside \"allOf\": [{\"$ref\": …}])")
		}
		o.ignore(i)
		return
	}
	o.remove(i)
	if !v.Bool {
		return
	}
	if t := o.find("type"); t >= 0 {
		tv := o.members[t].value
		switch tv.Kind {
		case ojson.String:
			if tv.Str != "null" {
				o.members[t].value = &ojson.Value{Kind: ojson.Array, Arr: []*ojson.Value{tv, {Kind: ojson.String, Str: "null"}}}
			}
		case ojson.Array:
			if !hasValue(tv, ojson.String, "null") {
				o.members[t].value = &ojson.Value{Kind: ojson.Array, Arr: append(append([]*ojson.Value(nil), tv.Arr...), &ojson.Value{Kind: ojson.String, Str: "null"})}
			}
		}
	}
	if e := o.find("enum"); e >= 0 {
		ev := o.members[e].value
		if ev.Kind == ojson.Array && !hasValue(ev, ojson.Null, "") {
			o.members[e].value = &ojson.Value{Kind: ojson.Array, Arr: append(append([]*ojson.Value(nil), ev.Arr...), &ojson.Value{Kind: ojson.Null})}
		}
	}
}

func hasValue(arr *ojson.Value, k ojson.Kind, s string) bool {
	for _, e := range arr.Arr {
		if e.Kind == k && (k != ojson.String || e.Str == s) {
			return true
		}
	}
	return false
}

func kindOf(v *ojson.Value) string {
	switch v.Kind {
	case ojson.Null:
		return "null"
	case ojson.Number:
		return "a number"
	case ojson.String:
		return "a string"
	case ojson.Array:
		return "an array"
	case ojson.Object:
		return "an object"
	}
	return "a boolean"
}

// openAPIKeywords reads the keywords OpenAPI adds to its schemas: "example" is "examples" of
// one (when there is no "examples"); "xml" and "externalDocs" are annotations skillgen has no
// use for; "discriminator" names the branch of the "oneOf" (or "anyOf") beside it (the
// Discriminator member), which validation errors then report.
func openAPIKeywords(o *object) {
	if o.oas == NotOpenAPI {
		return
	}
	if i := o.find("example"); i >= 0 {
		if o.find("examples") >= 0 {
			o.ignore(i)
		} else {
			m := o.members[i]
			o.members[i] = member{key: "examples", value: &ojson.Value{Kind: ojson.Array, Arr: []*ojson.Value{m.value}}, from: m.from}
			o.changed = true
		}
	}
	for _, k := range []string{"xml", "externalDocs"} {
		if i := o.find(k); i >= 0 {
			o.ignore(i)
		}
	}
	i := o.find("discriminator")
	if i < 0 {
		return
	}
	disc := o.members[i]
	o.ignore(i)
	if disc.value.Kind != ojson.Object {
		o.report(false, []string{"discriminator"}, "\"discriminator\" must be an object with \"propertyName\"")
		return
	}
	name, ok := disc.value.Get("propertyName")
	if !ok || name.Kind != ojson.String {
		o.report(false, []string{"discriminator"}, "\"discriminator\" needs \"propertyName\", a string")
		return
	}
	keyword := ""
	var branches *ojson.Value
	for _, k := range []string{"oneOf", "anyOf"} {
		if j := o.find(k); j >= 0 && o.members[j].value.Kind == ojson.Array {
			keyword, branches = k, o.members[j].value
			break
		}
	}
	if branches == nil {
		return // beside allOf (a base of an inheritance hierarchy): an annotation
	}
	// mapping: value → reference (a #/components/schemas/ pointer or a bare component name).
	byRef := map[string]string{}
	if mp, ok := disc.value.Get("mapping"); ok && mp.Kind == ojson.Object {
		for _, m := range mp.Members {
			if m.Value.Kind != ojson.String {
				continue
			}
			ref := m.Value.Str
			if !strings.ContainsAny(ref, "#/.") {
				ref = "#/components/schemas/" + ref
			}
			if _, dup := byRef[ref]; !dup {
				byRef[ref] = m.Key
			}
		}
	}
	values := make([]*ojson.Value, len(branches.Arr))
	seen := map[string]bool{}
	for bi, br := range branches.Arr {
		r, ok := br.Get("$ref")
		if br.Kind != ojson.Object || !ok || r.Kind != ojson.String {
			o.report(true, []string{"discriminator"}, "\"discriminator\" does not name %s branch %d, which is not a \"$ref\" to a component: errors are those of every branch", keyword, bi)
			return
		}
		val, mapped := byRef[r.Str]
		if !mapped {
			comp, isComp := strings.CutPrefix(r.Str, "#/components/schemas/")
			if !isComp || strings.Contains(comp, "/") {
				o.report(true, []string{"discriminator"}, "\"discriminator\" has no \"mapping\" value for %s branch %d (%s): errors are those of every branch", keyword, bi, r.Str)
				return
			}
			val = strings.ReplaceAll(strings.ReplaceAll(comp, "~1", "/"), "~0", "~")
		}
		if seen[val] {
			o.report(true, []string{"discriminator"}, "\"discriminator\" gives the value %q to two branches of %s: errors are those of every branch", val, keyword)
			return
		}
		seen[val] = true
		values[bi] = &ojson.Value{Kind: ojson.String, Str: val}
	}
	o.members = append(o.members, member{key: Discriminator, from: disc.from, value: ojson.NewObject([]ojson.Member{
		{Key: "keyword", Value: &ojson.Value{Kind: ojson.String, Str: keyword}},
		{Key: "property", Value: name},
		{Key: "values", Value: &ojson.Value{Kind: ojson.Array, Arr: values}},
	})})
	o.changed = true
}

// OpenAPIVersion reads the "openapi" member of a document: 3.0.x, or 3.1.x and later 3.x
// (whose schemas are 3.1's). ok is false for a document without one.
func OpenAPIVersion(doc *ojson.Value) (api OpenAPI, ok bool, err error) {
	if doc == nil || doc.Kind != ojson.Object {
		return NotOpenAPI, false, nil
	}
	v, present := doc.Get("openapi")
	if !present {
		return NotOpenAPI, false, nil
	}
	if v.Kind != ojson.String {
		return NotOpenAPI, true, fmt.Errorf("\"openapi\" must be a version string such as \"3.1.0\", not %s", kindOf(v))
	}
	switch {
	case strings.HasPrefix(v.Str, "3.0.") || v.Str == "3.0":
		return OpenAPI30, true, nil
	case strings.HasPrefix(v.Str, "3.") && v.Str != "3." && v.Str[2] >= '1' && v.Str[2] <= '9':
		return OpenAPI31, true, nil
	}
	return NotOpenAPI, true, fmt.Errorf("OpenAPI %s is not a version skillgen reads (3.0 and 3.1; Swagger 2.0 documents say \"swagger\")", v.Str)
}

// IsOpenAPIDialect reports whether a jsonSchemaDialect URI is OpenAPI's own base dialect
// (https://spec.openapis.org/oas/3.1/dialect/base, or a later dated one).
func IsOpenAPIDialect(uri string) bool {
	rest, ok := strings.CutPrefix(uri, "https://spec.openapis.org/oas/3.")
	return ok && strings.Contains(rest, "/dialect/")
}
