// Command mutation applies each semantic mutation of list.go to a scratch copy of the
// repository, regenerates gen/ when the mutation is in a template or the schema, runs the suite
// of the mutation's language that must kill it, and reports every mutation as killed or
// survived. It exits 1 when any mutation survives or cannot be run. See docs/mutation.md.
//
//	go run ./mutation              every mutation of the list
//	go run ./mutation -bounded     the CI subset of the list
//	go run ./mutation -run REGEXP  the mutations whose id matches
//	go run ./mutation -tools all   the list, then StrykerJS and gremlins, with the score per file (make mutate)
//	go run ./mutation -tools all -bounded   the bounded run of each (make test)
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Mutation is one semantic change of the generated code, a template or the schema.
type Mutation struct {
	ID      string // unique, kebab-case, starting with the suite's language (go- or ts-)
	Group   string // the Property (P1 … P11), conformance item (C1 … C9) or section it breaks
	Suite   string // the key in suites of the tests that must kill it
	File    string // the file to change, relative to the repository root
	Find    string // the exact text to replace; it occurs exactly once in File
	Replace string // its replacement
	CI      bool   // part of the bounded run
	Why     string // what the mutation breaks
}

// Suite is a test command run in the scratch copy.
type Suite struct {
	Dir  string   // relative to the repository root
	Args []string // the command
}

// vitest is the vitest command of tsconformance/ on the given test files.
func vitest(files ...string) Suite {
	return Suite{Dir: "tsconformance", Args: append([]string{"node", "node_modules/vitest/vitest.mjs", "run"}, files...)}
}

var suites = map[string]Suite{
	"go":              {Dir: ".", Args: []string{"go", "test", "-count=1", "-timeout=10m", "./gen/go"}},
	"go-p11":          {Dir: ".", Args: []string{"go", "test", "-count=1", "-timeout=10m", "./crosscheck"}},
	"ts-superauditor": vitest("test/superauditor.test.ts", "test/superauditor-behaviour.test.ts", "test/superauditor-rules.test.ts"),
	"ts-protocol":     vitest("test/behaviour.test.ts", "test/http.test.ts", "test/protocol-rules.test.ts"),
	"ts-properties":   vitest("test/properties.test.ts"),
	"ts-p11":          vitest("test/property11.test.ts", "test/typesystem.test.ts", "test/vectors.test.ts"),
}

// generated reports whether a mutation of file needs gen/ to be regenerated.
func generated(file string) bool {
	return strings.HasPrefix(file, "templates/") || strings.HasPrefix(file, "schema/")
}

// Outcome is what happened to one mutation.
type Outcome struct {
	M       Mutation
	Result  string // killed, survived or invalid
	Detail  string // the tests that failed, or why the mutation could not be run
	Elapsed time.Duration
	Output  string
}

