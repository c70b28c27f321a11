// Command harness measures skillgen's generator against its peers on synthetic schemas and
// writes the tables into BENCHMARKS.md. It is run by bench/run.sh (`make bench`), which
// installs the peers first; see that script for the flags it passes.
//
// Every figure it reports is a ratio against a peer measured in the same run on the same
// input file: wall time and peak RSS of the whole generator process.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/skillgen/skillgen/bench/internal/measure"
)

// tool is one generator under test.
type tool struct {
	Name    string
	Output  string // what it generates
	Version string
	Missing string // why it cannot run ("" when it can)
	argv    func(schema, out string) []string
}

// genCase is one input schema.
type genCase struct {
	Label  string // "2000", "2000 cyclic"
	N      int
	Cyclic bool
	File   string
	Bytes  int64
}

// cell is the outcome of one tool on one case.
type cell struct {
	Tool, Case  string
	Runs        int
	Wall        float64 // median seconds of successful runs
	MaxRSS      int64   // median bytes of successful runs
	OutputBytes int64
	Failure     string // "" when every run succeeded
	Walls       []float64
}

type options struct {
	root, work, out, goparse, synth string
	skillgen, gojsonschema, peers   string
	sizes                           string
	timeout                         time.Duration
	maxRuns                         int
	budget                          time.Duration
	deadline                        time.Time
	command                         string
}

func main() {
	var o options
	flag.StringVar(&o.root, "root", ".", "repository root")
	flag.StringVar(&o.work, "work", "", "scratch directory (default: a new temporary directory)")
	flag.StringVar(&o.out, "out", "BENCHMARKS.md", "markdown file to write ('' or '-': standard output)")
	flag.StringVar(&o.goparse, "goparse", "", "output of `go test -bench` for bench/goparse to tabulate")
	flag.StringVar(&o.synth, "synth", "/work/shared/bench/synth_schema.py", "the synthetic schema writer")
	flag.StringVar(&o.skillgen, "skillgen", "", "skillgen binary ('' or a missing file: unavailable)")
	flag.StringVar(&o.gojsonschema, "go-jsonschema", "", "go-jsonschema binary")
	flag.StringVar(&o.peers, "peers", "bench/peers", "folder with node_modules of the TypeScript peers")
	flag.StringVar(&o.sizes, "sizes", "200,2000,2000c,20000", "cases: N, or Nc for the cyclic variant")
	flag.DurationVar(&o.timeout, "timeout", 90*time.Second, "time limit of one generator run")
	flag.DurationVar(&o.budget, "budget", 0, "time for all generator runs; a run that would start later is skipped, one that would end later is cut short (0: no limit)")
	flag.IntVar(&o.maxRuns, "max-runs", 5, "most runs of one tool on one case (the median is reported)")
	flag.StringVar(&o.command, "command", "make bench", "command recorded as the way to reproduce")
	flag.Parse()
	log.SetFlags(0)
	log.SetPrefix("harness: ")

	if o.work == "" {
		d, err := os.MkdirTemp("", "skillgen-bench-")
		if err != nil {
			log.Fatal(err)
		}
		defer os.RemoveAll(d)
		o.work = d
	}
	if o.budget > 0 {
		o.deadline = time.Now().Add(o.budget)
	}
	loadStart = loadAvg()
	tools := makeTools(o)
	cases, err := makeCases(o)
	if err != nil {
		log.Fatal(err)
	}
	var cells []cell
	for _, c := range cases {
		for _, t := range tools {
			cl := runCell(o, t, c)
			cells = append(cells, cl)
			if cl.Failure != "" {
				log.Printf("%-26s %-12s %s", t.Name, c.Label, cl.Failure)
			} else {
				log.Printf("%-26s %-12s %8.3fs %6.0f MiB (%d runs)", t.Name, c.Label, cl.Wall, mib(cl.MaxRSS), cl.Runs)
			}
		}
	}
	var gp []benchLine
	if o.goparse != "" {
		if gp, err = parseGoBench(o.goparse); err != nil {
			log.Fatal(err)
		}
	}
	md := render(o, tools, cases, cells, gp)
	if o.out == "" || o.out == "-" {
		fmt.Print(md)
		return
	}
	if err := os.WriteFile(o.out, []byte(md), 0o644); err != nil {
		log.Fatal(err)
	}
	raw, _ := json.MarshalIndent(struct {
		Cases []genCase
		Cells []cell
		Parse []benchLine
	}{cases, cells, gp}, "", "  ")
	_ = os.WriteFile(filepath.Join(o.work, "results.json"), raw, 0o644)
	log.Printf("wrote %s", o.out)
}

