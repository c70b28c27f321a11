package normalize

import (
	"fmt"
	"sort"
	"strings"

	"github.com/skillgen/skillgen/generator/formats"
	"github.com/skillgen/skillgen/generator/ojson"
)

// Dialect is how a schema document is read: its draft and, when its metaschema declares
// "$vocabulary", the vocabularies it turns on.
type Dialect struct {
	Draft Draft
	// Vocabularies are the URIs of the vocabularies the metaschema lists (required or not)
	// that skillgen knows; nil means every vocabulary of the draft (a draft's own metaschema).
	Vocabularies []string
	// AssertFormat is set when the metaschema lists the format-assertion vocabulary (2020-12)
	// or requires the format vocabulary (2019-09): "format" is then an assertion.
	AssertFormat bool
}

// The members the format rule adds beside "format" (the builder reads them; the emitters
// never see a draft):
const (
	// FormatChecker names the checker of the format (formats.Format.Key) when the draft's
	// definition of the format is not draft 2020-12's; "" when the draft defines no such format.
	FormatChecker = "x-skillgen-format-checker"
	// FormatAssert is true when the schema's vocabularies make "format" an assertion.
	FormatAssert = "x-skillgen-format-assert"
	// FormatDraftAsserts is true in a schema of draft-04, -06 or -07, whose "format" the
	// trusted validators (santhosh-tekuri/jsonschema, ajv with ajv-formats) assert by default:
	// the builder asserts it unless told not to (build.FormatAnnotation).
	FormatDraftAsserts = "x-skillgen-format-draft-asserts"
)

// vocabularyKeywords are the keywords of each vocabulary of 2019-09 and 2020-12.
var vocabularyKeywords = map[string]string{
	"https://json-schema.org/draft/2020-12/vocab/core":              `$id $schema $ref $anchor $dynamicRef $dynamicAnchor $vocabulary $comment $defs`,
	"https://json-schema.org/draft/2020-12/vocab/applicator":        `prefixItems items contains additionalProperties properties patternProperties dependentSchemas propertyNames if then else allOf anyOf oneOf not`,
	"https://json-schema.org/draft/2020-12/vocab/unevaluated":       `unevaluatedItems unevaluatedProperties`,
	"https://json-schema.org/draft/2020-12/vocab/validation":        `type const enum multipleOf maximum exclusiveMaximum minimum exclusiveMinimum maxLength minLength pattern maxItems minItems uniqueItems maxContains minContains maxProperties minProperties required dependentRequired`,
	"https://json-schema.org/draft/2020-12/vocab/meta-data":         `title description default deprecated readOnly writeOnly examples`,
	"https://json-schema.org/draft/2020-12/vocab/format-annotation": `format`,
	"https://json-schema.org/draft/2020-12/vocab/format-assertion":  `format`,
	"https://json-schema.org/draft/2020-12/vocab/content":           `contentEncoding contentMediaType contentSchema`,
	"https://json-schema.org/draft/2019-09/vocab/core":              `$id $schema $anchor $ref $recursiveRef $recursiveAnchor $vocabulary $comment $defs`,
	"https://json-schema.org/draft/2019-09/vocab/applicator":        `additionalItems unevaluatedItems items contains additionalProperties unevaluatedProperties properties patternProperties dependentSchemas propertyNames if then else allOf anyOf oneOf not`,
	"https://json-schema.org/draft/2019-09/vocab/validation":        `type const enum multipleOf maximum exclusiveMaximum minimum exclusiveMinimum maxLength minLength pattern maxItems minItems uniqueItems maxContains minContains maxProperties minProperties required dependentRequired`,
	"https://json-schema.org/draft/2019-09/vocab/meta-data":         `title description default deprecated readOnly writeOnly examples`,
	"https://json-schema.org/draft/2019-09/vocab/format":            `format`,
	"https://json-schema.org/draft/2019-09/vocab/content":           `contentEncoding contentMediaType contentSchema`,
}

