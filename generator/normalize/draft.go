package normalize

import (
	"fmt"
	"strings"
)

// Draft is a JSON Schema draft skillgen reads.
type Draft int

// The drafts, oldest first. The zero value is no draft (use a default).
const (
	Draft4    Draft = 4
	Draft6    Draft = 6
	Draft7    Draft = 7
	Draft2019 Draft = 2019
	Draft2020 Draft = 2020
)

// Drafts lists every draft, oldest first.
var Drafts = []Draft{Draft4, Draft6, Draft7, Draft2019, Draft2020}

// String names the draft as the specifications do: "draft-04" … "draft-07", "draft 2019-09",
// "draft 2020-12".
func (d Draft) String() string {
	switch d {
	case Draft4, Draft6, Draft7:
		return fmt.Sprintf("draft-%02d", int(d))
	case Draft2019:
		return "draft 2019-09"
	case Draft2020:
		return "draft 2020-12"
	}
	return fmt.Sprintf("draft(%d)", int(d))
}

// URI is the draft's metaschema URI, as a "$schema" names it.
func (d Draft) URI() string {
	switch d {
	case Draft4, Draft6, Draft7:
		return fmt.Sprintf("http://json-schema.org/draft-%02d/schema#", int(d))
	case Draft2019:
		return "https://json-schema.org/draft/2019-09/schema"
	case Draft2020:
		return "https://json-schema.org/draft/2020-12/schema"
	}
	return ""
}

// Folder is the draft's folder in the JSON Schema Test Suite ("draft4" … "draft2020-12").
func (d Draft) Folder() string {
	switch d {
	case Draft2019:
		return "draft2019-09"
	case Draft2020:
		return "draft2020-12"
	}
	return fmt.Sprintf("draft%d", int(d))
}

// FromURI returns the draft a "$schema" value names: the metaschema URI of a draft, over http or
// https, with or without an empty fragment. "http://json-schema.org/schema" (the latest draft)
// is draft 2020-12.
func FromURI(uri string) (Draft, bool) {
	u := strings.TrimSuffix(uri, "#")
	if rest, ok := strings.CutPrefix(u, "http://"); ok {
		u = rest
	} else if rest, ok := strings.CutPrefix(u, "https://"); ok {
		u = rest
	} else {
		return 0, false
	}
	switch u {
	case "json-schema.org/draft-04/schema":
		return Draft4, true
	case "json-schema.org/draft-06/schema":
		return Draft6, true
	case "json-schema.org/draft-07/schema":
		return Draft7, true
	case "json-schema.org/draft/2019-09/schema":
		return Draft2019, true
	case "json-schema.org/draft/2020-12/schema", "json-schema.org/schema":
		return Draft2020, true
	}
	return 0, false
}

// ParseDraft reads a draft as a user names it: "draft-07", "draft7", "7", "07", "2019-09",
// "draft2019-09", "2020-12", "draft 2020-12", or a metaschema URI.
func ParseDraft(s string) (Draft, error) {
	if d, ok := FromURI(s); ok {
		return d, nil
	}
	t := strings.ToLower(strings.TrimSpace(s))
	t = strings.TrimPrefix(t, "draft")
	t = strings.TrimLeft(t, "-_ ")
	switch t {
	case "4", "04":
		return Draft4, nil
	case "6", "06":
		return Draft6, nil
	case "7", "07":
		return Draft7, nil
	case "2019-09", "2019":
		return Draft2019, nil
	case "2020-12", "2020":
		return Draft2020, nil
	}
	return 0, fmt.Errorf("unknown draft %q (known: draft-04, draft-06, draft-07, 2019-09, 2020-12)", s)
}

// idKeyword is the keyword that gives a schema its URI in draft d.
func (d Draft) idKeyword() string {
	if d == Draft4 {
		return "id"
	}
	return "$id"
}

// refAlone reports whether, in draft d, a "$ref" makes its sibling keywords ignored.
func (d Draft) refAlone() bool { return d <= Draft7 }

// keywords are the keywords each draft gives a meaning beyond annotation: assertions,
// applicators and identifiers (what a validator of that draft compiles). A keyword of some
// draft that is not one of draft d's is ignored in d, as JSON Schema ignores unknown keywords.
var keywords = func() map[Draft]map[string]bool {
	common := strings.Fields(`$ref definitions not allOf anyOf oneOf properties
		additionalProperties patternProperties items dependencies type enum multipleOf maximum
		exclusiveMaximum minimum exclusiveMinimum minLength maxLength pattern minItems maxItems
		uniqueItems maxProperties minProperties required format`)
	add := map[Draft][]string{
		Draft4:    strings.Fields(`id additionalItems`),
		Draft6:    strings.Fields(`$id additionalItems contains propertyNames const`),
		Draft7:    strings.Fields(`$id additionalItems contains propertyNames const if then else contentMediaType contentEncoding`),
		Draft2019: strings.Fields(`$id additionalItems contains propertyNames const if then else contentMediaType contentEncoding $anchor $defs $recursiveRef $recursiveAnchor $vocabulary minContains maxContains dependentRequired dependentSchemas unevaluatedItems unevaluatedProperties contentSchema`),
		Draft2020: strings.Fields(`$id contains propertyNames const if then else contentMediaType contentEncoding $anchor $defs $dynamicRef $dynamicAnchor $vocabulary minContains maxContains dependentRequired dependentSchemas unevaluatedItems unevaluatedProperties contentSchema prefixItems`),
	}
	out := map[Draft]map[string]bool{}
	for _, d := range Drafts {
		m := map[string]bool{}
		for _, k := range common {
			m[k] = true
		}
		for _, k := range add[d] {
			m[k] = true
		}
		out[d] = m
	}
	return out
}()

// anyDraft holds the keywords of every draft.
var anyDraft = func() map[string]bool {
	m := map[string]bool{}
	for _, ks := range keywords {
		for k := range ks {
			m[k] = true
		}
	}
	return m
}()

// firstDraft returns the oldest draft that has keyword k, and the newest.
func keywordDrafts(k string) (first, last Draft) {
	for _, d := range Drafts {
		if keywords[d][k] {
			if first == 0 {
				first = d
			}
			last = d
		}
	}
	return first, last
}
