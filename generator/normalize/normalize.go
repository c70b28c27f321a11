// Package normalize is the stage between loading and building: it rewrites a schema document of
// any draft skillgen reads (draft-04, -06, -07, 2019-09, 2020-12) into one canonical form with
// draft 2020-12 semantics, so that nothing after it knows which draft a schema was.
//
// Each difference between the drafts is one named rule (see Rules) that rewrites one schema
// object: definitions → $defs, array items with additionalItems → prefixItems with items,
// dependencies → dependentRequired and dependentSchemas, draft-04's boolean exclusiveMinimum and
// exclusiveMaximum → numbers, id → $id and fragment ids → $anchor, a $ref that overrides its
// siblings (up to draft-07) → a $ref alone, and a keyword of another draft → ignored.
//
// Keywords a draft ignores are not dropped: they move into the member Ignored of their schema
// object, where a reference can still reach the schemas they hold, and where the builder (which
// skips x- members) does not see them.
//
// Every location of the canonical form keeps the location in the user's document it came from
// (Document.UserPointer), so that messages point at what the user wrote; references written
// against the user's document are translated with Document.Pointer.
package normalize

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/skillgen/skillgen/generator/ojson"
)

// Ignored is the member under which a normalized schema object keeps the keywords its draft
// ignores.
const Ignored = "x-skillgen-ignored"

// Document is a normalized schema document.
type Document struct {
	// Root is the canonical form. It shares the parts that needed no rewriting with the
	// document it was made from; neither may be modified.
	Root *ojson.Value
	// back maps normalized pointers to user pointers and fwd the reverse, for the locations
	// whose path differs from their parent's by more than the same tokens.
	back map[string]string
	fwd  map[string]string
}

// Renamed returns the user pointer of normalized location p when p is itself a rewritten
// location (its last step differs from the user's), and false otherwise.
func (d *Document) Renamed(p string) (string, bool) {
	u, ok := d.back[p]
	return u, ok
}

// UserPointer returns the pointer in the user's document of the normalized location p.
func (d *Document) UserPointer(p string) string { return translate(d.back, p) }

// Pointer returns the normalized location of the user's pointer u.
func (d *Document) Pointer(u string) string { return translate(d.fwd, u) }

// translate maps p through the longest prefix (at a token boundary) that m holds.
func translate(m map[string]string, p string) string {
	if len(m) == 0 {
		return p
	}
	for end := len(p); ; {
		if t, ok := m[p[:end]]; ok {
			return t + p[end:]
		}
		i := strings.LastIndexByte(p[:end], '/')
		if i < 0 {
			return p
		}
		end = i
	}
}

// Finding is an error or a warning about the user's document.
type Finding struct {
	Pointer string // in the user's document
	Message string
	Warning bool // false: an error (the schema cannot be generated)
}

// Normalize rewrites root, a schema document of draft d, into the canonical form. Embedded
// schema resources that declare another draft with $schema are rewritten by theirs.
func Normalize(root *ojson.Value, d Draft) (*Document, []Finding) {
	return NormalizeDialect(root, Dialect{Draft: d})
}

// NormalizeDialect is Normalize for a document whose metaschema declares its vocabularies: the
// keywords of the vocabularies it leaves out are ignored (as unknown keywords are), and
// "format" is an assertion when they ask for it. Embedded schema resources of another draft
// have every vocabulary of theirs.
func NormalizeDialect(root *ojson.Value, dl Dialect) (*Document, []Finding) {
	w := &walker{doc: &Document{back: map[string]string{}, fwd: map[string]string{}}, dl: dl, off: dl.off()}
	w.doc.Root = w.schema(root, "", "", dl.Draft, false, true)
	return w.doc, w.findings
}

type walker struct {
	doc      *Document
	findings []Finding
	dl       Dialect
	off      map[string]bool // dl.off()
	oas      OpenAPI         // the schemas of an OpenAPI document (NormalizeOpenAPI)
}

func (w *walker) record(p, u string) {
	w.doc.back[p] = u
	if _, ok := w.doc.fwd[u]; !ok {
		w.doc.fwd[u] = p
	}
}

// Keywords by the shape of their value: one schema, a map of schemas, an array of schemas.
// The lists cover every draft's spelling, so that ignored keywords are walked too.
var (
	singleSchema = set(`additionalProperties items additionalItems not if then else propertyNames
		contains unevaluatedProperties unevaluatedItems contentSchema`)
	mapSchema   = set(`properties patternProperties $defs definitions dependentSchemas dependencies`)
	arraySchema = set(`allOf anyOf oneOf prefixItems items`)
	// annotations are the annotation keywords of every draft: their values are data.
	annotations = set(`title description default examples $comment deprecated readOnly writeOnly $schema`)
)