// ReadVocabulary reads the "$vocabulary" of a metaschema of draft d (2019-09 or 2020-12): the
// vocabularies it lists that skillgen knows are turned on, an optional one (false) that
// skillgen does not know is left out, and a required one (true) it does not know is an error
// naming its URI, as the specifications require.
func ReadVocabulary(d Draft, v *ojson.Value) (Dialect, error) {
	dl := Dialect{Draft: d, Vocabularies: []string{}}
	if v.Kind != ojson.Object {
		return dl, fmt.Errorf("\"$vocabulary\" must be an object")
	}
	prefix := "https://json-schema.org/draft/2020-12/vocab/"
	if d == Draft2019 {
		prefix = "https://json-schema.org/draft/2019-09/vocab/"
	}
	var unknown []string
	for _, m := range v.Members {
		required := m.Value.Kind == ojson.Bool && m.Value.Bool
		if _, ok := vocabularyKeywords[m.Key]; !ok || !strings.HasPrefix(m.Key, prefix) {
			if required {
				unknown = append(unknown, m.Key)
			}
			continue
		}
		dl.Vocabularies = append(dl.Vocabularies, m.Key)
		switch m.Key {
		case prefix + "format-assertion":
			dl.AssertFormat = true
		case prefix + "format":
			dl.AssertFormat = dl.AssertFormat || required
		}
	}
	if len(unknown) > 0 {
		return dl, fmt.Errorf("requires the vocabulary %s, which skillgen does not know (\"$vocabulary\")", strings.Join(unknown, ", "))
	}
	sort.Strings(dl.Vocabularies)
	return dl, nil
}

// off returns the keywords of the dialect's draft that its vocabularies leave out (nil when
// every vocabulary is on). Keywords of no vocabulary ("definitions", "dependencies") stay on.
func (dl Dialect) off() map[string]bool {
	if dl.Vocabularies == nil || dl.Draft < Draft2019 {
		return nil
	}
	on := map[string]bool{}
	for _, uri := range dl.Vocabularies {
		for _, k := range strings.Fields(vocabularyKeywords[uri]) {
			on[k] = true
		}
	}
	out := map[string]bool{}
	for uri, ks := range vocabularyKeywords {
		if (dl.Draft == Draft2019) != strings.Contains(uri, "/2019-09/") {
			continue
		}
		for _, k := range strings.Fields(ks) {
			if !on[k] && k != "$schema" && k != "$id" {
				out[k] = true
			}
		}
	}
	return out
}

// formatDraft is the draft as package formats numbers it.
func (d Draft) formatDraft() formats.Draft {
	switch d {
	case Draft4:
		return formats.Draft4
	case Draft6:
		return formats.Draft6
	case Draft7:
		return formats.Draft7
	case Draft2019:
		return formats.Draft2019
	}
	return formats.Draft2020
}

// formatCheckers: "format" names the same format in every draft, but not always with the same
// rules (relative-json-pointer gained index manipulation in 2020-12), and a draft defines only
// the formats of its time. When the draft's checker is not draft 2020-12's, the member
// FormatChecker names it ("" when the draft defines no such format); when the vocabularies
// make format an assertion, FormatAssert is true; in a schema of draft-04, -06 or -07,
// FormatDraftAsserts is true.
func formatCheckers(o *object) {
	i := o.find("format")
	if i < 0 || o.members[i].value.Kind != ojson.String {
		return
	}
	name := o.members[i].value.Str
	mine, ok := formats.Lookup(o.draft.formatDraft(), name)
	latest, known := formats.Lookup(formats.Draft2020, name)
	at := i + 1
	if known && (!ok || mine.Key() != latest.Key()) {
		key := ""
		if ok {
			key = mine.Key()
		}
		o.insert(at, member{key: FormatChecker, value: &ojson.Value{Kind: ojson.String, Str: key}, from: o.members[i].from})
		at++
	}
	if o.assertFormat {
		o.insert(at, member{key: FormatAssert, value: &ojson.Value{Kind: ojson.Bool, Bool: true}, from: o.members[i].from})
		at++
	}
	if o.draft <= Draft7 {
		o.insert(at, member{key: FormatDraftAsserts, value: &ojson.Value{Kind: ojson.Bool, Bool: true}, from: o.members[i].from})
	}
}
