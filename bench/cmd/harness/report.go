package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"
)

// marshalPrefix starts the Doc of a BenchmarkMarshal line, validatePrefix of a
// BenchmarkValidate line.
const (
	marshalPrefix  = "MarshalJSON "
	validatePrefix = "Validate "
)

// benchLine is the median of the `go test -bench` lines of one benchmark.
type benchLine struct {
	Doc, Impl                string
	NsOp, MBs, BOp, AllocsOp float64
	Count                    int
	DocBytes                 float64
}

// parseGoBench reads `go test -bench -benchmem` output of BenchmarkParse/<doc>/<impl> and
// BenchmarkMarshal/<doc>/<impl> (whose Doc is marshalPrefix + doc).
func parseGoBench(path string) ([]benchLine, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	type acc struct{ ns, mbs, b, allocs []float64 }
	accs := map[[2]string]*acc{}
	var order [][2]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 4 {
			continue
		}
		name, prefix := "", ""
		switch {
		case strings.HasPrefix(fields[0], "BenchmarkParse/"):
			name = strings.TrimPrefix(fields[0], "BenchmarkParse/")
		case strings.HasPrefix(fields[0], "BenchmarkMarshal/"):
			name, prefix = strings.TrimPrefix(fields[0], "BenchmarkMarshal/"), marshalPrefix
		case strings.HasPrefix(fields[0], "BenchmarkValidate/"):
			name, prefix = strings.TrimPrefix(fields[0], "BenchmarkValidate/"), validatePrefix
		default:
			continue
		}
		if i := strings.LastIndex(name, "-"); i > 0 {
			if _, err := strconv.Atoi(name[i+1:]); err == nil {
				name = name[:i]
			}
		}
		doc, impl, ok := strings.Cut(name, "/")
		if !ok {
			continue
		}
		k := [2]string{prefix + doc, impl}
		a := accs[k]
		if a == nil {
			a = &acc{}
			accs[k] = a
			order = append(order, k)
		}
		for i := 2; i+1 < len(fields); i += 2 {
			v, err := strconv.ParseFloat(fields[i], 64)
			if err != nil {
				continue
			}
			switch fields[i+1] {
			case "ns/op":
				a.ns = append(a.ns, v)
			case "MB/s":
				a.mbs = append(a.mbs, v)
			case "B/op":
				a.b = append(a.b, v)
			case "allocs/op":
				a.allocs = append(a.allocs, v)
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	var out []benchLine
	for _, k := range order {
		a := accs[k]
		bl := benchLine{Doc: k[0], Impl: k[1], NsOp: median(a.ns), MBs: median(a.mbs),
			BOp: median(a.b), AllocsOp: median(a.allocs), Count: len(a.ns)}
		if bl.MBs > 0 {
			bl.DocBytes = bl.MBs * 1e6 * bl.NsOp / 1e9
		}
		out = append(out, bl)
	}
	return out, nil
}

func render(o options, tools []tool, cases []genCase, cells []cell, gp []benchLine) string {
	var b strings.Builder
	p := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	get := func(toolName, label string) *cell {
		for i := range cells {
			if cells[i].Tool == toolName && cells[i].Case == label {
				return &cells[i]
			}
		}
		return nil
	}

	p("# Benchmarks\n\n")
	p("This file is written by `%s` (`bash bench/run.sh`); rerun that instead of editing it.\n", o.command)
	p("Every ratio compares two programs measured in the same run, on the same machine and the\n")
	p("same input file. Tests make no timed assertions; these figures are the record.\n\n")

	p("## Machine and reproduction\n\n")
	p("| | |\n|---|---|\n")
	p("| date | %s |\n", time.Now().UTC().Format("2006-01-02 15:04 UTC"))
	p("| cores (`nproc`) | %d |\n", runtime.NumCPU())
	p("| CPU | %s |\n", cpuModel())
	p("| memory | %s |\n", memTotal())
	p("| load average (1 min) at start, at end | %s, %s |\n", loadStart, loadAvg())
	p("| Go | %s |\n", runtime.Version())
	p("| Node.js | %s |\n", cmdOut("node", "--version"))
	for _, t := range tools {
		if t.Name == "skillgen" {
			continue
		}
		p("| %s | %s |\n", t.Name, t.Version)
	}
	p("| skillgen tree | %s |\n", gitRev(o.root))
	p("| command | `%s` |\n\n", o.command)
	p("`bash bench/run.sh` installs the peers itself: `npm ci` in `bench/peers` (exact versions in its\n")
	p("`package-lock.json`) and `go install github.com/atombender/go-jsonschema@v0.24.1` into\n")
	p("`bench/.gobin`. `BENCH_SIZES=200,2000 bash bench/run.sh` runs fewer cases; `BENCH_OUT=-` prints\n")
	p("the report instead of writing this file.\n\n")

	p("## Generator: wall time and peak memory\n\n")
	p("Input: `synth_schema.py N [--cyclic]` from the shared bench folder (N object definitions with\n")
	p("patterns, bounds, enums, arrays of references, maps, nullable fields and a tagged union;\n")
	p("`--cyclic` closes the references into one cycle). Each figure is one whole process, from\n")
	p("start to exit: wall time and peak RSS (`wait4` rusage, read by `bench/internal/measure`).\n")
	p("The median of several runs is taken when a run is short (up to %d runs under 2 s, 3 under\n", o.maxRuns)
	p("8 s, else 1). A run is killed after %s and reported as a timeout. skillgen writes Go *and*\n", o.timeout)
	p("TypeScript (types, validators, codecs) in one run (the `skillgen` row); `skillgen Go` and\n")
	p("`skillgen TS` are the same run writing one language, each peer's like-for-like (the targets\n")
	p("compare them). Each peer writes one language with its\n")
	p("default options (go-jsonschema: types with validating `UnmarshalJSON`;\n")
	p("json-schema-to-typescript: formatted declarations; quicktype: types plus runtime converters).\n")
	p("\"× skillgen\" is the peer's figure divided by skillgen's: above 1, skillgen is faster or smaller.\n\n")
	for _, c := range cases {
		p("### N = %s (%s)\n\n", c.Label, humanBytes(c.Bytes))
		p("| generator | output | runs | wall (median) | peak RSS | output size | time × skillgen | RSS × skillgen |\n")
		p("|---|---|---:|---:|---:|---:|---:|---:|\n")
		sg := get("skillgen", c.Label)
		for _, t := range tools {
			cl := get(t.Name, c.Label)
			if cl == nil {
				continue
			}
			if cl.Failure != "" {
				p("| %s | %s | %d | %s | | | | |\n", t.Name, t.Output, cl.Runs, "**"+cl.Failure+"**")
				continue
			}
			tr, mr := "", ""
			if t.Name != "skillgen" && sg != nil && sg.Failure == "" {
				tr = fmt.Sprintf("%.1f×", cl.Wall/sg.Wall)
				mr = fmt.Sprintf("%.1f×", float64(cl.MaxRSS)/float64(sg.MaxRSS))
			}
			p("| %s | %s | %d | %s | %.0f MiB | %s | %s | %s |\n", t.Name, t.Output, cl.Runs,
				secs(cl.Wall), mib(cl.MaxRSS), humanBytes(cl.OutputBytes), tr, mr)
		}
		p("\n")
	}

	p("## Targets\n\n")
	p("| target | measured | verdict |\n|---|---|---|\n")
	verdict := func(ok bool, measured bool) string {
		switch {
		case !measured:
			return "not measured"
		case ok:
			return "met"
		}
		return "**not met**"
	}
	vs := func(peer, self, label string) (float64, string) {
		sg, pc := get(self, label), get(peer, label)
		switch {
		case sg == nil || pc == nil:
			return 0, "not run"
		case sg.Failure != "":
			return 0, self + " " + sg.Failure
		case pc.Failure != "":
			return 0, peer + " " + pc.Failure
		}
		return pc.Wall / sg.Wall, fmt.Sprintf("%.1f× (%s vs %s)", pc.Wall/sg.Wall, secs(pc.Wall), secs(sg.Wall))
	}
	if c := get("skillgen", "2000"); c != nil && c.Failure == "" {
		p("| output at 2,000 definitions, Go + TypeScript: ≤ 12 MiB | %s | %s |\n", humanBytes(c.OutputBytes), verdict(c.OutputBytes <= 12<<20, true))
	}
	r, s := vs("go-jsonschema", "skillgen Go", "2000")
	p("| generation at 2,000 vs go-jsonschema (Go only): ≥ 10× | %s | %s |\n", s, verdict(r >= 10, r > 0))
	r, s = vs("json-schema-to-typescript", "skillgen TS", "2000")
	p("| generation at 2,000 vs json-schema-to-typescript (TypeScript only): ≥ 2× | %s | %s |\n", s, verdict(r >= 2, r > 0))
	a, z := get("skillgen", "2000"), get("skillgen", "20000")
	if a != nil && z != nil && a.Failure == "" && z.Failure == "" {
		q := z.Wall / a.Wall
		p("| peak RSS at 20,000: ≤ 300 MiB | %.0f MiB | %s |\n", mib(z.MaxRSS), verdict(mib(z.MaxRSS) <= 300, true))
		p("| time at 20,000 / time at 2,000: ≤ 10× | %.1f× (%s vs %s) | %s |\n", q, secs(z.Wall), secs(a.Wall), verdict(q <= 10, true))
	} else {
		why := "not run"
		if a != nil && a.Failure != "" {
			why = "N=2000: " + a.Failure
		} else if z != nil && z.Failure != "" {
			why = "N=20000: " + z.Failure
		}
		p("| peak RSS at 20,000: ≤ 300 MiB | %s | %s |\n", why, verdict(false, z != nil && z.Failure != "" && !strings.Contains(z.Failure, "unavailable")))
		p("| time at 20,000 / time at 2,000: ≤ 10× | %s | %s |\n", why, verdict(false, why != "not run" && !strings.Contains(why, "unavailable")))
	}
	// The generated Go against encoding/json on plain structs, on every document: the least
	// ratio decides.
	worst := func(marshal bool) (float64, string) { return worstVs(gp, marshal, "plain-struct") }
	if q, where := worst(false); where != "" {
		p("| `ParseT` vs `encoding/json.Unmarshal` into a plain struct, every document: ≥ 2× | least %.2f× (%s) | %s |\n", q, where, verdict(q >= 2, true))
	} else {
		p("| `ParseT` vs `encoding/json.Unmarshal` into a plain struct, every document: ≥ 2× | not run | not measured |\n")
	}
	if q, where := worstVs(gp, false, "goccy"); where != "" {
		p("| `ParseT` vs goccy/go-json into a plain struct, every document: ≥ 0.8× | least %.2f× (%s) | %s |\n", q, where, verdict(q >= 0.8, true))
	} else {
		p("| `ParseT` vs goccy/go-json into a plain struct, every document: ≥ 0.8× | not run | not measured |\n")
	}
	if q, where := worst(true); where != "" {
		p("| `MarshalJSON` vs `encoding/json.Marshal` of a plain struct, every document: ≥ 1× | least %.2f× (%s) | %s |\n", q, where, verdict(q >= 1, true))
	} else {
		p("| `MarshalJSON` vs `encoding/json.Marshal` of a plain struct, every document: ≥ 1× | not run | not measured |\n")
	}
	most, where := -1.0, ""
	for _, l := range gp {
		if l.Impl == "skillgen" && strings.HasPrefix(l.Doc, validatePrefix) && l.AllocsOp > most {
			most, where = l.AllocsOp, strings.TrimPrefix(l.Doc, validatePrefix)
		}
	}
	if where != "" {
		p("| `Validate()` on a valid value, every document: 0 allocations | most %.0f (%s) | %s |\n", most, where, verdict(most == 0, true))
	}
	if c := get("skillgen", "2000 cyclic"); c != nil {
		if c.Failure == "" {
			p("| skillgen: the cyclic schema works | %s, %.0f MiB | met |\n", secs(c.Wall), mib(c.MaxRSS))
		} else {
			p("| skillgen: the cyclic schema works | %s | %s |\n", c.Failure, verdict(false, c.Failure != "unavailable"))
		}
	}
	p("\n")

	p("## Generated Go: parse and validate\n\n")
	if len(gp) == 0 {
		p("Not run.\n")
		return b.String()
	}
	p("`go test -bench` in `bench/goparse` (a module of its own): the time to turn the bytes of a\n")
	p("realistic document into a validated value. The documents are built by `bench/goparse/docs.go`\n")
	p("and every implementation must accept them before it is timed. Implementations:\n\n")
	p("- `skillgen`: the generated `ParseT` (`gen/go`): decode plus full validation.\n")
	p("- `unmarshal`: `encoding/json.Unmarshal` into the same generated struct, no validation.\n")
	p("- `jsonschema`: github.com/santhosh-tekuri/jsonschema/v6 validating the same bytes against\n")
	p("  the canonical schema (`schema/*.json`; decode with its `UnmarshalJSON`, then `Validate`; the\n")
	p("  `x-unique-by` extension is ignored). Produces no typed value.\n")
	p("- `go-jsonschema`: the code go-jsonschema v0.24.1 generates for the same schema (its\n")
	p("  `UnmarshalJSON` checks required fields, enums, patterns, lengths and bounds, but not the\n")
	p("  `Auth` union, which it types as `interface{}`, nor `additionalProperties: false`).\n")
	p("- `plain-struct`: `encoding/json.Unmarshal` into go-jsonschema's `--only-models` structs\n")
	p("  (reflection decoding with no methods at all, the floor of `encoding/json`; for SkillIndex,\n")
	p("  which go-jsonschema is not run on, structs of the same shape written by hand).\n")
	p("- `goccy`: github.com/goccy/go-json v0.10.5 into the same plain structs, no validation.\n")
	p("- `scan`: a loop that reads every byte once (strings and nesting), allocating nothing: the\n")
	p("  speed of reading the document at all.\n\n")
	p("\"× skillgen\" is the implementation's ns/op divided by skillgen's.\n\n")
	p("The `MarshalJSON` tables time the other way, value to bytes (`BenchmarkMarshal`): the generated\n")
	p("`MarshalJSON` of the value `ParseT` returns (`skillgen`), `json.Marshal` of that value (which\n")
	p("calls `MarshalJSON`, then checks and compacts its output), and `json.Marshal` of go-jsonschema's\n")
	p("plain structs decoded from the same document (`plain-struct`, which drop the members the schema\n")
	p("does not declare: for FindingsResponse most of the document). MB/s is output bytes. A skill\n")
	p("index of 40,000 entries (13 MB, `bench/goparse/index.go`) is timed here too.\n\n")
	p("The `Validate` tables time the generated `Validate` of the same values (`BenchmarkValidate`),\n")
	p("which walks the Go value (docs/generated-go.md); MB/s is the document's size.\n\n")
	var docs []string
	seen := map[string]bool{}
	for _, l := range gp {
		if !seen[l.Doc] {
			seen[l.Doc] = true
			docs = append(docs, l.Doc)
		}
	}
	for _, d := range docs {
		var sgNs float64
		size := 0.0
		for _, l := range gp {
			if l.Doc == d && l.Impl == "skillgen" {
				sgNs = l.NsOp
			}
			if l.Doc == d && l.DocBytes > 0 {
				size = l.DocBytes
			}
		}
		p("### %s (%s)\n\n", d, humanBytes(int64(size+0.5)))
		p("| implementation | ns/op | MB/s | B/op | allocs/op | time × skillgen |\n|---|---:|---:|---:|---:|---:|\n")
		lines := []benchLine{}
		for _, l := range gp {
			if l.Doc == d {
				lines = append(lines, l)
			}
		}
		sort.SliceStable(lines, func(i, j int) bool { return implRank(lines[i].Impl) < implRank(lines[j].Impl) })
		for _, l := range lines {
			r := ""
			if sgNs > 0 && l.Impl != "skillgen" {
				r = fmt.Sprintf("%.2f×", l.NsOp/sgNs)
			}
			p("| %s | %.0f | %.1f | %.0f | %.0f | %s |\n", l.Impl, l.NsOp, l.MBs, l.BOp, l.AllocsOp, r)
		}
		if sgNs == 0 {
			p("| skillgen | unavailable | | | | |\n")
		}
		p("\n")
	}
	return b.String()
}

func implRank(s string) int {
	for i, n := range []string{"skillgen", "json.Marshal", "unmarshal", "jsonschema", "go-jsonschema", "plain-struct", "goccy", "scan"} {
		if n == s {
			return i
		}
	}
	return 99
}

func secs(s float64) string {
	if s < 10 {
		return fmt.Sprintf("%.3f s", s)
	}
	return fmt.Sprintf("%.1f s", s)
}

func humanBytes(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}

// loadStart is the load average when the generator runs began: other work on the machine
// slows every program alike but skews the ratios where it comes and goes.
var loadStart string

func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(b)); err == nil && len(f) > 0 {
		return f[0]
	}
	return "?"
}