func makeTools(o options) []tool {
	bin := func(p string) string {
		if abs, err := filepath.Abs(p); err == nil {
			return abs
		}
		return p
	}
	sg := tool{Name: "skillgen", Output: "Go + TypeScript", Version: "this tree",
		argv: func(s, out string) []string {
			return []string{bin(o.skillgen), "-schema", s, "-go-out", filepath.Join(out, "go"),
				"-go-package", "synth", "-go-import", "example.com/synth", "-ts-out", filepath.Join(out, "ts")}
		}}
	if o.skillgen == "" || !isFile(o.skillgen) {
		sg.Missing = "unavailable"
	}
	// The same run with Go only, go-jsonschema's like-for-like.
	sgGo := tool{Name: "skillgen Go", Output: "Go", Version: "this tree", Missing: sg.Missing,
		argv: func(s, out string) []string {
			return []string{bin(o.skillgen), "-schema", s, "-go-out", filepath.Join(out, "go"),
				"-go-package", "synth", "-go-import", "example.com/synth", "-ts-out", ""}
		}}
	// And with TypeScript only, json-schema-to-typescript's like-for-like.
	sgTS := tool{Name: "skillgen TS", Output: "TypeScript", Version: "this tree", Missing: sg.Missing,
		argv: func(s, out string) []string {
			return []string{bin(o.skillgen), "-schema", s, "-go-out", "", "-ts-out", filepath.Join(out, "ts")}
		}}
	gj := tool{Name: "go-jsonschema", Output: "Go", Version: "v0.24.1",
		argv: func(s, out string) []string {
			return []string{bin(o.gojsonschema), "-p", "synth", "-o", filepath.Join(out, "types.go"), s}
		}}
	if o.gojsonschema == "" || !isFile(o.gojsonschema) {
		gj.Missing = "not installed"
	}
	node := func(name, pkg string, args func(s, out string) []string) tool {
		t := tool{Name: name, Output: "TypeScript"}
		script := filepath.Join(o.peers, "node_modules", ".bin", name)
		t.Version = npmVersion(filepath.Join(o.peers, "node_modules", pkg, "package.json"))
		if !isFile(script) {
			t.Missing = "not installed"
		}
		t.argv = func(s, out string) []string { return append([]string{bin(script)}, args(s, out)...) }
		if name == "json2ts" {
			t.Name = "json-schema-to-typescript"
		}
		return t
	}
	j2t := node("json2ts", "json-schema-to-typescript", func(s, out string) []string {
		return []string{"-i", s, "-o", filepath.Join(out, "types.ts")}
	})
	qt := node("quicktype", "quicktype", func(s, out string) []string {
		return []string{"-s", "schema", "-l", "ts", "-o", filepath.Join(out, "types.ts"), s}
	})
	return []tool{sg, sgGo, sgTS, gj, j2t, qt}
}

func npmVersion(pkgJSON string) string {
	b, err := os.ReadFile(pkgJSON)
	if err != nil {
		return "?"
	}
	var p struct{ Version string }
	if json.Unmarshal(b, &p) != nil {
		return "?"
	}
	return p.Version
}

func isFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}

