package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// result is the CPU time of one parse of each document: the least of the runs (other work on
// the machine only ever adds to it).
type result map[string]map[int]float64 // family → n → ns/op

// benchLine matches `go test -bench` output: BenchmarkScaling/FAMILY/n=N[/encoding-json]-CPUS
// ITER … NS cpu-ns/op.
var benchLine = regexp.MustCompile(`^BenchmarkScaling/(\w+)/n=(\d+)(/encoding-json)?(?:-\d+)?\s.*?\s([0-9.]+) cpu-ns/op`)

// goResults are the figures of the Go benchmark: the generated ParseT, and encoding/json
// decoding the same document into any.
type goResults struct {
	parse, json result
}

func readGo(path string) (goResults, error) {
	out := goResults{result{}, result{}}
	f, err := os.Open(path)
	if err != nil {
		return out, err
	}
	defer f.Close()
	runs := map[bool]map[string]map[int][]float64{false: {}, true: {}}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		m := benchLine.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		n, _ := strconv.Atoi(m[2])
		ns, _ := strconv.ParseFloat(m[4], 64)
		r := runs[m[3] != ""]
		if r[m[1]] == nil {
			r[m[1]] = map[int][]float64{}
		}
		r[m[1]][n] = append(r[m[1]][n], ns)
	}
	if err := sc.Err(); err != nil {
		return out, err
	}
	for baseline, into := range map[bool]result{false: out.parse, true: out.json} {
		for fam, byN := range runs[baseline] {
			into[fam] = map[int]float64{}
			for n, xs := range byN {
				into[fam][n] = slices.Min(xs)
			}
		}
	}
	return out, nil
}

// tsResults are the figures bench/tsbench/scaling.mjs gives of each document: parseT,
// validateT alone, JSON.parse alone, ajv's validation, Object.keys of an object document.
// ajvOver holds, where ajv was stopped before one call ended, the time it had run.
type tsResults struct {
	parse, validate, json, ajv, ajvOver, keys result
}

func newTSResults() tsResults {
	return tsResults{result{}, result{}, result{}, result{}, result{}, result{}}
}

// readTS reads bench/tsbench/scaling.mjs output:
// [{"family", "n", "ns", "validateNs", "jsonNs", "ajvNs" or "ajvOverNs", "keysNs"}].
func readTS(path string) (tsResults, error) {
	out := newTSResults()
	data, err := os.ReadFile(path)
	if err != nil {
		return out, err
	}
	var rows []struct {
		Family     string   `json:"family"`
		N          int      `json:"n"`
		NS         float64  `json:"ns"`
		ValidateNS *float64 `json:"validateNs"`
		JSONNS     *float64 `json:"jsonNs"`
		AjvNS      *float64 `json:"ajvNs"`
		AjvOverNS  *float64 `json:"ajvOverNs"`
		KeysNS     *float64 `json:"keysNs"`
	}
	if err := json.Unmarshal(data, &rows); err != nil {
		return out, fmt.Errorf("%s: %w", path, err)
	}
	set := func(r result, fam string, n int, ns *float64) {
		if ns == nil {
			return
		}
		if r[fam] == nil {
			r[fam] = map[int]float64{}
		}
		r[fam][n] = *ns
	}
	for _, r := range rows {
		set(out.parse, r.Family, r.N, &r.NS)
		set(out.validate, r.Family, r.N, r.ValidateNS)
		set(out.json, r.Family, r.N, r.JSONNS)
		set(out.ajv, r.Family, r.N, r.AjvNS)
		set(out.ajvOver, r.Family, r.N, r.AjvOverNS)
		set(out.keys, r.Family, r.N, r.KeysNS)
	}
	return out, nil
}

func duration(ns float64) string {
	switch {
	case ns >= 1e9:
		return fmt.Sprintf("%.2f s", ns/1e9)
	case ns >= 1e6:
		return fmt.Sprintf("%.2f ms", ns/1e6)
	case ns >= 1e3:
		return fmt.Sprintf("%.1f µs", ns/1e3)
	}
	return fmt.Sprintf("%.0f ns", ns)
}

// cells gives the time at n, at 8n and the ratio of one family in one language.
func cells(r result, fam string, n int) (string, string, string, float64) {
	a, okA := r[fam][n]
	b, okB := r[fam][8*n]
	if !okA || !okB || a == 0 {
		return "unavailable", "unavailable", "", 0
	}
	ratio := b / a
	cell := fmt.Sprintf("%.1f×", ratio)
	if ratio > limit {
		cell = "**" + cell + "**"
	}
	return duration(a), duration(b), cell, ratio
}

// limit is the highest ratio of times for 8 times the input that counts as linear.
const limit = 10

