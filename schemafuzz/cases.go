package schemafuzz

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Case is a replay case: a failure the fuzzer found, made small, kept in testdata/cases as
// one JSON file:
//
//	{
//	  "description": "what goes wrong, in which emitter",
//	  "name": "s0024",               // the schema's file name (without .json)
//	  "draft": "2020-12",
//	  "schema": { ... },              // in the draft's own keywords
//	  "documents": [{"document": ..., "valid": true}, ...]
//	}
//
// "valid" is the verdict of santhosh-tekuri (and ajv); replaying checks that the oracles
// still say so, then that the generated Go and TypeScript agree with it and write every
// accepted document back unchanged.
type Case struct {
	File        string // the case file's name, without .json
	Description string
	Schema      *Schema
	Documents   []*Value
	Valid       []bool
}

// ReadCases reads every case of a folder, sorted by file name.
func ReadCases(dir string) ([]*Case, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	sort.Strings(paths)
	var out []*Case
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		c, err := parseCase(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		c.File = strings.TrimSuffix(filepath.Base(p), ".json")
		out = append(out, c)
	}
	return out, nil
}

func parseCase(data []byte) (*Case, error) {
	v, err := ParseValue(data)
	if err != nil {
		return nil, err
	}
	str := func(k string) (string, error) {
		e := v.Get(k)
		if e == nil || e.Kind != String || e.Str == "" {
			return "", fmt.Errorf("%q must be a non-empty string", k)
		}
		return e.Str, nil
	}
	c := &Case{}
	if c.Description, err = str("description"); err != nil {
		return nil, err
	}
	name, err := str("name")
	if err != nil {
		return nil, err
	}
	dn, err := str("draft")
	if err != nil {
		return nil, err
	}
	d, err := ParseDraft(dn)
	if err != nil {
		return nil, err
	}
	sch := v.Get("schema")
	if sch == nil {
		return nil, fmt.Errorf(`"schema" is missing`)
	}
	c.Schema = &Schema{Name: name, Draft: d, Doc: sch}
	docs := v.Get("documents")
	if docs == nil || docs.Kind != Array || len(docs.Arr) == 0 {
		return nil, fmt.Errorf(`"documents" must be a non-empty array`)
	}
	for i, e := range docs.Arr {
		doc, valid := e.Get("document"), e.Get("valid")
		if doc == nil || valid == nil || valid.Kind != Bool {
			return nil, fmt.Errorf("documents[%d] needs \"document\" and \"valid\" (a boolean)", i)
		}
		c.Documents = append(c.Documents, doc)
		c.Valid = append(c.Valid, valid.Bool)
	}
	return c, nil
}

// JSON writes the case file.
func (c *Case) JSON() []byte {
	docs := jarr()
	for i, d := range c.Documents {
		docs.Arr = append(docs.Arr, jobj(member("document", d), member("valid", jbool(c.Valid[i]))))
	}
	return jobj(
		member("description", jstr(c.Description)),
		member("name", jstr(c.Schema.Name)),
		member("draft", jstr(c.Schema.Draft.String())),
		member("schema", c.Schema.Doc),
		member("documents", docs),
	).Indent()
}

// Replay runs the cases, each in a unit of its own, and returns the report and, per case,
// the failures it shows. It fails when an oracle no longer gives a case's recorded verdict.
func Replay(cfg Config, cases []*Case) (*Report, map[string][]*Failure, error) {
	var items []item
	byName := map[*Schema]*Case{}
	for i, c := range cases {
		s := *c.Schema
		if s.Draft == Draft2020 {
			s.Abstract = s.Doc
		}
		items = append(items, item{s: &s, index: i, docs: c.Documents})
		byName[&s] = c
	}
	cfg.UnitSize = 1
	rep, err := run(cfg, items)
	if err != nil {
		return nil, nil, err
	}
	for _, it := range items {
		c := byName[it.s]
		o, err := NewOracle(it.s)
		if err != nil {
			return nil, nil, fmt.Errorf("case %s: %v", c.File, err)
		}
		for i, d := range c.Documents {
			ok, err := o.Valid(d.JSON())
			if err != nil {
				return nil, nil, fmt.Errorf("case %s: document %d: %v", c.File, i, err)
			}
			if ok != c.Valid[i] {
				return nil, nil, fmt.Errorf("case %s: document %d (%s) is %s by santhosh-tekuri, the case says %s",
					c.File, i, d, verdictWord(ok), verdictWord(c.Valid[i]))
			}
		}
	}
	per := map[string][]*Failure{}
	for _, f := range rep.Failures {
		c := byName[f.Schema]
		per[c.File] = append(per[c.File], f)
	}
	return rep, per, nil
}
