package normalize

import (
	"fmt"
	"strings"

	"github.com/skillgen/skillgen/generator/ojson"
)

// Rule is one rewrite of a schema object, for the drafts it applies to.
type Rule struct {
	Name    string
	Applies func(Draft) bool
	apply   func(*object)
}

func upTo(last Draft) func(Draft) bool { return func(d Draft) bool { return d <= last } }
func only(one Draft) func(Draft) bool  { return func(d Draft) bool { return d == one } }
func every(Draft) bool                 { return true }

// Rules are applied in this order to every schema object (the order matters: a keyword a
// draft ignores is set aside before the rules that rename keywords run).
var Rules = []Rule{
	{"ref-overrides-siblings", upTo(Draft7), refOverridesSiblings},
	{"openapi-nullable", every, openAPINullable},
	{"openapi-keywords", every, openAPIKeywords},
	{"foreign-keywords", every, foreignKeywords},
	{"identifiers", every, identifiers},
	{"defs-before-2019", upTo(Draft7), defsBefore2019},
	{"definitions", every, definitions},
	{"tuple-items", upTo(Draft2019), tupleItems},
	{"dependencies", every, dependencies},
	{"boolean-exclusive-bounds", only(Draft4), booleanExclusiveBounds},
	{"format-checkers", every, formatCheckers},
}

// object is a schema object being rewritten: its members in order, with the user's tokens each
// came from (relative to the object).
type object struct {
	draft Draft
	user  string // the object's pointer in the user's document
	spec  bool   // findings are not reported
	// off holds the keywords the vocabularies of the metaschema leave out (nil: none), and
	// assertFormat whether they make "format" an assertion (Dialect).
	off          map[string]bool
	assertFormat bool
	oas          OpenAPI // the object is a schema of an OpenAPI document
	members      []member
	ignored      []member
	changed      bool
	findings     []Finding
}

type member struct {
	key   string
	value *ojson.Value
	from  []string // the user's tokens, relative to the object
	// entries: for a map of schemas gathered from several keywords, the user's tokens of the
	// entries that did not come from "from" (relative to the object).
	entries map[string][]string
}

func newObject(v *ojson.Value, d Draft, u string, spec bool) *object {
	o := &object{draft: d, user: u, spec: spec, members: make([]member, len(v.Members))}
	for i, m := range v.Members {
		o.members[i] = member{key: m.Key, value: m.Value, from: []string{m.Key}}
	}
	return o
}

func (o *object) userPath(toks []string) string { return pathOf(toks) }

func (o *object) find(k string) int {
	for i, m := range o.members {
		if m.key == k {
			return i
		}
	}
	return -1
}

func (o *object) remove(i int) {
	o.members = append(o.members[:i:i], o.members[i+1:]...)
	o.changed = true
}

// ignore moves member i into the Ignored member.
func (o *object) ignore(i int) {
	o.ignored = append(o.ignored, o.members[i])
	o.remove(i)
}

// insert puts m at position i.
func (o *object) insert(i int, m member) {
	o.members = append(o.members[:i], append([]member{m}, o.members[i:]...)...)
	o.changed = true
}

func (o *object) report(warning bool, toks []string, format string, args ...any) {
	if o.spec {
		return
	}
	o.findings = append(o.findings, Finding{Pointer: o.user + pathOf(toks), Message: fmt.Sprintf(format, args...), Warning: warning})
}

func quoted(keys []string) string {
	q := make([]string, len(keys))
	for i, k := range keys {
		q[i] = fmt.Sprintf("%q", k)
	}
	return strings.Join(q, ", ")
}

// refOverridesSiblings: up to draft-07, a schema with "$ref" is that reference alone; every
// sibling keyword is ignored. Annotations, definitions and unknown keywords stay.
func refOverridesSiblings(o *object) {
	i := o.find("$ref")
	if i < 0 || o.members[i].value.Kind != ojson.String {
		return
	}
	var assertions []string
	for j := 0; j < len(o.members); {
		k := o.members[j].key
		if k == "$ref" || k == "definitions" || k == "$defs" || !anyDraft[k] {
			j++
			continue
		}
		if k != "$id" && k != "id" && k != "$anchor" {
			assertions = append(assertions, k)
		}
		o.ignore(j)
	}
	if len(assertions) > 0 {
		o.report(true, nil, "%s ignored: up to draft-07, \"$ref\" overrides its sibling keywords (wrap them with the $ref in allOf to apply them)", quoted(assertions))
	}
}

