package realworld

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/skillgen/skillgen/generator"
	"github.com/skillgen/skillgen/generator/ir"
	"github.com/skillgen/skillgen/generator/load"
	"github.com/skillgen/skillgen/generator/normalize"
	"github.com/skillgen/skillgen/internal/datadir"
	"github.com/skillgen/skillgen/internal/genrun"
)

var (
	full   = flag.Bool("corpus.full", false, "run every schema of the corpus (make corpus), not the bounded sample")
	types  = flag.Bool("corpus.types", false, "generate and measure the types only (make corpus-types): nothing is compiled, run or drawn")
	update = flag.Bool("update", false, "accepted so that go test ./... -update runs here too; nothing here is golden")
)

// sampleAlways are schemas the sample always includes: each once showed a bug or a refusal
// since fixed (a nullable optional field's arbitrary, a named type that is a $ref to an
// unnamed union, ECMAScript lookaheads, a named group, a $defs entry that is no schema in
// draft-07, a sibling file, const in draft-04, a nullable object's null, names of any type in
// TypeScript arbitraries, an array narrowing an untyped anyOf branch to a tuple in a union), or
// a shape that was once any (a nullable reference in an allOf).
var sampleAlways = map[string]bool{
	"ryl": true, "vhwdebugger-binding-schema": true, "yap": true, "emmet": true, "appsettings": true,
	"chrome-extension-locales-messages": true, "partial-cibuildwheel": true, "poetry": true,
	"es6importsorterrc": true, "cloud-sdk-pipeline-config-schema": true, "aio-connector-metadata-6.0-preview": true,
	"airlock-microgateway-3.0": true, "github-workflow": true,
}

// The sample make test runs: every sampleStride-th schema by name, up to sampleBytes each, and
// sampleAlways.
const (
	sampleStride = 10
	sampleBytes  = 100_000
	// defaultDraft is the draft of the corpus's schemas without $schema, as the Schema Store
	// reads them (-draft draft-07).
	defaultDraft = normalize.Draft7
	// genTimeout bounds the generation of one schema; beyond it, it is a bug.
	genTimeout = 3 * time.Minute
	// minTyped is the least typed share (percent) of the generated Go, over the schemas run.
	minTyped = 95.0
)

// keepEnv names a folder to generate into instead of a temporary one (kept for inspection).
const keepEnv = "SKILLGEN_CORPUS_KEEP"

type outcome int

const (
	generated outcome = iota
	refused
	bug
)

type result struct {
	// Entry.Index names the generated package (p<Index>) in every run, so that the build cache
	// serves the sample and the full run alike.
	Entry
	outcome   outcome
	reasons   []string // refusal categories, sorted
	detail    string   // the first error, or what the bug is
	warnings  int
	root      *ir.Type // its names only
	tsBytes   int
	docs      []Document
	oracle    []int // per document: 1 valid, 0 invalid, -1 not judged
	oracleOK  bool
	oracleErr string
	goV, tsV  []genrun.Verdict // the typed parse of the root type (ParseT, parseT)
	// goVal, tsVal: the schema's verdict (Validate(typeName, data), validateT), which must
	// agree with the oracle as well.
	goVal, tsVal []genrun.Verdict
	typed        Typed
	types        []typeNames // every named type, for the arbitraries
	// goArb, tsArb: per type, the arbitraries check (genrun.Arbitrary); nil when not run.
	goArb, tsArb []genrun.Verdict
	genTime      time.Duration
}

// typeNames are a named type's names in Go and TypeScript, and the Go type it is an alias of
// (type A = B), if any.
type typeNames struct{ Go, TS, GoAliasOf string }