func cpuModel() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return "?"
	}
	for _, line := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "?"
}

func memTotal() string {
	b, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return "?"
	}
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "MemTotal:") {
			f := strings.Fields(line)
			if len(f) >= 2 {
				kb, _ := strconv.ParseFloat(f[1], 64)
				return fmt.Sprintf("%.1f GiB", kb/(1<<20))
			}
		}
	}
	return "?"
}

// gitRev names the commit measured, marked when the work tree differs from it.
func gitRev(root string) string {
	rev := cmdOut("git", "-C", root, "rev-parse", "--short", "HEAD")
	if rev == "not found" {
		return "?"
	}
	if st := cmdOut("git", "-C", root, "status", "--porcelain", "--untracked-files=no", "--", "cmd", "generator", "templates", "schema", "gen"); st != "" && st != "not found" {
		rev += " with uncommitted changes to the generator"
	}
	return "commit " + rev
}

func cmdOut(name string, args ...string) string {
	out, err := exec.Command(name, args...).Output()
	if err != nil {
		return "not found"
	}
	return strings.TrimSpace(string(out))
}

// worstVs is the least ratio, over the documents, of peer's time to skillgen's (parse, or
// marshal), and the document it is met on.
func worstVs(gp []benchLine, marshal bool, peer string) (float64, string) {
	least, where := 0.0, ""
	for _, l := range gp {
		if l.Impl != "skillgen" || strings.HasPrefix(l.Doc, marshalPrefix) != marshal || strings.HasPrefix(l.Doc, validatePrefix) {
			continue
		}
		for _, m := range gp {
			if m.Doc == l.Doc && m.Impl == peer && l.NsOp > 0 {
				if q := m.NsOp / l.NsOp; where == "" || q < least {
					least, where = q, strings.TrimPrefix(l.Doc, marshalPrefix)
				}
			}
		}
	}
	return least, where
}
