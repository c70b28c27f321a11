package main

// The mutation tools of the field, run beside the semantic list: StrykerJS over the generated
// TypeScript behaviour (tsconformance/stryker.config.json) and gremlins over the generated Go
// protocol and SuperAuditor behaviour (gen/go/protocol.go and superauditor.go, the copies of
// templates/go/protocol.go.tmpl and superauditor.go.tmpl). Each runs in a scratch copy of the
// repository and its score is printed per file. See docs/mutation.md.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"go/scanner"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"
)

// gremlinsVersion is the gremlins release the Go runs install (go install ...@version).
const gremlinsVersion = "v0.6.0"

// strykerSample is the fixed sample of the bounded StrykerJS run (make test): the code of rules
// the specifications name (parseVersion's leading-zero rule, capability filtering, the severity
// order, the lexical-probe rule, the push's fetch and cap), without the lines that build error
// messages. The runtime's pointer code, which nearly every test reaches (so that each of its
// mutants reruns most of the suites), is left to the whole run.
var strykerSample = []string{
	"gen/ts/src/protocol.ts:92:9-92:37",
	"gen/ts/src/protocol.ts:865",
	"gen/ts/src/superauditor.ts:87",
	"gen/ts/src/superauditor.ts:164:9-164:47",
	"gen/ts/src/superauditor.ts:618",
	"gen/ts/src/superauditor.ts:626-627",
}

// fileScore is the outcome of one tool on one file.
type fileScore struct {
	File                                  string
	Killed, Timeout, Survived, NoCoverage int
	Other                                 int        // not counted: compile errors, not viable, skipped
	Survivors                             []survivor // survived or not covered
}

// survivor is a mutant no test detected.
type survivor struct {
	Line, Column int
	Status       string // Survived or NoCoverage (StrykerJS), LIVED or NOT COVERED (gremlins)
	Mutator      string
	Replacement  string // StrykerJS only
	Code         string // the mutated line of the original file, trimmed (see withCode)
}

func (m survivor) String() string {
	s := fmt.Sprintf("%d:%d %s %s", m.Line, m.Column, m.Status, m.Mutator)
	if m.Replacement != "" {
		s += fmt.Sprintf(" (%q)", oneLine(m.Replacement))
	}
	return s
}

// withCode fills in the Code of every survivor from the files under dir.
func withCode(dir string, scores []fileScore) {
	for i := range scores {
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(scores[i].File)))
		if err != nil {
			continue
		}
		lines := strings.Split(string(data), "\n")
		for j := range scores[i].Survivors {
			if n := scores[i].Survivors[j].Line; n >= 1 && n <= len(lines) {
				scores[i].Survivors[j].Code = strings.TrimSpace(lines[n-1])
			}
		}
	}
}

// Score is the mutation score of the file: detected (killed or timed out) over every mutant
// that ran or that no test reaches (StrykerJS's definition).
func (s fileScore) Score() float64 {
	n := s.Killed + s.Timeout + s.Survived + s.NoCoverage
	if n == 0 {
		return 100
	}
	return 100 * float64(s.Killed+s.Timeout) / float64(n)
}

// printScores writes one line per file and the survivors, each with why it is equivalent where
// equivalents.go says so, and reports whether every file reaches threshold and every survivor
// is a known equivalent.
func printScores(w io.Writer, tool string, scores []fileScore, threshold float64) bool {
	ok := true
	fmt.Fprintf(w, "%-10s %-34s %7s %7s %7s %8s %11s %6s\n", "tool", "file", "score", "killed", "timeout", "survived", "no coverage", "other")
	for _, s := range scores {
		fmt.Fprintf(w, "%-10s %-34s %6.1f%% %7d %7d %8d %11d %6d\n", tool, s.File, s.Score(), s.Killed, s.Timeout, s.Survived, s.NoCoverage, s.Other)
		if s.Score() < threshold {
			ok = false
		}
	}
	unexplained := 0
	for _, s := range scores {
		for _, m := range s.Survivors {
			if why, known := explain(s.File, m); known {
				fmt.Fprintf(w, "  survived: %s:%s, equivalent: %s\n", s.File, m, why)
			} else {
				fmt.Fprintf(w, "  survived: %s:%s, NOT EXPLAINED: %s\n", s.File, m, m.Code)
				unexplained++
			}
		}
	}
	if !ok {
		fmt.Fprintf(w, "%s: a file scores below %.0f%%\n", tool, threshold)
	}
	if unexplained > 0 {
		fmt.Fprintf(w, "%s: %d surviving mutants are not known equivalents (mutation/equivalents.go): kill them with a test or explain them\n", tool, unexplained)
	}
	return ok && unexplained == 0
}

