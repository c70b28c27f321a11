package schemafuzz

import (
	"bytes"
	"testing"
)

// Every generated schema, in every draft, is valid for its draft (the oracle compiles it
// against the draft's metaschema), and the same seed gives the same bytes.
func TestGeneratedSchemasAreValid(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 60
	}
	for _, d := range Drafts {
		valid, docs := 0, 0
		for i := range n {
			s := NewSchema(7, i, d)
			o, err := NewOracle(s)
			if err != nil {
				t.Fatalf("%s %s: the oracle refuses the generated schema: %v\n%s", d, s.Name, err, s.Doc.Indent())
			}
			if err := o.compileDefs(s); err != nil {
				t.Fatalf("%s %s: a definition does not compile: %v\n%s", d, s.Name, err, s.Doc.Indent())
			}
			if again := NewSchema(7, i, d); !bytes.Equal(again.Doc.JSON(), s.Doc.JSON()) {
				t.Fatalf("%s %s: not deterministic", d, s.Name)
			}
			for _, doc := range Documents(s, 7, i, 20) {
				ok, err := o.Valid(doc.JSON())
				if err != nil {
					t.Fatalf("%s %s: %s: %v", d, s.Name, doc, err)
				}
				docs++
				if ok {
					valid++
				}
			}
		}
		t.Logf("%s: %d schemas, %d documents, %.0f%% valid", d, n, docs, 100*float64(valid)/float64(docs))
	}
}

// TestRenderKeepsMeaning: a schema written in the keywords of draft-04, -06 or -07 (Render) means what
// its draft 2020-12 form means: the oracle gives every generated document the same verdict
// on both. (An empty enum beside a $ref once rendered as an allOf beside the $ref, which
// drafts up to 07 ignore: the schema lost its enum, found by an ajv disagreement, seed 38.)
func TestRenderKeepsMeaning(t *testing.T) {
	n := 200
	if testing.Short() {
		n = 40
	}
	type pick struct {
		seed  uint64
		index int
		d     Draft
	}
	picks := []pick{{38, 156, Draft06}}
	for _, d := range Drafts {
		if d > Draft07 {
			continue // 2019-09's abstract form has keywords of its own ($recursiveRef)
		}
		for i := range n {
			picks = append(picks, pick{7, i, d})
		}
	}
	for _, p := range picks {
		s := NewSchema(p.seed, p.index, p.d)
		modern := *s
		modern.Draft, modern.Doc = Draft2020, s.Abstract.Clone()
		if modern.Doc.Kind == Object {
			modern.Doc.Del("$schema")
		}
		o, err := NewOracle(s)
		if err != nil {
			t.Fatalf("%s %s: %v", p.d, s.Name, err)
		}
		om, err := NewOracle(&modern)
		if err != nil {
			t.Fatalf("%s %s, as 2020-12: %v", p.d, s.Name, err)
		}
		for _, doc := range Documents(s, p.seed, p.index, 24) {
			a, errA := o.Valid(doc.JSON())
			b, errB := om.Valid(doc.JSON())
			if errA != nil || errB != nil || a != b {
				t.Fatalf("%s %s: on %s the %s schema says valid %v (%v), its 2020-12 form %v (%v)\n%s\n%s",
					p.d, s.Name, doc, p.d, a, errA, b, errB, s.Doc.Indent(), s.Abstract.Indent())
			}
		}
	}
}