func table(args []string) error {
	fs := flag.NewFlagSet("table", flag.ContinueOnError)
	goOut := fs.String("go", "", "output of go test -bench in bench/scaling")
	tsOut := fs.String("ts", "", "output of bench/tsbench/scaling.mjs")
	out := fs.String("out", "-", "file to write (-: standard output)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	goRes, tsRes := goResults{result{}, result{}}, newTSResults()
	var err error
	if *goOut != "" {
		if goRes, err = readGo(*goOut); err != nil {
			return err
		}
	}
	if *tsOut != "" {
		if tsRes, err = readTS(*tsOut); err != nil {
			return err
		}
	}
	var b strings.Builder
	b.WriteString("## Hostile input: scaling\n\n")
	b.WriteString("Each keyword family of `bench/scaling/schema.json` on a document of size n and one of size 8n\n")
	b.WriteString("(`bench/cmd/scaling` writes them): the generated `ParseT` in Go (`go test -bench` in\n")
	b.WriteString("`bench/scaling`) and `parseT` in TypeScript (`bench/tsbench/scaling.mjs`), each checked first\n")
	b.WriteString("to accept the document or to report exactly its errors. The figure is the CPU time of the\n")
	b.WriteString("process per parse, garbage collection included, the least of 5 runs in Go and of 3 rounds\n")
	b.WriteString("in TypeScript: other work on a\n")
	b.WriteString("shared machine barely moves it, where it moves wall time a lot. Linear work gives a ratio\n")
	b.WriteString(fmt.Sprintf("near 8 (a little more where a sort is n log n), quadratic work 64; a ratio above %d is in bold.\n", limit))
	b.WriteString("\"encoding/json ratio\" is that of Go's `encoding/json` decoding the same document into `any`,\n")
	b.WriteString("validating nothing: the floor the platform sets (allocation, collection, caches).\n")
	b.WriteString("In TypeScript, \"TS validate\" is `validateT` alone on the value `JSON.parse` made of the\n")
	b.WriteString("document (the generated code's work, without V8's parser and without collecting the values a\n")
	b.WriteString("parse makes), \"JSON.parse ratio\" the ratio of `JSON.parse` alone, the floor of `parseT`,\n")
	b.WriteString("\"ajv ratio\" that of ajv 8 (allErrors) validating the same value, and \"Object.keys ratio\", on a\n")
	b.WriteString("document that is one object of n keys or more, that of V8 listing its keys and nothing else, which every validator\n")
	b.WriteString("of its members does at least once; node runs at its default flags (docs/performance.md,\n")
	b.WriteString("\"Scaling\", says what they show).\n\n")
	b.WriteString("| family | document at n | n | Go at n | Go at 8n | Go ratio | encoding/json ratio | TS at n | TS at 8n | TS ratio | TS validate at n | TS validate at 8n | TS validate ratio | JSON.parse ratio | ajv ratio | Object.keys ratio |\n")
	b.WriteString("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n")
	worst := map[string]float64{}
	var keyBound []string  // TypeScript families above the limit where Object.keys alone is too
	var jsonBound []string // Go families above the limit where encoding/json alone is too
	for _, f := range families() {
		ga, gb, gr, gx := cells(goRes.parse, f.name, f.n)
		_, _, er, ex := cells(goRes.json, f.name, f.n)
		if gx > limit && ex > limit {
			jsonBound = append(jsonBound, f.name)
		}
		ta, tb, tr, tx := cells(tsRes.parse, f.name, f.n)
		va, vb, vr, vx := cells(tsRes.validate, f.name, f.n)
		_, _, jr, _ := cells(tsRes.json, f.name, f.n)
		_, _, ar, _ := cells(tsRes.ajv, f.name, f.n)
		if over, ok := tsRes.ajvOver[f.name][8*f.n]; ok {
			ar = fmt.Sprintf("**one call over %s at 8n**", duration(over)) // stopped
		}
		_, _, kr, _ := cells(tsRes.keys, f.name, f.n)
		if _, ok := tsRes.keys[f.name]; !ok {
			kr = "" // not an object document
		} else if _, _, _, kx := cells(tsRes.keys, f.name, f.n); tx > limit && kx > limit {
			keyBound = append(keyBound, f.name)
		}
		worst["Go"] = max(worst["Go"], gx)
		worst["TypeScript"] = max(worst["TypeScript"], tx)
		worst["TypeScript validateT alone"] = max(worst["TypeScript validateT alone"], vx)
		fmt.Fprintf(&b, "| %s | %s | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", f.name, f.what, f.n, ga, gb, gr, er, ta, tb, tr, va, vb, vr, jr, ar, kr)
	}
	b.WriteString("\n")
	for _, lang := range []string{"Go", "TypeScript", "TypeScript validateT alone"} {
		verdict := "met"
		if worst[lang] == 0 {
			verdict = "not measured"
		} else if worst[lang] > limit {
			verdict = "**not met**"
		}
		fmt.Fprintf(&b, "Target, %s: no family above %d× for 8× the input. Highest: %.1f×: %s.\n\n", lang, limit, worst[lang], verdict)
	}
	if len(jsonBound) > 0 {
		fmt.Fprintf(&b, "Go families above %d× where `encoding/json` decoding the document alone is above %d× too: %s.\n\n", limit, limit, strings.Join(jsonBound, ", "))
	}
	if len(keyBound) > 0 {
		fmt.Fprintf(&b, "TypeScript families above %d× where `Object.keys` of the document alone is above %d× too: %s.\n\n", limit, limit, strings.Join(keyBound, ", "))
	}
	if *out == "-" || *out == "" {
		_, err = os.Stdout.WriteString(b.String())
		return err
	}
	return os.WriteFile(*out, []byte(b.String()), 0o644)
}
