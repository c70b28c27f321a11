package crosscheck

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// Vector is one entry of a cross-language corpus (testdata/vectors/*.json): a document as
// text (so that invalid JSON and exact number literals survive), the type it is validated as,
// the verdict and the (pointer, keyword, message) list of the validator that wrote the corpus,
// in its order.
type Vector struct {
	Type     string     `json:"type"`
	Document string     `json:"document"`
	Valid    bool       `json:"valid"`
	Errors   []ErrorRef `json:"errors"`
	Note     string     `json:"note,omitempty"`
}

// vectorsPerGroup bounds the mutations kept for one (type, mutation kind).
const vectorsPerGroup = 4

// edgeVectors are hand-written documents: number literals, JSON syntax, key order, code points.
// The independent validator is not consulted where the note starts with "double:": it
// compares decimal literals exactly, while docs/validation.md decides on IEEE-754 doubles.
var edgeVectors = []struct{ typ, doc, note string }{
	{"GetSessionFindingsParams", `{}`, "every parameter optional"},
	{"GetSessionFindingsParams", `{"per_kind_limit": 5.0}`, "an integral number literal with a fraction part is an integer"},
	{"GetSessionFindingsParams", `{"per_kind_limit": 1e2}`, "exponent literal, integral"},
	{"GetSessionFindingsParams", `{"per_kind_limit": 10000.0000000000001}`, "double: rounds to 10000, an integer within the maximum"},
	{"GetSessionFindingsParams", `{"per_kind_limit": 10001}`, "above maximum"},
	{"GetSessionFindingsParams", `{"per_kind_limit": 5.5}`, "not an integer"},
	{"GetSessionFindingsParams", `{"per_kind_limit": -0}`, "negative zero is 0"},
	{"GetSessionFindingsParams", `{"per_kind_limit": 1E400}`, "outside the range of a double: json error"},
	{"GetSessionFindingsParams", `{"per_kind_limit": 5`, "truncated JSON"},
	{"GetSessionFindingsParams", ``, "empty document"},
	{"GetSessionFindingsParams", `{} {}`, "two documents"},
	{"GetSessionFindingsParams", `null`, "null document"},
	{"GetSessionFindingsParams", `{"include_summary": true, "session_key": ""}`, "empty session key"},
	{"ProtocolVersion", `{"version": "1.0.0", "version": "x"}`, "duplicate key: the last one wins"},
	{"ProtocolVersion", `{"version": "01.0.0"}`, "leading zero"},
	{"ProtocolVersion", ` {"version": "1.2.3"} `, "surrounding white space"},
	{"FindingsResponse", `{"findings": [], "total": 9007199254740993, "counts_by_kind": {}, "counts_by_severity": {}, "capped_kinds": [], "per_kind_limit": 5, "_meta": {"server_version": "1"}}`, "above 2^53-1: the double is 2^53, above the maximum"},
	{"FindingsResponse", `{"findings": [], "total": 0, "counts_by_kind": {}, "counts_by_severity": {"warn": 1, "bogus": 0}, "capped_kinds": ["a", "b", "a"], "per_kind_limit": 5, "identity_shared": false, "_meta": {}, "z": 1, "a": 2}`, "several errors: order of report"},
	{"Finding", `{"kind": "k", "severity": "info", "id": 123456789012345678901234567890}`, "payload integer beyond 2^53"},
	{"Finding", `{"kind": "` + strings.Repeat("\U0001F600", 200) + `", "severity": "warn"}`, "200 code points (400 UTF-16 units)"},
	{"Finding", `{"kind": "` + strings.Repeat("\U0001F600", 201) + `", "severity": "warn"}`, "201 code points"},
	{"Finding", `{"kind": "k~/x", "severity": "info", "a/b": {"c~d": 1}}`, "keys needing pointer escapes"},
	{"SkillIndex", `{"protocol": {"version": "1.0.0"}, "skills": [{"id": "a", "name": "A", "version": "1.0.0", "capability_type": "api", "access": "public", "descriptor_url": "a.json"}, {"id": "b", "name": "B", "version": "1.0.0", "capability_type": "api", "access": "public", "descriptor_url": "b.json"}, {"id": "a", "name": "C", "version": "1.0.0", "capability_type": "api", "access": "public", "descriptor_url": "c.json"}, {"id": "b", "name": "D", "version": "1.0.0", "capability_type": "api", "access": "public", "descriptor_url": "d.json"}]}`, "two ids repeated: x-unique-by at /skills/2/id and /skills/3/id"},
	{"InvocationResponse", `{"execution_id": "e", "status": "failed", "skill_id": "s", "timestamps": {"received": "2024-01-01T00:00:00Z", "completed": "2024-01-01T00:00:01Z"}}`, "failed without error, completed without started"},
}

