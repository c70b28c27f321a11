// Package breaking compares two versions of a schema set and says, for every named type, whether
// the change breaks anyone: BACKWARD-incompatible (a document the old schema accepts is rejected
// by the new one: old producers break new consumers), FORWARD-incompatible (the new schema
// accepts a document the old one rejects: new producers break old consumers), compatible, or
// undecided. Every incompatibility comes with a witness, a small document one version accepts
// and the other rejects, judged by an independent validator; the changes to the generated Go and
// TypeScript API that break a caller's compilation are reported beside (docs/breaking.md).
package breaking

import (
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/skillgen/skillgen/generator/build"
	"github.com/skillgen/skillgen/generator/ir"
	"github.com/skillgen/skillgen/generator/load"
	"github.com/skillgen/skillgen/generator/normalize"
)

// Verdict is the answer for one direction.
type Verdict string

// The verdicts.
const (
	Compatible   Verdict = "compatible"
	Incompatible Verdict = "incompatible"
	// Undecided: neither proved nor refuted within the budget; never counted as compatible.
	Undecided Verdict = "undecided"
)

// worse returns the worse of two verdicts: incompatible, then undecided, then compatible.
func worse(a, b Verdict) Verdict {
	rank := map[Verdict]int{Compatible: 0, Undecided: 1, Incompatible: 2, "": 0}
	if rank[b] > rank[a] {
		return b
	}
	if a == "" {
		return Compatible
	}
	return a
}

// Mode is the compatibility a schema registry asks for.
type Mode string

// The modes.
const (
	Backward Mode = "BACKWARD"
	Forward  Mode = "FORWARD"
	Full     Mode = "FULL"
)

// ParseMode reads a -mode value.
func ParseMode(s string) (Mode, error) {
	switch m := Mode(s); m {
	case Backward, Forward, Full:
		return m, nil
	}
	return "", fmt.Errorf("not a compatibility mode: want BACKWARD, FORWARD or FULL")
}

// Options configure a comparison.
type Options struct {
	// Old and New are the two versions.
	Old, New Source
	// Draft is the draft of files without $schema (zero: 2020-12).
	Draft normalize.Draft
	// AllowUnsupported and Strict are the generator's (-allow-unsupported, -strict).
	AllowUnsupported, Strict bool
	// Budget is the number of documents drawn for each direction of each change that the
	// rules cannot decide (zero: 200).
	Budget int
	// Seed makes the drawing deterministic (the same seed, the same report).
	Seed uint64
	// Warn receives the schemas' warnings (nil: dropped).
	Warn func(error)
}

// Witness is a document one version accepts and the other rejects.
type Witness struct {
	Document   json.RawMessage `json:"document"`
	AcceptedBy string          `json:"acceptedBy"` // "old" or "new"
	// Errors are the other version's errors, one "#/pointer: message" each.
	Errors []string `json:"errors"`
}

// Change is one difference between the versions of a type, at its place in each.
type Change struct {
	Kind    string `json:"kind"`
	Message string `json:"message"`
	// Old and New are the schema locations, "file.json#/json/pointer" as the files write
	// them; empty where the version has nothing.
	Old string `json:"old,omitempty"`
	New string `json:"new,omitempty"`
	// Instance is the JSON Pointer of the documents' value the change is about.
	Instance        string   `json:"instance"`
	Backward        Verdict  `json:"backward"`
	Forward         Verdict  `json:"forward"`
	BackwardWitness *Witness `json:"backwardWitness,omitempty"`
	ForwardWitness  *Witness `json:"forwardWitness,omitempty"`
	// How says how the verdicts were reached: "rule" or "search".
	How string `json:"how"`

	tr         *TypeReport
	path       []step
	oldN, newN *ir.Node
	// relOld and relNew, when set, are the schema locations a refusal must come from (else
	// those of oldN and newN).
	relOld, relNew string
	dirs           string // rule: "B", "F", "BF" the incompatible directions; "?" unknown
	exact          bool
	cands          func(g *instances, accepting *ir.Node, backward bool) []any
}

// TypeReport is the verdict for one named type.
type TypeReport struct {
	// Name is the type's Go name (in the new version, else the old).
	Name string `json:"name"`
	// Old and New are its locations in each version ("" where it does not exist).
	Old      string    `json:"old,omitempty"`
	New      string    `json:"new,omitempty"`
	Backward Verdict   `json:"backward"`
	Forward  Verdict   `json:"forward"`
	Changes  []*Change `json:"changes"`
	// Through names the types it refers to (in either version) whose changes make its
	// verdicts worse than its own changes do.
	Through []string `json:"through,omitempty"`

	oldT, newT *ir.Type
	uses       map[*ir.Type]bool // the paired named types the walk stopped at (new version)
}

