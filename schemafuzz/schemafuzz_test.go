package schemafuzz

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Environment of the fuzz run (make fuzz sets them for the long run).
const (
	seedEnv    = "SKILLGEN_SCHEMAFUZZ_SEED"    // the run's seed (default 1)
	schemasEnv = "SKILLGEN_SCHEMAFUZZ_SCHEMAS" // schemas of draft 2020-12 (default 160); each other draft gets an eighth
	docsEnv    = "SKILLGEN_SCHEMAFUZZ_DOCS"    // documents per schema (default 24)
	keepEnv    = "SKILLGEN_SCHEMAFUZZ_KEEP"    // generate into this folder and keep it
	casesEnv   = "SKILLGEN_SCHEMAFUZZ_CASES"   // replay the cases of this folder instead of testdata/cases
)

func envInt(t *testing.T, name string, def int) int {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		t.Fatalf("%s=%q: want a non-negative integer", name, s)
	}
	return n
}

func workDir(t *testing.T) string {
	if dir := os.Getenv(keepEnv); dir != "" {
		abs, err := filepath.Abs(dir)
		if err != nil {
			t.Fatal(err)
		}
		return abs
	}
	return t.TempDir()
}

// tsTools returns the folder with the TypeScript compiler and ajv (installing them with npm
// ci when missing), or "" when node is not installed or the run is -short.
func tsTools(t *testing.T) string {
	if testing.Short() {
		return ""
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Log("node is not installed: TypeScript and ajv are skipped")
		return ""
	}
	here, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(here, "ts")
	if !TSToolsReady(dir) {
		if err := npmCI(dir); err != nil {
			t.Fatalf("schemafuzz/ts: %v", err)
		}
	}
	return dir
}

// TestSchemaFuzz is the bounded, seeded run: random schemas over every supported keyword in
// every draft, documents for each, and the generated Go and TypeScript held to
// santhosh-tekuri's and ajv's verdicts. It prints its counts; it fails on any failure that no
// known bug (knownBugs) explains.
func TestSchemaFuzz(t *testing.T) {
	n := envInt(t, schemasEnv, 160)
	cfg := Config{
		Seed:        uint64(envInt(t, seedEnv, 1)),
		Schemas:     map[Draft]int{Draft2020: n},
		Documents:   envInt(t, docsEnv, 24),
		UnitSize:    40,
		Dir:         workDir(t),
		TSTools:     tsTools(t),
		Known:       knownBugs,
		KnownOracle: knownAjvBugs,
		Log:         t.Logf,
	}
	for _, d := range Drafts[:len(Drafts)-1] {
		cfg.Schemas[d] = max(n/8, 1)
	}
	start := time.Now()
	rep, err := Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Print(rep.Summary(cfg, time.Since(start)))
	for _, f := range rep.New() {
		t.Errorf("new failure (minimise it into testdata/cases, see docs/schema-fuzzing.md):\n%s", f)
	}
	for _, d := range rep.NewOracleDiffs {
		t.Errorf("ajv and santhosh-tekuri disagree, and no known bug of ajv explains it (find out which is right, see docs/schema-fuzzing.md):\n%s", d)
	}
}

