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