func makeCases(o options) ([]genCase, error) {
	var cases []genCase
	for _, s := range strings.Split(o.sizes, ",") {
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		c := genCase{Cyclic: strings.HasSuffix(s, "c")}
		n, err := strconv.Atoi(strings.TrimSuffix(s, "c"))
		if err != nil || n < 1 {
			return nil, fmt.Errorf("bad size %q", s)
		}
		c.N = n
		c.Label = strconv.Itoa(n)
		name := fmt.Sprintf("synth-%d.schema.json", n)
		args := []string{o.synth, strconv.Itoa(n)}
		if c.Cyclic {
			c.Label += " cyclic"
			name = fmt.Sprintf("synth-%d-cyclic.schema.json", n)
			args = append(args, "--cyclic")
		}
		c.File = filepath.Join(o.work, name)
		f, err := os.Create(c.File)
		if err != nil {
			return nil, err
		}
		cmd := exec.Command("python3", args...)
		cmd.Stdout = f
		cmd.Stderr = os.Stderr
		err = cmd.Run()
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("synth_schema.py %s: %w", s, err)
		}
		st, _ := os.Stat(c.File)
		c.Bytes = st.Size()
		cases = append(cases, c)
	}
	return cases, nil
}

// runCell runs t on c: once, then again (up to maxRuns in all) while the runs are short,
// so that small cases get a median of several runs and the whole harness stays bounded.
func runCell(o options, t tool, c genCase) cell {
	cl := cell{Tool: t.Name, Case: c.Label}
	if t.Missing != "" {
		cl.Failure = t.Missing
		return cl
	}
	want := 1
	var rss []int64
	for i := 0; i < want; i++ {
		out := filepath.Join(o.work, "out")
		_ = os.RemoveAll(out)
		if err := os.MkdirAll(out, 0o755); err != nil {
			log.Fatal(err)
		}
		limit := o.timeout
		if !o.deadline.IsZero() {
			left := time.Until(o.deadline)
			if left < 5*time.Second {
				if i == 0 {
					cl.Failure = "skipped (time budget spent)"
					return cl
				}
				break
			}
			if limit <= 0 || left < limit {
				limit = left
			}
		}
		r, err := measure.Run(context.Background(), out, t.argv(c.File, out), nil, limit)
		cl.Runs++
		if err != nil {
			cl.Failure = "cannot start: " + err.Error()
			return cl
		}
		if !r.OK() && i > 0 && r.TimedOut && limit < o.timeout {
			cl.Runs-- // a repeat cut short by the budget: keep the runs done
			break
		}
		if !r.OK() {
			cl.Failure = r.Failure()
			switch {
			case r.TimedOut && limit < o.timeout:
				cl.Failure = fmt.Sprintf("stopped: time budget spent (> %s)", limit.Round(time.Second))
			case r.TimedOut:
				cl.Failure = fmt.Sprintf("timeout (> %s)", limit.Round(time.Second))
			case strings.HasPrefix(cl.Failure, "exit"), cl.Failure == "killed":
				log.Printf("%s on %s failed; the end of its standard error:\n%s", t.Name, c.Label, lastLines(r.Stderr, 6))
			}
			return cl
		}
		cl.Walls = append(cl.Walls, r.Wall.Seconds())
		rss = append(rss, r.MaxRSS)
		if i == 0 {
			cl.OutputBytes = dirSize(out)
			if cl.OutputBytes == 0 {
				cl.Failure = "no output"
				return cl
			}
			switch s := r.Wall.Seconds(); {
			case s < 2:
				want = 5
			case s < 8:
				want = 3
			}
			want = min(want, o.maxRuns)
		}
	}
	cl.Wall = median(cl.Walls)
	sort.Slice(rss, func(i, j int) bool { return rss[i] < rss[j] })
	cl.MaxRSS = rss[len(rss)/2]
	return cl
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return "    " + strings.Join(lines, "\n    ")
}

func dirSize(dir string) int64 {
	var n int64
	_ = filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if st, err := d.Info(); err == nil {
				n += st.Size()
			}
		}
		return nil
	})
	return n
}

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if len(s) == 0 {
		return 0
	}
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func mib(b int64) float64 { return float64(b) / (1 << 20) }