func main() {
	bounded := flag.Bool("bounded", false, "run only the mutations marked CI (the bounded run of make test)")
	runRE := flag.String("run", "", "run only the mutations whose id matches this regular expression")
	jobs := flag.Int("j", 2, "mutations run at the same time")
	verbose := flag.Bool("v", false, "print the test output of every mutation that is not killed")
	list := flag.Bool("list", false, "list the mutations and exit")
	timeout := flag.Duration("timeout", 8*time.Minute, "the longest one mutation may run; a suite still running then counts as killed")
	tools := flag.String("tools", "list", "what to run: list (the semantic list), stryker, gremlins, or all; comma-separated")
	threshold := flag.Float64("threshold", 90, "the least mutation score, in percent, of every file a tool mutates")
	toolTimeout := flag.Duration("tool-timeout", 6*time.Hour, "the longest one tool run may take")
	flag.Parse()
	want := map[string]bool{}
	for _, t := range strings.Split(*tools, ",") {
		switch t = strings.TrimSpace(t); t {
		case "all":
			want["list"], want["stryker"], want["gremlins"] = true, true, true
		case "list", "stryker", "gremlins":
			want[t] = true
		default:
			fmt.Fprintf(os.Stderr, "mutation: -tools: unknown %q (want list, stryker, gremlins or all)\n", t)
			os.Exit(2)
		}
	}

	root, err := repoRoot()
	if err != nil {
		fmt.Fprintln(os.Stderr, "mutation:", err)
		os.Exit(2)
	}
	selected, err := selectMutations(*bounded, *runRE)
	if err != nil {
		fmt.Fprintln(os.Stderr, "mutation:", err)
		os.Exit(2)
	}
	if *list {
		for _, m := range selected {
			fmt.Printf("%-44s %-8s %-16s %s\n", m.ID, m.Group, m.Suite, m.Why)
		}
		return
	}
	files, err := trackedFiles(root)
	if err != nil {
		fmt.Fprintln(os.Stderr, "mutation:", err)
		os.Exit(2)
	}
	// Every scratch copy is made from one snapshot of the tree, taken now, so that editing the
	// working tree during a run does not change what the remaining mutations see.
	base, err := os.MkdirTemp("", "skillgen-mutation-base-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "mutation:", err)
		os.Exit(2)
	}
	defer os.RemoveAll(base)
	if err := copyTree(root, base, files); err != nil {
		fmt.Fprintln(os.Stderr, "mutation: snapshot:", err)
		os.RemoveAll(base)
		os.Exit(2)
	}
	failed := false
	if want["list"] {
		start := time.Now()
		outcomes := runAll(root, base, files, selected, max(*jobs, 1), *timeout)
		failed = report(os.Stdout, outcomes, time.Since(start), *verbose)
	}
	if want["stryker"] {
		start := time.Now()
		fmt.Fprintln(os.Stderr, "mutation: StrykerJS over the TypeScript behaviour (tsconformance/stryker.config.json)")
		scores, err := runStryker(root, base, files, *bounded, *toolTimeout)
		if err != nil {
			fmt.Fprintln(os.Stdout, "mutation:", err)
			failed = true
		} else if !printScores(os.Stdout, "stryker", scores, *threshold) {
			failed = true
		}
		fmt.Fprintf(os.Stdout, "mutation: StrykerJS ran in %s\n", time.Since(start).Round(time.Second))
	}
	if want["gremlins"] {
		start := time.Now()
		fmt.Fprintln(os.Stderr, "mutation: gremlins over gen/go/protocol.go and superauditor.go")
		scores, err := runGremlins(root, base, files, *bounded, max(*jobs, 1), *toolTimeout)
		if err != nil {
			fmt.Fprintln(os.Stdout, "mutation:", err)
			failed = true
		} else if !printScores(os.Stdout, "gremlins", scores, *threshold) {
			failed = true
		}
		fmt.Fprintf(os.Stdout, "mutation: gremlins ran in %s\n", time.Since(start).Round(time.Second))
	}
	os.RemoveAll(base)
	if failed {
		os.Exit(1)
	}
}

// selectMutations returns the mutations to run, in list order.
func selectMutations(bounded bool, runRE string) ([]Mutation, error) {
	var re *regexp.Regexp
	if runRE != "" {
		var err error
		if re, err = regexp.Compile(runRE); err != nil {
			return nil, err
		}
	}
	var out []Mutation
	for _, m := range mutations {
		if (bounded && !m.CI) || (re != nil && !re.MatchString(m.ID)) {
			continue
		}
		out = append(out, m)
	}
	if len(out) == 0 {
		return nil, errors.New("no mutation selected")
	}
	return out, nil
}

// repoRoot is the folder of go.mod above the working directory.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			if _, err := os.Stat(filepath.Join(dir, "mutation", "list.go")); err == nil {
				return dir, nil
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("run from inside the skillgen repository")
		}
		dir = parent
	}
}

// trackedFiles lists the files of the working tree that git tracks or would track (the
// scratch copies hold exactly these), relative to root. Outside a git checkout it walks the
// tree instead, leaving out what .gitignore leaves out.
func trackedFiles(root string) ([]string, error) {
	cmd := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		return walkFiles(root)
	}
	var files []string
	for _, f := range strings.Split(string(out), "\x00") {
		if f == "" {
			continue
		}
		// A file deleted in the working tree but still in the index is not copied.
		if _, err := os.Lstat(filepath.Join(root, f)); err == nil {
			files = append(files, f)
		}
	}
	return files, nil
}