func TestCorpus(t *testing.T) {
	corpus, err := datadir.FindCorpus()
	if err != nil {
		t.Fatal(err)
	}
	entries, err := Manifest(corpus)
	if err != nil {
		t.Fatal(err)
	}
	var chosen []Entry
	names := map[string]bool{}
	for _, n := range strings.Fields(strings.ReplaceAll(os.Getenv("SKILLGEN_CORPUS_SCHEMAS"), ",", " ")) {
		names[n] = true
	}
	for i, e := range entries {
		switch {
		case len(names) > 0:
			if names[e.Name] {
				chosen = append(chosen, e)
			}
		case *full:
			chosen = append(chosen, e)
		case (i%sampleStride == 0 && e.Bytes <= sampleBytes) || sampleAlways[e.Name]:
			chosen = append(chosen, e)
		}
	}
	mode := fmt.Sprintf("sample: every %dth schema up to %d KB; make corpus runs all %d", sampleStride, sampleBytes/1000, len(entries))
	if *full {
		mode = "every schema"
	}
	work := workDir(t)
	goDir, tsDir := filepath.Join(work, "go"), filepath.Join(work, "ts")
	for _, d := range []string{goDir, tsDir} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// Each stage says when it is done (on stderr, before the report): a run of every schema
	// takes more than an hour, and a stage that stalls shows where.
	times := map[string]time.Duration{}
	stage := func(name string, f func()) {
		start := time.Now()
		f()
		times[name] = time.Since(start)
		fmt.Fprintf(os.Stderr, "corpus: %s done in %.1fs\n", name, times[name].Seconds())
	}
	var results []*result
	stage("generate", func() { results = generateAll(t, corpus, goDir, tsDir, chosen) })
	var tsNote string
	if *types {
		// The outcome of each schema and the measure of its types come from generation alone.
		mode += "; the types only: nothing compiled, no document judged, no arbitrary drawn"
	} else {
		stage("oracle", func() { judgeAll(corpus, results) })
		stage("go vet", func() {
			if err := writeGoMod(goDir); err != nil {
				t.Fatal(err)
			}
			vetGo(t, goDir, results)
		})
		stage("Go documents", func() { runGo(t, goDir, results) })
		stage("Go arbitraries", func() { arbitrariesGo(t, goDir, results) })
		stage("TypeScript", func() { tsNote = runTS(t, tsDir, results) })
	}

	rep := report(results)
	fmt.Printf("Corpus: %s (%s), %d of %d schemas; -draft %s for schemas without $schema; %s and %s answered from the corpus.\n\n",
		filepath.Join(corpus, "schemastore"), mode, len(results), len(entries), defaultDraft, SchemaStoreHosts[0], SchemaStoreHosts[1])
	fmt.Print(rep.text)
	var ts []string
	for _, k := range []string{"generate", "oracle", "go vet", "Go documents", "Go arbitraries", "TypeScript"} {
		if d, ok := times[k]; ok {
			ts = append(ts, fmt.Sprintf("%s %.1fs", k, d.Seconds()))
		}
	}
	fmt.Printf("\nTimes: %s.%s\n", strings.Join(ts, ", "), tsNote)
	if p := os.Getenv("SKILLGEN_CORPUS_REPORT"); p != "" {
		if err := os.WriteFile(p, []byte(rep.text), 0o644); err != nil {
			t.Error(err)
		}
	}
	if rep.bugs > 0 {
		t.Errorf("%d bug(s): crash, timeout, or output that does not compile (listed above)", rep.bugs)
	}
	for lang, n := range rep.disagree {
		if n > 0 {
			t.Errorf("%s: %d document(s) judged otherwise than the oracle judges them (listed above)", lang, n)
		}
	}
	if n := rep.crossDiffer; n > 0 {
		t.Errorf("%d document(s) the oracle cannot judge are judged apart by Go and TypeScript (listed above)", n)
	}
	if n := rep.errorsDiffer; n > 0 {
		t.Errorf("%d document(s) both languages refuse with different [pointer, keyword, message] lists (listed above)", n)
	}
	if n := rep.tsUnknown; n > 0 {
		t.Errorf("%d named type(s) or member(s) are unknown in TypeScript where Go has a type (listed above)", n)
	}
	if n := rep.undeclared; n > 0 {
		t.Errorf("%d named type(s) or member(s) of the IR are not declared in the generated Go or TypeScript (listed above)", n)
	}
	if n := rep.unwarned; n > 0 {
		t.Errorf("%d item(s) are any where the schema constrains the value, without a warning saying so (listed above)", n)
	}
	for lang, n := range rep.arbFailed {
		if n > 0 {
			t.Errorf("%s: %d type(s) whose arbitraries give a value that does not parse or write back the same (listed above)", lang, n)
		}
	}
	ran := map[string]bool{}
	for _, r := range results {
		ran[r.Name] = r.outcome == generated
	}
	for _, k := range knownBugs {
		all := true
		for _, s := range k.schemas {
			all = all && ran[s]
		}
		if all && rep.known[k.name] == 0 {
			t.Errorf("known bug %s no longer shows on %v: remove it from knownBugs (%s)", k.name, k.schemas, k.cause)
		}
	}
	if len(names) == 0 && rep.typed.Percent() < minTyped {
		t.Errorf("typed share %.1f%% of the generated Go; want at least %.0f%%", rep.typed.Percent(), minTyped)
	}
	if *full && len(names) == 0 && rep.generated*10 < len(results)*9 {
		t.Errorf("%d of %d schemas generate (%.1f%%); want at least 90%%", rep.generated, len(results), 100*float64(rep.generated)/float64(len(results)))
	}
}

