package crosscheck

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/skillgen/skillgen/schema/oracle"
)

// Mutation kinds.
const (
	KindDropRequired     = "drop-required"      // delete a required member that is present
	KindDropDependent    = "drop-dependent"     // delete a member that dependentRequired asks for
	KindWrongType        = "wrong-type"         // a value of a JSON type the schema does not allow
	KindNull             = "null"               // null instead of the value
	KindOutOfEnum        = "out-of-enum"        // a string outside the enum
	KindWrongConst       = "wrong-const"        // another value than the const
	KindBrokenPattern    = "broken-pattern"     // a string the pattern does not match
	KindTooShort         = "too-short"          // a string below minLength
	KindTooLong          = "too-long"           // a string above maxLength
	KindBelowMinimum     = "below-minimum"      // a number below minimum
	KindAboveMaximum     = "above-maximum"      // a number above maximum
	KindExtraKey         = "extra-key"          // an unknown member where additionalProperties is false
	KindBadPropertyName  = "bad-property-name"  // a key that propertyNames refuses
	KindDuplicateItem    = "duplicate-item"     // an equal item in a uniqueItems array
	KindDuplicateKey     = "duplicate-key"      // an equal x-unique-by member in an array
	KindUnknownTag       = "unknown-tag"        // a union discriminator outside the branch constants
	KindOtherTag         = "other-tag"          // another branch's discriminator, members unchanged
	KindRemovedFromUnion = "removed-from-union" // reserved: mutations under a union without discriminator
)

// MutationKinds lists every kind the walker produces.
var MutationKinds = []string{
	KindDropRequired, KindDropDependent, KindWrongType, KindNull, KindOutOfEnum, KindWrongConst,
	KindBrokenPattern, KindTooShort, KindTooLong, KindBelowMinimum, KindAboveMaximum,
	KindExtraKey, KindBadPropertyName, KindDuplicateItem, KindDuplicateKey, KindUnknownTag,
	KindOtherTag,
}

// Mutation is a valid document broken at one place.
type Mutation struct {
	Kind string
	// Site is the mutated location: the pointer the generated validator must report (every
	// error it reports must be at Site or below it).
	Site string
	// Keyword, when not "", must appear in an error at Site, and the document must be invalid.
	// When "", the document may stay valid (the schema accepts the new value).
	Keyword string
	// Schema is, for a dropped required member, the schema location of its name in the
	// required list ("...#/$defs/APIKeyAuth/required/1").
	Schema string
	Doc    any    // the mutated document tree
	Data   []byte // its JSON text
}

// ---- the walk ------------------------------------------------------------------------------

// valueSite is one location of the document with every schema node that applies to it.
type valueSite struct {
	toks   []string
	nodes  []node
	anchor *anchor
	tagged bool // the value is a union discriminator (its const is checked by the union)
	branch bool // nodes of a union's branches apply here (see walk)
}

// anchor replaces the expected site and keyword under a union without discriminator, where
// the generated validator reports the union itself.
type anchor struct {
	site    string
	keyword string
}

type walker struct {
	s     *Schema
	doc   any
	sites map[string]*valueSite
	order []string
	muts  []Mutation
	err   error
}

// Mutations walks a valid document (decoded with json.Number numbers) alongside the schema of
// typeName and returns every mutation of it, in a deterministic order.
func (s *Schema) Mutations(typeName string, doc any) ([]Mutation, error) {
	root, err := s.root(typeName)
	if err != nil {
		return nil, err
	}
	w := &walker{s: s, doc: doc, sites: map[string]*valueSite{}}
	w.walk(root, doc, nil, nil, false)
	if w.err != nil {
		return nil, w.err
	}
	for _, key := range w.order {
		w.valueMutations(w.sites[key])
	}
	for i := range w.muts {
		data, err := Marshal(w.muts[i].Doc)
		if err != nil {
			return nil, err
		}
		w.muts[i].Data = data
	}
	return w.muts, nil
}

