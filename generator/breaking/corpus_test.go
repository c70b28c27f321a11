package breaking

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/skillgen/skillgen/generator/load"
	"github.com/skillgen/skillgen/generator/normalize"
	"github.com/skillgen/skillgen/internal/datadir"
	"github.com/skillgen/skillgen/schema/oracle"
)

var update = flag.Bool("update", false, "rewrite testdata/corpus.golden (the verdicts of the corpus's evolution pairs)")

// corpusPairs are successive versions of schemas of the corpus (the JSON Schema Store's
// versioned files): the evolution real publishers made.
var corpusPairs = [][2]string{
	{"abc-supply-plan-11.0.0", "abc-supply-plan-11.1.0"},
	{"abc-supply-plan-11.3.0", "abc-supply-plan-12.0.0"},
	{"abc-supply-plan-12.0.0", "abc-supply-plan-14.0.0"},
	{"abc-inventory-module-data-4.0.0", "abc-inventory-module-data-5.2.0"},
	{"ninjs-1.3", "ninjs-1.4"},
	{"aiproj-1.10", "aiproj-1.11"},
	{"sarif-2.1.0-rtm.5", "sarif-2.1.0"},
	{"jreleaser-1.24.0", "jreleaser-1.25.0"},
	{"detekt-1.14.1", "detekt-1.22.0"},
}

var schemaStoreHosts = []string{"https://json.schemastore.org/", "https://www.schemastore.org/"}

// corpusOracle compiles a corpus schema with the oracle on its own (its own compiler, the
// file under its corpus name), for checking witnesses.
type corpusOracle struct {
	dir  string
	name string
	c    *jsonschema.Compiler
}