// scratch copies the snapshot base into a new folder and links tsconformance/node_modules.
func scratch(root, base string, files []string, withNodeModules bool) (string, error) {
	dir, err := os.MkdirTemp("", "skillgen-mutation-tool-")
	if err != nil {
		return "", err
	}
	if err := copyTree(base, dir, files); err != nil {
		os.RemoveAll(dir)
		return "", err
	}
	if withNodeModules {
		nm := filepath.Join(root, "tsconformance", "node_modules")
		if _, err := os.Stat(filepath.Join(nm, "@stryker-mutator", "core")); err != nil {
			os.RemoveAll(dir)
			return "", errors.New("tsconformance/node_modules has no @stryker-mutator/core: run npm ci in tsconformance first")
		}
		if err := os.Symlink(nm, filepath.Join(dir, "tsconformance", "node_modules")); err != nil {
			os.RemoveAll(dir)
			return "", err
		}
	}
	return dir, nil
}

// runTool runs name in dir, its output to log, within timeout.
func runTool(dir string, env []string, timeout time.Duration, log io.Writer, name string, args ...string) error {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), append([]string{"NO_COLOR=1", "FORCE_COLOR=0", "CI=1"}, env...)...)
	cmd.Stdout = log
	cmd.Stderr = log
	err := cmd.Run()
	if ctx.Err() != nil {
		return fmt.Errorf("%s did not finish within %s", name, timeout)
	}
	return err
}

// runStryker runs StrykerJS (the whole configuration, or strykerSample when bounded) and
// returns the score per file.
func runStryker(root, base string, files []string, bounded bool, timeout time.Duration) ([]fileScore, error) {
	dir, err := scratch(root, base, files, true)
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	config := "tsconformance/stryker.config.json"
	if bounded {
		// The sample, with the suites that reach it only (the first, instrumented run of every
		// suite would take longer than the sample itself).
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(config)))
		if err != nil {
			return nil, err
		}
		var c map[string]any
		if err := json.Unmarshal(data, &c); err != nil {
			return nil, fmt.Errorf("%s: %v", config, err)
		}
		c["mutate"] = strykerSample
		c["vitest"] = map[string]any{"configFile": "tsconformance/vitest.stryker.bounded.config.ts", "dir": "tsconformance"}
		delete(c, "$schema")
		if data, err = json.MarshalIndent(c, "", "  "); err != nil {
			return nil, err
		}
		config = "tsconformance/stryker.bounded.config.json"
		if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(config)), data, 0o644); err != nil {
			return nil, err
		}
	}
	args := []string{"tsconformance/node_modules/@stryker-mutator/core/bin/stryker.js", "run", config}
	// The progress reporter's lines go to stderr as they come: a run takes minutes to hours.
	args = append(args, "--reporters", "clear-text,json,progress-append-only")
	var log bytes.Buffer
	if err := runTool(dir, nil, timeout, io.MultiWriter(&log, progress{}), "node", args...); err != nil {
		return nil, fmt.Errorf("stryker: %v\n%s", err, tail(log.String(), 40))
	}
	data, err := os.ReadFile(filepath.Join(dir, "stryker-report.json"))
	if err != nil {
		return nil, fmt.Errorf("stryker wrote no report: %v\n%s", err, tail(log.String(), 40))
	}
	scores, err := strykerScores(data)
	if err != nil {
		return nil, err
	}
	withCode(dir, scores)
	return scores, nil
}