func (w *walker) site(toks []string, anc *anchor) *valueSite {
	key := Pointer(toks)
	vs, ok := w.sites[key]
	if !ok {
		vs = &valueSite{toks: slices.Clone(toks), anchor: anc}
		w.sites[key] = vs
		w.order = append(w.order, key)
	}
	return vs
}

func (w *walker) add(kind string, toks []string, keyword string, anc *anchor, mutate func(v any) (any, bool)) {
	w.addAt(kind, toks, keyword, anc, toks, mutate)
}

// addAt records a mutation of the value at target whose expected site is siteToks.
func (w *walker) addAt(kind string, siteToks []string, keyword string, anc *anchor, target []string, mutate func(v any) (any, bool)) {
	site := Pointer(siteToks)
	if anc != nil {
		site, keyword = anc.site, anc.keyword
	}
	doc, ok := apply(w.doc, target, mutate)
	if !ok {
		return
	}
	w.muts = append(w.muts, Mutation{Kind: kind, Site: site, Keyword: keyword, Doc: doc})
}

func with(toks []string, t ...string) []string {
	return append(slices.Clone(toks), t...)
}

func (w *walker) walk(n node, v any, toks []string, anc *anchor, tagged bool) {
	if w.err != nil {
		return
	}
	vs := w.site(toks, anc)
	vs.nodes = append(vs.nodes, n)
	if anc != nil && vs.anchor == nil {
		// A branch of a union without discriminator at the union's own location: another
		// branch may accept what this one refuses.
		vs.branch = true
	}
	vs.tagged = vs.tagged || tagged
	if n.m == nil {
		return
	}
	if t, ok, err := w.s.ref(n); err != nil {
		w.err = err
		return
	} else if ok {
		w.walk(t, v, toks, anc, tagged)
	}
	if ts := types(n); ts != nil && !typeOK(ts, v) {
		return
	}
	switch x := v.(type) {
	case map[string]any:
		w.object(n, x, toks, anc)
	case []any:
		w.array(n, x, toks, anc)
	}
	if all, ok := n.get("allOf"); ok {
		for i := range all.([]any) {
			c, _ := n.sub("allOf", strconv.Itoa(i))
			w.walk(c, v, toks, anc, false)
		}
	}
	for _, kw := range []string{"oneOf", "anyOf"} {
		if _, ok := n.get(kw); ok {
			w.union(n, kw, v, toks, anc)
		}
	}
	if ifn, ok := n.sub("if"); ok {
		branch := "else"
		if w.accepts(ifn, v) {
			branch = "then"
		}
		if c, ok := n.sub(branch); ok {
			w.walk(c, v, toks, anc, false)
		}
	}
}

