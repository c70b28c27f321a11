package load

import (
	"net/url"
	"sort"

	"github.com/skillgen/skillgen/generator/ojson"
)

// Dynamic references: "$dynamicRef" with "$dynamicAnchor" (2020-12) and "$recursiveRef" with
// "$recursiveAnchor" (2019-09). The loader resolves each like a "$ref" (its initial target) and
// records the dynamic anchors of every schema resource; the builder follows the dynamic scope.

// recursiveAnchor is the name under which a resource whose root has "$recursiveAnchor": true
// is recorded: no "$dynamicAnchor" can be empty.
const recursiveAnchor = ""

// DynamicRef is a "$dynamicRef" or a "$recursiveRef" resolved to its initial target.
type DynamicRef struct {
	// Target is where the reference points statically, as "$ref" would.
	Target Location
	// Anchor is the dynamic anchor the reference looks for: the fragment of a "$dynamicRef",
	// "" for "$recursiveRef".
	Anchor string
	// Dynamic is set when the initial target declares that anchor ("$dynamicAnchor" with the
	// same name; "$recursiveAnchor": true): the reference then resolves to the anchor of the
	// outermost schema resource of the dynamic scope that declares it. Otherwise it is a "$ref".
	Dynamic bool
}

type dynamicIndex struct {
	anchors map[string]map[string]Location // resource URI → anchor name → location
	refs    map[string]DynamicRef          // by pendingRef.key()
	names   map[string]bool                // anchors of the references that are dynamic
}

func (r pendingRef) key() string {
	if r.keyword == "$ref" || r.keyword == "" {
		return r.at.String()
	}
	return r.at.String() + "/" + r.keyword
}

func (d *dynamicIndex) anchor(resource, name string, loc Location) {
	if d.anchors == nil {
		d.anchors = map[string]map[string]Location{}
	}
	m := d.anchors[resource]
	if m == nil {
		m = map[string]Location{}
		d.anchors[resource] = m
	}
	if _, dup := m[name]; !dup {
		m[name] = loc
	}
}

// ref records a resolved dynamic reference.
func (d *dynamicIndex) ref(r pendingRef, target Location) {
	if d.refs == nil {
		d.refs, d.names = map[string]DynamicRef{}, map[string]bool{}
	}
	dr := DynamicRef{Target: target}
	raw, _ := target.Raw()
	if r.keyword == "$recursiveRef" {
		if a, ok := raw.Get("$recursiveAnchor"); ok && a.Kind == ojson.Bool && a.Bool {
			dr.Dynamic = true
		}
	} else if u, err := url.Parse(r.ref); err == nil && u.Fragment != "" && u.Fragment[0] != '/' {
		dr.Anchor = u.Fragment
		if a, ok := raw.Get("$dynamicAnchor"); ok && a.Kind == ojson.String && a.Str == u.Fragment {
			dr.Dynamic = true
		}
	}
	if dr.Dynamic {
		d.names[dr.Anchor] = true
	}
	d.refs[r.key()] = dr
}

// DynamicRefTarget returns the "$dynamicRef" or "$recursiveRef" (keyword) at loc, resolved.
// ErrReported means the reference failed and its error is among the set's.
func (s *Set) DynamicRefTarget(loc Location, keyword string) (DynamicRef, error) {
	k := pendingRef{at: loc, keyword: keyword}.key()
	dr, ok := s.dynamic.refs[k]
	if !ok {
		if s.failed[k] {
			return DynamicRef{}, ErrReported
		}
		return DynamicRef{}, &Error{File: loc.File.Display, Pointer: loc.Child(keyword).User, Reason: keyword + " was not resolved"}
	}
	return dr, nil
}

// DynamicNames lists, sorted, the anchors that dynamic references look for in the dynamic
// scope (none when no reference is dynamic: every "$dynamicRef" is then a "$ref").
func (s *Set) DynamicNames() []string {
	out := make([]string, 0, len(s.dynamic.names))
	for n := range s.dynamic.names {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Resource returns the URI of the schema resource loc belongs to (the innermost "$id" at or
// above it, else the file's).
func (s *Set) Resource(loc Location) string { return s.baseAt(loc).String() }

// DynamicAnchor returns the location of the dynamic anchor name of a resource (Resource):
// its "$dynamicAnchor", or for "" its root when that has "$recursiveAnchor": true.
func (s *Set) DynamicAnchor(resource, name string) (Location, bool) {
	l, ok := s.dynamic.anchors[resource][name]
	return l, ok
}
