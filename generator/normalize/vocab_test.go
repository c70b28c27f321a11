package normalize

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const vocab2020 = "https://json-schema.org/draft/2020-12/vocab/"

func TestReadVocabulary(t *testing.T) {
	for _, c := range []struct {
		name, vocab string
		want        Dialect
		err         string
	}{
		{"known vocabularies, required or not", `{"` + vocab2020 + `core": true, "` + vocab2020 + `applicator": false}`,
			Dialect{Draft: Draft2020, Vocabularies: []string{vocab2020 + "applicator", vocab2020 + "core"}}, ""},
		{"an optional unknown vocabulary is left out", `{"` + vocab2020 + `core": true, "http://example.com/vocab/custom": false}`,
			Dialect{Draft: Draft2020, Vocabularies: []string{vocab2020 + "core"}}, ""},
		{"a required unknown vocabulary is refused with its URI", `{"` + vocab2020 + `core": true, "http://example.com/vocab/custom": true}`,
			Dialect{}, `requires the vocabulary http://example.com/vocab/custom, which skillgen does not know`},
		{"format-assertion, even optional, asserts formats", `{"` + vocab2020 + `core": true, "` + vocab2020 + `format-assertion": false}`,
			Dialect{Draft: Draft2020, Vocabularies: []string{vocab2020 + "core", vocab2020 + "format-assertion"}, AssertFormat: true}, ""},
		{"another draft's vocabulary is unknown", `{"https://json-schema.org/draft/2019-09/vocab/core": true}`,
			Dialect{}, `requires the vocabulary https://json-schema.org/draft/2019-09/vocab/core`},
	} {
		got, err := ReadVocabulary(Draft2020, parse(t, c.vocab))
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: error %v, want %q", c.name, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", c.name, diff)
		}
	}
	// 2019-09: the format vocabulary asserts when required, not when optional.
	for _, required := range []bool{true, false} {
		v := `{"https://json-schema.org/draft/2019-09/vocab/format": ` + map[bool]string{true: "true", false: "false"}[required] + `}`
		got, err := ReadVocabulary(Draft2019, parse(t, v))
		if err != nil || got.AssertFormat != required {
			t.Errorf("2019-09 format vocabulary required=%v: AssertFormat %v, err %v", required, got.AssertFormat, err)
		}
	}
}

func TestVocabularyKeywordsOff(t *testing.T) {
	dl := Dialect{Draft: Draft2020, Vocabularies: []string{vocab2020 + "core", vocab2020 + "applicator"}}
	doc, findings := NormalizeDialect(parse(t, `{"properties": {"n": {"minimum": 10, "type": "number"}}, "definitions": {"d": {}}}`), dl)
	want := `{"properties":{"n":{"x-skillgen-ignored":{"minimum":10,"type":"number"}}},"$defs":{"d":{}}}`
	if got := render(doc.Root); got != want {
		t.Errorf("canonical form:\n got %s\nwant %s", got, want)
	}
	var msgs []string
	for _, f := range findings {
		msgs = append(msgs, f.Pointer+": "+f.Message)
	}
	if diff := cmp.Diff([]string{
		`/properties/n/minimum: "minimum" is not a keyword of the vocabularies the metaschema lists ("$vocabulary"): ignored`,
		`/properties/n/type: "type" is not a keyword of the vocabularies the metaschema lists ("$vocabulary"): ignored`,
	}, msgs); diff != "" {
		t.Errorf("findings (-want +got):\n%s", diff)
	}
}

func TestFormatCheckers(t *testing.T) {
	runRule(t, "format-checkers", []ruleCase{
		// The 2020-12 definition: nothing added.
		{draft: Draft2020, in: `{"format": "relative-json-pointer"}`, want: `{"format": "relative-json-pointer"}`},
		// Drafts 7 and 2019-09 define it without index manipulation.
		// Drafts 4, 6 and 7 mark format as asserted by default (their validators assert it).
		{draft: Draft7, in: `{"format": "relative-json-pointer"}`, want: `{"format": "relative-json-pointer", "x-skillgen-format-checker": "relative-json-pointer@draft7", "x-skillgen-format-draft-asserts": true}`},
		{draft: Draft2019, in: `{"format": "relative-json-pointer"}`, want: `{"format": "relative-json-pointer", "x-skillgen-format-checker": "relative-json-pointer@draft7"}`},
		// Draft-04 has no uuid format: an annotation whatever is asked.
		{draft: Draft4, in: `{"format": "uuid"}`, want: `{"format": "uuid", "x-skillgen-format-checker": "", "x-skillgen-format-draft-asserts": true}`},
		{draft: Draft6, in: `{"format": "email"}`, want: `{"format": "email", "x-skillgen-format-draft-asserts": true}`},
		// Unknown formats have no checker.
		{draft: Draft7, in: `{"format": "x-custom"}`, want: `{"format": "x-custom", "x-skillgen-format-draft-asserts": true}`},
		{draft: Draft2019, in: `{"format": "date"}`, want: `{"format": "date"}`},
	})
	// The format-assertion vocabulary; the members added point at the user's "format".
	dl := Dialect{Draft: Draft2020, Vocabularies: []string{vocab2020 + "format-assertion"}, AssertFormat: true}
	doc, _ := NormalizeDialect(parse(t, `{"format": "date"}`), dl)
	if got, want := render(doc.Root), `{"format":"date","x-skillgen-format-assert":true}`; got != want {
		t.Errorf("format-assertion vocabulary:\n got %s\nwant %s", got, want)
	}
	if u := doc.UserPointer("/" + FormatAssert); u != "/format" {
		t.Errorf("%s is at user pointer %q, want /format", FormatAssert, u)
	}
}