func workDir(t *testing.T) string {
	if dir := os.Getenv(keepEnv); dir != "" {
		p, err := filepath.Abs(dir)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.RemoveAll(p); err != nil {
			t.Fatal(err)
		}
		return p
	}
	return t.TempDir()
}

// childEnv carries a generation job to the test binary run as a child: each schema is
// generated in a process of its own, so that a crash anywhere (a panic in any goroutine, a
// stack overflow) is that schema's bug, not the end of the run.
const childEnv = "SKILLGEN_CORPUS_CHILD"

type job struct {
	Corpus, Name string
	Index        int
	GoDir, TSDir string // the Go module and the TypeScript project
	Result       string // where the child writes its childResult
}

type childResult struct {
	Outcome  outcome
	Reasons  []string
	Detail   string
	Warnings int
	GoName   string // the root type's names ("" without a root type)
	TSName   string
	Typed    Typed
	Types    []typeNames
	TSBytes  int
}

func TestMain(m *testing.M) {
	if j := os.Getenv(childEnv); j != "" {
		os.Exit(child(j))
	}
	os.Exit(m.Run())
}

// child generates one schema (the job in JSON), writes the outputs into the job's module and
// project, and its result into the job's result file.
func child(spec string) int {
	var j job
	if err := json.Unmarshal([]byte(spec), &j); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	var r childResult
	var warnings []string
	pkg := fmt.Sprintf("p%d", j.Index)
	opts := generator.Options{
		SchemaPath: filepath.Join(j.Corpus, "schemastore", "schemas", j.Name+".json"),
		GoOut:      "go/" + pkg, GoPackage: pkg, GoImportPath: "corpusgen/" + pkg, Arbitraries: true,
		TSOut: "ts/" + pkg, TSPackage: pkg, Draft: defaultDraft.String(), RefMaps: RefMaps(j.Corpus),
		Warn: func(err error) { warnings = append(warnings, err.Error()) },
	}
	s, err := generator.Build(opts)
	var outs []generator.Output
	if err == nil {
		outs, err = generator.Emit(s, opts)
	}
	if err != nil {
		var les load.Errors
		var le *load.Error
		switch {
		case errors.As(err, &les):
		case errors.As(err, &le):
			les = load.Errors{le}
		default:
			r.Outcome, r.Detail = bug, "generation failed without a schema error: "+err.Error()
		}
		if len(les) > 0 {
			r.Outcome, r.Detail = refused, les[0].Error()
			seen := map[string]bool{}
			for _, e := range les {
				if c := Reason(e); !seen[c] {
					seen[c] = true
					r.Reasons = append(r.Reasons, c)
				}
			}
			sort.Strings(r.Reasons)
		}
	} else {
		for _, ty := range s.Types {
			file, ptr, _ := strings.Cut(ty.Location, "#")
			if ptr == "" && path.Base(file) == j.Name+".json" {
				r.GoName, r.TSName = ty.GoName, ty.TSName
			}
			n := typeNames{Go: ty.GoName, TS: ty.TSName}
			if ty.Kind == ir.Alias && ty.Alias.Kind == ir.RefNamed {
				n.GoAliasOf = ty.Alias.Named.GoName
			}
			r.Types = append(r.Types, n)
		}
		r.Typed = MeasureTyped(s, outs, opts.GoOut, opts.TSOut, warnings)
		for _, o := range outs {
			var dst string
			if rel, ok := strings.CutPrefix(o.Path, "go/"); ok {
				dst = filepath.Join(j.GoDir, filepath.FromSlash(rel))
			} else if rel, ok := strings.CutPrefix(o.Path, "ts/"+pkg+"/src/"); ok {
				dst = filepath.Join(genrun.SourceDir(j.TSDir, j.Index), filepath.FromSlash(rel))
				r.TSBytes += len(o.Data)
			} else {
				continue
			}
			if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
				fmt.Fprintln(os.Stderr, err)
				return 2
			}
			if err := os.WriteFile(dst, o.Data, 0o644); err != nil {
				fmt.Fprintln(os.Stderr, err)
				return 2
			}
		}
	}
	r.Warnings = len(warnings)
	data, _ := json.Marshal(r)
	if err := os.WriteFile(j.Result, data, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	return 0
}