func newCorpusOracle(t *testing.T, dir, name string) *corpusOracle {
	vocab, err := oracle.UniqueByVocabulary()
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft7)
	c.RegisterVocabulary(vocab)
	load.FormatsAsAnnotations(c)
	c.UseLoader(storeLoader(dir))
	data, err := os.ReadFile(filepath.Join(dir, name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if err := c.AddResource("file:///corpus/"+name+".json", doc); err != nil {
		t.Fatal(err)
	}
	return &corpusOracle{dir: dir, name: name, c: c}
}

type storeLoader string

func (l storeLoader) Load(u string) (any, error) {
	for _, h := range schemaStoreHosts {
		if rest, ok := strings.CutPrefix(u, h); ok && !strings.ContainsAny(rest, "/\\") {
			f, err := os.Open(filepath.Join(string(l), rest))
			if err != nil {
				return nil, err
			}
			defer f.Close()
			return jsonschema.UnmarshalJSON(f)
		}
	}
	return nil, fmt.Errorf("%s is not fetched", u)
}

func (o *corpusOracle) valid(t *testing.T, loc string, doc any) bool {
	_, ptr, _ := strings.Cut(loc, "#")
	s, err := o.c.Compile("file:///corpus/" + o.name + ".json#" + ptr)
	if err != nil {
		t.Fatalf("oracle: %s: %v", loc, err)
	}
	return s.Validate(doc) == nil
}

// TestCorpusEvolution compares successive versions of real schemas: the verdicts are those
// recorded in testdata/corpus.golden (and docs/breaking.md), every witness is accepted by the
// version it names and rejected by the other, as the oracle judges the corpus files, and every
// direction proved compatible survives 50 drawn documents per type.
func TestCorpusEvolution(t *testing.T) {
	corpus, err := datadir.FindCorpus()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(corpus, "schemastore", "schemas")
	src := func(name string) Source {
		data, err := os.ReadFile(filepath.Join(dir, name+".json"))
		if err != nil {
			t.Fatal(err)
		}
		var maps []load.RefMap
		for _, h := range schemaStoreHosts {
			maps = append(maps, load.RefMap{Prefix: h, FS: os.DirFS(dir), Display: dir})
		}
		// The same file name in both versions, so that the types pair by place.
		return Source{FS: fstest.MapFS{"schema.json": {Data: data}}, Entry: ".", Display: name, RefMaps: maps}
	}
	var golden strings.Builder
	witnesses := 0
	for _, p := range corpusPairs {
		r, err := Compare(Options{Old: src(p[0]), New: src(p[1]), Draft: normalize.Draft7, Seed: 1})
		if err != nil {
			t.Fatalf("%s → %s: %v", p[0], p[1], err)
		}
		oldO, newO := newCorpusOracle(t, dir, p[0]), newCorpusOracle(t, dir, p[1])
		golden.WriteString(corpusSummary(r))
		falsifyWith(t, r, 50, func(old bool, loc string, doc any) bool {
			if old {
				return oldO.valid(t, loc, doc)
			}
			return newO.valid(t, loc, doc)
		})
		for _, tr := range r.Types {
			for _, ch := range tr.Changes {
				for _, w := range []*Witness{ch.BackwardWitness, ch.ForwardWitness} {
					if w == nil {
						continue
					}
					witnesses++
					doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(w.Document))
					if err != nil {
						t.Fatal(err)
					}
					acc, rej, accLoc, rejLoc := oldO, newO, tr.Old, tr.New
					if w.AcceptedBy == "new" {
						acc, rej, accLoc, rejLoc = newO, oldO, tr.New, tr.Old
					}
					if !acc.valid(t, accLoc, doc) {
						t.Errorf("%s → %s, %s %s: witness %s is rejected by the %s version", p[0], p[1], tr.Name, ch.Kind, w.Document, w.AcceptedBy)
					}
					if rejLoc != "" && rej.valid(t, rejLoc, doc) {
						t.Errorf("%s → %s, %s %s: witness %s is accepted by both versions", p[0], p[1], tr.Name, ch.Kind, w.Document)
					}
				}
			}
		}
	}
	t.Logf("%d evolution pairs, %d witnesses checked by the oracle against both versions", len(corpusPairs), witnesses)
	file := filepath.Join("testdata", "corpus.golden")
	if *update {
		if err := os.WriteFile(file, []byte(golden.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if golden.String() != string(want) {
		t.Errorf("the verdicts differ from %s (go test -update rewrites it):\n%s", file, golden.String())
	}
}

// corpusSummary is a pair's verdicts: the totals, then one line per incompatible or
// undecided direction of a change, with its witness.
func corpusSummary(r *Report) string {
	var b strings.Builder
	rule, search, und, wit := 0, 0, 0, 0
	changes := 0
	for _, tr := range r.Types {
		for _, ch := range tr.Changes {
			changes++
			if ch.How == "rule" {
				rule++
			} else {
				search++
			}
			for _, v := range []Verdict{ch.Backward, ch.Forward} {
				if v == Undecided {
					und++
				}
			}
			if ch.BackwardWitness != nil {
				wit++
			}
			if ch.ForwardWitness != nil {
				wit++
			}
		}
	}
	fmt.Fprintf(&b, "## %s → %s: BACKWARD %s, FORWARD %s\n", r.Old, r.New, r.Backward, r.Forward)
	fmt.Fprintf(&b, "types %d, changes %d (%d by rule, %d by search), witnesses %d, undecided directions %d, API breaks %d\n", len(r.Types), changes, rule, search, wit, und, len(r.API))
	for _, tr := range r.Types {
		for _, ch := range tr.Changes {
			for _, d := range []struct {
				name string
				v    Verdict
				w    *Witness
			}{{"BACKWARD", ch.Backward, ch.BackwardWitness}, {"FORWARD", ch.Forward, ch.ForwardWitness}} {
				if d.v == Compatible {
					continue
				}
				line := fmt.Sprintf("%s %s %s: %s (#%s)", d.name, d.v, tr.Name, ch.Message, ch.Instance)
				if d.w != nil {
					doc := string(d.w.Document)
					if len(doc) > 160 {
						doc = doc[:160] + "…"
					}
					line += " witness " + doc
				}
				b.WriteString(line + "\n")
			}
		}
	}
	b.WriteString("\n")
	return b.String()
}