func (w *walker) object(n node, o map[string]any, toks []string, anc *anchor) {
	props, _ := n.get("properties")
	pm, _ := props.(map[string]any)
	if req, ok := n.get("required"); ok {
		for i, r := range req.([]any) {
			name := r.(string)
			if _, present := o[name]; present {
				w.add(KindDropRequired, with(toks, name), "required", anc, drop)
				w.muts[len(w.muts)-1].Schema = n.loc() + "/required/" + strconv.Itoa(i)
			}
		}
	}
	for _, k := range sortedKeys(pm) {
		if x, present := o[k]; present {
			c, _ := n.sub("properties", k)
			w.walk(c, x, with(toks, k), anc, false)
		}
	}
	var pats []*regexp.Regexp
	if pp, ok := n.get("patternProperties"); ok {
		for _, p := range sortedKeys(pp.(map[string]any)) {
			re, err := regexp.Compile(p)
			if err != nil {
				w.err = err
				return
			}
			pats = append(pats, re)
			for _, k := range sortedKeys(o) {
				if re.MatchString(k) {
					c, _ := n.sub("patternProperties", p)
					w.walk(c, o[k], with(toks, k), anc, false)
				}
			}
		}
	}
	isAdditional := func(k string) bool {
		if _, ok := pm[k]; ok {
			return false
		}
		for _, re := range pats {
			if re.MatchString(k) {
				return false
			}
		}
		return true
	}
	if ap, ok := n.get("additionalProperties"); ok {
		if b, isBool := ap.(bool); isBool && !b {
			key := "zz_unexpected"
			for !isAdditional(key) || o[key] != nil {
				key += "_"
			}
			w.addAt(KindExtraKey, with(toks, key), "additionalProperties", anc, toks, func(v any) (any, bool) {
				m := v.(map[string]any)
				m[key] = "unexpected"
				return m, true
			})
		} else {
			c, _ := n.sub("additionalProperties")
			for _, k := range sortedKeys(o) {
				if isAdditional(k) {
					w.walk(c, o[k], with(toks, k), anc, false)
				}
			}
		}
	}
	if pn, ok := n.sub("propertyNames"); ok {
		var from string
		found := false
		for _, k := range sortedKeys(o) {
			if isAdditional(k) {
				from, found = k, true
				break
			}
		}
		if found {
			for _, name := range []string{"", " bad name", "zz_not_a_name", strings.Repeat("k", 300)} {
				if _, taken := o[name]; taken || w.accepts(pn, name) {
					continue
				}
				w.addAt(KindBadPropertyName, with(toks, name), "propertyNames", anc, toks, func(v any) (any, bool) {
					m := v.(map[string]any)
					m[name] = m[from]
					delete(m, from)
					return m, true
				})
				break
			}
		}
	}
	if dr, ok := n.get("dependentRequired"); ok {
		drm := dr.(map[string]any)
		for _, k := range sortedKeys(drm) {
			if _, present := o[k]; !present {
				continue
			}
			for _, d := range drm[k].([]any) {
				name := d.(string)
				if _, present := o[name]; present {
					w.add(KindDropDependent, with(toks, name), "dependentRequired", anc, drop)
				}
			}
		}
	}
}

func (w *walker) array(n node, a []any, toks []string, anc *anchor) {
	prefix := 0
	if pi, ok := n.get("prefixItems"); ok {
		prefix = len(pi.([]any))
		for i := 0; i < prefix && i < len(a); i++ {
			c, _ := n.sub("prefixItems", strconv.Itoa(i))
			w.walk(c, a[i], with(toks, strconv.Itoa(i)), anc, false)
		}
	}
	if c, ok := n.sub("items"); ok {
		for i := prefix; i < len(a); i++ {
			w.walk(c, a[i], with(toks, strconv.Itoa(i)), anc, false)
		}
	}
	room := true
	if mx, ok := n.get("maxItems"); ok {
		m, _ := strconv.Atoi(fmt.Sprint(mx))
		room = len(a) < m
	}
	if u, ok := n.get("uniqueItems"); ok && u == true && len(a) > 0 {
		j := len(a) - 1
		if len(a) == 1 {
			j = 1
		}
		if j == 1 && len(a) == 1 && !room {
			return
		}
		w.addAt(KindDuplicateItem, with(toks, strconv.Itoa(j)), "uniqueItems", anc, toks, func(v any) (any, bool) {
			arr := v.([]any)
			if j < len(arr) {
				arr[j] = clone(arr[0])
				return arr, true
			}
			return append(arr, clone(arr[0])), true
		})
	}
	if ub, ok := n.get("x-unique-by"); ok && len(a) > 0 {
		prop := ub.(string)
		first, ok := oracle.Member(a[0], prop)
		if !ok {
			return
		}
		j := len(a) - 1
		if j == 0 {
			if !room {
				return
			}
			j = 1
		} else if _, ok := oracle.Member(a[j], prop); !ok {
			return
		}
		w.addAt(KindDuplicateKey, with(toks, strconv.Itoa(j), prop), "x-unique-by", anc, toks, func(v any) (any, bool) {
			arr := v.([]any)
			if j < len(arr) {
				arr[j].(map[string]any)[prop] = clone(first)
				return arr, true
			}
			return append(arr, clone(arr[0])), true
		})
	}
}

