package schemafuzz

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/skillgen/skillgen/generator/typescript"
)

// tsconfig compiles the units (src/<unit>/) into dist/<unit>/ with the compiler options of the
// generated package's own tsconfig.json; include lists the units of one round.
const tsconfig = `{
  "compilerOptions": {
    "target": "ES2022",
    "lib": ["ES2022"],
    "module": "NodeNext",
    "moduleResolution": "NodeNext",
    "strict": true,
    "exactOptionalPropertyTypes": true,
    "noUncheckedIndexedAccess": true,
    "outDir": "dist",
    "rootDir": "src",
    "skipLibCheck": true
  },
  "include": %s
}
`

var tsUnitRe = regexp.MustCompile(`src/(u\d+(?:_\d+)*)/`)

// TSToolsReady reports whether dir holds the pinned typescript and ajv (npm ci done).
func TSToolsReady(dir string) bool {
	for _, p := range []string{"typescript/bin/tsc", "ajv/dist/2020.js", "ajv-draft-04/dist/index.js"} {
		if _, err := os.Stat(filepath.Join(dir, "node_modules", filepath.FromSlash(p))); err != nil {
			return false
		}
	}
	return true
}

// runTS emits every unit (without the fast-check arbitraries) into one project, finds the
// schemas whose TypeScript tsc --strict refuses (bisecting), and runs every document through
// ajv and, where it compiled, the generated parser.
func runTS(cfg Config, units []*unit, entries []*entry, rep *Report) ([]*Failure, string, error) {
	node, err := exec.LookPath("node")
	if err != nil {
		return nil, "node is not installed", nil
	}
	if !TSToolsReady(cfg.TSTools) {
		return nil, "", fmt.Errorf("schemafuzz: %s has no node_modules with typescript, ajv and ajv-draft-04 (run npm ci there)", cfg.TSTools)
	}
	dir := filepath.Join(cfg.Dir, "ts")
	if err := os.RemoveAll(dir); err != nil {
		return nil, "", err
	}
	if err := writeFile(dir, "package.json", []byte(`{"private": true, "type": "module"}`+"\n")); err != nil {
		return nil, "", err
	}
	tsc := filepath.Join(cfg.TSTools, "node_modules", "typescript", "bin", "tsc")
	names := map[*entry]string{}
	ok, fails, err := bisect("TypeScript", units, func(pending []*unit) (attempt, error) {
		bad := attempt{}
		var include []string
		byID := map[string]*unit{}
		for _, u := range pending {
			s, err := buildSchemas(u.docs())
			if err != nil {
				bad[u] = struct{ kind, detail string }{KindBuild, oneLine(err.Error())}
				continue
			}
			files, err := typescript.Emit(s, typescript.Options{Arbitraries: true})
			if err != nil {
				bad[u] = struct{ kind, detail string }{KindEmit, firstLines(err.Error(), 20)}
				continue
			}
			for _, e := range u.entries {
				names[e] = rootType(s, e.s.File()).TSName
			}
			for _, f := range files {
				name, isSrc := strings.CutPrefix(f.Path, "src/")
				if !isSrc || name == "arbitraries.ts" {
					continue
				}
				if err := writeFile(dir, "src/"+u.id+"/"+name, f.Data); err != nil {
					return nil, err
				}
			}
			include = append(include, "src/"+u.id)
			byID[u.id] = u
		}
		if len(include) == 0 {
			return bad, nil
		}
		inc, _ := json.Marshal(include)
		if err := writeFile(dir, "tsconfig.json", fmt.Appendf(nil, tsconfig, inc)); err != nil {
			return nil, err
		}
		cmd := exec.Command(node, tsc, "-p", dir)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err == nil {
			return bad, nil
		}
		blamed := false
		for _, m := range tsUnitRe.FindAllStringSubmatch(string(out), -1) {
			if u := byID[m[1]]; u != nil {
				if _, already := bad[u]; !already {
					bad[u] = struct{ kind, detail string }{KindCompile, "tsc: " + unitLines(string(out), m[1], 12)}
				}
				blamed = true
			}
		}
		if !blamed {
			for _, u := range byID {
				bad[u] = struct{ kind, detail string }{KindCompile, "tsc: " + firstLines(string(out), 12)}
			}
		}
		return bad, nil
	})
	if err != nil {
		return nil, "", err
	}
	for _, u := range ok {
		for _, e := range u.entries {
			e.tsUnit, e.tsName = u, names[e]
		}
	}
	type tsSchema struct {
		Draft  string `json:"draft"`
		Schema string `json:"schema"`
		Unit   string `json:"unit"`
		Type   string `json:"type"`
	}
	type tsDoc struct {
		S int    `json:"s"`
		D string `json:"d"`
	}
	var input struct {
		Schemas []tsSchema `json:"schemas"`
		Docs    []tsDoc    `json:"docs"`
	}
	var refs []docRef
	for _, e := range entries {
		ts := tsSchema{Draft: e.s.Draft.String(), Schema: e.s.AjvDoc().String()}
		if e.tsUnit != nil {
			ts.Unit, ts.Type = e.tsUnit.id, e.tsName
		}
		input.Schemas = append(input.Schemas, ts)
		for i, d := range e.docs {
			input.Docs = append(input.Docs, tsDoc{S: len(input.Schemas) - 1, D: d.String()})
			refs = append(refs, docRef{e, i})
		}
	}
	data, err := json.Marshal(input)
	if err != nil {
		return nil, "", err
	}
	if err := writeFile(dir, "cases.json", data); err != nil {
		return nil, "", err
	}
	cfg.Log("schemafuzz: TypeScript: %d of %d schemas compile; running %d documents", schemas(ok), schemas(units), len(refs))
	cmd := exec.Command(node, filepath.Join(cfg.TSTools, "runner.mjs"), filepath.Join(dir, "cases.json"), filepath.Join(dir, "dist"))
	out, err := cmd.Output()
	if err != nil {
		msg := err.Error()
		if ee, ok := err.(*exec.ExitError); ok {
			msg += ": " + firstLines(string(ee.Stderr), 10)
		}
		return nil, "", fmt.Errorf("schemafuzz: the TypeScript runner failed: %s", msg)
	}
	all := readResults(out, len(refs))
	type diffKey struct {
		e     *entry
		known string
	}
	diffs := map[diffKey]bool{}
	var tsRefs []docRef
	var tsRes []*result
	for k, ref := range refs {
		r := all[k]
		if r == nil {
			return nil, "", fmt.Errorf("schemafuzz: the TypeScript runner printed no result for document %d", k)
		}
		e := ref.e
		rep.Counts.CheckedAjv++
		want := verdictWord(e.want[ref.i])
		if r.Ajv != want {
			rep.Counts.OracleDiffers++
			known := ""
			for _, k := range cfg.KnownOracle {
				if k.explains(r.Ajv, e.s, e.docs[ref.i]) {
					known = k.Name
					rep.Counts.OracleKnown++
					break
				}
			}
			if !diffs[diffKey{e, known}] {
				diffs[diffKey{e, known}] = true
				line := fmt.Sprintf("%s %s: santhosh-tekuri %s, ajv %s", e.s.Draft, e.s.Name, want, r.Ajv)
				if known != "" {
					line += " [known ajv bug: " + known + "]"
				}
				line += fmt.Sprintf("\n    schema: %s\n    document: %s", clip(e.s.Doc.String(), 600), clip(e.docs[ref.i].String(), 300))
				rep.OracleDiffs = append(rep.OracleDiffs, line)
				if known == "" {
					rep.NewOracleDiffs = append(rep.NewOracleDiffs, line)
				}
			}
		}
		if e.tsUnit == nil {
			continue
		}
		rep.Counts.CheckedTS++
		if e.tsResults == nil {
			e.tsResults = make([]*result, len(e.docs))
		}
		tr := *r
		tr.Verdict = r.TS
		e.tsResults[ref.i] = &tr
		tsRefs = append(tsRefs, ref)
		tsRes = append(tsRes, &tr)
	}
	found := map[*entry]map[string]*Failure{}
	compare("TypeScript", tsRefs, tsRes, found)
	return append(fails, flatten(entries, found)...), "", nil
}

// npmCI installs the pinned tools of dir (its package-lock.json).
func npmCI(dir string) error {
	cmd := exec.Command("npm", "ci", "--no-audit", "--no-fund")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("npm ci: %v: %s", err, firstLines(string(out), 20))
	}
	return nil
}
