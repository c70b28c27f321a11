package genrun

import (
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

//go:embed runner.mjs
var runnerMJS []byte

// TS is the TypeScript toolchain generated packages are compiled with: the node_modules of
// internal/genrun/ts (typescript and fast-check, pinned in its package.json).
type TS struct {
	Node    string
	Modules string // the node_modules folder
}

// FindTS returns the toolchain, installing it (npm ci in internal/genrun/ts below the
// repository root) when it is missing or of other versions. It returns nil and no error when
// node is not installed.
func FindTS(repoRoot string) (*TS, error) {
	node, err := exec.LookPath("node")
	if err != nil {
		return nil, nil
	}
	dir := filepath.Join(repoRoot, "internal", "genrun", "ts")
	if !installed(dir) {
		cmd := exec.Command("npm", "ci", "--no-audit", "--no-fund")
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			return nil, fmt.Errorf("npm ci in %s failed: %s", dir, FirstLines(string(out), 20))
		}
	}
	return &TS{Node: node, Modules: filepath.Join(dir, "node_modules")}, nil
}

// installed reports whether dir/node_modules holds the versions dir/package.json pins.
func installed(dir string) bool {
	var want struct {
		DevDependencies map[string]string `json:"devDependencies"`
	}
	a, err := os.ReadFile(filepath.Join(dir, "package.json"))
	if err != nil || json.Unmarshal(a, &want) != nil || len(want.DevDependencies) == 0 {
		return false
	}
	for name, version := range want.DevDependencies {
		var got struct {
			Version string `json:"version"`
		}
		b, err := os.ReadFile(filepath.Join(dir, "node_modules", name, "package.json"))
		if err != nil || json.Unmarshal(b, &got) != nil || got.Version != version {
			return false
		}
	}
	return true
}

// tsconfig compiles the packages (src/p<N>/) into dist/p<N>/ with the compiler options of the
// generated package's own tsconfig.json; %s is the list of folders to include.
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
  "include": [%s]
}
`

// Project prepares dir as the project the packages are compiled in: package p's sources go to
// dir/src/p<p>/ (see SourceDir); fast-check resolves from the toolchain's node_modules.
func (ts *TS) Project(dir string) error {
	if err := os.MkdirAll(filepath.Join(dir, "src"), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"private": true, "type": "module"}`+"\n"), 0o644); err != nil {
		return err
	}
	link := filepath.Join(dir, "node_modules")
	if _, err := os.Lstat(link); errors.Is(err, os.ErrNotExist) {
		return os.Symlink(ts.Modules, link)
	}
	return nil
}

// SourceDir is the folder of package p's sources in a project.
func SourceDir(dir string, p int) string { return filepath.Join(dir, "src", fmt.Sprintf("p%d", p)) }

// Compile type-checks and compiles the packages of a project with tsc, in one run per chunk
// (a list of package indexes), and returns the diagnostics (tsc writes JavaScript even for
// code with type errors). Diagnostics name files as src/p<N>/….
func (ts *TS) Compile(dir string, chunks [][]int) (string, error) {
	var diags []string
	for i, chunk := range chunks {
		var inc []string
		for _, p := range chunk {
			inc = append(inc, fmt.Sprintf("%q", fmt.Sprintf("src/p%d", p)))
		}
		cfg := filepath.Join(dir, fmt.Sprintf("tsconfig.%d.json", i))
		if err := os.WriteFile(cfg, fmt.Appendf(nil, tsconfig, strings.Join(inc, ", ")), 0o644); err != nil {
			return "", err
		}
		cmd := exec.Command(ts.Node, "--max-old-space-size=6144", filepath.Join(ts.Modules, "typescript", "bin", "tsc"), "-p", cfg)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			var ee *exec.ExitError
			if !errors.As(err, &ee) || len(out) == 0 {
				return strings.Join(diags, ""), fmt.Errorf("tsc: %v: %s", err, FirstLines(string(out), 20))
			}
			diags = append(diags, string(out))
		}
	}
	return strings.Join(diags, ""), nil
}

// Run parses every case with the compiled packages of a project.
func (ts *TS) Run(dir string, cases []Case, entry Entry) ([]Verdict, error) {
	type tcase struct {
		P int    `json:"p"`
		T string `json:"t"`
		D string `json:"d"`
	}
	list := make([]tcase, len(cases))
	for i, c := range cases {
		list[i] = tcase{P: c.Package, T: c.Type, D: string(c.Data)}
	}
	data, err := json.Marshal(list)
	if err != nil {
		return nil, err
	}
	casesPath := filepath.Join(dir, "cases.json")
	runner := filepath.Join(dir, "runner.mjs")
	if err := os.WriteFile(casesPath, data, 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(runner, runnerMJS, 0o644); err != nil {
		return nil, err
	}
	verdicts := make([]Verdict, len(cases))
	mode := map[Entry]string{Parse: "parse", Validate: "validate", Arbitrary: "arbitrary"}[entry]
	err = runCases(func(start int) *exec.Cmd {
		return exec.Command(ts.Node, runner, casesPath, filepath.Join(dir, "dist"), mode, strconv.Itoa(start), strconv.Itoa(ArbitraryDraws))
	}, verdicts)
	if err != nil {
		return verdicts, errors.New("the runner failed: " + err.Error())
	}
	return verdicts, nil
}