// APIBreak is a change of the generated code that breaks a caller's compilation.
type APIBreak struct {
	Lang    string `json:"lang"` // "go" or "typescript"
	Kind    string `json:"kind"` // "removed", "renamed", "changed"
	Old     string `json:"old"`
	New     string `json:"new,omitempty"`
	Message string `json:"message"`
	// Type is the named type the identifier belongs to; Location its schema location in the
	// new version (else the old).
	Type     string `json:"type"`
	Location string `json:"location"`
}

// Report is the comparison of two versions.
type Report struct {
	Old      string        `json:"old"`
	New      string        `json:"new"`
	Backward Verdict       `json:"backward"`
	Forward  Verdict       `json:"forward"`
	Types    []*TypeReport `json:"types"`
	API      []*APIBreak   `json:"api"`

	oldV, newV *version
}

// Verdict is the report's answer for a mode: FULL is the worse of BACKWARD and FORWARD.
func (r *Report) Verdict(m Mode) Verdict {
	switch m {
	case Backward:
		return r.Backward
	case Forward:
		return r.Forward
	}
	return worse(r.Backward, r.Forward)
}

// version is one loaded, built and compiled version.
type version struct {
	src   Source
	draft normalize.Draft
	set   *load.Set
	ir    *ir.Schema
	val   *validator
	// byLoc maps the location of each named type to it.
	byLoc map[string]*ir.Type
	// parsed holds the files read for fingerprints (align.go).
	parsed map[string]any
}

func loadVersion(src Source, opts Options, which string) (*version, error) {
	lo := load.Options{Draft: opts.Draft, RefMaps: src.RefMaps}
	set, err := load.ReadFS(src.FS, src.Entry, src.Display, lo)
	if set == nil {
		return nil, fmt.Errorf("%s version: %w", which, err)
	}
	warn := opts.Warn
	if warn == nil {
		warn = func(error) {}
	}
	s, err := build.Build(set, build.Options{AllowUnsupported: opts.AllowUnsupported, Strict: opts.Strict, Warn: warn})
	if err != nil {
		return nil, fmt.Errorf("%s version: %w", which, err)
	}
	d := opts.Draft
	if d == 0 {
		d = normalize.Draft2020
	}
	v := &version{src: src, draft: d, set: set, ir: s, byLoc: map[string]*ir.Type{}}
	for _, t := range s.Types {
		if _, dup := v.byLoc[t.Location]; !dup {
			v.byLoc[t.Location] = t
		}
	}
	v.val, err = newValidator(v)
	if err != nil {
		return nil, err
	}
	return v, nil
}

// Compare compares the old version with the new one.
func Compare(opts Options) (*Report, error) {
	if opts.Old.FS == nil || opts.New.FS == nil {
		return nil, errors.New("breaking: both versions are needed")
	}
	if opts.Budget <= 0 {
		opts.Budget = 200
	}
	oldV, err := loadVersion(opts.Old, opts, "old")
	if err != nil {
		return nil, err
	}
	newV, err := loadVersion(opts.New, opts, "new")
	if err != nil {
		return nil, err
	}
	r := &Report{Old: opts.Old.Display, New: opts.New.Display, oldV: oldV, newV: newV}
	c := &comparison{r: r, opts: opts, pairs: pairTypes(oldV, newV)}
	c.discoverRenames()
	for _, p := range c.pairs.list {
		tr := &TypeReport{oldT: p[0], newT: p[1]}
		if p[0] != nil {
			tr.Name, tr.Old = p[0].GoName, p[0].Location
		}
		if p[1] != nil {
			tr.Name, tr.New = p[1].GoName, p[1].Location
		}
		c.diffType(tr)
		r.Types = append(r.Types, tr)
	}
	for _, tr := range r.Types {
		for _, ch := range tr.Changes {
			c.decide(ch)
		}
		tr.Backward, tr.Forward = Compatible, Compatible
		for _, ch := range tr.Changes {
			tr.Backward = worse(tr.Backward, ch.Backward)
			tr.Forward = worse(tr.Forward, ch.Forward)
		}
	}
	// A type's documents hold those of the types it refers to: their verdicts count for it.
	byNew := map[*ir.Type]*TypeReport{}
	for _, tr := range r.Types {
		if tr.newT != nil {
			byNew[tr.newT] = tr
		}
	}
	own := map[*TypeReport][2]Verdict{}
	for _, tr := range r.Types {
		own[tr] = [2]Verdict{tr.Backward, tr.Forward}
	}
	for changed := true; changed; {
		changed = false
		for _, tr := range r.Types {
			for t := range tr.uses {
				u := byNew[t]
				if u == nil || u == tr {
					continue
				}
				b, f := worse(tr.Backward, u.Backward), worse(tr.Forward, u.Forward)
				if b != tr.Backward || f != tr.Forward {
					tr.Backward, tr.Forward, changed = b, f, true
				}
			}
		}
	}
	// Through names every referred type worse than the type's own changes, in name order.
	for _, tr := range r.Types {
		for t := range tr.uses {
			u := byNew[t]
			if u == nil || u == tr {
				continue
			}
			o := own[tr]
			if worse(o[0], u.Backward) != o[0] || worse(o[1], u.Forward) != o[1] {
				tr.Through = append(tr.Through, u.Name)
			}
		}
		slices.Sort(tr.Through)
		tr.Through = slices.Compact(tr.Through)
	}
	r.Backward, r.Forward = Compatible, Compatible
	for _, tr := range r.Types {
		r.Backward = worse(r.Backward, tr.Backward)
		r.Forward = worse(r.Forward, tr.Forward)
	}
	r.API = apiBreaks(c.pairs)
	return r, nil
}