// strykerScores reads a report of the mutation-testing-report-schema (StrykerJS's JSON reporter).
func strykerScores(data []byte) ([]fileScore, error) {
	var report struct {
		Files map[string]struct {
			Mutants []struct {
				MutatorName string `json:"mutatorName"`
				Replacement string `json:"replacement"`
				Status      string `json:"status"`
				Location    struct {
					Start struct{ Line, Column int } `json:"start"`
				} `json:"location"`
			} `json:"mutants"`
		} `json:"files"`
	}
	if err := json.Unmarshal(data, &report); err != nil {
		return nil, fmt.Errorf("stryker report: %v", err)
	}
	var out []fileScore
	for _, name := range slices.Sorted(mapKeys(report.Files)) {
		s := fileScore{File: name}
		for _, m := range report.Files[name].Mutants {
			switch m.Status {
			case "Killed":
				s.Killed++
			case "Timeout":
				s.Timeout++
			case "Survived", "NoCoverage":
				if m.Status == "Survived" {
					s.Survived++
				} else {
					s.NoCoverage++
				}
				s.Survivors = append(s.Survivors, survivor{Line: m.Location.Start.Line, Column: m.Location.Start.Column, Status: m.Status, Mutator: m.MutatorName, Replacement: m.Replacement})
			default:
				s.Other++
			}
		}
		out = append(out, s)
	}
	return out, nil
}

// goModForGen is the go.mod that makes gen/go a module of its own in the scratch copy, so that
// gremlins (which tests the module it is started in) runs the tests of gen/go alone.
const goModForGen = `module github.com/skillgen/skillgen/gen/go

go 1.26.8

require (
	github.com/google/go-cmp v0.7.0
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
	pgregory.net/rapid v1.3.0
)

require golang.org/x/text v0.14.0 // indirect
`

// gremlinsSample is the fixed sample of the bounded gremlins run (make test), each a line of
// gen/go named by its text (trimmed), which must occur exactly once in the file: the rules the
// specifications name (the severity order of the lexical-probe rule, the push's cap per kind,
// MAJOR compatibility, capability filtering). About eight mutants.
var gremlinsSample = []struct{ File, Code string }{
	{"superauditor.go", "if s := m[kind]; s.Rank() > SeverityInfo.Rank() {"},
	{"superauditor.go", "if perKind[f.Kind] < fetch {"},
	{"superauditor.go", "perKind[f.Kind]++"},
	{"protocol.go", "return v.Major == consumer.Major"},
	{"protocol.go", "if d.CapabilityType == t {"},
}

// gremlinsTimeoutCoefficient times the coverage run is how long gremlins lets one mutant's
// go test run, compiling included. The coverage run compiles from a warm cache, a mutant
// recompiles the package and its tests: at 4 (the earlier setting), most mutants timed out on a
// loaded machine (48 of 76), counted as detected without any test having failed.
const gremlinsTimeoutCoefficient = 20

// gremlinsBoundedSkip is the go test -skip pattern of the bounded gremlins run.
const gremlinsBoundedSkip = "^(TestConsumerDeadline|TestHostileDocuments|TestOnePass|TestIdleParsers|Fuzz)"

// gremlinsExcludes returns the -E pattern that leaves out every non-test Go file of dir but
// protocol.go and superauditor.go.
func gremlinsExcludes(dir string) (string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "", err
	}
	var names []string
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") || n == "protocol.go" || n == "superauditor.go" {
			continue
		}
		names = append(names, regexp.QuoteMeta(strings.TrimSuffix(n, ".go")))
	}
	if len(names) == 0 {
		return `^$`, nil
	}
	return `(^|/)(` + strings.Join(names, "|") + `)\.go$`, nil
}