// TestReplay replays every case of testdata/cases: the failures the fuzzer found, made small.
// A case whose bug is listed in knownBugs must still fail (else the list is stale); every
// other case must pass.
func TestReplay(t *testing.T) {
	dir := os.Getenv(casesEnv)
	if dir == "" {
		dir = filepath.Join("testdata", "cases")
	}
	cases, err := ReadCases(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 {
		t.Fatalf("no cases in %s", dir)
	}
	cfg := Config{Dir: workDir(t), TSTools: tsTools(t), Known: knownBugs, Log: t.Logf}
	rep, per, err := Replay(cfg, cases)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range rep.OracleDiffs {
		t.Errorf("the oracles disagree on a replay case:\n%s", d)
	}
	known := map[string]bool{}
	for _, k := range knownBugs {
		known[k.Case] = true
	}
	seen := map[string]bool{}
	for _, c := range cases {
		seen[c.File] = true
		fails := per[c.File]
		switch {
		case known[c.File] && len(fails) == 0:
			t.Errorf("case %s passes now: remove it from knownBugs (%s)", c.File, c.Description)
		case !known[c.File]:
			for _, f := range fails {
				t.Errorf("case %s (%s) fails:\n%s", c.File, c.Description, f)
			}
		default:
			for _, f := range fails {
				if f.Known != c.File {
					t.Errorf("case %s fails, but not as its known bug says:\n%s", c.File, f)
				}
			}
			t.Logf("case %s: known bug, still fails (%d failure(s)): %s", c.File, len(fails), c.Description)
		}
	}
	if dir == filepath.Join("testdata", "cases") {
		for _, k := range knownBugs {
			if !seen[k.Case] {
				t.Errorf("knownBugs names case %s, which is not in %s", k.Case, dir)
			}
		}
	}
}

// Summary renders the counts of a run.
func (r *Report) Summary(cfg Config, took time.Duration) string {
	c := r.Counts
	var b strings.Builder
	fmt.Fprintf(&b, "Differential schema fuzzing, seed %d, %.0fs\n\n", cfg.Seed, took.Seconds())
	fmt.Fprintf(&b, "%-10s %9s %12s\n", "draft", "generated", "draft refused")
	total := 0
	for _, d := range Drafts {
		fmt.Fprintf(&b, "%-10s %9d %12d\n", d, c.Generated[d], c.DraftRefused[d])
		total += c.Generated[d]
	}
	fmt.Fprintf(&b, "%-10s %9d\n\n", "total", total)
	var kws []string
	refused := 0
	for k, n := range c.Refused {
		kws = append(kws, fmt.Sprintf("%s %d", k, n))
		refused += n
	}
	sort.Strings(kws)
	fmt.Fprintf(&b, "refused naming a keyword: %d %v\n", refused, kws)
	fmt.Fprintf(&b, "accepted: %d; compiled: Go %d, TypeScript %d\n", c.Accepted, c.CompiledGo, c.CompiledTS)
	pct := 0.0
	if c.Documents > 0 {
		pct = 100 * float64(c.Valid) / float64(c.Documents)
	}
	fmt.Fprintf(&b, "documents: %d (%d valid, %d invalid: %.0f%% valid); checked: Go %d, TypeScript %d, ajv %d\n",
		c.Documents, c.Valid, c.Documents-c.Valid, pct, c.CheckedGo, c.CheckedTS, c.CheckedAjv)
	if r.TSSkipped != "" {
		fmt.Fprintf(&b, "TypeScript skipped: %s\n", r.TSSkipped)
	}
	fmt.Fprintf(&b, "ajv and santhosh-tekuri disagree: %d document(s), %d explained by known bugs of ajv\n", c.OracleDiffers, c.OracleKnown)
	for _, d := range r.OracleDiffs {
		fmt.Fprintf(&b, "  %s\n", d)
	}
	fmt.Fprintf(&b, "failures: %d (%d known, %d new)\n", c.Failures, c.KnownFailures, c.Failures-c.KnownFailures)
	byKind := map[string]int{}
	for _, f := range r.Failures {
		byKind[f.Kind+" "+f.Lang]++
	}
	var kinds []string
	for k, n := range byKind {
		kinds = append(kinds, fmt.Sprintf("  %-24s %d", k, n))
	}
	sort.Strings(kinds)
	if len(kinds) > 0 {
		fmt.Fprintf(&b, "%s\n", strings.Join(kinds, "\n"))
	}
	for _, f := range r.Failures {
		if f.Known != "" {
			fmt.Fprintf(&b, "  known %s: %s %s %s\n", f.Known, f.Kind, f.Lang, f.Schema.Name)
		}
	}
	return b.String()
}
