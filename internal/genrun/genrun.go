// Package genrun runs the parsers of many generated packages over many documents, in Go and in
// TypeScript, for the conformance harnesses (the official JSON Schema Test Suite in suite/, the
// real-world corpus in realworld/): each generated package once, one program per language,
// one verdict per document.
package genrun

import (
	"bufio"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Case is one document to parse: the package (an index into the packages given), the named
// type, and the document's JSON text (none for Arbitrary).
type Case struct {
	Package int
	Type    string
	Data    []byte
}

// Verdict is one document's outcome in one language.
type Verdict struct {
	Ran    bool // false: not run (the package was not generated or does not compile)
	Valid  bool
	Detail string // the errors' [pointer, keyword, message] triples as JSON (the message of keyword json left empty: each language's JSON reader words its own syntax errors), or "crash: …"
}

// Entry is the function of a generated package that judges a document.
type Entry int

const (
	// Parse decodes and validates into the Go or TypeScript type (ParseT, parseT): what a
	// user of the typed API gets.
	Parse Entry = iota
	// Validate gives the schema's own verdict (Validate(typeName, data), the JSON reader then
	// validateT), also for the few valid documents a type cannot hold (docs/generated-go.md).
	Validate
	// Arbitrary draws ArbitraryDraws values of the type from the package's arbitraries (the
	// rapid generator in its arbitrary subpackage, the fast-check arbitrary of arbitraries.ts),
	// writes each as JSON (json.Marshal, serializeT) and parses it back (Parse, parseT): "valid"
	// when every value drawn parses and writes back as the same JSON value; "invalid no value:
	// …" when the arbitrary finds no value (its filter, the type's validator, refuses every
	// candidate: a schema whose constraints the arbitraries cannot meet); "invalid …" naming the
	// value when one does not parse or does not write back the same.
	Arbitrary
)

// ArbitraryDraws is how many values of each type Arbitrary draws (seeds 0 to ArbitraryDraws-1).
const ArbitraryDraws = 10

// NoValue is the prefix of an Arbitrary verdict's Detail when the arbitrary finds no value.
const NoValue = "no value: "

// CaseTimeout bounds one case (one document, or one type's draws); a program silent for longer
// is stopped, the case is a crash ("crash: timeout"), and the program starts again after it.
const CaseTimeout = 2 * time.Minute

// Crashed reports whether parsing panicked, killed the program or ran beyond CaseTimeout.
func (v Verdict) Crashed() bool { return strings.HasPrefix(v.Detail, "crash") }

// NoValue reports whether an Arbitrary verdict says the arbitrary found no value.
func (v Verdict) NoValue() bool { return strings.HasPrefix(v.Detail, NoValue) }

// goMain feeds every case to its package's entry (Parse or Validate) and prints one verdict line per case ("valid",
// or "invalid" and the JSON list of the errors' [pointer, keyword, message] triples, or "crash"). A
// panic is a verdict ("crash"); a fatal error (stack overflow) ends the program, and RunGo
// runs it again from the next case.
const goMain = `package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"reflect"
	"strconv"
	"strings"
%s)

var judge = []func(string, []byte) error{%s}

type tcase struct {
	P int             ` + "`json:\"p\"`" + `
	T string          ` + "`json:\"t\"`" + `
	D json.RawMessage ` + "`json:\"d\"`" + `
}

func one(c tcase) (line string) {
	defer func() {
		if r := recover(); r != nil {
			line = clip("crash " + strings.Join(strings.Fields(fmt.Sprint(r)), " "))
		}
	}()
	if judge[c.P] == nil {
		return "skipped"
	}
	err := judge[c.P](c.T, c.D)
	if err == nil {
		return "valid"
	}
	if list, ok := errorList(err); ok {
		return "invalid " + list
	}
	return clip("invalid " + strings.Join(strings.Fields(err.Error()), " "))
}

// errorList renders a ValidationErrors (of whichever package) as the JSON list of its
// [pointer, keyword, message] triples, the form the TypeScript runner prints too.
func errorList(err error) (string, bool) {
	for e := err; e != nil; e = errors.Unwrap(e) {
		rv := reflect.ValueOf(e)
		if rv.Kind() != reflect.Slice || rv.Type().Elem().Kind() != reflect.Struct {
			continue
		}
		if _, ok := rv.Type().Elem().FieldByName("Keyword"); !ok {
			continue
		}
		l := make([][3]string, rv.Len())
		for i := range l {
			x := rv.Index(i)
			l[i] = [3]string{x.FieldByName("Pointer").String(), x.FieldByName("Keyword").String(), x.FieldByName("Message").String()}
			if l[i][1] == "json" {
				l[i][2] = ""
			}
		}
		j, _ := json.Marshal(l)
		return string(j), true
	}
	return "", false
}

func clip(s string) string {
	if len(s) > 600 {
		return s[:600]
	}
	return s
}

func main() {
	data, err := os.ReadFile(os.Args[1])
	if err != nil {
		panic(err)
	}
	var cases []tcase
	if err := json.Unmarshal(data, &cases); err != nil {
		panic(err)
	}
	start, _ := strconv.Atoi(os.Args[2])
	for i := start; i < len(cases); i++ {
		line := one(cases[i])
		fmt.Fprintf(os.Stdout, "%%d %%s\n", i, line)
	}
}
`

// drawLib is the package of the Arbitrary runner that every package's draw function uses:
// Draw checks the values of one type.
const drawLib = `// Package drawlib checks the values the arbitraries of the generated packages draw.
package drawlib

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"

	"pgregory.net/rapid"
)

const draws = %d

// Draw draws values from g (seeds 0 to draws-1), writes each with json.Marshal and parses it
// back: nil when every value found parses and writes back as the same JSON value.
func Draw[T any](g *rapid.Generator[T], parse func([]byte) (any, error)) error {
	found := 0
	var last string
	for seed := 0; seed < draws; seed++ {
		v, err := example(g, seed)
		if err != nil {
			if !strings.Contains(err.Error(), "failed to find suitable value") {
				return fmt.Errorf("seed %%d: the arbitrary fails: %%v", seed, err)
			}
			last = err.Error()
			continue
		}
		found++
		data, err := json.Marshal(v)
		if err != nil {
			return fmt.Errorf("seed %%d: json.Marshal of the value drawn: %%v", seed, err)
		}
		back, err := parse(data)
		if err != nil {
			return fmt.Errorf("seed %%d: the value drawn does not parse: %%v; the value: %%s", seed, err, data)
		}
		again, err := json.Marshal(back)
		if err != nil {
			return fmt.Errorf("seed %%d: json.Marshal of the value parsed: %%v; the value drawn: %%s", seed, err, data)
		}
		if !sameJSON(data, again) {
			return fmt.Errorf("seed %%d: the value drawn parses and writes back otherwise: %%s; the value drawn: %%s", seed, again, data)
		}
	}
	if found == 0 {
		return fmt.Errorf("` + NoValue + `%%s", last)
	}
	return nil
}

func example[T any](g *rapid.Generator[T], seed int) (v T, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%%v", r)
		}
	}()
	return g.Example(seed), nil
}

// sameJSON: the same JSON value (numbers by their text, members in any order).
func sameJSON(a, b []byte) bool {
	var x, y any
	da, db := json.NewDecoder(strings.NewReader(string(a))), json.NewDecoder(strings.NewReader(string(b)))
	da.UseNumber()
	db.UseNumber()
	if da.Decode(&x) != nil || db.Decode(&y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}
`

// drawPkg is the Arbitrary runner's package for one generated package (its types' draws):
// one small package each, so that the compiler instantiates Draw for one package's types at a
// time, and the packages compile in parallel, instead of one main package holding the
// instantiations for every type of every package.
const drawPkg = `// Package %[1]s draws the values of the types of %[2]s.
package %[1]s

import (
	"fmt"

	"%[3]s/cmd/genrun/drawlib"
	a "%[2]s/arbitrary"
	p "%[2]s"
)

// Draw checks the arbitrary of the type named t.
func Draw(t string, _ []byte) error {
	switch t {
%[4]s	}
	return fmt.Errorf("no arbitrary for %%s", t)
}
`

// GoEnv is the environment of the go commands run on generated modules: the local toolchain,
// no workspace, modules on.
func GoEnv() []string {
	return append(os.Environ(), "GOWORK=off", "GOFLAGS=", "GOTOOLCHAIN=local", "GO111MODULE=on")
}

// RunGo builds a program in module (at dir, with module path modPath) that imports the given
// packages (import paths; "" for a package to leave out) and runs every case through its
// package's entry. For Arbitrary, it imports each package's arbitrary subpackage too (and the
// module requires pgregory.net/rapid), through one small package per generated package, and
// builds several programs, each for the packages of about arbitraryTypesPerProgram types: the
// arbitraries instantiate rapid's generics for every type, and one program for every type of a
// large corpus took the linker beyond 12 GB. It returns an error when a program does not build.
func RunGo(dir, modPath string, pkgs []string, cases []Case, entry Entry) ([]Verdict, error) {
	runner := filepath.Join(dir, "cmd", "genrun")
	// The runner is this function's own: what an earlier run left there (the packages of
	// packages since gone) would not build.
	if err := os.RemoveAll(runner); err != nil {
		return nil, err
	}
	programs := [][]int{nil} // the packages of each program
	if entry != Arbitrary {
		for i, p := range pkgs {
			if p != "" {
				programs[0] = append(programs[0], i)
			}
		}
	} else {
		types := make([][]string, len(pkgs)) // the types each package's cases name, in the cases' order
		type pkgType struct {
			p int
			t string
		}
		seen := map[pkgType]bool{}
		for _, c := range cases {
			if k := (pkgType{c.Package, c.Type}); c.Package >= 0 && c.Package < len(pkgs) && pkgs[c.Package] != "" && !seen[k] {
				seen[k] = true
				types[c.Package] = append(types[c.Package], c.Type)
			}
		}
		if err := writeFile(filepath.Join(runner, "drawlib", "drawlib.go"), fmt.Appendf(nil, drawLib, ArbitraryDraws)); err != nil {
			return nil, err
		}
		n := 0 // the types of the last program
		for i, ts := range types {
			if len(ts) == 0 {
				continue
			}
			var arms strings.Builder
			for _, t := range ts {
				fmt.Fprintf(&arms, "\tcase %q:\n\t\treturn drawlib.Draw(a.%s(), func(d []byte) (any, error) { return p.Parse(%[1]q, d) })\n", t, t)
			}
			name := fmt.Sprintf("d%d", i)
			if err := writeFile(filepath.Join(runner, name, "draw.go"), fmt.Appendf(nil, drawPkg, name, pkgs[i], modPath, arms.String())); err != nil {
				return nil, err
			}
			if n > 0 && n+len(ts) > arbitraryTypesPerProgram {
				programs, n = append(programs, nil), 0
			}
			last := len(programs) - 1
			programs[last] = append(programs[last], i)
			n += len(ts)
		}
	}
	var mains []string
	for k, members := range programs {
		var imports, funcs strings.Builder
		judged := make([]string, len(pkgs))
		for _, i := range members {
			switch entry {
			case Validate:
				fmt.Fprintf(&imports, "\tp%d %q\n", i, pkgs[i])
				judged[i] = fmt.Sprintf("p%d.Validate", i)
			case Arbitrary:
				fmt.Fprintf(&imports, "\td%d %q\n", i, fmt.Sprintf("%s/cmd/genrun/d%d", modPath, i))
				judged[i] = fmt.Sprintf("d%d.Draw", i)
			default:
				fmt.Fprintf(&imports, "\tp%d %q\n", i, pkgs[i])
				judged[i] = fmt.Sprintf("func(t string, d []byte) error { _, err := p%d.Parse(t, d); return err }", i)
			}
		}
		for _, j := range judged {
			if j == "" {
				j = "nil"
			}
			funcs.WriteString(j + ", ")
		}
		name := fmt.Sprintf("r%d", k)
		if err := writeFile(filepath.Join(runner, name, "main.go"), fmt.Appendf(nil, goMain, imports.String(), funcs.String())); err != nil {
			return nil, err
		}
		mains = append(mains, modPath+"/cmd/genrun/"+name)
	}
	type tcase struct {
		P int             `json:"p"`
		T string          `json:"t"`
		D json.RawMessage `json:"d"`
	}
	list := make([]tcase, len(cases))
	for i, c := range cases {
		list[i] = tcase{P: c.Package, T: c.Type, D: c.Data}
	}
	data, err := json.Marshal(list)
	if err != nil {
		return nil, err
	}
	casesPath := filepath.Join(dir, "cases.json")
	if err := writeFile(casesPath, data); err != nil {
		return nil, err
	}
	bins := filepath.Join(dir, "genrun-bin")
	if err := os.RemoveAll(bins); err != nil {
		return nil, err
	}
	// One go build for every program: the packages compile in parallel and once. No DWARF
	// (-w): the programs are run, never debugged, and it halves what the linker holds.
	cmd := exec.Command("go", append([]string{"build", "-ldflags=-w", "-o", bins + string(filepath.Separator)}, mains...)...)
	cmd.Dir = dir
	cmd.Env = GoEnv()
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("the generated Go does not build: %s", FirstLines(string(out), 40))
	}
	verdicts := make([]Verdict, len(cases))
	for k := range programs {
		bin := filepath.Join(bins, fmt.Sprintf("r%d", k))
		// Every case has its verdict even when the program ends badly after the last one. A
		// program prints "skipped" for the cases of the packages it leaves out.
		_ = runCases(func(start int) *exec.Cmd { return exec.Command(bin, casesPath, strconv.Itoa(start)) }, verdicts)
	}
	return verdicts, nil
}