// discriminator returns the property and branch constants of a union whose branches are all
// objects requiring the same property with distinct string consts (docs/validation.md, 10).
func (w *walker) discriminator(n node, kw string) (string, []string, []node, bool) {
	list, _ := n.get(kw)
	var prop string
	var tags []string
	var branches []node
	for i := range list.([]any) {
		b, _ := n.sub(kw, strconv.Itoa(i))
		for {
			t, ok, err := w.s.ref(b)
			if err != nil || !ok {
				break
			}
			b = t
		}
		ts := types(b)
		if len(ts) != 1 || ts[0] != "object" {
			return "", nil, nil, false
		}
		req, _ := b.get("required")
		props, _ := b.get("properties")
		pm, _ := props.(map[string]any)
		var found string
		var tag string
		for _, r := range asSlice(req) {
			name, _ := r.(string)
			pn, _ := pm[name].(map[string]any)
			if c, ok := pn["const"].(string); ok && (prop == "" || name == prop) {
				found, tag = name, c
				break
			}
		}
		if found == "" || slices.Contains(tags, tag) {
			return "", nil, nil, false
		}
		prop = found
		tags = append(tags, tag)
		branches = append(branches, b)
	}
	return prop, tags, branches, prop != ""
}

func (w *walker) union(n node, kw string, v any, toks []string, anc *anchor) {
	if prop, tags, branches, ok := w.discriminator(n, kw); ok {
		o, isObj := v.(map[string]any)
		if !isObj {
			return
		}
		tag, _ := o[prop].(string)
		i := slices.Index(tags, tag)
		if i < 0 {
			return
		}
		w.addAt(KindUnknownTag, with(toks, prop), kw, anc, toks, func(v any) (any, bool) {
			v.(map[string]any)[prop] = "zz_unknown_tag"
			return v, true
		})
		for _, other := range tags {
			if other == tag {
				continue
			}
			w.add(KindOtherTag, toks, "", anc, func(v any) (any, bool) {
				v.(map[string]any)[prop] = other
				return v, true
			})
		}
		w.walk(branches[i], v, toks, anc, false)
		w.site(with(toks, prop), anc).tagged = true
		return
	}
	// Without a discriminator the generated validator reports the union itself, and a
	// mutation may leave the value valid (another branch may accept it): the anchor keeps
	// the site and asks for no keyword.
	if anc == nil {
		anc = &anchor{site: Pointer(toks)}
	}
	list, _ := n.get(kw)
	for i := range list.([]any) {
		b, _ := n.sub(kw, strconv.Itoa(i))
		if w.accepts(b, v) {
			w.walk(b, v, toks, anc, false)
			break
		}
	}
}

// accepts tells whether the independent validator accepts v at schema node n.
func (w *walker) accepts(n node, v any) bool {
	sch, err := w.s.Compiled(n.loc())
	if err != nil {
		w.err = err
		return false
	}
	return sch.Validate(toInstance(v)) == nil
}

// ---- value mutations -----------------------------------------------------------------------