// skipped are the folders a walk of the tree leaves out: version control, installed and built
// files, and what the tests write.
var skipped = map[string]bool{".git": true, "node_modules": true, "dist": true, "bin": true, ".tmp": true, "tmp": true, "rapid": true}

func walkFiles(root string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != root && skipped[d.Name()] {
			return filepath.SkipDir
		}
		if d.Type().IsRegular() {
			rel, err := filepath.Rel(root, p)
			if err != nil {
				return err
			}
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	return files, err
}

func runAll(root, base string, files []string, ms []Mutation, jobs int, timeout time.Duration) []Outcome {
	outcomes := make([]Outcome, len(ms))
	work := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				o := runOne(root, base, files, ms[i], timeout)
				outcomes[i] = o
				mu.Lock()
				done++
				fmt.Fprintf(os.Stderr, "[%d/%d] %-44s %s (%s)\n", done, len(ms), o.M.ID, o.Result, o.Elapsed.Round(100*time.Millisecond))
				mu.Unlock()
			}
		}()
	}
	for i := range ms {
		work <- i
	}
	close(work)
	wg.Wait()
	return outcomes
}

// runOne copies the snapshot base of the repository at root, applies m, regenerates gen/ if
// needed and runs m's suite.
func runOne(root, base string, files []string, m Mutation, timeout time.Duration) (o Outcome) {
	start := time.Now()
	o = Outcome{M: m, Result: "invalid"}
	defer func() { o.Elapsed = time.Since(start) }()
	suite, ok := suites[m.Suite]
	if !ok {
		o.Detail = "unknown suite " + m.Suite
		return o
	}
	dir, err := os.MkdirTemp("", "skillgen-mutation-")
	if err != nil {
		o.Detail = err.Error()
		return o
	}
	defer os.RemoveAll(dir)
	if err := copyTree(base, dir, files); err != nil {
		o.Detail = "copy: " + err.Error()
		return o
	}
	if strings.HasPrefix(m.Suite, "ts-") {
		nm := filepath.Join(root, "tsconformance", "node_modules")
		if _, err := os.Stat(filepath.Join(nm, "vitest")); err != nil {
			o.Detail = "tsconformance/node_modules has no vitest: run npm ci in tsconformance first"
			return o
		}
		if err := os.Symlink(nm, filepath.Join(dir, "tsconformance", "node_modules")); err != nil {
			o.Detail = err.Error()
			return o
		}
	}
	if err := apply(dir, m); err != nil {
		o.Detail = err.Error()
		return o
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	if generated(m.File) {
		before, err := snapshot(filepath.Join(dir, "gen"))
		if err != nil {
			o.Detail = err.Error()
			return o
		}
		if out, err := command(ctx, dir, ".", "go", "run", "./cmd/skillgen"); err != nil {
			o.Detail = "the generator refuses the mutated source"
			o.Output = out
			return o
		}
		after, err := snapshot(filepath.Join(dir, "gen"))
		if err != nil {
			o.Detail = err.Error()
			return o
		}
		if before == after {
			o.Detail = "the mutation does not reach the generated code"
			return o
		}
	}
	out, err := command(ctx, dir, suite.Dir, suite.Args[0], suite.Args[1:]...)
	o.Output = out
	switch {
	case ctx.Err() != nil:
		o.Result, o.Detail = "killed", fmt.Sprintf("the suite did not finish within %s", timeout)
	case err == nil:
		o.Result = "survived"
	case brokenBuild(m.Suite, out):
		o.Detail = "the mutated code does not build: a mutation must change behaviour, not break compilation"
	default:
		o.Result, o.Detail = "killed", failures(m.Suite, out)
	}
	return o
}

// apply replaces the one occurrence of m.Find in m.File under dir.
func apply(dir string, m Mutation) error {
	path := filepath.Join(dir, filepath.FromSlash(m.File))
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	switch n := strings.Count(string(data), m.Find); n {
	case 1:
	case 0:
		return fmt.Errorf("%s: the text to mutate is not there (the list is stale)", m.File)
	default:
		return fmt.Errorf("%s: the text to mutate occurs %d times", m.File, n)
	}
	return os.WriteFile(path, []byte(strings.Replace(string(data), m.Find, m.Replace, 1)), 0o644)
}

func copyTree(root, dir string, files []string) error {
	for _, f := range files {
		src := filepath.Join(root, f)
		dst := filepath.Join(dir, f)
		info, err := os.Lstat(src)
		if err != nil {
			return err
		}
		if info.Mode()&fs.ModeSymlink != 0 || !info.Mode().IsRegular() {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		data, err := os.ReadFile(src)
		if err != nil {
			return err
		}
		if err := os.WriteFile(dst, data, info.Mode().Perm()); err != nil {
			return err
		}
	}
	return nil
}

// snapshot renders a folder's files and contents, to tell whether generation changed them.
func snapshot(dir string) (string, error) {
	var b strings.Builder
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "%s %d\n", p, len(data))
		b.Write(data)
		return nil
	})
	return b.String(), err
}