// BuildVectors builds the Go corpus deterministically: valid instances of every located type
// (fixed seeds), the example documents, up to vectorsPerGroup mutations of each (type,
// mutation kind) from the examples and from arbitrary instances, and the edge documents.
// Every entry is checked against the independent validator: a verdict it does not share is
// an error.
func (s *Schema) BuildVectors(examples []Document) ([]Vector, error) {
	var out []Vector
	add := func(typ string, data []byte, note string) error {
		_, errs, err := s.GeneratedValidate(typ, data)
		if err != nil {
			return fmt.Errorf("%s %s: %v", typ, data, err)
		}
		indepValid := s.IndependentValidate(typ, data) == nil
		if indepValid != (errs == nil) && !strings.HasPrefix(note, "double:") {
			return fmt.Errorf("%s %s: independent valid=%v, generated errors %v", typ, data, indepValid, errs)
		}
		if errs == nil {
			errs = []ErrorRef{}
		}
		out = append(out, Vector{Type: typ, Document: string(data), Valid: len(errs) == 0, Errors: errs, Note: note})
		return nil
	}
	for _, typ := range s.LocatedTypes() {
		docs, err := s.ArbitraryDocuments(typ, 1000, 3)
		if err != nil {
			return nil, err
		}
		for _, d := range docs {
			if err := add(typ, d.Data, "valid: "+d.Origin); err != nil {
				return nil, err
			}
		}
	}
	starts := append([]Document(nil), examples...)
	for _, d := range examples {
		if err := add(d.Type, d.Data, "valid: example "+d.Origin); err != nil {
			return nil, err
		}
	}
	for _, typ := range s.TopLevelTypes() {
		docs, err := s.ArbitraryDocuments(typ, 2000, 5)
		if err != nil {
			return nil, err
		}
		starts = append(starts, docs...)
	}
	taken := map[string]int{}
	for _, d := range starts {
		tree, err := Decode(d.Data)
		if err != nil {
			return nil, err
		}
		muts, err := s.Mutations(d.Type, tree)
		if err != nil {
			return nil, err
		}
		for _, m := range muts {
			key := d.Type + " " + m.Kind
			if taken[key] >= vectorsPerGroup || len(m.Data) > 3000 {
				continue
			}
			taken[key]++
			if err := add(d.Type, m.Data, fmt.Sprintf("%s at %q of %s", m.Kind, m.Site, d.Origin)); err != nil {
				return nil, err
			}
		}
	}
	for _, e := range edgeVectors {
		if err := add(e.typ, []byte(e.doc), e.note); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// EncodeVectors writes a corpus as indented JSON, one member per line, without HTML escaping.
func EncodeVectors(vs []Vector) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(vs); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// CompareVector validates a corpus entry with the generated package and returns "" when the
// verdict and the (pointer, keyword, message) list are exactly the entry's (messages of keyword
// json aside).
func (s *Schema) CompareVector(v Vector) string {
	_, errs, err := s.GeneratedValidate(v.Type, []byte(v.Document))
	if err != nil {
		return fmt.Sprintf("generated package fails: %v", err)
	}
	if (errs == nil) != v.Valid {
		return fmt.Sprintf("verdict: corpus valid=%v, Go valid=%v, Go errors %v", v.Valid, errs == nil, errs)
	}
	if len(errs) != len(v.Errors) {
		return fmt.Sprintf("errors: corpus %v, Go %v", v.Errors, errs)
	}
	for i, got := range errs {
		want := v.Errors[i]
		if got.Keyword == "json" && want.Keyword == "json" {
			got.Message, want.Message = "", ""
		}
		if got != want {
			return fmt.Sprintf("error %d: corpus %v, Go %v (corpus %v, Go %v)", i, want, got, v.Errors, errs)
		}
	}
	return ""
}