// generateAll generates every schema, two at a time, each in a child process: one that
// crashes or runs beyond genTimeout is a bug.
func generateAll(t *testing.T, corpus, goDir, tsDir string, entries []Entry) []*result {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	jobs := filepath.Join(filepath.Dir(goDir), "jobs")
	if err := os.MkdirAll(jobs, 0o755); err != nil {
		t.Fatal(err)
	}
	results := make([]*result, len(entries))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for i, e := range entries {
		r := &result{Entry: e}
		results[i] = r
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			j := job{Corpus: corpus, Name: e.Name, Index: e.Index, GoDir: goDir, TSDir: tsDir, Result: filepath.Join(jobs, fmt.Sprintf("p%d.json", e.Index))}
			spec, _ := json.Marshal(j)
			ctx, cancel := context.WithTimeout(context.Background(), genTimeout)
			defer cancel()
			cmd := exec.CommandContext(ctx, self, "-test.run=^$")
			cmd.Env = append(os.Environ(), childEnv+"="+string(spec))
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			start := time.Now()
			err := cmd.Run()
			r.genTime = time.Since(start)
			var cr childResult
			data, rerr := os.ReadFile(j.Result)
			switch {
			case ctx.Err() != nil:
				r.outcome, r.detail = bug, fmt.Sprintf("timeout: generation took longer than %v", genTimeout)
				return
			case err != nil || rerr != nil || json.Unmarshal(data, &cr) != nil:
				r.outcome, r.detail = bug, "crash: "+genrun.FirstLines(stderr.String(), 12)
				return
			}
			r.outcome, r.reasons, r.detail, r.warnings, r.typed, r.types, r.tsBytes = cr.Outcome, cr.Reasons, cr.Detail, cr.Warnings, cr.Typed, cr.Types, cr.TSBytes
			if cr.GoName != "" {
				r.root = &ir.Type{GoName: cr.GoName, TSName: cr.TSName}
			}
		}()
	}
	wg.Wait()
	for _, r := range results {
		docs, err := Documents(corpus, r.Name)
		if err != nil {
			t.Fatal(err)
		}
		r.docs = docs
	}
	return results
}

// judgeAll has the oracle judge every document (two schemas at a time).
func judgeAll(corpus string, results []*result) {
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for _, r := range results {
		wg.Add(1)
		go func(r *result) {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			r.oracle = make([]int, len(r.docs))
			for i := range r.oracle {
				r.oracle[i] = -1
			}
			sch, err := Oracle(corpus, r.Name, defaultDraft)
			if err != nil {
				r.oracleErr = oneLine(err.Error())
				return
			}
			r.oracleOK = true
			for i, d := range r.docs {
				v, err := jsonschema.UnmarshalJSON(bytes.NewReader(d.Data))
				if err != nil {
					continue
				}
				if sch.Validate(v) == nil {
					r.oracle[i] = 1
				} else {
					r.oracle[i] = 0
				}
			}
		}(r)
	}
	wg.Wait()
}

// goSum are the go.sum lines of the module the generated arbitraries need.
func goSum() ([]byte, error) {
	root, err := datadir.RepoRoot()
	if err != nil {
		return nil, err
	}
	data, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		return nil, err
	}
	var out []byte
	for _, line := range strings.SplitAfter(string(data), "\n") {
		if strings.HasPrefix(line, "pgregory.net/rapid ") {
			out = append(out, line...)
		}
	}
	return out, nil
}

