package schemafuzz

import "fmt"

// Draft is a JSON Schema draft a schema is written in.
type Draft int

// The drafts the generator writes. Schemas are generated with draft 2020-12 semantics and
// keyword spellings, restricted to what the target draft can say, and then rendered in the
// target draft's spelling (render.go).
const (
	Draft04 Draft = iota
	Draft06
	Draft07
	Draft2019
	Draft2020
)

// Drafts lists every draft, oldest first.
var Drafts = []Draft{Draft04, Draft06, Draft07, Draft2019, Draft2020}

var draftInfo = [...]struct{ name, uri string }{
	Draft04:   {"draft-04", "http://json-schema.org/draft-04/schema#"},
	Draft06:   {"draft-06", "http://json-schema.org/draft-06/schema#"},
	Draft07:   {"draft-07", "http://json-schema.org/draft-07/schema#"},
	Draft2019: {"2019-09", "https://json-schema.org/draft/2019-09/schema"},
	Draft2020: {"2020-12", "https://json-schema.org/draft/2020-12/schema"},
}

func (d Draft) String() string { return draftInfo[d].name }

// URI is the draft's metaschema URI, the value of "$schema".
func (d Draft) URI() string { return draftInfo[d].uri }

// ParseDraft reads a draft's name ("2020-12", "draft-07" …).
func ParseDraft(s string) (Draft, error) {
	for _, d := range Drafts {
		if d.String() == s {
			return d, nil
		}
	}
	return 0, fmt.Errorf("unknown draft %q (known: draft-04, draft-06, draft-07, 2019-09, 2020-12)", s)
}

// has reports whether the draft has a keyword that no rendering can write with the draft's own
// keywords. Keywords every draft can express in its own spelling ($defs, prefixItems,
// dependentRequired, dependentSchemas, const, $anchor, numeric exclusive bounds, boolean
// schemas) are always available.
func (d Draft) has(keyword string) bool {
	switch keyword {
	case "contains", "propertyNames":
		return d >= Draft06
	case "if":
		return d >= Draft07
	case "minContains", "maxContains", "unevaluatedProperties", "unevaluatedItems":
		return d >= Draft2019
	}
	return true
}
