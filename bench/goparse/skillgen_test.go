//go:build skillgen

package goparse

import (
	"encoding/json"
	"testing"

	"github.com/skillgen/skillgen/bench/goparse/gojsplain"
	skill "github.com/skillgen/skillgen/gen/go"
)

func init() {
	register(impl{"skillgen", func(typeName string, data []byte) error {
		switch typeName {
		case "SkillDescriptor":
			_, err := skill.ParseSkillDescriptor(data)
			return err
		case "FindingsResponse":
			_, err := skill.ParseFindingsResponse(data)
			return err
		default:
			_, err := skill.ParseSkillIndex(data)
			return err
		}
	}})
	register(impl{"unmarshal", func(typeName string, data []byte) error {
		switch typeName {
		case "SkillDescriptor":
			var v skill.SkillDescriptor
			return json.Unmarshal(data, &v)
		case "FindingsResponse":
			var v skill.FindingsResponse
			return json.Unmarshal(data, &v)
		default:
			var v skill.SkillIndex
			return json.Unmarshal(data, &v)
		}
	}})
}

// BenchmarkMarshal times value → bytes, as BenchmarkMarshal/<document>/<implementation>:
// the generated MarshalJSON of the value ParseT returns ("skillgen"), json.Marshal of the same
// value ("json.Marshal", which calls MarshalJSON and then checks and compacts its output), and
// json.Marshal of go-jsonschema's plain structs decoded from the same document
// ("plain-struct", reflection with no methods at all).
func BenchmarkMarshal(b *testing.B) {
	for _, d := range Docs() {
		var sg json.Marshaler
		var plainValue any
		var err error
		switch d.Type {
		case "SkillDescriptor":
			sg, plainValue, err = decodeBoth[gojsplain.SkillDescriptor](d.Data, skill.ParseSkillDescriptor)
		default:
			sg, plainValue, err = decodeBoth[gojsplain.FindingsResponse](d.Data, skill.ParseFindingsResponse)
		}
		if err != nil {
			b.Fatal(err)
		}
		run := func(name string, f func() ([]byte, error)) {
			b.Run(d.Name+"/"+name, func(b *testing.B) {
				out, err := f()
				if err != nil {
					b.Fatal(err)
				}
				b.SetBytes(int64(len(out)))
				b.ReportAllocs()
				b.ResetTimer()
				for b.Loop() {
					if _, err := f(); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
		run("skillgen", sg.MarshalJSON)
		run("json.Marshal", func() ([]byte, error) { return json.Marshal(sg) })
		run("plain-struct", func() ([]byte, error) { return json.Marshal(plainValue) })
	}
}

// decodeBoth decodes data with the generated parser and into the plain struct P.
func decodeBoth[P any, T json.Marshaler](data []byte, parse func([]byte) (T, error)) (json.Marshaler, any, error) {
	v, err := parse(data)
	if err != nil {
		return nil, nil, err
	}
	var p P
	if err := json.Unmarshal(data, &p); err != nil {
		return nil, nil, err
	}
	return v, p, nil
}