// markSample makes dir a git repository whose one commit holds its files without the sampled
// lines, and leaves the files as they were: git diff HEAD then shows exactly those lines as
// added, which is what gremlins' diff mode mutates.
func markSample(dir string, sample []struct{ File, Code string }) error {
	drop := map[string]map[int]bool{}
	orig := map[string][]byte{}
	for _, s := range sample {
		if _, ok := orig[s.File]; !ok {
			data, err := os.ReadFile(filepath.Join(dir, s.File))
			if err != nil {
				return err
			}
			orig[s.File], drop[s.File] = data, map[int]bool{}
		}
		n := 0
		for i, l := range strings.Split(string(orig[s.File]), "\n") {
			if strings.TrimSpace(l) == s.Code {
				drop[s.File][i] = true
				n++
			}
		}
		if n != 1 {
			return fmt.Errorf("gremlins sample: %q occurs %d times in gen/go/%s, want once", s.Code, n, s.File)
		}
	}
	git := func(args ...string) error {
		var log bytes.Buffer
		args = append([]string{"-c", "user.name=mutation", "-c", "user.email=mutation@localhost", "-c", "commit.gpgsign=false"}, args...)
		if err := runTool(dir, nil, time.Minute, &log, "git", args...); err != nil {
			return fmt.Errorf("git %s: %v\n%s", strings.Join(args, " "), err, log.String())
		}
		return nil
	}
	// No context lines: gremlins takes each hunk's added lines as one run from its first, so
	// two sampled lines close enough to share a hunk would otherwise be misplaced.
	if err := git("init", "-q"); err != nil {
		return err
	}
	if err := git("config", "diff.context", "0"); err != nil {
		return err
	}
	for _, name := range slices.Sorted(mapKeys(orig)) {
		var kept []string
		for i, l := range strings.Split(string(orig[name]), "\n") {
			if !drop[name][i] {
				kept = append(kept, l)
			}
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(strings.Join(kept, "\n")), 0o644); err != nil {
			return err
		}
	}
	names := slices.Sorted(mapKeys(orig))
	if err := git(append([]string{"add", "--"}, names...)...); err != nil {
		return err
	}
	if err := git("commit", "-q", "-m", "sample"); err != nil {
		return err
	}
	for name, data := range orig {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// gremlinsBinary finds gremlins on PATH or in the Go bin folder, or installs the pinned release
// into a cache folder.
func gremlinsBinary() (string, error) {
	if p, err := exec.LookPath("gremlins"); err == nil {
		return p, nil
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	bin := filepath.Join(cache, "skillgen-mutation", "gremlins-"+gremlinsVersion)
	p := filepath.Join(bin, "gremlins")
	if _, err := os.Stat(p); err == nil {
		return p, nil
	}
	var log bytes.Buffer
	if err := runTool(".", []string{"GOBIN=" + bin}, 10*time.Minute, &log, "go", "install", "github.com/go-gremlins/gremlins/cmd/gremlins@"+gremlinsVersion); err != nil {
		return "", fmt.Errorf("go install gremlins@%s: %v\n%s", gremlinsVersion, err, tail(log.String(), 20))
	}
	return p, nil
}

// runGremlins runs gremlins over gen/go/protocol.go and superauditor.go (bounded: the boundary
// and loop-control mutants of protocol.go only) and returns the score per file.
func runGremlins(root, base string, files []string, bounded bool, jobs int, timeout time.Duration) ([]fileScore, error) {
	bin, err := gremlinsBinary()
	if err != nil {
		return nil, err
	}
	dir, err := scratch(root, base, files, false)
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	sum, err := os.ReadFile(filepath.Join(dir, "go.sum"))
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "gen", "go", "go.mod"), []byte(goModForGen), 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "gen", "go", "go.sum"), sum, 0o644); err != nil {
		return nil, err
	}
	// gremlins mutates every Go file of the module but those excluded: exclude all but the two.
	exclude, err := gremlinsExcludes(filepath.Join(dir, "gen", "go"))
	if err != nil {
		return nil, err
	}
	args := []string{"unleash", "--workers", fmt.Sprint(jobs), "--test-cpu", "1", "--timeout-coefficient", fmt.Sprint(gremlinsTimeoutCoefficient),
		"-E", exclude, "-E", "arbitrary/", "-o", "gremlins-report.json", "--invert-logical", "--invert-loopctrl"}
	env := []string{"GOFLAGS=-count=1", "GOPROXY=off"}
	if bounded {
		// The sample: gremlins' diff mode mutates only the lines a git diff shows as added, so
		// the scratch gen/go becomes a repository whose one commit lacks the sampled lines.
		if err := markSample(filepath.Join(dir, "gen", "go"), gremlinsSample); err != nil {
			return nil, err
		}
		args = append(args, "--diff", "HEAD")
		// The slowest tests, which are not the tests of the sampled rules and take most of the
		// suite's time (the consumer deadlines, the hostile documents, the one-pass decoder, the
		// fuzz seeds).
		env[0] = "GOFLAGS=-count=1 -skip=" + gremlinsBoundedSkip
	}
	args = append(args, ".")
	var log bytes.Buffer
	// -count=1: the coverage run, which sets the per-mutant timeout, must not come from the
	// test cache.
	if err := runTool(filepath.Join(dir, "gen", "go"), env, timeout, io.MultiWriter(&log, progress{}), bin, args...); err != nil {
		return nil, fmt.Errorf("gremlins: %v\n%s", err, tail(log.String(), 40))
	}
	data, err := os.ReadFile(filepath.Join(dir, "gen", "go", "gremlins-report.json"))
	if err != nil {
		return nil, fmt.Errorf("gremlins wrote no report: %v\n%s", err, tail(log.String(), 40))
	}
	// gremlins cannot see coverage inside the conditions of case clauses; run those mutants here.
	data, err = recheckNotCovered(filepath.Join(dir, "gen", "go"), data, env, timeout)
	if err != nil {
		return nil, err
	}
	scores, err := gremlinsScores(data)
	if err != nil {
		return nil, err
	}
	withCode(dir, scores)
	return scores, nil
}