// writeGoMod makes dir, where the children wrote the generated Go packages, the module
// corpusgen.
func writeGoMod(dir string) error {
	sum, err := goSum()
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module corpusgen\n\ngo 1.26\n\nrequire pgregory.net/rapid v1.3.0\n"), 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644)
}

var goPkgRe = regexp.MustCompile(`(?m)^(?:# corpusgen/|vet: |\./)?p(\d+)[/ :\n]`)

// vetGo runs go vet once over the module; a package it complains about is a bug.
func vetGo(t *testing.T, dir string, results []*result) {
	if !anyGenerated(results) {
		return
	}
	cmd := exec.Command("go", "vet", "./...")
	cmd.Dir = dir
	cmd.Env = genrun.GoEnv()
	out, err := cmd.CombinedOutput()
	if err == nil {
		return
	}
	blamed := map[int][]string{}
	for _, line := range strings.Split(string(out), "\n") {
		if m := goPkgRe.FindStringSubmatch(line + "\n"); m != nil {
			i, _ := strconv.Atoi(m[1])
			blamed[i] = append(blamed[i], line)
		}
	}
	if len(blamed) == 0 {
		t.Fatalf("go vet failed on the generated module: %v\n%s", err, genrun.FirstLines(string(out), 30))
	}
	for _, r := range results {
		if lines, ok := blamed[r.Index]; ok && r.outcome == generated {
			r.outcome, r.detail = bug, "go vet: "+genrun.FirstLines(strings.Join(lines, "\n"), 6)
		}
	}
}

func anyGenerated(results []*result) bool {
	for _, r := range results {
		if r.outcome == generated {
			return true
		}
	}
	return false
}

// cases lists every document of the generated schemas with a root type, in the runners' form.
func cases(results []*result, name func(*ir.Type) string) ([]genrun.Case, [][2]int) {
	var out []genrun.Case
	var where [][2]int // result index, document index
	for ri, r := range results {
		if r.outcome != generated || r.root == nil {
			continue
		}
		for di, d := range r.docs {
			out = append(out, genrun.Case{Package: r.Index, Type: name(r.root), Data: d.Data})
			where = append(where, [2]int{ri, di})
		}
	}
	return out, where
}

// runGo runs every document through the Go of its schema's root type twice: ParseT (the typed
// API) and Validate (the schema's verdict).
func runGo(t *testing.T, dir string, results []*result) {
	cs, where := cases(results, func(ty *ir.Type) string { return ty.GoName })
	setVerdicts(results, where, goVerdicts(t, dir, results, cs, where, genrun.Parse), func(r *result) *[]genrun.Verdict { return &r.goV })
	setVerdicts(results, where, goVerdicts(t, dir, results, cs, where, genrun.Validate), func(r *result) *[]genrun.Verdict { return &r.goVal })
}

// setVerdicts files the verdicts of one entry point of one language by schema and document.
func setVerdicts(results []*result, where [][2]int, verdicts []genrun.Verdict, field func(*result) *[]genrun.Verdict) {
	for i, v := range verdicts {
		r := results[where[i][0]]
		f := field(r)
		if *f == nil {
			*f = make([]genrun.Verdict, len(r.docs))
		}
		(*f)[where[i][1]] = v
	}
}

// goVerdicts runs cases through the generated Go: only the packages the cases name go into the
// program (go vet compiled the rest).
func goVerdicts(t *testing.T, dir string, results []*result, cs []genrun.Case, where [][2]int, entry genrun.Entry) []genrun.Verdict {
	if len(cs) == 0 {
		return nil
	}
	n := 0
	for _, r := range results {
		n = max(n, r.Index+1)
	}
	pkgs := make([]string, n)
	for _, w := range where {
		r := results[w[0]]
		pkgs[r.Index] = fmt.Sprintf("corpusgen/p%d", r.Index)
	}
	verdicts, err := genrun.RunGo(dir, "corpusgen", pkgs, cs, entry)
	if err != nil {
		t.Fatal(err)
	}
	return verdicts
}

