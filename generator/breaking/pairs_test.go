package breaking

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/tools/txtar"

	"github.com/skillgen/skillgen/generator/ir"
	"github.com/skillgen/skillgen/generator/load"
	"github.com/skillgen/skillgen/schema/oracle"
)

// pair is one change pair of testdata/pairs: the old and new files, and the verdicts expected.
type pair struct {
	name     string
	old, new fstest.MapFS
	// want maps a type name to "BACKWARD FORWARD" verdicts; types not named are expected
	// compatible both ways.
	want map[string]string
	// api lists the API breaks expected ("go removed Person.Name"), when the archive says.
	api    []string
	hasAPI bool
}

func readPair(t *testing.T, file string) *pair {
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	p := &pair{name: strings.TrimSuffix(filepath.Base(file), ".txtar"), old: fstest.MapFS{}, new: fstest.MapFS{}, want: map[string]string{}}
	for _, f := range ar.Files {
		switch {
		case f.Name == "want":
			for _, line := range strings.Split(strings.TrimSpace(string(f.Data)), "\n") {
				if line == "" {
					continue
				}
				fs := strings.Fields(line)
				if len(fs) != 3 {
					t.Fatalf("%s: want line %q: TYPE BACKWARD FORWARD", file, line)
				}
				p.want[fs[0]] = fs[1] + " " + fs[2]
			}
		case f.Name == "api":
			p.hasAPI = true
			for _, line := range strings.Split(strings.TrimSpace(string(f.Data)), "\n") {
				if line != "" {
					p.api = append(p.api, line)
				}
			}
		case strings.HasPrefix(f.Name, "old/"):
			p.old[strings.TrimPrefix(f.Name, "old/")] = &fstest.MapFile{Data: f.Data}
		case strings.HasPrefix(f.Name, "new/"):
			p.new[strings.TrimPrefix(f.Name, "new/")] = &fstest.MapFile{Data: f.Data}
		default:
			t.Fatalf("%s: unexpected file %s", file, f.Name)
		}
	}
	return p
}

// independent compiles the schema at a location of a version's files with the oracle, apart
// from the package's own validator: a fresh compiler fed every file of the archive.
func independent(t *testing.T, files fstest.MapFS, loc string) *jsonschema.Schema {
	t.Helper()
	vocab, err := oracle.UniqueByVocabulary()
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.RegisterVocabulary(vocab)
	c.AssertVocabs()
	load.FormatsAsAnnotations(c)
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(files[n].Data))
		if err != nil {
			t.Fatal(err)
		}
		if err := c.AddResource("file:///pair/"+n, doc); err != nil {
			t.Fatal(err)
		}
	}
	file, ptr, _ := strings.Cut(loc, "#")
	s, err := c.Compile("file:///pair/" + path.Clean(file) + "#" + ptr)
	if err != nil {
		t.Fatalf("oracle cannot compile %s: %v", loc, err)
	}
	return s
}

// minPairs is the size the table must keep.
var minPairs = 40

