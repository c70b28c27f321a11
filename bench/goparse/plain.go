package goparse

import (
	"errors"

	gojson "github.com/goccy/go-json"

	"github.com/skillgen/skillgen/bench/goparse/gojsplain"
)

// errUnsupported: an implementation has no code for a document's type (go-jsonschema's
// generated code covers SkillDescriptor and FindingsResponse only); the benchmark skips it.
var errUnsupported = errors.New("no code for this type")

// PlainSkillIndex is a SkillIndex as plain structs with no methods, written by hand in the
// shape go-jsonschema's --only-models gives the other types (it is not run on SkillIndex.json).
type PlainSkillIndex struct {
	Protocol gojsplain.ProtocolVersion `json:"protocol"`
	Provider *gojsplain.Provider       `json:"provider,omitempty"`
	Skills   []PlainSkillIndexEntry    `json:"skills"`
}

// PlainSkillIndexEntry is one entry of PlainSkillIndex.
type PlainSkillIndexEntry struct {
	ID             string  `json:"id"`
	Name           string  `json:"name"`
	Version        string  `json:"version"`
	CapabilityType string  `json:"capability_type"`
	Access         string  `json:"access"`
	Description    *string `json:"description,omitempty"`
	DescriptorURL  string  `json:"descriptor_url"`
}

// plainInto decodes data into the plain struct of typeName with unmarshal.
func plainInto(unmarshal func([]byte, any) error, typeName string, data []byte) error {
	switch typeName {
	case "SkillDescriptor":
		var v gojsplain.SkillDescriptor
		return unmarshal(data, &v)
	case "FindingsResponse":
		var v gojsplain.FindingsResponse
		return unmarshal(data, &v)
	default:
		var v PlainSkillIndex
		return unmarshal(data, &v)
	}
}

// parseGoccy decodes into the plain structs with github.com/goccy/go-json, no validation.
func parseGoccy(typeName string, data []byte) error {
	return plainInto(gojson.Unmarshal, typeName, data)
}

// parseScan reads every byte of the document once, allocating nothing: strings (escapes
// skipped over), nesting, and nothing else. The speed of reading the bytes at all.
func parseScan(_ string, data []byte) error {
	depth := 0
	for i := 0; i < len(data); i++ {
		switch data[i] {
		case '"':
			for i++; i < len(data) && data[i] != '"'; i++ {
				if data[i] == '\\' {
					i++
				}
			}
		case '{', '[':
			depth++
		case '}', ']':
			depth--
		}
	}
	if depth != 0 {
		return errors.New("unbalanced")
	}
	return nil
}