func (w *walker) valueMutations(vs *valueSite) {
	toks, anc := vs.toks, vs.anchor
	if anc == nil && vs.branch {
		anc = &anchor{site: Pointer(toks)}
	}
	var ts []string
	var enum []any
	var cnst any
	hasConst, union := false, false
	var pattern string
	minLen, maxLen := -1, -1
	var minimum, maximum *big.Rat
	for _, n := range vs.nodes {
		if t := types(n); t != nil && ts == nil {
			ts = t
		}
		if e, ok := n.get("enum"); ok && enum == nil {
			enum = e.([]any)
		}
		if c, ok := n.get("const"); ok && !hasConst {
			cnst, hasConst = c, true
		}
		for _, kw := range []string{"oneOf", "anyOf"} {
			if _, ok := n.get(kw); ok {
				if _, _, _, d := w.discriminator(n, kw); d {
					union = true
				}
			}
		}
		if p, ok := n.get("pattern"); ok && pattern == "" {
			pattern = p.(string)
		}
		if x, ok := n.get("minLength"); ok && minLen < 0 {
			minLen = atoi(x)
		}
		if x, ok := n.get("maxLength"); ok && maxLen < 0 {
			maxLen = atoi(x)
		}
		if x, ok := n.get("minimum"); ok && minimum == nil {
			minimum = rat(x)
		}
		if x, ok := n.get("maximum"); ok && maximum == nil {
			maximum = rat(x)
		}
	}
	set := func(nv any) func(any) (any, bool) {
		return func(any) (any, bool) { return nv, true }
	}
	// The keyword a value of the wrong JSON type breaks first (docs/validation.md, 3, 4, 10).
	typeKeyword := func(nv any) string {
		switch {
		case ts != nil:
			if typeOK(ts, nv) {
				return ""
			}
			return "type"
		case union:
			return "type"
		case hasConst && !vs.tagged:
			return "const"
		case enum != nil && !inEnum(enum, nv):
			return "enum"
		}
		return ""
	}
	if ts != nil {
		for _, c := range []any{json.Number("42"), "42", true, map[string]any{}, []any{}} {
			if !typeOK(ts, c) {
				w.add(KindWrongType, toks, typeKeyword(c), anc, set(c))
				break
			}
		}
	} else {
		w.add(KindWrongType, toks, typeKeyword([]any{}), anc, set([]any{}))
	}
	if vs.tagged {
		// A null discriminator is a wrong tag, reported by the union at this site.
		w.add(KindNull, toks, "", anc, set(nil))
	} else {
		w.add(KindNull, toks, typeKeyword(nil), anc, set(nil))
	}
	if enum != nil && !vs.tagged {
		// A value of a JSON type the schema allows, outside the enum.
		for _, c := range []any{"zz_not_in_enum", json.Number("987654321")} {
			if (ts == nil || typeOK(ts, c)) && !inEnum(enum, c) {
				w.add(KindOutOfEnum, toks, "enum", anc, set(c))
				break
			}
		}
	}
	if hasConst && !vs.tagged {
		var nv any = "zz_not_the_const"
		if b, ok := cnst.(bool); ok {
			nv = !b
		}
		w.add(KindWrongConst, toks, "const", anc, set(nv))
	}
	if minimum != nil {
		w.add(KindBelowMinimum, toks, "minimum", anc, set(number(new(big.Rat).Sub(minimum, big.NewRat(1, 1)))))
	}
	if maximum != nil {
		w.add(KindAboveMaximum, toks, "maximum", anc, set(number(new(big.Rat).Add(maximum, big.NewRat(1, 1)))))
	}
	if ts != nil && !slices.Contains(ts, "string") {
		return
	}
	lenOK := func(s string) bool {
		n := utf8.RuneCountInString(s)
		return (minLen < 0 || n >= minLen) && (maxLen < 0 || n <= maxLen)
	}
	if pattern != "" {
		re, err := regexp.Compile(pattern)
		if err != nil {
			w.err = err
			return
		}
		for _, c := range []string{" ", "not valid!", "~", "a b", "zz", "0"} {
			if !re.MatchString(c) && lenOK(c) {
				w.add(KindBrokenPattern, toks, "pattern", anc, set(c))
				break
			}
		}
	}
	if minLen > 0 {
		w.add(KindTooShort, toks, "minLength", anc, set(strings.Repeat("a", minLen-1)))
	}
	if maxLen >= 0 {
		w.add(KindTooLong, toks, "maxLength", anc, set(strings.Repeat("a", maxLen+1)))
	}
}

