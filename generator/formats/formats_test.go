package formats_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"net/netip"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/skillgen/skillgen/generator/formats"
	"github.com/skillgen/skillgen/generator/golang"
)

var update = flag.Bool("update", false, "rewrite testdata/formats/vectors.json")

const suiteEnv = "SKILLGEN_JSONSCHEMA_SUITE"

// checkerBin is the program built from the rendered Go checkers (TestMain).
var checkerBin string

func TestMain(m *testing.M) {
	flag.Parse()
	dir, err := os.MkdirTemp("", "skillgen-formats-")
	if err == nil {
		checkerBin, err = buildCheckers(dir)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "building the Go format checkers:", err)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// buildCheckers renders templates/go/formats.go.tmpl as the Go emitter does, into a module of
// its own with a main that runs every checker of formats.Formats on a list of strings, vets it
// and builds it.
func buildCheckers(dir string) (string, error) {
	f, err := golang.StaticFile("formats", "main")
	if err != nil {
		return "", err
	}
	var table strings.Builder
	for _, c := range formats.Formats {
		fmt.Fprintf(&table, "\t%s,\n", c.Go)
	}
	driver := `package main

import (
	"encoding/json"
	"os"
)

var checkers = []func(string) bool{
` + table.String() + `}

// main reads a JSON list of strings (the file named by its argument) and writes, for each, a
// line of one verdict per checker: 1 valid, 0 not.
func main() {
	data, err := os.ReadFile(os.Args[1])
	if err != nil {
		panic(err)
	}
	var inputs []string
	if err := json.Unmarshal(data, &inputs); err != nil {
		panic(err)
	}
	out := make([]byte, 0, len(inputs)*(len(checkers)+1))
	for _, s := range inputs {
		for _, c := range checkers {
			if c(s) {
				out = append(out, '1')
			} else {
				out = append(out, '0')
			}
		}
		out = append(out, '\n')
	}
	os.Stdout.Write(out)
}
`
	files := map[string]string{"go.mod": "module formatcheck\n\ngo 1.26\n", "formats.go": string(f.Data), "main.go": driver}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			return "", err
		}
	}
	bin := filepath.Join(dir, "formatcheck")
	for _, args := range [][]string{{"vet", "."}, {"build", "-o", bin, "."}} {
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=", "GOTOOLCHAIN=local", "GO111MODULE=on")
		if out, err := cmd.CombinedOutput(); err != nil {
			return "", fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	return bin, nil
}

// verdicts runs every Go checker on every input: verdicts[i][j] is checker j of formats.Formats
// on inputs[i].
func verdicts(t *testing.T, inputs []string) []string {
	t.Helper()
	data, err := json.Marshal(inputs)
	if err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(t.TempDir(), "inputs.json")
	if err := os.WriteFile(in, data, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(checkerBin, in).Output()
	if err != nil {
		t.Fatalf("format checkers: %v", err)
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(inputs) == 0 {
		lines = nil
	}
	if len(lines) != len(inputs) {
		t.Fatalf("format checkers: %d lines for %d inputs", len(lines), len(inputs))
	}
	return lines
}

// column returns the index in formats.Formats of a checker.
func column(f formats.Format) int {
	for i, c := range formats.Formats {
		if c.Go == f.Go {
			return i
		}
	}
	panic("no checker " + f.Go)
}

func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return root
}

func suiteDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv(suiteEnv)
	if dir == "" {
		dir = filepath.Join(repoRoot(t), "..", "shared", "jsonschema-test-suite")
	}
	if st, err := os.Stat(filepath.Join(dir, "draft2020-12")); err != nil || !st.IsDir() {
		t.Fatalf("the JSON Schema Test Suite is missing: no folder %s (expected ../shared/jsonschema-test-suite beside the repository, or set %s)",
			filepath.Join(dir, "draft2020-12"), suiteEnv)
	}
	return dir
}

// suiteCase is one case of an optional/format file.
type suiteCase struct {
	draft       formats.Draft
	file        string
	format      string
	description string
	data        any
	valid       bool
}

// loadFormatSuite reads draft*/optional/format/*.json of every draft.
func loadFormatSuite(t *testing.T) []suiteCase {
	t.Helper()
	dir := suiteDir(t)
	var out []suiteCase
	for _, d := range formats.Drafts {
		paths, err := filepath.Glob(filepath.Join(dir, d.String(), "optional", "format", "*.json"))
		if err != nil || len(paths) == 0 {
			t.Fatalf("no %s/optional/format/*.json in %s", d, dir)
		}
		sort.Strings(paths)
		for _, p := range paths {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			var groups []struct {
				Schema struct {
					Format string `json:"format"`
				} `json:"schema"`
				Tests []struct {
					Description string `json:"description"`
					Data        any    `json:"data"`
					Valid       bool   `json:"valid"`
				} `json:"tests"`
			}
			if err := json.Unmarshal(data, &groups); err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			for _, g := range groups {
				for _, c := range g.Tests {
					out = append(out, suiteCase{d, filepath.Base(p), g.Schema.Format, c.Description, c.Data, c.Valid})
				}
			}
		}
	}
	return out
}

// knownFailures lists the suite cases ("draft/file/description") the checkers are known to get
// wrong, each with the reason (docs/suite.md lists them too). There are none.
var knownFailures = map[string]string{}

// TestFormatSuite runs every case of every draft's optional/format files against the Go
// checkers: a string gets the verdict of its format's checker in that draft; any other value,
// and a string of a format the draft does not define, is valid.
func TestFormatSuite(t *testing.T) {
	cases := loadFormatSuite(t)
	var inputs []string
	for _, c := range cases {
		if s, ok := c.data.(string); ok {
			inputs = append(inputs, s)
		}
	}
	lines := verdicts(t, inputs)
	type count struct{ pass, total int }
	perFile := map[string]*count{}
	var files []string
	k := 0
	for _, c := range cases {
		got := true
		if s, ok := c.data.(string); ok {
			line := lines[k]
			k++
			f, known := formats.Lookup(c.draft, c.format)
			if !known && c.format != "unknown" {
				t.Errorf("%s/%s: the table has no checker of %q in %s", c.draft, c.file, c.format, c.draft)
			}
			if known {
				got = line[column(f)] == '1'
			}
			_ = s
		}
		key := c.draft.String() + "/" + c.file
		if perFile[key] == nil {
			perFile[key] = &count{}
			files = append(files, key)
		}
		perFile[key].total++
		id := key + "/" + c.description
		if got == c.valid {
			perFile[key].pass++
			if reason, ok := knownFailures[id]; ok {
				t.Errorf("%s passes now: remove it from knownFailures (%s)", id, reason)
			}
		} else if _, ok := knownFailures[id]; !ok {
			t.Errorf("%s: %#v: got valid=%v, want %v", id, c.data, got, c.valid)
		}
	}
	var all count
	for _, f := range files {
		c := perFile[f]
		all.pass += c.pass
		all.total += c.total
		t.Logf("%-44s %4d / %4d  %6.2f%%", f, c.pass, c.total, 100*float64(c.pass)/float64(c.total))
		if c.pass*100 < c.total*95 {
			t.Errorf("%s: %d of %d cases pass, under 95%%", f, c.pass, c.total)
		}
	}
	t.Logf("%-44s %4d / %4d", "all drafts", all.pass, all.total)
}

// formatCase is one case of testdata/formats/cases.json.
type formatCase struct {
	Format string `json:"format"`
	Draft  string `json:"draft"`
	Data   string `json:"data"`
	Valid  bool   `json:"valid"`
	Why    string `json:"why"`
}

func loadCases(t *testing.T) []formatCase {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot(t), "testdata", "formats", "cases.json"))
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Cases []formatCase `json:"cases"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Cases) == 0 {
		t.Fatal("testdata/formats/cases.json has no cases")
	}
	return file.Cases
}

func draftNamed(t *testing.T, name string) formats.Draft {
	if name == "" {
		return formats.Draft2020
	}
	for _, d := range formats.Drafts {
		if d.String() == name {
			return d
		}
	}
	t.Fatalf("no draft %q", name)
	return 0
}

// TestFormatCases checks the hand-written cases: leap seconds, offsets, IPv6 forms, IDNA
// contextual and Bidi rules, percent-encodings, unpaired surrogates (which encoding/json, like
// the generated parsers, reads as U+FFFD), ECMAScript 2025 regular expressions.
func TestFormatCases(t *testing.T) {
	cases := loadCases(t)
	inputs := make([]string, len(cases))
	for i, c := range cases {
		inputs[i] = c.Data
	}
	lines := verdicts(t, inputs)
	perFormat := map[string]int{}
	for i, c := range cases {
		f, ok := formats.Lookup(draftNamed(t, c.Draft), c.Format)
		if !ok {
			t.Errorf("case %d: no checker of %q in %s", i, c.Format, c.Draft)
			continue
		}
		perFormat[c.Format]++
		if got := lines[i][column(f)] == '1'; got != c.Valid {
			t.Errorf("%s %q (%s): got valid=%v, want %v", c.Format, c.Data, c.Why, got, c.Valid)
		}
	}
	for _, f := range formats.Formats {
		if perFormat[f.Name] == 0 {
			t.Errorf("no case of %s in testdata/formats/cases.json", f.Name)
		}
	}
}

// mutationRunes are what mutations insert: the characters the formats give a meaning to, and
// the code points their rules single out.
var mutationRunes = []rune(":/.-@[]%{}~#?\\\"' +*(|)^$<>=,;!&_0159aAfFxXTZPWDHMSv" +
	"\u00e9\u00df\u00b7\u0375\u05d0\u05f3\u0627\u0660\u06f0\u0301\u094d\u200c\u200d\u3002\uff0e\u30fb\u4e08\ufffd\U0001F600\U000F0000")

// mutate returns a copy of s with one code point inserted, removed or replaced.
func mutate(s string, r *rand.Rand) string {
	rs := []rune(s)
	i := r.IntN(len(rs) + 1)
	c := mutationRunes[r.IntN(len(mutationRunes))]
	switch op := r.IntN(3); {
	case op == 0 || len(rs) == 0:
		rs = append(rs[:i], append([]rune{c}, rs[i:]...)...)
	case op == 1:
		if i == len(rs) {
			i--
		}
		rs = append(rs[:i], rs[i+1:]...)
	default:
		if i == len(rs) {
			i--
		}
		rs[i] = c
	}
	return string(rs)
}

// vectorInputs returns the strings of the cross-language vectors: every string of the suite and
// of cases.json, and two mutations of each, sorted.
func vectorInputs(t *testing.T) []string {
	set := map[string]bool{}
	for _, c := range loadFormatSuite(t) {
		if s, ok := c.data.(string); ok {
			set[s] = true
		}
	}
	for _, c := range loadCases(t) {
		set[strings.ToValidUTF8(c.Data, "\uFFFD")] = true
	}
	seeds := make([]string, 0, len(set))
	for s := range set {
		seeds = append(seeds, s)
	}
	sort.Strings(seeds)
	r := rand.New(rand.NewPCG(14, 4))
	for _, s := range seeds {
		for range 2 {
			set[mutate(s, r)] = true
		}
	}
	out := make([]string, 0, len(set))
	for s := range set {
		if utf8.ValidString(s) {
			out = append(out, s)
		}
	}
	sort.Strings(out)
	return out
}

const vectorsPath = "testdata/formats/vectors.json"

// TestFormatVectors writes (with -update) or checks testdata/formats/vectors.json: every
// vector string with the verdict of every Go checker. The TypeScript test
// (tsconformance/test/formats.test.ts) requires its checkers to give the same verdicts.
func TestFormatVectors(t *testing.T) {
	inputs := vectorInputs(t)
	lines := verdicts(t, inputs)
	var b bytes.Buffer
	b.WriteString("{\n\"comment\": \"Written by go test ./generator/formats -update: each string with the verdict (1 valid, 0 not) of every checker, in the order of checkers. tsconformance/test/formats.test.ts requires the TypeScript checkers to agree.\",\n\"checkers\": [\n")
	for i, f := range formats.Formats {
		fmt.Fprintf(&b, "  {\"go\": %q, \"ts\": %q}", f.Go, f.TS)
		if i < len(formats.Formats)-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("],\n\"vectors\": [\n")
	for i, s := range inputs {
		var q bytes.Buffer
		enc := json.NewEncoder(&q)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(s); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "  [%s, %q]", bytes.TrimSuffix(q.Bytes(), []byte("\n")), lines[i])
		if i < len(inputs)-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("]}\n")
	path := filepath.Join(repoRoot(t), vectorsPath)
	if *update {
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s: %d strings × %d checkers", vectorsPath, len(inputs), len(formats.Formats))
		return
	}
	old, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test ./generator/formats -update writes it)", err)
	}
	if !bytes.Equal(old, b.Bytes()) {
		t.Fatalf("%s is stale: go test ./generator/formats -update rewrites it (then run the TypeScript test)", vectorsPath)
	}
	t.Logf("%s: %d strings × %d checkers", vectorsPath, len(inputs), len(formats.Formats))
}

// TestLookup checks the table against the drafts: each draft defines the formats its
// specification lists, one checker each.
func TestLookup(t *testing.T) {
	want := map[formats.Draft]string{
		formats.Draft4:    "date-time email hostname ipv4 ipv6 uri",
		formats.Draft6:    "date-time email hostname ipv4 ipv6 json-pointer uri uri-reference uri-template",
		formats.Draft7:    "date date-time email hostname idn-email idn-hostname ipv4 ipv6 iri iri-reference json-pointer regex relative-json-pointer time uri uri-reference uri-template",
		formats.Draft2019: "date date-time duration email hostname idn-email idn-hostname ipv4 ipv6 iri iri-reference json-pointer regex relative-json-pointer time uri uri-reference uri-template uuid",
	}
	want[formats.Draft2020] = want[formats.Draft2019]
	for _, d := range formats.Drafts {
		var got []string
		seen := map[string]bool{}
		for _, f := range formats.Formats {
			if _, ok := formats.Lookup(d, f.Name); ok && !seen[f.Name] {
				seen[f.Name] = true
				got = append(got, f.Name)
			}
		}
		sort.Strings(got)
		if g := strings.Join(got, " "); g != want[d] {
			t.Errorf("%s defines %s, want %s", d, g, want[d])
		}
	}
	if f, _ := formats.Lookup(formats.Draft2019, "relative-json-pointer"); f.Go != "sgFormatRelativeJSONPointerDraft7" {
		t.Errorf("2019-09 relative-json-pointer: %s", f.Go)
	}
	if f, _ := formats.Lookup(formats.Draft2020, "relative-json-pointer"); f.Go != "sgFormatRelativeJSONPointer" {
		t.Errorf("2020-12 relative-json-pointer: %s", f.Go)
	}
	if _, ok := formats.Lookup(formats.Draft4, "unknown"); ok {
		t.Error("an unknown format has a checker")
	}
	// Every TypeScript checker is exported by templates/ts/formats.ts.
	ts, err := os.ReadFile(filepath.Join(repoRoot(t), "templates", "ts", "formats.ts"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range formats.Formats {
		if !bytes.Contains(ts, []byte("export function "+f.TS+"(s: string): boolean {")) {
			t.Errorf("templates/ts/formats.ts does not export %s", f.TS)
		}
	}
}

// TestFormatRelations checks, on every vector string and on random strings, relations between
// formats that hold for every string (as the TypeScript test does), and that no checker
// panics (a panic fails the checker program).
func TestFormatRelations(t *testing.T) {
	inputs := vectorInputs(t)
	r := rand.New(rand.NewPCG(5, 21))
	for range 3000 {
		n := r.IntN(40)
		rs := make([]rune, n)
		for i := range rs {
			if r.IntN(4) == 0 {
				rs[i] = rune(r.IntN(0x110000))
				if rs[i] >= 0xD800 && rs[i] <= 0xDFFF {
					rs[i] = 0xFFFD
				}
			} else {
				rs[i] = mutationRunes[r.IntN(len(mutationRunes))]
			}
		}
		inputs = append(inputs, string(rs))
	}
	lines := verdicts(t, inputs)
	col := map[string]int{}
	for i, f := range formats.Formats {
		col[f.Go] = i
	}
	is := func(line, goName string) bool { return line[col[goName]] == '1' }
	implies := [][2]string{
		{"sgFormatURI", "sgFormatURIReference"},
		{"sgFormatURI", "sgFormatIRI"},
		{"sgFormatIRI", "sgFormatIRIReference"},
		{"sgFormatURIReference", "sgFormatIRIReference"},
		{"sgFormatHostname", "sgFormatIDNHostname"},
		{"sgFormatEmail", "sgFormatIDNEmail"},
		{"sgFormatRelativeJSONPointerDraft7", "sgFormatRelativeJSONPointer"},
	}
	var dateTime []string
	var parts []string
	for i, s := range inputs {
		for _, p := range implies {
			if is(lines[i], p[0]) && !is(lines[i], p[1]) {
				t.Errorf("%q: %s but not %s", s, p[0], p[1])
			}
		}
		if len(s) > 11 && (s[10] == 'T' || s[10] == 't') {
			dateTime = append(dateTime, s)
			parts = append(parts, s[:10], s[11:])
		}
	}
	partLines := verdicts(t, parts)
	dtLines := verdicts(t, dateTime)
	for i, s := range dateTime {
		whole := is(dtLines[i], "sgFormatDateTime")
		split := is(partLines[2*i], "sgFormatDate") && is(partLines[2*i+1], "sgFormatTime")
		if whole != split {
			t.Errorf("%q: date-time %v, date T time %v", s, whole, split)
		}
	}
	t.Logf("%d strings, %d of them date-time shaped", len(inputs), len(dateTime))
}

// TestIPv6AgainstNetip compares the ipv6 checker with net/netip's parser (without zones, which
// the format does not have) on the vector strings and on random address-like strings.
func TestIPv6AgainstNetip(t *testing.T) {
	inputs := vectorInputs(t)
	r := rand.New(rand.NewPCG(6, 4291))
	pieces := []string{"0", "1", "ab", "fff", "ffff", "0000", "12345", ":", "::", ".", "1.2.3.4", "255", "01", "256", "g"}
	for range 5000 {
		var b strings.Builder
		for n := r.IntN(12); n >= 0; n-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		inputs = append(inputs, b.String())
	}
	lines := verdicts(t, inputs)
	f, _ := formats.Lookup(formats.Draft2020, "ipv6")
	disagreements := 0
	for i, s := range inputs {
		a, err := netip.ParseAddr(s)
		want := err == nil && a.Is6() && a.Zone() == ""
		if got := lines[i][column(f)] == '1'; got != want && disagreements < 20 {
			disagreements++
			t.Errorf("%q: ipv6 %v, net/netip %v", s, got, want)
		}
	}
}