// TestPairs runs every change pair of testdata/pairs: the verdict of every type is the one
// expected, and every witness is accepted by the version it names and rejected by the other,
// as the oracle (santhosh-tekuri/jsonschema, compiled here apart) judges.
func TestPairs(t *testing.T) {
	files, err := filepath.Glob("testdata/pairs/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < minPairs {
		t.Fatalf("%d change pairs, want at least 40", len(files))
	}
	witnesses, verdicts := 0, 0
	for _, file := range files {
		p := readPair(t, file)
		t.Run(p.name, func(t *testing.T) {
			r, err := Compare(Options{Old: Source{FS: p.old, Entry: ".", Display: "old"}, New: Source{FS: p.new, Entry: ".", Display: "new"}, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]string{}
			for _, tr := range r.Types {
				v := strings.ToUpper(string(tr.Backward)) + " " + strings.ToUpper(string(tr.Forward))
				if v != "COMPATIBLE COMPATIBLE" {
					got[tr.Name] = v
				}
			}
			want := map[string]string{}
			for k, v := range p.want {
				want[k] = strings.ToUpper(v)
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("verdicts:\n got %v\nwant %v\n%s", got, want, Text(r))
			}
			verdicts++
			for _, tr := range r.Types {
				for _, ch := range tr.Changes {
					for _, w := range []*Witness{ch.BackwardWitness, ch.ForwardWitness} {
						if w == nil {
							continue
						}
						witnesses++
						checkWitness(t, p, tr, w)
					}
					if ch.Backward == Incompatible && ch.BackwardWitness == nil || ch.Forward == Incompatible && ch.ForwardWitness == nil {
						t.Errorf("%s: incompatible without a witness", ch.Message)
					}
				}
			}
			falsify(t, p, r)
			if p.hasAPI {
				var api []string
				for _, b := range r.API {
					api = append(api, b.Lang+" "+b.Kind+" "+b.Old)
				}
				if strings.Join(api, "\n") != strings.Join(p.api, "\n") {
					t.Errorf("API breaks:\n got %q\nwant %q", api, p.api)
				}
			}
		})
	}
	t.Logf("%d change pairs, %d witnesses checked by the oracle against both versions", len(files), witnesses)
}

func checkWitness(t *testing.T, p *pair, tr *TypeReport, w *Witness) {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(w.Document))
	if err != nil {
		t.Fatalf("witness %s: %v", w.Document, err)
	}
	accFiles, rejFiles, accLoc, rejLoc := p.old, p.new, tr.Old, tr.New
	if w.AcceptedBy == "new" {
		accFiles, rejFiles, accLoc, rejLoc = p.new, p.old, tr.New, tr.Old
	}
	if err := independent(t, accFiles, accLoc).Validate(doc); err != nil {
		t.Errorf("witness %s: the %s version rejects it: %v", w.Document, w.AcceptedBy, err)
	}
	if rejLoc == "" {
		return // the type does not exist in the other version
	}
	if err := independent(t, rejFiles, rejLoc).Validate(doc); err == nil {
		t.Errorf("witness %s: both versions accept it", w.Document)
	}
	var raw any
	if json.Unmarshal(w.Document, &raw) != nil || len(w.Errors) == 0 {
		t.Errorf("witness %s: no error list", w.Document)
	}
}

// falsify tries to refute every direction the report proves compatible: 200 documents drawn
// from the version that must not accept more, each the oracle accepts there must be accepted by
// the other version too.
func falsify(t *testing.T, p *pair, r *Report) {
	t.Helper()
	files := map[bool]fstest.MapFS{true: p.old, false: p.new}
	falsifyWith(t, r, 200, func(old bool, loc string, doc any) bool {
		return independent(t, files[old], loc).Validate(doc) == nil
	})
}

// falsifyWith is falsify with any oracle: valid(old, location, document).
func falsifyWith(t *testing.T, r *Report, n int, valid func(old bool, loc string, doc any) bool) {
	t.Helper()
	for _, tr := range r.Types {
		if tr.oldT == nil || tr.newT == nil {
			continue
		}
		for _, d := range []struct {
			v                Verdict
			fromOld          bool
			accLoc, otherLoc string
			name             string
			root             *ir.Node
		}{
			{tr.Backward, true, tr.Old, tr.New, "BACKWARD", tr.oldT.Node},
			{tr.Forward, false, tr.New, tr.Old, "FORWARD", tr.newT.Node},
		} {
			if d.v != Compatible {
				continue
			}
			g := newInstances(7)
			for k := 0; k < n; k++ {
				g.budget = 400
				v, ok := g.value(d.root, anyWant, nil, nil, 0)
				if k%4 == 3 {
					v, ok = sample(allAtoms[k/4%len(allAtoms)]), true
				}
				if !ok {
					continue
				}
				doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(encode(v)))
				if err != nil {
					t.Fatal(err)
				}
				if valid(d.fromOld, d.accLoc, doc) && !valid(!d.fromOld, d.otherLoc, doc) {
					t.Errorf("%s: %s proved compatible, but %s is accepted by one version and rejected by the other", tr.Name, d.name, encode(v))
					break
				}
			}
		}
	}
}
