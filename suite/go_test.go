package suite

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/skillgen/skillgen/generator/golang"
	"github.com/skillgen/skillgen/internal/genrun"
)

// writer returns a function writing files below dir (rel uses forward slashes).
func writer(t *testing.T, dir string) func(rel string, data []byte) {
	return func(rel string, data []byte) {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// runCases turns the cases into the runners' form, the type of each named by name.
func runCases(cases []caseRef, name func(*group) string) []genrun.Case {
	out := make([]genrun.Case, len(cases))
	for i, c := range cases {
		out[i] = genrun.Case{Package: c.g.Batch, Type: name(c.g), Data: c.g.Tests[c.i].Data}
	}
	return out
}

// runGo generates one package per batch into a temporary module and runs every case through
// its package's Validate (the schema's verdict) and Parse (ParseT of the group's root type, the
// typed API) (internal/genrun): two results, in that order.
func runGo(t *testing.T, batches []*batch, cases []caseRef) []*langResult {
	res := []*langResult{
		{name: "Go", lang: "Go", verdicts: make([]genrun.Verdict, len(cases))},
		{name: "Go ParseT", lang: "Go", typed: true, verdicts: make([]genrun.Verdict, len(cases))},
	}
	problem := func(p string) []*langResult { // the first result's: the reports print it once
		res[0].problem = p
		return res
	}
	tmp := workDir(t, "go")
	write := writer(t, tmp)
	write("go.mod", []byte("module suitegen\n\ngo 1.26\n"))
	pkgs := make([]string, len(batches))
	for i, b := range batches {
		pkg := fmt.Sprintf("b%d", i)
		files, err := golang.Emit(b.schema, golang.Options{Package: pkg, Sources: "JSON Schema Test Suite"})
		if err != nil {
			return problem(fmt.Sprintf("Go emitter failed on batch %d: %v", i, err))
		}
		for _, f := range files {
			write(pkg+"/"+f.Path, f.Data)
		}
		pkgs[i] = "suitegen/" + pkg
	}
	rc := runCases(cases, func(g *group) string { return g.GoName })
	for _, r := range res {
		entry := genrun.Validate
		if r.typed {
			entry = genrun.Parse
		}
		verdicts, err := genrun.RunGo(tmp, "suitegen", pkgs, rc, entry)
		if err != nil {
			return problem(err.Error())
		}
		r.verdicts = verdicts
	}
	return res
}
