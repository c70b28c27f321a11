package suite

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skillgen/skillgen/generator/typescript"
)

// tsconfig compiles every batch (src/b<N>/) into dist/b<N>/ with the compiler options of the
// generated package's own tsconfig.json.
const tsconfig = `{
  "compilerOptions": {
    "target": "ES2022",
    "lib": ["ES2022"],
    "module": "NodeNext",
    "moduleResolution": "NodeNext",
    "strict": true,
    "exactOptionalPropertyTypes": true,
    "noUncheckedIndexedAccess": true,
    "outDir": "dist",
    "rootDir": "src",
    "skipLibCheck": true
  },
  "include": ["src"]
}
`

// runTS emits one TypeScript package per batch (without the fast-check arbitraries), compiles
// them all with the tsc pinned in suite/ts, and runs suite/ts/runner.mjs over every case. It
// returns nil when node is not installed.
func runTS(t *testing.T, batches []*batch, cases []caseRef) *langResult {
	res := &langResult{name: "TypeScript", verdicts: make([]verdict, len(cases))}
	node, err := exec.LookPath("node")
	if err != nil {
		return nil
	}
	here, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	tsDir := filepath.Join(here, "ts")
	tsc := filepath.Join(tsDir, "node_modules", "typescript", "bin", "tsc")
	if !installed(tsDir) {
		cmd := exec.Command("npm", "ci", "--no-audit", "--no-fund")
		cmd.Dir = tsDir
		if out, err := cmd.CombinedOutput(); err != nil {
			res.problem = "npm ci in suite/ts failed: " + firstLines(string(out), 20)
			return res
		}
	}
	tmp := workDir(t, "ts")
	write := writer(t, tmp)
	write("package.json", []byte(`{"private": true, "type": "module"}`+"\n"))
	write("tsconfig.json", []byte(tsconfig))
	emitted := map[int]string{} // batch → emitter error
	for i, b := range batches {
		files, err := typescript.Emit(b.schema, typescript.Options{})
		if err != nil {
			emitted[i] = oneLine(err.Error())
			continue
		}
		for _, f := range files {
			name, ok := strings.CutPrefix(f.Path, "src/")
			if !ok || name == "arbitraries.ts" {
				continue
			}
			write(fmt.Sprintf("src/b%d/%s", i, name), f.Data)
		}
	}
	var problems []string
	for i, msg := range emitted {
		problems = append(problems, fmt.Sprintf("the TypeScript emitter failed on batch %d: %s", i, msg))
	}
	cmd := exec.Command(node, tsc, "-p", tmp)
	cmd.Dir = tmp
	if out, err := cmd.CombinedOutput(); err != nil {
		// tsc still writes JavaScript when there are type errors; the verdicts come from it.
		problems = append(problems, "tsc reports errors in the generated TypeScript:\n"+firstLines(string(out), 30))
	}
	list := make([]tsCase, len(cases))
	for i, c := range cases {
		list[i] = tsCase{B: c.g.Batch, T: c.g.TSName, D: string(c.g.Tests[c.i].Data)}
	}
	data, err := json.Marshal(list)
	if err != nil {
		t.Fatal(err)
	}
	write("cases.json", data)
	run := exec.Command(node, filepath.Join(tsDir, "runner.mjs"), filepath.Join(tmp, "cases.json"), filepath.Join(tmp, "dist"))
	out, err := run.Output()
	parseVerdicts(out, res.verdicts)
	if err != nil {
		msg := err.Error()
		if ee, ok := err.(*exec.ExitError); ok {
			msg += ": " + firstLines(string(ee.Stderr), 10)
		}
		problems = append(problems, "the runner failed: "+msg)
	}
	for i, v := range res.verdicts {
		if _, bad := emitted[cases[i].g.Batch]; bad && !v.ran {
			res.verdicts[i] = verdict{ran: false, detail: "not emitted"}
		}
	}
	res.problem = strings.Join(problems, "\n")
	return res
}

type tsCase struct {
	B int    `json:"b"`
	T string `json:"t"`
	D string `json:"d"`
}

// installed reports whether suite/ts/node_modules holds the TypeScript version package.json
// pins.
func installed(tsDir string) bool {
	var want, got struct {
		DevDependencies map[string]string `json:"devDependencies"`
		Version         string            `json:"version"`
	}
	a, err1 := os.ReadFile(filepath.Join(tsDir, "package.json"))
	b, err2 := os.ReadFile(filepath.Join(tsDir, "node_modules", "typescript", "package.json"))
	if err1 != nil || err2 != nil || json.Unmarshal(a, &want) != nil || json.Unmarshal(b, &got) != nil {
		return false
	}
	return got.Version != "" && want.DevDependencies["typescript"] == got.Version
}
