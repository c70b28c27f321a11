// Command builds measures what a user's CI pays to build the generated code: each generator
// writes its default output for one schema into a fresh module (Go) or package (TypeScript),
// and the output is built the way a user builds it (`go build ./...`, `tsc -p`), its CPU time
// and peak memory measured. It is run by bench/run.sh (`make bench`) and prints a markdown
// section on standard output.
//
// The inputs are the synthetic schema at -n definitions and the largest schemas of the corpus
// (-corpus-schemas). Every build runs under a memory cap (-mem-cap): a build that goes over
// it is killed and reported with the time it had taken, instead of exhausting the machine.
//
// The standard library is compiled before any measure (a program importing the same packages
// is built first with the same cache), and every generated package gets a file of its own
// holding the time of the run, so that the figure is the generated code's own compile, never
// a cache hit.
package main

import (
	"context"
	"flag"
	"fmt"
	"go/parser"
	"go/token"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/skillgen/skillgen/bench/internal/measure"
	"github.com/skillgen/skillgen/internal/genrun"
)

type options struct {
	root, work, synth, skillgen, gojsonschema, peers, corpus string
	schemas                                                  []string
	n                                                        int
	memCap                                                   int64
	timeout                                                  time.Duration
}

// generator writes the code of one language for a schema into dir.
type generator struct {
	name, lang string
	missing    string // why it cannot run ("" when it can)
	argv       func(schema, dir string) []string
}

// row is one generator's output for one input, and its build.
type row struct {
	input, generator, lang string
	bytes                  int64
	gen                    string // why generation failed ("" when it succeeded)
	build                  measure.Result
	err                    string // why the build could not be measured
}

func main() {
	var o options
	var schemas string
	var memCapGiB float64
	flag.StringVar(&o.root, "root", ".", "repository root")
	flag.StringVar(&o.work, "work", "", "scratch directory (default: a new temporary directory)")
	flag.StringVar(&o.synth, "synth", "../shared/bench/synth_schema.py", "the synthetic schema writer")
	flag.IntVar(&o.n, "n", 2000, "definitions of the synthetic schema (0: none)")
	flag.StringVar(&o.skillgen, "skillgen", "", "skillgen binary")
	flag.StringVar(&o.gojsonschema, "go-jsonschema", "", "go-jsonschema binary")
	flag.StringVar(&o.peers, "peers", "bench/peers", "folder with node_modules of quicktype and json-schema-to-typescript")
	flag.StringVar(&o.corpus, "corpus", "../shared/corpus/schemastore/schemas", "folder of the corpus schemas")
	flag.StringVar(&schemas, "corpus-schemas", "utcm-monitor,vector,kubernetes-definitions,renovate-global-schema-43", "corpus schemas to build, separated by commas (empty: none)")
	flag.Float64Var(&memCapGiB, "mem-cap", 8, "memory cap of one build in GiB; a build over it is killed")
	flag.DurationVar(&o.timeout, "timeout", 20*time.Minute, "time limit of one build")
	flag.Parse()
	log.SetFlags(0)
	log.SetPrefix("builds: ")
	o.memCap = int64(memCapGiB * (1 << 30))
	// The generators and builds run in folders of their own: every path given is made absolute.
	for _, p := range []*string{&o.root, &o.synth, &o.skillgen, &o.gojsonschema, &o.peers, &o.corpus} {
		if *p != "" {
			a, err := filepath.Abs(*p)
			if err != nil {
				log.Fatal(err)
			}
			*p = a
		}
	}
	if schemas != "" {
		o.schemas = strings.Split(schemas, ",")
	}
	if o.work == "" {
		d, err := os.MkdirTemp("", "skillgen-builds-")
		if err != nil {
			log.Fatal(err)
		}
		defer os.RemoveAll(d)
		o.work = d
	}
	ts, err := genrun.FindTS(o.root)
	if err != nil {
		log.Fatal(err)
	}
	if ts == nil {
		log.Fatal("node is not installed")
	}
	tsc := []string{ts.Node, filepath.Join(ts.Modules, "typescript", "bin", "tsc")}

	type input struct{ label, file string }
	var inputs []input
	if o.n > 0 {
		f := filepath.Join(o.work, fmt.Sprintf("synth-%d.json", o.n))
		out, err := exec.Command("python3", o.synth, strconv.Itoa(o.n)).Output()
		if err != nil {
			log.Fatalf("%s: %v", o.synth, err)
		}
		if err := os.WriteFile(f, out, 0o644); err != nil {
			log.Fatal(err)
		}
		inputs = append(inputs, input{fmt.Sprintf("synthetic, %d definitions", o.n), f})
	}
	for _, s := range o.schemas {
		inputs = append(inputs, input{s, filepath.Join(o.corpus, s+".json")})
	}
	var rows []row
	for i, in := range inputs {
		for j, g := range generators(o) {
			r := row{input: in.label, generator: g.name, lang: g.lang}
			dir := filepath.Join(o.work, fmt.Sprintf("%d-%d", i, j))
			r.gen = g.missing
			if r.gen == "" {
				r.gen, r.bytes = generate(g, in.file, dir)
			}
			if r.gen == "" {
				if g.lang == "Go" {
					r.build, r.err = buildGo(o, dir)
				} else {
					r.build, r.err = buildTS(o, tsc, dir)
				}
			}
			log.Print(r.line())
			rows = append(rows, r)
			os.RemoveAll(dir)
		}
	}
	fmt.Print(render(o, rows))
}

