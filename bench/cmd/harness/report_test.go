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
	tools := []tool{{Name: "skillgen"}, {Name: "go-jsonschema"}, {Name: "json-schema-to-typescript"}}
	cases := []genCase{{Label: "2000"}, {Label: "20000"}, {Label: "2000 cyclic"}}
	cells := []cell{
		{Tool: "skillgen", Case: "2000", Wall: 0.5, MaxRSS: 100 << 20, Runs: 3},
		{Tool: "go-jsonschema", Case: "2000", Wall: 20, MaxRSS: 200 << 20, Runs: 1},
		{Tool: "json-schema-to-typescript", Case: "2000", Wall: 2, MaxRSS: 300 << 20, Runs: 3},
		{Tool: "skillgen", Case: "20000", Wall: 7, MaxRSS: 250 << 20, Runs: 1},
		{Tool: "go-jsonschema", Case: "20000", Failure: "timeout (> 1m30s)", Runs: 1},
		{Tool: "skillgen", Case: "2000 cyclic", Failure: "exit 1", Runs: 1},
	}
	md := render(options{command: "make bench", maxRuns: 5}, tools, cases, cells, nil)
	for _, want := range []string{
		"| N=2000: ≥ 30× faster than go-jsonschema | 40.0× (20.0 s vs 0.500 s) | met |",
		"| N=2000: ≥ 5× faster than json-schema-to-typescript | 4.0× (2.000 s vs 0.500 s) | **not met** |",
		"| skillgen: time(N=20000) ≤ 12 × time(N=2000) | 14.0× (7.000 s vs 0.500 s) | **not met** |",
		"| skillgen: peak RSS < 300 MiB at N=20000 | 250 MiB | met |",
		"| skillgen: the cyclic schema works | exit 1 | **not met** |",
		"| go-jsonschema |  | 1 | **timeout (> 1m30s)** |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("missing %q in:\n%s", want, md)
		}
	}
}
