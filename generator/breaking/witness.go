package breaking

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"strings"
)

// decide settles both directions of a change: compatible where the rule proves it (a
// tightening in a monotone place cannot accept more), incompatible where a witness is found,
// undecided otherwise.
func (c *comparison) decide(ch *Change) {
	ch.How = "rule"
	if !ch.exact || ch.dirs == "?" {
		ch.How = "search"
	}
	for _, backward := range []bool{true, false} {
		d := "F"
		if backward {
			d = "B"
		}
		v := Undecided
		if ch.exact && ch.dirs != "?" && !strings.Contains(ch.dirs, d) {
			v = Compatible
		} else if wit := c.search(ch, backward); wit != nil {
			v = Incompatible
			if backward {
				ch.BackwardWitness = wit
			} else {
				ch.ForwardWitness = wit
			}
		}
		if backward {
			ch.Backward = v
		} else {
			ch.Forward = v
		}
	}
}

func seedOf(ch *Change, backward bool, seed uint64) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s|%s|%s|%s|%s|%v", ch.tr.Name, ch.Kind, ch.Old, ch.New, ch.Instance, backward)
	return h.Sum64() ^ seed
}

// search looks for a document the accepting version takes and the other refuses: first the
// candidates of the change's rule put in place, then values drawn at the change's place, then
// whole documents drawn from the accepting version; the one found is shrunk.
func (c *comparison) search(ch *Change, backward bool) *Witness {
	tr := ch.tr
	accV, rejV := c.r.oldV, c.r.newV
	accT, rejT := tr.oldT, tr.newT
	accN := ch.oldN
	by := "old"
	if !backward {
		accV, rejV, accT, rejT, accN, by = c.r.newV, c.r.oldV, tr.newT, tr.oldT, ch.newN, "new"
	}
	if accT == nil {
		return nil
	}
	if accN == nil {
		accN = trueNode
	}
	accepts := func(doc any) bool {
		errs, err := accV.val.check(accT.Location, doc)
		return err == nil && errs == nil
	}
	rejects := func(doc any) ([]verr, bool) {
		if rejT == nil {
			return []verr{{line: fmt.Sprintf("#: the %s version has no type %s", map[bool]string{true: "new", false: "old"}[backward], tr.Name)}}, true
		}
		errs, err := rejV.val.check(rejT.Location, doc)
		return errs, err == nil && len(errs) > 0
	}
	// A witness must be refused for a reason of the change: a keyword of the refusing version
	// that fails at the change's schema or below it, or an applicator above it (not, oneOf …)
	// that fails because of it; where that version has no schema of its own there (a member it
	// does not declare), a failure at the change's place in the document, or around it.
	rejN, rel := ch.newN, ch.relNew
	if !backward {
		rejN, rel = ch.oldN, ch.relOld
	}
	if rel == "" && rejN != nil {
		rel = rejN.Location
	}
	relatedOne := func(e verr) bool {
		inst := within(e.inst, ch.Instance) || within(ch.Instance, e.inst)
		if rel != "" {
			return inst && (within(e.keyword, rel) || within(rel, e.keyword))
		}
		return inst
	}
	// related: some failure is the change's; strictly: every failure is (the witness shows
	// this change alone).
	related := func(errs []verr, strict bool) bool {
		if rejT == nil {
			return true
		}
		n := 0
		for _, e := range errs {
			if relatedOne(e) {
				n++
			}
		}
		if strict {
			return n == len(errs)
		}
		return n > 0
	}
	predOf := func(strict bool) func(any) bool {
		return func(doc any) bool {
			if !accepts(doc) {
				return false
			}
			errs, ok := rejects(doc)
			return ok && related(errs, strict)
		}
	}
	strictPred, loosePred := predOf(true), predOf(false)
	if _, err := accV.val.schemaAt(accT.Location); err != nil {
		return nil
	}
	g := newInstances(seedOf(ch, backward, c.opts.Seed))
	root := accT.Node
	var fallback any // a document refused for this change among others
	witness := func(doc any, pred func(any) bool) *Witness {
		doc = shrink(doc, pred)
		errs, _ := rejects(doc)
		return &Witness{Document: json.RawMessage(encode(doc)), AcceptedBy: by, Errors: lines(errs)}
	}
	try := func(doc any, ok bool) *Witness {
		if !ok || !accepts(doc) {
			return nil
		}
		errs, refused := rejects(doc)
		switch {
		case !refused:
		case related(errs, true):
			return witness(doc, strictPred)
		case fallback == nil && related(errs, false):
			fallback = doc
		}
		return nil
	}
	place := func(v any) (any, bool) {
		g.budget = 400
		if len(ch.path) == 0 {
			return v, true
		}
		return g.value(root, anyWant, ch.path, &v, 0)
	}
	cands := ch.cands
	if cands == nil {
		cands = genAt
	}
	g.budget = 400
	for _, v := range cands(g, accN, backward) {
		for range 3 {
			if w := try(place(v)); w != nil {
				return w
			}
		}
	}
	for k := 0; k < c.opts.Budget; k++ {
		// A quarter of the budget looks for a document refused for this change alone.
		if fallback != nil && k >= c.opts.Budget/4 {
			return witness(fallback, loosePred)
		}
		g.budget = 400
		if k%2 == 0 {
			v, ok := g.value(accN, anyWant, nil, nil, 0)
			if !ok {
				continue
			}
			if w := try(place(v)); w != nil {
				return w
			}
			continue
		}
		if w := try(g.value(root, anyWant, nil, nil, 0)); w != nil {
			return w
		}
	}
	if fallback != nil {
		return witness(fallback, loosePred)
	}
	return nil
}