func generators(o options) []generator {
	installed := func(p string) string {
		if st, err := os.Stat(p); err != nil || st.IsDir() {
			return "not installed"
		}
		return ""
	}
	sg, gj := o.skillgen, o.gojsonschema
	qt := filepath.Join(o.peers, "node_modules", ".bin", "quicktype")
	j2t := filepath.Join(o.peers, "node_modules", ".bin", "json2ts")
	return []generator{
		{"skillgen", "Go", installed(sg), func(s, dir string) []string {
			return []string{sg, "-config", "", "-schema", s, "-go-out", filepath.Join(dir, "gen"), "-go-package", "gen"}
		}},
		{"go-jsonschema", "Go", installed(gj), func(s, dir string) []string {
			return []string{gj, "-p", "gen", "-o", filepath.Join(dir, "gen", "types.go"), s}
		}},
		{"quicktype", "Go", installed(qt), func(s, dir string) []string {
			return []string{qt, "-s", "schema", "-l", "go", "--package", "gen", "-o", filepath.Join(dir, "gen", "types.go"), s}
		}},
		{"skillgen", "TypeScript", installed(sg), func(s, dir string) []string {
			return []string{sg, "-config", "", "-schema", s, "-go-out", "", "-ts-out", dir, "-ts-package", "gen"}
		}},
		{"json-schema-to-typescript", "TypeScript", installed(j2t), func(s, dir string) []string {
			return []string{j2t, "-i", s, "-o", filepath.Join(dir, "src", "types.ts")}
		}},
		{"quicktype", "TypeScript", installed(qt), func(s, dir string) []string {
			return []string{qt, "-s", "schema", "-l", "ts", "-o", filepath.Join(dir, "src", "types.ts"), s}
		}},
	}
}

// generate runs g into dir: "" and the bytes of code written, or why it failed.
func generate(g generator, schema, dir string) (string, int64) {
	for _, d := range []string{filepath.Join(dir, "gen"), filepath.Join(dir, "src")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err.Error(), 0
		}
	}
	r, err := measure.Run(context.Background(), dir, g.argv(schema, dir), nil, 10*time.Minute)
	if err != nil {
		return err.Error(), 0
	}
	if !r.OK() {
		return fmt.Sprintf("generation failed: %s (%s)", r.Failure(), genrun.FirstLines(strings.TrimSpace(r.Stderr), 1)), 0
	}
	var n int64
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (strings.HasSuffix(p, ".go") || strings.HasSuffix(p, ".ts")) {
			if st, err := d.Info(); err == nil {
				n += st.Size()
			}
		}
		return nil
	})
	if n == 0 {
		return "generation wrote no code", 0
	}
	return "", n
}