// arbitraryCases lists every named type of the generated schemas, one case each.
func arbitraryCases(results []*result, name func(typeNames) string) ([]genrun.Case, [][2]int) {
	var out []genrun.Case
	var where [][2]int // result index, type index
	for ri, r := range results {
		if r.outcome != generated {
			continue
		}
		for ti, ty := range r.types {
			out = append(out, genrun.Case{Package: r.Index, Type: name(ty)})
			where = append(where, [2]int{ri, ti})
		}
	}
	return out, where
}

// setArbitrary files the arbitraries verdicts of one language by schema and type.
func setArbitrary(results []*result, where [][2]int, verdicts []genrun.Verdict, field func(*result) *[]genrun.Verdict) {
	for i, v := range verdicts {
		r := results[where[i][0]]
		f := field(r)
		if *f == nil {
			*f = make([]genrun.Verdict, len(r.types))
		}
		(*f)[where[i][1]] = v
	}
}

// arbitrariesGo draws values of every named type from the generated rapid arbitraries; each
// must parse with Parse and write back the same.
func arbitrariesGo(t *testing.T, dir string, results []*result) {
	cs, where := arbitraryCases(results, func(n typeNames) string { return n.Go })
	setArbitrary(results, where, goVerdicts(t, dir, results, cs, where, genrun.Arbitrary), func(r *result) *[]genrun.Verdict { return &r.goArb })
}

var tsPkgRe = regexp.MustCompile(`(?m)^src/p(\d+)/`)

// runTS writes the generated TypeScript packages into one project, compiles them with tsc
// (strict) in chunks of about 20 MB, and parses every document with them.
func runTS(t *testing.T, dir string, results []*result) string {
	root, err := datadir.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	ts, err := genrun.FindTS(root)
	if err != nil {
		t.Fatal(err)
	}
	if ts == nil {
		return " TypeScript skipped: node is not installed."
	}
	if err := ts.Project(dir); err != nil {
		t.Fatal(err)
	}
	var chunks [][]int
	size := 0
	for _, r := range results {
		if r.outcome != generated {
			continue
		}
		if len(chunks) == 0 || size+r.tsBytes > 20<<20 {
			chunks = append(chunks, nil)
			size = 0
		}
		chunks[len(chunks)-1] = append(chunks[len(chunks)-1], r.Index)
		size += r.tsBytes
	}
	if len(chunks) == 0 {
		return ""
	}
	diag, err := ts.Compile(dir, chunks)
	if err != nil {
		t.Fatal(err)
	}
	blamed := map[int][]string{}
	for _, line := range strings.Split(diag, "\n") {
		if m := tsPkgRe.FindStringSubmatch(line); m != nil {
			i, _ := strconv.Atoi(m[1])
			blamed[i] = append(blamed[i], line)
		} else if strings.TrimSpace(line) != "" && !strings.HasPrefix(line, " ") {
			t.Errorf("tsc: %s", line)
		}
	}
	for _, r := range results {
		if lines, ok := blamed[r.Index]; ok && r.outcome == generated {
			r.outcome, r.detail = bug, "tsc: "+genrun.FirstLines(strings.Join(lines, "\n"), 6)
		}
	}
	// Every document through parseT (the typed API) and validateT (the schema's verdict).
	cs, where := cases(results, func(ty *ir.Type) string { return ty.TSName })
	verdicts, err := ts.Run(dir, cs, genrun.Parse)
	if err != nil {
		t.Error(err)
	}
	setVerdicts(results, where, verdicts, func(r *result) *[]genrun.Verdict { return &r.tsV })
	verdicts, err = ts.Run(dir, cs, genrun.Validate)
	if err != nil {
		t.Error(err)
	}
	setVerdicts(results, where, verdicts, func(r *result) *[]genrun.Verdict { return &r.tsVal })
	// The fast-check arbitraries of every named type: values that parseT reads back the same.
	start := time.Now()
	acs, awhere := arbitraryCases(results, func(n typeNames) string { return n.TS })
	verdicts, err = ts.Run(dir, acs, genrun.Arbitrary)
	if err != nil {
		t.Error(err)
	}
	setArbitrary(results, awhere, verdicts, func(r *result) *[]genrun.Verdict { return &r.tsArb })
	return fmt.Sprintf(" tsc ran %d time(s); the TypeScript arbitraries took %.1fs of it.", len(chunks), time.Since(start).Seconds())
}

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}

var _ = update