// pairs are the named types of the two versions matched: by schema location, then by Go name.
type pairs struct {
	list  [][2]*ir.Type
	byOld map[*ir.Type]*ir.Type
	byNew map[*ir.Type]*ir.Type
}

func pairTypes(o, n *version) *pairs {
	p := &pairs{byOld: map[*ir.Type]*ir.Type{}, byNew: map[*ir.Type]*ir.Type{}}
	used := map[*ir.Type]bool{}
	var unpaired []*ir.Type
	// Two single files are one file in two versions, whatever their names
	// (pet-1.0.json, pet-2.0.json).
	place := func(loc string) string { return loc }
	if o.src.Entry != "." && n.src.Entry != "." {
		of, nf := path.Base(o.src.Entry), path.Base(n.src.Entry)
		place = func(loc string) string {
			if rest, ok := strings.CutPrefix(loc, of+"#"); ok {
				return nf + "#" + rest
			}
			return loc
		}
	}
	for _, ot := range o.ir.Types {
		if nt, ok := n.byLoc[place(ot.Location)]; ok && !used[nt] {
			used[nt] = true
			p.byOld[ot] = nt
			continue
		}
		unpaired = append(unpaired, ot)
	}
	byName := map[string]*ir.Type{}
	for _, nt := range n.ir.Types {
		if !used[nt] {
			byName[nt.GoName] = nt
		}
	}
	for _, ot := range unpaired {
		if nt, ok := byName[ot.GoName]; ok && !used[nt] {
			used[nt] = true
			p.byOld[ot] = nt
		}
	}
	p.order(o, n)
	return p
}

// order lists the pairs, sorted by name, the types without a partner included.
func (p *pairs) order(o, n *version) {
	p.list = nil
	for ot, nt := range p.byOld {
		p.byNew[nt] = ot
	}
	for _, ot := range o.ir.Types {
		p.list = append(p.list, [2]*ir.Type{ot, p.byOld[ot]})
	}
	for _, nt := range n.ir.Types {
		if _, ok := p.byNew[nt]; !ok {
			p.list = append(p.list, [2]*ir.Type{nil, nt})
		}
	}
	name := func(x [2]*ir.Type) string {
		if x[1] != nil {
			return x[1].GoName
		}
		return x[0].GoName
	}
	sort.SliceStable(p.list, func(i, j int) bool { return name(p.list[i]) < name(p.list[j]) })
}

// discoverRenames pairs a type of the old version with one of the new that has no partner when
// the same place of two paired types refers to them: a definition renamed (or moved) keeps
// its documents, and its changes are compared, not reported as a removal.
func (c *comparison) discoverRenames() {
	for round := 0; round < 5; round++ {
		found := map[*ir.Type]*ir.Type{}
		for _, p := range c.pairs.list {
			if p[0] == nil || p[1] == nil {
				continue
			}
			w := &walker{c: c, tr: &TypeReport{}, seen: map[[2]*ir.Node]bool{}, renames: found, display: map[*ir.Node]string{}}
			w.walk(p[0].Node, p[1].Node, ctx{exact: true}, true)
		}
		if len(found) == 0 {
			return
		}
		for ot, nt := range found {
			c.pairs.byOld[ot] = nt
		}
		c.pairs.order(c.r.oldV, c.r.newV)
	}
}