// buildGo builds the Go package in dir/gen as a module of its own: first a program importing
// the packages it imports (the standard library, compiled once and cached), then the package.
func buildGo(o options, dir string) (measure.Result, string) {
	gen := filepath.Join(dir, "gen")
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/build\n\ngo 1.26\n"), 0o644); err != nil {
		return measure.Result{}, err.Error()
	}
	imports, pkg, err := importsOf(gen)
	if err != nil {
		return measure.Result{}, err.Error()
	}
	warm := filepath.Join(dir, "warm")
	var b strings.Builder
	b.WriteString("package main\n\nimport (\n")
	for _, p := range imports {
		fmt.Fprintf(&b, "\t_ %q\n", p)
	}
	b.WriteString(")\n\nfunc main() {}\n")
	if err := os.MkdirAll(warm, 0o755); err != nil {
		return measure.Result{}, err.Error()
	}
	if err := os.WriteFile(filepath.Join(warm, "main.go"), []byte(b.String()), 0o644); err != nil {
		return measure.Result{}, err.Error()
	}
	if out, err := goCmd(dir, "build", "-o", os.DevNull, "./warm").CombinedOutput(); err != nil {
		return measure.Result{}, "the standard library does not build: " + genrun.FirstLines(string(out), 5)
	}
	if err := os.RemoveAll(warm); err != nil {
		return measure.Result{}, err.Error()
	}
	nonce := fmt.Sprintf("package %s\n\n// benchRun makes this build's package its own, never a cache hit.\nconst benchRun = %q\n", pkg, time.Now().Format(time.RFC3339Nano))
	if err := os.WriteFile(filepath.Join(gen, "zz_bench_run.go"), []byte(nonce), 0o644); err != nil {
		return measure.Result{}, err.Error()
	}
	cmd := goCmd(dir, "build", "./...")
	r, err := measure.RunCapped(context.Background(), dir, cmd.Args, nil, o.timeout, o.memCap)
	if err != nil {
		return r, err.Error()
	}
	return r, ""
}

func goCmd(dir string, args ...string) *exec.Cmd {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=")
	return cmd
}

// importsOf returns the packages the Go files of dir import, and their package name.
func importsOf(dir string) ([]string, string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil || len(files) == 0 {
		return nil, "", fmt.Errorf("no Go files in %s", dir)
	}
	var imports []string
	pkg := ""
	for _, f := range files {
		af, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			return nil, "", err
		}
		pkg = af.Name.Name
		for _, s := range af.Imports {
			p, _ := strconv.Unquote(s.Path.Value)
			if !slices.Contains(imports, p) {
				imports = append(imports, p)
			}
		}
	}
	slices.Sort(imports)
	return imports, pkg, nil
}

// buildTS compiles the TypeScript in dir/src with the options of skillgen's package
// (tsconfig.json, strict, declarations emitted), as a user's `npm run build` does.
func buildTS(o options, tsc []string, dir string) (measure.Result, string) {
	config := filepath.Join(dir, "tsconfig.json")
	if _, err := os.Stat(config); err != nil {
		// A peer's single file: the compiler options skillgen's package ships with.
		const tsconfig = `{
  "compilerOptions": {
    "target": "ES2022", "lib": ["ES2022"], "module": "NodeNext", "moduleResolution": "NodeNext",
    "strict": true, "declaration": true, "outDir": "dist", "rootDir": "src", "skipLibCheck": true
  },
  "include": ["src"]
}
`
		if err := os.WriteFile(config, []byte(tsconfig), 0o644); err != nil {
			return measure.Result{}, err.Error()
		}
	}
	r, err := measure.RunCapped(context.Background(), dir, append(tsc, "-p", config), nil, o.timeout, o.memCap)
	if err != nil {
		return r, err.Error()
	}
	return r, ""
}

func (r row) outcome() string {
	switch {
	case r.gen != "":
		return r.gen
	case r.err != "":
		return r.err
	case !r.build.OK():
		s := fmt.Sprintf("%s after %.0f s of CPU, %.0f s wall", r.build.Failure(), r.build.CPU.Seconds(), r.build.Wall.Seconds())
		if e := strings.TrimSpace(r.build.Stderr); e != "" {
			s += " (" + genrun.FirstLines(e, 2) + ")"
		}
		return s
	}
	return ""
}

