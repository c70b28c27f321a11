package suite

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skillgen/skillgen/generator/typescript"
	"github.com/skillgen/skillgen/internal/datadir"
	"github.com/skillgen/skillgen/internal/genrun"
)

// runTS emits one TypeScript package per batch (without the fast-check arbitraries), compiles
// them all with one tsc run, and runs every case through validateT (the schema's verdict) and
// parseT (the typed API) of the group's root type (internal/genrun): two results, in that
// order. It returns nil when node is not installed.
func runTS(t *testing.T, batches []*batch, cases []caseRef) []*langResult {
	res := &langResult{name: "TypeScript", lang: "TypeScript", verdicts: make([]genrun.Verdict, len(cases))}
	parsed := &langResult{name: "TypeScript parseT", lang: "TypeScript", typed: true, verdicts: make([]genrun.Verdict, len(cases))}
	both := func() []*langResult { return []*langResult{res, parsed} } // the problems are res's
	root, err := datadir.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	ts, err := genrun.FindTS(root)
	if err != nil {
		res.problem = err.Error()
		return both()
	}
	if ts == nil {
		return nil
	}
	tmp := workDir(t, "ts")
	if err := ts.Project(tmp); err != nil {
		t.Fatal(err)
	}
	write := writer(t, tmp)
	var problems []string
	var all []int
	emitted := map[int]bool{}
	for i, b := range batches {
		files, err := typescript.Emit(b.schema, typescript.Options{Arbitraries: true})
		if err != nil {
			problems = append(problems, fmt.Sprintf("the TypeScript emitter failed on batch %d: %s", i, oneLine(err.Error())))
			continue
		}
		emitted[i] = true
		all = append(all, i)
		for _, f := range files {
			name, ok := strings.CutPrefix(f.Path, "src/")
			if !ok || name == "arbitraries.ts" {
				continue
			}
			rel, _ := filepath.Rel(tmp, genrun.SourceDir(tmp, i))
			write(filepath.ToSlash(rel)+"/"+name, f.Data)
		}
	}
	diag, err := ts.Compile(tmp, [][]int{all})
	if err != nil {
		problems = append(problems, err.Error())
	} else if diag != "" {
		problems = append(problems, "tsc reports errors in the generated TypeScript:\n"+genrun.FirstLines(diag, 30))
	}
	rc := runCases(cases, func(g *group) string { return g.TSName })
	for _, r := range []*langResult{res, parsed} {
		entry := genrun.Validate
		if r.typed {
			entry = genrun.Parse
		}
		verdicts, err := ts.Run(tmp, rc, entry)
		if err != nil {
			problems = append(problems, err.Error())
		}
		for i, v := range verdicts {
			if !emitted[cases[i].g.Batch] && !v.Ran {
				v.Detail = "not emitted"
			}
			r.verdicts[i] = v
		}
	}
	res.problem = strings.Join(problems, "\n")
	return both()
}