// gremlinsSwap is what each gremlins mutator makes of a token.
var gremlinsSwap = map[string]map[token.Token]token.Token{
	"CONDITIONALS_BOUNDARY": {token.LSS: token.LEQ, token.LEQ: token.LSS, token.GTR: token.GEQ, token.GEQ: token.GTR},
	"CONDITIONALS_NEGATION": {token.EQL: token.NEQ, token.NEQ: token.EQL, token.LSS: token.GEQ, token.GEQ: token.LSS, token.GTR: token.LEQ, token.LEQ: token.GTR},
	"ARITHMETIC_BASE":       {token.ADD: token.SUB, token.SUB: token.ADD, token.MUL: token.QUO, token.QUO: token.MUL, token.REM: token.MUL},
	"INCREMENT_DECREMENT":   {token.INC: token.DEC, token.DEC: token.INC},
	"INVERT_LOGICAL":        {token.LAND: token.LOR, token.LOR: token.LAND},
	"INVERT_LOOPCTRL":       {token.BREAK: token.CONTINUE, token.CONTINUE: token.BREAK},
	"INVERT_NEGATIVES":      {token.SUB: token.ADD},
}

// applyAt replaces the token at line:column of src as mutator would, or reports that it cannot.
func applyAt(src []byte, line, column int, mutator string) ([]byte, error) {
	swap, ok := gremlinsSwap[mutator]
	if !ok {
		return nil, fmt.Errorf("mutator %s is not known", mutator)
	}
	fset := token.NewFileSet()
	f := fset.AddFile("", fset.Base(), len(src))
	var sc scanner.Scanner
	sc.Init(f, src, nil, 0)
	for {
		pos, tok, _ := sc.Scan()
		if tok == token.EOF {
			return nil, fmt.Errorf("no token at %d:%d", line, column)
		}
		p := fset.Position(pos)
		if p.Line != line || p.Column != column {
			continue
		}
		to, ok := swap[tok]
		if !ok {
			return nil, fmt.Errorf("%d:%d is %s, which %s does not change", line, column, tok, mutator)
		}
		off := p.Offset
		out := append([]byte{}, src[:off]...)
		out = append(out, to.String()...)
		return append(out, src[off+len(tok.String()):]...), nil
	}
}

