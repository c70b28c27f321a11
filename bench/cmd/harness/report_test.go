package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseGoBench(t *testing.T) {
	out := `goos: linux
BenchmarkParse/Doc-small/skillgen-2     100   2000 ns/op   50.00 MB/s   300 B/op   4 allocs/op
BenchmarkParse/Doc-small/skillgen-2     100   1000 ns/op  100.00 MB/s   300 B/op   4 allocs/op
BenchmarkParse/Doc-small/skillgen-2     100   3000 ns/op   33.33 MB/s   300 B/op   4 allocs/op
BenchmarkParse/Doc-small/jsonschema-2   100   6000 ns/op   16.67 MB/s   900 B/op  12 allocs/op
PASS
`
	p := filepath.Join(t.TempDir(), "b.txt")
	if err := os.WriteFile(p, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := parseGoBench(p)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 {
		t.Fatalf("got %+v", got)
	}
	sg := got[0]
	if sg.Doc != "Doc-small" || sg.Impl != "skillgen" || sg.NsOp != 2000 || sg.MBs != 50 || sg.Count != 3 || sg.AllocsOp != 4 {
		t.Fatalf("got %+v", sg)
	}
	md := render(options{command: "make bench", maxRuns: 5}, nil, nil, nil, got)
	if !strings.Contains(md, "| jsonschema | 6000 | 16.7 | 900 | 12 | 3.00× |") {
		t.Fatalf("ratio row missing:\n%s", md)
	}
}

func TestRenderTargets(t *testing.T) {
	tools := []tool{{Name: "skillgen"}, {Name: "skillgen Go"}, {Name: "skillgen TS"}, {Name: "go-jsonschema"}, {Name: "json-schema-to-typescript"}}
	cases := []genCase{{Label: "2000"}, {Label: "20000"}, {Label: "2000 cyclic"}}
	cells := []cell{
		{Tool: "skillgen", Case: "2000", Wall: 0.5, MaxRSS: 100 << 20, Runs: 3, OutputBytes: 20 << 20},
		{Tool: "skillgen Go", Case: "2000", Wall: 0.4, MaxRSS: 80 << 20, Runs: 3},
		{Tool: "skillgen TS", Case: "2000", Wall: 0.25, MaxRSS: 60 << 20, Runs: 3},
		{Tool: "go-jsonschema", Case: "2000", Wall: 20, MaxRSS: 200 << 20, Runs: 1},
		{Tool: "json-schema-to-typescript", Case: "2000", Wall: 2, MaxRSS: 300 << 20, Runs: 3},
		{Tool: "skillgen", Case: "20000", Wall: 7, MaxRSS: 250 << 20, Runs: 1},
		{Tool: "go-jsonschema", Case: "20000", Failure: "timeout (> 1m30s)", Runs: 1},
		{Tool: "skillgen", Case: "2000 cyclic", Failure: "exit 1", Runs: 1},
	}
	gp := []benchLine{
		{Doc: "Doc-small", Impl: "skillgen", NsOp: 1000}, {Doc: "Doc-small", Impl: "plain-struct", NsOp: 2000},
		{Doc: "Doc-large", Impl: "skillgen", NsOp: 1000}, {Doc: "Doc-large", Impl: "plain-struct", NsOp: 1200},
		{Doc: marshalPrefix + "Doc-small", Impl: "skillgen", NsOp: 1000}, {Doc: marshalPrefix + "Doc-small", Impl: "plain-struct", NsOp: 800},
		{Doc: validatePrefix + "Doc-small", Impl: "skillgen", NsOp: 500}, {Doc: validatePrefix + "Doc-large", Impl: "skillgen", NsOp: 900, AllocsOp: 2},
	}
	md := render(options{command: "make bench", maxRuns: 5}, tools, cases, cells, gp)
	for _, want := range []string{
		"| output at 2,000 definitions, Go + TypeScript: ≤ 12 MiB | 20.0 MiB | **not met** |",
		"| generation at 2,000 vs go-jsonschema (Go only): ≥ 10× | 50.0× (20.0 s vs 0.400 s) | met |",
		"| generation at 2,000 vs json-schema-to-typescript (TypeScript only): ≥ 2× | 8.0× (2.000 s vs 0.250 s) | met |",
		"| time at 20,000 / time at 2,000: ≤ 10× | 14.0× (7.000 s vs 0.500 s) | **not met** |",
		"| peak RSS at 20,000: ≤ 300 MiB | 250 MiB | met |",
		"| `ParseT` vs `encoding/json.Unmarshal` into a plain struct, every document: ≥ 2× | least 1.20× (Doc-large) | **not met** |",
		"| `MarshalJSON` vs `encoding/json.Marshal` of a plain struct, every document: ≥ 1× | least 0.80× (Doc-small) | **not met** |",
		"| `Validate()` on a valid value, every document: 0 allocations | most 2 (Doc-large) | **not met** |",
		"| skillgen: the cyclic schema works | exit 1 | **not met** |",
		"| go-jsonschema |  | 1 | **timeout (> 1m30s)** |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("missing %q in:\n%s", want, md)
		}
	}
}
