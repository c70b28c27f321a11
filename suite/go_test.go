package suite

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skillgen/skillgen/generator/golang"
)

// goMain feeds every case to its package's Validate (the schema's verdict: Parse refuses the
// few valid documents a Go type cannot hold, docs/generated-go.md) and prints one verdict line per case ("valid",
// or "invalid" and the JSON list of the errors' [pointer, keyword] pairs, or "crash"). A
// panic is a verdict ("crash"); a fatal error (stack overflow) ends the program, and the
// harness runs it again from the next case.
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

var validate = []func(string, []byte) error{%s}

type tcase struct {
	B int             ` + "`json:\"b\"`" + `
	T string          ` + "`json:\"t\"`" + `
	D json.RawMessage ` + "`json:\"d\"`" + `
}

func one(c tcase) (line string) {
	defer func() {
		if r := recover(); r != nil {
			line = clip("crash " + strings.Join(strings.Fields(fmt.Sprint(r)), " "))
		}
	}()
	err := validate[c.B](c.T, c.D)
	if err == nil {
		return "valid"
	}
	if list, ok := errorList(err); ok {
		return "invalid " + list
	}
	return clip("invalid " + strings.Join(strings.Fields(err.Error()), " "))
}

// errorList renders a ValidationErrors (of whichever batch package) as the JSON list of its
// [pointer, keyword] pairs, the form the TypeScript runner prints too.
func errorList(err error) (string, bool) {
	for e := err; e != nil; e = errors.Unwrap(e) {
		rv := reflect.ValueOf(e)
		if rv.Kind() != reflect.Slice || rv.Type().Elem().Kind() != reflect.Struct {
			continue
		}
		if _, ok := rv.Type().Elem().FieldByName("Keyword"); !ok {
			continue
		}
		l := make([][2]string, rv.Len())
		for i := range l {
			x := rv.Index(i)
			l[i] = [2]string{x.FieldByName("Pointer").String(), x.FieldByName("Keyword").String()}
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

// caseJSON is a case as the runners read it.
type caseJSON struct {
	B int             `json:"b"`
	T string          `json:"t"`
	D json.RawMessage `json:"d"`
}

// writer returns a function writing files below dir (rel uses forward slashes).
func writer(t *testing.T, dir string) func(rel string, data []byte) {
	return func(rel string, data []byte) {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// runGo generates one package per batch into a temporary module, builds the runner once and
// runs it over every case.
func runGo(t *testing.T, batches []*batch, cases []caseRef) *langResult {
	res := &langResult{name: "Go", verdicts: make([]verdict, len(cases))}
	tmp := workDir(t, "go")
	write := writer(t, tmp)
	write("go.mod", []byte("module suitegen\n\ngo 1.26\n"))
	var imports, funcs strings.Builder
	for i, b := range batches {
		pkg := fmt.Sprintf("b%d", i)
		files, err := golang.Emit(b.schema, golang.Options{Package: pkg, Sources: "JSON Schema Test Suite"})
		if err != nil {
			res.problem = fmt.Sprintf("Go emitter failed on batch %d: %v", i, err)
			return res
		}
		for _, f := range files {
			write(pkg+"/"+f.Path, f.Data)
		}
		fmt.Fprintf(&imports, "\t%s \"suitegen/%s\"\n", pkg, pkg)
		fmt.Fprintf(&funcs, "%s.Validate, ", pkg)
	}
	write("main.go", fmt.Appendf(nil, goMain, imports.String(), funcs.String()))
	write("cases.json", casesJSON(t, cases, func(g *group) string { return g.GoName }))

	bin := filepath.Join(tmp, "suite-runner")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	cmd.Dir = tmp
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=", "GOTOOLCHAIN=local", "GO111MODULE=on")
	if out, err := cmd.CombinedOutput(); err != nil {
		res.problem = "the generated Go does not build: " + firstLines(string(out), 40)
		return res
	}
	for start := 0; start < len(cases); {
		cmd := exec.Command(bin, filepath.Join(tmp, "cases.json"), fmt.Sprint(start))
		out, err := cmd.Output()
		last := parseVerdicts(out, res.verdicts)
		if err == nil {
			break
		}
		// The program died on case last+1 (a fatal error such as a stack overflow).
		died := last + 1
		if died < start {
			died = start
		}
		if died < len(cases) {
			msg := "program died"
			if ee, ok := err.(*exec.ExitError); ok {
				msg += ": " + firstLines(string(ee.Stderr), 1)
			}
			res.verdicts[died] = verdict{ran: true, detail: "crash: " + msg}
		}
		start = died + 1
	}
	return res
}

func casesJSON(t *testing.T, cases []caseRef, name func(*group) string) []byte {
	list := make([]caseJSON, len(cases))
	for i, c := range cases {
		list[i] = caseJSON{B: c.g.Batch, T: name(c.g), D: c.g.Tests[c.i].Data}
	}
	data, err := json.Marshal(list)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func firstLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = append(lines[:n], fmt.Sprintf("... (%d more lines)", len(lines)-n))
	}
	return strings.Join(lines, "\n")
}
