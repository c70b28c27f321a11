//go:build skillgen

package goparse

import (
	"encoding/json"
	"fmt"
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

// codecDocs are the documents of the MarshalJSON and Validate benchmarks: Docs and a skill
// index of 40,000 entries (13 MB).
func codecDocs() []Doc {
	return append(Docs(), Doc{"SkillIndex-40000", "SkillIndex", SkillIndexDoc(40000)})
}

// codecValue is a document decoded by ParseT, with its Validate, and into the plain struct.
type codecValue struct {
	Doc
	value interface {
		json.Marshaler
		Validate() error
	}
	plain any
}

func decodeCodecDocs() ([]codecValue, error) {
	var out []codecValue
	for _, d := range codecDocs() {
		c := codecValue{Doc: d}
		var err error
		switch d.Type {
		case "SkillDescriptor":
			c.value, c.plain, err = decodeBoth[gojsplain.SkillDescriptor](d.Data, skill.ParseSkillDescriptor)
		case "SkillIndex":
			c.value, c.plain, err = decodeBoth[PlainSkillIndex](d.Data, skill.ParseSkillIndex)
		default:
			c.value, c.plain, err = decodeBoth[gojsplain.FindingsResponse](d.Data, skill.ParseFindingsResponse)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", d.Name, err)
		}
		out = append(out, c)
	}
	return out, nil
}

// BenchmarkMarshal times value → bytes, as BenchmarkMarshal/<document>/<implementation>:
// the generated MarshalJSON of the value ParseT returns ("skillgen"), json.Marshal of the same
// value ("json.Marshal", which calls MarshalJSON and then checks and compacts its output), and
// json.Marshal of go-jsonschema's plain structs decoded from the same document
// ("plain-struct", reflection with no methods at all).
func BenchmarkMarshal(b *testing.B) {
	docs, err := decodeCodecDocs()
	if err != nil {
		b.Fatal(err)
	}
	for _, d := range docs {
		run := func(name string, f func() ([]byte, error)) {
			b.Run(d.Name+"/"+name, func(b *testing.B) {
				out, err := f()
				if err != nil {
					b.Fatal(err)
				}
				b.SetBytes(int64(len(out)))
				b.ReportAllocs()
				b.ResetTimer()
				start := cpuTime()
				for b.Loop() {
					if _, err := f(); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
			})
		}
		run("skillgen", d.value.MarshalJSON)
		run("json.Marshal", func() ([]byte, error) { return json.Marshal(d.value) })
		run("plain-struct", func() ([]byte, error) { return json.Marshal(d.plain) })
	}
}

// BenchmarkValidate times the generated Validate of the value ParseT returns, as
// BenchmarkValidate/<document>/skillgen (MB/s is the document's size).
func BenchmarkValidate(b *testing.B) {
	docs, err := decodeCodecDocs()
	if err != nil {
		b.Fatal(err)
	}
	for _, d := range docs {
		b.Run(d.Name+"/skillgen", func(b *testing.B) {
			if err := d.value.Validate(); err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(d.Data)))
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				if err := d.value.Validate(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestValidateAllocatesNothing checks that Validate of every benchmark document's value
// allocates nothing (it walks the Go value; the documents are valid).
func TestValidateAllocatesNothing(t *testing.T) {
	docs, err := decodeCodecDocs()
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range docs {
		if err := d.value.Validate(); err != nil {
			t.Fatalf("%s: %v", d.Name, err)
		}
		if n := testing.AllocsPerRun(3, func() { _ = d.value.Validate() }); n != 0 {
			t.Errorf("%s: Validate allocates %v times", d.Name, n)
		}
	}
}

// decodeBoth decodes data with the generated parser and into the plain struct P.
func decodeBoth[P any, T interface {
	json.Marshaler
	Validate() error
}](data []byte, parse func([]byte) (T, error)) (interface {
	json.Marshaler
	Validate() error
}, any, error) {
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