func (r row) line() string {
	if s := r.outcome(); s != "" {
		return fmt.Sprintf("%-40s %-26s %-10s %s", r.input, r.generator, r.lang, s)
	}
	return fmt.Sprintf("%-40s %-26s %-10s %6.1f s CPU %6.1f s wall %s", r.input, r.generator, r.lang, r.build.CPU.Seconds(), r.build.Wall.Seconds(), measure.MiB(r.build.MaxRSS))
}

func render(o options, rows []row) string {
	var b strings.Builder
	fmt.Fprintf(&b, "## Building the generated code\n\n")
	fmt.Fprintf(&b, "`bench/cmd/builds` (in `make bench`): each generator's default output for the schema, built the way a user builds it: Go as a module of its own with `go build ./...` (the standard library compiled before, so the figure is the generated package's compile), TypeScript with `tsc -p` (strict, declarations emitted, typescript of `internal/genrun/ts`). CPU is user + system time of the build and its children; every build runs under a cap of %s and is killed above it. Ratios are against the peer's build in the same run.\n\n", measure.GiB(o.memCap))
	b.WriteString("| input | language | generator | code | build CPU | wall | peak memory | CPU vs peer |\n| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |\n")
	peer := map[string]string{"Go": "go-jsonschema", "TypeScript": "json-schema-to-typescript"}
	cpuOf := func(input, gen, lang string) (time.Duration, bool) {
		for _, r := range rows {
			if r.input == input && r.generator == gen && r.lang == lang && r.outcome() == "" {
				return r.build.CPU, true
			}
		}
		return 0, false
	}
	for _, r := range rows {
		code := "—"
		if r.bytes > 0 {
			code = fmt.Sprintf("%.1f MiB", float64(r.bytes)/(1<<20))
		}
		if s := r.outcome(); s != "" {
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | | | |\n", r.input, r.lang, r.generator, code, strings.ReplaceAll(s, "\n", " "))
			continue
		}
		ratio := ""
		if p := peer[r.lang]; p != r.generator {
			if c, ok := cpuOf(r.input, p, r.lang); ok && c > 0 {
				ratio = fmt.Sprintf("%.2f× %s", r.build.CPU.Seconds()/c.Seconds(), p)
			}
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %.1f s | %.1f s | %s | %s |\n", r.input, r.lang, r.generator, code, r.build.CPU.Seconds(), r.build.Wall.Seconds(), measure.MiB(r.build.MaxRSS), ratio)
	}
	b.WriteString("\n")
	if o.n > 0 {
		in := fmt.Sprintf("synthetic, %d definitions", o.n)
		verdict := "not met"
		sg, ok1 := cpuOf(in, "skillgen", "Go")
		gj, ok2 := cpuOf(in, "go-jsonschema", "Go")
		switch {
		case ok1 && ok2 && sg <= 3*gj:
			verdict = fmt.Sprintf("met (%.2f×)", sg.Seconds()/gj.Seconds())
		case ok1 && ok2:
			verdict = fmt.Sprintf("not met (%.2f×)", sg.Seconds()/gj.Seconds())
		case !ok1:
			verdict = "not met (skillgen's Go did not build: see the table)"
		default:
			verdict = "not measured (go-jsonschema's Go did not build)"
		}
		fmt.Fprintf(&b, "Target: `go build` of skillgen's Go at %d definitions ≤ 3× go-jsonschema's CPU time: %s.\n", o.n, verdict)
	}
	var slow []string
	for _, r := range rows {
		if r.generator == "skillgen" && r.lang == "Go" && !strings.HasPrefix(r.input, "synthetic") {
			if r.outcome() != "" || r.build.CPU > 90*time.Second || r.build.MaxRSS > 3<<29 {
				slow = append(slow, r.input)
			}
		}
	}
	if len(o.schemas) > 0 {
		verdict := "met"
		if len(slow) > 0 {
			verdict = "not met: " + strings.Join(slow, ", ")
		}
		fmt.Fprintf(&b, "Target: the Go of each large corpus schema builds in about a minute of CPU (≤ 90 s here) and under 1.5 GiB: %s.\n", verdict)
	}
	return b.String()
}
