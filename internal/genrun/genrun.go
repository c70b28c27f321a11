// Package genrun runs the parsers of many generated packages over many documents, in Go and in
// TypeScript, for the conformance harnesses (the official JSON Schema Test Suite in suite/, the
// real-world corpus in realworld/): each generated package once, one program per language,
// one verdict per document.
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

// Case is one document to parse: the package (an index into the packages given), the named
// type, and the document's JSON text.
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
)

// Crashed reports whether parsing panicked or killed the program.
func (v Verdict) Crashed() bool { return strings.HasPrefix(v.Detail, "crash") }

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
	if len(s) > 300 {
		return s[:300]
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

// GoEnv is the environment of the go commands run on generated modules: the local toolchain,
// no workspace, modules on.
func GoEnv() []string {
	return append(os.Environ(), "GOWORK=off", "GOFLAGS=", "GOTOOLCHAIN=local", "GO111MODULE=on")
}

// RunGo builds a program in module (at dir, with module path modPath) that imports the given
// packages (import paths; "" for a package to leave out) and runs every case through its
// package's entry. It returns an error when the program does not build.
func RunGo(dir, modPath string, pkgs []string, cases []Case, entry Entry) ([]Verdict, error) {
	var imports, funcs strings.Builder
	for i, p := range pkgs {
		if p == "" {
			funcs.WriteString("nil, ")
			continue
		}
		fmt.Fprintf(&imports, "\tp%d %q\n", i, p)
		if entry == Validate {
			fmt.Fprintf(&funcs, "p%d.Validate, ", i)
		} else {
			fmt.Fprintf(&funcs, "func(t string, d []byte) error { _, err := p%d.Parse(t, d); return err }, ", i)
		}
	}
	runner := filepath.Join(dir, "cmd", "genrun")
	if err := os.MkdirAll(runner, 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(runner, "main.go"), fmt.Appendf(nil, goMain, imports.String(), funcs.String()), 0o644); err != nil {
		return nil, err
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
	if err := os.WriteFile(casesPath, data, 0o644); err != nil {
		return nil, err
	}
	bin := filepath.Join(dir, "genrun-runner")
	cmd := exec.Command("go", "build", "-o", bin, modPath+"/cmd/genrun")
	cmd.Dir = dir
	cmd.Env = GoEnv()
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("the generated Go does not build: %s", FirstLines(string(out), 40))
	}
	verdicts := make([]Verdict, len(cases))
	for start := 0; start < len(cases); {
		cmd := exec.Command(bin, casesPath, strconv.Itoa(start))
		out, err := cmd.Output()
		last := ParseVerdicts(out, verdicts)
		if err == nil {
			break
		}
		// The program died on case last+1 (a fatal error such as a stack overflow).
		died := max(last+1, start)
		if died < len(cases) {
			msg := "program died"
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				msg += ": " + FirstLines(string(ee.Stderr), 1)
			}
			verdicts[died] = Verdict{Ran: true, Detail: "crash: " + msg}
		}
		start = died + 1
	}
	return verdicts, nil
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
