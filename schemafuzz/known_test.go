package schemafuzz

import "strings"

// knownBugs are the bugs of skillgen the fuzzer found and that are not fixed yet, each with
// the replay case in testdata/cases that shows it. A failure that one of them matches is
// reported as known, not as a failure; TestReplay fails when a listed case passes, so that the
// list stays true. Remove an entry with the fix that makes its case pass.
// (none at present)
var knownBugs = []Known{}

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
		// contains is not checked on an array shorter than prefixItems (array-form items)
		// once a prefix schema asserts something: {"prefixItems": [{"type": "object"}],
		// "contains": {"type": "string"}} takes [], and {"prefixItems": [{}, {"type":
		// "string"}], "contains": {"minimum": 10}} takes [7].
		Name: "prefix-items-contains-short-array",
		Match: func(s *Schema, doc *Value) bool {
			longest := 0
			anySchema(s, func(v *Value) bool {
				if p := v.Get("prefixItems"); p != nil && v.Has("contains") {
					longest = max(longest, len(p.Arr))
				}
				return false
			})
			return anyValue(doc, func(v *Value) bool { return v.Kind == Array && len(v.Arr) < longest })
		},
	},
	{
		// contains counts as evaluating every item, not only those it matched, and also
		// in a branch that failed: {"contains": {"type": "string"}, "unevaluatedItems":
		// {"type": "array"}} takes [null, "x"], where null is evaluated by nothing and is not
		// an array; {"unevaluatedItems": false, "anyOf": [{"oneOf": [{"contains": {"type":
		// "array"}}]}, {}]} takes ["x"].
		Name: "contains-evaluates-every-item",
		Match: func(s *Schema, doc *Value) bool {
			return hasKeywords(s, "contains", "unevaluatedItems") && hasNonEmpty(doc, Array)
		},
	},
	{
		// With "minContains": 0, contains evaluates no item: {"contains": {"type": "array"},
		// "minContains": 0, "unevaluatedItems": false} refuses [[1]], whose item contains
		// matched.
		Name: "min-contains-zero-evaluates-nothing",
		Match: func(s *Schema, doc *Value) bool {
			return anySchema(s, func(v *Value) bool { m := v.Get("minContains"); return m != nil && m.Str == "0" }) &&
				hasKeywords(s, "unevaluatedItems") && hasNonEmpty(doc, Array)
		},
	},
	{
		// An object schema with dependentSchemas forgets what its own properties evaluated,
		// whether or not the dependent member is there: {"dependentSchemas": {"x":
		// {"properties": {"p1": {}}}}, "unevaluatedProperties": false, "properties": {"kind":
		// {}}} refuses {"kind": 1}.
		Name: "dependent-schemas-forget-evaluated",
		Match: func(s *Schema, doc *Value) bool {
			return hasKeywords(s, "dependentSchemas", "unevaluatedProperties") && hasNonEmpty(doc, Object)
		},
	},
	{
		// With items in an in-place applicator (anyOf, oneOf, if) beside unevaluatedItems, the
		// loop of unevaluatedItems checks the item at index `true` (undefined) when the branch
		// evaluated every item: {"unevaluatedItems": {"type": "string"}, "anyOf": [{"items":
		// {}}]} refuses ["a", "b"] with an error at "/true".
		Name: "unevaluated-items-index-true",
		Match: func(s *Schema, doc *Value) bool {
			return hasKeywords(s, "unevaluatedItems", "items") &&
				(hasKeywords(s, "anyOf") || hasKeywords(s, "oneOf") || hasKeywords(s, "if")) &&
				anyValue(doc, func(v *Value) bool { return v.Kind == Array && len(v.Arr) > 1 })
		},
	},
	{
		// A failed if keeps what it evaluated: {"unevaluatedProperties": false, "if":
		// {"additionalProperties": false}, "then": {"type": "number"}} takes {"a": 1}, whose
		// member only the failed if evaluated (a schema that fails gives no annotations); the
		// same with unevaluatedItems ({"if": {"items": {"type": "string"}}} and [1]) and with
		// else in place of then.
		Name: "failed-if-evaluates",
		Match: func(s *Schema, doc *Value) bool {
			return hasKeywords(s, "if") && (hasKeywords(s, "unevaluatedProperties") && hasNonEmpty(doc, Object) ||
				hasKeywords(s, "unevaluatedItems") && hasNonEmpty(doc, Array))
		},
	},
	{
		// The validator throws a ReferenceError ("props0 is not defined") where not sits beside
		// an applicator whose branch evaluates properties (patternProperties,
		// additionalProperties): {"dependentSchemas": {"7": {"oneOf": [{"additionalProperties":
		// true}], "not": true}}} on {}, and (2019-09) {"anyOf": [{}, {"oneOf": [{"allOf":
		// [{"not": {}, "allOf": [{"patternProperties": {"^x-": {}}}]}]}]}]} on "x".
		Name: "not-beside-evaluated-properties-throws",
		Ajv:  "throws: props",
		Match: func(s *Schema, doc *Value) bool {
			return hasKeywords(s, "not") && (hasKeywords(s, "patternProperties") || hasKeywords(s, "additionalProperties"))
		},
	},
	{
		// The validator throws (TypeError: Cannot set properties of undefined) on a member
		// that patternProperties matches where something after it tracks the evaluated
		// properties: a reference back to the root, or unevaluatedProperties in a branch:
		// {"contains": {"properties": {"a": {"properties": {"x": {"$ref": "#",
		// "patternProperties": {"^[a-c]*$": {}}}}}}}} on [{"a": {"x": {"": {}}}}],
		// {"properties": {"x-a": {"patternProperties": {"^x-": {}}, "if": {"type": "number"},
		// "then": {"$ref": "#"}}}} on {"x-a": {"x-a": {}}}, and {"patternProperties": {"^x-":
		// true}, "anyOf": [true, {"unevaluatedProperties": false}]} on {"x-a": 1}.
		Name: "pattern-properties-cannot-set-throws",
		Ajv:  "throws: Cannot set properties of undefined",
		Match: func(s *Schema, doc *Value) bool {
			return hasKeywords(s, "patternProperties") && (hasKeywords(s, "unevaluatedProperties") ||
				anySchema(s, func(v *Value) bool { r := v.Get("$ref"); return r != nil && r.Str == "#" }))
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

// hasKeywords reports whether each keyword is in some schema object of s (not necessarily
// the same one).
func hasKeywords(s *Schema, keywords ...string) bool {
	for _, k := range keywords {
		if !anySchema(s, func(v *Value) bool { return v.Has(k) }) {
			return false
		}
	}
	return true
}

// hasNonEmpty reports whether v or a value inside it is an array or object (kind) with
// something in it.
func hasNonEmpty(v *Value, kind Kind) bool {
	return anyValue(v, func(v *Value) bool { return v.Kind == kind && len(v.Arr)+len(v.Obj) > 0 })
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
