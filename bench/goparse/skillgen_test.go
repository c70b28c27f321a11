//go:build skillgen

package goparse

import (
	"encoding/json"

	skill "github.com/skillgen/skillgen/gen/go"
)

func init() {
	register(impl{"skillgen", func(typeName string, data []byte) error {
		switch typeName {
		case "SkillDescriptor":
			_, err := skill.ParseSkillDescriptor(data)
			return err
		default:
			_, err := skill.ParseFindingsResponse(data)
			return err
		}
	}})
	register(impl{"unmarshal", func(typeName string, data []byte) error {
		switch typeName {
		case "SkillDescriptor":
			var v skill.SkillDescriptor
			return json.Unmarshal(data, &v)
		default:
			var v skill.FindingsResponse
			return json.Unmarshal(data, &v)
		}
	}})
}
