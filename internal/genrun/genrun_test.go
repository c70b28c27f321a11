package genrun

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// testModule writes a module of three packages standing for generated ones: Parse accepts a
// JSON number, refuses anything else, panics on "panic" and ends the program on "exit"; each
// has an arbitrary subpackage: A draws small integers, B the string "x" (which Parse refuses).
func testModule(t *testing.T) (dir string, pkgs []string) {
	t.Helper()
	dir = t.TempDir()
	sum, err := os.ReadFile(filepath.Join("..", "..", "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"go.mod": "module gt\n\ngo 1.26\n\nrequire pgregory.net/rapid v1.3.0\n",
		"go.sum": string(sum),
	}
	for i := range 3 {
		files[fmt.Sprintf("p%d/p.go", i)] = `package p

import (
	"encoding/json"
	"errors"
	"os"
)

func Parse(t string, d []byte) (any, error) {
	switch string(d) {
	case "\"panic\"":
		panic("boom")
	case "\"exit\"":
		os.Exit(3)
	}
	var n json.Number
	if err := json.Unmarshal(d, &n); err != nil {
		return nil, errors.New("not a number")
	}
	return n, nil
}
`
		files[fmt.Sprintf("p%d/arbitrary/a.go", i)] = `package arbitrary

import "pgregory.net/rapid"

func A() *rapid.Generator[int] { return rapid.IntRange(0, 9) }

func B() *rapid.Generator[string] { return rapid.Just("x") }
`
		pkgs = append(pkgs, fmt.Sprintf("gt/p%d", i))
	}
	for name, text := range files {
		if err := writeFile(filepath.Join(dir, name), []byte(text)); err != nil {
			t.Fatal(err)
		}
	}
	return dir, pkgs
}

func TestRunGoParse(t *testing.T) {
	dir, pkgs := testModule(t)
	pkgs[1] = "" // left out: its cases are not run
	cases := []Case{
		{Package: 0, Type: "A", Data: []byte("1")},
		{Package: 0, Type: "A", Data: []byte(`"a"`)},
		{Package: 1, Type: "A", Data: []byte("1")},
		{Package: 2, Type: "A", Data: []byte(`"panic"`)},
		{Package: 2, Type: "A", Data: []byte(`"exit"`)},
		{Package: 2, Type: "A", Data: []byte("2.5")},
	}
	v, err := RunGo(dir, "gt", pkgs, cases, Parse)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		ran, valid, crashed bool
	}{{true, true, false}, {true, false, false}, {false, false, false}, {true, false, true}, {true, false, true}, {true, true, false}}
	for i, w := range want {
		if v[i].Ran != w.ran || v[i].Valid != w.valid || v[i].Crashed() != w.crashed {
			t.Errorf("case %d: %+v, want ran %v, valid %v, crashed %v", i, v[i], w.ran, w.valid, w.crashed)
		}
	}
}

// Arbitrary with one type per program: three packages' draws in a program each give every
// case its verdict, and a value that its Parse refuses is reported.
func TestRunGoArbitraryPrograms(t *testing.T) {
	defer func(n int) { arbitraryTypesPerProgram = n }(arbitraryTypesPerProgram)
	arbitraryTypesPerProgram = 1
	dir, pkgs := testModule(t)
	var cases []Case
	for p := range pkgs {
		cases = append(cases, Case{Package: p, Type: "A"}, Case{Package: p, Type: "B"}, Case{Package: p, Type: "A"})
	}
	v, err := RunGo(dir, "gt", pkgs, cases, Arbitrary)
	if err != nil {
		t.Fatal(err)
	}
	progs, _ := filepath.Glob(filepath.Join(dir, "genrun-bin", "r*"))
	if len(progs) != 3 {
		t.Errorf("%d programs built (%v), want one per package (a package's types stay together): 3", len(progs), progs)
	}
	for i, c := range cases {
		// B draws "x", which no Parse of these packages accepts.
		if wantValid := c.Type == "A"; !v[i].Ran || v[i].Valid != wantValid || v[i].Crashed() {
			t.Errorf("case %d (p%d %s): %+v, want valid %v", i, c.Package, c.Type, v[i], wantValid)
		}
	}
}