// recheckNotCovered runs, with go test in dir, every mutant gremlins reported as not covered,
// and rewrites its status in the report as KILLED, TIMED OUT or LIVED.
func recheckNotCovered(dir string, data []byte, env []string, timeout time.Duration) ([]byte, error) {
	var report map[string]any
	if err := json.Unmarshal(data, &report); err != nil {
		return nil, fmt.Errorf("gremlins report: %v", err)
	}
	files, _ := report["files"].([]any)
	for _, fv := range files {
		f, _ := fv.(map[string]any)
		name, _ := f["file_name"].(string)
		muts, _ := f["mutations"].([]any)
		for _, mv := range muts {
			m, _ := mv.(map[string]any)
			if m["status"] != "NOT COVERED" {
				continue
			}
			line, _ := m["line"].(float64)
			col, _ := m["column"].(float64)
			typ, _ := m["type"].(string)
			path := filepath.Join(dir, name)
			orig, err := os.ReadFile(path)
			if err != nil {
				return nil, err
			}
			mutated, err := applyAt(orig, int(line), int(col), typ)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", name, err)
			}
			if err := os.WriteFile(path, mutated, 0o644); err != nil {
				return nil, err
			}
			var log bytes.Buffer
			err = runTool(dir, env, min(timeout, 10*time.Minute), &log, "go", "test", "-failfast", ".")
			switch {
			case err == nil:
				m["status"] = "LIVED"
			case strings.Contains(err.Error(), "did not finish"):
				m["status"] = "TIMED OUT"
			case strings.Contains(log.String(), "[build failed]"):
				m["status"] = "NOT VIABLE"
			default:
				m["status"] = "KILLED"
			}
			fmt.Fprintf(os.Stderr, "mutation: gremlins' not-covered %s at %s:%d:%d: %s\n", typ, name, int(line), int(col), m["status"])
			if err := os.WriteFile(path, orig, 0o644); err != nil {
				return nil, err
			}
		}
	}
	return json.Marshal(report)
}

// gremlinsScores reads gremlins' JSON report. A timed-out mutant counts as detected, as in
// StrykerJS: the suite did not pass. Not-covered mutants count against the score (gremlins'
// own efficacy leaves them out).
func gremlinsScores(data []byte) ([]fileScore, error) {
	var report struct {
		Files []struct {
			Name      string `json:"file_name"`
			Mutations []struct {
				Type   string `json:"type"`
				Status string `json:"status"`
				Line   int    `json:"line"`
				Column int    `json:"column"`
			} `json:"mutations"`
		} `json:"files"`
	}
	if err := json.Unmarshal(data, &report); err != nil {
		return nil, fmt.Errorf("gremlins report: %v", err)
	}
	var out []fileScore
	for _, f := range report.Files {
		s := fileScore{File: "gen/go/" + f.Name}
		for _, m := range f.Mutations {
			switch m.Status {
			case "KILLED":
				s.Killed++
			case "TIMED OUT":
				s.Timeout++
			case "SKIPPED": // outside the sample of a bounded run
				continue
			case "LIVED", "NOT COVERED":
				if m.Status == "LIVED" {
					s.Survived++
				} else {
					s.NoCoverage++
				}
				s.Survivors = append(s.Survivors, survivor{Line: m.Line, Column: m.Column, Status: m.Status, Mutator: m.Type})
			default:
				s.Other++
			}
		}
		out = append(out, s)
	}
	slices.SortFunc(out, func(a, b fileScore) int { return strings.Compare(a.File, b.File) })
	return out, nil
}

// progress copies a tool's output to stderr, where its per-mutant lines show how far a long run
// has come.
type progress struct{}

func (progress) Write(p []byte) (int, error) { return os.Stderr.Write(p) }

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return s
}

func tail(s string, lines int) string {
	ls := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(ls) > lines {
		ls = ls[len(ls)-lines:]
	}
	return strings.Join(ls, "\n")
}