// shrink makes a witness smaller while pred holds: members and items removed, values
// replaced by simpler ones, strings shortened; a bounded number of attempts.
func shrink(doc any, pred func(any) bool) any {
	calls := 0
	for changed := true; changed && calls < 1500; {
		changed = false
		for _, p := range paths(doc, nil) {
			for _, alt := range alternatives(doc, p) {
				calls++
				if size(alt) < size(doc) && pred(alt) {
					doc, changed = alt, true
					break
				}
				if calls >= 1500 {
					return doc
				}
			}
			if changed {
				break
			}
		}
	}
	return doc
}

// paths lists the places in a document, outermost first.
func paths(v any, prefix []step) [][]step {
	out := [][]step{prefix}
	switch x := v.(type) {
	case map[string]any:
		for _, k := range sortedKeys(x) {
			out = append(out, paths(x[k], append(append([]step{}, prefix...), step{name: k}))...)
		}
	case []any:
		for i, e := range x {
			out = append(out, paths(e, append(append([]step{}, prefix...), step{index: i, isIndex: true}))...)
		}
	}
	return out
}

// alternatives are the documents with the value at p removed or simplified.
func alternatives(doc any, p []step) []any {
	var out []any
	if len(p) > 0 {
		if d, ok := removeAt(clone(doc), p); ok {
			out = append(out, d)
		}
	}
	cur := valueAt(doc, p)
	var simpler []any
	switch x := cur.(type) {
	case string:
		if x != "" {
			r := []rune(x)
			simpler = append(simpler, "", string(r[:len(r)/2]), string(r[1:]), string(r[:len(r)-1]))
		}
	case json.Number:
		simpler = append(simpler, json.Number("0"), json.Number("1"))
		if i := strings.IndexByte(string(x), '.'); i > 0 {
			simpler = append(simpler, json.Number(string(x)[:i]))
		}
	case map[string]any:
		simpler = append(simpler, map[string]any{})
	case []any:
		simpler = append(simpler, []any{})
	}
	simpler = append(simpler, nil, false, json.Number("0"), "")
	for _, s := range simpler {
		if d, ok := setAt(clone(doc), p, s); ok {
			out = append(out, d)
		}
	}
	return out
}

func valueAt(doc any, p []step) any {
	for _, s := range p {
		switch x := doc.(type) {
		case map[string]any:
			doc = x[s.name]
		case []any:
			doc = x[s.index]
		}
	}
	return doc
}

func setAt(doc any, p []step, v any) (any, bool) {
	if len(p) == 0 {
		return v, true
	}
	parent := valueAt(doc, p[:len(p)-1])
	s := p[len(p)-1]
	switch x := parent.(type) {
	case map[string]any:
		x[s.name] = v
	case []any:
		x[s.index] = v
	default:
		return nil, false
	}
	return doc, true
}

func removeAt(doc any, p []step) (any, bool) {
	parent := valueAt(doc, p[:len(p)-1])
	s := p[len(p)-1]
	switch x := parent.(type) {
	case map[string]any:
		delete(x, s.name)
		return doc, true
	case []any:
		y := append(x[:s.index:s.index], x[s.index+1:]...)
		return setAt(doc, p[:len(p)-1], y)
	}
	return nil, false
}

// within reports whether JSON Pointer p is q or below it.
func within(p, q string) bool {
	return p == q || strings.HasPrefix(p, q+"/")
}