// foreignKeywords: a keyword of another draft means nothing in this one (prefixItems in
// draft-07, additionalItems in 2020-12, $id in draft-04, id in draft-06 and later …): it is
// ignored, as every unknown keyword is.
func foreignKeywords(o *object) {
	d := o.draft
	for j := 0; j < len(o.members); {
		k := o.members[j].key
		if o.off[k] {
			o.report(true, []string{k}, "%q is not a keyword of the vocabularies the metaschema lists (\"$vocabulary\"): ignored", k)
			o.ignore(j)
			continue
		}
		if !anyDraft[k] || keywords[d][k] || k == "$defs" {
			j++
			continue
		}
		first, last := keywordDrafts(k)
		when := fmt.Sprintf("a keyword from %s on", first)
		if d > last {
			when = fmt.Sprintf("a keyword up to %s", last)
		}
		hint := ""
		switch {
		case k == "$id" && d == Draft4:
			hint = "; draft-04 spells it \"id\""
		case k == "id":
			hint = "; this draft spells it \"$id\""
		case k == "additionalItems":
			hint = "; prefixItems and items replace items and additionalItems"
		}
		o.report(true, []string{k}, "%q is not a keyword of %s (it is %s): ignored%s", k, d, when, hint)
		o.ignore(j)
	}
}

// identifiers: draft-04's "id" is "$id"; up to draft-07 an identifier "#name" (or
// "uri#name") declares the plain-name fragment "$anchor": "name". An empty fragment is
// dropped in every draft.
func identifiers(o *object) {
	key := o.draft.idKeyword()
	i := o.find(key)
	if i < 0 || o.members[i].value.Kind != ojson.String {
		return
	}
	m := o.members[i]
	id := m.value.Str
	base, anchor, named := id, "", false
	if o.draft <= Draft7 {
		base, anchor, named = anchorOf(id)
	} else {
		base = strings.TrimSuffix(id, "#")
	}
	if base == id && key == "$id" {
		return
	}
	o.changed = true
	if base == "" {
		o.remove(i)
	} else {
		o.members[i] = member{key: "$id", value: &ojson.Value{Kind: ojson.String, Str: base}, from: m.from}
		i++
	}
	if named {
		o.insert(i, member{key: "$anchor", value: &ojson.Value{Kind: ojson.String, Str: anchor}, from: m.from})
	}
}

// defsBefore2019: before 2019-09 "$defs" is not a keyword, but schemas written for draft-07 use
// it as they use "definitions" (references reach into it by pointer): it is read as a container
// of schemas, and its entries that are not schemas are ignored.
func defsBefore2019(o *object) {
	i := o.find("$defs")
	if i < 0 || o.members[i].value.Kind != ojson.Object {
		return
	}
	defs := o.members[i].value
	kept := make([]ojson.Member, 0, len(defs.Members))
	for _, e := range defs.Members {
		if e.Value.Kind == ojson.Object || e.Value.Kind == ojson.Bool {
			kept = append(kept, e)
			continue
		}
		o.report(true, []string{"$defs", e.Key}, "\"$defs\" entry %q is not a schema: ignored (%s has no \"$defs\" keyword; its metaschema does not check it)", e.Key, o.draft)
	}
	if len(kept) < len(defs.Members) {
		o.members[i].value = ojson.NewObject(kept)
		o.changed = true
	}
}

// definitions: "definitions" is "$defs" (in 2019-09 and 2020-12 too, where the metaschemas
// still describe it).
func definitions(o *object) {
	i := o.find("definitions")
	if i < 0 || o.members[i].value.Kind != ojson.Object {
		return
	}
	j := o.find("$defs")
	if j < 0 {
		o.members[i].key = "$defs"
		o.changed = true
		return
	}
	defs := o.members[j]
	if defs.value.Kind != ojson.Object {
		return
	}
	merged := append([]ojson.Member(nil), defs.value.Members...)
	entries := map[string][]string{}
	for _, e := range o.members[i].value.Members {
		if _, dup := defs.value.Get(e.Key); dup {
			o.report(false, []string{"definitions", e.Key}, "%q is defined in both \"$defs\" and \"definitions\"", e.Key)
			continue
		}
		merged = append(merged, e)
		entries[e.Key] = []string{"definitions", e.Key}
	}
	o.members[j] = member{key: "$defs", value: ojson.NewObject(merged), from: defs.from, entries: entries}
	o.remove(i)
}