func set(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// schema normalizes the schema at normalized pointer p (user pointer u) of draft d. spec marks
// a location that is a schema only if a reference reaches it (inside an unknown or ignored
// keyword): nothing is reported there.
func (w *walker) schema(v *ojson.Value, p, u string, d Draft, spec, root bool) *ojson.Value {
	if v == nil || v.Kind != ojson.Object {
		return v
	}
	if !root {
		d = w.dialect(v, u, d, spec)
	}
	if wrapped, ok := w.nullableWrap(v, p, u, d, spec); ok {
		return wrapped
	}
	o := newObject(v, d, u, spec)
	if d == w.dl.Draft {
		o.off, o.assertFormat, o.oas = w.off, w.dl.AssertFormat, w.oas
	}
	for _, r := range Rules {
		if r.Applies(d) {
			r.apply(o)
		}
	}
	w.findings = append(w.findings, o.findings...)
	changed := o.changed
	out := make([]ojson.Member, 0, len(o.members)+1)
	for _, m := range o.members {
		mp := p + "/" + ojson.EscapeToken(m.key)
		mu := u + o.userPath(m.from)
		if len(m.from) != 1 || m.from[0] != m.key {
			w.record(mp, mu)
		}
		nv := w.member(m, mp, mu, u, d, spec)
		changed = changed || nv != m.value
		out = append(out, ojson.Member{Key: m.key, Value: nv})
	}
	if len(o.ignored) > 0 {
		changed = true
		cp := p + "/" + Ignored
		kept := make([]ojson.Member, 0, len(o.ignored))
		for _, m := range o.ignored {
			mp := cp + "/" + ojson.EscapeToken(m.key)
			mu := u + o.userPath(m.from)
			w.record(mp, mu)
			kept = append(kept, ojson.Member{Key: m.key, Value: w.member(m, mp, mu, u, d, true)})
		}
		out = append(out, ojson.Member{Key: Ignored, Value: ojson.NewObject(kept)})
	}
	if !changed {
		return v
	}
	return ojson.NewObject(out)
}

// member normalizes the value of one member of a schema object (at p, user pointer u; the
// object's user pointer is ou).
func (w *walker) member(m member, p, u, ou string, d Draft, spec bool) *ojson.Value {
	v := m.value
	switch {
	case arraySchema[m.key] && v.Kind == ojson.Array:
		return w.array(v, p, u, d, func(e *ojson.Value, ep, eu string) *ojson.Value {
			return w.schema(e, ep, eu, d, spec, false)
		})
	case singleSchema[m.key]:
		return w.schema(v, p, u, d, spec, false)
	case mapSchema[m.key] && v.Kind == ojson.Object:
		changed := false
		out := make([]ojson.Member, len(v.Members))
		for i, e := range v.Members {
			ep := p + "/" + ojson.EscapeToken(e.Key)
			eu := u + "/" + ojson.EscapeToken(e.Key)
			if from, ok := m.entries[e.Key]; ok {
				eu = ou + pathOf(from)
				w.record(ep, eu)
			}
			nv := e.Value
			if nv.Kind != ojson.Array { // dependencies: an array is a list of names
				nv = w.schema(e.Value, ep, eu, d, spec, false)
			}
			changed = changed || nv != e.Value
			out[i] = ojson.Member{Key: e.Key, Value: nv}
		}
		if !changed {
			return v
		}
		return ojson.NewObject(out)
	case anyDraft[m.key] || annotations[m.key]:
		return v // data: enum, const, required, numbers, strings …
	}
	return w.speculative(v, p, u, d)
}

// speculative normalizes the value of an unknown keyword: it is not a schema, but a reference
// may treat any object in it as one.
func (w *walker) speculative(v *ojson.Value, p, u string, d Draft) *ojson.Value {
	switch v.Kind {
	case ojson.Object:
		return w.schema(v, p, u, d, true, false)
	case ojson.Array:
		return w.array(v, p, u, d, func(e *ojson.Value, ep, eu string) *ojson.Value {
			return w.speculative(e, ep, eu, d)
		})
	}
	return v
}

func (w *walker) array(v *ojson.Value, p, u string, d Draft, each func(e *ojson.Value, ep, eu string) *ojson.Value) *ojson.Value {
	var out []*ojson.Value
	for i, e := range v.Arr {
		idx := "/" + strconv.Itoa(i)
		ne := each(e, p+idx, u+idx)
		if ne != e && out == nil {
			out = append(make([]*ojson.Value, 0, len(v.Arr)), v.Arr[:i]...)
		}
		if out != nil {
			out = append(out, ne)
		}
	}
	if out == nil {
		return v
	}
	return &ojson.Value{Kind: ojson.Array, Arr: out}
}

// dialect returns the draft of an embedded schema resource: one with an identifier and a
// $schema of its own is of the draft its $schema names; any other schema is of its parent's.
func (w *walker) dialect(v *ojson.Value, u string, d Draft, spec bool) Draft {
	s, ok := v.Get("$schema")
	if !ok || s.Kind != ojson.String {
		return d
	}
	nd, known := FromURI(s.Str)
	if known {
		if id, ok := v.Get(nd.idKeyword()); !ok || id.Kind != ojson.String {
			return d
		}
		if _, ref := v.Get("$ref"); ref && nd.refAlone() {
			return d
		}
		return nd
	}
	_, id1 := v.Get("$id")
	_, id2 := v.Get("id")
	if (id1 || id2) && !spec {
		w.findings = append(w.findings, Finding{Pointer: u + "/$schema", Message: fmt.Sprintf(
			"$schema %q of an embedded schema resource is not a draft skillgen reads (draft-04, -06, -07, 2019-09, 2020-12)", s.Str)})
	}
	return d
}

// pathOf renders user tokens as a pointer suffix.
func pathOf(toks []string) string {
	var b strings.Builder
	for _, t := range toks {
		b.WriteByte('/')
		b.WriteString(ojson.EscapeToken(t))
	}
	return b.String()
}

// anchorOf splits an identifier of draft-07 and earlier into the URI it gives and the plain
// name fragment ("#foo") it declares, if any.
func anchorOf(id string) (base, anchor string, ok bool) {
	i := strings.IndexByte(id, '#')
	if i < 0 {
		return id, "", false
	}
	frag := id[i+1:]
	if frag == "" || strings.HasPrefix(frag, "/") {
		return id[:i], "", false
	}
	if dec, err := url.PathUnescape(frag); err == nil {
		frag = dec
	}
	return id[:i], frag, true
}
