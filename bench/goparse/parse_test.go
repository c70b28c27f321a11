package goparse

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"sort"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/skillgen/skillgen/bench/goparse/gojs"
	"github.com/skillgen/skillgen/schema"
)

// parser turns the bytes of a document of one type into a (validated) value.
type parser func(typeName string, data []byte) error

type impl struct {
	name  string
	parse parser
}

// impls, in report order. skillgen_test.go (build tag skillgen, set by bench/run.sh when
// gen/go exists) adds "skillgen" and "unmarshal".
var impls = []impl{
	{"jsonschema", parseOracle},
	{"go-jsonschema", parseGoJSONSchema},
	{"plain-struct", parsePlain},
	{"goccy", parseGoccy},
	{"scan", parseScan},
}

func register(i impl) {
	impls = append(impls, i)
	rank := map[string]int{"skillgen": 0, "unmarshal": 1, "jsonschema": 2, "go-jsonschema": 3, "plain-struct": 4, "goccy": 5, "scan": 6}
	sort.SliceStable(impls, func(a, b int) bool { return rank[impls[a].name] < rank[impls[b].name] })
}

const schemaBase = "https://skillgen.dev/schema/v1/"

var oracle = sync.OnceValues(func() (map[string]*jsonschema.Schema, error) {
	c := jsonschema.NewCompiler()
	err := fs.WalkDir(schema.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".json") {
			return err
		}
		b, err := fs.ReadFile(schema.FS, p)
		if err != nil {
			return err
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err != nil {
			return err
		}
		return c.AddResource(schemaBase+p, doc)
	})
	if err != nil {
		return nil, err
	}
	out := map[string]*jsonschema.Schema{}
	for _, t := range []string{"SkillDescriptor", "FindingsResponse", "SkillIndex"} {
		s, err := c.Compile(schemaBase + t + ".json")
		if err != nil {
			return nil, err
		}
		out[t] = s
	}
	return out, nil
})

func parseOracle(typeName string, data []byte) error {
	schemas, err := oracle()
	if err != nil {
		return err
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return err
	}
	return schemas[typeName].Validate(v)
}

func parseGoJSONSchema(typeName string, data []byte) error {
	switch typeName {
	case "SkillDescriptor":
		var v gojs.SkillDescriptor
		return json.Unmarshal(data, &v)
	case "FindingsResponse":
		var v gojs.FindingsResponse
		return json.Unmarshal(data, &v)
	}
	return errUnsupported
}

func parsePlain(typeName string, data []byte) error { return plainInto(json.Unmarshal, typeName, data) }

// TestDocsAccepted checks that every implementation accepts every benchmark document, so
// that the benchmarks time successful parses only.
func TestDocsAccepted(t *testing.T) {
	for _, d := range Docs() {
		for _, im := range impls {
			if err := im.parse(d.Type, d.Data); err != nil && err != errUnsupported {
				t.Errorf("%s rejects %s: %v", im.name, d.Name, err)
			}
		}
	}
}

// BenchmarkParse times bytes → validated value, as BenchmarkParse/<document>/<implementation>.
func BenchmarkParse(b *testing.B) {
	for _, d := range Docs() {
		b.Run(d.Name, func(b *testing.B) {
			for _, im := range impls {
				b.Run(im.name, func(b *testing.B) {
					if err := im.parse(d.Type, d.Data); err == errUnsupported {
						b.Skip(err)
					} else if err != nil {
						b.Fatalf("%s rejects %s: %v", im.name, d.Name, err)
					}
					b.SetBytes(int64(len(d.Data)))
					b.ReportAllocs()
					b.ResetTimer()
					start := cpuTime()
					for b.Loop() {
						if err := im.parse(d.Type, d.Data); err != nil {
							b.Fatal(err)
						}
					}
					b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
				})
			}
		})
	}
}

// cpuTime is the CPU time (user and system) this process has used: on a shared machine the
// cpu-ns/op of a benchmark moves much less with the other work than its ns/op does (garbage
// collection on other threads included).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		panic(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