// ---- JSON values ---------------------------------------------------------------------------

// inEnum tells whether v is one of the enum values (null, strings, booleans and numbers;
// numbers by exact value).
func inEnum(enum []any, v any) bool {
	for _, e := range enum {
		switch x := e.(type) {
		case nil:
			if v == nil {
				return true
			}
		case json.Number:
			if n, ok := v.(json.Number); ok && rat(x).Cmp(rat(n)) == 0 {
				return true
			}
		case string, bool:
			if e == v {
				return true
			}
		}
	}
	return false
}

func types(n node) []string {
	t, ok := n.get("type")
	if !ok {
		return nil
	}
	switch x := t.(type) {
	case string:
		return []string{x}
	case []any:
		var out []string
		for _, e := range x {
			out = append(out, e.(string))
		}
		return out
	}
	return nil
}

// typeOK tells whether v has one of the JSON types ts.
func typeOK(ts []string, v any) bool {
	for _, t := range ts {
		switch t {
		case "null":
			if v == nil {
				return true
			}
		case "boolean":
			if _, ok := v.(bool); ok {
				return true
			}
		case "string":
			if _, ok := v.(string); ok {
				return true
			}
		case "object":
			if _, ok := v.(map[string]any); ok {
				return true
			}
		case "array":
			if _, ok := v.([]any); ok {
				return true
			}
		case "number":
			if _, ok := v.(json.Number); ok {
				return true
			}
		case "integer":
			if x, ok := v.(json.Number); ok {
				if r := rat(x); r != nil && r.IsInt() {
					return true
				}
			}
		}
	}
	return false
}

func rat(x any) *big.Rat {
	r, ok := new(big.Rat).SetString(fmt.Sprint(x))
	if !ok {
		return nil
	}
	return r
}

func number(r *big.Rat) json.Number {
	if r.IsInt() {
		return json.Number(r.Num().String())
	}
	return json.Number(r.FloatString(20))
}

func atoi(x any) int {
	n, _ := strconv.Atoi(fmt.Sprint(x))
	return n
}

func asSlice(x any) []any {
	s, _ := x.([]any)
	return s
}

func sortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(mapKeys(m))
}

func drop(any) (any, bool) { return nil, false }

// apply returns a deep copy of doc with the value at toks replaced by mutate's result;
// mutate returning false deletes the member (or fails for an array item).
func apply(doc any, toks []string, mutate func(any) (any, bool)) (any, bool) {
	c := clone(doc)
	if len(toks) == 0 {
		nv, keep := mutate(c)
		return nv, keep
	}
	parent := c
	for _, t := range toks[:len(toks)-1] {
		switch x := parent.(type) {
		case map[string]any:
			parent = x[t]
		case []any:
			i, _ := strconv.Atoi(t)
			parent = x[i]
		}
	}
	last := toks[len(toks)-1]
	switch x := parent.(type) {
	case map[string]any:
		nv, keep := mutate(x[last])
		if keep {
			x[last] = nv
		} else {
			delete(x, last)
		}
	case []any:
		i, _ := strconv.Atoi(last)
		nv, keep := mutate(x[i])
		if !keep {
			return nil, false
		}
		x[i] = nv
	default:
		return nil, false
	}
	return c, true
}

// clone deep-copies a JSON tree.
func clone(v any) any {
	switch x := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[k] = clone(e)
		}
		return m
	case []any:
		a := make([]any, len(x))
		for i, e := range x {
			a[i] = clone(e)
		}
		return a
	}
	return v
}

// toInstance converts a tree decoded with encoding/json (json.Number) to what the independent
// validator reads (it accepts json.Number as well).
func toInstance(v any) any { return v }

// Decode decodes JSON text into a tree with json.Number numbers.
func Decode(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}

// Marshal writes a tree as compact JSON, keys sorted, without HTML escaping.
func Marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}