// command runs name in root/sub and returns its combined output. The process group is killed
// when ctx ends.
func command(ctx context.Context, root, sub, name string, args ...string) (string, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = filepath.Join(root, sub)
	// -trimpath keeps the scratch folder's path out of the build cache keys, so every copy
	// reuses what the first one compiled.
	cmd.Env = append(os.Environ(), "NO_COLOR=1", "FORCE_COLOR=0", "CI=1", "GOFLAGS=-trimpath")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	if err := cmd.Start(); err != nil {
		return "", err
	}
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	select {
	case err := <-waited:
		return out.String(), err
	case <-ctx.Done():
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		<-waited
		return out.String(), ctx.Err()
	}
}

var (
	goBuildFailed = regexp.MustCompile(`\[build failed\]|\[setup failed\]`)
	tsBroken      = regexp.MustCompile(`(?m)(SyntaxError|Transform failed|PARSE_ERROR|Failed to load url)`)
	goFailure     = regexp.MustCompile(`(?m)^\s*--- FAIL: (\S+)`)
	tsFailure     = regexp.MustCompile(`(?m)^\s*(?:×|✗|FAIL)\s+(.+?)\s*(?:\d+ms)?$`)
)

func brokenBuild(suite, out string) bool {
	if strings.HasPrefix(suite, "go") {
		return goBuildFailed.MatchString(out)
	}
	return tsBroken.MatchString(out)
}

// failures names the tests of suite that failed, as far as the output tells.
func failures(suite, out string) string {
	re := tsFailure
	if strings.HasPrefix(suite, "go") {
		re = goFailure
	}
	var names []string
	for _, m := range re.FindAllStringSubmatch(out, -1) {
		name := strings.TrimSpace(m[1])
		if !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		return "the suite failed"
	}
	const most = 3
	if len(names) > most {
		return strings.Join(names[:most], "; ") + fmt.Sprintf("; and %d more", len(names)-most)
	}
	return strings.Join(names, "; ")
}

// report prints one line per mutation and the totals; it returns whether any mutation
// survived or could not be run.
func report(w io.Writer, outcomes []Outcome, elapsed time.Duration, verbose bool) bool {
	count := map[string]int{}
	fmt.Fprintf(w, "%-44s %-8s %-16s %-9s %7s  %s\n", "mutation", "group", "suite", "result", "time", "detail")
	for _, o := range outcomes {
		count[o.Result]++
		detail := o.Detail
		if len(detail) > 120 {
			detail = detail[:117] + "..."
		}
		fmt.Fprintf(w, "%-44s %-8s %-16s %-9s %6.1fs  %s\n", o.M.ID, o.M.Group, o.M.Suite, o.Result, o.Elapsed.Seconds(), detail)
	}
	fmt.Fprintf(w, "mutation: %d mutations: %d killed, %d survived, %d invalid (%s)\n",
		len(outcomes), count["killed"], count["survived"], count["invalid"], elapsed.Round(time.Second))
	failed := count["survived"] > 0 || count["invalid"] > 0
	for _, o := range outcomes {
		if o.Result == "killed" {
			continue
		}
		fmt.Fprintf(w, "\n%s %s: %s\n  %s in %s: %q -> %q\n", o.M.ID, o.Result, o.M.Why, o.M.File, o.M.Suite, o.M.Find, o.M.Replace)
		if verbose && o.Output != "" {
			fmt.Fprintln(w, o.Output)
		}
	}
	return failed
}