// tupleItems: up to 2019-09, an array "items" lists the schemas of the first items and
// "additionalItems" applies to the rest: they are "prefixItems" and "items". Without an array
// "items", "additionalItems" has no effect.
func tupleItems(o *object) {
	i := o.find("items")
	j := o.find("additionalItems")
	if i >= 0 && o.members[i].value.Kind == ojson.Array {
		o.members[i].key = "prefixItems"
		o.changed = true
		if j >= 0 {
			o.members[j].key = "items"
		}
		return
	}
	if j >= 0 {
		o.report(true, []string{"additionalItems"}, "\"additionalItems\" has no effect without an array \"items\": ignored")
		o.ignore(j)
	}
}

// dependencies: each entry of "dependencies" is a "dependentRequired" entry (an array of
// names) or a "dependentSchemas" entry (a schema).
func dependencies(o *object) {
	i := o.find("dependencies")
	if i < 0 || o.members[i].value.Kind != ojson.Object {
		return
	}
	deps := o.members[i]
	var names, schemas []ojson.Member
	for _, e := range deps.value.Members {
		switch e.Value.Kind {
		case ojson.Array:
			names = append(names, e)
		case ojson.Object, ojson.Bool:
			schemas = append(schemas, e)
		}
	}
	o.remove(i)
	at := i
	for _, part := range []struct {
		key     string
		entries []ojson.Member
	}{{"dependentRequired", names}, {"dependentSchemas", schemas}} {
		if len(part.entries) == 0 {
			continue
		}
		entries := map[string][]string{}
		for _, e := range part.entries {
			entries[e.Key] = []string{"dependencies", e.Key}
		}
		j := o.find(part.key)
		if j < 0 {
			o.insert(at, member{key: part.key, value: ojson.NewObject(part.entries), from: deps.from, entries: entries})
			at++
			continue
		}
		cur := o.members[j]
		if cur.value.Kind != ojson.Object {
			continue
		}
		merged := append([]ojson.Member(nil), cur.value.Members...)
		for _, e := range part.entries {
			k, old := findMember(merged, e.Key)
			switch {
			case old == nil:
				merged = append(merged, e)
				if cur.entries == nil {
					cur.entries = map[string][]string{}
				}
				cur.entries[e.Key] = entries[e.Key]
			case part.key == "dependentRequired" && old.Kind == ojson.Array:
				merged[k].Value = unionNames(old, e.Value)
			default:
				o.report(false, []string{"dependencies", e.Key}, "%q has a schema in both \"dependencies\" and \"dependentSchemas\"", e.Key)
			}
		}
		cur.value = ojson.NewObject(merged)
		o.members[j] = cur
	}
}

func findMember(ms []ojson.Member, k string) (int, *ojson.Value) {
	for i, m := range ms {
		if m.Key == k {
			return i, m.Value
		}
	}
	return -1, nil
}

func unionNames(a, b *ojson.Value) *ojson.Value {
	seen := map[string]bool{}
	out := &ojson.Value{Kind: ojson.Array}
	for _, e := range append(append([]*ojson.Value(nil), a.Arr...), b.Arr...) {
		if e.Kind == ojson.String && seen[e.Str] {
			continue
		}
		seen[e.Str] = true
		out.Arr = append(out.Arr, e)
	}
	return out
}

// booleanExclusiveBounds: in draft-04, "exclusiveMaximum": true makes "maximum" exclusive (and
// likewise for the minimum); from draft-06 on the exclusive bound is a number of its own.
func booleanExclusiveBounds(o *object) {
	for _, p := range [][2]string{{"exclusiveMaximum", "maximum"}, {"exclusiveMinimum", "minimum"}} {
		i := o.find(p[0])
		if i < 0 || o.members[i].value.Kind != ojson.Bool {
			continue
		}
		exclusive := o.members[i].value.Bool
		o.remove(i)
		if j := o.find(p[1]); exclusive && j >= 0 {
			o.members[j] = member{key: p[0], value: o.members[j].value, from: o.members[j].from}
		}
	}
}