// arbitraryTypesPerProgram bounds the types whose draws one Arbitrary program holds (a package
// of more types has a program of its own).
var arbitraryTypesPerProgram = 1500

// writeFile writes data to path, making its directory first.
func writeFile(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

// runCases runs the program newCmd makes, from case start on, until every case has a verdict
// line: when the program dies (a fatal error such as a stack overflow) or is silent beyond
// CaseTimeout on a case, that case is a crash and the program starts again after it. It
// returns the last error of a program that stopped before the end and was not restarted.
func runCases(newCmd func(start int) *exec.Cmd, verdicts []Verdict) error {
	for start := 0; start < len(verdicts); {
		cmd := newCmd(start)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.StdoutPipe()
		if err != nil {
			return err
		}
		if err := cmd.Start(); err != nil {
			return err
		}
		lines := make(chan string)
		go func() {
			sc := bufio.NewScanner(out)
			sc.Buffer(make([]byte, 1<<20), 1<<26)
			for sc.Scan() {
				lines <- sc.Text()
			}
			close(lines)
		}()
		last, timedOut := start-1, false
		timer := time.NewTimer(CaseTimeout)
	read:
		for {
			select {
			case line, ok := <-lines:
				if !ok {
					break read
				}
				if i := ParseVerdicts([]byte(line), verdicts); i >= 0 {
					last = i
				}
				timer.Reset(CaseTimeout)
			case <-timer.C:
				timedOut = true
				_ = cmd.Process.Kill()
				for range lines {
				}
				break read
			}
		}
		timer.Stop()
		err = cmd.Wait()
		if err == nil && !timedOut {
			return nil
		}
		// The program died on, or is stuck in, case last+1.
		died := last + 1
		if died >= len(verdicts) {
			return err
		}
		msg := "program died"
		switch {
		case timedOut:
			msg = fmt.Sprintf("timeout: no verdict within %v", CaseTimeout)
		case stderr.Len() > 0:
			msg += ": " + FirstLines(stderr.String(), 1)
		}
		verdicts[died] = Verdict{Ran: true, Detail: "crash: " + msg}
		start = died + 1
	}
	return nil
}

// ParseVerdicts reads "<index> valid" / "<index> invalid ..." / "<index> crash ..." lines
// into verdicts and returns the last index read.
func ParseVerdicts(out []byte, into []Verdict) (last int) {
	last = -1
	for _, line := range strings.Split(string(out), "\n") {
		idx, rest, ok := strings.Cut(line, " ")
		if !ok {
			continue
		}
		i, err := strconv.Atoi(idx)
		if err != nil || i < 0 || i >= len(into) {
			continue
		}
		word, detail, _ := strings.Cut(rest, " ")
		switch word {
		case "valid":
			into[i] = Verdict{Ran: true, Valid: true}
		case "invalid":
			into[i] = Verdict{Ran: true, Detail: detail}
		case "crash":
			into[i] = Verdict{Ran: true, Detail: "crash: " + detail}
		case "skipped":
		default:
			continue
		}
		last = i
	}
	return last
}

// FirstLines returns the first n lines of s, saying how many more there are.
func FirstLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = append(lines[:n], fmt.Sprintf("... (%d more lines)", len(lines)-n))
	}
	return strings.Join(lines, "\n")
}
